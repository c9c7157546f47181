"""The settings of a searching seat, as the batch playout loop (``agents.batch``) and the search
(``agents.mcts``) read them: one row of ``N_PARAMS`` floats per seat.

=============  ==================================================================================
column         meaning
=============  ==================================================================================
P_ITERATIONS   search iterations per decision
P_UCB          the UCB exploration constant ``c``
P_ROLLOUT      rollout policy: 0 random, 1 greedy
P_DEPTH        rollout depth (actions)
P_PRIOR        progressive-bias weight of the greedy choice (0: none)
P_SEES_ALL     1: search the true state (every card seen), 0: determinize from the observation
P_WORLDS       perfect-information Monte Carlo (``agents.pimc``): worlds sampled per card play
P_BUDGET       perfect-information Monte Carlo: the solver's engine steps per world
P_BID_WORLDS   worlds sampled per trick-count bid or trump call (``agents.bids``); 0: such a decision is
               searched like any other (``agents.mcts.unsearched_move``)
=============  ==================================================================================

They live in the engine, below both of their readers (the batch loop and the search, in
``darwindeck.agents``), so callers anywhere can build them without importing the search.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from darwindeck.engine import layout as L

Float64Array = npt.NDArray[np.float64]

P_ITERATIONS = 0
P_UCB = 1
P_ROLLOUT = 2
P_DEPTH = 3
P_PRIOR = 4
P_SEES_ALL = 5
P_WORLDS = 6
P_BUDGET = 7
P_BID_WORLDS = 8
N_PARAMS = 9
DEFAULT_ITERATIONS = 100
DEFAULT_UCB = 0.7
DEFAULT_DEPTH = 8


def default_params(
    iterations: int = DEFAULT_ITERATIONS,
    ucb: float = DEFAULT_UCB,
    rollout: int = 0,
    depth: int = DEFAULT_DEPTH,
    prior: float = 0.0,
    sees_all: bool = False,
) -> Float64Array:
    """A ``params`` table (one row per possible seat) with the same settings for every seat."""
    params = np.zeros((L.MAX_PLAYERS, N_PARAMS), dtype=np.float64)
    params[:, P_ITERATIONS] = iterations
    params[:, P_UCB] = ucb
    params[:, P_ROLLOUT] = rollout
    params[:, P_DEPTH] = depth
    params[:, P_PRIOR] = prior
    params[:, P_SEES_ALL] = 1.0 if sees_all else 0.0
    return params

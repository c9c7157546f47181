"""The *competent* search player: the MCTS configuration used wherever play should be good, both to
judge games (``evolve.quality``: the skill ladder, tension, hidden information) and to play against
people (``play.opponents``: the terminal and the web page).

UCB constant ``UCB`` 0.7, greedy rollouts that run to the end of the hand (``ROLLOUT_DEPTH`` actions at
most) and a progressive bias of weight ``PRIOR`` towards the greedy choice. Measured on the library (seed
6, 20 deals, seats rotated), it beats greedy in Hearts (47 %) and four-player Spades (70 %), where the
search's bare defaults (``engine.search_params.default_params``: random rollouts of 8 actions, no bias)
lost to greedy. In a knock game valued by deadwood (Gin Rummy) there is no rollout (``rollout_depth``):
the leaf is judged where the tree ends by the search's in-hand measure (deadwood less a credit for live
near-melds), which already says how far each hand is from a knock; greedy rollouts to the end of the
hand only add noise. Measured on Gin Rummy (MCTS-25 against greedy, 100 duplicate deals each, seeds 2, 7,
11): 57 %, 57 %, 59 % of the decided replays with no rollout, 12 % with rollouts to the end of the hand.

Trick-count bids (Spades, Partnership Spades, Oh Hell) and trump making (Euchre) are not searched: they
are chosen in sampled worlds played out by the greedy player (``agents.bids``, through
``mcts.unsearched_move``), ``bid_worlds(iterations)`` of them: a third of the search's iterations, at
least ``MIN_BID_WORLDS`` and at most ``BID_WORLDS``, so that a bid costs about what the hand's card
play does at any budget; ``BID_WORLDS`` for a row of no iterations (the PIMC player's,
``evolve.quality.play``, whose solved card plays cost tens of ms each).

Measured in Partnership Spades (100 duplicate one-hand deals, seed 0, against the same player searching
its bids; 2026-11-28): a bid by 32 worlds costs 25 ms of CPU against 0.7 ms searched by MCTS-25 and
3.5 ms by MCTS-100 (a card play: 0.7 and 2.9 ms), which made a seat's hand cost 3.4 times as much at
MCTS-25, the evolution's judging budget; 8 worlds cost 6.4 ms (1.6 times).
The worlds' bids gained +15.4 points a side-hand (95 % interval 8.5–22.3) at MCTS-25 with 32 worlds,
+9.9 (1.2–18.7) with 8, and +3.8 (−3.7–11.2) at MCTS-100 with 32 (``docs/skill.md``, "Bidding").
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from darwindeck.engine import layout as L
from darwindeck.engine.search_params import (
    N_PARAMS,
    P_BID_WORLDS,
    P_DEPTH,
    P_ITERATIONS,
    P_PRIOR,
    P_ROLLOUT,
    P_SEES_ALL,
    P_UCB,
)
from darwindeck.genome.phases import KnockPhase
from darwindeck.genome.schema import EvaluationMethod, GameGenome

Float64Array = npt.NDArray[np.float64]

UCB = 0.7
PRIOR = 1.0
ROLLOUT_DEPTH = 200
GREEDY_ROLLOUT = 1.0
BID_WORLDS = 32
MIN_BID_WORLDS = 8


def rollout_depth(genome: GameGenome) -> int:
    """``ROLLOUT_DEPTH``, or none at all in a knock game valued by deadwood (module docstring)."""
    knocks = any(isinstance(phase, KnockPhase) for phase in genome.turn_structure.phases)
    evaluation = genome.scoring.hand_evaluation
    by_deadwood = evaluation is not None and evaluation.method == EvaluationMethod.DEADWOOD
    return 0 if knocks and by_deadwood else ROLLOUT_DEPTH


def bid_worlds(iterations: int) -> int:
    """The worlds a bid or trump call is judged in at ``iterations`` iterations (module docstring).

    >>> bid_worlds(25), bid_worlds(100), bid_worlds(400), bid_worlds(0)
    (8, 32, 32, 32)
    """
    if iterations <= 0:
        return BID_WORLDS
    return min(BID_WORLDS, max(MIN_BID_WORLDS, iterations // 3))


def competent_row(genome: GameGenome, iterations: int, sees_all: bool = False) -> Float64Array:
    """One seat's search parameters (``engine.search_params``) for the competent player."""
    row = np.zeros(N_PARAMS, dtype=np.float64)
    row[P_ITERATIONS] = max(1, iterations)
    row[P_UCB] = UCB
    row[P_ROLLOUT] = GREEDY_ROLLOUT
    row[P_DEPTH] = rollout_depth(genome)
    row[P_PRIOR] = PRIOR
    row[P_SEES_ALL] = 1.0 if sees_all else 0.0
    row[P_BID_WORLDS] = bid_worlds(iterations)
    return row


def competent_params(genome: GameGenome, iterations: int) -> Float64Array:
    """A ``params`` table with the competent player in every seat."""
    return np.tile(competent_row(genome, iterations), (L.MAX_PLAYERS, 1))

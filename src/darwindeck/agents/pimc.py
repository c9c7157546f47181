"""Perfect-information Monte Carlo (PIMC): sample worlds, solve each exactly, play the best average.

A card play in a trick phase with more than one legal card is chosen so: ``P_WORLDS`` times, the hidden
cards are dealt consistently with what the seat has observed and remembers (``determinize``: its own
hand, the cards on the table, the voids shown, the cards passed; a seat with ``P_SEES_ALL`` copies the
true state instead; a sample that breaks a shown void, which the sampler allows when its sequential
deal runs out of cards a hand may hold, is drawn again, up to ``RESAMPLES`` times, and the last draw is
kept: ``determinize.sample_world``), the world is solved by the perfect-information solver
(``solver.solve``: paranoid alpha-beta to the end of the hand, ``P_BUDGET`` engine steps per world),
and each legal card's value is summed over the worlds. The card with the best total is played; among
cards whose totals are equal (within ``bids.TIE``) the greedy player's choice
(``engine.policies.greedy_choice``) is preferred, then the first in the legal order. Outside a trick,
the decisions the competent MCTS makes by rule are made by the same rule (``mcts.unsearched_move``: a
bet by equity, an auction's call by the bidding system, a trick-count bid and a trump phase's decision
in ``P_BID_WORLDS`` sampled worlds played out by the greedy player, ``bids``). Every other decision
(passes, and every decision of a game without tricks) is left to the competent information-set MCTS
(``mcts.search``) with the same parameter row, or to the greedy player when the row's ``P_ITERATIONS``
is 0.

Known weakness, not cured here: *strategy fusion* (each world's solution assumes the seat will know the
hidden cards later) and *non-locality*. The cure the issue names (resampling at the first trick's nodes,
or an information-set search at the top) was not tried in this first version; see ``docs/fitness.md``.
"""

from __future__ import annotations

import numba
import numpy as np
import numpy.typing as npt

from darwindeck.agents.bids import best_move
from darwindeck.agents.determinize import sample_world
from darwindeck.agents.mcts import Tree, search, unsearched_move
from darwindeck.agents.solver import Workspace, solve
from darwindeck.engine import layout as L
from darwindeck.engine.policies import greedy_choice
from darwindeck.engine.program import phase_at
from darwindeck.engine.search_params import P_BUDGET, P_ITERATIONS, P_SEES_ALL, P_WORLDS

Int64Array = npt.NDArray[np.int64]
Float64Array = npt.NDArray[np.float64]


@numba.njit(cache=True)
def world_totals(
    tables: Int64Array,
    state: Int64Array,
    kn: Int64Array,
    params: Float64Array,
    rng: Int64Array,
    scratch: Int64Array,
    ws: Workspace,
    totals: Float64Array,
) -> None:
    """Each legal move's value summed over the sampled worlds, by legal index, into ``totals``."""
    n = state[L.S_N_LEGAL]
    values = np.zeros(n, dtype=np.float64)
    totals[:n] = 0.0
    sees_all = params[P_SEES_ALL] >= 1.0
    for _ in range(max(1, int(params[P_WORLDS]))):
        sample_world(tables, state, kn, sees_all, rng, scratch)
        solve(tables, scratch, int(params[P_BUDGET]), ws, values)
        for i in range(n):
            totals[i] += values[i]


@numba.njit(cache=True)
def pimc_search(
    tables: Int64Array,
    state: Int64Array,
    kn: Int64Array,
    params: Float64Array,
    rng: Int64Array,
    tree: Tree,
    scratch: Int64Array,
    ws: Workspace,
) -> int:
    """The action the seat deciding in ``state`` picks (module rules)."""
    n = state[L.S_N_LEGAL]
    if n == 1:
        return int(state[L.P_LEGAL])
    ruled = unsearched_move(tables, state, kn, params, rng)
    if ruled >= 0:
        return ruled
    if phase_at(tables, state[L.S_PHASE], L.PH_KIND) != L.K_TRICK:
        if params[P_ITERATIONS] < 1.0:
            return greedy_choice(tables, state)
        return search(tables, state, kn, params, rng, tree, scratch)
    totals = np.zeros(n, dtype=np.float64)
    world_totals(tables, state, kn, params, rng, scratch, ws, totals)
    return best_move(state, totals, greedy_choice(tables, state))

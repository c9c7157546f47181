"""The players' estimated chances during a game, from rollouts of what each of them has seen.

``chance_trace(tables, seed, index, policy_kinds, checkpoints, rollouts, out)`` plays game ``index`` of
batch seed ``seed`` (dealt as ``agents.batch`` deals it, policies drawing from the same policy seed) with
the non-searching policies ``policy_kinds``. Before the decision (an action a player takes, forced or not)
numbered ``checkpoints[c]`` (0-based, ascending) it estimates, for every side ``s``, the chance
that ``s`` wins as seen by ``s``: from the first seat of ``s``, ``rollouts`` times, a determinization of
what that seat has observed (``determinize``) is played to the end of the game by greedy players, and
``out[c, s]`` is the share of those rollouts that ``s`` won, a draw counting ``1/S`` to every side (S
sides). A rollout ends where any game ends (a win, the turn limit, the step budget). Checkpoints the
game never reached keep −1 in ``out``.

Everything is compiled; each rollout is an array copy and greedy play, so a trace costs about
(checkpoints × sides × rollouts) half-games of greedy play.
"""

from __future__ import annotations

import numba
import numpy as np
import numpy.typing as npt

from darwindeck.agents.determinize import KN_SIZE, deal_knowledge, determinize, observe
from darwindeck.engine import layout as L
from darwindeck.engine.auction import decider
from darwindeck.engine.kernel import apply_action, init_game
from darwindeck.engine.policies import GREEDY, choose
from darwindeck.engine.program import team_of
from darwindeck.engine.rng import game_seed

Int64Array = npt.NDArray[np.int64]
Float64Array = npt.NDArray[np.float64]


@numba.njit(cache=True)
def _winning_side(tables: Int64Array, state: Int64Array) -> int:
    if tables[L.H_TEAM_MODE] != 0:
        return int(state[L.S_WIN_TEAM])
    return int(state[L.S_WINNER])


@numba.njit(cache=True)
def _first_seat(tables: Int64Array, side: int) -> int:
    for p in range(tables[L.H_PLAYERS]):
        if team_of(tables, p) == side:
            return p
    return 0


@numba.njit(cache=True)
def _estimate(
    tables: Int64Array,
    state: Int64Array,
    knowledge: Int64Array,
    rollouts: int,
    rng: Int64Array,
    scratch: Int64Array,
    row: Float64Array,
) -> None:
    """Every side's estimated chance of winning, each from its first seat's view, into ``row``."""
    sides = tables[L.H_N_TEAMS]
    for side in range(sides):
        seat = _first_seat(tables, side)
        won = 0.0
        for _ in range(rollouts):
            determinize(tables, state, seat, knowledge[seat], rng, scratch)
            while scratch[L.S_TERMINAL] == 0:
                if not apply_action(tables, scratch, choose(tables, scratch, GREEDY, rng)):
                    break
            winner = _winning_side(tables, scratch)
            if winner == side:
                won += 1.0
            elif winner < 0:
                won += 1.0 / sides
        row[side] = won / rollouts


@numba.njit(cache=True)
def chance_trace(
    tables: Int64Array,
    seed: int,
    index: int,
    policy_kinds: Int64Array,
    checkpoints: Int64Array,
    rollouts: int,
    out: Float64Array,
) -> None:
    """Estimated chances at the checkpoints of one game (module docstring)."""
    state = np.zeros(L.STATE_SIZE, dtype=np.int64)
    before = np.zeros(L.STATE_SIZE, dtype=np.int64)
    scratch = np.zeros(L.STATE_SIZE, dtype=np.int64)
    init_game(tables, state, game_seed(seed, index, 0))
    knowledge = np.zeros((L.MAX_PLAYERS, KN_SIZE), dtype=np.int64)
    deal_knowledge(tables, state, knowledge)
    policy_rng = np.zeros(1, dtype=np.int64)
    policy_rng[0] = game_seed(seed, index, 1)
    rollout_rng = np.zeros(1, dtype=np.int64)
    rollout_rng[0] = game_seed(seed, index, 2)
    out[:] = -1.0
    decision = 0
    next_checkpoint = 0
    while state[L.S_TERMINAL] == 0:
        while next_checkpoint < checkpoints.shape[0] and checkpoints[next_checkpoint] == decision:
            _estimate(tables, state, knowledge, rollouts, rollout_rng, scratch, out[next_checkpoint])
            next_checkpoint += 1
        decision += 1
        action = choose(tables, state, policy_kinds[decider(state)], policy_rng)
        before[:] = state
        if not apply_action(tables, state, action):
            return
        observe(tables, before, state, action, knowledge)

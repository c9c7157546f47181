"""``play_batch``: a whole batch of games, policies included, in one compiled call.

Game ``i`` (``game_start ≤ i < game_start + n_games``) is dealt from ``rng.game_seed(seed, i, 0)`` and its
policies draw from ``rng.game_seed(seed, i, 1)``, so a game's result does not depend on how a batch is
split. ``stats_out[i - game_start]`` receives one row of ``STAT_*`` columns per game.

Instrumentation definitions: *leader* = the side (team, or player) with the single best value of the
game's primary metric (score; fewest cards in hand for empty_hand games; cards held + captured for
capture games; tricks for trick-count games), recorded after every turn. *Lead changes* count a new
leader replacing a previous one. *Comeback*: the game had a winner and, at the middle turn, someone else
led. *Margin*: the winner's metric minus the best other side's at the end (0 for a draw).

*Digest*: a hash of the game's *substantive* actions in order (every action but PASS, TARGET and
NAME_SUIT: choices whose consequences show in later actions) and of its ending (winner, winning team, how
it ended, turns); two games with equal digests played the same cards, draws, bids, bets and claims to
the same outcome. Rule ablation and "one game, one entry" compare games by it.
``h ← (h·1000003 + x + 1) mod (2³¹ − 1)`` over those values, starting from 0, so every product fits in
64 bits and the value is the same compiled and under ``NUMBA_DISABLE_JIT``.

Policy kind ``STATELESS_RANDOM`` is a random player whose draw for a decision depends only on the game's
policy seed and the number of substantive actions taken so far (``game_seed(seed, i, 1000 + count)``),
not on how many choices came before: a rule that only adds meta-choices (an unused suit naming, an
always-declined optional phase) leaves its later choices, and so its games, unchanged.

``play_batch_with`` also takes ``params`` (``search_params.N_PARAMS`` floats per seat: iterations, UCB
constant, rollout policy, rollout depth, worlds, …) for seats whose policy is ``agents.MCTS`` or
``agents.PIMC`` (``agents.pimc``); when any seat searches, every seat's knowledge
(``determinize.observe``) is updated after each action. ``play_batch``
is ``play_batch_with`` without searching seats.

Compiled variants. ``play_batch_with`` is a Python function that runs the smallest compiled batch loop
that covers the seats: the loop without the search (random and greedy seats: what the screening of
``evolve.fitness`` plays), with MCTS, or with MCTS and PIMC. They are one source, ``_play_batch``, whose
optional ``with_mcts`` / ``with_pimc`` arguments numba prunes when they are left out (an omitted argument
is a compile-time ``None``), so a loop without the search does not compile it: the first run compiles
the search only when a seat searches (``engine/jit.py``'s first-compile notes). The variants play the
same games: the search's branches are never taken without a searching seat.
"""

from __future__ import annotations

import numba
import numpy as np
import numpy.typing as npt

from darwindeck.agents.determinize import KN_SIZE, deal_knowledge, observe
from darwindeck.agents.mcts import Tree, search
from darwindeck.agents.pimc import pimc_search
from darwindeck.agents.solver import Workspace, new_workspace
from darwindeck.engine import layout as L
from darwindeck.engine.auction import decider
from darwindeck.engine.kernel import apply_action, init_game
from darwindeck.engine.policies import MCTS, PIMC, STATELESS_RANDOM, choose
from darwindeck.engine.program import team_of
from darwindeck.engine.rng import game_seed
from darwindeck.engine.search_params import N_PARAMS, P_ITERATIONS
from darwindeck.engine.teams import decide_winner

Int64Array = npt.NDArray[np.int64]
Float64Array = npt.NDArray[np.float64]

STAT_WINNER = 0
STAT_WINNING_TEAM = 1
STAT_ENDED_BY = 2
STAT_TURNS = 3
STAT_DECISIONS = 4
STAT_LEGAL_SUM = 5
STAT_FORCED = 6
STAT_LEAD_CHANGES = 7
STAT_MARGIN = 8
STAT_COMEBACK = 9
STAT_INTERACTION = 10
STAT_EFFECTS = 11
STAT_BIDS_MADE = 12
STAT_BIDS_MET = 13
STAT_HANDSIZE_SUM = 14
STAT_HANDS_PLAYED = 15
STAT_ERROR = 16
STAT_DIGEST = 17
STAT_HANDS_DEALT = 18
N_STATS = 19

#: The digest is a polynomial hash modulo this prime (2³¹ − 1).
DIGEST_MODULUS = 2147483647
DIGEST_BASE = 1000003
#: Policy-stream offset of the stateless random player's draws.
STATELESS_STREAM = 1000


@numba.njit(cache=True)
def side_metric(tables: Int64Array, state: Int64Array, out: Int64Array) -> None:
    """The primary metric of every side (team or player) into ``out[0:n_teams]``."""
    n_teams = tables[L.H_N_TEAMS]
    metric = tables[L.H_PRIMARY_METRIC]
    for t in range(n_teams):
        out[t] = state[L.B_TEAM_SCORE + t] if metric == L.M_SCORE else 0
    if metric == L.M_SCORE:
        return
    for p in range(tables[L.H_PLAYERS]):
        t = team_of(tables, p)
        if metric == L.M_FEWEST_CARDS:
            out[t] -= state[L.L_HAND + p]
        elif metric == L.M_CARDS_HELD:
            out[t] += state[L.L_HAND + p] + state[L.L_CAPTURED + p]
        else:
            out[t] += state[L.B_TRICKS + p]


@numba.njit(cache=True)
def _margin(values: Int64Array, side: int) -> int:
    best_other = np.iinfo(np.int64).min
    for t in range(values.shape[0]):
        if t != side and values[t] > best_other:
            best_other = values[t]
    return int(values[side] - best_other)


@numba.njit(cache=True)
def _record(tables: Int64Array, state: Int64Array, row: Int64Array, history: Int64Array) -> None:
    team_mode = tables[L.H_TEAM_MODE] != 0
    side = state[L.S_WIN_TEAM] if team_mode else state[L.S_WINNER]
    values = np.zeros(tables[L.H_N_TEAMS], dtype=np.int64)
    side_metric(tables, state, values)
    turns = state[L.S_TURN]
    row[STAT_WINNER] = state[L.S_WINNER]
    row[STAT_WINNING_TEAM] = state[L.S_WIN_TEAM]
    row[STAT_ENDED_BY] = state[L.S_ENDED_BY]
    row[STAT_TURNS] = turns
    row[STAT_DECISIONS] = state[L.S_DECISIONS]
    row[STAT_LEGAL_SUM] = state[L.S_LEGAL_SUM]
    row[STAT_FORCED] = state[L.S_FORCED]
    row[STAT_MARGIN] = _margin(values, side) if side >= 0 else 0
    mid_leader = history[min(turns // 2, history.shape[0] - 1)]
    row[STAT_COMEBACK] = 1 if side >= 0 and mid_leader >= 0 and mid_leader != side else 0
    row[STAT_INTERACTION] = state[L.S_INTERACTION]
    row[STAT_EFFECTS] = state[L.S_EFFECTS]
    row[STAT_BIDS_MADE] = state[L.S_BIDS_MADE]
    row[STAT_BIDS_MET] = state[L.S_BIDS_MET]
    row[STAT_HANDSIZE_SUM] = state[L.S_HANDSIZE_SUM]
    row[STAT_HANDS_PLAYED] = state[L.S_HANDS_PLAYED]
    row[STAT_HANDS_DEALT] = state[L.S_HAND_NO]


@numba.njit(cache=True)
def mix(digest: int, value: int) -> int:
    """One step of the game digest (module docstring)."""
    return (digest * DIGEST_BASE + value % DIGEST_MODULUS + 1) % DIGEST_MODULUS


@numba.njit(cache=True)
def substantive(action: int) -> bool:
    """Whether an action counts in the digest (module docstring)."""
    if action == L.A_PASS:
        return False
    if L.A_TARGET0 <= action < L.A_CLAIM_RANK0:
        return False
    return not L.A_SUIT0 <= action < L.A_SUIT0 + L.N_SUITS


@numba.njit(cache=True)
def ending_digest(state: Int64Array, digest: int) -> int:
    """``digest`` with the game's ending mixed in: winner, winning team, how it ended, turns."""
    digest = mix(digest, state[L.S_WINNER])
    digest = mix(digest, state[L.S_WIN_TEAM])
    digest = mix(digest, state[L.S_ENDED_BY])
    return mix(digest, state[L.S_TURN])


@numba.njit(cache=True)
def play_game(
    tables: Int64Array,
    state: Int64Array,
    seed: int,
    index: int,
    policy_kinds: Int64Array,
    row: Int64Array,
    history: Int64Array,
    params: Float64Array,
    tree: Tree,
    ws: Workspace,
    with_mcts: bool | None = None,
    with_pimc: bool | None = None,
) -> None:
    """Play game ``index`` of the batch to its end and fill its stats ``row`` (searching seats only with
    ``with_mcts``, PIMC seats only with ``with_pimc`` too: module docstring)."""
    init_game(tables, state, game_seed(seed, index, 0))
    searching = False
    if with_mcts is not None:
        for p in range(tables[L.H_PLAYERS]):
            searching = searching or policy_kinds[p] == MCTS or policy_kinds[p] == PIMC
    knowledge = np.zeros((L.MAX_PLAYERS, KN_SIZE), dtype=np.int64)
    if with_mcts is not None:
        deal_knowledge(tables, state, knowledge)
    before = np.empty(L.STATE_SIZE if searching else 0, dtype=np.int64)
    scratch = np.empty(L.STATE_SIZE if searching else 0, dtype=np.int64)
    policy_rng = np.zeros(1, dtype=np.int64)
    policy_rng[0] = game_seed(seed, index, 1)
    values = np.zeros(tables[L.H_N_TEAMS], dtype=np.int64)
    history[:] = -1
    recorded = 0
    leader = -1
    changes = 0
    error = 0
    digest = 0
    taken = 0
    while state[L.S_TERMINAL] == 0:
        actor = decider(state)
        policy = policy_kinds[actor]
        if policy == STATELESS_RANDOM:
            policy_rng[0] = game_seed(seed, index, STATELESS_STREAM + taken)
        if with_mcts is not None and policy == MCTS:
            action = search(tables, state, knowledge[actor], params[actor], policy_rng, tree, scratch)
        elif with_pimc is not None and policy == PIMC:
            action = pimc_search(
                tables, state, knowledge[actor], params[actor], policy_rng, tree, scratch, ws
            )
        else:
            action = choose(tables, state, policy, policy_rng)
        if searching:
            before[:] = state
        if not apply_action(tables, state, action):
            error = 1
            break
        if substantive(action):
            digest = mix(digest, action)
            taken += 1
        if with_mcts is not None and searching:
            observe(tables, before, state, action, knowledge)
        if state[L.S_TURN] > recorded:
            side_metric(tables, state, values)
            now = decide_winner(values, True)
            if now >= 0 and leader >= 0 and now != leader:
                changes += 1
            if now >= 0:
                leader = now
            while recorded < state[L.S_TURN] and recorded < history.shape[0] - 1:
                recorded += 1
                history[recorded] = now
            recorded = max(recorded, state[L.S_TURN])
    _record(tables, state, row, history)
    row[STAT_LEAD_CHANGES] = changes
    row[STAT_ERROR] = error
    row[STAT_DIGEST] = ending_digest(state, digest)


@numba.njit(cache=True)
def _play_batch(
    tables: Int64Array,
    game_start: int,
    n_games: int,
    seed: int,
    policy_kinds: Int64Array,
    params: Float64Array,
    stats_out: Int64Array,
    with_mcts: bool | None = None,
    with_pimc: bool | None = None,
) -> None:
    """``play_batch_with``'s compiled loop, with the search only where ``with_mcts`` / ``with_pimc`` are
    passed (module docstring)."""
    state = np.zeros(L.STATE_SIZE, dtype=np.int64)
    history = np.zeros(tables[L.H_MAX_TURNS] + 2, dtype=np.int64)
    capacity = 1
    solving = False
    for p in range(tables[L.H_PLAYERS]):
        if policy_kinds[p] == MCTS or policy_kinds[p] == PIMC:
            capacity = max(capacity, int(params[p, P_ITERATIONS]) + 1)
        solving = solving or policy_kinds[p] == PIMC
    ws = new_workspace() if solving else new_workspace(0, 0)
    tree = Tree(
        np.zeros(capacity, dtype=np.int64),
        np.zeros(capacity, dtype=np.int64),
        np.zeros(capacity, dtype=np.int64),
        np.zeros(capacity, dtype=np.int64),
        np.zeros(capacity, dtype=np.int64),
        np.zeros(capacity, dtype=np.int64),
        np.zeros(capacity, dtype=np.float64),
    )
    for g in range(n_games):
        play_game(
            tables,
            state,
            seed,
            game_start + g,
            policy_kinds,
            stats_out[g],
            history,
            params,
            tree,
            ws,
            with_mcts,
            with_pimc,
        )


def play_batch_with(
    tables: Int64Array,
    game_start: int,
    n_games: int,
    seed: int,
    policy_kinds: Int64Array,
    params: Float64Array,
    stats_out: Int64Array,
) -> None:
    """Play games ``game_start .. game_start + n_games - 1``; one stats row each into ``stats_out``, with
    the smallest compiled loop that covers the seats' policy kinds (module docstring)."""
    seats = np.asarray(policy_kinds)[: int(tables[L.H_PLAYERS])]
    if np.any(seats == PIMC):
        _play_batch(tables, game_start, n_games, seed, policy_kinds, params, stats_out, True, True)
    elif np.any(seats == MCTS):
        _play_batch(tables, game_start, n_games, seed, policy_kinds, params, stats_out, True)
    else:
        _play_batch(tables, game_start, n_games, seed, policy_kinds, params, stats_out)


@numba.njit(cache=True)
def play_batch(
    tables: Int64Array,
    game_start: int,
    n_games: int,
    seed: int,
    policy_kinds: Int64Array,
    stats_out: Int64Array,
) -> None:
    """``play_batch_with`` for random and greedy seats only."""
    params = np.zeros((L.MAX_PLAYERS, N_PARAMS), dtype=np.float64)
    _play_batch(tables, game_start, n_games, seed, policy_kinds, params, stats_out)

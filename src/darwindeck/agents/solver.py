"""A perfect-information solver over the compiled engine: alpha-beta on a state whose every card is known.

The solver searches one *world* (a full state: the real one, or a determinization of it) with the
engine's own ``apply_action`` on copies of the state, one copy per ply (``stack``), so it plays any genome
the engine plays; the perfect-information Monte Carlo player (``agents.pimc``) calls it once per sampled
world.

**Values and sides.** A leaf is valued by the search's measure (``mcts.side_measure``: team scores, with
the contract projection, bags and the rest of that measure), read at the end of the hand: once the hand
is over the engine has scored it (contracts made or set, points in tricks, bags, the moon), so the
measure there is the hand's real score. A finished game adds ``WIN_BONUS`` to the winning side's
measure. The value of a leaf to the *searching side* (the team of the seat deciding at the root) is its
measure less the mean of every other side's: **paranoid** search. The seats of the searching side
maximise together (partners share one value) and every other seat minimises, as if all other sides
were one; with two sides this is exact minimax, with more (Hearts) it is the pessimistic choice, which
needs no vector values and keeps alpha-beta's cut-offs (max-n keeps almost none).

**Horizon and budget.** The search runs to the end of the current hand (the hand number changes or the
game ends) and no further. It deepens iteratively: iteration ``k`` stops a line at the first empty
trick (a trick boundary, or anywhere in a game without tricks) at least ``k · players + 1`` plies
below the root (iteration 0: the end of the trick in progress) and values it by the greedy rollout
(``engine.policies.greedy_choice`` for every seat) to the end of the hand; an iteration whose lines all
reached the end of the hand is exact and the last. Every ``apply_action`` (search nodes and rollout
steps alike) counts against the ``budget``; an iteration that runs over it is abandoned and the
previous iteration's values stand (the first one is always finished: the greedy rollouts of every
move). With a large budget the solver is exact.

**Transposition table.** Used at the trick-phase nodes of trick-based games (elsewhere a node is
searched without it). The key is a Zobrist hash (XOR of fixed random 64-bit words, ``ZOBRIST``) of:
where each card is: in player ``p``'s hand, in the trick in progress played by ``p``, or in ``p``'s
captured pile (cards elsewhere: the deck, the discard, out of play, contribute nothing, but the deck's
size does); the tricks each player has taken; the player to act; the phase; whether the breaking suit is
broken; and the deepening iteration. That is enough within the horizon: the remaining play depends only
on the hands, the trick in progress, who acts, the phase and the broken suit (the bids, the trump, the
contract and the scores before the hand are the same in every node of one search); the leaf's value
depends in addition on the captured cards (the points in tricks, the moon) and the tricks taken (the
contracts, the bags); and the iteration fixes the horizon (positions reached in the same iteration have
played the same number of plies since the root). Entries store a value with its bound (exact, lower,
upper) and the best move; a colliding entry is replaced.

**Moves.** Ordered: the table's best move, then the greedy player's choice, then the rest in id order.
Touching cards are one move: in a trick phase, two cards of the mover of the same printed suit, neither
a top trump (``tricks.top_index``: a bower changes suit), with the same points under every card rule
(``scoring.card_points`` for the trick-win, play and hand-end triggers), are *equivalent* when no card of
that suit ranked strictly between them is in another player's hand or in the trick in progress (every
card between them is the mover's own or out of play). Equivalent cards win and lose the same tricks
against every line of play, so only the lowest of a run of equivalent legal cards is searched and the
others share its value.
"""

from __future__ import annotations

from typing import NamedTuple

import numba
import numpy as np
import numpy.typing as npt

from darwindeck.agents.mcts import side_measure
from darwindeck.engine import layout as L
from darwindeck.engine.auction import decider
from darwindeck.engine.kernel import apply_action
from darwindeck.engine.piles import captured_off, hand_off
from darwindeck.engine.policies import greedy_choice
from darwindeck.engine.program import phase_at, team_of
from darwindeck.engine.scoring import TRIGGER_HAND_END, TRIGGER_PLAY, TRIGGER_TRICK_WIN, card_points
from darwindeck.engine.tricks import top_index, trick_trump

Int64Array = npt.NDArray[np.int64]
Float64Array = npt.NDArray[np.float64]

WIN_BONUS = 10_000.0
MAX_PLIES = 120  # deeper lines (none in a hand of tricks) are valued by the rollout (the default)
ROLLOUT_STEPS = 600
MAX_MOVES = 64
TT_BITS = 16
EMPTY = 0
EXACT = 1
LOWER = 2
UPPER = 3
INF = 1e18

# Zobrist words: 24 places × 52 cards, then 8 actors, 64 phases, 2 broken flags, 128 iterations,
# 8 × 64 trick counts, 64 deck sizes.
_Z_CARD = 0
_Z_ACTOR = 24 * L.FULL_DECK
_Z_PHASE = _Z_ACTOR + L.MAX_PLAYERS
_Z_BROKEN = _Z_PHASE + 64
_Z_ITER = _Z_BROKEN + 2
_Z_TRICKS = _Z_ITER + 128
_Z_DECK = _Z_TRICKS + L.MAX_PLAYERS * 64
_Z_SIZE = _Z_DECK + 64
ZOBRIST = np.random.default_rng(20261127).integers(-(2**63), 2**63 - 1, size=_Z_SIZE, dtype=np.int64)

# context cells (``ctx``)
C_SIDE = 0  # the searching side
C_HAND = 1  # the root's hand number
C_HORIZON = 2  # plies below the root after which a line stops at an empty trick
C_ITER = 3  # the deepening iteration
C_WORK = 4  # apply_action calls so far
C_BUDGET = 5
C_ABORT = 6  # 1: over budget, abandon the iteration
C_CUT = 7  # 1: some line of this iteration stopped at the horizon
C_TT = 8  # 1: the game is trick-based (the table is used at trick-phase nodes)
C_SIZE = 9

# search frame cells (one row per ply in ``alpha_beta``; the table keys in an int array beside them)
F_VALUE = 0  # the node's value once known
F_COUNT = 1  # moves to search
F_NEXT = 2  # the next move's index
F_MAX = 3  # 1: the searching side moves here
F_TT = 4  # 1: the node uses the table
F_ALPHA = 5  # the window the node was opened with
F_BETA = 6
F_LOW = 7  # the window now
F_HIGH = 8
F_BEST = 9  # the best value so far and its move
F_MOVE = 10
F_SIZE = 11


class Workspace(NamedTuple):
    """The solver's arrays: the state stack (one state per ply), move lists, the transposition table
    (keys, values, bounds, best moves) and the context cells (``C_*``)."""

    stack: Int64Array
    moves: Int64Array
    keys: Int64Array
    values: Float64Array
    bounds: Int64Array
    best: Int64Array
    ctx: Int64Array


@numba.njit(cache=True)
def new_workspace(tt_bits: int = TT_BITS, plies: int = MAX_PLIES) -> Workspace:
    """A workspace for lines of up to ``plies`` plies and a table of ``2**tt_bits`` entries."""
    size = 1 << tt_bits
    return Workspace(
        np.zeros((plies + 2, L.STATE_SIZE), dtype=np.int64),
        np.zeros((plies + 1, MAX_MOVES), dtype=np.int64),
        np.zeros(size, dtype=np.int64),
        np.zeros(size, dtype=np.float64),
        np.zeros(size, dtype=np.int64),
        np.zeros(size, dtype=np.int64),
        np.zeros(C_SIZE, dtype=np.int64),
    )


# ------------------------------------------------------------------------------------------------ values


@numba.njit(cache=True)
def leaf_value(tables: Int64Array, state: Int64Array, side: int, hand_no: int) -> float:
    """The value to ``side`` of ``state`` (module rules: its measure less the mean of the others')."""
    n_teams = tables[L.H_N_TEAMS]
    measure = np.zeros(n_teams, dtype=np.float64)
    side_measure(tables, state, measure, state[L.S_HAND_NO] == hand_no)
    if state[L.S_TERMINAL] != 0:
        winner = state[L.S_WIN_TEAM] if tables[L.H_TEAM_MODE] != 0 else state[L.S_WINNER]
        if winner >= 0:
            measure[winner] += WIN_BONUS
    others = 0.0
    for t in range(n_teams):
        if t != side:
            others += measure[t]
    return float(measure[side] - others / max(1, n_teams - 1))


@numba.njit(cache=True)
def hand_over(state: Int64Array, hand_no: int) -> bool:
    return bool(state[L.S_TERMINAL] != 0 or state[L.S_HAND_NO] != hand_no)


@numba.njit(cache=True)
def greedy_rollout(tables: Int64Array, state: Int64Array, hand_no: int, ctx: Int64Array) -> None:
    """Every seat plays greedily until the hand ends (at most ``ROLLOUT_STEPS`` actions)."""
    for _ in range(ROLLOUT_STEPS):
        if hand_over(state, hand_no):
            return
        apply_action(tables, state, greedy_choice(tables, state))
        ctx[C_WORK] += 1


# ----------------------------------------------------------------------------------------- hash, moves


@numba.njit(cache=True)
def position_hash(tables: Int64Array, state: Int64Array, iteration: int) -> int:
    """The Zobrist key of a trick-phase position (module rules)."""
    h = ZOBRIST[_Z_ITER + iteration % 128]
    for p in range(tables[L.H_PLAYERS]):
        off = hand_off(p)
        for i in range(state[L.L_HAND + p]):
            h ^= ZOBRIST[_Z_CARD + p * L.FULL_DECK + state[off + i] % L.FULL_DECK]
        off = captured_off(p)
        for i in range(state[L.L_CAPTURED + p]):
            h ^= ZOBRIST[_Z_CARD + (16 + p) * L.FULL_DECK + state[off + i] % L.FULL_DECK]
        h ^= ZOBRIST[_Z_TRICKS + p * 64 + state[L.B_TRICKS + p] % 64]
    for i in range(state[L.L_TRICK]):
        player = state[L.B_TRICK_PLAYER + i]
        h ^= ZOBRIST[_Z_CARD + (8 + player) * L.FULL_DECK + state[L.P_TRICK + i] % L.FULL_DECK]
    h ^= ZOBRIST[_Z_ACTOR + state[L.S_ACTOR] % L.MAX_PLAYERS]
    h ^= ZOBRIST[_Z_PHASE + state[L.S_PHASE] % 64]
    h ^= ZOBRIST[_Z_BROKEN + (1 if state[L.S_SUIT_BROKEN] != 0 else 0)]
    h ^= ZOBRIST[_Z_DECK + state[L.L_DECK] % 64]
    return int(h)


@numba.njit(cache=True)
def _same_points(tables: Int64Array, state: Int64Array, player: int, a: int, b: int) -> bool:
    for trigger in (TRIGGER_TRICK_WIN, TRIGGER_PLAY, TRIGGER_HAND_END):
        if card_points(tables, state, player, a, trigger) != card_points(tables, state, player, b, trigger):
            return False
    return True


@numba.njit(cache=True)
def _live_elsewhere(tables: Int64Array, state: Int64Array, player: int, live: Int64Array) -> None:
    """``live[c]`` = 1 for the cards in another player's hand or in the trick in progress."""
    live[:] = 0
    for p in range(tables[L.H_PLAYERS]):
        if p != player:
            off = hand_off(p)
            for i in range(state[L.L_HAND + p]):
                live[state[off + i] % L.FULL_DECK] = 1
    for i in range(state[L.L_TRICK]):
        live[state[L.P_TRICK + i] % L.FULL_DECK] = 1


@numba.njit(cache=True)
def equivalent(tables: Int64Array, state: Int64Array, live: Int64Array, low: int, high: int) -> bool:
    """Whether the mover's cards ``low`` < ``high`` are equivalent in this trick (module rules);
    ``live`` from ``_live_elsewhere``."""
    if low >= L.FULL_DECK or high >= L.FULL_DECK or low // L.N_RANKS != high // L.N_RANKS:
        return False
    phase = state[L.S_PHASE]
    trump = trick_trump(tables, state, phase)
    if top_index(tables, phase, trump, low) >= 0 or top_index(tables, phase, trump, high) >= 0:
        return False
    for card in range(low + 1, high):
        if live[card] != 0:
            return False
    return _same_points(tables, state, state[L.S_ACTOR], low, high)


@numba.njit(cache=True)
def candidate_moves(tables: Int64Array, state: Int64Array, first: int, out: Int64Array) -> int:
    """The moves to search, ordered (module rules): ``first`` (a remembered best move, -1 none) and the
    greedy choice lead; a card equivalent to the next lower legal card is left out. Returns the count."""
    n_legal = state[L.S_N_LEGAL]
    trick = phase_at(tables, state[L.S_PHASE], L.PH_KIND) == L.K_TRICK
    live = np.zeros(L.FULL_DECK, dtype=np.int64)
    if trick:
        _live_elsewhere(tables, state, state[L.S_ACTOR], live)
    greedy = greedy_choice(tables, state)
    count = 0
    for i in range(n_legal):
        action = state[L.P_LEGAL + i]
        if trick and i > 0 and equivalent(tables, state, live, state[L.P_LEGAL + i - 1], action):
            continue
        if count < out.shape[0]:
            out[count] = action
            count += 1
    _to_front(out, count, greedy)
    _to_front(out, count, first)
    return count


@numba.njit(cache=True)
def representative(tables: Int64Array, state: Int64Array, action: int) -> int:
    """The searched move standing for legal ``action``: the lowest card of its run of equivalent legal
    cards, or ``action`` itself."""
    if phase_at(tables, state[L.S_PHASE], L.PH_KIND) != L.K_TRICK:
        return action
    live = np.zeros(L.FULL_DECK, dtype=np.int64)
    _live_elsewhere(tables, state, state[L.S_ACTOR], live)
    index = -1
    for i in range(state[L.S_N_LEGAL]):
        if state[L.P_LEGAL + i] == action:
            index = i
    while index > 0:
        if not equivalent(tables, state, live, state[L.P_LEGAL + index - 1], state[L.P_LEGAL + index]):
            break
        index -= 1
    return int(state[L.P_LEGAL + index]) if index >= 0 else action


@numba.njit(cache=True)
def _to_front(moves: Int64Array, count: int, action: int) -> None:
    for i in range(count):
        if moves[i] == action:
            for j in range(i, 0, -1):
                moves[j] = moves[j - 1]
            moves[0] = action
            return


# ------------------------------------------------------------------------------------------------ search


@numba.njit(cache=True)
def _leaf(tables: Int64Array, ws: Workspace, ply: int) -> float:
    """The value of the line stopped at ``ws.stack[ply]``: the greedy rollout to the hand's end."""
    ctx = ws.ctx
    scratch = ws.stack[ws.stack.shape[0] - 1]
    scratch[:] = ws.stack[ply]
    greedy_rollout(tables, scratch, ctx[C_HAND], ctx)
    return leaf_value(tables, scratch, ctx[C_SIDE], ctx[C_HAND])


@numba.njit(cache=True)
def _probe(ws: Workspace, key: int, alpha: float, beta: float) -> tuple[bool, float, int]:
    slot = key & (ws.keys.shape[0] - 1)
    if ws.bounds[slot] == EMPTY or ws.keys[slot] != key:
        return False, 0.0, -1
    value = ws.values[slot]
    bound = ws.bounds[slot]
    usable = bound == EXACT or (bound == LOWER and value >= beta) or (bound == UPPER and value <= alpha)
    return usable, value, int(ws.best[slot])


@numba.njit(cache=True)
def _store(ws: Workspace, key: int, value: float, bound: int, best: int) -> None:
    slot = key & (ws.keys.shape[0] - 1)
    ws.keys[slot] = key
    ws.values[slot] = value
    ws.bounds[slot] = bound
    ws.best[slot] = best


@numba.njit(cache=True)
def _enter(
    tables: Int64Array,
    ws: Workspace,
    ply: int,
    alpha: float,
    beta: float,
    frame: Float64Array,
    keys: Int64Array,
) -> int:
    """Open the node ``ws.stack[ply]``: 1 with its value in ``frame[F_VALUE]`` when it needs no search
    (a leaf, a usable table entry, or over budget), else 0 with its moves in ``ws.moves[ply]`` and its
    frame set (``F_*``)."""
    ctx = ws.ctx
    state = ws.stack[ply]
    if hand_over(state, ctx[C_HAND]):
        frame[F_VALUE] = leaf_value(tables, state, ctx[C_SIDE], ctx[C_HAND])
        return 1
    if ply >= ws.stack.shape[0] - 2 or (ply >= ctx[C_HORIZON] and state[L.L_TRICK] == 0):
        ctx[C_CUT] = 1
        frame[F_VALUE] = _leaf(tables, ws, ply)
        return 1
    if ctx[C_ABORT] != 0 or (ctx[C_ITER] > 0 and ctx[C_WORK] > ctx[C_BUDGET]):
        ctx[C_ABORT] = 1
        frame[F_VALUE] = 0.0
        return 1
    maximising = team_of(tables, state[L.S_ACTOR]) == ctx[C_SIDE]
    use_tt = ctx[C_TT] != 0 and phase_at(tables, state[L.S_PHASE], L.PH_KIND) == L.K_TRICK
    remembered = -1
    key = 0
    if use_tt:
        key = position_hash(tables, state, ctx[C_ITER])
        usable, value, remembered = _probe(ws, key, alpha, beta)
        if usable:
            frame[F_VALUE] = value
            return 1
    frame[F_COUNT] = candidate_moves(tables, state, remembered, ws.moves[ply])
    frame[F_NEXT] = 0
    frame[F_MAX] = 1.0 if maximising else 0.0
    frame[F_TT] = 1.0 if use_tt else 0.0
    keys[ply] = key
    frame[F_ALPHA] = alpha
    frame[F_BETA] = beta
    frame[F_LOW] = alpha
    frame[F_HIGH] = beta
    frame[F_BEST] = -INF if maximising else INF
    frame[F_MOVE] = ws.moves[ply, 0]
    return 0


@numba.njit(cache=True)
def _child(tables: Int64Array, ws: Workspace, ply: int, frame: Float64Array) -> None:
    """Play the frame's next move into ``ws.stack[ply + 1]``."""
    child = ws.stack[ply + 1]
    child[:] = ws.stack[ply]
    apply_action(tables, child, ws.moves[ply, int(frame[F_NEXT])])
    frame[F_NEXT] += 1
    ws.ctx[C_WORK] += 1


@numba.njit(cache=True)
def _close(ws: Workspace, frame: Float64Array, key: int) -> float:
    """Store a searched node's value in the table (with its bound) and return it."""
    best = frame[F_BEST]
    if frame[F_TT] != 0.0:
        bound = EXACT
        if best <= frame[F_ALPHA]:
            bound = UPPER
        elif best >= frame[F_BETA]:
            bound = LOWER
        _store(ws, key, best, bound, int(frame[F_MOVE]))
    return float(best)


@numba.njit(cache=True)
def alpha_beta(tables: Int64Array, ws: Workspace, root: int, alpha: float, beta: float) -> float:
    """The paranoid value of ``ws.stack[root]`` within the window (module rules). Iterative, one frame of
    ``F_SIZE`` cells per ply (numba cannot cache a recursive function)."""
    frames = np.zeros((ws.stack.shape[0], F_SIZE), dtype=np.float64)
    keys = np.zeros(ws.stack.shape[0], dtype=np.int64)
    ply = root
    value = 0.0
    opened = _enter(tables, ws, ply, alpha, beta, frames[ply], keys)
    while True:
        if opened == 0:
            _child(tables, ws, ply, frames[ply])
            ply += 1
            opened = _enter(
                tables, ws, ply, frames[ply - 1, F_LOW], frames[ply - 1, F_HIGH], frames[ply], keys
            )
            continue
        value = frames[ply, F_VALUE]
        if ply == root or ws.ctx[C_ABORT] != 0:
            return value if ws.ctx[C_ABORT] == 0 else 0.0
        ply -= 1
        frame = frames[ply]
        move = ws.moves[ply, int(frame[F_NEXT]) - 1]
        if frame[F_MAX] != 0.0:
            if value > frame[F_BEST]:
                frame[F_BEST] = value
                frame[F_MOVE] = move
            frame[F_LOW] = max(frame[F_LOW], value)
        else:
            if value < frame[F_BEST]:
                frame[F_BEST] = value
                frame[F_MOVE] = move
            frame[F_HIGH] = min(frame[F_HIGH], value)
        if frame[F_LOW] >= frame[F_HIGH] or frame[F_NEXT] >= frame[F_COUNT]:
            frame[F_VALUE] = _close(ws, frame, keys[ply])
        else:
            opened = 0


@numba.njit(cache=True)
def _root_values(tables: Int64Array, root: Int64Array, ws: Workspace, out: Float64Array) -> bool:
    """One iteration: the exact (within the horizon) value of every legal move of ``root`` into
    ``out`` (by legal index); False when abandoned over budget."""
    ctx = ws.ctx
    for i in range(root[L.S_N_LEGAL]):
        action = root[L.P_LEGAL + i]
        rep = representative(tables, root, action)
        if rep != action:
            for j in range(i):
                if root[L.P_LEGAL + j] == rep:
                    out[i] = out[j]
            continue
        ws.stack[1][:] = root
        apply_action(tables, ws.stack[1], action)
        ctx[C_WORK] += 1
        out[i] = alpha_beta(tables, ws, 1, -INF, INF)
        if ctx[C_ABORT] != 0:
            return False
    return True


@numba.njit(cache=True)
def solve(tables: Int64Array, world: Int64Array, budget: int, ws: Workspace, out: Float64Array) -> int:
    """The value of every legal move of the full state ``world`` to the side deciding in it, by legal
    index, into ``out`` (module rules: paranoid alpha-beta to the hand's end, deepened iteratively
    within ``budget`` engine steps). Returns the number of completed iterations (the last one's values
    stand); ``ws.ctx[C_CUT]`` = 0 afterwards when they are exact to the hand's end."""
    ctx = ws.ctx
    ctx[C_SIDE] = team_of(tables, decider(world))
    ctx[C_HAND] = world[L.S_HAND_NO]
    ctx[C_WORK] = 0
    ctx[C_BUDGET] = budget
    ctx[C_TT] = 1 if tables[L.H_TRICK_BASED] != 0 else 0
    ws.bounds[:] = EMPTY
    trial = np.empty(world[L.S_N_LEGAL], dtype=np.float64)
    n_players = tables[L.H_PLAYERS]
    done = 0
    for iteration in range(127):
        ctx[C_ITER] = iteration
        ctx[C_HORIZON] = iteration * n_players + 1
        ctx[C_ABORT] = 0
        ctx[C_CUT] = 0
        if not _root_values(tables, world, ws, trial):
            ctx[C_CUT] = 1
            break
        out[: trial.shape[0]] = trial
        done += 1
        if ctx[C_CUT] == 0:
            break
    return done

"""The count phase (``CountPhase``, Cribbage's play): cards played in turn onto a running count.

* A card's value: ace 1, 2 to 10 its number, jack, queen and king 10.
* The phase row: ``PH_A`` the limit (31), ``PH_B`` the go points (1), ``PH_C`` combos (1: score them).
* It is the turn player's phase. They play one card whose value keeps the count at most the limit; holding
  cards of which none fits, they say go (PASS, their only move); holding none, the phase passes them.
  Played cards go face up onto the discard pile; the count's cards are its top ``S_COUNT_CARDS``;
  each player's played cards of the hand are also kept in ``B_PLAYED`` (a bit per card, for the show).
* Combos score for the player of the card (``scoring.add_score``): the count reaching 15, 2; reaching
  exactly the limit, 2; a pair with the card just before it, 2, three of a rank in a row 6, four 12
  (n cards: n·(n−1)); the longest run of the last k ≥ 3 cards of the count, k different ranks in
  sequence in any order (ace low, king high, no wrap), k.
* After every move: when every hand is empty, the last player to have played (``S_COUNTER``) scores the
  go points unless the count is exactly the limit, and the hand ends (``S_HAND_OVER``). Otherwise, when
  no player holding cards can play, the same go is scored, the count starts again at 0 and the player
  after the last to play (in the direction of play) moves next (``S_NEXT_OVERRIDE``).
* A go is progress: it marks the turn as moved, so the idle-round stalemate rule never ends a hand of
  gos, which always ends in a fresh count.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from darwindeck.engine import layout as L
from darwindeck.engine.cond_eval import next_player
from darwindeck.engine.jit import kernel_jit
from darwindeck.engine.piles import hand_off, push, remove_card
from darwindeck.engine.program import phase_at
from darwindeck.engine.scoring import add_score
from darwindeck.engine.tableau_melds import run_order

Int64Array = npt.NDArray[np.int64]

FIFTEEN = 15
FIFTEEN_POINTS = 2
EXACT_POINTS = 2
MIN_RUN = 3


@kernel_jit
def count_value(card: int) -> int:
    """Ace 1, 2..10 their number, J Q K 10."""
    rank = card % L.N_RANKS  # 0 = two .. 12 = ace
    if rank == L.N_RANKS - 1:
        return 1
    return min(rank + 2, 10)


@kernel_jit
def fits(state: Int64Array, limit: int, card: int) -> bool:
    return bool(state[L.S_COUNT] + count_value(card) <= limit)


@kernel_jit
def _can_play(state: Int64Array, player: int, limit: int) -> bool:
    off = hand_off(player)
    for i in range(state[L.L_HAND + player]):  # noqa: SIM110 (numba: no generators)
        if fits(state, limit, state[off + i]):
            return True
    return False


@kernel_jit
def count_actions(tables: Int64Array, state: Int64Array, phase: int, player: int, out: int) -> int:
    """The cards of ``player`` that fit the count at ``state[out:]``, else PASS (go) when holding any."""
    limit = phase_at(tables, phase, L.PH_A)
    off = hand_off(player)
    n = 0
    for i in range(state[L.L_HAND + player]):
        if fits(state, limit, state[off + i]):
            state[out + n] = state[off + i]
            n += 1
    if n == 0 and state[L.L_HAND + player] > 0:
        state[out] = L.A_PASS
        n = 1
    return n


@kernel_jit
def _pair_points(state: Int64Array, card: int) -> int:
    """n·(n−1) for the card and the n−1 cards of its rank just before it on the count."""
    same = 1
    top = state[L.L_DISCARD] - 2  # the card just before the one played
    first = state[L.L_DISCARD] - state[L.S_COUNT_CARDS]
    while top >= first and state[L.P_DISCARD + top] % L.N_RANKS == card % L.N_RANKS:
        same += 1
        top -= 1
    return same * (same - 1)


@kernel_jit
def _run_points(state: Int64Array) -> int:
    """The length of the longest run made by the last k ≥ 3 cards of the count, else 0."""
    best = 0
    end = state[L.L_DISCARD]
    for k in range(MIN_RUN, state[L.S_COUNT_CARDS] + 1):
        seen = 0
        low, high = L.N_RANKS, -1
        for i in range(end - k, end):
            order = run_order(state[L.P_DISCARD + i])
            seen |= 1 << order
            low, high = min(low, order), max(high, order)
        distinct = 0
        for order in range(L.N_RANKS):
            distinct += (seen >> order) & 1
        if distinct == k and high - low == k - 1:
            best = k
    return best


@kernel_jit
def _combo_points(state: Int64Array, card: int, limit: int) -> int:
    points = 0
    if state[L.S_COUNT] == FIFTEEN:
        points += FIFTEEN_POINTS
    if state[L.S_COUNT] == limit:
        points += EXACT_POINTS
    return points + _pair_points(state, card) + _run_points(state)


@kernel_jit
def greedy_count_score(tables: Int64Array, state: Int64Array, card: int) -> int:
    """The greedy player's liking for playing ``card``: the fifteen, the exact count or the pair it makes
    first, then the higher card; a count left at 5 or 21 (a ten makes 15 or 31) is avoided."""
    limit = phase_at(tables, state[L.S_PHASE], L.PH_A)
    count = state[L.S_COUNT] + count_value(card)
    points = FIFTEEN_POINTS if count == FIFTEEN else 0
    points += EXACT_POINTS if count == limit else 0
    top = state[L.L_DISCARD] - 1
    if state[L.S_COUNT_CARDS] > 0 and state[L.P_DISCARD + top] % L.N_RANKS == card % L.N_RANKS:
        points += 2
    risky = count == FIFTEEN - 10 or count == limit - 10
    return 100 * points + count_value(card) - (20 if risky else 0)


@kernel_jit
def count_action(tables: Int64Array, state: Int64Array, phase: int, player: int, action: int) -> None:
    """Play ``action`` onto the count (or say go), score it, then close the count when nobody can play;
    the caller moves on to the next phase."""
    limit = phase_at(tables, phase, L.PH_A)
    if action != L.A_PASS:
        remove_card(state, hand_off(player), L.L_HAND + player, action)
        push(state, L.P_DISCARD, L.L_DISCARD, action)
        state[L.S_COUNT] += count_value(action)
        state[L.S_COUNT_CARDS] += 1
        state[L.S_COUNTER] = player
        state[L.B_PLAYED + player] |= 1 << action
        state[L.S_LAST_PLAYED] = action
        if phase_at(tables, phase, L.PH_C) != 0:
            add_score(tables, state, player, _combo_points(state, action, limit))
    state[L.S_TURN_MOVED] = 1  # a go is progress too (module docstring)
    _close_count(tables, state, phase, limit)


@kernel_jit
def _close_count(tables: Int64Array, state: Int64Array, phase: int, limit: int) -> None:
    n_players = tables[L.H_PLAYERS]
    everyone_out = True
    someone_can_play = False
    for p in range(n_players):
        everyone_out = everyone_out and state[L.L_HAND + p] == 0
        someone_can_play = someone_can_play or _can_play(state, p, limit)
    if someone_can_play and not everyone_out:
        return
    counter = state[L.S_COUNTER]
    if counter >= 0 and state[L.S_COUNT] != limit:
        add_score(tables, state, counter, phase_at(tables, phase, L.PH_B))
    if everyone_out:
        state[L.S_HAND_OVER] = 1
        return
    state[L.S_COUNT] = 0
    state[L.S_COUNT_CARDS] = 0
    state[L.S_NEXT_OVERRIDE] = next_player(state, counter, n_players)
    state[L.S_COUNTER] = -1

"""Dou Dizhu's call and climb phases on the engine's state: legal actions, their effect, the stake.

The rules are ``engine.climb`` (the call, whose turn it is, the stake) and ``engine.combinations`` (which
combinations beat which); this module keeps their cells in the state (``layout.B_CLIMB``) and moves the
cards. Phase rows (``engine.tables``): call ``A`` max bid, ``B`` once around, ``C`` the ``AllPass`` code
(0 redeal, 1 void), ``D`` the ``FirstCaller`` code (0 random, 1 dealer's left), ``E`` the kitty's size;
climb ``A`` the allowed combination types (bit ``C_*``), ``B`` bomb doubles, ``C`` spring doubles.

* **The call** (``call_step``, ``call_legal``, ``call_action``): entered with ``S_SUB`` 0, it starts
  (``climb.call_start``) with the first caller: a seat drawn with the state's RNG (``random``) or the
  hand's first player (``dealer_left``). Once decided, the kitty (the deck's top ``kitty`` cards, set
  aside face down at the deal) is turned up for every seat (``CL_KITTY``) and goes to the declarer's
  hand; the declarer is ``S_DECLARER`` and leads the climb (the next phase). All passed: the kernel
  deals again (``redeal``) or the hand ends unscored (``void``).
* **The climb** (``climb_legal``, ``climb_action``): COMBO p for each primal part the hand may play
  over the table (``combinations.legal_primals``, types of the row's mask), and PASS when following;
  after a COMBO with kickers the same player chooses them one KICKER at a time
  (``combinations.legal_kickers``). A complete combination leaves the hand, the lowest card ids of each
  rank, onto the discard pile face up; a player who empties their hand ends it (``S_HAND_OVER``).
* **The stake** (``score_hand``, at the hand's end): ``climb.stake_scores`` added to each seat's score
  (and its side's: each seat is its own, a call phase allows no teams). The win conditions then judge
  the scores as in any game: one hand played (``hands_played`` 1) makes the landlord the winner when he
  went out, and a draw between the two peasants, level at the top, when one of them did; the returns of
  ``state_api.GameState`` are the scores themselves in a game with a climb.
* **The greedy player** (``greedy_score``): calls the highest bid its hand's strength reaches (a joker
  counts 3, a 2 counts 2, an Ace 1, four of a rank 4 more; bids 1, 2, 3 from 7, 9, 12 points) and passes
  otherwise; in the climb it goes out when it can, leads its lowest combination with the most cards,
  follows with the lowest that beats, never over its partner (a fellow non-declarer), keeps bombs and the
  rocket for an opponent with 4 cards or fewer, avoids breaking four of a rank or the two jokers, and
  takes kickers from its lowest ranks, single cards first.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from darwindeck.engine import climb as K
from darwindeck.engine import combinations as C
from darwindeck.engine import layout as L
from darwindeck.engine.jit import kernel_inline, kernel_jit, stack_array
from darwindeck.engine.piles import hand_off, pop, push, remove_card
from darwindeck.engine.program import phase_at, team_of
from darwindeck.engine.rng import rand_below

Int64Array = npt.NDArray[np.int64]

ALL_PASS_REDEAL = 0
FIRST_RANDOM = 0
N_CARD_RANKS = 13  # the 52 cards' rank codes; the jokers come after

_RANKS = stack_array(C.N_RANKS)
_USED = stack_array(C.N_RANKS)
_PRIMALS = stack_array(C.N_PRIMALS)
_SCORES = stack_array(L.MAX_PLAYERS)


@kernel_inline
def cells(state: Int64Array) -> Int64Array:
    """The call and climb's cells (``engine.climb``'s ``CL_*`` offsets) in the state."""
    return state[L.B_CLIMB : L.B_CLIMB + K.N_CELLS]


@kernel_jit
def hand_ranks(state: Int64Array, player: int, out: Int64Array) -> None:
    """The player's hand as cards per climbing rank, into ``out`` (15)."""
    out[:] = 0
    off = hand_off(player)
    for i in range(state[L.L_HAND + player]):
        out[C.climb_rank(state[off + i])] += 1


@kernel_jit
def call_step(tables: Int64Array, state: Int64Array) -> None:
    """Start the call when the phase is entered (module rules); the caller decides."""
    phase = state[L.S_PHASE]
    if state[L.S_SUB] == 0:
        first = state[L.S_CUR]
        if phase_at(tables, phase, L.PH_D) == FIRST_RANDOM:
            first = rand_below(state, L.S_RNG, tables[L.H_PLAYERS])
        K.call_start(cells(state), first)
        state[L.S_SUB] = 1
    state[L.S_ACTOR] = cells(state)[K.CL_CUR]


@kernel_jit
def climb_actor(state: Int64Array) -> None:
    """The climb's player on turn decides."""
    state[L.S_ACTOR] = cells(state)[K.CL_CUR]


@kernel_jit
def call_legal(tables: Int64Array, state: Int64Array, phase: int) -> int:
    """PASS and each bid above the highest, into the legal area; how many."""
    return K.call_actions(cells(state), phase_at(tables, phase, L.PH_A), state[L.P_LEGAL : L.P_LEGAL + 16])


@kernel_jit
def _take_kitty(tables: Int64Array, state: Int64Array, phase: int, declarer: int) -> None:
    """The kitty, turned up for every seat, goes to the declarer's hand."""
    kitty = 0
    for _ in range(phase_at(tables, phase, L.PH_E)):
        card = pop(state, L.P_DECK, L.L_DECK)
        if card < 0:
            break
        kitty |= 1 << card
        push(state, hand_off(declarer), L.L_HAND + declarer, card)
    cells(state)[K.CL_KITTY] = kitty


@kernel_jit
def call_action(tables: Int64Array, state: Int64Array, phase: int, action: int) -> bool:
    """Apply a call; True when every player passed and the hand is to be dealt again (``redeal``)."""
    cl = cells(state)
    n_players = tables[L.H_PLAYERS]
    once_around = phase_at(tables, phase, L.PH_B) != 0
    outcome = K.call(cl, action, n_players, phase_at(tables, phase, L.PH_A), once_around)
    if outcome == K.CALL_DECIDED:
        declarer = cl[K.CL_DECLARER]
        state[L.S_DECLARER] = declarer
        _take_kitty(tables, state, phase, declarer)
        state[L.S_TURN_MOVED] = 1
        state[L.S_PHASE] = phase + 1
        state[L.S_SUB] = 0
        state[L.S_ACTOR] = declarer
    elif outcome == K.CALL_THROWN_IN:
        if phase_at(tables, phase, L.PH_C) == ALL_PASS_REDEAL:
            return True
        state[L.S_HAND_OVER] = 1
    else:
        state[L.S_ACTOR] = cl[K.CL_CUR]
    return False


@kernel_jit
def climb_legal(tables: Int64Array, state: Int64Array, phase: int) -> int:
    """The climb's legal actions into the legal area (module rules), unsorted; how many."""
    cl = cells(state)
    hand = _RANKS()
    hand_ranks(state, cl[K.CL_CUR], hand)
    n = 0
    pending = cl[K.CL_PENDING]
    if pending >= 0:
        out = _PRIMALS()
        used = cl[K.CL_USED : K.CL_USED + C.N_RANKS]
        count = C.legal_kickers(hand, pending, used, cl[K.CL_KICKS], cl[K.CL_LAST_KICK], out)
        for i in range(count):
            state[L.P_LEGAL + i] = L.A_KICKER0 + out[i]
        return count
    if cl[K.CL_TABLE] != C.NO_COMBO:
        state[L.P_LEGAL] = L.A_PASS
        n = 1
    out = _PRIMALS()
    count = C.legal_primals(hand, cl[K.CL_TABLE], phase_at(tables, phase, L.PH_A), _USED(), out)
    for i in range(count):
        state[L.P_LEGAL + n + i] = L.A_COMBO0 + out[i]
    return n + count


@kernel_jit
def rank_card(rank: int, index: int) -> int:
    """The card id of the ``index``-th card (by id) of a climbing rank: a suit for 3 … 2, a joker."""
    if rank >= C.BLACK_JOKER:
        return 52 + rank - C.BLACK_JOKER
    return index * N_CARD_RANKS + (rank + 1) % N_CARD_RANKS


@kernel_jit
def _shed(state: Int64Array, player: int, rank: int, count: int) -> None:
    """Move ``count`` cards of a climbing rank from the hand to the discard pile, lowest ids first."""
    index = 0
    while count > 0 and index < 4:
        card = rank_card(rank, index)
        if remove_card(state, hand_off(player), L.L_HAND + player, card):
            push(state, L.P_DISCARD, L.L_DISCARD, card)
            count -= 1
        index += 1


@kernel_jit
def _play(tables: Int64Array, state: Int64Array, p: int) -> None:
    """The player on turn plays primal part ``p`` with the kickers chosen (``CL_USED``)."""
    cl = cells(state)
    player = cl[K.CL_CUR]
    hand = _RANKS()
    hand_ranks(state, player, hand)
    kind = C.PRIMAL_TYPE[p]
    width = 1 if kind == C.C_ROCKET else C.TYPE_WIDTH[kind]
    for rank in range(C.N_RANKS):
        count = cl[K.CL_USED + rank] + (width if C.in_primal(p, rank) else 0)
        if count > 0:
            _shed(state, player, rank, count)
    K.climb_play(cl, hand, p, cl[K.CL_USED : K.CL_USED + C.N_RANKS], tables[L.H_PLAYERS])
    cl[K.CL_PENDING] = -1
    cl[K.CL_KICKS] = 0
    cl[K.CL_LAST_KICK] = -1
    cl[K.CL_USED : K.CL_USED + C.N_RANKS] = 0
    state[L.S_LAST_PLAYED] = state[L.P_DISCARD + state[L.L_DISCARD] - 1]
    state[L.S_TURN_MOVED] = 1
    if cl[K.CL_STAGE] == K.STAGE_OVER:
        state[L.S_HAND_OVER] = 1


@kernel_jit
def climb_action(tables: Int64Array, state: Int64Array, action: int) -> None:
    """Apply a climb action: PASS, a COMBO, or a KICKER (module rules)."""
    cl = cells(state)
    if action == L.A_PASS:
        K.climb_pass(cl, tables[L.H_PLAYERS])
    elif action >= L.A_KICKER0:
        rank = action - L.A_KICKER0
        pending = cl[K.CL_PENDING]
        cl[K.CL_USED + rank] += C.TYPE_KICKER[C.PRIMAL_TYPE[pending]]
        cl[K.CL_KICKS] += 1
        cl[K.CL_LAST_KICK] = rank
        if cl[K.CL_KICKS] == C.kicker_total(pending):
            _play(tables, state, pending)
    else:
        p = action - L.A_COMBO0
        if C.kicker_total(p) == 0:
            _play(tables, state, p)
        else:
            cl[K.CL_PENDING] = p
            cl[K.CL_KICKS] = 0
            cl[K.CL_LAST_KICK] = -1
    state[L.S_ACTOR] = cl[K.CL_CUR]


@kernel_jit
def score_hand(tables: Int64Array, state: Int64Array) -> None:
    """Add the hand's stake scores (``climb.stake_scores``) to each seat's score."""
    phase = tables[L.H_CLIMB]
    n_players = tables[L.H_PLAYERS]
    scores = _SCORES()
    bomb_doubles = phase_at(tables, phase, L.PH_B) != 0
    K.stake_scores(cells(state), n_players, bomb_doubles, phase_at(tables, phase, L.PH_C) != 0, scores)
    for seat in range(n_players):
        state[L.B_SCORE + seat] += scores[seat]
        state[L.B_TEAM_SCORE + team_of(tables, seat)] += scores[seat]


# ---- the greedy player ------------------------------------------------------------------------------
BID_POINTS = (7, 9, 12)  # the strength at which the greedy player bids 1, 2, 3 (module rules)
FOLLOW, LEAD, OUT = 1000, 1000, 100_000
BOMB_TARGET = 4  # an opponent with this many cards or fewer is worth a bomb


@kernel_jit
def _strength(hand: Int64Array) -> int:
    points = 3 * (hand[C.BLACK_JOKER] + hand[C.RED_JOKER]) + 2 * hand[C.TWO] + hand[C.CHAIN_TOP]
    for rank in range(C.TWO + 1):
        if hand[rank] == 4:
            points += 4
    return int(points)


@kernel_jit
def _bid_score(hand: Int64Array, bid: int) -> int:
    target = 0
    for i in range(len(BID_POINTS)):
        if _strength(hand) >= BID_POINTS[i]:
            target = i + 1
    return bid if bid <= target else -1


@kernel_jit
def _breaks(hand: Int64Array, p: int) -> bool:
    """Whether primal part ``p`` takes part of four of a rank or one joker of the two."""
    kind = C.PRIMAL_TYPE[p]
    if kind == C.C_BOMB or kind == C.C_ROCKET:
        return False
    rocket = hand[C.BLACK_JOKER] + hand[C.RED_JOKER] == 2
    for rank in range(C.N_RANKS):
        if C.in_primal(p, rank) and (hand[rank] == 4 or (rank >= C.BLACK_JOKER and rocket)):
            return True
    return False


@kernel_jit
def _combo_score(state: Int64Array, hand: Int64Array, player: int, p: int) -> int:
    cl = cells(state)
    kind = C.PRIMAL_TYPE[p]
    cards = C.kicker_total(p) * C.TYPE_KICKER[kind]
    cards += 2 if kind == C.C_ROCKET else C.TYPE_WIDTH[kind] * C.PRIMAL_LEN[p]
    if cards == hand.sum():
        return OUT
    head = C.PRIMAL_HEAD[p]
    table_player = cl[K.CL_TABLE_PLAYER]
    declarer = cl[K.CL_DECLARER]
    leading = cl[K.CL_TABLE] == C.NO_COMBO
    if kind == C.C_BOMB or kind == C.C_ROCKET:
        if leading or (player != declarer and table_player != declarer):
            return -LEAD
        return FOLLOW - head if state[L.L_HAND + table_player] <= BOMB_TARGET else -LEAD
    score = LEAD - 40 * head + cards if leading else FOLLOW - 10 * head
    if not leading and player != declarer and table_player != declarer:
        score = -10  # the partner holds the table: pass
    return int(score - (LEAD // 2 if _breaks(hand, p) else 0))


@kernel_jit
def greedy_score(tables: Int64Array, state: Int64Array, player: int, action: int) -> int:
    """The greedy player's score of a call or climb action (module rules; the highest is played)."""
    hand = _RANKS()
    hand_ranks(state, player, hand)
    if action == L.A_PASS:
        return 0
    if action < L.A_COMBO0:
        return _bid_score(hand, action - L.A_BID0)
    if action < L.A_KICKER0:
        return _combo_score(state, hand, player, action - L.A_COMBO0)
    rank = action - L.A_KICKER0
    cl = cells(state)
    take = C.TYPE_KICKER[C.PRIMAL_TYPE[cl[K.CL_PENDING]]]
    return -rank - (20 if hand[rank] - cl[K.CL_USED + rank] > take else 0)

"""Evaluate the compiled condition programs (``GameTables.cond``) in the kernel.

A condition is judged for a *player* and, where a card is being considered, a *candidate* card (-1 when
none). The tests are the schema's (``darwindeck.genome.conditions``) on the real cards, with these
engine readings:

* The reference card of a card test is the top of the discard by default (when a suit was named for
  that card, ``name_suit`` effect, it counts as a card of the named suit); ``tableau_top`` is the top of
  the general tableau pile, ``lead_card`` the first card of the current trick, ``last_played`` the last
  card played. When the reference card does not exist (empty discard, no trick led) a card test *holds*:
  anything may start a pile. A card test with no candidate (a draw from the deck) does not hold.
  Reference ``hand`` (Go Fish's "a rank you hold"): the test holds when it holds against some card of
  the player's own hand, and fails for an empty hand.
* Locations for ``location_empty`` / ``location_size``: ``hand`` and ``captured`` are the player's,
  ``opponent_hand`` the next player's (in the direction of play), ``tableau`` all tableau piles
  together; no reference means the deck. ``hand_size`` with reference ``valid_plays`` counts the legal
  plays of the turn's play phase (passed in by the caller as ``valid_plays``).
* ``score_compare`` reads the player's own score; ``has_trump`` uses the game's trump suit (setup, else
  the first trick phase); ``sequence_adjacent`` and ``card_beats_top`` use Ace-high rank order, no wrap;
  ``has_run_of_n`` looks for ``n`` consecutive ranks of one suit, Ace high.
* ``hand_value`` is ``darwindeck.engine.hand_strength.hand_total`` of the player's hand (false without a
  hand evaluation).
* ``extends_meld`` asks ``darwindeck.engine.tableau_melds`` whether the candidate may be laid off on a set or
  run melded to the tableau this hand.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from darwindeck.engine import layout as L
from darwindeck.engine.hand_strength import hand_total
from darwindeck.engine.jit import kernel_jit
from darwindeck.engine.piles import hand_off, top
from darwindeck.engine.program import cond_at, is_wild, values_view
from darwindeck.engine.tableau_melds import extends_meld

Int64Array = npt.NDArray[np.int64]

# ConditionType codes
HAND_SIZE = 0
CARD_MATCHES_RANK = 1
CARD_MATCHES_SUIT = 2
CARD_MATCHES_COLOR = 3
CARD_IS_RANK = 4
CARD_IS_SUIT = 5
PLAYER_HAS_CARD = 6
LOCATION_EMPTY = 7
LOCATION_SIZE = 8
SCORE_COMPARE = 9
SEQUENCE_ADJACENT = 10
MATCHES_OR_WILD = 11
HAS_SET_OF_N = 12
HAS_RUN_OF_N = 13
HAS_MATCHING_PAIR = 14
MUST_FOLLOW_SUIT = 15
HAS_TRUMP = 16
SUIT_BROKEN = 17
CARD_BEATS_TOP = 18
HAND_VALUE = 19
EXTENDS_MELD = 20
# Reference codes
R_TOP_DISCARD = 0
R_TABLEAU_TOP = 1
R_LEAD_CARD = 2
R_LAST_PLAYED = 3
R_HAND = 4
R_DECK = 5
R_DISCARD = 6
R_TABLEAU = 7
R_CAPTURED = 8
R_OPPONENT_HAND = 9
R_VALID_PLAYS = 10
R_TURNED_CARD = 11
# Operator codes
EQ = 0
NE = 1
LT = 2
LE = 3
GT = 4
GE = 5


@kernel_jit
def compare(left: int, op: int, right: int) -> bool:
    if op == EQ:
        return left == right
    if op == NE:
        return left != right
    if op == LT:
        return left < right
    if op == LE:
        return left <= right
    if op == GT:
        return left > right
    return left >= right


@kernel_jit
def next_player(state: Int64Array, player: int, n_players: int) -> int:
    return int((player + state[L.S_DIR] + n_players) % n_players)


@kernel_jit
def offering_player(state: Int64Array, player: int, n_players: int) -> int:
    """Whose hand a draw from ``opponent_hand`` takes from: the nearest player against the direction
    of play (the one on your right in clockwise play, who played just before you, as in Old Maid)
    still holding cards; the previous player when nobody else holds any."""
    step = n_players - state[L.S_DIR]
    for k in range(1, n_players):
        other = int((player + k * step) % n_players)
        if state[L.L_HAND + other] > 0:
            return other
    return int((player + step) % n_players)


@kernel_jit
def reference_card(state: Int64Array, ref: int) -> int:
    if ref in (R_TABLEAU_TOP, R_TABLEAU):
        off = L.P_TABLEAU + L.GENERAL_PILE * L.PILE_CAP
        return top(state, off, L.L_TABLEAU + L.GENERAL_PILE)
    if ref == R_LEAD_CARD:
        return state[L.P_TRICK] if state[L.L_TRICK] > 0 else L.NO_CARD
    if ref == R_LAST_PLAYED:
        return int(state[L.S_LAST_PLAYED])
    if ref == R_TURNED_CARD:
        return int(state[L.S_TURNED_CARD])
    card = top(state, L.P_DISCARD, L.L_DISCARD)
    if card >= 0 and card == state[L.S_NAMED_CARD]:  # a suit was named for it
        return int(state[L.S_NAMED_SUIT] * L.N_RANKS + card % L.N_RANKS)
    return card


@kernel_jit
def location_size(state: Int64Array, ref: int, player: int, n_players: int) -> int:
    if ref == R_HAND:
        return int(state[L.L_HAND + player])
    if ref in (R_DISCARD, R_TOP_DISCARD):
        return int(state[L.L_DISCARD])
    if ref in (R_TABLEAU, R_TABLEAU_TOP):
        total = 0
        for k in range(L.N_TABLEAU):
            total += state[L.L_TABLEAU + k]
        return total
    if ref == R_CAPTURED:
        return int(state[L.L_CAPTURED + player])
    if ref == R_OPPONENT_HAND:
        return int(state[L.L_HAND + next_player(state, player, n_players)])
    if ref == R_LEAD_CARD:
        return int(state[L.L_TRICK])
    return int(state[L.L_DECK])


@kernel_jit
def _has_group(state: Int64Array, player: int, need: int) -> bool:
    counts = 0  # four bits per rank (a deck holds at most 8 cards of a rank)
    off = hand_off(player)
    for i in range(state[L.L_HAND + player]):
        shift = 4 * (state[off + i] % L.N_RANKS)
        counts += 1 << shift
        if (counts >> shift) & 15 >= need:
            return True
    return False


@kernel_jit
def _has_run(state: Int64Array, player: int, need: int) -> bool:
    held = 0  # bit ``card``: suit s holds bits 13s .. 13s + 12 in rank order
    off = hand_off(player)
    for i in range(state[L.L_HAND + player]):
        held |= 1 << state[off + i]
    for suit in range(L.N_SUITS):
        run = 0
        for rank in range(L.N_RANKS):
            run = run + 1 if (held >> (suit * L.N_RANKS + rank)) & 1 else 0
            if run >= need:
                return True
    return False


@kernel_jit
def _holds_suit(state: Int64Array, player: int, suit: int) -> bool:
    off = hand_off(player)
    for i in range(state[L.L_HAND + player]):  # noqa: SIM110 (numba: no generators)
        if state[off + i] // L.N_RANKS == suit:
            return True
    return False


@kernel_jit
def _holds_rank(state: Int64Array, player: int, rank: int) -> bool:
    off = hand_off(player)
    for i in range(state[L.L_HAND + player]):  # noqa: SIM110 (numba: no generators)
        if state[off + i] % L.N_RANKS == rank:
            return True
    return False


@kernel_jit
def _against(ctype: int, card: int, ref_card: int) -> bool:
    """A card test of ``card`` against one existing reference card."""
    rank = card % L.N_RANKS
    suit = card // L.N_RANKS
    ref_rank = ref_card % L.N_RANKS
    ref_suit = ref_card // L.N_RANKS
    if ctype == CARD_MATCHES_RANK:
        return rank == ref_rank
    if ctype == CARD_MATCHES_SUIT:
        return suit == ref_suit
    if ctype == CARD_MATCHES_COLOR:
        return (suit < 2) == (ref_suit < 2)
    if ctype == SEQUENCE_ADJACENT:
        return rank == ref_rank + 1 or rank == ref_rank - 1
    if ctype == MATCHES_OR_WILD:
        return rank == ref_rank or suit == ref_suit
    return rank > ref_rank  # CARD_BEATS_TOP


# Reference counting. A compiled function that calls others increments and decrements its array
# arguments' reference counts atomically on every call, and numba-level inlining copies the arrays into
# new variables with the same cost; cards are judged in the innermost loops of move generation. The
# per-card code below is therefore compiled without reference counting (``_nrt=False``: it allocates
# nothing, and neither does anything it calls); the one allocating test, ``hand_value``, is computed
# once per call by ``eval_condition`` / ``hand_mask`` and passed in.
@kernel_jit
def _card_test(
    tables: Int64Array, state: Int64Array, ctype: int, ref: int, value: int, card: int, player: int
) -> bool:
    if card < 0:
        return False
    rank = card % L.N_RANKS
    suit = card // L.N_RANKS
    if ctype == CARD_IS_RANK:
        return rank == value
    if ctype == CARD_IS_SUIT:
        return suit == value
    if ctype == MATCHES_OR_WILD and is_wild(tables, rank) != 0:
        return True
    if ref == R_HAND:
        off = hand_off(player)
        for i in range(state[L.L_HAND + player]):  # noqa: SIM110 (numba: no generators)
            if _against(ctype, card, state[off + i]):
                return True
        return False
    ref_card = reference_card(state, ref)
    if ref_card < 0:
        return True
    return _against(ctype, card, ref_card)


@kernel_jit
def _leaf(
    tables: Int64Array,
    state: Int64Array,
    row: int,
    player: int,
    card: int,
    valid_plays: int,
    hand_value: int,
) -> bool:
    ctype = cond_at(tables, row, L.C_TYPE)
    op = cond_at(tables, row, L.C_OPERATOR)
    value = cond_at(tables, row, L.C_VALUE)
    ref = cond_at(tables, row, L.C_REF)
    n_players = tables[L.H_PLAYERS]
    if ctype == HAND_SIZE:
        size = valid_plays if ref == R_VALID_PLAYS else state[L.L_HAND + player]
        return compare(size, op, value)
    if ctype == PLAYER_HAS_CARD:
        return _holds_rank(state, player, value)
    if ctype == LOCATION_EMPTY:
        return location_size(state, ref, player, n_players) == 0
    if ctype == LOCATION_SIZE:
        return compare(location_size(state, ref, player, n_players), op, value)
    if ctype == SCORE_COMPARE:
        return compare(state[L.B_SCORE + player], op, value)
    if ctype == HAS_SET_OF_N:
        return _has_group(state, player, value)
    if ctype == HAS_RUN_OF_N:
        return _has_run(state, player, value)
    if ctype == HAS_MATCHING_PAIR:
        return _has_group(state, player, 2)
    if ctype == MUST_FOLLOW_SUIT:
        if card < 0:
            return False
        if state[L.L_TRICK] == 0:
            return True
        lead_suit = state[L.P_TRICK] // L.N_RANKS
        return card // L.N_RANKS == lead_suit or not _holds_suit(state, player, lead_suit)
    if ctype == HAS_TRUMP:
        trump = tables[L.H_TRUMP]
        return trump >= 0 and _holds_suit(state, player, trump)
    if ctype == SUIT_BROKEN:
        return bool(state[L.S_SUIT_BROKEN] != 0)
    if ctype == HAND_VALUE:
        return tables[L.H_EVAL_METHOD] >= 0 and compare(hand_value, op, value)
    if ctype == EXTENDS_MELD:
        return extends_meld(state, card)
    return _card_test(tables, state, ctype, ref, value, card, player)


@kernel_jit
def _program_holds(
    tables: Int64Array,
    state: Int64Array,
    start: int,
    length: int,
    player: int,
    card: int,
    valid_plays: int,
    hand_value: int,
) -> bool:
    """Run the program ``cond[start:start+length]`` (length ≥ 1) for one candidate.

    The operand stack is a bit stack in one int (depth ≤ 62 is far above any genome's nesting).
    """
    stack = 0
    for row in range(start, start + length):
        op = cond_at(tables, row, L.C_OP)
        if op == L.OP_LEAF:
            bit = 1 if _leaf(tables, state, row, player, card, valid_plays, hand_value) else 0
            stack = (stack << 1) | bit
            continue
        k = cond_at(tables, row, L.C_VALUE)
        bits = stack & ((1 << k) - 1)
        stack >>= k
        result = bits == (1 << k) - 1 if op == L.OP_AND else bits != 0
        stack = (stack << 1) | (1 if result else 0)
    return (stack & 1) == 1


@kernel_jit
def _slots_holding(
    tables: Int64Array,
    state: Int64Array,
    start: int,
    length: int,
    player: int,
    owner: int,
    valid_plays: int,
    hand_value: int,
) -> int:
    off = hand_off(owner)
    mask = 0
    for i in range(state[L.L_HAND + owner]):
        if _program_holds(tables, state, start, length, player, state[off + i], valid_plays, hand_value):
            mask |= 1 << i
    return mask


@kernel_jit
def _hand_value(tables: Int64Array, state: Int64Array, start: int, length: int, player: int) -> int:
    """``hand_total`` of the player's hand when the program has a ``hand_value`` test, else 0."""
    method = tables[L.H_EVAL_METHOD]
    if method < 0:
        return 0
    for row in range(start, start + length):
        if cond_at(tables, row, L.C_OP) == L.OP_LEAF and cond_at(tables, row, L.C_TYPE) == HAND_VALUE:
            off = hand_off(player)
            return hand_total(
                state[off : off + L.PILE_CAP],
                state[L.L_HAND + player],
                method,
                values_view(tables),
                tables[L.H_ACE_ALT],
                tables[L.H_BUST],
            )
    return 0


@kernel_jit
def eval_condition(
    tables: Int64Array,
    state: Int64Array,
    start: int,
    length: int,
    player: int,
    card: int,
    valid_plays: int,
) -> bool:
    """Whether the program ``cond[start:start+length]`` holds for ``player`` and the candidate ``card``
    (-1: none); an empty program holds."""
    if length == 0:
        return True
    value = _hand_value(tables, state, start, length, player)
    return _program_holds(tables, state, start, length, player, card, valid_plays, value)


@kernel_jit
def hand_mask(
    tables: Int64Array,
    state: Int64Array,
    start: int,
    length: int,
    player: int,
    owner: int,
    valid_plays: int,
) -> int:
    """The slots of ``owner``'s hand whose card, as the candidate, satisfies the program for ``player``:
    bit ``i`` for slot ``i`` (a hand holds at most 52 cards)."""
    if length == 0:
        return int((1 << state[L.L_HAND + owner]) - 1)
    value = _hand_value(tables, state, start, length, player)
    return _slots_holding(tables, state, start, length, player, owner, valid_plays, value)


@kernel_jit
def bit_count(mask: int) -> int:
    """The number of set bits of a non-negative ``mask``."""
    count = 0
    while mask != 0:
        mask &= mask - 1
        count += 1
    return count

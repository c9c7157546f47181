"""Hand evaluation for ``best_hand`` showdowns and the ``hand_value`` condition, compiled.

``hand_strength`` turns a hand into one integer, higher is better, that orders hands of one method
(equal integers are equally good: a split pot). ``hand_total`` is the plain number a player would say
for the ``hand_value`` condition. Both are ``numba.njit`` pure functions over ``int64`` arrays and ints,
with the same results under ``NUMBA_DISABLE_JIT=1``.

Inputs: ``cards[0:n]`` are distinct card ids ``suit * 13 + rank`` (rank code 0 = 2 … 12 = A, suit code
0..3 = hearts, diamonds, clubs, spades; ``darwindeck.genome.cards``); the array may be longer than ``n``.
``method`` is an ``EvaluationMethod`` code, ``card_values[rank]`` the value of a rank (the genome's
``HandEvaluation.card_values``), ``ace_alt`` the alternate ace value (``< 0``: none; the kernel passes -1
for ``ace_alternate_value=None``), ``bust`` the bust threshold (``<= 0``: no bust), ``pattern_mask`` has
bit ``i`` set when the ``HandPattern`` with code ``i`` is recognised (``ALL_PATTERNS`` = all nine). Card
values are assumed non-negative.

Methods:

* ``HIGH_CARD`` (0): ranks compared from the highest down, the hand with more cards of the first rank
  where they differ wins (kickers); equal ranks are then decided by suit code, highest card first (the
  schema's "rank, then suit order"), over the 16 highest cards. Strength = rank counts as base-5 digits
  (Ace most significant) × 4^16 + the suits of the 16 highest cards (ordered by rank, then suit) as
  base-4 digits.
* ``POKER`` (1): the best five-card poker hand in the ``n`` cards (any ``n``; with fewer than five cards
  only the patterns that fit apply: pairs, two pair, trips, quads, high card). Patterns are tried from
  the strongest (``HandPattern`` order: straight flush … high card) and skipped when not in
  ``pattern_mask``; a hand holds a pattern when its cards contain it (a pair is any rank held twice or
  more, a straight any five consecutive ranks, with A-2-3-4-5 as the lowest straight). ``HIGH_CARD`` is
  the fallback even when not in the mask. Strength = pattern code × 14^5 + five tiebreak digits
  (rank code + 1, most significant first, 0 = no card): the pattern's ranks (quad / trip / pair ranks,
  the top of a straight, where 5 is the top of the wheel, the five flush ranks) followed by the highest
  remaining cards as kickers until five cards are used. Suits never break a tie.
* ``POINT_TOTAL`` (2): the sum of ``card_values``; each ace may count ``ace_alt`` instead, and the total
  is the highest one not above ``bust`` over all choices (blackjack: A+A+9 = 11 + 1 + 9 = 21). Strength =
  that total, or ``-1`` (below every total) when every choice busts. With no bust, or no alternate, the
  aces count ``card_values[12]``. ``hand_total`` says the same total, or for a busted hand its lowest total.
* ``DEADWOOD`` (3): Gin Rummy. Melds are sets (3 or 4 cards of one rank) and runs (3 or more
  consecutive ranks of one suit, Ace low only: A-2-3 is a run, Q-K-A is not). Deadwood is the value of
  the cards left out of melds, minimised over every arrangement of disjoint melds (exact, by dynamic
  programming over the ranks; any hand size, a whole deck in milliseconds).
  ``hand_total`` = the deadwood; strength = ``DEADWOOD_CEILING - deadwood`` (lower deadwood is better).

``hand_total`` for ``HIGH_CARD`` and ``POKER`` is the plain sum of ``card_values``. An unknown method code
raises ``ValueError``.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from darwindeck.engine.jit import kernel_jit, stack_array

Int64Array = npt.NDArray[np.int64]

METHOD_HIGH_CARD = 0
METHOD_POKER = 1
METHOD_POINT_TOTAL = 2
METHOD_DEADWOOD = 3

PATTERN_HIGH_CARD = 0
PATTERN_PAIR = 1
PATTERN_TWO_PAIR = 2
PATTERN_THREE_OF_A_KIND = 3
PATTERN_STRAIGHT = 4
PATTERN_FLUSH = 5
PATTERN_FULL_HOUSE = 6
PATTERN_FOUR_OF_A_KIND = 7
PATTERN_STRAIGHT_FLUSH = 8
ALL_PATTERNS = (1 << 9) - 1

#: Strength of a zero-deadwood hand; every deadwood hand is below it.
DEADWOOD_CEILING = 1_000_000

_RANKS = 13
_SUITS = 4
_ACE = 12
_POKER_DIGITS = 5
_POKER_BASE = 14
_POKER_PATTERN_UNIT = 537_824  # 14**5: one pattern step above every tiebreak
_HIGH_CARD_SUIT_DIGITS = 16
_HIGH_CARD_RANK_UNIT = 1 << 32  # 4**16: one rank-count step above every suit key
_CARD_CELLS = stack_array(_RANKS * _SUITS)
_RANK_CELLS = stack_array(_RANKS)
_SUIT_CELLS = stack_array(_SUITS)


# ---------------------------------------------------------------------------------------------- helpers


@kernel_jit
def _count_ranks(cards: Int64Array, n: int, counts: Int64Array) -> None:
    """Add to ``counts[rank]`` the cards of each rank among ``cards[0:n]``."""
    for i in range(n):
        counts[cards[i] % _RANKS] += 1


@kernel_jit
def _count_rank(cards: Int64Array, n: int, rank: int) -> int:
    count = 0
    for i in range(n):
        if cards[i] % _RANKS == rank:
            count += 1
    return count


@kernel_jit
def _value_sum(cards: Int64Array, n: int, card_values: Int64Array) -> int:
    total = 0
    for i in range(n):
        total += card_values[cards[i] % _RANKS]
    return total


@kernel_jit
def _highest_rank_with(counts: Int64Array, at_least: int, excluded: int) -> int:
    """The highest rank held ``at_least`` times, other than ``excluded``; -1 if none."""
    for rank in range(_RANKS - 1, -1, -1):
        if rank != excluded and counts[rank] >= at_least:
            return rank
    return -1


@kernel_jit
def _straight_top(rank_mask: int) -> int:
    """Rank code of the top card of the highest straight in a 13-bit rank mask (wheel: 3, the 5); -1."""
    # Bit 0 of the extended mask is the ace played low, bit r + 1 is rank r.
    extended = (rank_mask << 1) | ((rank_mask >> _ACE) & 1)
    window = 0b11111
    for top in range(_RANKS, 3, -1):
        shifted = window << (top - 4)
        if (extended & shifted) == shifted:
            return top - 1
    return -1


# -------------------------------------------------------------------------------------------- high card


@kernel_jit
def _high_card_strength(cards: Int64Array, n: int) -> int:
    held = _CARD_CELLS()  # index rank * 4 + suit
    for i in range(n):
        held[(cards[i] % _RANKS) * _SUITS + cards[i] // _RANKS] = 1
    rank_key = 0
    for rank in range(_RANKS - 1, -1, -1):
        count = 0
        for suit in range(_SUITS):
            count += held[rank * _SUITS + suit]
        rank_key = rank_key * 5 + count
    suit_key = 0
    digits = 0
    for index in range(_RANKS * _SUITS - 1, -1, -1):
        if held[index] != 0 and digits < _HIGH_CARD_SUIT_DIGITS:
            suit_key = suit_key * _SUITS + index % _SUITS
            digits += 1
    while digits < _HIGH_CARD_SUIT_DIGITS:
        suit_key *= _SUITS
        digits += 1
    return rank_key * _HIGH_CARD_RANK_UNIT + suit_key


# ------------------------------------------------------------------------------------------------ poker


@kernel_jit
def _poker_key(pattern: int, key: int, digits: int, counts: Int64Array, kickers: int) -> int:
    """Append the ``kickers`` highest ranks left in ``counts`` to ``key``, pad to five digits, add pattern."""
    rank = _RANKS - 1
    while kickers > 0 and rank >= 0:
        if counts[rank] > 0:
            counts[rank] -= 1
            key = key * _POKER_BASE + rank + 1
            digits += 1
            kickers -= 1
        else:
            rank -= 1
    while digits < _POKER_DIGITS:
        key *= _POKER_BASE
        digits += 1
    return pattern * _POKER_PATTERN_UNIT + key


@kernel_jit
def _flush_key(suit_mask: int) -> int:
    """The five highest ranks of one suit as tiebreak digits."""
    key = 0
    digits = 0
    for rank in range(_RANKS - 1, -1, -1):
        if digits < _POKER_DIGITS and ((suit_mask >> rank) & 1) != 0:
            key = key * _POKER_BASE + rank + 1
            digits += 1
    return key


@kernel_jit
def _enabled(pattern_mask: int, pattern: int) -> bool:
    return ((pattern_mask >> pattern) & 1) != 0


@kernel_jit
def _poker_strength(cards: Int64Array, n: int, pattern_mask: int) -> int:
    counts = _RANK_CELLS()
    _count_ranks(cards, n, counts)
    suit_masks = _SUIT_CELLS()
    suit_sizes = _SUIT_CELLS()
    for i in range(n):
        suit_masks[cards[i] // _RANKS] |= 1 << (cards[i] % _RANKS)
        suit_sizes[cards[i] // _RANKS] += 1
    hand_cards = min(n, _POKER_DIGITS)

    if _enabled(pattern_mask, PATTERN_STRAIGHT_FLUSH):
        top = -1
        for suit in range(_SUITS):
            if suit_sizes[suit] >= 5:
                top = max(top, _straight_top(suit_masks[suit]))
        if top >= 0:
            return _poker_key(PATTERN_STRAIGHT_FLUSH, top + 1, 1, counts, 0)
    if _enabled(pattern_mask, PATTERN_FOUR_OF_A_KIND):
        quad = _highest_rank_with(counts, 4, -1)
        if quad >= 0:
            counts[quad] -= 4
            return _poker_key(PATTERN_FOUR_OF_A_KIND, quad + 1, 1, counts, hand_cards - 4)
    if _enabled(pattern_mask, PATTERN_FULL_HOUSE):
        trip = _highest_rank_with(counts, 3, -1)
        pair = _highest_rank_with(counts, 2, trip)
        if trip >= 0 and pair >= 0:
            key = (trip + 1) * _POKER_BASE + pair + 1
            return _poker_key(PATTERN_FULL_HOUSE, key, 2, counts, 0)
    if _enabled(pattern_mask, PATTERN_FLUSH):
        best = -1
        for suit in range(_SUITS):
            if suit_sizes[suit] >= 5:
                best = max(best, _flush_key(suit_masks[suit]))
        if best >= 0:
            return _poker_key(PATTERN_FLUSH, best, _POKER_DIGITS, counts, 0)
    if _enabled(pattern_mask, PATTERN_STRAIGHT):
        all_ranks = suit_masks[0] | suit_masks[1] | suit_masks[2] | suit_masks[3]
        top = _straight_top(all_ranks)
        if top >= 0:
            return _poker_key(PATTERN_STRAIGHT, top + 1, 1, counts, 0)
    if _enabled(pattern_mask, PATTERN_THREE_OF_A_KIND):
        trip = _highest_rank_with(counts, 3, -1)
        if trip >= 0:
            counts[trip] -= 3
            return _poker_key(PATTERN_THREE_OF_A_KIND, trip + 1, 1, counts, hand_cards - 3)
    if _enabled(pattern_mask, PATTERN_TWO_PAIR):
        high = _highest_rank_with(counts, 2, -1)
        low = _highest_rank_with(counts, 2, high)
        if high >= 0 and low >= 0:
            counts[high] -= 2
            counts[low] -= 2
            key = (high + 1) * _POKER_BASE + low + 1
            return _poker_key(PATTERN_TWO_PAIR, key, 2, counts, hand_cards - 4)
    if _enabled(pattern_mask, PATTERN_PAIR):
        pair = _highest_rank_with(counts, 2, -1)
        if pair >= 0:
            counts[pair] -= 2
            return _poker_key(PATTERN_PAIR, pair + 1, 1, counts, hand_cards - 2)
    return _poker_key(PATTERN_HIGH_CARD, 0, 0, counts, hand_cards)


# ------------------------------------------------------------------------------------------ point total


@kernel_jit
def _point_totals(
    cards: Int64Array, n: int, card_values: Int64Array, ace_alt: int, bust: int
) -> tuple[int, int]:
    """``(best total not above bust, or -1; lowest total)`` over the ace choices."""
    base = _value_sum(cards, n, card_values)
    if bust <= 0:
        return base, base
    aces = _count_rank(cards, n, _ACE)
    step = 0 if ace_alt < 0 else ace_alt - card_values[_ACE]
    best = -1
    lowest = base
    for switched in range(aces + 1):
        total = base + switched * step
        if total <= bust and total > best:
            best = total
        lowest = min(lowest, total)
    return best, lowest


# --------------------------------------------------------------------------------------------- deadwood


_RUN_STATES = 1 << (2 * _SUITS)  # an open-run length 0..3 (3 = complete) per suit, two bits each
_UNREACHED = -(1 << 62)
_DEADWOOD_CELLS = stack_array(4 * _RUN_STATES + _RANKS * _SUITS + 2 * _SUITS)


@kernel_jit
def _advance(
    state: int, suits_here: Int64Array, present: int, choice_code: int, room: Int64Array
) -> tuple[int, int]:
    """Place the cards of one rank: ``(next run state, cards melded)``, or ``(-1, 0)`` if not allowed.

    ``choice_code`` holds one base-3 digit per present card: 0 deadwood, 1 set, 2 run. ``room[suit]`` is
    the number of consecutive cards of the suit held from this rank on (run order); a run that cannot
    reach three cards is refused at once.
    """
    in_set = 0
    in_run = 0
    run_suits = 0
    for i in range(present):
        choice = choice_code % 3
        choice_code //= 3
        if choice == 1:
            in_set += 1
        elif choice == 2:
            in_run += 1
            run_suits |= 1 << suits_here[i]
    if in_set == 1 or in_set == 2:
        return -1, 0
    following = 0
    for suit in range(_SUITS):
        length = (state >> (2 * suit)) & 3
        if (run_suits >> suit) & 1:
            length = min(length + 1, 3)
            if length < 3 and room[suit] < 4 - length:
                return -1, 0
            following |= length << (2 * suit)
        elif length == 1 or length == 2:
            return -1, 0  # a run of one or two cards is not a meld
    return following, in_set + in_run


@kernel_jit
def _deadwood(cards: Int64Array, n: int, card_values: Int64Array) -> int:
    """Minimum deadwood by dynamic programming over ranks in run order A, 2, …, K.

    The state is the length of the open run in each suit (0, 1, 2, or 3 for three or more); each card of
    the current rank goes to deadwood, to a set of its rank (3 or 4 cards) or onto its suit's run. Two
    adjacent runs of a suit are one longer run, so nothing is lost by always extending.
    """
    # One workspace: run-state tables, then room[suit * 13 + position] = consecutive held cards of the
    # suit from that run position on (0: the card is not held), then the current rank's suits and room.
    work = _DEADWOOD_CELLS()
    melded = work[0:_RUN_STATES]
    melded_next = work[_RUN_STATES : 2 * _RUN_STATES]
    frontier = work[2 * _RUN_STATES : 3 * _RUN_STATES]
    frontier_next = work[3 * _RUN_STATES : 4 * _RUN_STATES]
    room = work[4 * _RUN_STATES : 4 * _RUN_STATES + _RANKS * _SUITS]
    suits_here = work[work.shape[0] - 2 * _SUITS : work.shape[0] - _SUITS]
    room_here = work[work.shape[0] - _SUITS :]
    melded[:] = _UNREACHED
    melded_next[:] = _UNREACHED
    for i in range(n):
        room[(cards[i] // _RANKS) * _RANKS + (cards[i] % _RANKS + 1) % _RANKS] = 1
    for suit in range(_SUITS):
        for position in range(_RANKS - 2, -1, -1):
            if room[suit * _RANKS + position] != 0:
                room[suit * _RANKS + position] += room[suit * _RANKS + position + 1]
    melded[0] = 0
    reached = 1
    for position in range(_RANKS):
        rank = (position + _RANKS - 1) % _RANKS
        present = 0
        for suit in range(_SUITS):
            room_here[suit] = room[suit * _RANKS + position]
            if room_here[suit] != 0:
                suits_here[present] = suit
                present += 1
        reached_next = 0
        for index in range(reached):
            state = frontier[index]
            for choice_code in range(3**present):
                following, count = _advance(state, suits_here, present, choice_code, room_here)
                if following < 0:
                    continue
                value = melded[state] + count * card_values[rank]
                if melded_next[following] == _UNREACHED:
                    frontier_next[reached_next] = following
                    reached_next += 1
                    melded_next[following] = value
                elif value > melded_next[following]:
                    melded_next[following] = value
        for index in range(reached):
            melded[frontier[index]] = _UNREACHED
        melded, melded_next = melded_next, melded
        frontier, frontier_next = frontier_next, frontier
        reached = reached_next
    best = _UNREACHED
    for index in range(reached):
        state = frontier[index]
        if _closed(state):
            best = max(best, melded[state])
    return _value_sum(cards, n, card_values) - best


@kernel_jit
def _closed(state: int) -> bool:
    """True when no suit has an open run of one or two cards."""
    for suit in range(_SUITS):
        length = (state >> (2 * suit)) & 3
        if length == 1 or length == 2:
            return False
    return True


# ------------------------------------------------------------------------------------------- public API


@kernel_jit
def hand_strength(
    cards: Int64Array,
    n: int,
    method: int,
    card_values: Int64Array,
    ace_alt: int,
    bust: int,
    pattern_mask: int,
) -> int:
    """One integer, higher is better, ordering hands of ``method`` (rules in the module docstring)."""
    if method == METHOD_HIGH_CARD:
        return _high_card_strength(cards, n)
    if method == METHOD_POKER:
        return _poker_strength(cards, n, pattern_mask)
    if method == METHOD_POINT_TOTAL:
        return _point_totals(cards, n, card_values, ace_alt, bust)[0]
    if method == METHOD_DEADWOOD:
        return DEADWOOD_CEILING - _deadwood(cards, n, card_values)
    raise ValueError("hand_strength: unknown evaluation method code (expected 0..3)")


@kernel_jit
def hand_total(
    cards: Int64Array, n: int, method: int, card_values: Int64Array, ace_alt: int, bust: int
) -> int:
    """The number a player would say for ``hand_value``: point total, deadwood, else the value sum."""
    if method == METHOD_POINT_TOTAL:
        best, lowest = _point_totals(cards, n, card_values, ace_alt, bust)
        return best if best >= 0 else lowest
    if method == METHOD_DEADWOOD:
        return _deadwood(cards, n, card_values)
    if method in (METHOD_HIGH_CARD, METHOD_POKER):
        return _value_sum(cards, n, card_values)
    raise ValueError("hand_total: unknown evaluation method code (expected 0..3)")

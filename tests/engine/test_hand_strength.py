"""Hand evaluation: poker patterns and kickers, high card, blackjack totals, Gin Rummy deadwood."""

from __future__ import annotations

from collections import Counter
from functools import cache
from itertools import combinations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from darwindeck.engine.hand_strength import (
    ALL_PATTERNS,
    DEADWOOD_CEILING,
    METHOD_DEADWOOD,
    METHOD_HIGH_CARD,
    METHOD_POINT_TOTAL,
    METHOD_POKER,
    PATTERN_FLUSH,
    PATTERN_FULL_HOUSE,
    PATTERN_STRAIGHT,
    hand_strength,
    hand_total,
)
from darwindeck.genome.cards import Rank, Suit, card_id
from darwindeck.genome.schema import DEFAULT_CARD_VALUES, EvaluationMethod, HandPattern
from engine.nojit import sample_without_jit

DEFAULT_VALUES = np.array(DEFAULT_CARD_VALUES, dtype=np.int64)
GIN_VALUES = np.array([2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10, 1], dtype=np.int64)  # A = 1, faces 10
UNIT = 14**5  # one poker pattern step


def cards(text: str) -> np.ndarray:
    """Card ids from names like ``"AS 10H 2C"`` (rank value, then suit letter)."""
    return np.array([card_id(Rank(name[:-1]), Suit(name[-1])) for name in text.split()], dtype=np.int64)


def poker(text: str, mask: int = ALL_PATTERNS) -> int:
    hand = cards(text)
    return int(hand_strength(hand, len(hand), METHOD_POKER, DEFAULT_VALUES, 11, 0, mask))


def high_card(text: str) -> int:
    hand = cards(text)
    return int(hand_strength(hand, len(hand), METHOD_HIGH_CARD, DEFAULT_VALUES, 11, 0, 0))


def blackjack(text: str) -> tuple[int, int]:
    """(strength, total) with A = 11 or 1 and bust above 21."""
    hand = cards(text)
    strength = hand_strength(hand, len(hand), METHOD_POINT_TOTAL, DEFAULT_VALUES, 1, 21, 0)
    return int(strength), int(hand_total(hand, len(hand), METHOD_POINT_TOTAL, DEFAULT_VALUES, 1, 21))


def deadwood(text: str) -> tuple[int, int]:
    """(strength, deadwood) with Gin Rummy values."""
    hand = cards(text)
    strength = hand_strength(hand, len(hand), METHOD_DEADWOOD, GIN_VALUES, 1, 0, 0)
    return int(strength), int(hand_total(hand, len(hand), METHOD_DEADWOOD, GIN_VALUES, 1, 0))


def test_codes_match_the_schema_enums() -> None:
    assert [m.code for m in EvaluationMethod] == [
        METHOD_HIGH_CARD,
        METHOD_POKER,
        METHOD_POINT_TOTAL,
        METHOD_DEADWOOD,
    ]
    assert HandPattern.STRAIGHT.code == PATTERN_STRAIGHT
    assert HandPattern.FLUSH.code == PATTERN_FLUSH
    assert HandPattern.FULL_HOUSE.code == PATTERN_FULL_HOUSE
    assert sum(1 << p.code for p in HandPattern) == ALL_PATTERNS


# ---------------------------------------------------------------------------------------------- poker


def test_royal_flush_beats_four_of_a_kind_beats_full_house() -> None:
    royal = poker("AS KS QS JS 10S")
    quads = poker("9H 9D 9C 9S 2H")
    full_house = poker("KH KD KC 2S 2H")
    assert royal == 8 * UNIT + 13 * 14**4
    assert quads == 7 * UNIT + 8 * 14**4 + 1 * 14**3
    assert full_house == 6 * UNIT + 12 * 14**4 + 1 * 14**3
    assert royal > quads > full_house


def test_the_wheel_is_the_lowest_straight() -> None:
    wheel = poker("AS 2D 3C 4H 5S")
    six_high = poker("2D 3C 4H 5S 6S")
    assert wheel == 4 * UNIT + 4 * 14**4  # top card the 5
    assert six_high == 4 * UNIT + 5 * 14**4
    assert poker("3D 3C 3H KS 6S") < wheel < six_high < poker("10D JC QH KS AS")
    assert poker("QD KC AH 2S 3S") == poker("3D QC KH AS 2C")  # no wrap-around: both ace-high
    assert poker("QD KC AH 2S 3S") < poker("2D 2C 3H 4S 5S")


def test_the_kicker_decides_between_equal_two_pairs() -> None:
    ace_kicker = poker("KH KD 9C 9S AH")
    queen_kicker = poker("KS KC 9H 9D QH")
    assert ace_kicker == 2 * UNIT + 12 * 14**4 + 8 * 14**3 + 13 * 14**2
    assert ace_kicker > queen_kicker
    assert poker("KS KC 9H 9D QC") == queen_kicker  # suits never break a tie


def test_pairs_and_high_cards_compare_kickers_in_order() -> None:
    assert poker("8H 8D AC 5S 3H") > poker("8S 8C KH QS JH")
    assert poker("8H 8D AC 5S 4H") > poker("8S 8C AH 5D 3H")
    assert poker("AH 9D 7C 5S 3H") > poker("AD 9C 7S 5H 2D")
    assert poker("AH 9D 7C 5S 3H") == poker_digits(12, 7, 5, 3, 1)


def test_seven_cards_give_the_best_five() -> None:
    # a pair of kings and a heart flush in seven cards: the flush, from the five highest hearts
    assert poker("KH KS 2H 5H 9H JH 7H") == 5 * UNIT + poker_digits(11, 9, 7, 5, 3)
    # three pairs: the two highest pairs, the third pair's rank as kicker
    assert poker("QH QS 7D 7C 4H 4S 2D") == 2 * UNIT + poker_digits(10, 5, 2)
    # trips and two pairs: a full house with the higher pair
    assert poker("5H 5S 5D 9C 9H JD JS") == 6 * UNIT + poker_digits(3, 9)
    # a straight among seven cards beats the pair it also holds
    assert poker("4H 5S 6D 7C 8H 8D KS") == 4 * UNIT + poker_digits(6)
    # straight flush 5-9 of spades beats the ace-high straight also present
    assert poker("5S 6S 7S 8S 9S 10D AH") == 8 * UNIT + poker_digits(7)


def poker_digits(*ranks: int) -> int:
    """Tiebreak digits for rank codes, most significant first, padded to five."""
    key = 0
    for rank in ranks:
        key = key * 14 + rank + 1
    for _ in range(5 - len(ranks)):
        key *= 14
    return key


def test_fewer_than_five_cards_use_only_the_patterns_that_fit() -> None:
    assert poker("KH KD 9C 9S") == 2 * UNIT + poker_digits(11, 7)
    assert poker("9C 9S 9H") == 3 * UNIT + poker_digits(7)
    assert poker("AH KH QH JH") == poker_digits(12, 11, 10, 9)  # no straight or flush in four cards
    assert poker("9C 9S 9H 2D") == 3 * UNIT + poker_digits(7, 0)
    assert poker("9C 9S 9H 2D") > poker("9C 9S 9H")  # a kicker beats no card
    assert poker("") == 0


def test_patterns_outside_the_mask_are_not_recognised() -> None:
    without_straight = ALL_PATTERNS & ~(1 << PATTERN_STRAIGHT)
    assert poker("2D 3C 4H 5S 6S", without_straight) == poker_digits(4, 3, 2, 1, 0)
    without_flush = ALL_PATTERNS & ~(1 << PATTERN_FLUSH)
    assert poker("KH KS 2H 5H 9H JH 7H", without_flush) == 1 * UNIT + poker_digits(11, 9, 7, 5)
    without_full_house = ALL_PATTERNS & ~(1 << PATTERN_FULL_HOUSE)
    assert poker("KH KD KC 2S 2H", without_full_house) == 3 * UNIT + poker_digits(11, 0, 0)
    only_high_card = 0  # the high-card reading is the fallback even when not listed
    assert poker("KH KD KC 2S 2H", only_high_card) == poker_digits(11, 11, 11, 0, 0)


# ---------------------------------------------------------------------------------------- high card


def test_high_card_compares_ranks_then_suits() -> None:
    assert high_card("AS") == 5**12 * 4**16 + 3 * 4**15
    assert high_card("AH") > high_card("KS")
    assert high_card("AS") > high_card("AH")  # suit code: spades highest
    assert high_card("AH KD") > high_card("AS QS JS")  # kicker before suit and length
    assert high_card("AH QD JC") > high_card("AS QS")
    assert high_card("9H 9D") > high_card("9S 8S")
    assert high_card("KS 2H") > high_card("KH 2S")
    assert high_card("") == 0


# ------------------------------------------------------------------------------------- point totals


def test_blackjack_totals() -> None:
    assert blackjack("AS KD") == (21, 21)
    assert blackjack("AS AD 9C") == (21, 21)
    assert blackjack("KS QD 5C") == (-1, 25)
    assert blackjack("AS 5D KC") == (16, 16)
    assert blackjack("AS AD AC AH") == (14, 14)
    assert blackjack("AS AD KC QH") == (-1, 22)  # busted: says its lowest total


def test_point_total_without_bust_counts_aces_at_their_card_value() -> None:
    hand = cards("AS AD 9C")
    assert hand_strength(hand, 3, METHOD_POINT_TOTAL, DEFAULT_VALUES, 1, 0, 0) == 31
    assert hand_total(hand, 3, METHOD_POINT_TOTAL, DEFAULT_VALUES, 1, 0) == 31


def test_point_total_without_an_alternate_ace_value_busts_on_two_aces() -> None:
    hand = cards("AS AD 9C")  # ace_alt -1 is how the kernel passes ace_alternate_value=None
    assert hand_strength(hand, 3, METHOD_POINT_TOTAL, DEFAULT_VALUES, -1, 21, 0) == -1
    assert hand_total(hand, 3, METHOD_POINT_TOTAL, DEFAULT_VALUES, -1, 21) == 31
    assert hand_strength(hand, 2, METHOD_POINT_TOTAL, DEFAULT_VALUES, -1, 21, 0) == -1
    assert hand_strength(cards("AS 9C"), 2, METHOD_POINT_TOTAL, DEFAULT_VALUES, -1, 21, 0) == 20


def test_point_total_takes_the_highest_total_within_bust_when_the_alternate_is_higher() -> None:
    ace_low = np.array([*DEFAULT_CARD_VALUES[:12], 1], dtype=np.int64)  # A = 1, alternate 11
    hand = cards("AS AD 9C")
    assert hand_strength(hand, 3, METHOD_POINT_TOTAL, ace_low, 11, 21, 0) == 21
    assert hand_total(hand, 2, METHOD_POINT_TOTAL, ace_low, 11, 21) == 12


def test_only_the_first_n_cards_count() -> None:
    hand = cards("KS QD 5C 9H")
    assert hand_total(hand, 2, METHOD_POINT_TOTAL, DEFAULT_VALUES, 1, 21) == 20
    assert hand_total(hand, 4, METHOD_POKER, DEFAULT_VALUES, 1, 21) == 34  # plain value sum


# ----------------------------------------------------------------------------------------- deadwood


def test_gin_two_runs_and_a_set_have_no_deadwood() -> None:
    assert deadwood("AH 2H 3H 5S 6S 7S 8S KH KD KC") == (DEADWOOD_CEILING, 0)


def test_a_ten_card_hand_with_overlapping_melds() -> None:
    # 7H 7D 7C 7S 5H 6H 8S 9S KC AD (total 67). Best: set 7H 7D 7C (21) + run 7S 8S 9S (24) leaves
    # 5H 6H KC AD = 5 + 6 + 10 + 1 = 22. Alternatives: four 7s (28) leaves 39; runs 5-6-7H and 7-8-9S
    # leave 25; set 7D 7C 7S with run 5-6-7H leaves 28.
    assert deadwood("7H 7D 7C 7S 5H 6H 8S 9S KC AD") == (DEADWOOD_CEILING - 22, 22)


def test_ace_is_low_in_runs() -> None:
    assert deadwood("AS 2S 3S") == (DEADWOOD_CEILING, 0)
    assert deadwood("QS KS AS") == (DEADWOOD_CEILING - 21, 21)
    assert deadwood("QS KS AS JS") == (DEADWOOD_CEILING - 1, 1)
    assert deadwood("2D 2C") == (DEADWOOD_CEILING - 4, 4)


def test_large_hands_are_solved_exactly() -> None:
    whole_deck = np.arange(52, dtype=np.int64)
    assert hand_total(whole_deck, 52, METHOD_DEADWOOD, GIN_VALUES, 1, 0) == 0
    # all hearts and diamonds plus A, 2 and K of clubs: two full runs would leave the clubs (13), but
    # sets of aces, twos and kings with runs 3-Q of hearts and of diamonds leave nothing
    hand = np.array([*range(26), 38, 26, 37], dtype=np.int64)
    assert hand_total(hand, len(hand), METHOD_DEADWOOD, GIN_VALUES, 1, 0) == 0
    assert hand_total(hand, len(hand) - 1, METHOD_DEADWOOD, GIN_VALUES, 1, 0) == 0  # without K: AAA, 222
    hearts_and_two_clubs = np.array([*range(13), 38, 26], dtype=np.int64)  # A-K of hearts, A and 2 of clubs
    assert hand_total(hearts_and_two_clubs, 15, METHOD_DEADWOOD, GIN_VALUES, 1, 0) == 3
    with_ace_of_diamonds = np.array([*range(13), 38, 26, 25], dtype=np.int64)  # AAA, run 2-K: the 2 of clubs
    assert hand_total(with_ace_of_diamonds, 16, METHOD_DEADWOOD, GIN_VALUES, 1, 0) == 2


def test_unknown_method_is_an_error() -> None:
    hand = cards("AS")
    with pytest.raises(ValueError, match="unknown evaluation method"):
        hand_strength(hand, 1, 7, DEFAULT_VALUES, 1, 0, ALL_PATTERNS)
    with pytest.raises(ValueError, match="unknown evaluation method"):
        hand_total(hand, 1, -1, DEFAULT_VALUES, 1, 0)


# --------------------------------------------------------------------------------------- properties


def reference_five(hand: tuple[int, ...]) -> tuple[int, list[int]]:
    """A plain five-card poker classifier: (pattern code, tiebreak ranks)."""
    ranks = sorted((c % 13 for c in hand), reverse=True)
    counts = Counter(ranks)
    by_group = [r for r, _ in sorted(counts.items(), key=lambda rc: (rc[1], rc[0]), reverse=True)]
    shape = sorted(counts.values(), reverse=True)
    flush = len({c // 13 for c in hand}) == 1
    distinct = sorted(counts, reverse=True)
    top = None
    if len(distinct) == 5 and distinct[0] - distinct[4] == 4:
        top = distinct[0]
    elif distinct == [12, 3, 2, 1, 0]:
        top = 3
    if top is not None and flush:
        return 8, [top]
    if shape[0] == 4:
        return 7, by_group
    if shape == [3, 2]:
        return 6, by_group
    if flush:
        return 5, ranks
    if top is not None:
        return 4, [top]
    if shape[0] == 3:
        return 3, by_group
    if shape == [2, 2, 1]:
        return 2, by_group
    if shape[0] == 2:
        return 1, by_group
    return 0, ranks


def sign(x: int) -> int:
    return (x > 0) - (x < 0)


hands = st.lists(st.integers(0, 51), min_size=5, max_size=7, unique=True)


@settings(max_examples=200, deadline=None)
@given(hands, hands)
def test_poker_orders_hands_like_the_best_of_all_five_card_subsets(a: list[int], b: list[int]) -> None:
    best_a = max(reference_five(c) for c in combinations(a, 5))
    best_b = max(reference_five(c) for c in combinations(b, 5))
    strength_a = hand_strength(
        np.array(a, np.int64), len(a), METHOD_POKER, DEFAULT_VALUES, 11, 0, ALL_PATTERNS
    )
    strength_b = hand_strength(
        np.array(b, np.int64), len(b), METHOD_POKER, DEFAULT_VALUES, 11, 0, ALL_PATTERNS
    )
    assert strength_a // UNIT == best_a[0]
    assert sign(strength_a - strength_b) == sign((best_a > best_b) - (best_a < best_b))


def reference_high_card(hand: list[int]) -> tuple[list[int], list[int]]:
    ordered = sorted(hand, key=lambda c: (c % 13, c // 13), reverse=True)
    return [c % 13 for c in ordered], [c // 13 for c in ordered]


@settings(max_examples=200, deadline=None)
@given(
    st.lists(st.integers(0, 51), max_size=16, unique=True),
    st.lists(st.integers(0, 51), max_size=16, unique=True),
)
def test_high_card_orders_like_ranks_then_suits(a: list[int], b: list[int]) -> None:
    key_a, key_b = reference_high_card(a), reference_high_card(b)
    strength_a = hand_strength(np.array(a, np.int64), len(a), METHOD_HIGH_CARD, DEFAULT_VALUES, 11, 0, 0)
    strength_b = hand_strength(np.array(b, np.int64), len(b), METHOD_HIGH_CARD, DEFAULT_VALUES, 11, 0, 0)
    if sorted(key_a[0]) == sorted(key_b[0]):  # same ranks: decided by suits
        assert sign(strength_a - strength_b) == sign((key_a[1] > key_b[1]) - (key_a[1] < key_b[1]))
    else:
        assert sign(strength_a - strength_b) == sign((key_a[0] > key_b[0]) - (key_a[0] < key_b[0]))


@cache
def reference_deadwood(hand: frozenset[int]) -> int:
    """Minimum deadwood: the lowest card is either deadwood or in one of the melds containing it."""
    if not hand:
        return 0
    card = min(hand)
    rank, suit = card % 13, card // 13
    best = int(GIN_VALUES[rank]) + reference_deadwood(hand - {card})
    same_rank = [c for c in hand if c % 13 == rank and c != card]
    for size in (2, 3):
        for others in combinations(same_rank, size):
            best = min(best, reference_deadwood(hand - {card, *others}))
    run_order = [(r + 12) % 13 for r in range(13)]  # A, 2, ..., K
    at = run_order.index(rank)
    for start in range(at + 1):
        for end in range(max(at, start + 2), 13):
            run = {suit * 13 + run_order[p] for p in range(start, end + 1)}
            if run <= hand:
                best = min(best, reference_deadwood(hand - run))
    return best


@settings(max_examples=100, deadline=None)
@given(
    st.lists(
        st.integers(0, 51).filter(lambda c: c % 13 in (12, 0, 1, 2, 3, 9, 10, 11)),
        min_size=1,
        max_size=14,
        unique=True,
    )
)
def test_deadwood_is_the_minimum_over_all_meld_arrangements(hand: list[int]) -> None:
    # ranks A-5 and J-K only, so that random hands are rich in sets and runs
    result = hand_total(np.array(hand, np.int64), len(hand), METHOD_DEADWOOD, GIN_VALUES, 1, 0)
    assert result == reference_deadwood(frozenset(hand))


# ------------------------------------------------------------------------------ same results without the JIT


def jit_sample() -> list[int]:
    """A sample of results, compared between compiled and NUMBA_DISABLE_JIT=1 runs."""
    return [
        poker("AS KS QS JS 10S"),
        poker("KH KS 2H 5H 9H JH 7H"),
        poker("AS 2D 3C 4H 5S"),
        poker("KH KD KC 2S 2H", ALL_PATTERNS & ~(1 << PATTERN_FULL_HOUSE)),
        high_card("AH KD 7C"),
        *blackjack("AS AD 9C"),
        *blackjack("KS QD 5C"),
        *deadwood("7H 7D 7C 7S 5H 6H 8S 9S KC AD"),
    ]


def test_same_results_with_jit_disabled() -> None:
    assert hasattr(hand_strength, "py_func")  # compiled in this process
    assert sample_without_jit(__file__) == (1, jit_sample())

"""Dou Dizhu's combination plays (``engine.combinations``), worked by hand from the published rules.

The published Dou Dizhu (its sources are named in ``genome.library.climbing``'s docstring): a play must
have the type and length of the one on the table and a higher primal part; a bomb beats anything but a
higher bomb or the rocket; the rocket beats everything. Ranks: 3 (0) … A (11), 2 (12), black joker (13),
red joker (14).
"""

from __future__ import annotations

import numpy as np
import pytest

from darwindeck.engine import combinations as C

ALL = (1 << C.N_TYPES) - 1


def hand_of(*ranks: int) -> np.ndarray:
    """A hand as counts per climbing rank, one card per rank listed (repeat a rank for more)."""
    hand = np.zeros(C.N_RANKS, dtype=np.int64)
    for rank in ranks:
        hand[rank] += 1
    return hand


def primals(hand: np.ndarray, table: int, allowed: int = ALL) -> set[tuple[int, int, int]]:
    """The legal primal parts as (type, head, length)."""
    out = np.zeros(C.N_PRIMALS, dtype=np.int64)
    n = C.legal_primals(hand, table, allowed, np.zeros(C.N_RANKS, dtype=np.int64), out)
    return {(int(C.PRIMAL_TYPE[p]), int(C.PRIMAL_HEAD[p]), int(C.PRIMAL_LEN[p])) for p in out[:n]}


def kicker_sets(hand: np.ndarray, p: int) -> set[tuple[int, ...]]:
    """Every complete choice of kickers for primal part ``p``, as the sorted ranks of the kicker cards."""
    found: set[tuple[int, ...]] = set()
    take = 2 if C.TYPE_KICKER[C.PRIMAL_TYPE[p]] == 2 else 1

    def walk(used: np.ndarray, chosen: int, last: int, cards: tuple[int, ...]) -> None:
        if chosen == C.kicker_total(p):
            found.add(cards)
            return
        out = np.zeros(C.N_RANKS, dtype=np.int64)
        for rank in out[: C.legal_kickers(hand, p, used, chosen, last, out)]:
            used[rank] += take
            walk(used, chosen + 1, int(rank), (*cards, *[int(rank)] * take))
            used[rank] -= take

    walk(np.zeros(C.N_RANKS, dtype=np.int64), 0, -1, ())
    return found


def test_climb_rank_orders_three_low_two_and_jokers_high() -> None:
    # card ids: 2♥ = 0, 3♥ = 1, A♥ = 12, 3♠ = 40; jokers 52 (black), 53 (red)
    assert [C.climb_rank(c) for c in (1, 12, 0, 40, 52, 53)] == [0, 11, 12, 0, 13, 14]


def test_a_bomb_beats_a_straight_and_only_a_higher_straight_of_the_same_length_does() -> None:
    # On the table 5-6-7-8-9 (head 2, length 5). The hand: four 4s, 6 7 8 9 10 J, a 3.
    straight = C.primal_id(C.C_SOLO_CHAIN, 2, 5)
    hand = hand_of(1, 1, 1, 1, 3, 4, 5, 6, 7, 8, 0)
    # 6..10 (head 3) and 7..J (head 4) beat it; 6..J is six long and does not; the bomb of 4s does.
    assert primals(hand, straight) == {
        (C.C_SOLO_CHAIN, 3, 5),
        (C.C_SOLO_CHAIN, 4, 5),
        (C.C_BOMB, 1, 1),
    }


def test_the_rocket_beats_a_bomb_and_a_lower_bomb_does_not() -> None:
    bomb_of_twos = C.primal_id(C.C_BOMB, C.TWO, 1)
    hand = hand_of(0, 0, 0, 0, C.BLACK_JOKER, C.RED_JOKER)  # four 3s and both jokers
    assert primals(hand, bomb_of_twos) == {(C.C_ROCKET, C.BLACK_JOKER, 1)}
    rocket = C.primal_id(C.C_ROCKET, C.BLACK_JOKER, 1)
    assert primals(hand, rocket) == set()  # nothing beats the rocket


def test_a_chain_of_pairs_must_match_the_length_on_the_table() -> None:
    # On the table 33-44-55 (head 0, three pairs); the hand holds 66-77-88-99.
    table = C.primal_id(C.C_PAIR_CHAIN, 0, 3)
    hand = hand_of(3, 3, 4, 4, 5, 5, 6, 6)
    # 66-77-88 and 77-88-99 beat it; the four pairs 66-77-88-99 are one pair too many.
    assert primals(hand, table) == {(C.C_PAIR_CHAIN, 3, 3), (C.C_PAIR_CHAIN, 4, 3)}


def test_a_chain_never_holds_a_two() -> None:
    # 10 J Q K A 2: only 10-J-Q-K-A is a chain (head 7); J..2 is not.
    hand = hand_of(7, 8, 9, 10, 11, C.TWO)
    chains = {part for part in primals(hand, C.NO_COMBO) if part[0] == C.C_SOLO_CHAIN}
    assert chains == {(C.C_SOLO_CHAIN, 7, 5)}


def test_a_trio_with_a_solo_takes_any_other_rank_as_its_kicker_including_a_joker() -> None:
    # On the table 666 + 3; the hand: 777, a 5 and the black joker. The kicker is the 5 or the joker.
    table = C.primal_id(C.C_TRIO_SOLO, 3, 1)
    hand = hand_of(4, 4, 4, 2, C.BLACK_JOKER)
    assert primals(hand, table) == {(C.C_TRIO_SOLO, 4, 1)}
    assert kicker_sets(hand, C.primal_id(C.C_TRIO_SOLO, 4, 1)) == {(2,), (C.BLACK_JOKER,)}


def test_the_two_jokers_never_ride_together_as_wings() -> None:
    # 333-444 with both jokers: the airplane with two solos would carry the rocket, so it is not offered.
    hand = hand_of(0, 0, 0, 1, 1, 1, C.BLACK_JOKER, C.RED_JOKER)
    assert (C.C_AIRPLANE_SOLOS, 0, 2) not in primals(hand, C.NO_COMBO)
    # With a 9 as well, the wings are the 9 and either joker.
    hand[6] = 1
    wings = kicker_sets(hand, C.primal_id(C.C_AIRPLANE_SOLOS, 0, 2))
    assert wings == {(6, C.BLACK_JOKER), (6, C.RED_JOKER)}


def test_pair_wings_are_distinct_ranks_outside_the_airplane() -> None:
    # 555-666 with 88 and four 9s: the pair wings are 88 and 99 (one pair of 9s: the ranks differ).
    hand = hand_of(2, 2, 2, 3, 3, 3, 5, 5, 6, 6, 6, 6)
    assert kicker_sets(hand, C.primal_id(C.C_AIRPLANE_PAIRS, 2, 2)) == {(5, 5, 6, 6)}


def test_four_with_two_solos_is_no_bomb() -> None:
    # Four 8s with a 3 and a 4 beat a lower four-with-two, but lose to any bomb.
    four_two = C.primal_id(C.C_FOUR_SOLOS, 5, 1)
    hand = hand_of(0, 0, 0, 0)  # a bomb of 3s
    assert primals(hand, four_two) == {(C.C_BOMB, 0, 1)}
    assert not C.beats(four_two, C.primal_id(C.C_BOMB, 0, 1))


@pytest.mark.parametrize("kind", [C.C_SOLO_CHAIN, C.C_PAIR_CHAIN, C.C_AIRPLANE])
def test_chains_fit_in_twenty_cards_and_stop_at_the_ace(kind: int) -> None:
    parts = [p for p in range(C.N_PRIMALS) if C.PRIMAL_TYPE[p] == kind]
    assert all(C.PRIMAL_HEAD[p] + C.PRIMAL_LEN[p] - 1 <= C.CHAIN_TOP for p in parts)
    assert max(int(C.PRIMAL_LEN[p] * C.TYPE_WIDTH[kind]) for p in parts) <= 20


def test_four_with_two_carries_two_solos_or_two_pairs_of_other_ranks() -> None:
    # Four 8s (rank 5), 33, 555 (rank 2), the red joker. Two solos, in rising rank: 3+3, 3+5, 3+RJ,
    # 5+5, 5+RJ (a rank may repeat, as airplane wings may; never an 8). Two pairs: 33+55 only (the joker
    # is no pair, and one rank gives one pair).
    hand = hand_of(5, 5, 5, 5, 0, 0, 2, 2, 2, C.RED_JOKER)
    solos = kicker_sets(hand, C.primal_id(C.C_FOUR_SOLOS, 5, 1))
    assert solos == {(0, 0), (0, 2), (0, C.RED_JOKER), (2, 2), (2, C.RED_JOKER)}
    assert kicker_sets(hand, C.primal_id(C.C_FOUR_PAIRS, 5, 1)) == {(0, 0, 2, 2)}


# ---- the definitions, read the other way: every sub-multiset of a hand classified -----------------


def _kickers_ok(rest: dict[int, int], count: int, pairs: bool) -> bool:
    """Whether the cards ``rest`` (rank -> cards) are ``count`` solos or ``count`` pairs (module rules)."""
    if pairs:
        return len(rest) == count and all(n == 2 and r <= C.TWO for r, n in rest.items())
    jokers = rest.get(C.BLACK_JOKER, 0) + rest.get(C.RED_JOKER, 0)
    return sum(rest.values()) == count and jokers <= 1 and all(n <= 3 for n in rest.values())


def classify(cards: dict[int, int]) -> set[tuple[int, int, int, tuple[int, ...]]]:
    """Every reading of the cards (rank -> count) as a combination: (type, head, length, kicker ranks)."""
    total, ranks = sum(cards.values()), sorted(cards)
    found: set[tuple[int, int, int, tuple[int, ...]]] = set()
    if cards == {C.BLACK_JOKER: 1, C.RED_JOKER: 1}:
        found.add((C.C_ROCKET, C.BLACK_JOKER, 1, ()))
    if len(ranks) == 1:
        kind = {1: C.C_SOLO, 2: C.C_PAIR, 3: C.C_TRIO, 4: C.C_BOMB}[total]
        if kind == C.C_SOLO or ranks[0] <= C.TWO:
            found.add((kind, ranks[0], 1, ()))
    for head in ranks:
        width, length = cards[head], 0
        while cards.get(head + length) == width and head + length <= C.TWO:
            length += 1
            span = range(head, head + length)
            rest = {r: n for r, n in cards.items() if r not in span}
            kicks = tuple(sorted(r for r, n in rest.items() for _ in range(n)))
            chain_ok = head + length - 1 <= C.CHAIN_TOP
            if not rest and chain_ok and length >= {1: 5, 2: 3, 3: 2, 4: 99}[width]:
                found.add(({1: C.C_SOLO_CHAIN, 2: C.C_PAIR_CHAIN, 3: C.C_AIRPLANE}[width], head, length, ()))
            if width == 3 and (length == 1 or chain_ok):
                if _kickers_ok(rest, length, False):
                    found.add((C.C_TRIO_SOLO if length == 1 else C.C_AIRPLANE_SOLOS, head, length, kicks))
                if _kickers_ok(rest, length, True):
                    found.add((C.C_TRIO_PAIR if length == 1 else C.C_AIRPLANE_PAIRS, head, length, kicks))
            if width == 4 and length == 1:
                if _kickers_ok(rest, 2, False):
                    found.add((C.C_FOUR_SOLOS, head, 1, kicks))
                if _kickers_ok(rest, 2, True):
                    found.add((C.C_FOUR_PAIRS, head, 1, kicks))
    return {f for f in found if f[0] != C.C_AIRPLANE_SOLOS or f[2] <= 5}  # at most 20 cards


def sub_hands(hand: np.ndarray) -> list[dict[int, int]]:
    """Every non-empty sub-multiset of the hand."""
    subs: list[dict[int, int]] = [{}]
    for rank in range(C.N_RANKS):
        subs = [{**s, **({rank: n} if n else {})} for s in subs for n in range(int(hand[rank]) + 1)]
    return [s for s in subs if s]


def all_plays(hand: np.ndarray, table: int) -> set[tuple[int, int, int, tuple[int, ...]]]:
    """Our plays through the engine's two steps: primal parts, then every kicker sequence."""
    plays: set[tuple[int, int, int, tuple[int, ...]]] = set()
    for kind, head, length in primals(hand, table):
        p = C.primal_id(kind, head, length)
        plays |= {(kind, head, length, kicks) for kicks in kicker_sets(hand, p)}
    return plays


def test_every_play_offered_is_a_combination_by_definition_and_every_one_is_offered() -> None:
    # 60 seeded 12-card hands from the 54-card pack: the plays offered when leading are exactly the
    # readings, by the definitions above, of every part of the hand; over a random table, exactly
    # those readings that beat it.
    rng = np.random.default_rng(2026)
    for _ in range(60):
        cards = rng.choice(54, size=12, replace=False)
        hand = hand_of(*(C.climb_rank(int(c)) for c in cards))
        readings = set().union(*(classify(s) for s in sub_hands(hand)))
        assert all_plays(hand, C.NO_COMBO) == readings
        table = int(rng.integers(C.N_PRIMALS))
        beating = {r for r in readings if C.beats(C.primal_id(*r[:3]), table)}
        assert all_plays(hand, table) == beating

"""The dealer operators (``evolve.mutations.dealer``): evolution may add, tune and remove Blackjack's
house dealer, and only where validation lets a game have one."""

from __future__ import annotations

import dataclasses
import random

from darwindeck.evolve.mutations import dealer
from darwindeck.evolve.operators import OPERATORS
from darwindeck.genome import DealerPhase, DrawPhase
from darwindeck.genome.library import get_game
from darwindeck.genome.validation import validate


def test_the_three_operators_are_registered_with_the_phase_operators_rates() -> None:
    rates = {name: (OPERATORS[name].rate, OPERATORS[name].aggressive_rate) for name in OPERATORS}
    assert rates["AddDealerPhaseMutation"] == rates["RemoveDealerPhaseMutation"] == (0.03, 0.06)
    assert rates["MutateDealerPhaseMutation"] == (0.10, 0.20)


def test_remove_then_add_gives_back_the_library_dealer() -> None:
    blackjack = get_game("blackjack")
    bare = dealer.remove_dealer_phase(blackjack, random.Random(0))
    assert [type(p) for p in bare.phases] == [DrawPhase]
    again = dealer.add_dealer_phase(bare, random.Random(0))
    assert again.phases == blackjack.phases and validate(again).ok


def test_no_dealer_is_added_where_the_game_cannot_have_one() -> None:
    # Hearts has no point-total hand evaluation, Go Fish none either: both are returned unchanged.
    for slug in ("hearts", "go-fish"):
        game = get_game(slug)
        assert dealer.add_dealer_phase(game, random.Random(1)) is game
    # A game that already has a dealer keeps its one dealer.
    blackjack = get_game("blackjack")
    assert dealer.add_dealer_phase(blackjack, random.Random(1)) is blackjack


def test_mutate_changes_exactly_one_field_within_its_range() -> None:
    blackjack = get_game("blackjack")
    (before,) = [p for p in blackjack.phases if isinstance(p, DealerPhase)]
    changed_fields = set()
    for seed in range(40):
        child = dealer.mutate_dealer_phase(blackjack, random.Random(seed))
        (after,) = [p for p in child.phases if isinstance(p, DealerPhase)]
        diff = [
            f.name for f in dataclasses.fields(after) if getattr(after, f.name) != getattr(before, f.name)
        ]
        assert len(diff) == 1 and 15 <= after.stand_on <= 19 and validate(child).ok
        changed_fields.update(diff)
    assert changed_fields == {"stand_on", "hits_soft", "naturals", "peek"}


def test_mutate_without_a_dealer_is_unchanged() -> None:
    hearts = get_game("hearts")
    assert dealer.mutate_dealer_phase(hearts, random.Random(0)) is hearts

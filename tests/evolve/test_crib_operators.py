"""The crib operators (``evolve.mutations.crib``): evolution may add, tune and remove Cribbage's crib and
show, together, and only where validation lets a game have them."""

from __future__ import annotations

import dataclasses
import random

from darwindeck.evolve.mutations import crib
from darwindeck.evolve.operators import OPERATORS
from darwindeck.evolve.repair import vet
from darwindeck.genome import CountPhase, CribPhase, ShowPhase
from darwindeck.genome.library import get_game
from darwindeck.genome.validation import validate


def test_the_three_operators_are_registered_with_the_phase_operators_rates() -> None:
    rates = {name: (OPERATORS[name].rate, OPERATORS[name].aggressive_rate) for name in OPERATORS}
    assert rates["AddCribMutation"] == rates["RemoveCribMutation"] == (0.03, 0.06)
    assert rates["MutateCribMutation"] == (0.10, 0.20)


def test_remove_then_add_gives_back_the_library_cribbage() -> None:
    cribbage = get_game("cribbage")
    bare = crib.remove_crib(cribbage, random.Random(0))
    assert bare.phases == (CountPhase(),)
    again = crib.add_crib(bare, random.Random(0))
    assert again.phases == cribbage.phases and validate(again).ok


def test_no_crib_is_added_where_the_game_cannot_have_one() -> None:
    # Cheat's claim pile is where the crib would lie; Blackjack's dealer uses it too: both unchanged.
    for slug in ("cheat", "blackjack"):
        game = get_game(slug)
        assert crib.add_crib(game, random.Random(1)) is game
    cribbage = get_game("cribbage")
    assert crib.add_crib(cribbage, random.Random(1)) is cribbage  # one crib a game


def test_mutate_changes_exactly_one_field_and_stays_valid() -> None:
    cribbage = get_game("cribbage")
    before = {type(p): p for p in cribbage.phases}
    changed_fields = set()
    for seed in range(60):
        child = crib.mutate_crib(cribbage, random.Random(seed))
        after = {type(p): p for p in child.phases}
        diff = [
            f.name
            for kind in (CribPhase, ShowPhase)
            for f in dataclasses.fields(after[kind])
            if getattr(after[kind], f.name) != getattr(before[kind], f.name)
        ]
        assert len(diff) == 1 and validate(child).ok
        changed_fields.update(diff)
    assert changed_fields == {"count", "heels", "nobs", "crib_four_flush"}


def test_mutate_without_a_crib_is_unchanged() -> None:
    hearts = get_game("hearts")
    assert crib.mutate_crib(hearts, random.Random(0)) is hearts


def test_a_crib_with_a_deal_too_big_is_repaired_to_cribbages_proportions() -> None:
    # Hearts' deal (four players, 13 cards) with Cribbage's turn: eight cards laid away is more than a
    # show counts, and 52 dealt leave no starter. The repair lays away 7 // 4 = 1 card each (the crib of
    # four, as Pagat's four-player game) and deals 1 + 4 = 5 (20 dealt, 32 left for the starter).
    cribbage, hearts = get_game("cribbage"), get_game("hearts")
    child = hearts.replace(turn_structure=cribbage.turn_structure, win_conditions=cribbage.win_conditions)
    vetted = vet(child)
    assert vetted.repairs == ("fit_crib_deal",) and vetted.genome is not None
    assert vetted.genome.setup.cards_per_player == 5
    assert vetted.genome.phases[0] == CribPhase(count=1)

"""Crossover: spec 000's effects union, spec 003's team inheritance, sections, validation, lineage."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from darwindeck.evolve.crossover import CROSSOVER, Donors, combine, crossover, draw_donors
from darwindeck.evolve.mutations.effects import crossover_effects
from darwindeck.genome.cards import Rank
from darwindeck.genome.library import all_games, get_game
from darwindeck.genome.schema import EffectType, GameGenome, SpecialEffect, TargetSelector
from darwindeck.genome.validation import validate
from strategies import genomes

DRAW_TWO = SpecialEffect(Rank.TWO, EffectType.DRAW_CARDS, TargetSelector.NEXT_PLAYER, 2)
SKIP_JACK = SpecialEffect(Rank.JACK, EffectType.SKIP_NEXT)
REVERSE_JACK = SpecialEffect(Rank.JACK, EffectType.REVERSE_DIRECTION, TargetSelector.ALL_OPPONENTS)
EXTRA_KING = SpecialEffect(Rank.KING, EffectType.EXTRA_TURN)


def with_effects(*effects: SpecialEffect) -> GameGenome:
    return get_game("crazy-eights").replace(special_effects=effects)


def test_effects_union_by_rank_second_parent_overrides_on_a_low_draw() -> None:
    first, second = with_effects(DRAW_TWO, SKIP_JACK), with_effects(REVERSE_JACK, EXTRA_KING)
    # Random(1) draws 0.134 (< ½: the jack is overridden) then 0.847 (≥ ½: the king is not added).
    assert crossover_effects(first, second, random.Random(1)) == (DRAW_TWO, REVERSE_JACK)
    # Random(0) draws 0.844 and 0.758: nothing of the second parent is taken.
    assert crossover_effects(first, second, random.Random(0)) == (DRAW_TWO, SKIP_JACK)
    # Random(4) draws 0.236 and 0.103: both are taken; the king joins after the first parent's ranks.
    assert crossover_effects(first, second, random.Random(4)) == (DRAW_TWO, REVERSE_JACK, EXTRA_KING)


def test_effects_of_one_parent_only() -> None:
    first, empty = with_effects(DRAW_TWO, SKIP_JACK), with_effects()
    assert crossover_effects(first, empty, random.Random(0)) == (DRAW_TWO, SKIP_JACK)
    assert crossover_effects(empty, empty, random.Random(0)) == ()


def test_team_configuration_is_inherited_from_the_donor_when_it_fits() -> None:
    partnership, hearts = get_game("partnership-spades"), get_game("hearts")
    donors = Donors(setup=hearts, turn=partnership, wins=partnership, scoring=hearts, teams=partnership)
    child = combine(hearts, partnership, donors, ())
    assert (child.team_mode, child.teams) == (True, ((0, 2), (1, 3)))


def test_team_configuration_falls_back_to_the_other_parent_when_it_does_not_fit() -> None:
    partnership = get_game("partnership-spades")
    three = get_game("hearts").replace(player_count=3)
    donors = Donors(setup=three, turn=partnership, wins=partnership, scoring=three, teams=partnership)
    child = combine(three, partnership, donors, ())
    assert (child.player_count, child.team_mode, child.teams) == (3, False, ())
    assert validate(child).ok


def test_sections_come_from_one_parent_each() -> None:
    hearts, whist = get_game("hearts"), get_game("whist")
    for seed in range(40):
        child = crossover(hearts, whist, random.Random(seed)).genome
        assert child.setup in (hearts.setup, whist.setup)
        assert child.turn_structure in (hearts.turn_structure, whist.turn_structure)
        assert child.win_conditions in (hearts.win_conditions, whist.win_conditions)
        assert child.scoring in (hearts.scoring, whist.scoring)
        assert (child.team_mode, child.teams) in ((False, ()), (True, whist.teams))


def test_child_records_both_parents_and_a_generated_name() -> None:
    hearts, whist = get_game("hearts"), get_game("whist")
    child = crossover(hearts, whist, random.Random(2))
    assert child.parents == (hearts.identity, whist.identity)
    assert child.operators == (CROSSOVER,)
    assert child.rejected == ()
    assert child.genome.name not in (hearts.name, whist.name)
    assert len(child.genome.name.split()) == 2
    assert crossover(hearts, whist, random.Random(2)) == child


def test_an_unrepairable_crossover_is_rejected_and_keeps_the_first_parent() -> None:
    war, eights = get_game("war"), get_game("crazy-eights")
    donors = draw_donors(war, eights, random.Random(22))
    # War's capture_all with crazy eights' setup (no WAR tableau) can never fire: no repair helps.
    assert donors.setup is eights and donors.turn is war
    child = crossover(war, eights, random.Random(22))
    assert child.rejected == (CROSSOVER,)
    assert child.operators == ()
    assert child.parents == (war.identity,)
    assert child.identity == war.identity


def test_crossover_of_library_games_is_always_valid() -> None:
    games = list(all_games().values())
    rng = random.Random(2024)
    rejected = 0
    for _ in range(600):
        child = crossover(rng.choice(games), rng.choice(games), rng)
        assert validate(child.genome).ok, child
        rejected += bool(child.rejected)
    # About a tenth are rejected: 54 to 57 of 600 at seeds 2024, 1, 2, 3 with the 32 games before
    # Cribbage; 59 to 65 with it (2 to 7 of them Cribbage's crib in a deal the repair cannot fit); 58 to
    # 79 with Texas Hold'em too (6 to 11 of them with Hold'em a parent: its board needs a poker showdown,
    # no tableau and room in the deck). With the board repairs (``repair.fit_board_*``): 70, 62, 53, 58
    # (2 or 3 with Hold'em a parent, all of them Hold'em's setup under a capture game's turn, which
    # needs a tableau mode: no board is left unrepaired).
    assert rejected < 75


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), data=st.data())
def test_crossover_of_any_valid_genomes_is_valid(seed: int, data: st.DataObject) -> None:
    first, second = data.draw(genomes()), data.draw(genomes())
    assert validate(crossover(first, second, random.Random(seed)).genome).ok

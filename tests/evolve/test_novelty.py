"""The structural distance: exact values on hand-picked pairs, and the metric's properties (the nearest
published game: ``test_novelty_published.py``)."""

from __future__ import annotations

import dataclasses
import itertools
import math

import pytest
from hypothesis import given, settings

from darwindeck.evolve.novelty import (
    WEIGHTS,
    edit_distance,
    feature_distances,
    features,
    genome_distance,
    jaccard_distance,
)
from darwindeck.genome.cards import Rank
from darwindeck.genome.library import all_games, get_game
from darwindeck.genome.phases import DrawPhase
from darwindeck.genome.schema import EffectType, GameGenome, SpecialEffect, WinCondition, WinType
from strategies import genomes

HEARTS = get_game("hearts")


def test_weights_sum_to_one() -> None:
    assert math.isclose(sum(WEIGHTS.values()), 1.0)


def test_edit_and_jaccard_distances() -> None:
    assert edit_distance(("draw", "play"), ("draw", "play")) == 0
    assert edit_distance(("draw", "play"), ("play",)) == 1
    assert edit_distance(("draw", "play", "discard"), ("play", "draw")) == 2
    assert jaccard_distance(frozenset({1, 2}), frozenset({2, 3})) == pytest.approx(2 / 3)
    assert jaccard_distance(frozenset(), frozenset()) == 0.0


def test_hearts_is_closer_to_spades_than_to_war() -> None:
    assert genome_distance(HEARTS, get_game("spades")) < genome_distance(HEARTS, get_game("war"))


def test_hearts_against_spades_feature_by_feature() -> None:
    spades = get_game("spades")
    turns = abs(math.log(3000) - math.log(2000)) / math.log(65535)
    assert feature_distances(features(HEARTS), features(spades)) == pytest.approx(
        {
            "phases": 0.5,  # [trick] vs [bidding, trick]
            "tableau_mode": 0.0,
            "win_types": 1.0,  # low_score vs first_to_score
            "effects": 0.0,
            "teams": 0.0,
            "bidding": 1.0,
            "scoring": 1.0,  # hearts' two card rules vs none
            "deck": 0.0,
            "player_count": 0.0,
            "numbers": (turns + 1.0) / 5,  # max_turns 2000 vs 3000; spades has a trump suit
        }
    )
    assert genome_distance(HEARTS, spades) == pytest.approx(
        0.125 + 0.15 + 0.05 + 0.10 + 0.15 * (turns + 1) / 5
    )


def test_hearts_against_war_is_exact() -> None:
    # phases 1 (trick vs play), tableau 1, wins 1, scoring 1, player count 2/4; numbers: hearts deals
    # 13 × 4 = 52, war 26 × 2 = 52, max_turns 2000 against 10000 (log-scaled), no wilds, trump, chips.
    turns = abs(math.log(10000) - math.log(2000)) / math.log(65535) / 5
    expected = 0.25 + 0.05 + 0.15 + 0.10 + 0.05 * 0.5 + 0.15 * turns
    assert get_game("war").max_turns == 10000
    assert genome_distance(HEARTS, get_game("war")) == pytest.approx(expected)


@pytest.mark.parametrize(
    ("variant", "expected"),
    [
        (HEARTS.replace(special_effects=(SpecialEffect(Rank.TWO, EffectType.SKIP_NEXT),)), 0.10),
        (HEARTS.replace(team_mode=True, teams=((0, 2), (1, 3))), 0.05),
        (HEARTS.replace(win_conditions=(*HEARTS.win_conditions, WinCondition(WinType.MOST_TRICKS))), 0.075),
        (
            HEARTS.replace(
                turn_structure=dataclasses.replace(
                    HEARTS.turn_structure, phases=(*HEARTS.phases, DrawPhase())
                )
            ),
            0.25 / 3,  # one phase of three differs (pass, trick, + draw)
        ),
        # player count 1/4, and the share of the deck dealt falls from 52/52 to 39/52 (numbers: ¼ / 5)
        (HEARTS.replace(player_count=3), 0.05 * 0.25 + 0.15 * 0.25 / 5),
    ],
    ids=["one-effect", "teams", "extra-win", "extra-phase", "three-players"],
)
def test_one_change_costs_its_weight(variant: GameGenome, expected: float) -> None:
    assert genome_distance(HEARTS, variant) == pytest.approx(expected)


def test_effects_of_the_same_type_on_one_rank_are_half_different() -> None:
    one = HEARTS.replace(special_effects=(SpecialEffect(Rank.TWO, EffectType.DRAW_CARDS, value=2),))
    other = HEARTS.replace(special_effects=(SpecialEffect(Rank.TWO, EffectType.DRAW_CARDS, value=4),))
    assert genome_distance(one, other) == pytest.approx(0.05)


def test_a_relabelled_game_is_at_distance_zero() -> None:
    relabelled = HEARTS.replace(name="Cardiac Arrest", description="Something else entirely.")
    assert genome_distance(HEARTS, relabelled) == 0.0


def test_library_distances_are_a_symmetric_bounded_dissimilarity() -> None:
    games = list(all_games().values())
    for game in games:
        assert genome_distance(game, game) == 0.0
    for a, b in itertools.combinations(games, 2):
        d = genome_distance(a, b)
        assert d == genome_distance(b, a)
        assert 0.0 <= d <= 1.0


@settings(max_examples=60, deadline=None)
@given(a=genomes(), b=genomes())
def test_distance_properties_hold_for_any_genomes(a: GameGenome, b: GameGenome) -> None:
    assert genome_distance(a, a) == 0.0
    assert genome_distance(a, b) == genome_distance(b, a)
    assert 0.0 <= genome_distance(a, b) <= 1.0

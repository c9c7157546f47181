"""Novelty against the published corpus: the corpus, the nearest known game, the words, the threshold.

Every expected distance is worked out by hand from the weights of ``novelty.WEIGHTS`` (phases 0.25, win
types 0.15, effects 0.10, scoring 0.10, numbers 0.15, the rest 0.05) and the rules of the games.
"""

from __future__ import annotations

import dataclasses
import math

import pytest

from darwindeck.evolve.differences import describe_difference, difference_clauses
from darwindeck.evolve.novelty import Edit, Features, edit_distance, edit_script, features
from darwindeck.evolve.published import PUBLISHED, REDISCOVERY_DISTANCE, corpus, nearest_known
from darwindeck.genome.cards import DeckType, Rank
from darwindeck.genome.identity import PHASE_KIND_NAMES
from darwindeck.genome.library import all_games, get_game
from darwindeck.genome.phases import ClaimPhase, DrawPhase, Phase
from darwindeck.genome.schema import EffectType, GameGenome, TableauMode, TargetSelector, WinType


def _with_phases(genome: GameGenome, phases: tuple[Phase, ...], name: str) -> GameGenome:
    return genome.replace(name=name, turn_structure=dataclasses.replace(genome.turn_structure, phases=phases))


def test_the_corpus_holds_the_library_and_at_least_thirty_published_games() -> None:
    library = all_games()
    slugs = [game.slug for game in corpus()]
    assert len(PUBLISHED) >= 30
    assert len(slugs) == len(set(slugs)) == len(library) + len(PUBLISHED)  # no published game twice
    kinds = set(PHASE_KIND_NAMES.values())
    for game in PUBLISHED:
        assert game.source and set(game.phases) <= kinds, game.slug
        assert game.deck.size > 0 and 0 < game.dealt * game.players <= game.deck.size, game.slug
        assert nearest_known(game.features()).distance == 0.0


def test_every_library_game_is_its_own_nearest_at_distance_zero() -> None:
    for slug, genome in all_games().items():
        found = nearest_known(genome)
        assert found.distance == 0.0 and found.rediscovery, slug
        assert found.difference == f"the same rules as {found.game.name}"
        # Two corpus entries at 0 (equal features) are allowed only when one of them is this game.
        assert slug in {g.slug for g in corpus() if g.features == features(genome)}


def test_whist_with_a_claim_phase_names_whist_and_what_was_added() -> None:
    # Whist's turn is one trick phase; a claim after it makes the phase sequence (trick, claim): one edit
    # in two phases, 0.25 × ½ = 0.125, and nothing else changes. That is past 0.08: a stapled hybrid, new.
    whist = get_game("whist")
    variant = _with_phases(whist, (*whist.phases, ClaimPhase()), "Claimed Whist")
    found = nearest_known(variant)
    assert found.game.slug == "whist"
    assert found.distance == pytest.approx(0.125)
    assert found.difference == "Whist, with a Cheat claim after every trick"
    assert not found.rediscovery


def test_the_threshold_separates_a_changed_parameter_from_a_stapled_mechanism() -> None:
    hearts = get_game("hearts")
    # One parameter: three players instead of four. Players ¼ × 0.05, and 13 × 3 of 52 cards dealt
    # instead of all 52 (numbers: ¼ / 5 × 0.15): 0.0125 + 0.0075 = 0.02 < 0.08, a rediscovery of Hearts.
    three = nearest_known(hearts.replace(player_count=3))
    assert (three.game.slug, three.rediscovery) == ("hearts", True)
    assert three.distance == pytest.approx(0.02)
    assert three.difference == "Hearts for 3 players"
    # A Cheat claim stapled after Hearts' trick: one phase of three, 0.25 / 3 = 0.0833 > 0.08, new.
    stapled = nearest_known(_with_phases(hearts, (*hearts.phases, ClaimPhase()), "Cheating Hearts"))
    assert (stapled.game.slug, stapled.rediscovery) == ("hearts", False)
    assert stapled.distance == pytest.approx(0.25 / 3)
    assert stapled.difference == "Hearts, with a Cheat claim after every trick"
    assert 0.02 < REDISCOVERY_DISTANCE < 0.25 / 3


def test_hearts_on_a_32_card_deck_without_passing_is_nearest_polignac() -> None:
    # Hearts with the piquet deck, 8 cards each and no pass is one trick phase on 32 cards to the lowest
    # score, as Polignac is; they differ in what scores (Hearts' hearts and Q♠ against Polignac's four
    # jacks: Jaccard 1, 0.10) and the turn limit (2000 against 1000: log 2 / log 65535 / 5 × 0.15).
    hearts = get_game("hearts")
    setup = dataclasses.replace(hearts.setup, initial_deck=DeckType.PIQUET_32, cards_per_player=8)
    variant = _with_phases(hearts.replace(setup=setup), hearts.phases[1:], "Short Hearts")
    found = nearest_known(variant)
    assert found.game.slug == "polignac"
    assert found.distance == pytest.approx(0.10 + 0.15 * math.log(2) / math.log(65535) / 5)
    assert found.difference == "Polignac, with other card scoring (2 added, 4 dropped)"
    # Against Hearts itself the words name the two changes the brief of the issue names.
    as_hearts = describe_difference("Hearts", features(variant), features(hearts))
    assert as_hearts == "Hearts, with no passing, a 32-card deck and 8 cards dealt to each"


def test_exclude_gives_the_nearest_other_game() -> None:
    # Partnership Spades is Spades in two teams of two: 0.05 (teams) apart, nothing else differs.
    found = nearest_known(get_game("partnership-spades"), exclude=["partnership-spades"])
    assert found.game.slug == "spades" and found.distance == pytest.approx(0.05)
    assert found.difference == "Spades, in partnerships"
    with pytest.raises(ValueError, match="no game left"):
        nearest_known(get_game("war"), exclude=[game.slug for game in corpus()])


def test_edit_script_by_hand() -> None:
    assert edit_script(("trick",), ("trick", "claim")) == [Edit(None, "claim", 1)]
    assert edit_script(("pass", "trick"), ("trick",)) == [Edit("pass", None, 0)]
    assert edit_script(("draw",), ("claim",)) == [Edit("draw", "claim", 0)]
    # A tie between two substitutions and a deletion plus an insertion keeps "play" matched.
    assert edit_script(("draw", "play"), ("play", "discard")) == [
        Edit("draw", None, 0),
        Edit(None, "discard", 1),
    ]
    for a, b in [(("a", "b", "c"), ("c", "a")), ((), ("x", "y")), (("x",), ())]:
        assert len(edit_script(a, b)) == edit_distance(a, b)


BASE = Features(
    phase_kinds=("draw", "play"),
    tableau_mode=TableauMode.NONE,
    win_types=frozenset({WinType.EMPTY_HAND}),
    effects={},
    team_sizes=None,
    bidding=False,
    scoring_items=frozenset(),
    deck="standard_52",
    player_count=4,
    numbers=(0.5, 0.5, 0.0, 0.0, 0.0),
    deck_size=52,
    cards_dealt=7,
)


def _draw_effect(value: int) -> dict[Rank, tuple[EffectType, TargetSelector, int]]:
    return {Rank.TWO: (EffectType.DRAW_CARDS, TargetSelector.NEXT_PLAYER, value)}


@pytest.mark.parametrize(
    ("change", "sentence"),
    [
        ({}, "the same rules as Base"),
        ({"phase_kinds": ("play",)}, "Base, with no drawing"),
        ({"phase_kinds": ("pass", "draw", "play")}, "Base, with a passing round before every draw"),
        ({"phase_kinds": ("claim", "play")}, "Base, with a Cheat claim instead of the draw"),
        ({"phase_kinds": ("draw", "play", "draw")}, "Base, with a second draw after every play"),
        (
            {"effects": {Rank.EIGHT: (EffectType.NAME_SUIT, TargetSelector.NEXT_PLAYER, 1)}},
            "Base, with an eight that names a suit",
        ),
        (
            {"win_types": frozenset({WinType.MOST_TRICKS})},
            "Base, won by the most tricks instead of going out first",
        ),
        # Phases 0.0833 before teams 0.05: the bigger difference is said first.
        (
            {"phase_kinds": ("draw", "play", "discard"), "team_sizes": (2, 2)},
            "Base, with a discard after every play, in partnerships",
        ),
        ({"player_count": 1}, "Base for 1 player"),
        (
            {"deck": "piquet_32", "deck_size": 32, "numbers": (0.5, 0.5, 0.0, 1.0, 0.0)},
            "Base, with a 32-card deck and a fixed trump suit",
        ),
    ],
)
def test_sentences_from_hand_made_differences(change: dict[str, object], sentence: str) -> None:
    assert describe_difference("Base", dataclasses.replace(BASE, **change), BASE) == sentence  # type: ignore[arg-type]


def test_an_effect_changed_in_value_and_the_limit() -> None:
    one, other = (
        dataclasses.replace(BASE, effects=_draw_effect(4)),
        dataclasses.replace(BASE, effects=_draw_effect(2)),
    )
    assert describe_difference("Base", one, other) == (
        "Base, with a two that makes the next player draw 4 instead of one that makes the next player draw 2"
    )
    # Four differences, three shown (phases 0.125, win types 0.15 × 1, teams 0.05, players 0.0125),
    # biggest first: win types, phases, teams; the players are left as one smaller difference.
    many = dataclasses.replace(
        BASE,
        phase_kinds=("play",),
        win_types=frozenset({WinType.HIGH_SCORE}),
        team_sizes=(2, 2),
        player_count=5,
    )
    weights = [round(clause.weight, 4) for clause in difference_clauses(many, BASE)]
    assert weights == [0.15, 0.125, 0.05, 0.0125]
    assert describe_difference("Base", many, BASE) == (
        "Base, with no drawing, won by the highest score instead of going out first, in partnerships "
        "(and 1 smaller difference)"
    )


def test_a_genome_with_german_whists_rules_is_a_rediscovery_of_german_whist() -> None:
    # German Whist (pagat.com): two players, 13 cards each from 52, a trick then a draw from the stock,
    # the most tricks wins. Knock-Out Whist's genome given those rules has German Whist's features
    # exactly (no card scoring, no trump fixed by rule; the turn limit set to the corpus's 1000): no
    # library game is that close, so the nearest is the published description, at 0.
    knockout = get_game("knockout-whist")
    setup = dataclasses.replace(knockout.setup, cards_per_player=13)
    rules = knockout.replace(player_count=2, setup=setup, max_turns=1000)
    genome = _with_phases(rules, (*knockout.phases, DrawPhase()), "Stocked Whist")
    found = nearest_known(genome)
    assert (found.game.slug, found.distance, found.rediscovery) == ("german-whist", 0.0, True)
    assert found.game.source == "pagat.com, German Whist"

"""The quality-diversity archive, the descriptors it files games by, one entry per game, and the axes a
designer's brief leaves it."""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from darwindeck.evolve.archive import Archive, Elite
from darwindeck.evolve.brief import niche_axes, parse_brief
from darwindeck.evolve.evaluator import LocalEvaluator
from darwindeck.evolve.ga import HallOfFame, Individual, evolve
from darwindeck.evolve.gallery import heat_map_axes
from darwindeck.evolve.quality.descriptors import describe, family
from darwindeck.evolve.settings import EvolutionSettings
from darwindeck.evolve.store import Evaluation, RunStore
from darwindeck.genome.library import all_games, get_game
from darwindeck.genome.schema import GameGenome


@pytest.mark.parametrize(
    ("name", "expected"),
    [
        ("spades", "bidding"),
        ("bridge", "bidding"),
        ("simple-poker", "betting"),
        ("cheat", "claiming"),
        ("hearts", "trick-taking"),
        ("scopa", "capture"),
        ("gin-rummy", "collecting"),
        ("blackjack", "collecting"),
        ("crazy-eights", "shedding"),
    ],
)
def test_families(name: str, expected: str) -> None:
    assert family(get_game(name)) == expected


def test_bins_by_hand() -> None:
    d = describe(get_game("hearts"), {"meaningful_decisions": 29.9, "luck": 0.33, "interaction": 0.6})
    # 29.9 < 30 is short; a luck of 0.33 is not below 0.33: mixed; 0.6 interaction is direct.
    assert (d.family, d.players, d.length, d.luck, d.interaction, d.hidden) == (
        "trick-taking",
        "4+",
        "short",
        "mixed",
        "direct",
        "unmeasured",
    )
    assert describe(get_game("war"), {"meaningful_decisions": 120.0}).length == "long"


def _evaluation(total: float, decisions: float = 50.0, fingerprint: float = 1.0) -> Evaluation:
    return Evaluation(total, {"meaningful_decisions": decisions, "fingerprint": fingerprint}, None)


def test_an_elite_is_replaced_only_by_a_better_game() -> None:
    archive = Archive()
    hearts, whist = get_game("hearts"), get_game("whist").replace(player_count=4)
    assert archive.offer("a", hearts, _evaluation(0.5, fingerprint=1.0))
    assert not archive.offer("b", whist, _evaluation(0.5, fingerprint=2.0))  # a tie keeps the first
    assert archive.offer("b", whist, _evaluation(0.6, fingerprint=2.0))
    assert not archive.offer("c", hearts, _evaluation(0.0, fingerprint=3.0))  # gated games never enter
    assert [elite.identity for elite in archive.elites()] == ["b"]


def test_one_game_one_niche() -> None:
    # The same fingerprint (the same seeded games) in another niche does not enter a second time.
    archive = Archive()
    archive.offer("a", get_game("hearts"), _evaluation(0.5, decisions=50.0, fingerprint=7.0))
    assert not archive.offer("b", get_game("hearts"), _evaluation(0.9, decisions=200.0, fingerprint=7.0))
    assert len(archive) == 1


def test_niches_are_chosen_uniformly() -> None:
    archive = Archive()
    games = all_games()
    for index, name in enumerate(("hearts", "spades", "scopa", "cheat")):
        archive.offer(name, games[name], _evaluation(0.1 * (index + 1), fingerprint=float(index)))
    rng = random.Random(4)
    drawn = [archive.choose(rng).identity for _ in range(4000)]
    for name in ("hearts", "spades", "scopa", "cheat"):
        assert 900 < drawn.count(name) < 1100  # 1000 expected, whatever the fitness


def test_refresh_follows_the_current_fitness() -> None:
    archive = Archive()
    archive.offer("a", get_game("hearts"), _evaluation(0.5))
    archive.refresh({"a": _evaluation(0.7)})
    assert archive.elites()[0].evaluation.total == 0.7
    archive.refresh({"a": _evaluation(0.0)})
    assert len(archive) == 0


def test_the_hall_of_fame_lists_one_game_once() -> None:
    hearts = Individual.of(get_game("hearts"))
    copy = Individual.of(get_game("hearts").replace(name="Hearts Again"))
    other = Individual.of(get_game("whist"))
    fitness = {
        hearts.identity: _evaluation(0.5, fingerprint=1.0),
        copy.identity: _evaluation(0.6, fingerprint=1.0),
        other.identity: _evaluation(0.4, fingerprint=2.0),
    }
    hall = HallOfFame(5)
    hall.update([hearts, copy, other], fitness)
    assert [entry.individual.identity for entry in hall.entries] == [copy.identity, other.identity]


# ------------------------------------------------------------------------------ the axes and the brief

#: The issue's example brief: 3 players, 32 cards, about 15 minutes, tricks wanted, betting refused.
EXAMPLE = {"players": 3, "deck": {"size": 32}, "minutes": 15, "wanted": ["tricks"], "refused": ["betting"]}


def _settings(brief: dict[str, Any] | None = None, **changes: Any) -> EvolutionSettings:
    steered = parse_brief(brief).settings_changes() if brief is not None else {}
    return EvolutionSettings(**{**steered, **changes})


def test_the_example_brief_files_games_by_luck_hands_and_decisions() -> None:
    # Worked out from the rules (quality.descriptors, evolve.brief): 3 players fixes players, the 32-card
    # deck fixes deck, 15 minutes fixes length, tricks wanted fixes family (a trick phase makes a game
    # trick-taking unless it bids, bets or claims) and interaction (a turn leads a trick, one interaction
    # event: every trick game reads 1). Family, players and length are each replaced, in place, by the
    # first spare not fixed: luck, hands, then (deck being fixed) decisions.
    assert niche_axes(parse_brief(EXAMPLE)) == ("luck", "hands", "decisions")
    assert Archive.for_settings(_settings(EXAMPLE)).axes == ("luck", "hands", "decisions")


@pytest.mark.parametrize(
    ("brief", "axes"),
    [
        ({"players": 3}, ("family", "interaction", "length")),
        ({"minutes": 10}, ("family", "players", "interaction")),
        ({"wanted": ["passing"]}, ("family", "players", "length")),  # passing decides no family
        ({"wanted": ["knocking"], "deck": {"size": 52}}, ("interaction", "players", "length")),
        ({"players": 4, "wanted": ["bidding"]}, ("luck", "hands", "length")),
        ({"from": ["whist", "knaves"]}, ("luck", "players", "length")),  # both trick-taking, both tricks
        ({"from": ["cheat", "president"]}, ("family", "players", "length")),  # claiming, shedding
        ({"from": ["whist", "cheat"]}, ("family", "players", "length")),  # two families
    ],
)
def test_each_axis_a_brief_fixes_is_replaced_in_its_place(
    brief: dict[str, Any], axes: tuple[str, ...]
) -> None:
    assert niche_axes(parse_brief(brief)) == axes


def _evaluation(total: float, decisions: float = 50.0, fingerprint: float = 1.0, **more: float) -> Evaluation:
    return Evaluation(total, {"meaningful_decisions": decisions, "fingerprint": fingerprint, **more}, None)


#: Library games and hand-made breakdowns: (slug, meaningful decisions, interaction, luck, hands a game).
OFFERS = (
    ("whist", 127.0, 0.9, 0.89, 6.0),
    ("knaves", 60.0, 0.3, 0.5, 4.0),
    ("spades", 1252.0, 0.7, 0.51, 12.0),
    ("cheat", 191.0, 0.4, 0.21, 1.0),
    ("gin-rummy", 262.0, 0.1, 0.54, 3.0),
    ("scopa", 26.0, 0.7, 1.0, 1.0),
)


def _offered(archive: Archive) -> list[tuple[str, ...]]:
    games = all_games()
    for index, (slug, decisions, interaction, luck, hands) in enumerate(OFFERS):
        more = {"interaction": interaction, "luck": luck, "hands_per_game": hands}
        evaluation = _evaluation(0.5, decisions, float(index), **more)
        archive.offer(slug, games[slug], evaluation)
    return sorted(archive.cells)


def test_without_a_brief_the_niches_are_family_players_length() -> None:
    # Today's niches, worked out by hand from the module tables: Whist (4 players, 127 ≥ 120 decisions),
    # Knaves (3, 60), Spades (bidding, 4, 1252), Cheat (claiming, 4 players, 191), Gin Rummy (collecting,
    # 2, 262), Scopa (capture, 2, 26 < 30).
    expected = [
        ("bidding", "4+", "long"),
        ("capture", "2", "short"),
        ("claiming", "4+", "long"),
        ("collecting", "2", "long"),
        ("trick-taking", "3", "medium"),
        ("trick-taking", "4+", "long"),
    ]
    assert _offered(Archive()) == expected
    assert _offered(Archive.for_settings(EvolutionSettings())) == expected


def test_a_brief_for_three_players_files_by_interaction_second() -> None:
    # The same games in an archive for a 3-player brief: (family, interaction, length), interaction binned
    # solitary < 0.2 ≤ some < 0.6 ≤ direct. Whist 0.9 direct, Knaves 0.3 some, Spades 0.7 direct, Cheat 0.4
    # some, Gin Rummy 0.1 solitary, Scopa 0.7 direct.
    archive = Archive.for_settings(_settings({"players": 3}))
    assert _offered(archive) == [
        ("bidding", "direct", "long"),
        ("capture", "direct", "short"),
        ("claiming", "some", "long"),
        ("collecting", "solitary", "long"),
        ("trick-taking", "direct", "long"),
        ("trick-taking", "some", "medium"),
    ]
    assert {elite.axes for elite in archive.elites()} == {("family", "interaction", "length")}


def test_the_example_briefs_archive_and_its_heat_map() -> None:
    # (luck, hands, decisions): luck skill < 0.33 ≤ mixed < 0.66 ≤ luck; hands one < 1.5 ≤ few < 6 ≤
    # many; decisions the distinct phase kinds of the turn (Whist: trick; Knaves: trick; Spades: bidding
    # and trick; Cheat: claim; Gin Rummy: draw, discard and knock; Scopa: play).
    archive = Archive.for_settings(_settings(EXAMPLE))
    assert _offered(archive) == [
        ("luck", "many", "1"),  # Whist: 0.89, 6 hands
        ("luck", "one", "1"),  # Scopa: 1.0, 1 hand
        ("mixed", "few", "1"),  # Knaves: 0.5, 4 hands
        ("mixed", "few", "3+"),  # Gin Rummy: 0.54, 3 hands
        ("mixed", "many", "2"),  # Spades: 0.51, 12 hands
        ("skill", "one", "1"),  # Cheat: 0.21, 1 hand
    ]
    axes, rows, columns = heat_map_axes(archive.elites())
    assert axes == ("luck", "hands", "decisions")
    assert rows == ("skill", "mixed", "luck")
    assert columns[:4] == [("one", "1"), ("one", "2"), ("one", "3+"), ("few", "1")]
    assert len(columns) == 9
    assert heat_map_axes([])[0] == ("family", "players", "length")


def interaction_fitness(genome: GameGenome, settings: Any, seed: int) -> Evaluation:
    """A test double with every descriptor the archive may file by: interaction (phases / 4), luck (1 /
    players), meaningful decisions (10 × phases), a fingerprint per structure."""
    phases = len(genome.turn_structure.phases)
    breakdown = {
        "interaction": phases / 4,
        "luck": 1.0 / genome.player_count,
        "meaningful_decisions": 10.0 * phases,
        "fingerprint": float(hash((phases, genome.player_count, genome.name)) % 1000),
        "jitter": random.Random(seed).random() / 100,
    }
    return Evaluation(0.1 + phases / 10 + breakdown["jitter"], breakdown, None)


@pytest.fixture
def serial() -> Iterator[LocalEvaluator]:
    with LocalEvaluator(workers=1) as evaluator:
        yield evaluator


def _archive(elites: tuple[Elite, ...]) -> list[tuple[str, tuple[str, ...], tuple[str, ...]]]:
    return [(elite.identity, elite.axes, elite.niche) for elite in elites]


@pytest.mark.parametrize(
    ("brief", "axes"),
    [(None, ("family", "players", "length")), ({"players": 3}, ("family", "interaction", "length"))],
)
def test_a_resumed_run_rebuilds_the_same_archive(
    tmp_path: Path, serial: LocalEvaluator, brief: dict[str, Any] | None, axes: tuple[str, ...]
) -> None:
    # A run of 2 generations resumed for a third ends with the archive of an unbroken run of 3: the axes
    # come from the stored settings (the brief's, or the default for an old run without one).
    settings = _settings(brief, population=8, generations=3, elitism=1, tournament_size=2, diversity_sample=8)
    store = RunStore(str(tmp_path / "resumed.db"))
    short = evolve(dataclasses.replace(settings, generations=2), 5, store, serial, interaction_fitness)
    resumed = evolve(settings, 5, store, serial, interaction_fitness, resume_run=short.run_id)
    unbroken = evolve(settings, 5, RunStore(str(tmp_path / "unbroken.db")), serial, interaction_fitness)
    assert _archive(resumed.gallery) == _archive(unbroken.gallery)
    assert len(resumed.gallery) >= 2
    assert {elite.axes for elite in resumed.gallery} == {axes}
    for elite in resumed.gallery:
        d = elite.descriptors
        second = d.players if brief is None else d.interaction
        assert elite.niche == (d.family, second, d.length)

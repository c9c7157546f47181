"""The quality-diversity archive, the descriptors it files games by, and one entry per game."""

from __future__ import annotations

import random

import pytest

from darwindeck.evolve.archive import Archive
from darwindeck.evolve.ga import HallOfFame, Individual
from darwindeck.evolve.quality.descriptors import describe, family
from darwindeck.evolve.store import Evaluation
from darwindeck.genome.library import all_games, get_game


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

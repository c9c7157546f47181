"""Ratings back into evolution: the best-rated games start a run, and a run's report shows them."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from darwindeck.cli.evolve_verbs import EvolveArgumentError, _best_rated
from darwindeck.evolve.ga import EvolutionSettings, seed_population
from darwindeck.evolve.report import Rated, write_ratings
from darwindeck.evolve.store import RunStore
from darwindeck.genome.identity import genome_identity
from darwindeck.genome.library import get_game
from darwindeck.web.app import create_app
from darwindeck.web.records import WebRecords


def _rate(client: TestClient, game: str, stars: int) -> None:
    started = client.post("/api/games", json={"game": game, "opponents": "random"}).json()
    assert client.post(f"/api/games/{started['id']}/rating", json={"stars": stars}).status_code == 200


def test_the_best_rated_games_start_a_run(tmp_path: Path) -> None:
    db = str(tmp_path / "runs.db")
    with TestClient(create_app(db, salt="s")) as client:
        _rate(client, "war", 2)
        _rate(client, "hearts", 5)
        _rate(client, "hearts", 4)
        _rate(client, "whist", 3)
    store = RunStore(db)
    rated = WebRecords(store.engine).rated_games()
    # Hearts: (5 + 4) / 2 = 4.5 from 2 ratings; Whist 3; War 2.
    assert [(g.game, g.ratings, g.mean_stars) for g in rated] == [
        ("hearts", 2, 4.5),
        ("whist", 1, 3.0),
        ("war", 1, 2.0),
    ]
    starters = _best_rated(store)  # War is below 3 stars
    assert [genome.name for genome in starters] == ["Hearts", "Whist"]
    population = seed_population(
        EvolutionSettings(population=6, min_players=2, max_players=4), random.Random(1), starters
    )
    assert [member.genome.name for member in population[:2]] == ["Hearts", "Whist"]
    identities = [member.identity for member in population]
    assert len(population) == 6 and identities.count(genome_identity(get_game("hearts"))) == 1


def test_from_rated_without_ratings_is_one_clear_error(tmp_path: Path) -> None:
    with pytest.raises(EvolveArgumentError, match=r"--from-rated: no game in .* has a mean rating of 3"):
        _best_rated(RunStore(str(tmp_path / "empty.db")))


def test_the_report_puts_ratings_next_to_fitness(tmp_path: Path) -> None:
    two = [Rated("A", "a" * 64, 0.5, 2, 4.5), Rated("B", "b" * 64, 0.2, 1, 2.0)]
    assert [p.name for p in write_ratings(tmp_path / "two", two)] == ["ratings.md"]
    assert "| A | aaaaaaaaaaaa | 0.5000 | 4.50 | 2 |" in (tmp_path / "two" / "ratings.md").read_text()
    three = [*two, Rated("C", "c" * 64, 0.9, 3, 3.0)]
    (tmp_path / "three").mkdir()
    assert [p.name for p in write_ratings(tmp_path / "three", three)] == ["ratings.md", "ratings.png"]
    assert write_ratings(tmp_path / "none", []) == []


def test_a_rated_library_game_is_found_under_its_live_form(tmp_path: Path) -> None:
    # A run keeps Spades without its repeated trump (the live canonical form has another identity): its
    # rating must still reach the run's report.
    from darwindeck.cli.evolve_verbs import _rated_by_live_identity
    from darwindeck.evolve.fitness import strip_dead_rules

    db = str(tmp_path / "runs.db")
    with TestClient(create_app(db, salt="s")) as client:
        _rate(client, "spades", 4)
    spades = get_game("spades")
    live = genome_identity(strip_dead_rules(spades))
    assert live != genome_identity(spades)
    found = _rated_by_live_identity(RunStore(db))
    assert found[live].game == "spades" and found[genome_identity(spades)].mean_stars == 4.0

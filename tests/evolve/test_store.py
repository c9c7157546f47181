"""The run store on a temporary SQLite file: exact round trips, lineage, and all-or-nothing generations."""

from __future__ import annotations

import math
import sqlite3
from pathlib import Path

import pytest

from darwindeck.evolve.store import (
    COMPLETED,
    RUNNING,
    Evaluation,
    Lineage,
    RunStore,
    StoredGenome,
    StoreError,
)
from darwindeck.genome.identity import genome_identity
from darwindeck.genome.library import get_game

HASH = "f" * 64


@pytest.fixture
def store(tmp_path: Path) -> RunStore:
    return RunStore(str(tmp_path / "runs.db"))


def _three_genomes() -> tuple[StoredGenome, StoredGenome, StoredGenome]:
    war = get_game("war")
    hearts = get_game("hearts")
    child = war.replace(name="War 7", max_turns=war.max_turns + 7)
    return (
        StoredGenome(war),
        StoredGenome(hearts),
        StoredGenome(
            child, (genome_identity(war), genome_identity(hearts)), ("crossover", "tweak_max_turns")
        ),
    )


def _count(db: Path, table: str) -> int:
    with sqlite3.connect(db) as connection:
        (count,) = connection.execute(f"SELECT COUNT(*) FROM {table}").fetchone()
    return int(count)


def test_create_run_and_list_runs_round_trip(store: RunStore) -> None:
    settings = {"population": 4, "players": [2, 4], "style": "balanced"}
    first = store.create_run(settings, seed=42)
    second = store.create_run({"population": 8}, seed=7)
    runs = store.list_runs()
    assert [run.run_id for run in runs] == [first, second]
    assert runs[0].settings == settings
    assert runs[0].seed == 42
    assert runs[0].version == "0.1.0"
    assert runs[0].status == RUNNING
    assert runs[0].completed_generations == 0
    assert runs[0].last_completed is None
    store.set_status(first, COMPLETED)
    assert store.run_info(first).status == COMPLETED


def test_record_generation_round_trips_population_evaluations_and_stats(store: RunStore) -> None:
    war, hearts, child = _three_genomes()
    run = store.create_run({}, seed=1)
    evaluations = {
        (genome_identity(war.genome), HASH): Evaluation(0.125, {"tension": 0.5, "skill": -0.25}, None),
        (genome_identity(child.genome), HASH): Evaluation(0.0, {}, "timeouts 40% > 10%"),
    }
    stats = {"best": 0.125, "mean": 0.0625, "diversity": 0.75, "evaluations": 2, "duration": 1.5}
    store.record_generation(run, 0, [war, child, war], evaluations, stats)
    assert store.last_completed_generation(run) == 0
    assert store.load_population(run, 0) == [war, child, war]
    assert store.cached_evaluation(genome_identity(war.genome), HASH) == Evaluation(
        0.125, {"tension": 0.5, "skill": -0.25}, None
    )
    assert store.cached_evaluation(genome_identity(child.genome), HASH) == Evaluation(
        0.0, {}, "timeouts 40% > 10%"
    )
    assert store.cached_evaluation(genome_identity(hearts.genome), HASH) is None
    assert store.cached_evaluation(genome_identity(war.genome), "0" * 64) is None
    summary = store.run_summary(run)
    assert [(g.index, g.stats) for g in summary.generations] == [(0, stats)]
    assert summary.run.completed_generations == 1


def test_float_values_survive_exactly(store: RunStore) -> None:
    war, _, _ = _three_genomes()
    run = store.create_run({}, seed=1)
    awkward = 0.1 + 0.2
    store.record_generation(
        run,
        0,
        [war],
        {(genome_identity(war.genome), HASH): Evaluation(awkward, {"x": 1 / 3})},
        {"best": awkward},
    )
    stored = store.cached_evaluation(genome_identity(war.genome), HASH)
    assert stored is not None
    assert stored.total == awkward
    assert stored.breakdown["x"] == 1 / 3
    assert store.run_summary(run).generations[0].stats["best"] == awkward


def test_lineage_walks_all_ancestors_once(store: RunStore) -> None:
    war, hearts, child = _three_genomes()
    grandchild = StoredGenome(
        child.genome.replace(max_turns=child.genome.max_turns + 1),
        (genome_identity(child.genome), genome_identity(war.genome)),
        ("tweak_max_turns",),
    )
    run = store.create_run({}, seed=1)
    store.record_generation(run, 0, [war, hearts], {}, {})
    store.record_generation(run, 1, [child, grandchild], {}, {})
    tree = store.lineage(genome_identity(grandchild.genome))
    assert tree == [
        Lineage(genome_identity(grandchild.genome), "War 7", grandchild.parents, ("tweak_max_turns",)),
        Lineage(genome_identity(child.genome), "War 7", child.parents, ("crossover", "tweak_max_turns")),
        Lineage(genome_identity(war.genome), "War", (), ()),
        Lineage(genome_identity(hearts.genome), "Hearts", (), ()),
    ]


def test_a_generation_is_recorded_once(store: RunStore) -> None:
    war, _, _ = _three_genomes()
    run = store.create_run({}, seed=1)
    store.begin_generation(run, 0)
    assert store.last_completed_generation(run) is None
    store.record_generation(run, 0, [war], {}, {"best": 1.0})
    with pytest.raises(StoreError, match="generation 0 is already completed"):
        store.record_generation(run, 0, [war], {}, {"best": 2.0})
    with pytest.raises(StoreError, match="generation 0 is already completed"):
        store.begin_generation(run, 0)
    assert store.run_summary(run).generations[0].stats == {"best": 1.0}


def test_a_failed_generation_leaves_nothing_half_written(tmp_path: Path) -> None:
    db = tmp_path / "runs.db"
    store = RunStore(str(db))
    war, hearts, child = _three_genomes()
    run = store.create_run({}, seed=1)
    store.record_generation(run, 0, [war], {(genome_identity(war.genome), HASH): Evaluation(1.0)}, {})
    before = {table: _count(db, table) for table in ("genomes", "members", "evaluations", "generations")}
    broken = {
        (genome_identity(hearts.genome), HASH): Evaluation(2.0),
        (genome_identity(child.genome), HASH): Evaluation(math.nan),
    }
    with pytest.raises(StoreError, match="must be a finite number"):
        store.record_generation(run, 1, [hearts, child], broken, {"best": 2.0})
    after = {table: _count(db, table) for table in ("genomes", "members", "evaluations", "generations")}
    assert after == before == {"genomes": 1, "members": 1, "evaluations": 1, "generations": 1}
    assert store.last_completed_generation(run) == 0
    assert store.cached_evaluation(genome_identity(hearts.genome), HASH) is None


def test_an_evaluation_of_an_unstored_genome_rolls_the_generation_back(tmp_path: Path) -> None:
    db = tmp_path / "runs.db"
    store = RunStore(str(db))
    war, hearts, _ = _three_genomes()
    run = store.create_run({}, seed=1)
    with pytest.raises(StoreError, match="nothing written"):
        store.record_generation(run, 0, [war], {(genome_identity(hearts.genome), HASH): Evaluation(1.0)}, {})
    assert store.last_completed_generation(run) is None
    assert _count(db, "genomes") == 0
    assert _count(db, "members") == 0


def test_errors_name_the_missing_thing(store: RunStore) -> None:
    with pytest.raises(StoreError, match="no run with id 99"):
        store.run_info(99)
    run = store.create_run({}, seed=1)
    with pytest.raises(StoreError, match=f"run {run}: generation 3 is not completed"):
        store.load_population(run, 3)
    with pytest.raises(StoreError, match="no genome with identity 'abc'"):
        store.lineage("abc")
    with pytest.raises(StoreError, match="cannot open"):
        RunStore("nosuchdialect://x")


def test_a_second_store_on_the_same_file_sees_the_data(tmp_path: Path) -> None:
    db = str(tmp_path / "deep" / "folder" / "runs.db")
    war, _, _ = _three_genomes()
    writer = RunStore(db)
    run = writer.create_run({"population": 1}, seed=5)
    writer.record_generation(run, 0, [war], {}, {"best": 0.5})
    reader = RunStore(f"sqlite:///{db}")
    assert reader.load_population(run, 0) == [war]
    assert reader.run_info(run).settings == {"population": 1}

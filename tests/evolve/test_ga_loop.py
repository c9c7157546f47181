"""The shared evolutionary loop (``evolve.loop``) with a toy genome whose run a person can work out.

The toy: a genome is a whole number, its fitness the number itself. Generation 0 is 0, 1, 2, 3; a child is
its tournament winner plus one. With a tournament of the whole population drawn without replacement, the
winner is always the best slot, so (rules of ``evolve.loop``, by hand) with one elite:

* generation 0: 0 1 2 3, best 3;
* generation 1: the elite 3 (slot 3), children 4 4 4, best 4;
* generation 2: the elite 4 (the first slot with 4 is slot 1), children 5 5 5, best 5;
* generation g ≥ 1: g + 2, then three times g + 3.
"""

from __future__ import annotations

import json
import random
import sqlite3
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from darwindeck.evolve.loop import Individual, Scored, Selection, elite_slots, run_generations, tournament
from darwindeck.evolve.store import GenomeStore, RunStore, StoreError

Toy = Individual[int]
#: One elite; every tournament draws the whole population (4), so the best slot always wins.
WHOLE_TOURNAMENT = Selection(elitism=1, tournament_size=4, with_replacement=False)


class ToyCodec:
    def identity(self, genome: int) -> str:
        return f"n{genome}"

    def encode(self, genome: int) -> str:
        return json.dumps(genome)

    def decode(self, text: str, source: str) -> int:
        value = json.loads(text)
        assert isinstance(value, int), source
        return value

    def name(self, genome: int) -> str:
        return f"number {genome}"


def _toy(value: int, parents: tuple[str, ...] = (), operators: tuple[str, ...] = ()) -> Toy:
    return Individual(value, f"n{value}", parents, operators)


@dataclass
class ToyRun:
    """The toy's hooks; ``scored`` lists the generations it scored, ``restored`` those it replayed."""

    stop_at: int | None = None
    scored: list[int] = field(default_factory=list)
    restored: list[int] = field(default_factory=list)
    best: list[float] = field(default_factory=list)
    selection: Selection = WHOLE_TOURNAMENT
    population_size: int = 4

    def generation_rng(self, index: int) -> random.Random:
        return random.Random(index)

    def first_generation(self, rng: random.Random) -> list[Toy]:
        return [_toy(value) for value in range(4)]

    def selection_scores(self, population: Sequence[Toy], totals: Sequence[float]) -> list[float]:
        return list(totals)

    def elite(self, member: Toy) -> Toy:
        return member

    def child(self, index: int, pick: Callable[[], Toy], rng: random.Random) -> Toy:
        parent = pick()
        return _toy(parent.genome + 1, (parent.identity,), ("plus-one",))

    def score(self, index: int, bred: Sequence[Toy], started: float) -> Scored[int, float]:
        self.scored.append(index)
        totals = [float(member.genome) for member in bred]
        notes = [{"value": member.genome} for member in bred]
        return Scored(list(bred), totals, {}, {"best": max(totals)}, max(totals), notes)

    def absorb(self, index: int, scored: Scored[int, float]) -> None:
        self.best.append(scored.stats)

    def restore(
        self, index: int, population: list[Toy], notes: Sequence[Mapping[str, Any]], record: Mapping[str, Any]
    ) -> list[float]:
        self.restored.append(index)
        assert [note["value"] for note in notes] == [member.genome for member in population]
        self.best.append(record["best"])
        return [float(member.genome) for member in population]

    def stopped(self) -> str | None:
        return "enough" if self.stop_at is not None and self.best and self.best[-1] >= self.stop_at else None


def _store(path: Path) -> GenomeStore[int]:
    return GenomeStore(str(path), ToyCodec(), "toys")


def _values(store: GenomeStore[int], run_id: int) -> list[list[int]]:
    summary = store.run_summary(run_id)
    return [[s.genome for s in store.load_population(run_id, g.index)] for g in summary.generations]


def test_the_toy_run_is_the_one_worked_out_by_hand(tmp_path: Path) -> None:
    store = _store(tmp_path / "toys.db")
    run_id = store.create_run({"toy": True}, seed=0)
    status = run_generations(ToyRun(), store, run_id, generations=4)
    assert status == "completed"
    assert _values(store, run_id) == [[0, 1, 2, 3], [3, 4, 4, 4], [4, 5, 5, 5], [5, 6, 6, 6]]
    # the elite is copied with its own lineage; a child names its parent and operator
    assert store.load_population(run_id, 2)[0].parents == ("n3",)
    assert store.genome("n5").parents == ("n4",) and store.genome("n5").operators == ("plus-one",)
    assert store.run_info(run_id).status == "completed"


class _Killed(Exception):
    pass


def test_a_killed_run_resumes_with_nothing_lost_or_repeated(tmp_path: Path) -> None:
    store = _store(tmp_path / "toys.db")
    run_id = store.create_run({"toy": True}, seed=0)

    def die(best: float) -> None:
        if best == 4.0:  # generation 1 is stored, then the run dies
            raise _Killed

    first = ToyRun()
    with pytest.raises(_Killed):
        run_generations(first, store, run_id, generations=4, progress=die)
    assert store.last_completed_generation(run_id) == 1 and store.run_info(run_id).status == "running"
    again = ToyRun()
    assert run_generations(again, store, run_id, generations=4) == "completed"
    assert first.scored == [0, 1] and again.restored == [0, 1] and again.scored == [2, 3]
    assert again.best == [3.0, 4.0, 5.0, 6.0]
    assert _values(store, run_id)[3] == [5, 6, 6, 6]


def test_the_kind_may_stop_the_run_early(tmp_path: Path) -> None:
    store = _store(tmp_path / "toys.db")
    run_id = store.create_run({}, seed=0)
    assert run_generations(ToyRun(stop_at=5), store, run_id, generations=10) == "enough"
    assert store.run_info(run_id).completed_generations == 3  # bests 3, 4, 5
    assert store.run_info(run_id).status == "enough"


def test_elites_and_tournaments() -> None:
    people = [_toy(v) for v in (1, 3, 2, 3)]
    totals = [1.0, 3.0, 2.0, 3.0]
    # by total, ties to the lower slot
    assert elite_slots(people, totals, Selection(elitism=2, tournament_size=2)) == [1, 3]
    # distinct identities only (slot 3 repeats slot 1's identity n3)
    assert elite_slots(people, totals, Selection(2, 2, distinct_elites=True)) == [1, 2]
    # a tournament of every slot without replacement is won by the best, ties to the lower slot
    assert tournament(totals, Selection(1, 4, with_replacement=False), random.Random(5)) == 1
    # with replacement, one draw: the winner is the slot drawn
    rng, twin = random.Random(9), random.Random(9)
    assert tournament(totals, Selection(1, 1), rng) == twin.randrange(4)


def test_kinds_share_a_database_without_seeing_each_other(tmp_path: Path) -> None:
    db = tmp_path / "shared.db"
    games, toys = RunStore(str(db)), _store(db)
    game_run = games.create_run({"population": 4}, seed=1)
    toy_run = toys.create_run({"population": 4}, seed=1)
    assert [r.run_id for r in games.list_runs()] == [game_run]
    assert [r.run_id for r in toys.list_runs()] == [toy_run]
    assert toys.find_run({"population": 4}, 1) == toy_run
    with pytest.raises(StoreError, match=f"no run with id {game_run} of kind toys"):
        toys.run_info(game_run)


def test_notes_must_be_one_per_slot(tmp_path: Path) -> None:
    store = _store(tmp_path / "toys.db")
    run_id = store.create_run({}, seed=0)
    population = [_toy(1).stored(), _toy(2).stored()]
    with pytest.raises(StoreError, match="1 notes for 2 slots"):
        store.record_generation(run_id, 0, population, {}, {}, [{"value": 1}])
    assert store.last_completed_generation(run_id) is None


def test_a_store_written_before_run_kinds_opens_and_its_runs_are_games(tmp_path: Path) -> None:
    db = tmp_path / "old.db"
    with sqlite3.connect(db) as connection:  # the runs table as it was before the kind column
        connection.execute(
            "CREATE TABLE runs (id INTEGER PRIMARY KEY, created VARCHAR(40), settings JSON, seed INTEGER, "
            "version VARCHAR(40), status VARCHAR(20))"
        )
        connection.execute(
            "INSERT INTO runs VALUES "
            "(1, '2026-11-01T00:00:00+00:00', '{\"population\": 8}', 3, '0.1', 'completed')"
        )
    store = RunStore(str(db))
    [run] = store.list_runs()
    assert (run.run_id, run.seed, run.settings, run.status) == (1, 3, {"population": 8}, "completed")
    assert store.create_run({}, seed=4) == 2
    assert _store(db).list_runs() == []

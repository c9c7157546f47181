"""Deck evolution on the shared evolutionary loop (``evolve.loop``): what is particular to decks.

Rules:

* The loop (``evolve.loop.run_generations``) breeds, stores and resumes; this module plugs in the decks'
  parts (``_DeckRun``, a ``loop.Species``). The run store is the shared ``evolve.store.GenomeStore`` of
  kind ``decks`` (``open_store``; genomes by ``DeckGenome.identity``, ``genome.DECK_CODEC``); each slot's
  fitness, records and lineage are its notes, since an elite's fitness changes as it plays more. A store
  file of the deck evolution before the shared store (tables ``deck_runs``, ``deck_generations``) keeps
  those tables untouched; its runs cannot be resumed (``--resume`` says so), a new run goes beside them.
* Generation 0 is the *starters* (the six ready decks; they carry the players' knowledge) and random
  decks (``operators.random_deck``) up to the population size. Each later generation keeps the
  ``elite`` best distinct decks of the one before (the loop's ``distinct_elites``: fitness, then
  identity, decides; each marked with its own identity as parent and the operator ``elite``) and fills up
  with children: a parent by tournament (``tournament`` distinct members drawn at random, the loop's
  draw without replacement; the fittest wins, ties to the earliest), with probability ``crossover_rate``
  crossed with a second such parent, then one mutation (``operators.mutate``) and with probability
  ``second_mutation`` another.
* Randomness: generation ``g`` draws from ``random.Random("deck-evolution:{seed}:{g}")`` alone (string
  seeding, kept from before the shared loop so that the recorded experiment
  ``docs/experiments/2026-11-deck-evolution.md`` reproduces; the card games derive theirs with
  ``loop.generation_rng``), and match seeds come from the decks' identities (``fitness``), so a
  generation depends only on the one before: the same settings and seed give the same run, and a run
  resumed after its last stored generation ends exactly as an unbroken one.
* Fitness (``fitness`` module): against a fixed field, a new deck's first ``games`` battles per field
  deck are computed once per identity and cached; an *elite* (a deck carried over with its records)
  plays another ``games`` battles per field deck every generation it survives, batch ``k`` on seeds of
  its own (``fitness.match_seed`` with ``k``), and its fitness is taken over all its battles so far. So
  a deck that was lucky once regresses to its true rate instead of holding the top on one small sample,
  and the longer a deck leads, the surer its lead. Against the population (``field == "self"``), every
  pair of distinct decks of the generation plays (pair records are cached, they do not depend on the
  generation).
* Matches run through an ``evolve.evaluator`` back-end's ``map`` (local process pool or Ray): one task
  per (deck, opponent) pair.
* Every completed generation is stored before the next begins; ``progress`` is then called with its
  statistics. ``--resume`` continues the latest run of the store with the same settings and seed.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any, Protocol, TypeVar

from sqlalchemy import inspect

from darwindeck.errors import DarwinDeckError
from darwindeck.evolve.loop import Individual, Scored, Selection, run_generations
from darwindeck.evolve.store import DECKS, GenomeStore
from darwindeck.tcg.deckevo.fitness import MatchRecord, MatchTask, field_fitness, match_seed, play_match_task
from darwindeck.tcg.deckevo.genome import DECK_CODEC, DeckGenome
from darwindeck.tcg.deckevo.operators import crossover, mutate, random_deck
from darwindeck.tcg.deckevo.pool import CardPool, default_pool

T = TypeVar("T")
R = TypeVar("R")
#: A deck-evolution run store: the shared store of kind ``decks``.
DeckStore = GenomeStore[DeckGenome]
Deckling = Individual[DeckGenome]


def open_store(path: str | Path) -> DeckStore:
    """The deck-evolution runs of an SQLite file (created with its folder) or any SQLAlchemy URL."""
    return GenomeStore(str(path), DECK_CODEC, DECKS)


class Mapper(Protocol):
    """What the GA needs of an ``evolve.evaluator`` back-end."""

    def map(self, fn: Callable[[T], R], items: Sequence[T]) -> list[R]: ...


@dataclass(frozen=True)
class FieldDeck:
    name: str
    genome: DeckGenome


@dataclass(frozen=True)
class DeckEvolutionSettings:
    population: int = 24
    generations: int = 12
    games: int = 16
    field: str = "ready"
    field_decks: tuple[FieldDeck, ...] = ()
    starters: tuple[FieldDeck, ...] = ()
    elite: int = 2
    tournament: int = 3
    crossover_rate: float = 0.7
    second_mutation: float = 0.3
    agent: str = "greedy"
    iterations: int = 25

    def to_dict(self) -> dict[str, Any]:
        data = asdict(self)
        for key in ("field_decks", "starters"):
            data[key] = [{"name": d.name, **d.genome.deck_json()} for d in getattr(self, key)]
        return data

    def check(self) -> None:
        if self.population < 2 or self.generations < 0 or self.games < 2 or self.games % 2:
            raise DarwinDeckError(
                "deck evolution: population ≥ 2, generations ≥ 0 and an even number of games ≥ 2 are needed"
            )
        if self.field != "self" and not self.field_decks:
            raise DarwinDeckError("deck evolution: the field holds no deck")


@dataclass(frozen=True)
class Member:
    genome: DeckGenome
    fitness: float
    parents: tuple[str, ...] = ()
    operators: tuple[str, ...] = ()
    records: tuple[MatchRecord, ...] = ()

    def note(self) -> dict[str, Any]:
        """The slot's notes in the store: fitness, lineage, records as [wins, draws, losses]."""
        return {
            "fitness": self.fitness,
            "parents": list(self.parents),
            "operators": list(self.operators),
            "records": [[r.wins, r.draws, r.losses] for r in self.records],
        }

    @classmethod
    def from_note(cls, genome: DeckGenome, raw: Mapping[str, Any]) -> Member:
        records = tuple(MatchRecord(*r) for r in raw.get("records", []))
        return cls(genome, float(raw["fitness"]), tuple(raw["parents"]), tuple(raw["operators"]), records)


@dataclass(frozen=True)
class GenerationStats:
    index: int
    best: float
    mean: float
    diversity: float
    matches: int
    seconds: float


@dataclass
class DeckRunResult:
    run_id: int
    settings: DeckEvolutionSettings
    seed: int
    history: list[list[Member]] = field(default_factory=list)
    stats: list[dict[str, Any]] = field(default_factory=list)

    @property
    def final(self) -> list[Member]:
        return self.history[-1]

    def ranked(self) -> list[Member]:
        """The final generation's distinct decks, best first (fitness, then identity)."""
        seen: dict[str, Member] = {}
        for member in self.final:
            seen.setdefault(member.genome.identity, member)
        return sorted(seen.values(), key=lambda m: (-m.fitness, m.genome.identity))


# ------------------------------------------------------------------------------------------------ fitness


class Scorer:
    """Fitness of populations with cached match records (module rules)."""

    def __init__(self, settings: DeckEvolutionSettings, seed: int, mapper: Mapper) -> None:
        self.settings, self.seed, self.mapper = settings, seed, mapper
        self.field_records: dict[str, tuple[MatchRecord, ...]] = {}
        self.pair_records: dict[tuple[str, str], MatchRecord] = {}

    def _task(self, deck: DeckGenome, opponent: DeckGenome, name: str = "", batch: int = 0) -> MatchTask:
        s = self.settings
        seed = match_seed(self.seed, deck.identity, opponent.identity, batch)
        return MatchTask(deck.to_deck(), opponent.to_deck(name or None), s.games, seed, s.agent, s.iterations)

    def score(self, members: Sequence[Member]) -> tuple[list[tuple[float, tuple[MatchRecord, ...]]], int]:
        """Each member's fitness and records (against the field; empty for self-play), and the number
        of matches played. A member that carries records (an elite) adds its next batch to them."""
        if self.settings.field == "self":
            return self._score_self([m.genome for m in members])
        field_decks = self.settings.field_decks
        fresh = sorted(
            {m.genome.identity: m.genome for m in members if not m.records}.values(),
            key=lambda g: g.identity,
        )
        fresh = [g for g in fresh if g.identity not in self.field_records]
        carried = [m for m in members if m.records]
        tasks = [self._task(g, f.genome, f.name) for g in fresh for f in field_decks]
        tasks += [self._next_batch(m, f) for m in carried for f in field_decks]
        results = self.mapper.map(play_match_task, tasks)
        width = len(field_decks)
        for i, genome in enumerate(fresh):
            self.field_records[genome.identity] = tuple(results[i * width : (i + 1) * width])
        added = results[len(fresh) * width :]
        scored, carried_index = [], 0
        for member in members:
            if member.records:
                batch = added[carried_index * width : (carried_index + 1) * width]
                records = tuple(old + new for old, new in zip(member.records, batch, strict=True))
                carried_index += 1
            else:
                records = self.field_records[member.genome.identity]
            scored.append((field_fitness(records), records))
        return scored, len(tasks)

    def _next_batch(self, member: Member, opponent: FieldDeck) -> MatchTask:
        batch = member.records[0].games // self.settings.games
        return self._task(member.genome, opponent.genome, opponent.name, batch)

    def _score_self(
        self, genomes: Sequence[DeckGenome]
    ) -> tuple[list[tuple[float, tuple[MatchRecord, ...]]], int]:
        distinct = sorted({g.identity: g for g in genomes}.values(), key=lambda g: g.identity)
        pairs = [(a, b) for i, a in enumerate(distinct) for b in distinct[i + 1 :]]
        todo = [(a, b) for a, b in pairs if (a.identity, b.identity) not in self.pair_records]
        results = self.mapper.map(play_match_task, [self._task(a, b) for a, b in todo])
        for (a, b), record in zip(todo, results, strict=True):
            self.pair_records[(a.identity, b.identity)] = record
        fitness = {g.identity: self._self_fitness(g, distinct) for g in distinct}
        return [(fitness[g.identity], ()) for g in genomes], len(todo)

    def _self_fitness(self, genome: DeckGenome, distinct: Sequence[DeckGenome]) -> float:
        if len(distinct) == 1:
            return 0.5
        records = [
            self.pair_records[(genome.identity, o.identity)]
            if genome.identity < o.identity
            else self.pair_records[(o.identity, genome.identity)].flipped()
            for o in distinct
            if o.identity != genome.identity
        ]
        return field_fitness(records)


# ---------------------------------------------------------------------------------------------- breeding


def _child(
    s: DeckEvolutionSettings, pool: CardPool, pick: Callable[[], Deckling], rng: random.Random
) -> Deckling:
    first = pick()
    parents, operators, genome = [first.identity], [], first.genome
    if rng.random() < s.crossover_rate:
        second = pick()
        genome = crossover(genome, second.genome, pool, rng)
        parents.append(second.identity)
        operators.append("crossover")
    for round_ in range(2):
        if round_ == 0 or rng.random() < s.second_mutation:
            genome, name = mutate(genome, pool, rng)
            operators.append(name)
    return Individual(genome, genome.identity, tuple(parents), tuple(operators))


def initial_population(s: DeckEvolutionSettings, pool: CardPool, rng: random.Random) -> list[Deckling]:
    members = [Individual(d.genome, d.genome.identity, (), (f"starter:{d.name}",)) for d in s.starters]
    members = members[: s.population]
    while len(members) < s.population:
        deck = random_deck(pool, rng)
        members.append(Individual(deck, deck.identity, (), ("random",)))
    return members


def generation_rng(seed: int, index: int) -> random.Random:
    return random.Random(f"deck-evolution:{seed}:{index}")


# -------------------------------------------------------------------------------------------------- loop


def _stats(index: int, members: Sequence[Member], matches: int, seconds: float) -> GenerationStats:
    fitness = [m.fitness for m in members]
    diversity = len({m.genome.identity for m in members}) / len(members)
    return GenerationStats(index, max(fitness), sum(fitness) / len(fitness), diversity, matches, seconds)


@dataclass
class _DeckRun:
    """A deck-evolution run in progress: the decks' hooks of the loop (``loop.Species``)."""

    settings: DeckEvolutionSettings
    seed: int
    pool: CardPool
    scorer: Scorer
    history: list[list[Member]] = field(default_factory=list)
    stats: list[dict[str, Any]] = field(default_factory=list)

    @property
    def selection(self) -> Selection:
        s = self.settings
        return Selection(s.elite, s.tournament, distinct_elites=True, with_replacement=False)

    @property
    def population_size(self) -> int:
        return self.settings.population

    def generation_rng(self, index: int) -> random.Random:
        return generation_rng(self.seed, index)

    def first_generation(self, rng: random.Random) -> list[Deckling]:
        return initial_population(self.settings, self.pool, rng)

    def selection_scores(self, population: Sequence[Deckling], totals: Sequence[float]) -> list[float]:
        return list(totals)

    def elite(self, member: Deckling) -> Deckling:
        return Individual(member.genome, member.identity, (member.identity,), ("elite",))

    def child(self, index: int, pick: Callable[[], Deckling], rng: random.Random) -> Deckling:
        return _child(self.settings, self.pool, pick, rng)

    def _carried(self, member: Deckling) -> tuple[MatchRecord, ...]:
        """An elite's records so far (its first slot in the generation before); none for a child."""
        if member.operators != ("elite",):
            return ()
        return next(m.records for m in self.history[-1] if m.genome.identity == member.identity)

    def score(
        self, index: int, bred: Sequence[Deckling], started: float
    ) -> Scored[DeckGenome, GenerationStats]:
        members = [Member(d.genome, 0.0, d.parents, d.operators, self._carried(d)) for d in bred]
        scores, matches = self.scorer.score(members)
        members = [
            Member(m.genome, f, m.parents, m.operators, r) for m, (f, r) in zip(members, scores, strict=True)
        ]
        record = _stats(index, members, matches, time.perf_counter() - started)
        notes = [m.note() for m in members]
        return Scored(list(bred), [m.fitness for m in members], {}, asdict(record), record, notes)

    def absorb(self, index: int, scored: Scored[DeckGenome, GenerationStats]) -> None:
        self.restore(index, scored.population, scored.notes, scored.record)

    def restore(
        self,
        index: int,
        population: list[Deckling],
        notes: Sequence[Mapping[str, Any]],
        record: Mapping[str, Any],
    ) -> list[float]:
        members = [Member.from_note(d.genome, note) for d, note in zip(population, notes, strict=True)]
        self.history.append(members)
        self.stats.append(dict(record))
        return [m.fitness for m in members]

    def stopped(self) -> str | None:
        return None


def _run_id(s: DeckEvolutionSettings, seed: int, store: DeckStore, resume: bool) -> int:
    """The run to write into: with ``resume``, the latest one with these settings and seed."""
    if not resume:
        return store.create_run(s.to_dict(), seed)
    run_id = store.find_run(s.to_dict(), seed)
    if run_id is None:
        old = " (its deck_runs table is the store before 2026-11-28, which cannot be resumed)"
        note = old if inspect(store.engine).has_table("deck_runs") else ""
        raise DarwinDeckError(
            f"--resume: the store holds no run with these arguments and seed to continue{note}"
        )
    return run_id


def evolve_decks(
    s: DeckEvolutionSettings,
    seed: int,
    store: DeckStore,
    mapper: Mapper,
    progress: Callable[[GenerationStats], None] | None = None,
    resume: bool = False,
    pool: CardPool | None = None,
) -> DeckRunResult:
    """Run (or continue, with ``resume``) a deck evolution; see the module rules."""
    s.check()
    run = _DeckRun(s, seed, pool or default_pool(), Scorer(s, seed, mapper))
    run_id = _run_id(s, seed, store, resume)
    run_generations(run, store, run_id, s.generations + 1, progress)
    return DeckRunResult(run_id, s, seed, run.history, run.stats)

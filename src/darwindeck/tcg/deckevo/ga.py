"""The generational loop of deck evolution.

Rules:

* Generation 0 is the *starters* (the six ready decks; they carry the players' knowledge) and random
  decks (``operators.random_deck``) up to the population size. Each later generation keeps the
  ``elite`` best distinct decks of the one before (fitness, then identity, decides) and fills up with
  children: a parent by tournament (``tournament`` members drawn at random, the fittest wins, ties to the
  earliest), with probability ``crossover_rate`` crossed with a second such parent, then one mutation
  (``operators.mutate``) and with probability ``second_mutation`` another.
* Randomness: generation ``g`` draws from ``random.Random("deck-evolution:{seed}:{g}")`` alone, and match
  seeds come from the decks' identities (``fitness``), so a generation depends only on the one before:
  the same settings and seed give the same run, and a run resumed after its last stored generation
  ends exactly as an unbroken one.
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
* Every completed generation is stored (``store``) before the next begins; ``progress`` is then called
  with its statistics.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass, field
from typing import Any, Protocol, TypeVar

from darwindeck.errors import DarwinDeckError
from darwindeck.tcg.deckevo.fitness import MatchRecord, MatchTask, field_fitness, match_seed, play_match_task
from darwindeck.tcg.deckevo.genome import DeckGenome
from darwindeck.tcg.deckevo.operators import crossover, mutate, random_deck
from darwindeck.tcg.deckevo.pool import CardPool, default_pool
from darwindeck.tcg.deckevo.store import COMPLETED, DeckRunStore

T = TypeVar("T")
R = TypeVar("R")


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

    def to_json(self) -> dict[str, Any]:
        return {
            **self.genome.deck_json(),
            "fitness": self.fitness,
            "parents": list(self.parents),
            "operators": list(self.operators),
            "records": [[r.wins, r.draws, r.losses] for r in self.records],
        }

    @classmethod
    def from_json(cls, raw: dict[str, Any]) -> Member:
        records = tuple(MatchRecord(*r) for r in raw.get("records", []))
        genome = DeckGenome.from_json(raw)
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


def _tournament(population: Sequence[Member], size: int, rng: random.Random) -> Member:
    drawn = rng.sample(range(len(population)), min(size, len(population)))
    return population[min(drawn, key=lambda i: (-population[i].fitness, i))]


def _elites(population: Sequence[Member], count: int) -> list[Member]:
    distinct: dict[str, Member] = {}
    for member in population:
        distinct.setdefault(member.genome.identity, member)
    ranked = sorted(distinct.values(), key=lambda m: (-m.fitness, m.genome.identity))
    return [Member(m.genome, m.fitness, (m.genome.identity,), ("elite",), m.records) for m in ranked[:count]]


def _child(
    population: Sequence[Member], s: DeckEvolutionSettings, pool: CardPool, rng: random.Random
) -> Member:
    first = _tournament(population, s.tournament, rng)
    parents, operators, genome = [first.genome.identity], [], first.genome
    if rng.random() < s.crossover_rate:
        second = _tournament(population, s.tournament, rng)
        genome = crossover(genome, second.genome, pool, rng)
        parents.append(second.genome.identity)
        operators.append("crossover")
    for round_ in range(2):
        if round_ == 0 or rng.random() < s.second_mutation:
            genome, name = mutate(genome, pool, rng)
            operators.append(name)
    return Member(genome, 0.0, tuple(parents), tuple(operators))


def breed(
    population: Sequence[Member], s: DeckEvolutionSettings, pool: CardPool, rng: random.Random
) -> list[Member]:
    members = _elites(population, min(s.elite, s.population))
    while len(members) < s.population:
        members.append(_child(population, s, pool, rng))
    return members


def initial_population(s: DeckEvolutionSettings, pool: CardPool, rng: random.Random) -> list[Member]:
    members = [Member(d.genome, 0.0, (), (f"starter:{d.name}",)) for d in s.starters[: s.population]]
    while len(members) < s.population:
        members.append(Member(random_deck(pool, rng), 0.0, (), ("random",)))
    return members


def generation_rng(seed: int, index: int) -> random.Random:
    return random.Random(f"deck-evolution:{seed}:{index}")


# -------------------------------------------------------------------------------------------------- loop


def _scored(members: list[Member], scorer: Scorer) -> tuple[list[Member], int]:
    scores, matches = scorer.score(members)
    return [
        Member(m.genome, f, m.parents, m.operators, r) for m, (f, r) in zip(members, scores, strict=True)
    ], matches


def _stats(index: int, members: Sequence[Member], matches: int, seconds: float) -> GenerationStats:
    fitness = [m.fitness for m in members]
    diversity = len({m.genome.identity for m in members}) / len(members)
    return GenerationStats(index, max(fitness), sum(fitness) / len(fitness), diversity, matches, seconds)


def _start(
    s: DeckEvolutionSettings, seed: int, store: DeckRunStore, resume: bool
) -> tuple[int, list[list[Member]], list[dict[str, Any]]]:
    """The run to write into and the generations it already holds."""
    run_id = store.find_run(s.to_dict(), seed) if resume else None
    if resume and run_id is None:
        raise DarwinDeckError("--resume: the store holds no run with these arguments and seed to continue")
    if run_id is None:
        return store.create_run(s.to_dict(), seed), [], []
    last = store.last_generation(run_id)
    history, stats = [], []
    for index in range(0 if last is None else last + 1):
        members, record = store.generation(run_id, index)
        history.append([Member.from_json(m) for m in members])
        stats.append(record)
    return run_id, history, stats


def evolve_decks(
    s: DeckEvolutionSettings,
    seed: int,
    store: DeckRunStore,
    mapper: Mapper,
    progress: Callable[[GenerationStats], None] | None = None,
    resume: bool = False,
    pool: CardPool | None = None,
) -> DeckRunResult:
    """Run (or continue, with ``resume``) a deck evolution; see the module rules."""
    s.check()
    pool = pool or default_pool()
    run_id, history, stats = _start(s, seed, store, resume)
    scorer = Scorer(s, seed, mapper)
    for index in range(len(history), s.generations + 1):
        began = time.perf_counter()
        rng = generation_rng(seed, index)
        members = initial_population(s, pool, rng) if index == 0 else breed(history[-1], s, pool, rng)
        members, matches = _scored(members, scorer)
        record = _stats(index, members, matches, time.perf_counter() - began)
        store.record_generation(run_id, index, [m.to_json() for m in members], asdict(record))
        history.append(members)
        stats.append(asdict(record))
        if progress is not None:
            progress(record)
    store.set_status(run_id, COMPLETED)
    return DeckRunResult(run_id, s, seed, history, stats)

"""The evolutionary loop every kind of genome runs on (card games: ``evolve.ga``; battle decks:
``tcg.deckevo.ga``), one stored generation at a time.

What the loop does, the same for every kind:

* **Generation 0** is the kind's ``first_generation(rng)``.
* **Generation g ≥ 1** is bred from generation g − 1 (``breed``): its ``elitism`` best members first,
  each passed through the kind's ``elite`` (which may mark it), then children from the kind's ``child``
  until the population is full. The elites are the slots of the best totals (total, then slot); with
  ``distinct_elites`` the first slot of each distinct identity only, ranked by (total, then identity).
  ``child`` draws its parents through ``pick``, a tournament: ``tournament_size`` slots drawn with
  replacement (``randrange``) or, without ``with_replacement``, ``rng.sample`` of that many distinct slots
  (all slots when there are fewer); the best *selection score* wins, ties to the lower slot. The kind
  gives the selection scores (``selection_scores``: the totals, or the totals weighted by novelty).
* **Randomness**: every draw of generation g comes from the kind's ``generation_rng(g)``, a generator
  seeded from the run's seed and g alone (``generation_rng`` below is the derivation: SHA-256 of
  ``"{seed}:{g}:{purpose}"``), so generation g is a function of the settings, the seed and generation
  g − 1, which is what the store keeps.
* **Scoring and storing**: the kind scores the bred population (``score``: it may replace members by a
  canonical form, and returns the population, each slot's total, the new evaluations to store, per-slot
  notes and the generation's statistics); the loop writes it with ``GenomeStore.record_generation`` in
  one transaction (``begin_generation`` first marks it started), then hands it back to the kind
  (``absorb``) and calls ``progress`` with the statistics.
* **Resume**: ``run_generations`` first replays the run's completed generations from the store (the kind's
  ``restore`` rebuilds its state from each stored population, notes and statistics, and gives back the
  population and totals the next breeding needs), then goes on after the last one exactly as an unbroken
  run would: nothing lost, nothing bred twice (the store refuses a generation twice).
* **Stop**: after ``generations`` generations (status ``completed``), or earlier when the kind says it has
  stopped (``stopped``: e.g. ``plateau``); the status is stored.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Generic, Protocol, TypeVar

from darwindeck.evolve.store import COMPLETED, RUNNING, FitnessLike, GenomeStore, StoredGenome
from darwindeck.seeding import derived_rng

G = TypeVar("G")
S = TypeVar("S")


@dataclass(frozen=True)
class Individual(Generic[G]):
    """A member of a population: its genome, identity, and lineage (parents' identities, operators)."""

    genome: G
    identity: str
    parents: tuple[str, ...] = ()
    operators: tuple[str, ...] = ()

    def stored(self) -> StoredGenome[G]:
        return StoredGenome(self.genome, self.parents, self.operators)


@dataclass(frozen=True)
class Selection:
    """How parents are chosen (module docstring): elites, tournament size and draw."""

    elitism: int
    tournament_size: int
    distinct_elites: bool = False
    with_replacement: bool = True


@dataclass(frozen=True)
class Scored(Generic[G, S]):
    """A scored generation: population and totals slot by slot, what the store gets, the statistics."""

    population: list[Individual[G]]
    totals: list[float]
    evaluations: Mapping[tuple[str, str], FitnessLike]
    record: Mapping[str, Any]
    stats: S
    notes: Sequence[Mapping[str, Any]] = ()


class Species(Protocol[G, S]):
    """What a kind of genome plugs into the loop (module docstring); ``S`` is its statistics type."""

    @property
    def selection(self) -> Selection: ...

    @property
    def population_size(self) -> int: ...

    def generation_rng(self, index: int) -> random.Random: ...

    def first_generation(self, rng: random.Random) -> list[Individual[G]]: ...

    def selection_scores(
        self, population: Sequence[Individual[G]], totals: Sequence[float]
    ) -> list[float]: ...

    def elite(self, member: Individual[G]) -> Individual[G]: ...

    def child(self, index: int, pick: Callable[[], Individual[G]], rng: random.Random) -> Individual[G]: ...

    def score(self, index: int, bred: Sequence[Individual[G]], started: float) -> Scored[G, S]: ...

    def absorb(self, index: int, scored: Scored[G, S]) -> None: ...

    def restore(
        self,
        index: int,
        population: list[Individual[G]],
        notes: Sequence[Mapping[str, Any]],
        record: Mapping[str, Any],
    ) -> list[float]: ...

    def stopped(self) -> str | None: ...


def generation_rng(seed: int, generation: int, purpose: str) -> random.Random:
    """The generator for one purpose of one generation: ``seeding.derived_rng(seed, generation, purpose)``
    (SHA-256 of ``"{seed}:{generation}:{purpose}"``, all 256 bits).

    >>> generation_rng(1, 2, "breed").random() == generation_rng(1, 2, "breed").random()
    True
    >>> generation_rng(1, 2, "breed").random() == generation_rng(1, 3, "breed").random()
    False
    """
    return derived_rng(seed, generation, purpose)


def elite_slots(
    population: Sequence[Individual[G]], totals: Sequence[float], selection: Selection
) -> list[int]:
    """The slots of the ``elitism`` best members (module docstring), best first.

    >>> people = [Individual(g, g) for g in "abcb"]
    >>> elite_slots(people, [1.0, 3.0, 2.0, 3.0], Selection(elitism=3, tournament_size=2))
    [1, 3, 2]
    >>> elite_slots(people, [1.0, 3.0, 2.0, 3.0], Selection(3, 2, distinct_elites=True))
    [1, 2, 0]
    """
    if not selection.distinct_elites:
        ranked = sorted(range(len(population)), key=lambda slot: (-totals[slot], slot))
        return ranked[: selection.elitism]
    first: dict[str, int] = {}
    for slot, member in enumerate(population):
        first.setdefault(member.identity, slot)
    ranked = sorted(first.values(), key=lambda slot: (-totals[slot], population[slot].identity))
    return ranked[: selection.elitism]


def tournament(scores: Sequence[float], selection: Selection, rng: random.Random) -> int:
    """The winning slot of one tournament (module docstring)."""
    if selection.with_replacement:
        drawn = [rng.randrange(len(scores)) for _ in range(selection.tournament_size)]
    else:
        drawn = rng.sample(range(len(scores)), min(selection.tournament_size, len(scores)))
    return min(drawn, key=lambda slot: (-scores[slot], slot))


def breed(
    species: Species[G, S],
    index: int,
    population: Sequence[Individual[G]],
    totals: Sequence[float],
    rng: random.Random,
) -> list[Individual[G]]:
    """Generation ``index`` bred from ``population``: elites first, then children (module docstring)."""
    selection = species.selection
    slots = elite_slots(population, totals, selection)
    offspring = [species.elite(population[slot]) for slot in slots[: species.population_size]]
    scores = species.selection_scores(population, totals)

    def pick() -> Individual[G]:
        return population[tournament(scores, selection, rng)]

    while len(offspring) < species.population_size:
        offspring.append(species.child(index, pick, rng))
    return offspring


@dataclass
class _Current(Generic[G]):
    """The last completed generation: what the next one is bred from."""

    count: int = 0
    population: Sequence[Individual[G]] = ()
    totals: Sequence[float] = ()


def _restore(species: Species[G, S], store: GenomeStore[G], run_id: int) -> _Current[G]:
    """Replay the run's completed generations into ``species``; the last one is the current."""
    current: _Current[G] = _Current()
    for record in store.run_summary(run_id).generations:
        stored = store.load_population(run_id, record.index)
        population = [
            Individual(s.genome, store.codec.identity(s.genome), s.parents, s.operators) for s in stored
        ]
        notes = store.load_notes(run_id, record.index)
        totals = species.restore(record.index, population, notes, record.stats)
        current = _Current(record.index + 1, population, totals)
    return current


def _step(species: Species[G, S], store: GenomeStore[G], run_id: int, current: _Current[G]) -> Scored[G, S]:
    """Breed, score and store one generation (the store write is all-or-nothing)."""
    index = current.count
    started = time.perf_counter()
    store.begin_generation(run_id, index)
    rng = species.generation_rng(index)
    if index == 0:
        bred = species.first_generation(rng)
    else:
        bred = breed(species, index, current.population, current.totals, rng)
    scored = species.score(index, bred, started)
    stored = [member.stored() for member in scored.population]
    store.record_generation(run_id, index, stored, scored.evaluations, scored.record, scored.notes)
    species.absorb(index, scored)
    return scored


def run_generations(
    species: Species[G, S],
    store: GenomeStore[G],
    run_id: int,
    generations: int,
    progress: Callable[[S], None] | None = None,
) -> str:
    """Continue run ``run_id`` (new or stored) up to ``generations`` generations; returns its status."""
    current = _restore(species, store, run_id)  # first: a refused replay leaves the run's status as it was
    store.set_status(run_id, RUNNING)
    while current.count < generations and species.stopped() is None:
        scored = _step(species, store, run_id, current)
        current = _Current(current.count + 1, scored.population, scored.totals)
        if progress is not None:
            progress(scored.stats)
    status = species.stopped() or COMPLETED
    store.set_status(run_id, status)
    return status

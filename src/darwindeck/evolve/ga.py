"""The genetic algorithm: evolve card games, one stored generation at a time.

The loop itself (elites, tournaments, per-generation generators, storing each generation whole, resuming)
is ``evolve.loop``, shared with deck evolution; this module is the card games' side of it (``_Run``, a
``loop.Species``): generation 0, children, fitness with its cache and MCTS step, statistics, the hall of
fame, the plateau. A run (``evolve``) goes like this:

* **Generation 0** is the ``starters`` given (``evolve --from-rated``: the games people rated best),
  then the library (games whose player count lies in the settings' range, in slug order; a random subset
  when there are more than fit), filled up with mutants of those games.
* **Generation g ≥ 1** is bred from generation g − 1: its ``elitism`` best genomes (fitness, then slot)
  are copied unchanged into the first slots; every other slot gets a child of a tournament winner (best
  of ``tournament_size`` slots drawn with replacement; ties to the lower slot), crossed with a second
  winner with probability ``crossover_rate``, then mutated. Tournaments rank genomes by their *selection
  score*: fitness × (1 − ``novelty_weight`` + ``novelty_weight`` × population novelty), where
  population novelty is the mean ``genome_distance`` to the ``NOVELTY_NEIGHBOURS`` nearest other members
  of the generation (a duplicate is at distance 0). So among equally fit games the one unlike the rest
  wins, and the GA keeps exploring instead of filling the population with copies of one design. A child
  whose player count falls outside the range is bred again (up to ``BREED_ATTEMPTS`` times, then the
  first parent is copied).
* **Steering** (``settings.brief``, ``evolve.brief``): every genome of generation 0 and every child is
  coerced into the brief's hard parts and refused when it cannot meet them (``brief.steer``; a refused
  child is bred again as above); a brief naming ``from`` games starts generation 0 from them (after the
  ``starters``) and their mutants instead of the library; the fitness is ``brief.evaluate_briefed``.
* **Mutation rates**: generation g is bred with the *aggressive* rates when the diversity of generation
  g − 1 is below ``diversity_threshold``, with the normal rates otherwise (so it switches back as soon as
  diversity recovers). Diversity is the mean pairwise ``novelty.genome_distance`` over a sample of up to
  ``diversity_sample`` slots (drawn without replacement; every pair of the sample counted once; 0 for a
  population of one). Distances lie in [0, 1]; the library's own diversity is about 0.5, so the default
  threshold 0.2 means "the population is collapsing onto a few designs".
* **Fitness** is ``fitness_fn(genome, settings, seed)`` with the seed derived from (run seed, identity)
  (``evaluator.evaluation_seed``), cached by genome identity in memory and in the store under
  ``settings.fitness_hash(seed)``, so no genome is scored twice. Distance from the library is part of
  its ``total``; distance from the population enters through the selection score.
* **MCTS step**: once every member is scored, the ``k = ceil(mcts_top_fraction × population)`` best distinct
  identities with a positive fitness (current fitness, then first slot), and then (when the archive takes part
  in selection, ``archive_rate`` > 0) up to k archive elites not judged yet (best first: every niche's best
  game gets judged, not only the leaders), as far as the generation's judging budget goes: each candidate
  in that order costs its screening's projected judging steps (breakdown ``judging_cost``, 0 when absent),
  and is taken while the sum stays within ``mcts_steps_per_member × population`` (320,000 × 100 = 32 M
  steps, about 8 s on 2 cores); one that does not fit waits for a later generation and cheaper ones after
  it are still taken; the first is always taken. They are re-scored with ``mcts_fitness_fn`` (default
  ``fitness.evaluate_fitness_mcts``: the judging), through the run's evaluator with the same identity-derived
  seed. The re-scored evaluation replaces the member's fitness from then on (selection, elites, hall of fame,
  stats) and is stored under ``settings.fitness_hash(seed, mcts=True)``; its breakdown carries the mark
  ``mcts`` = 1, so an identity whose current fitness has the mark is never re-scored, and an identity selected
  again is looked up in the store first (another run with the same settings and seed may have measured it).
  Which identities are selected depends only on the run's own history, so a store shared between runs changes
  no result. With a custom ``fitness_fn`` and no ``mcts_fitness_fn`` (a test double has no MCTS counterpart),
  or ``mcts_top_fraction`` 0, there is no MCTS step.
* **Stats**: ``best`` and ``mean`` fitness over slots (after the MCTS step); ``evaluations`` the distinct
  genomes scored afresh, ``cache_hits`` the distinct genomes whose fitness was already known;
  ``mcts_evaluations`` the MCTS re-scorings computed, ``mcts_cache_hits`` those found in the store;
  ``duration`` wall-clock seconds of the whole generation, ``mcts_duration`` of its MCTS step.
* **Records**: a genome whose identity was seen before in the run is replaced by its first-seen record
  (name, description, lineage), as the store keeps the first record of each identity.
* **Hall of fame**: the ``hall_of_fame_size`` best distinct genomes ever seen (fitness, then order of
  first appearance).
* **Plateau stop**: the run ends when the best fitness ever seen has not risen for ``plateau_patience``
  generations (status ``plateau``), else after ``generations`` generations (status ``completed``).

Reproducibility: every random draw of generation g comes from ``loop.generation_rng(seed, g, purpose)``,
a ``random.Random`` seeded from SHA-256 of ``"{seed}:{g}:{purpose}"`` (purposes ``breed`` and
``diversity``), and from nothing else. Generation g is therefore a function of (settings, seed, the
population, fitness and diversity of generation g − 1), which is what the store keeps: ``evolve(...,
resume_run=RUN_ID)`` replays the completed generations from the store (populations, fitness, stats) to
rebuild the records, hall of fame and plateau counter (redoing each generation's MCTS selection, whose
re-scorings the store must hold), and goes on after the last one exactly as the
unbroken run would have. A replay that finds a fitness missing, or judges other games than the stored
statistics count (``mcts_evaluations`` + ``mcts_cache_hits``), shows that an older version made the run:
it is refused with ``store.ReplayError`` (``RunStore.replay_refused``). A resumed run must use the stored
settings and seed (only ``generations`` may differ, to extend a run); ``load_run_settings`` reads them.
"""

from __future__ import annotations

import dataclasses
import importlib
import math
import random
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from itertools import combinations
from typing import Any

from darwindeck.errors import DarwinDeckError
from darwindeck.evolve.archive import Archive, Elite
from darwindeck.evolve.crossover import crossover
from darwindeck.evolve.evaluator import Evaluator
from darwindeck.evolve.loop import Individual as _Individual
from darwindeck.evolve.loop import Scored, Selection, generation_rng, run_generations
from darwindeck.evolve.novelty import genome_distance
from darwindeck.evolve.operators import mutate
from darwindeck.evolve.settings import JUDGING_COST, MCTS_MARK, EvolutionSettings
from darwindeck.evolve.store import PLATEAU, Evaluation, FitnessLike, RunStore
from darwindeck.genome.identity import genome_identity
from darwindeck.genome.library import all_games
from darwindeck.genome.schema import GameGenome

#: How many times a child outside the player range is bred again before its first parent is copied.
BREED_ATTEMPTS = 10
#: How many nearest members of the generation population novelty averages over.
NOVELTY_NEIGHBOURS = 5

FitnessFunction = Callable[[GameGenome, EvolutionSettings, int], FitnessLike]
#: A member of a card-game population (``loop.Individual`` of a ``GameGenome``).
Member = _Individual[GameGenome]


@dataclass(frozen=True)
class Individual(_Individual[GameGenome]):
    """A member of a population whose identity is ``genome_identity`` (``of``)."""

    @classmethod
    def of(cls, genome: GameGenome, parents: Sequence[str] = (), operators: Sequence[str] = ()) -> Individual:
        return cls(genome, genome_identity(genome), tuple(parents), tuple(operators))


@dataclass(frozen=True)
class GenerationStats:
    """One generation's numbers, as stored in the run store (``duration`` in seconds, wall clock)."""

    index: int
    best: float
    mean: float
    best_identity: str
    diversity: float
    aggressive: bool
    evaluations: int
    cache_hits: int
    duration: float
    mcts_evaluations: int = 0
    mcts_cache_hits: int = 0
    mcts_duration: float = 0.0

    def to_dict(self) -> dict[str, Any]:
        return dataclasses.asdict(self)

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> GenerationStats:
        return cls(**data)


@dataclass(frozen=True)
class HallOfFameEntry:
    """A genome of the hall of fame with its fitness."""

    individual: Member
    evaluation: Evaluation


@dataclass
class HallOfFame:
    """The ``size`` best distinct genomes seen, best first (ties: first seen first)."""

    size: int
    entries: list[HallOfFameEntry] = field(default_factory=list)
    _order: dict[str, int] = field(default_factory=dict)

    def update(self, population: Sequence[Member], fitness: Mapping[str, Evaluation]) -> None:
        """Offer every member of a population, in slot order; entries take their current fitness."""
        self.entries = [
            HallOfFameEntry(entry.individual, fitness.get(entry.individual.identity, entry.evaluation))
            for entry in self.entries
        ]
        present = {entry.individual.identity for entry in self.entries}
        for member in population:
            if member.identity not in present:
                present.add(member.identity)
                self._order.setdefault(member.identity, len(self._order))
                self.entries.append(HallOfFameEntry(member, fitness[member.identity]))
        self.entries.sort(key=lambda e: (-e.evaluation.total, self._order[e.individual.identity]))
        self.entries = _one_per_game(self.entries)[: self.size]


def _one_per_game(entries: Sequence[HallOfFameEntry]) -> list[HallOfFameEntry]:
    """``entries`` (best first) without a later entry whose fingerprint an earlier one has: two genomes
    that play the same seeded games identically are one game."""
    seen: set[float] = set()
    kept = []
    for entry in entries:
        fingerprint = entry.evaluation.breakdown.get("fingerprint")
        if fingerprint is not None and fingerprint in seen:
            continue
        if fingerprint is not None:
            seen.add(fingerprint)
        kept.append(entry)
    return kept


@dataclass
class _Plateau:
    """The best fitness ever seen and how many generations it has not risen for."""

    best: float | None = None
    stale: int = 0

    def update(self, generation_best: float) -> None:
        if self.best is None or generation_best > self.best:
            self.best = generation_best
            self.stale = 0
        else:
            self.stale += 1


@dataclass(frozen=True)
class RunResult:
    """A finished (or resumed and finished) run."""

    run_id: int
    status: str
    generations: tuple[GenerationStats, ...]
    hall_of_fame: tuple[HallOfFameEntry, ...]
    gallery: tuple[Elite, ...] = ()

    @property
    def best(self) -> HallOfFameEntry:
        return self.hall_of_fame[0]


def _in_range(genome: GameGenome, settings: EvolutionSettings) -> bool:
    return settings.min_players <= genome.player_count <= settings.max_players


# --- steering (evolve.brief): the hook where a brief's hard parts admit or refuse a genome


def _brief_module() -> Any:
    """``darwindeck.evolve.brief``, imported on first use (it loads the engine through the fitness)."""
    return importlib.import_module("darwindeck.evolve.brief")


def _admit(genome: GameGenome, settings: EvolutionSettings) -> GameGenome | None:
    """The genome as the run takes it: in the player range, and for a steered run coerced into the
    brief's hard parts (``brief.steer``); None when it cannot be."""
    if settings.brief:
        module = _brief_module()
        genome = module.steer(genome, module.brief_of(settings))
        if genome is None:
            return None
    return genome if _in_range(genome, settings) else None


def _steered_starts(settings: EvolutionSettings) -> tuple[tuple[GameGenome, ...], bool]:
    """A steered run's ``from`` games (to lead generation 0) and whether the library joins them (only
    when the brief names no ``from`` game)."""
    if not settings.brief:
        return (), True
    module = _brief_module()
    brief = module.brief_of(settings)
    return module.origin_genomes(brief), not brief.origins


# --- end of steering


# ------------------------------------------------------------------------------------------- diversity


def population_diversity(population: Sequence[Member], sample_size: int, rng: random.Random) -> float:
    """Mean pairwise ``genome_distance`` over a sample of up to ``sample_size`` members (0 for one)."""
    sample = rng.sample(list(population), min(sample_size, len(population)))
    pairs = list(combinations(sample, 2))
    if not pairs:
        return 0.0
    distances = [
        0.0 if a.identity == b.identity else float(genome_distance(a.genome, b.genome)) for a, b in pairs
    ]
    return sum(distances) / len(distances)


def is_aggressive(previous_diversity: float, settings: EvolutionSettings) -> bool:
    """Whether a generation is bred with the aggressive mutation rates."""
    return previous_diversity < settings.diversity_threshold


# -------------------------------------------------------------------------------------------- breeding


def seed_population(
    settings: EvolutionSettings, rng: random.Random, starters: Sequence[GameGenome] = ()
) -> list[Member]:
    """Generation 0: the ``starters`` in the player range (e.g. the best-rated games), then library games
    in the player range, then mutants of them all up to ``population``; a steered run's genomes are
    admitted by its brief (``_admit``, ``_steered_starts``)."""
    origins, with_library = _steered_starts(settings)
    unique: dict[str, GameGenome] = {}
    for genome in (*starters, *origins):
        admitted = _admit(genome, settings)
        if admitted is not None:
            unique.setdefault(genome_identity(admitted), admitted)
    first = list(unique.values())[: settings.population]
    taken = set(unique)
    candidates = [_admit(genome, settings) for genome in all_games().values()] if with_library else []
    library = [genome for genome in candidates if genome is not None and genome_identity(genome) not in taken]
    if not library and not first:
        raise DarwinDeckError(
            f"evolution settings players: no library game has {settings.min_players}-{settings.max_players} "
            "players to start from" + (" once steered into the brief" if settings.brief else "")
        )
    room = settings.population - len(first)
    if len(library) >= room:
        return [Individual.of(genome) for genome in [*first, *rng.sample(library, room)]]
    library = first + library
    population: list[Member] = [Individual.of(genome) for genome in library]
    while len(population) < settings.population:
        population.append(
            _mutate_in_range(Individual.of(rng.choice(library)), settings, rng, aggressive=False)
        )
    return population


def _mutate_in_range(
    parent: Member, settings: EvolutionSettings, rng: random.Random, aggressive: bool
) -> Member:
    """A mutant of ``parent`` within the player range, or ``parent`` after ``BREED_ATTEMPTS`` misses."""
    for _ in range(BREED_ATTEMPTS):
        variant = mutate(parent.genome, rng, aggressive=aggressive)
        admitted = _admit(variant.genome, settings)
        if admitted is not None:
            return Individual.of(admitted, variant.parents, variant.operators)
    return parent


def _child(
    pick: Callable[[], Member],
    settings: EvolutionSettings,
    rng: random.Random,
    aggressive: bool,
    archive: Archive | None = None,
) -> Member:
    """One bred child in the player range (see the module docstring); ``pick`` is the loop's tournament."""
    if archive and rng.random() < settings.archive_rate:
        elite = archive.choose(rng)
        first: Member = Individual(elite.genome, elite.identity)
    else:
        first = pick()
    for _ in range(BREED_ATTEMPTS):
        genome = first.genome
        parents: tuple[str, ...] = (first.identity,)
        operators: tuple[str, ...] = ()
        if rng.random() < settings.crossover_rate:
            second = pick()
            crossed = crossover(first.genome, second.genome, rng)
            genome, parents, operators = crossed.genome, tuple(crossed.parents), tuple(crossed.operators)
        mutant = mutate(genome, rng, aggressive=aggressive)
        admitted = _admit(mutant.genome, settings)
        if admitted is not None:
            return Individual.of(admitted, parents, (*operators, *mutant.operators))
    return first


def population_novelty(population: Sequence[Member]) -> list[float]:
    """Per slot, the mean distance to its ``NOVELTY_NEIGHBOURS`` nearest other slots (0 for one slot)."""
    size = len(population)
    if size < 2:
        return [0.0] * size
    distances = [[0.0] * size for _ in range(size)]
    for i in range(size):
        for j in range(i + 1, size):
            gap = genome_distance(population[i].genome, population[j].genome)
            distances[i][j] = distances[j][i] = gap
    neighbours = min(NOVELTY_NEIGHBOURS, size - 1)
    return [sum(sorted(row[:i] + row[i + 1 :])[:neighbours]) / neighbours for i, row in enumerate(distances)]


def selection_scores(
    population: Sequence[Member], fitness: Mapping[str, Evaluation], novelty_weight: float
) -> list[float]:
    """Fitness × (1 − w + w × population novelty) per slot (see the module docstring)."""
    totals = [fitness[member.identity].total for member in population]
    if novelty_weight == 0.0:
        return totals
    novelty = population_novelty(population)
    return [
        total * (1.0 - novelty_weight + novelty_weight * near)
        for total, near in zip(totals, novelty, strict=True)
    ]


def mcts_candidates(
    population: Sequence[Member], fitness: Mapping[str, Evaluation], fraction: float
) -> list[str]:
    """The identities the MCTS step measures: the ``ceil(fraction × len(population))`` best distinct
    identities with a positive fitness (fitness, then first slot), best first."""
    first_slot: dict[str, int] = {}
    for slot, member in enumerate(population):
        first_slot.setdefault(member.identity, slot)
    ranked = sorted(first_slot, key=lambda identity: (-fitness[identity].total, first_slot[identity]))
    count = math.ceil(fraction * len(population))
    return [identity for identity in ranked if fitness[identity].total > 0.0][:count]


def affordable(costs: Mapping[str, float], budget: float) -> list[str]:
    """The candidates (in priority order, with their projected judging steps) that the generation's
    budget pays for: each in turn while the sum stays within ``budget``; one that does not fit is passed
    over for cheaper ones after it; the first is always taken."""
    chosen: list[str] = []
    spent = 0.0
    for identity, cost in costs.items():
        if chosen and spent + cost > budget:
            continue
        chosen.append(identity)
        spent += cost
    return chosen


# ---------------------------------------------------------------------------------------------- the run


@dataclass
class _Run:
    """A run in progress: what generation g + 1 needs from generations 0..g."""

    run_id: int
    settings: EvolutionSettings
    seed: int
    store: RunStore
    evaluator: Evaluator
    fitness_fn: FitnessFunction
    mcts_fn: FitnessFunction | None = None
    strip_fn: Callable[[GameGenome], GameGenome] | None = None
    fitness: dict[str, Evaluation] = field(default_factory=dict)
    stripped: dict[str, Member] = field(default_factory=dict)
    archive: Archive = field(default_factory=Archive)
    starters: tuple[GameGenome, ...] = ()
    known: dict[str, Member] = field(default_factory=dict)
    history: list[GenerationStats] = field(default_factory=list)
    hall_of_fame: HallOfFame = field(default_factory=lambda: HallOfFame(1))
    plateau: _Plateau = field(default_factory=_Plateau)

    @property
    def settings_hash(self) -> str:
        return self.settings.fitness_hash(self.seed)

    @property
    def mcts_hash(self) -> str:
        return self.settings.fitness_hash(self.seed, mcts=True)

    def lookup(self, identity: str) -> Evaluation | None:
        """A cached fitness: memory first, then the store (kept in memory once found)."""
        if identity not in self.fitness:
            stored = self.store.cached_evaluation(identity, self.settings_hash)
            if stored is None:
                return None
            self.fitness[identity] = stored
        return self.fitness[identity]

    def score_members(self, population: Sequence[Member]) -> tuple[dict[tuple[str, str], Evaluation], int]:
        """Fitness for every member. Returns the new evaluations (to store) and the cache hits: the
        distinct identities of ``population`` whose fitness was already known (memory or store)."""
        distinct = {member.identity: member.genome for member in population}
        pending = {identity: genome for identity, genome in distinct.items() if self.lookup(identity) is None}
        results = self.evaluator.evaluate(list(pending.values()), self.settings, self.seed, self.fitness_fn)
        new: dict[tuple[str, str], Evaluation] = {}
        for identity, result in zip(pending, results, strict=True):
            self.fitness[identity] = new[(identity, self.settings_hash)] = Evaluation.of(result)
        return new, len(distinct) - len(pending)

    def mcts_pending(self, population: Sequence[Member]) -> list[str]:
        """The MCTS step's candidates whose current fitness has no MCTS mark: the generation's best, then
        as many archive elites not yet judged, best first (an empty list when the run has no MCTS step),
        as far as the generation's judging budget goes (``affordable``)."""
        if self.mcts_fn is None or self.settings.mcts_top_fraction == 0.0:
            return []
        chosen = mcts_candidates(population, self.fitness, self.settings.mcts_top_fraction)
        costs = {
            identity: self.fitness[identity].breakdown.get(JUDGING_COST, 0.0)
            for identity in chosen
            if MCTS_MARK not in self.fitness[identity].breakdown
        }
        count = math.ceil(self.settings.mcts_top_fraction * len(population))
        if self.settings.archive_rate > 0.0:
            elites = [
                elite
                for elite in self.archive.elites()
                if MCTS_MARK not in elite.evaluation.breakdown and elite.identity not in costs
            ]
            costs.update(
                (elite.identity, elite.evaluation.breakdown.get(JUDGING_COST, 0.0))
                for elite in elites[:count]
            )
        return affordable(costs, self.settings.mcts_steps_per_member * len(population))

    def rescore_mcts(self, population: Sequence[Member]) -> tuple[dict[tuple[str, str], Evaluation], int]:
        """The MCTS step (module docstring). Returns the new re-scorings (to store) and the store hits."""
        pending = self.mcts_pending(population)
        missing: dict[str, GameGenome] = {}
        for identity in pending:
            stored = self.store.cached_evaluation(identity, self.mcts_hash)
            if stored is None:
                missing[identity] = self.known[identity].genome
            else:
                self.fitness[identity] = stored
        new: dict[tuple[str, str], Evaluation] = {}
        if missing and self.mcts_fn is not None:
            genomes = list(missing.values())
            results = self.evaluator.evaluate(genomes, self.settings, self.seed, self.mcts_fn)
            for identity, result in zip(missing, results, strict=True):
                self.fitness[identity] = new[(identity, self.mcts_hash)] = Evaluation.of(result)
        return new, len(pending) - len(missing)

    def canonical(self, member: Member) -> Member:
        """The first-seen record of a genome's identity (its name, description and lineage)."""
        return self.known.setdefault(member.identity, member)

    # --- the hooks of the loop (``loop.Species``)

    @property
    def selection(self) -> Selection:
        return Selection(self.settings.elitism, self.settings.tournament_size)

    @property
    def population_size(self) -> int:
        return self.settings.population

    def generation_rng(self, index: int) -> random.Random:
        return generation_rng(self.seed, index, "breed")

    def first_generation(self, rng: random.Random) -> list[Member]:
        return seed_population(self.settings, rng, self.starters)

    def aggressive(self, index: int) -> bool:
        """Whether generation ``index`` is bred with the aggressive rates (never generation 0)."""
        return index > 0 and is_aggressive(self.history[-1].diversity, self.settings)

    def selection_scores(self, population: Sequence[Member], totals: Sequence[float]) -> list[float]:
        return selection_scores(population, self.fitness, self.settings.novelty_weight)

    def elite(self, member: Member) -> Member:
        return member

    def child(self, index: int, pick: Callable[[], Member], rng: random.Random) -> Member:
        return _child(pick, self.settings, rng, self.aggressive(index), self.archive)

    def strip_dead(self, bred: Sequence[Member]) -> list[Member]:
        """Every member in its live canonical form (``strip_fn``, once per identity; the identity as
        bred when the run has no ``strip_fn``). A member whose form changed gets the operator ``strip``."""
        if self.strip_fn is None:
            return list(bred)
        pending = {m.identity: m for m in bred if m.identity not in self.stripped}
        forms = self.evaluator.map(self.strip_fn, [member.genome for member in pending.values()])
        for (identity, member), form in zip(pending.items(), forms, strict=True):
            changed = genome_identity(form) != identity
            operators = (*member.operators, "strip") if changed else member.operators
            self.stripped[identity] = Individual.of(form, member.parents, operators) if changed else member
        return [self.stripped[member.identity] for member in bred]

    def score(
        self, index: int, bred: Sequence[Member], started: float
    ) -> Scored[GameGenome, GenerationStats]:
        """Settle, score and re-score (MCTS step) generation ``index``; ``started`` is its start time."""
        population = [self.canonical(member) for member in self.strip_dead(bred)]
        new, hits = self.score_members(population)
        mcts_started = time.perf_counter()
        measured, mcts_hits = self.rescore_mcts(population)
        mcts_duration = time.perf_counter() - mcts_started
        scores = [self.fitness[member.identity].total for member in population]
        best_slot = min(range(len(population)), key=lambda slot: (-scores[slot], slot))
        stats = GenerationStats(
            index=index,
            best=scores[best_slot],
            mean=sum(scores) / len(scores),
            best_identity=population[best_slot].identity,
            diversity=population_diversity(
                population, self.settings.diversity_sample, generation_rng(self.seed, index, "diversity")
            ),
            aggressive=self.aggressive(index),
            evaluations=len(new),
            cache_hits=hits,
            duration=time.perf_counter() - started,
            mcts_evaluations=len(measured),
            mcts_cache_hits=mcts_hits,
            mcts_duration=mcts_duration,
        )
        return Scored(population, scores, {**new, **measured}, stats.to_dict(), stats)

    def absorb(self, index: int, scored: Scored[GameGenome, GenerationStats]) -> None:
        """Make a completed generation the current one."""
        self.history.append(scored.stats)
        self.hall_of_fame.update(scored.population, self.fitness)
        self.archive.refresh(self.fitness)
        for member in scored.population:
            self.archive.offer(member.identity, member.genome, self.fitness[member.identity])
        self.plateau.update(scored.stats.best)

    def restore(
        self,
        index: int,
        population: list[Member],
        notes: Sequence[Mapping[str, Any]],
        record: Mapping[str, Any],
    ) -> list[float]:
        """Replay stored generation ``index`` (see the module docstring); its totals after the MCTS step."""
        population = [self.canonical(member) for member in population]
        for member in population:
            if self.lookup(member.identity) is None:
                reason = f"no fitness of {member.identity[:12]} is stored under this version's cache key"
                raise self.store.replay_refused(self.run_id, index, reason)
        stats = GenerationStats.from_dict(record)
        pending = self.mcts_pending(population)
        judged = stats.mcts_evaluations + stats.mcts_cache_hits
        if len(pending) != judged:
            reason = f"this version's MCTS step judges {len(pending)} game(s) where the run judged {judged}"
            raise self.store.replay_refused(self.run_id, index, reason)
        for identity in pending:
            stored_mcts = self.store.cached_evaluation(identity, self.mcts_hash)
            if stored_mcts is None:
                reason = f"this version's MCTS step judges {identity[:12]}, which the run did not judge"
                raise self.store.replay_refused(self.run_id, index, reason)
            self.fitness[identity] = stored_mcts
        totals = [self.fitness[member.identity].total for member in population]
        self.absorb(index, Scored(population, totals, {}, record, stats))
        return totals

    def stopped(self) -> str | None:
        return PLATEAU if self.plateau.stale >= self.settings.plateau_patience else None


def _default_fitness(name: str = "evaluate_fitness", steered: bool = False) -> FitnessFunction:
    """A function of ``darwindeck.evolve.fitness``, imported on first use (it loads the engine); for a
    ``steered`` run its counterpart in ``darwindeck.evolve.brief`` (``evaluate_briefed…``), which applies
    the brief."""
    if steered:
        name = name.replace("evaluate_fitness", "evaluate_briefed")
    module = importlib.import_module("darwindeck.evolve.brief" if steered else "darwindeck.evolve.fitness")
    fitness: FitnessFunction = getattr(module, name)
    return fitness


def _default_strip() -> Callable[[GameGenome], GameGenome]:
    """``darwindeck.evolve.fitness.strip_dead_rules``, imported on first use."""
    module = importlib.import_module("darwindeck.evolve.fitness")
    strip: Callable[[GameGenome], GameGenome] = module.strip_dead_rules
    return strip


def _resumed_settings(store: RunStore, run_id: int, settings: EvolutionSettings, seed: int) -> None:
    """Refuse to resume a run with other settings or another seed than it was started with."""
    info = store.run_info(run_id)
    stored = EvolutionSettings.from_dict(info.settings)
    if info.seed != seed:
        raise DarwinDeckError(f"resume run {run_id}: it was started with seed {info.seed}, not {seed}")
    differing = [
        name
        for name, value in settings.to_dict().items()
        if name != "generations" and getattr(stored, name) != value
    ]
    if differing:
        raise DarwinDeckError(
            f"resume run {run_id}: settings differ from the stored ones ({', '.join(differing)}); "
            "only generations may change"
        )


def load_run_settings(store: RunStore, run_id: int) -> tuple[EvolutionSettings, int]:
    """The settings and seed a stored run was started with (what ``--resume`` passes back to ``evolve``)."""
    info = store.run_info(run_id)
    return EvolutionSettings.from_dict(info.settings), info.seed


def evolve(
    settings: EvolutionSettings,
    seed: int,
    store: RunStore,
    evaluator: Evaluator,
    fitness_fn: FitnessFunction | None = None,
    progress: Callable[[GenerationStats], None] | None = None,
    resume_run: int | None = None,
    mcts_fitness_fn: FitnessFunction | None = None,
    starters: Sequence[GameGenome] = (),
) -> RunResult:
    """Run (or, with ``resume_run``, continue) an evolution; see the module docstring.

    ``fitness_fn`` defaults to ``darwindeck.evolve.fitness.evaluate_fitness`` and ``mcts_fitness_fn`` (the
    MCTS step's re-scoring) to ``darwindeck.evolve.fitness.evaluate_fitness_mcts`` when ``fitness_fn`` is
    the default, else to none (no MCTS step); ``progress`` is called with the stats of every generation
    this call completes; ``starters`` lead generation 0 (``seed_population``: ``evolve --from-rated``
    passes the best-rated games).
    """
    if resume_run is None:
        run_id = store.create_run(settings.to_dict(), seed)
    else:
        _resumed_settings(store, resume_run, settings, seed)
        run_id = resume_run
    strip_fn = None
    if fitness_fn is None:
        fitness_fn = _default_fitness(steered=bool(settings.brief))
        mcts_fitness_fn = mcts_fitness_fn or _default_fitness("evaluate_fitness_mcts", bool(settings.brief))
        strip_fn = _default_strip()
    run = _Run(run_id, settings, seed, store, evaluator, fitness_fn, mcts_fitness_fn, strip_fn)
    run.starters = tuple(starters)
    run.archive = Archive.for_settings(settings)
    run.hall_of_fame = HallOfFame(settings.hall_of_fame_size)
    status = run_generations(run, store, run_id, settings.generations, progress)
    return RunResult(
        run_id, status, tuple(run.history), tuple(run.hall_of_fame.entries), tuple(run.archive.elites())
    )

"""The GA loop with a cheap structural test fitness: reproducibility, crash and resume, plateau, elitism,
the hall of fame, the aggressive-rate switch, and the MCTS step (with a test double, and with the real
fitness on tiny settings)."""

from __future__ import annotations

import dataclasses
import itertools
import math
import os
import random
import signal
import sqlite3
import subprocess
import sys
import textwrap
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from darwindeck.errors import DarwinDeckError
from darwindeck.evolve import ga
from darwindeck.evolve.evaluator import LocalEvaluator, evaluation_seed
from darwindeck.evolve.fitness import ABLATION_SEED, evaluate_fitness_mcts
from darwindeck.evolve.ga import (
    EvolutionSettings,
    GenerationStats,
    Individual,
    RunResult,
    evolve,
    generation_rng,
    load_run_settings,
    population_diversity,
)
from darwindeck.evolve.novelty import genome_distance
from darwindeck.evolve.operators import Child, mutate
from darwindeck.evolve.quality.ablation import ablate
from darwindeck.evolve.store import PLATEAU, Evaluation, RunStore
from darwindeck.genome.identity import genome_identity
from darwindeck.genome.library import all_games, get_game
from darwindeck.genome.schema import GameGenome
from evolve.conftest import capped_fitness, exploding_fitness, structural_fitness

TINY = EvolutionSettings(
    population=8,
    generations=5,
    elitism=1,
    tournament_size=2,
    hall_of_fame_size=4,
    plateau_patience=50,
    diversity_sample=8,
)
TESTS_DIR = Path(__file__).resolve().parents[1]
#: 2 of 8 slots per generation; no archive elites, so the top-fraction rule alone decides.
MCTS_TINY = dataclasses.replace(TINY, mcts_top_fraction=0.25, archive_rate=0.0)


@pytest.fixture
def serial() -> Iterator[LocalEvaluator]:
    with LocalEvaluator(workers=1) as evaluator:
        yield evaluator


def _populations(store: RunStore, run_id: int) -> list[list[str]]:
    summary = store.run_summary(run_id)
    return [
        [Individual.of(s.genome).identity for s in store.load_population(run_id, g.index)]
        for g in summary.generations
    ]


def _stats_without_time(result: RunResult) -> list[dict[str, Any]]:
    clocks = ("duration", "mcts_duration")
    return [{k: v for k, v in s.to_dict().items() if k not in clocks} for s in result.generations]


def structural_mcts_fitness(genome: GameGenome, settings: Any, seed: int) -> Evaluation:
    """The MCTS re-scoring double: ``structural_fitness`` with a skill in [0, 1) from the seed added to the
    total (so re-scored games reorder), and the breakdown marked ``mcts``."""
    plain = structural_fitness(genome, settings, seed)
    skill = random.Random(seed + 1).random()
    breakdown = {**plain.breakdown, "mcts": 1.0, "mcts_skill": skill}
    return Evaluation(plain.total + skill if plain.total > 0 else 0.0, breakdown, plain.gate_reason)


def slow_structural_mcts_fitness(genome: GameGenome, settings: Any, seed: int) -> Evaluation:
    """``structural_mcts_fitness`` after a 40 ms sleep (the crash test's MCTS step)."""
    time.sleep(0.04)
    return structural_mcts_fitness(genome, settings, seed)


def _evaluations(db: Path, settings_hash: str) -> dict[str, float]:
    """Identity → total of every stored evaluation under ``settings_hash``."""
    with sqlite3.connect(db) as connection:
        rows = connection.execute(
            "SELECT identity, total FROM evaluations WHERE settings_hash = ?", (settings_hash,)
        )
        return {str(identity): float(total) for identity, total in rows.fetchall()}


def _expected_mcts_choices(
    populations: list[list[str]], plain: dict[str, float], rescored: dict[str, float], fraction: float
) -> list[list[str]]:
    """Per generation, the identities the MCTS step must re-score, replayed from the module rules."""
    current: dict[str, float] = {}
    marked: set[str] = set()
    chosen_per_generation = []
    for population in populations:
        for identity in population:
            current.setdefault(identity, plain[identity])
        first = {identity: population.index(identity) for identity in population}
        ranked = sorted(first, key=lambda identity: (-current[identity], first[identity]))
        top = [i for i in ranked if current[i] > 0][: math.ceil(fraction * len(population))]
        chosen = [identity for identity in top if identity not in marked]
        for identity in chosen:
            current[identity] = rescored[identity]
            marked.add(identity)
        chosen_per_generation.append(chosen)
    return chosen_per_generation


def _hall(result: RunResult) -> list[tuple[str, float]]:
    return [(e.individual.identity, e.evaluation.total) for e in result.hall_of_fame]


# --------------------------------------------------------------------------------------------- settings


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"population": 1}, "evolution setting population: must be a whole number ≥ 2, got 1"),
        ({"elitism": 8}, "evolution setting elitism: must be a whole number between 0 and 7, got 8"),
        ({"style": "chaotic"}, "evolution setting style: must be one of balanced, strategic"),
        (
            {"min_players": 3, "max_players": 2},
            "evolution setting max_players: must be a whole number between 3",
        ),
        (
            {"crossover_rate": 1.5},
            "evolution setting crossover_rate: must be a number between 0 and 1, got 1.5",
        ),
        ({"generations": True}, "evolution setting generations: must be a whole number ≥ 1, got True"),
    ],
)
def test_bad_settings_name_the_setting(change: dict[str, Any], message: str) -> None:
    with pytest.raises(DarwinDeckError, match=message.replace("(", r"\(")):
        dataclasses.replace(TINY, **change)


def test_settings_round_trip_and_defaults() -> None:
    defaults = EvolutionSettings()
    assert (defaults.population, defaults.generations, defaults.style) == (100, 50, "balanced")
    assert EvolutionSettings.from_dict(TINY.to_dict()) == TINY
    with pytest.raises(DarwinDeckError, match="unknown setting\\(s\\) colour"):
        EvolutionSettings.from_dict({"colour": "red"})


def test_fitness_hash_follows_fitness_settings_and_seed_only() -> None:
    base = TINY.fitness_hash(1)
    assert dataclasses.replace(TINY, population=20, elitism=3).fitness_hash(1) == base
    assert dataclasses.replace(TINY, games_per_genome=50).fitness_hash(1) != base
    assert dataclasses.replace(TINY, style="party").fitness_hash(1) != base
    for change in (
        {"mcts_top_fraction": 0.2},
        {"mcts_iterations": 50},
        {"mcts_games": 10},
        {"mcts_step_budget": 5_000_000},
    ):
        assert dataclasses.replace(TINY, **change).fitness_hash(1) != base
    assert TINY.fitness_hash(2) != base
    assert TINY.fitness_hash(1, mcts=True) not in (base, TINY.fitness_hash(2, mcts=True))
    assert len(base) == 64


def test_mcts_settings_defaults_and_checks() -> None:
    defaults = EvolutionSettings()
    assert (defaults.mcts_top_fraction, defaults.mcts_iterations, defaults.mcts_games) == (0.1, 25, 20)
    assert defaults.mcts_step_budget == 20_000_000
    with pytest.raises(DarwinDeckError, match="mcts_top_fraction: must be a number between 0 and 1"):
        dataclasses.replace(TINY, mcts_top_fraction=1.5)
    with pytest.raises(DarwinDeckError, match="mcts_games: must be a whole number ≥ 1, got 0"):
        dataclasses.replace(TINY, mcts_games=0)
    with pytest.raises(DarwinDeckError, match="mcts_step_budget: must be a whole number ≥ 1, got 0"):
        dataclasses.replace(TINY, mcts_step_budget=0)


# ------------------------------------------------------------------------------------- reproducibility


def test_same_seed_gives_the_same_run_for_1_and_2_workers(tmp_path: Path, serial: LocalEvaluator) -> None:
    store_a = RunStore(str(tmp_path / "a.db"))
    store_b = RunStore(str(tmp_path / "b.db"))
    one = evolve(TINY, 11, store_a, serial, structural_fitness)
    with LocalEvaluator(workers=2) as pool:
        two = evolve(TINY, 11, store_b, pool, structural_fitness)
    assert _populations(store_a, one.run_id) == _populations(store_b, two.run_id)
    assert _stats_without_time(one) == _stats_without_time(two)
    assert _hall(one) == _hall(two)
    assert len(one.generations) == 5
    other = evolve(TINY, 12, store_a, serial, structural_fitness)
    assert _populations(store_a, other.run_id)[1:] != _populations(store_a, one.run_id)[1:]


def test_generation_zero_is_the_library_then_mutants_in_the_player_range(
    tmp_path: Path, serial: LocalEvaluator
) -> None:
    settings = dataclasses.replace(TINY, population=30, generations=1, min_players=2, max_players=2)
    store = RunStore(str(tmp_path / "runs.db"))
    result = evolve(settings, 3, store, serial, structural_fitness)
    population = store.load_population(result.run_id, 0)
    two_player = [g for g in all_games().values() if g.player_count == 2]
    assert [s.genome for s in population[: len(two_player)]] == two_player
    assert all(s.genome.player_count == 2 for s in population)
    library = {genome_identity(g) for g in two_player}
    for mutant in population[len(two_player) :]:  # a mutant equal to its parent is that library game
        assert genome_identity(mutant.genome) in library or (
            len(mutant.parents) == 1 and mutant.parents[0] in library
        )
    assert len({genome_identity(s.genome) for s in population}) > len(two_player)


def test_elites_are_copied_and_the_hall_of_fame_holds_the_best(
    tmp_path: Path, serial: LocalEvaluator
) -> None:
    settings = dataclasses.replace(TINY, elitism=2)
    store = RunStore(str(tmp_path / "runs.db"))
    result = evolve(settings, 5, store, serial, structural_fitness)
    hash_ = settings.fitness_hash(5)
    populations = _populations(store, result.run_id)

    def total(identity: str) -> float:
        evaluation = store.cached_evaluation(identity, hash_)
        assert evaluation is not None
        return evaluation.total

    for previous, current in itertools.pairwise(populations):
        ranked = sorted(range(len(previous)), key=lambda slot: (-total(previous[slot]), slot))
        assert current[:2] == [previous[ranked[0]], previous[ranked[1]]]
    seen = {identity for population in populations for identity in population}
    best_four = sorted((total(i) for i in seen), reverse=True)[:4]
    assert [t for _, t in _hall(result)] == best_four
    assert len({i for i, _ in _hall(result)}) == 4
    assert result.best.evaluation.total == max(s.best for s in result.generations)
    assert [s.best for s in result.generations] == sorted(s.best for s in result.generations)
    library = {genome_identity(g) for g in all_games().values()}
    tree = store.lineage(result.best.individual.identity)
    assert tree[0].identity == result.best.individual.identity
    assert {e.identity for e in tree if not e.parents} <= library
    assert any(e.identity in library for e in tree)


def test_fitness_is_cached_by_identity(tmp_path: Path, serial: LocalEvaluator) -> None:
    store = RunStore(str(tmp_path / "runs.db"))
    first = evolve(TINY, 8, store, serial, structural_fitness)
    populations = _populations(store, first.run_id)
    distinct = len({identity for population in populations for identity in population})
    assert sum(s.evaluations for s in first.generations) == distinct
    assert sum(s.evaluations + s.cache_hits for s in first.generations) == sum(
        len(set(p)) for p in populations
    )
    again = evolve(TINY, 8, store, serial, structural_fitness)
    assert [s.evaluations for s in again.generations] == [0] * 5
    assert _hall(again) == _hall(first)


def test_a_crashing_evaluation_is_stored_as_unplayable_and_the_run_goes_on(
    tmp_path: Path, serial: LocalEvaluator
) -> None:
    store = RunStore(str(tmp_path / "runs.db"))
    settings = dataclasses.replace(TINY, population=len(all_games()), generations=2)
    result = evolve(settings, 6, store, serial, exploding_fitness)
    assert [s.index for s in result.generations] == [0, 1]
    hearts = store.cached_evaluation(genome_identity(get_game("hearts")), settings.fitness_hash(6))
    assert hearts == Evaluation(0.0, {}, "crashed: RuntimeError: engine fault in Hearts")
    assert result.best.evaluation.total == 4.0


# -------------------------------------------------------------------------------------------- plateau


def test_a_plateau_stops_the_run(tmp_path: Path, serial: LocalEvaluator) -> None:
    settings = dataclasses.replace(TINY, generations=20, plateau_patience=2)
    store = RunStore(str(tmp_path / "runs.db"))
    result = evolve(settings, 2, store, serial, capped_fitness)
    assert result.status == PLATEAU
    assert [s.best for s in result.generations] == [3.0, 3.0, 3.0]
    assert store.run_info(result.run_id).status == PLATEAU
    assert store.last_completed_generation(result.run_id) == 2


# ---------------------------------------------------------------------------------- aggressive rates


def test_diversity_is_the_mean_pairwise_distance_of_a_sample() -> None:
    war, hearts = Individual.of(get_game("war")), Individual.of(get_game("hearts"))
    assert population_diversity([war] * 6, 30, generation_rng(1, 0, "diversity")) == 0.0
    assert population_diversity([war, hearts], 30, generation_rng(1, 0, "diversity")) == genome_distance(
        war.genome, hearts.genome
    )
    assert population_diversity([war], 30, generation_rng(1, 0, "diversity")) == 0.0


def test_mutation_turns_aggressive_below_the_threshold_and_back(
    tmp_path: Path, serial: LocalEvaluator, monkeypatch: pytest.MonkeyPatch
) -> None:
    scripted = iter([0.5, 0.1, 0.05, 0.3, 0.4, 0.1])
    monkeypatch.setattr(ga, "population_diversity", lambda population, size, rng: next(scripted))
    calls: list[bool] = []

    def recording_mutate(genome: GameGenome, rng: random.Random, aggressive: bool = False) -> Child:
        calls.append(aggressive)
        return mutate(genome, rng, aggressive=aggressive)

    monkeypatch.setattr(ga, "mutate", recording_mutate)
    per_generation: list[set[bool]] = []

    def progress(stats: GenerationStats) -> None:
        per_generation.append(set(calls))
        calls.clear()

    # Two more than the library, so generation 0 holds mutants whatever the library's size.
    population = len(all_games()) + 2
    settings = dataclasses.replace(TINY, generations=6, diversity_threshold=0.2, population=population)
    result = evolve(settings, 4, RunStore(str(tmp_path / "runs.db")), serial, structural_fitness, progress)
    assert [s.diversity for s in result.generations] == [0.5, 0.1, 0.05, 0.3, 0.4, 0.1]
    assert [s.aggressive for s in result.generations] == [False, False, True, True, False, False]
    # generation 0: two mutants fill the library games up to the population; then bred children
    assert per_generation == [{False}, {False}, {True}, {True}, {False}, {False}]


def test_resume_refuses_other_settings_or_seed(tmp_path: Path, serial: LocalEvaluator) -> None:
    store = RunStore(str(tmp_path / "runs.db"))
    result = evolve(dataclasses.replace(TINY, generations=1), 9, store, serial, structural_fitness)
    with pytest.raises(DarwinDeckError, match="started with seed 9, not 10"):
        evolve(TINY, 10, store, serial, structural_fitness, resume_run=result.run_id)
    with pytest.raises(DarwinDeckError, match=r"settings differ from the stored ones \(elitism\)"):
        evolve(
            dataclasses.replace(TINY, elitism=2),
            9,
            store,
            serial,
            structural_fitness,
            resume_run=result.run_id,
        )
    assert load_run_settings(store, result.run_id) == (dataclasses.replace(TINY, generations=1), 9)
    extended = evolve(TINY, 9, store, serial, structural_fitness, resume_run=result.run_id)
    assert [s.index for s in extended.generations] == [0, 1, 2, 3, 4]


# ---------------------------------------------------------------------------------- crash and resume

_CRASHING_RUN = """
import sys
sys.path.insert(0, {tests!r})
from evolve.conftest import slow_structural_fitness
from evolve.test_ga import slow_structural_mcts_fitness
from darwindeck.evolve.evaluator import LocalEvaluator
from darwindeck.evolve.ga import EvolutionSettings, evolve
from darwindeck.evolve.store import RunStore
settings = EvolutionSettings.from_dict({settings!r})
evolve(
    settings,
    21,
    RunStore({db!r}),
    LocalEvaluator(workers=1),
    slow_structural_fitness,
    mcts_fitness_fn=slow_structural_mcts_fitness,
)
"""


def _generation_rows(db: Path) -> list[tuple[int, int, int]]:
    with sqlite3.connect(db) as connection:
        rows = connection.execute("SELECT run_id, idx, completed FROM generations ORDER BY run_id, idx")
        return [(int(a), int(b), int(c)) for a, b, c in rows.fetchall()]


def test_a_killed_run_resumes_and_ends_equal_to_an_unbroken_run(
    tmp_path: Path, serial: LocalEvaluator
) -> None:
    settings = dataclasses.replace(MCTS_TINY, generations=6)
    db = tmp_path / "killed.db"
    store = RunStore(str(db))
    script = _CRASHING_RUN.format(tests=str(TESTS_DIR), settings=settings.to_dict(), db=str(db))
    child = subprocess.Popen([sys.executable, "-c", textwrap.dedent(script)], env={**os.environ})
    deadline = time.monotonic() + 120
    try:
        while time.monotonic() < deadline:
            runs = store.list_runs()
            if runs and runs[0].last_completed is not None and runs[0].last_completed >= 2:
                break
            assert child.poll() is None, "the run ended before it could be killed"
            time.sleep(0.005)
        os.kill(child.pid, signal.SIGKILL)
    finally:
        child.wait()
    assert child.returncode == -signal.SIGKILL
    assert store.last_completed_generation(1) == 2
    assert _generation_rows(db)[:3] == [(1, 0, 1), (1, 1, 1), (1, 2, 1)]
    assert _generation_rows(db)[3:] in ([], [(1, 3, 0)])  # generation 3 started, none of it written
    before = _populations(store, 1)

    resumed = evolve(
        settings, 21, store, serial, structural_fitness, resume_run=1, mcts_fitness_fn=structural_mcts_fitness
    )
    unbroken_store = RunStore(str(tmp_path / "unbroken.db"))
    unbroken = evolve(
        settings, 21, unbroken_store, serial, structural_fitness, mcts_fitness_fn=structural_mcts_fitness
    )

    assert _populations(store, 1) == _populations(unbroken_store, unbroken.run_id)
    assert _populations(store, 1)[:3] == before
    assert _stats_without_time(resumed) == _stats_without_time(unbroken)
    assert _hall(resumed) == _hall(unbroken)
    assert [
        store.load_population(1, g) == unbroken_store.load_population(unbroken.run_id, g) for g in range(6)
    ] == [True] * 6
    assert _generation_rows(db) == [(1, g, 1) for g in range(6)]
    # the resumed generation 3 redid its MCTS step: every re-scoring stored once, as in the unbroken run
    mcts_hash = settings.fitness_hash(21, mcts=True)
    assert sum(s.mcts_evaluations for s in unbroken.generations) == len(_evaluations(db, mcts_hash)) >= 3
    assert _evaluations(db, mcts_hash) == _evaluations(tmp_path / "unbroken.db", mcts_hash)
    with sqlite3.connect(db) as connection:
        (members,) = connection.execute("SELECT COUNT(*) FROM members WHERE run_id = 1").fetchone()
    assert members == 6 * settings.population


def test_population_novelty_is_the_mean_distance_to_the_nearest_others() -> None:
    hearts, spades, war = (Individual.of(get_game(name)) for name in ("hearts", "spades", "war"))
    novelty = ga.population_novelty([hearts, spades, war, hearts])
    hearts_spades = genome_distance(hearts.genome, spades.genome)
    hearts_war = genome_distance(hearts.genome, war.genome)
    spades_war = genome_distance(spades.genome, war.genome)
    # Three neighbours each (NOVELTY_NEIGHBOURS = 5 is capped at size − 1); the duplicate adds a 0.
    assert novelty == pytest.approx(
        [
            (0.0 + hearts_spades + hearts_war) / 3,
            (2 * hearts_spades + spades_war) / 3,
            (2 * hearts_war + spades_war) / 3,
            (0.0 + hearts_spades + hearts_war) / 3,
        ]
    )
    assert ga.population_novelty([hearts]) == [0.0]


def test_selection_scores_favour_the_unusual_among_equally_fit_games() -> None:
    hearts, spades, war = (Individual.of(get_game(name)) for name in ("hearts", "spades", "war"))
    population = [hearts, hearts, spades, war]
    fitness = {
        member.identity: Evaluation(total=0.8, breakdown={}, gate_reason=None) for member in population
    }
    novelty = ga.population_novelty(population)
    scores = ga.selection_scores(population, fitness, 0.25)
    assert scores == pytest.approx([0.8 * (0.75 + 0.25 * near) for near in novelty])
    assert scores[3] > scores[0]  # war is far from the rest; each hearts has a twin at distance 0
    assert ga.selection_scores(population, fitness, 0.0) == [0.8, 0.8, 0.8, 0.8]


# ---------------------------------------------------------------------------------------------- MCTS step


def test_the_mcts_step_re_scores_the_top_fraction_once_each(tmp_path: Path, serial: LocalEvaluator) -> None:
    db = tmp_path / "runs.db"
    store = RunStore(str(db))
    result = evolve(MCTS_TINY, 31, store, serial, structural_fitness, mcts_fitness_fn=structural_mcts_fitness)
    populations = _populations(store, result.run_id)
    plain = _evaluations(db, MCTS_TINY.fitness_hash(31))
    rescored = _evaluations(db, MCTS_TINY.fitness_hash(31, mcts=True))
    chosen = _expected_mcts_choices(populations, plain, rescored, 0.25)
    assert [s.mcts_evaluations for s in result.generations] == [len(c) for c in chosen]
    assert [s.mcts_cache_hits for s in result.generations] == [0] * 5
    assert sorted(itertools.chain.from_iterable(chosen)) == sorted(rescored)
    assert len(chosen[0]) == 2
    for identity in rescored:
        genome = store.genome(identity).genome
        seed = evaluation_seed(31, identity)
        assert store.cached_evaluation(identity, MCTS_TINY.fitness_hash(31, mcts=True)) == (
            structural_mcts_fitness(genome, MCTS_TINY, seed)
        )
    scored_by_mcts: set[str] = set()  # a game's MCTS score counts from the generation that chose it
    for stats, population, chosen_now in zip(result.generations, populations, chosen, strict=True):
        scored_by_mcts |= set(chosen_now)
        current = {i: rescored[i] if i in scored_by_mcts else plain[i] for i in population}
        assert stats.best == max(current[identity] for identity in population)
        assert stats.mean == pytest.approx(
            sum(current[identity] for identity in population) / len(population)
        )
    final = {**plain, **rescored}  # the hall of fame holds each game at its last score
    assert [(e.individual.identity, e.evaluation.total) for e in result.hall_of_fame] == [
        (identity, final[identity])
        for identity in sorted(final, key=lambda i: -final[i])[: MCTS_TINY.hall_of_fame_size]
    ]
    assert all("mcts" in e.evaluation.breakdown for e in result.hall_of_fame[:2])


def test_the_generation_budget_takes_candidates_in_order_while_they_fit() -> None:
    # 10 fits; 10 + 25 > 30 waits; 10 + 5 and then + 0 fit; the first is taken whatever it costs.
    assert ga.affordable({"a": 10.0, "b": 25.0, "c": 5.0, "d": 0.0}, 30.0) == ["a", "c", "d"]
    assert ga.affordable({"x": 50.0, "y": 1.0}, 30.0) == ["x"]
    assert ga.affordable({}, 30.0) == []


def test_a_zero_budget_judges_one_candidate_a_generation(tmp_path: Path, serial: LocalEvaluator) -> None:
    def costly(genome: GameGenome, settings: Any, seed: int) -> Evaluation:
        plain = structural_fitness(genome, settings, seed)
        return Evaluation(plain.total, {**plain.breakdown, "judging_cost": 1.0}, plain.gate_reason)

    free = evolve(
        MCTS_TINY,
        31,
        RunStore(str(tmp_path / "a.db")),
        serial,
        costly,
        mcts_fitness_fn=structural_mcts_fitness,
    )
    settings = dataclasses.replace(MCTS_TINY, mcts_steps_per_member=0)
    capped = evolve(
        settings,
        31,
        RunStore(str(tmp_path / "b.db")),
        serial,
        costly,
        mcts_fitness_fn=structural_mcts_fitness,
    )
    assert free.generations[0].mcts_evaluations == 2  # ceil(0.25 × 8): both fit an ample budget
    assert capped.generations[0].mcts_evaluations == 1  # every judging costs 1 step, the budget is 0
    assert all(s.mcts_evaluations <= 1 for s in capped.generations)


def test_a_second_run_finds_every_mcts_re_scoring_in_the_store(
    tmp_path: Path, serial: LocalEvaluator
) -> None:
    store = RunStore(str(tmp_path / "runs.db"))
    first = evolve(MCTS_TINY, 32, store, serial, structural_fitness, mcts_fitness_fn=structural_mcts_fitness)
    again = evolve(MCTS_TINY, 32, store, serial, structural_fitness, mcts_fitness_fn=structural_mcts_fitness)
    assert [s.evaluations for s in again.generations] == [0] * 5
    assert [s.mcts_evaluations for s in again.generations] == [0] * 5
    assert [s.mcts_cache_hits for s in again.generations] == [s.mcts_evaluations for s in first.generations]
    assert _populations(store, again.run_id) == _populations(store, first.run_id)
    assert _hall(again) == _hall(first)


def test_no_mcts_step_without_a_re_scoring_or_with_fraction_zero(
    tmp_path: Path, serial: LocalEvaluator
) -> None:
    store = RunStore(str(tmp_path / "runs.db"))
    plain = evolve(MCTS_TINY, 33, store, serial, structural_fitness)
    off = dataclasses.replace(MCTS_TINY, mcts_top_fraction=0.0)
    zero = evolve(off, 33, store, serial, structural_fitness, mcts_fitness_fn=structural_mcts_fitness)
    for result in (plain, zero):
        assert [s.mcts_evaluations + s.mcts_cache_hits for s in result.generations] == [0] * 5
        assert all("mcts" not in e.evaluation.breakdown for e in result.hall_of_fame)


REAL_TINY = EvolutionSettings(
    population=6,
    generations=2,
    min_players=2,
    max_players=2,
    games_per_genome=8,
    elitism=1,
    tournament_size=2,
    hall_of_fame_size=3,
    diversity_sample=6,
    mcts_top_fraction=0.34,  # 3 of 6 slots
    mcts_iterations=10,
    mcts_games=2,
)


def test_the_real_mcts_step_is_the_same_for_1_and_2_workers(tmp_path: Path, serial: LocalEvaluator) -> None:
    db_one, db_two = tmp_path / "one.db", tmp_path / "two.db"
    one = evolve(REAL_TINY, 5, RunStore(str(db_one)), serial)
    with LocalEvaluator(workers=2) as pool:
        two = evolve(REAL_TINY, 5, RunStore(str(db_two)), pool)
    assert _stats_without_time(one) == _stats_without_time(two)
    assert _hall(one) == _hall(two)
    mcts_hash = REAL_TINY.fitness_hash(5, mcts=True)
    rescored = _evaluations(db_one, mcts_hash)
    assert rescored == _evaluations(db_two, mcts_hash)
    assert len(rescored) == sum(s.mcts_evaluations for s in one.generations) >= 2
    store = RunStore(str(db_one))
    populations = _populations(store, one.run_id)
    plain = _evaluations(db_one, REAL_TINY.fitness_hash(5))
    chosen = _expected_mcts_choices(populations, plain, rescored, 0.34)
    # The top third of every generation, and archive elites on top of them.
    assert all(s.mcts_evaluations >= len(c) for s, c in zip(one.generations, chosen, strict=True))
    assert all(elite.evaluation.breakdown.get("mcts") == 1.0 for elite in one.gallery[:2])
    identity = chosen[0][0]
    stored = store.cached_evaluation(identity, mcts_hash)
    assert stored == Evaluation.of(
        evaluate_fitness_mcts(store.genome(identity).genome, REAL_TINY, evaluation_seed(5, identity))
    )
    assert stored is not None
    assert stored.breakdown["mcts"] == 1.0
    assert "mcts_steps" in stored.breakdown
    assert one.best.evaluation.breakdown["mcts"] == 1.0
    # What the run keeps is the live canonical form: replaying without any rule changes some game.
    for entry in one.hall_of_fame:
        assert ablate(entry.individual.genome, ABLATION_SEED).dead == (), entry.individual.genome.name
    assert {elite.identity for elite in one.gallery} <= {identity for p in populations for identity in p}

"""Evaluation back-ends: identical results for every back-end and worker count, warm pools, crash scoring."""

from __future__ import annotations

import functools
import importlib.util
import math
import os
import sys
from pathlib import Path

import pytest

from darwindeck.errors import DarwinDeckError
from darwindeck.evolve.evaluator import (
    RAY_INSTALL_HINT,
    LocalEvaluator,
    RayEvaluator,
    evaluation_seed,
)
from darwindeck.evolve.store import Evaluation
from darwindeck.genome.identity import genome_identity
from darwindeck.genome.library import all_games, get_game
from evolve.conftest import exploding_fitness, structural_fitness

RAY_MISSING = importlib.util.find_spec("ray") is None


def _worker_pid(_: object) -> int:
    return os.getpid()


def test_evaluation_seed_depends_on_run_seed_and_identity_only() -> None:
    war = get_game("war")
    renamed = war.replace(name="Battle", description="another name, the same rules")
    assert evaluation_seed(3, genome_identity(war)) == evaluation_seed(3, genome_identity(renamed))
    assert evaluation_seed(3, genome_identity(war)) != evaluation_seed(4, genome_identity(war))
    assert 0 <= evaluation_seed(2**40, "x" * 64) < 2**64


def test_evaluation_seed_is_pinned() -> None:
    # The derivation is part of the reproducibility contract: changing it changes every stored run.
    assert evaluation_seed(42, "war") == 18005356269731178831  # sha256(b"42:war")[:8], big-endian


def test_workers_1_and_2_give_identical_results_in_input_order() -> None:
    genomes = list(all_games().values())
    expected = [structural_fitness(g, "settings", evaluation_seed(9, genome_identity(g))) for g in genomes]
    with LocalEvaluator(workers=1) as serial:
        in_process = serial.evaluate(genomes, "settings", 9, structural_fitness)
    with LocalEvaluator(workers=2) as parallel:
        pooled = parallel.evaluate(genomes, "settings", 9, structural_fitness)
    assert in_process == expected
    assert pooled == expected
    assert len({result.total for result in pooled}) > 5


def test_map_keeps_input_order() -> None:
    items = [7, 3, 12, 0, 5, 9, 1]
    with LocalEvaluator(workers=2) as evaluator:
        assert evaluator.map(math.factorial, items) == [5040, 6, 479001600, 1, 120, 362880, 1]


def test_the_pool_is_started_once_and_stays_warm() -> None:
    with LocalEvaluator(workers=2) as evaluator:
        first = evaluator.map(_worker_pid, list(range(40)))
        second = evaluator.map(_worker_pid, list(range(40)))
    pids = set(first) | set(second)
    assert os.getpid() not in pids
    assert 1 <= len(pids) <= 2


def _note_part(folder: Path, part: int) -> None:
    (folder / f"part-{part}").write_text(str(os.getpid()))


def test_each_worker_of_a_pool_is_given_a_part_of_the_warm_up(tmp_path: Path) -> None:
    # The module rule: a pool of n workers is given warm_up(0) .. warm_up(n-1) when it starts.
    with LocalEvaluator(workers=2, warm_up=functools.partial(_note_part, tmp_path)) as evaluator:
        assert evaluator.map(math.factorial, [3, 4]) == [6, 24]
    assert sorted(path.name for path in tmp_path.iterdir()) == ["part-0", "part-1"]
    assert str(os.getpid()) not in {path.read_text() for path in tmp_path.iterdir()}


def test_one_worker_has_no_warm_up(tmp_path: Path) -> None:
    with LocalEvaluator(workers=1, warm_up=functools.partial(_note_part, tmp_path)) as evaluator:
        assert evaluator.map(math.factorial, [3]) == [6]
    assert list(tmp_path.iterdir()) == []


def test_one_worker_runs_in_process() -> None:
    with LocalEvaluator(workers=1) as evaluator:
        assert evaluator.map(_worker_pid, [1, 2]) == [os.getpid(), os.getpid()]


@pytest.mark.parametrize("workers", [1, 2])
def test_a_crashing_genome_is_scored_unplayable_and_the_batch_goes_on(workers: int) -> None:
    genomes = [get_game("war"), get_game("hearts"), get_game("crazy-eights")]
    with LocalEvaluator(workers=workers) as evaluator:
        results = evaluator.evaluate(genomes, None, 1, exploding_fitness)
    assert results == [
        Evaluation(2.0, {}, None),
        Evaluation(0.0, {}, "crashed: RuntimeError: engine fault in Hearts"),
        Evaluation(4.0, {}, None),
    ]


@pytest.mark.parametrize("workers", [0, -1, True, 1.5])
def test_bad_worker_counts_are_refused(workers: object) -> None:
    with pytest.raises(DarwinDeckError, match="evaluator workers: must be a whole number ≥ 1"):
        LocalEvaluator(workers=workers)  # type: ignore[arg-type]


def test_ray_missing_gives_the_install_hint(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "ray", None)
    with pytest.raises(DarwinDeckError) as raised:
        RayEvaluator()
    assert str(raised.value) == RAY_INSTALL_HINT
    assert "pip install 'darwindeck[ray]'" in str(raised.value)


@pytest.mark.skipif(
    RAY_MISSING, reason="ray is not installed (optional extra: pip install 'darwindeck[ray]')"
)
def test_ray_results_equal_the_local_back_end() -> None:
    import ray

    genomes = list(all_games().values())
    with LocalEvaluator(workers=1) as local:
        expected = local.evaluate(genomes, "settings", 5, structural_fitness)
    # A local Ray instance whose workers can import the test double (it lives in tests/, not the package).
    tests_folder = str(Path(__file__).resolve().parents[1])
    ray.init(
        num_cpus=2,
        include_dashboard=False,
        log_to_driver=False,
        runtime_env={"env_vars": {"PYTHONPATH": tests_folder}},
    )
    try:
        with RayEvaluator() as ray_evaluator:
            assert ray_evaluator.evaluate(genomes, "settings", 5, structural_fitness) == expected
            assert ray_evaluator.map(math.factorial, [4, 2]) == [24, 2]
    finally:
        ray.shutdown()

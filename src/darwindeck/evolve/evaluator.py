"""Fitness evaluation back-ends: where the work "one genome × N games" runs.

Rules:

* An ``Evaluator`` has ``map(fn, items)`` (results in input order, like the built-in ``map`` but parallel)
  and ``evaluate(genomes, settings, seed, fitness_fn)``, built on ``map``: one task per genome. A back-end
  only decides where tasks run, never what they compute, so results are identical for every back-end and
  worker count.
* Each genome's evaluation seed is ``evaluation_seed(run_seed, identity)``: the first 8 bytes (big-endian)
  of SHA-256 of ``"{run_seed}:{identity}"``. It depends on nothing else (not on the genome's position, the
  batch, the worker), which is what makes results reproducible and cacheable by identity.
* A genome whose fitness function raises is scored as unplayable: total 0, empty breakdown, gate reason
  ``"crashed: <ExceptionType>: <message>"``; the run goes on. (Termination of a game is the engine's
  guarantee: every game ends within its turn limit and step budget, so no task can hang.)
* ``LocalEvaluator(workers)``: ``workers=1`` runs in this process; more start a process pool on first use
  and keep it warm (compiled kernels load once per worker) until ``close()``; use it as a context manager.
  ``LocalEvaluator(workers, warm_up=compile_first_job)`` also gives each worker one part of the first
  compile as its first task, so that on a fresh clone the workers compile different code at once instead
  of the same code twice (``compile_first_job``: part 0 the screening's batch loop, part 1 the judging's
  search, MCTS loop and chance traces; both share numba's on-disk cache, so whatever one has compiled the
  other loads). It changes when code is compiled, never what a task computes.
* ``RayEvaluator(address=None)`` runs tasks on a Ray cluster (``address=None``: a local Ray instance).
  Ray is an optional extra, imported only here, on construction; without it a ``DarwinDeckError`` says to
  ``pip install 'darwindeck[ray]'``.
* ``fn`` and the fitness function must be picklable (module-level functions) for the parallel back-ends.
"""

from __future__ import annotations

import multiprocessing
from abc import ABC, abstractmethod
from collections.abc import Callable, Sequence
from concurrent.futures import Executor, ProcessPoolExecutor
from dataclasses import dataclass
from types import TracebackType
from typing import Any, Generic, Protocol, Self, TypeVar, cast

from darwindeck.errors import DarwinDeckError
from darwindeck.evolve.store import Evaluation, FitnessLike
from darwindeck.genome.identity import genome_identity
from darwindeck.genome.schema import GameGenome
from darwindeck.seeding import derive

T = TypeVar("T")
R = TypeVar("R")
S = TypeVar("S")

FitnessFn = Callable[[GameGenome, Any, int], FitnessLike]
"""``fitness_fn(genome, settings, seed) -> result`` (``fitness.evaluate_fitness`` has this shape)."""

RAY_INSTALL_HINT = "the Ray back-end needs the optional extra: pip install 'darwindeck[ray]'"


def evaluation_seed(run_seed: int, identity: str) -> int:
    """The seed a genome is evaluated with in a run: a function of the run seed and its identity only
    (``seeding.derive(run_seed, identity)``)."""
    return derive(run_seed, identity)


@dataclass(frozen=True)
class EvaluationTask(Generic[S]):
    """One unit of work: score ``genome`` with ``fitness_fn`` under ``settings`` and ``seed``."""

    fitness_fn: Callable[[GameGenome, S, int], FitnessLike]
    genome: GameGenome
    settings: S
    seed: int


def run_task(task: EvaluationTask[Any]) -> FitnessLike:
    """Run one task; an exception becomes an unplayable score with the reason (see the module rules)."""
    try:
        return task.fitness_fn(task.genome, task.settings, task.seed)
    except Exception as error:  # a crashing genome must not stop the run
        return Evaluation(0.0, {}, f"crashed: {type(error).__name__}: {error}")


def evaluation_tasks(
    genomes: Sequence[GameGenome],
    settings: S,
    run_seed: int,
    fitness_fn: Callable[[GameGenome, S, int], FitnessLike],
) -> list[EvaluationTask[S]]:
    """One task per genome, each with its identity-derived seed."""
    return [
        EvaluationTask(fitness_fn, genome, settings, evaluation_seed(run_seed, genome_identity(genome)))
        for genome in genomes
    ]


class Evaluator(Protocol):
    """A place to run fitness evaluations; see the module rules."""

    def map(self, fn: Callable[[T], R], items: Sequence[T]) -> list[R]:
        """``[fn(item) for item in items]``, possibly in parallel, always in input order."""
        ...

    def evaluate(
        self,
        genomes: Sequence[GameGenome],
        settings: S,
        seed: int,
        fitness_fn: Callable[[GameGenome, S, int], FitnessLike],
    ) -> list[FitnessLike]:
        """The fitness of each genome, in input order, each scored with its identity-derived seed."""
        ...

    def close(self) -> None:
        """Release workers; the evaluator may not be used afterwards."""
        ...


class _MapEvaluator(ABC):
    """``evaluate`` and the context-manager protocol, built on a subclass's ``map``."""

    @abstractmethod
    def map(self, fn: Callable[[T], R], items: Sequence[T]) -> list[R]:
        """``[fn(item) for item in items]``, possibly in parallel, always in input order."""

    @abstractmethod
    def close(self) -> None:
        """Release workers."""

    def evaluate(
        self,
        genomes: Sequence[GameGenome],
        settings: S,
        seed: int,
        fitness_fn: Callable[[GameGenome, S, int], FitnessLike],
    ) -> list[FitnessLike]:
        return self.map(run_task, evaluation_tasks(genomes, settings, seed, fitness_fn))

    def __enter__(self) -> Self:
        return self

    def __exit__(
        self, kind: type[BaseException] | None, error: BaseException | None, trace: TracebackType | None
    ) -> None:
        self.close()


class LocalEvaluator(_MapEvaluator):
    """This machine: in-process for ``workers=1``, else a warm process pool of ``workers`` processes.

    ``start_method`` is the ``multiprocessing`` start method of the pool (platform default when ``None``).
    """

    def __init__(
        self,
        workers: int = 1,
        start_method: str | None = None,
        warm_up: Callable[[int], object] | None = None,
    ) -> None:
        if isinstance(workers, bool) or not isinstance(workers, int) or workers < 1:
            raise DarwinDeckError(f"evaluator workers: must be a whole number ≥ 1, got {workers!r}")
        self.workers = workers
        self._start_method = start_method
        self._warm_up = warm_up
        self._pool: Executor | None = None

    def _executor(self) -> Executor:
        """The pool, started on first use (each worker's first task its part of ``warm_up``) and reused
        for every later call."""
        if self._pool is None:
            context = multiprocessing.get_context(self._start_method)
            self._pool = ProcessPoolExecutor(max_workers=self.workers, mp_context=context)
            if self._warm_up is not None:
                for part in range(self.workers):
                    self._pool.submit(self._warm_up, part)
        return self._pool

    def map(self, fn: Callable[[T], R], items: Sequence[T]) -> list[R]:
        if self.workers == 1 or len(items) <= 1:
            return [fn(item) for item in items]
        return list(self._executor().map(fn, items))

    def close(self) -> None:
        if self._pool is not None:
            self._pool.shutdown()
            self._pool = None


def compile_first_job(part: int) -> None:
    """Compile part ``part`` of what a first generation runs (module rules); parts past 1 are empty.

    Part 1 starts with the sampling of what a seat has seen (which part 0 never compiles) and the greedy
    player (which part 0 reaches only after the deal and its settling), so that the two start on different
    code."""
    import numba
    import numpy as np

    from darwindeck.agents import batch, chances, determinize
    from darwindeck.engine import layout as L
    from darwindeck.engine.policies import MCTS, choose
    from darwindeck.engine.search_params import N_PARAMS

    if part > 1 or numba.config.DISABLE_JIT:  # type: ignore[attr-defined]
        return
    typeof: Callable[[object], Any] = numba.typeof
    tables = np.zeros(L.HEADER_SIZE, dtype=np.int64)  # one seat, no games: compiles, plays nothing
    tables[L.H_PLAYERS] = 1
    kinds = np.zeros(1, dtype=np.int64)
    params = np.zeros((L.MAX_PLAYERS, N_PARAMS), dtype=np.float64)
    rows = np.zeros((0, batch.N_STATS), dtype=np.int64)
    if part == 0:
        batch.play_batch_with(tables, 0, 0, 0, kinds, params, rows)
        return
    row, index = np.zeros(1, dtype=np.int64), typeof(0)
    knowledge = np.zeros((L.MAX_PLAYERS, determinize.KN_SIZE), dtype=np.int64)
    one, two = typeof(row), typeof(knowledge)
    determinize.determinize.compile((one, one, index, one, one, one))
    determinize.observe.compile((one, one, one, index, two))
    determinize.deal_knowledge.compile((one, one, two))
    cast(Any, choose).compile((one, one, index, one))
    batch.play_batch_with(tables, 0, 0, 0, np.full(1, MCTS), params, rows)
    out = typeof(np.zeros((1, 1), dtype=np.float64))
    chances.chance_trace.compile((one, index, index, one, one, index, out))


def _call(fn: Callable[[T], R], item: T) -> R:
    """``fn(item)``: the function Ray runs remotely."""
    return fn(item)


class RayEvaluator(_MapEvaluator):
    """A Ray cluster at ``address`` (``None``: start or join a local Ray instance). Ray keeps its worker
    processes alive between tasks, so compiled kernels load once per worker."""

    def __init__(self, address: str | None = None) -> None:
        try:
            import ray
        except ImportError as error:
            raise DarwinDeckError(RAY_INSTALL_HINT) from error
        self._ray: Any = ray
        self._owns_ray = not ray.is_initialized()
        if self._owns_ray:
            ray.init(address=address, ignore_reinit_error=True, log_to_driver=False)
        self._remote_call: Any = ray.remote(_call)

    def map(self, fn: Callable[[T], R], items: Sequence[T]) -> list[R]:
        if not items:
            return []
        function_ref = self._ray.put(fn)
        futures = [self._remote_call.remote(function_ref, item) for item in items]
        results: list[R] = self._ray.get(futures)
        return results

    def close(self) -> None:
        if self._owns_ray and self._ray.is_initialized():
            self._ray.shutdown()
        self._owns_ray = False

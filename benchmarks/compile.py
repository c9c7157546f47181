"""Where a first run's numba compile goes: compile time per function, in a fresh cache.

``python -m benchmarks.compile [--top N] -- <darwindeck arguments>`` runs one ``darwindeck`` command in
this process with ``NUMBA_CACHE_DIR`` set to a new empty directory (so everything compiles, as in a
fresh clone) and records every compilation numba performs: which function, which signature, the wall
and CPU seconds it took *including* the functions it compiled on the way (its callees are compiled when
its body is typed) and *excluding* them (its own typing, lowering and LLVM optimisation, which covers
the callees' code again when they are linked into it). A function compiled straight from Python is an
*entry point*. Prints two Markdown tables: the entry points in the order they compiled, and the
functions with the largest exclusive time. CPU seconds are the process's own (``time.process_time``),
which a machine shared with other jobs does not inflate; wall seconds are what a person waits.

Without arguments it runs the demo's first generation in one process:
``evolve --population 30 --generations 1 --games 50 --judge-budget 5 --seed 0 --workers 1``.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import tempfile
import time
from dataclasses import dataclass, field
from typing import Any

DEMO_FIRST_GENERATION = (
    "evolve --population 30 --generations 1 --games 50 --judge-budget 5 --seed 0 --top 1 --workers 1"
)


@dataclass
class Compilation:
    """One function compiled for one signature."""

    name: str
    signature: str
    depth: int
    started: float
    wall: float = 0.0
    cpu: float = 0.0
    child_wall: float = 0.0
    child_cpu: float = 0.0
    started_cpu: float = 0.0
    children: list[Compilation] = field(default_factory=list)

    @property
    def own_wall(self) -> float:
        return self.wall - self.child_wall

    @property
    def own_cpu(self) -> float:
        return self.cpu - self.child_cpu


class Recorder:
    """A numba ``numba:compile`` listener that builds the tree of compilations."""

    def __init__(self) -> None:
        self.stack: list[Compilation] = []
        self.done: list[Compilation] = []

    def on_start(self, event: Any) -> None:
        data = event.data
        dispatcher = data["dispatcher"]
        function = dispatcher.py_func
        name = f"{function.__module__.removeprefix('darwindeck.')}.{function.__qualname__}"
        signature = ", ".join(str(arg) for arg in data["args"])
        now, cpu = time.perf_counter(), time.process_time()
        entry = Compilation(name, signature, len(self.stack), now, started_cpu=cpu)
        if self.stack:
            self.stack[-1].children.append(entry)
        self.stack.append(entry)

    def on_end(self, event: Any) -> None:
        entry = self.stack.pop()
        entry.wall = time.perf_counter() - entry.started
        entry.cpu = time.process_time() - entry.started_cpu
        if self.stack:
            self.stack[-1].child_wall += entry.wall
            self.stack[-1].child_cpu += entry.cpu
        self.done.append(entry)


#: The LLVM stages of a compilation, by the numba method that runs each (``numba.core.codegen``).
STAGES = {
    "function passes": ("CPUCodeLibrary", "_optimize_functions"),
    "module passes": ("CPUCodeLibrary", "_optimize_final_module"),
    "machine code": ("JITCodeLibrary", "_finalize_specific"),
}


def time_stages(totals: dict[str, float]) -> None:
    """Wrap the LLVM stages' methods so that their CPU seconds add up in ``totals``."""
    from numba.core import codegen

    for stage, (cls_name, method) in STAGES.items():
        cls = getattr(codegen, cls_name)
        original = getattr(cls, method)

        def timed(self: Any, *args: Any, _original: Any = original, _stage: str = stage) -> Any:
            started = time.process_time()
            try:
                return _original(self, *args)
            finally:
                totals[_stage] = totals.get(_stage, 0.0) + time.process_time() - started

        setattr(cls, method, timed)


def install(recorder: Recorder) -> None:
    from numba.core import event

    class _Listener(event.Listener):
        def on_start(self, ev: Any) -> None:
            recorder.on_start(ev)

        def on_end(self, ev: Any) -> None:
            recorder.on_end(ev)

    event.register("numba:compile", _Listener())  # type: ignore[no-untyped-call]


def entry_table(recorder: Recorder, started: float) -> list[str]:
    lines = [
        "| entry point | signature | starts at (s) | wall (s) | CPU (s) | functions compiled |",
        "|---|---|---:|---:|---:|---:|",
    ]
    for entry in (c for c in recorder.done if c.depth == 0):
        lines.append(
            f"| {entry.name} | {_short(entry.signature)} | {entry.started - started:.1f} | {entry.wall:.1f} "
            f"| {entry.cpu:.1f} | {_count(entry)} |"
        )
    total_wall = sum(c.wall for c in recorder.done if c.depth == 0)
    total_cpu = sum(c.cpu for c in recorder.done if c.depth == 0)
    lines.append(f"| **all** | | | {total_wall:.1f} | {total_cpu:.1f} | {len(recorder.done)} |")
    return lines


def own_table(recorder: Recorder, top: int) -> list[str]:
    lines = ["| function | signature | own CPU (s) | with callees CPU (s) |", "|---|---|---:|---:|"]
    for entry in sorted(recorder.done, key=lambda c: -c.own_cpu)[:top]:
        lines.append(f"| {entry.name} | {_short(entry.signature)} | {entry.own_cpu:.1f} | {entry.cpu:.1f} |")
    return lines


def _count(entry: Compilation) -> int:
    return 1 + sum(_count(child) for child in entry.children)


def _short(signature: str, width: int = 60) -> str:
    return signature if len(signature) <= width else signature[: width - 1] + "…"


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--top", type=int, default=25, help="Functions in the exclusive table (default 25).")
    parser.add_argument(
        "command", nargs="*", help="darwindeck arguments [default: the demo's first generation]."
    )
    args = parser.parse_args(argv)
    if os.environ.get("NUMBA_CACHE_DIR"):
        cache = os.environ["NUMBA_CACHE_DIR"]
    else:
        cache = tempfile.mkdtemp(prefix="numba-cache-")
        os.environ["NUMBA_CACHE_DIR"] = cache
    command = args.command or DEMO_FIRST_GENERATION.split()
    work = tempfile.mkdtemp(prefix="compile-bench-")
    if command[0] == "evolve" and "--db" not in command:
        command += ["--db", os.path.join(work, "runs.db"), "--out", os.path.join(work, "out")]
    recorder = Recorder()
    install(recorder)
    stages: dict[str, float] = {}
    time_stages(stages)
    from darwindeck.cli import main as darwindeck

    started = time.perf_counter()
    cpu = time.process_time()
    with contextlib.suppress(SystemExit):
        darwindeck(command)
    wall, cpu = time.perf_counter() - started, time.process_time() - cpu
    print(f"\n`darwindeck {' '.join(command)}`, cache {cache}: {wall:.1f} s wall, {cpu:.1f} s CPU\n")
    compiling = sum(c.cpu for c in recorder.done if c.depth == 0)
    llvm = ", ".join(f"{stage} {seconds:.1f} s" for stage, seconds in stages.items())
    print(f"Compile CPU {compiling:.1f} s; LLVM stages: {llvm}; the rest is numba's typing and lowering.\n")
    print("\n".join(entry_table(recorder, started)))
    print()
    print("\n".join(own_table(recorder, args.top)))


if __name__ == "__main__":
    main()

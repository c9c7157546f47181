"""``darwindeck bench NAME [ARGS...]``: run one of the speed benchmarks of ``benchmarks/``.

The benchmarks are a development tool: they live in the source checkout (``benchmarks/NAME.py``), not
in the installed package, and print Markdown rows for ``benchmarks/RESULTS.md`` (with the date and the
commit). Extra arguments go to the benchmark (``darwindeck bench engine --seconds 5``).
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path
from typing import Annotated

import typer

from darwindeck.errors import DarwinDeckError

#: The checkout's ``benchmarks/`` folder (absent in an installed, non-editable package).
BENCHMARKS = Path(__file__).resolve().parents[3] / "benchmarks"


def register(app: typer.Typer) -> None:
    app.command(
        "bench",
        context_settings={"allow_extra_args": True, "ignore_unknown_options": True},
    )(bench)


def available() -> list[str]:
    """Names of the benchmarks in the checkout, sorted."""
    if not BENCHMARKS.is_dir():
        return []
    return sorted(path.stem for path in BENCHMARKS.glob("*.py") if not path.stem.startswith("_"))


def bench(
    ctx: typer.Context,
    name: Annotated[str, typer.Argument(help="engine, mcts, tcg or evolve (the files of benchmarks/).")],
) -> None:
    """Run a speed benchmark from the source checkout; extra arguments are passed to it."""
    names = available()
    if not names:
        raise DarwinDeckError(
            f"bench: no benchmarks/ folder at {BENCHMARKS} (they ship with the source checkout)"
        )
    if name not in names:
        raise DarwinDeckError(f"bench: unknown benchmark {name!r} (available: {', '.join(names)})")
    command = [sys.executable, "-m", f"benchmarks.{name}", *ctx.args]
    done = subprocess.run(command, cwd=BENCHMARKS.parent, check=False)
    raise typer.Exit(done.returncode)

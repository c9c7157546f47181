"""The ``darwindeck`` command: one Typer app, one module per group of verbs.

Each verb module exposes ``register(app)`` and imports its heavy dependencies inside the verbs, so start-up
stays fast. ``main`` turns any ``DarwinDeckError`` (a user's mistake) into one line on stderr and exit
code 2; only bugs show a traceback.
"""

from __future__ import annotations

import sys

import typer
from rich.console import Console

from darwindeck.cli import (
    battle_verbs,
    bench_verbs,
    deck_verbs,
    demo_verbs,
    evolve_verbs,
    explain_verbs,
    genome_verbs,
    play_verbs,
    simulate_verbs,
    skill_verbs,
    web_verbs,
)
from darwindeck.errors import DarwinDeckError

app = typer.Typer(
    name="darwindeck",
    help="DarwinDeck: design, simulate, read, play and evolve card games.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)

for _verbs in (
    demo_verbs,
    evolve_verbs,
    explain_verbs,
    genome_verbs,
    simulate_verbs,
    play_verbs,
    skill_verbs,
    battle_verbs,
    deck_verbs,
    bench_verbs,
    web_verbs,
):
    _verbs.register(app)


def main(argv: list[str] | None = None) -> None:
    """Entry point of the console script."""
    try:
        app(args=argv, standalone_mode=True)
    except DarwinDeckError as error:
        Console(stderr=True).print(f"[bold red]error:[/] {error}", highlight=False, soft_wrap=True)
        sys.exit(2)

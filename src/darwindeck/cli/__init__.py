"""The ``darwindeck`` command: one Typer app, one module per group of verbs.

Each verb module exposes ``register(app)`` and imports its heavy dependencies inside the verbs, so start-up
stays fast. ``main`` turns any ``DarwinDeckError`` (a user's mistake) into one line on stderr and exit
code 2 (never read as Rich markup: the message may quote a user's brackets); only bugs show a
traceback.

* ``common``: a GAME|FILE argument turned into a genome, and console output shared by the verbs.
* ``genome_verbs``: ``games``, ``show``, ``validate``, ``compile``, ``import``, ``rulebook``.
* ``simulate_verbs``: ``simulate``, a batch of games with AI players.
* ``play_verbs``: ``play``, a game in the terminal against computer opponents.
* ``skill_verbs``: ``skill``, the skill ladder on duplicate deals.
* ``evolve_verbs``: ``evolve`` (start or resume a run), ``runs`` and ``runs show``.
* ``demo_verbs``: ``demo``, the main job on its embedded defaults (``make demo``).
* ``battle_verbs``: ``battle`` and ``cards`` (the battle engine).
* ``battle_play``: a Pocket battle played in the terminal (keys, help, card texts).
* ``deck_verbs``: ``decks evolve``, battle-deck evolution.
* ``bench_verbs``: ``bench``, the speed benchmarks of ``benchmarks/``.
* ``web_verbs``: ``serve`` (the web app) and ``ratings export``.
* ``explain_verbs``: ``explain``, a designer's report on one game.
* ``panel_verbs``: ``panel new`` and ``panel results``, blind panels of games people rate.
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
    panel_verbs,
    play_verbs,
    simulate_verbs,
    skill_verbs,
    web_verbs,
)
from darwindeck.cli.common import styled
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
    panel_verbs,
):
    _verbs.register(app)


def main(argv: list[str] | None = None) -> None:
    """Entry point of the console script."""
    try:
        app(args=argv, standalone_mode=True)
    except DarwinDeckError as error:
        Console(stderr=True, markup=False, highlight=False, soft_wrap=True).print(
            styled("error:", "bold red", f" {error}")
        )
        sys.exit(2)

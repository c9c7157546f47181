"""``darwindeck demo``: the main job on its embedded defaults (what ``make demo`` runs).

A short evolution: population 30, 10 generations, 50 games per genome and kind of play, a judging budget of 5
million search steps per game (a quarter of ``evolve``'s: long games are judged on fewer deals, or not
searched at all), seed 0, two workers. The run is stored in the default run store, the one
``darwindeck runs`` and ``darwindeck serve`` read, so a newcomer finds it with ``darwindeck runs`` and
plays its games in the browser without knowing about ``--db``; the demo prints the store and the
``runs show`` command. It
prints one line per generation, six games of the gallery, the best of each family first (the best game
of every niche of the archive, two lines each, within 80 columns) and the rulebook of the best game that
meets the bar (of the best fitness, saying so, when none does), and writes the gallery
(``gallery.md``, ``archive.png``, ``gallery/``), the top six genomes with their rulebooks, ``fitness.md`` and
``fitness.png`` to ``evolved/demo/``.
It is exactly ``darwindeck evolve`` with these options, so every flag of ``evolve`` documents what the
demo does.
"""

from __future__ import annotations

from pathlib import Path

import typer

from darwindeck.cli.evolve_verbs import evolve

DEMO_FOLDER = Path("evolved") / "demo"


def register(app: typer.Typer) -> None:
    app.command("demo")(demo)


def demo() -> None:
    """Evolve new games for a few minutes on the embedded defaults and show the best ones."""
    evolve(
        population=30,
        generations=10,
        games=50,
        judge_budget=5.0,
        seed=0,
        top=6,
        workers=2,
        db=None,
        out=DEMO_FOLDER,
    )

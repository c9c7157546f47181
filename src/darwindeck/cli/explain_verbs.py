"""The ``explain`` verb: a designer's report on one game.

``darwindeck explain GAME|FILE [--seed S] [--format text|md] [-o FILE]`` judges the game as the evolution's
judging step does and reports what each rule contributes (the quality lost without it), the skill ladder,
the luck share, the first-player advantage, the length per hand, the arc of a typical game, the decision
kinds per turn, the elegance measures and the nearest published game, in words
(``darwindeck.evolve.explain``). ``--format text`` (the default)
renders it in the terminal; ``--format md`` prints the Markdown, and with ``-o FILE`` writes it there
with the arc's plot beside it (``FILE`` without its suffix, then ``-arc.png``). ``--db FILE`` also keeps
the report and its plot in that run store (``web.reports``), where ``darwindeck serve`` shows it on the
game's page.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Literal

import typer

from darwindeck.cli.common import console, resolve_game
from darwindeck.errors import DarwinDeckError

if TYPE_CHECKING:
    from darwindeck.evolve.explain import Explanation


def register(app: typer.Typer) -> None:
    app.command("explain")(explain)


def explain(
    game: Annotated[
        str, typer.Argument(help="A library game name (see `darwindeck games`) or a genome JSON file.")
    ],
    seed: Annotated[int, typer.Option("--seed", help="Seed of the measures (same seed, same report).")] = 0,
    fmt: Annotated[
        str, typer.Option("--format", "-f", help="text (rendered in the terminal) or md (Markdown).")
    ] = "text",
    output: Annotated[
        Path | None,
        typer.Option(
            "--output",
            "-o",
            help="Write the Markdown here (and the arc plot beside it) \\[default: the terminal].",
        ),
    ] = None,
    db: Annotated[
        str | None,
        typer.Option(
            help="Also keep the report in this run store, where `darwindeck serve` shows it on the game's "
            "page \\[default: not kept].",
        ),
    ] = None,
) -> None:
    """Explain a game to its designer: each rule's contribution, the skill ladder, luck, fairness, the arc."""
    from rich.markdown import Markdown

    from darwindeck.evolve.explain import explain as explain_game
    from darwindeck.evolve.explain import plot_arc, to_markdown
    from darwindeck.fileio import write_atomic

    kind = _format(fmt)
    genome = resolve_game(game)
    explanation = explain_game(genome, seed)
    if db is not None:
        _keep(explanation, seed, db)
    if output is None:
        text = to_markdown(explanation)
        console.print(Markdown(text) if kind == "text" else text)
        return
    plot = output.with_name(f"{output.stem}-arc.png")
    drawn = plot_arc(explanation, plot)
    write_atomic(output, to_markdown(explanation, plot.name if drawn else None))
    console.print(f"wrote {output}" + (f" and {plot}" if drawn else ""))


def _keep(explanation: Explanation, seed: int, db: str) -> None:
    """Keep the report in the run store ``db`` for the web game page (``web.reports``)."""
    import tempfile

    from darwindeck.evolve.explain import plot_arc, to_markdown
    from darwindeck.evolve.store import RunStore
    from darwindeck.genome.identity import genome_identity
    from darwindeck.web.reports import PLOT_NAME, ReportRecords

    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / PLOT_NAME
        plot = path.read_bytes() if plot_arc(explanation, path) else None
    store = RunStore(db)
    try:
        markdown = to_markdown(explanation, PLOT_NAME if plot else None)
        ReportRecords(store.engine).save(genome_identity(explanation.original), seed, markdown, plot)
    finally:
        store.close()
    console.print(f"kept the report in {store.url}")


def _format(fmt: str) -> Literal["text", "md"]:
    if fmt == "text":
        return "text"
    if fmt == "md":
        return "md"
    raise DarwinDeckError(f"--format: {fmt!r} is not a format; use text or md")

"""The ``serve`` verb (the web app) and ``ratings export`` (what people thought of the games).

``darwindeck serve --host 127.0.0.1 --port 8000 --db FILE`` serves ``darwindeck.web.app`` with uvicorn
from the same run store as ``evolve``. ``darwindeck ratings export --format jsonl|csv [--out FILE]
--db FILE`` writes every rating (game, identity, seat, opponents, seed, the moves, the result, stars,
comment, felt broken, would play again), oldest first, to the file or to standard output.
"""

from __future__ import annotations

import csv
import io
import json
from enum import StrEnum
from pathlib import Path
from typing import Annotated

import typer

from darwindeck.cli.evolve_verbs import DbOption
from darwindeck.errors import DarwinDeckError

ratings_app = typer.Typer(help="What people thought of the games they played in the browser.")

EXPORT_COLUMNS = (
    "id",
    "created",
    "game",
    "identity",
    "seat",
    "opponents",
    "iterations",
    "seed",
    "actions",
    "result",
    "stars",
    "comment",
    "broken",
    "again",
)


class ExportFormat(StrEnum):
    JSONL = "jsonl"
    CSV = "csv"


def register(app: typer.Typer) -> None:
    app.command("serve")(serve)
    app.add_typer(ratings_app, name="ratings")
    ratings_app.command("export")(export)


def serve(
    host: Annotated[str, typer.Option(help="Address to listen on.")] = "127.0.0.1",
    port: Annotated[int, typer.Option(min=1, max=65535, help="Port to listen on.")] = 8000,
    db: DbOption = None,
) -> None:
    """Serve the gallery: play any game in the browser against the computer, and rate it."""
    import uvicorn

    from darwindeck.cli.common import announce_first_compile
    from darwindeck.web.app import create_app

    announce_first_compile()
    uvicorn.run(create_app(db), host=host, port=port, log_level="info")


def export_text(rows: list[dict[str, object]], fmt: ExportFormat) -> str:
    if fmt is ExportFormat.JSONL:
        return "".join(json.dumps(row, ensure_ascii=False) + "\n" for row in rows)
    buffer = io.StringIO()
    writer = csv.DictWriter(buffer, fieldnames=EXPORT_COLUMNS, lineterminator="\n")
    writer.writeheader()
    writer.writerows(rows)
    return buffer.getvalue()


def export(
    fmt: Annotated[ExportFormat, typer.Option("--format", help="jsonl or csv.")] = ExportFormat.JSONL,
    out: Annotated[Path | None, typer.Option(help="Write to this file \\[default: standard output].")] = None,
    db: DbOption = None,
) -> None:
    """Export every rating, oldest first."""
    from darwindeck.evolve.store import RunStore
    from darwindeck.web.records import WebRecords

    store = RunStore(db)
    try:
        rows = list(WebRecords(store.engine).ratings())
    finally:
        store.close()
    text = export_text(rows, fmt)
    if out is None:
        typer.echo(text, nl=False)
        return
    try:
        out.write_text(text, encoding="utf-8")
    except OSError as error:
        raise DarwinDeckError(f"--out {out}: cannot write ({error.strerror})") from error

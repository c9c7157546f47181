"""The ``serve`` verb (the web app) and ``ratings export`` (what people thought of the games).

``darwindeck serve --host 127.0.0.1 --port 8000 --db FILE [--behind-proxy] [--allow-client-seeds]
[--openapi]`` serves ``darwindeck.web.app`` with uvicorn from the same run store as ``evolve``; the
flags are ``create_app``'s (docs/web.md), and uvicorn's own proxy-header handling is off.

``darwindeck ratings export --format jsonl|csv [--out FILE] --db FILE`` writes every rating (game,
identity, seat, opponents, seed, the moves, the result, stars, comment, felt broken, would play
again), oldest first, to the file or to standard output. In CSV a text cell is made safe for
spreadsheets (``csv_cell``): control characters other than tab, newline and carriage return are
removed, and a cell that begins with ``=``, ``+``, ``-``, ``@``, a tab or a carriage return (which a
spreadsheet would run as a formula) gets a leading apostrophe. JSON Lines keeps the text as stored
(JSON escapes every control character).
"""

from __future__ import annotations

import csv
import io
import json
import re
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


#: Control characters removed from CSV cells (all C0 controls but tab, newline, carriage return; DEL).
_CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]")
#: What a spreadsheet reads as the start of a formula.
_FORMULA_START = ("=", "+", "-", "@", "\t", "\r")


def csv_cell(value: object) -> object:
    """A CSV cell a spreadsheet shows as text (module docstring); numbers and booleans pass unchanged."""
    if not isinstance(value, str):
        return value
    text = _CONTROL.sub("", value)
    return "'" + text if text.startswith(_FORMULA_START) else text


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
    behind_proxy: Annotated[
        bool,
        typer.Option(
            "--behind-proxy",
            help="Behind a reverse proxy: the client is the last X-Forwarded-For entry \\[default: off].",
        ),
    ] = False,
    allow_client_seeds: Annotated[
        bool,
        typer.Option(
            "--allow-client-seeds",
            help="Let a client choose a game's seed (for tests; otherwise deals come from a server secret) "
            "\\[default: off].",
        ),
    ] = False,
    openapi: Annotated[
        bool, typer.Option("--openapi", help="Serve the API schema at /openapi.json \\[default: off].")
    ] = False,
) -> None:
    """Serve the gallery: play any game in the browser against the computer, and rate it."""
    import uvicorn

    from darwindeck.cli.common import announce_first_compile
    from darwindeck.web.app import create_app

    announce_first_compile()
    app = create_app(db, behind_proxy=behind_proxy, allow_client_seeds=allow_client_seeds, openapi=openapi)
    # The app reads X-Forwarded-For itself, only when told it is behind a proxy: uvicorn's own proxy
    # handling (on by default, trusting loopback) would let any local client pick its address.
    uvicorn.run(app, host=host, port=port, log_level="info", proxy_headers=False)


def export_text(
    rows: list[dict[str, object]], fmt: ExportFormat, columns: tuple[str, ...] = EXPORT_COLUMNS
) -> str:
    """``rows`` as JSON Lines, or as CSV with ``columns`` and every cell made safe (``csv_cell``)."""
    if fmt is ExportFormat.JSONL:
        return "".join(json.dumps(row, ensure_ascii=False) + "\n" for row in rows)
    buffer = io.StringIO()
    writer = csv.DictWriter(buffer, fieldnames=columns, lineterminator="\n")
    writer.writeheader()
    writer.writerows({key: csv_cell(value) for key, value in row.items()} for row in rows)
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

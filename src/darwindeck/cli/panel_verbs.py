"""The ``panel`` verbs: make a blind panel of games for people to play and rate, and read its results.

``darwindeck panel new GAME… [--title T] --db FILE`` makes a panel of gallery games (library slugs such
as ``hearts``, or an evolved game's ``run-R-…`` key as ``serve``'s gallery shows it) in a random order
and prints its link, ``/panels/<id>`` on the server ``serve`` runs from the same store; the names stay
hidden from the panelists (``web.panels``). ``darwindeck panel results ID [--format table|jsonl|csv]
--db FILE`` prints each game's name, its number of verdicts and the mean of each scale (clarity,
decisions, elegance, fun) and overall; ``jsonl`` and ``csv`` write every verdict instead (CSV cells made
safe for spreadsheets, as ``ratings export`` does). ``evolve --from-rated`` starts from the games people
rated best, panels included.
"""

from __future__ import annotations

from enum import StrEnum
from typing import TYPE_CHECKING, Annotated

import typer

from darwindeck.cli.evolve_verbs import DbOption
from darwindeck.cli.web_verbs import ExportFormat, export_text
from darwindeck.errors import DarwinDeckError

if TYPE_CHECKING:
    from darwindeck.web.panels import Panel, PanelRecords

#: The columns of a verdict in ``jsonl`` and ``csv`` (``PanelRecords.verdicts``).
VERDICT_COLUMNS = (
    "panel",
    "label",
    "game",
    "identity",
    "created",
    "clarity",
    "decisions",
    "elegance",
    "fun",
    "comment",
)

panel_app = typer.Typer(help="Blind panels: games people play and rate without knowing their names.")


class PanelFormat(StrEnum):
    TABLE = "table"
    JSONL = "jsonl"
    CSV = "csv"


def register(app: typer.Typer) -> None:
    app.add_typer(panel_app, name="panel")
    panel_app.command("new")(new)
    panel_app.command("results")(results)


def new(
    games: Annotated[list[str], typer.Argument(help="Gallery keys of the panel's games (e.g. hearts).")],
    title: Annotated[str, typer.Option(help="The panel's title, shown to panelists.")] = "A blind panel",
    db: DbOption = None,
) -> None:
    """Make a blind panel of GAMES and print its link."""
    from darwindeck.evolve.store import RunStore
    from darwindeck.web.catalog import catalog
    from darwindeck.web.panels import PanelRecords

    store = RunStore(db)
    try:
        offered = catalog(store)
        unknown = [key for key in games if key not in offered]
        if unknown:
            raise DarwinDeckError(
                f"game {unknown[0]!r}: not in the gallery of {store.url}; `darwindeck games` lists the "
                "library, and `darwindeck serve`'s gallery shows every key"
            )
        panel = PanelRecords(store.engine).create(title, [(key, offered[key].genome) for key in games])
    finally:
        store.close()
    typer.echo(f"panel {panel.id}: {len(panel.games)} games, shown as {panel.labels()}")
    typer.echo(
        f"panelists open /panels/{panel.id} on the server `darwindeck serve --db …` runs from this store"
    )


def results(
    panel_id: Annotated[str, typer.Argument(help="The panel's id, as `panel new` printed it.")],
    fmt: Annotated[PanelFormat, typer.Option("--format", help="table, jsonl or csv.")] = PanelFormat.TABLE,
    db: DbOption = None,
) -> None:
    """Print a panel's results with the games' names revealed."""
    from darwindeck.evolve.store import RunStore
    from darwindeck.web.panels import PanelError, PanelRecords

    store = RunStore(db)
    try:
        records = PanelRecords(store.engine)
        try:
            panel = records.panel(panel_id)
        except PanelError as error:
            raise DarwinDeckError(f"{error} in {store.url}") from None
        if fmt is PanelFormat.TABLE:
            typer.echo(_table(records, panel), nl=False)
            return
        rows = [row for row in records.verdicts() if row["panel"] == panel.id]
    finally:
        store.close()
    typer.echo(export_text(rows, ExportFormat(fmt.value), VERDICT_COLUMNS), nl=False)


def _table(records: PanelRecords, panel: Panel) -> str:
    from darwindeck.web.panels import SCALES

    names = [name for name, _ in SCALES]
    lines = [
        f"{panel.title} ({panel.id})",
        "game  name                          verdicts " + " ".join(names) + " overall",
    ]
    for result in records.results(panel):
        means = [result.means[name] for name in names]
        cells = " ".join(
            f"{'–' if m is None else f'{m:.2f}':>{len(n)}}" for m, n in zip(means, names, strict=True)
        )
        overall = "–" if result.overall is None else f"{result.overall:.2f}"
        lines.append(f"{result.label:<5} {result.name[:29]:<29} {result.verdicts:>8} {cells} {overall:>7}")
    return "\n".join(lines) + "\n"

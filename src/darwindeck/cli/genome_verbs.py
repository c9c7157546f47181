"""Verbs over genomes: ``games``, ``show``, ``validate``, ``compile``, ``import``, ``rulebook``.

Each reads a GAME (a library name) or a FILE (our genome JSON, a DarwinDeck export or bytecode, through
``common.load_game_file``), and writes files atomically.
"""

from __future__ import annotations

from enum import StrEnum
from pathlib import Path
from typing import Annotated

import typer
from rich.table import Table

from darwindeck.cli.common import GAME_HELP, console, load_game_file, resolve_game, styled
from darwindeck.errors import GenomeFormatError
from darwindeck.fileio import write_atomic

GameArg = Annotated[str, typer.Argument(help=GAME_HELP)]


class RulebookFormat(StrEnum):
    MD = "md"
    HTML = "html"


def register(app: typer.Typer) -> None:
    app.command("games")(games)
    app.command("show")(show)
    app.command("validate")(validate)
    app.command("compile")(compile_file)
    app.command("import")(import_files)
    app.command("rulebook")(rulebook)


def games() -> None:
    """List the classic games that ship with DarwinDeck."""
    from darwindeck.genome.library import GAME_INFO, get_game

    table = Table(title="Classic games")
    table.add_column("name", no_wrap=True)
    table.add_column("players", justify="right")
    table.add_column("mechanics", overflow="fold")
    table.add_column("summary", overflow="fold")
    for slug in sorted(GAME_INFO):
        info = GAME_INFO[slug]
        genome = get_game(slug)
        table.add_row(slug, str(genome.player_count), ", ".join(info.mechanics), info.summary)
    console.print(table)


def show(
    game: GameArg,
    as_json: Annotated[
        bool, typer.Option("--json", help="Print the genome as JSON \\[default: off: a summary].")
    ] = False,
) -> None:
    """Show a game's genome: a summary, or the full JSON with --json."""
    from darwindeck.genome.serialization import to_json

    genome = resolve_game(game)
    if as_json:
        typer.echo(to_json(genome), nl=False)
        return
    console.print(styled(genome.name, "bold", f"  (identity {genome.identity[:12]})"))
    if genome.description:
        console.print(genome.description)
    console.print(f"players: {genome.player_count}   max turns: {genome.max_turns}")
    console.print(f"phases: {', '.join(type(p).__name__ for p in genome.phases)}")
    console.print(f"win: {', '.join(w.type.value for w in genome.win_conditions)}")
    if genome.special_effects:
        effects = ", ".join(f"{e.trigger_rank.value}={e.effect_type.value}" for e in genome.special_effects)
        console.print(f"special cards: {effects}")
    if genome.team_mode:
        console.print(f"teams: {genome.teams}")


def validate(
    file: Annotated[Path, typer.Argument(help="A genome file: our JSON, a DarwinDeck export or bytecode.")],
) -> None:
    """Check a genome file; exit 0 when playable, 2 with every problem listed otherwise."""
    from darwindeck.genome.validation import validate as run_validation

    genome = load_game_file(file, validate=False)
    report = run_validation(genome)
    for problem in report.warnings:
        console.print(styled("warning", "yellow", f" {problem}"))
    for problem in report.errors:
        console.print(styled("error", "red", f" {problem}"))
    if not report.ok:
        console.print(f"{file}: {len(report.errors)} error(s), {len(report.warnings)} warning(s)")
        raise typer.Exit(2)
    console.print(f"{file}: valid ({len(report.warnings)} warning(s))")


def compile_file(
    file: GameArg,
    output: Annotated[Path, typer.Option("-o", "--output", help="Where to write the bytecode.")],
) -> None:
    """Compile a genome to the bytecode of docs/bytecode.md."""
    from darwindeck.genome.bytecode import compile_genome

    genome = resolve_game(file)
    data = compile_genome(genome)
    write_atomic(output, data)
    console.print(f"wrote {output} ({len(data)} bytes)")


def import_files(
    source: Annotated[Path, typer.Argument(help="A DarwinDeck genome JSON file or a directory of them.")],
    out_dir: Annotated[Path, typer.Option("-o", "--out-dir", help="Directory for the converted genomes.")],
) -> None:
    """Convert genomes exported by the public DarwinDeck project (v1 or 2.0 JSON) to this format."""
    from darwindeck.genome.importer import import_path

    if not source.exists():
        raise GenomeFormatError(str(source), "no such file or directory")
    report = import_path(source, out_dir)
    for label, entries in (("assumed", report.assumed), ("adjusted", report.adjusted)):
        for path, reason in entries:
            console.print(styled(label, "cyan", f" {path}: {reason}"))
    for path, reason in report.refused:
        console.print(styled("refused", "yellow", f" {path}: {reason}"))
    console.print(
        f"imported {report.imported_count}, refused {report.refused_count} "
        f"({len(report.assumed)} assumption(s), {len(report.adjusted)} adjustment(s)) → {out_dir}"
    )


def rulebook(
    game: GameArg,
    output: Annotated[
        Path | None, typer.Option("-o", "--output", help="Write to a file \\[default: standard output].")
    ] = None,
    fmt: Annotated[RulebookFormat, typer.Option("--format", help="Markdown or HTML.")] = RulebookFormat.MD,
) -> None:
    """Print (or write) the rulebook generated from a game's genome."""
    from darwindeck.rulebook import render_rulebook

    text = render_rulebook(resolve_game(game), fmt.value)
    if output is None:
        typer.echo(text, nl=False)
        return
    write_atomic(output, text)
    console.print(f"wrote {output}")

"""The ``decks`` verb group: ``darwindeck decks evolve`` breeds 20-card decks for the battle engine.

``decks evolve`` runs the GA of ``darwindeck.tcg.deckevo`` (legal decks with whole evolution lines,
fitness = win rate against a field with seats alternated and draws as half) under a Rich progress display,
then plays the final tables (greedy, and MCTS unless ``--mcts-games 0``) on fresh seeds and writes into
``--out``: the best decks as deck JSON files with a Markdown note each, ``summary.md`` and ``matrix.png``.
The run store is ``OUT/decks.db``; ``--resume`` continues the latest run there with the same arguments
(a killed run ends as an unbroken one would). ``--field`` is ``ready`` (the six shipped decks), ``self``
(the population, a co-evolving metagame) or deck files / shipped deck names, repeated or comma-separated.
Bad arguments raise ``DeckArgumentError``, bad deck files the deck errors: one line, exit code 2.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

from darwindeck.cli.common import console
from darwindeck.errors import DarwinDeckError

if TYPE_CHECKING:
    from darwindeck.evolve.evaluator import Evaluator
    from darwindeck.tcg.deckevo.ga import (
        DeckEvolutionSettings,
        DeckRunResult,
        DeckStore,
        FieldDeck,
        GenerationStats,
    )


class DeckArgumentError(DarwinDeckError):
    """A bad argument of ``decks evolve``: names the option and the reason."""


def register(app: typer.Typer) -> None:
    decks_app = typer.Typer(help="Work on battle-engine decks: `decks evolve` breeds the best 20 cards.")
    decks_app.command("evolve")(evolve)
    app.add_typer(decks_app, name="decks")


def _ready() -> tuple[FieldDeck, ...]:
    from darwindeck.tcg.core.decks import load_deck, shipped_deck_names
    from darwindeck.tcg.deckevo.ga import FieldDeck
    from darwindeck.tcg.deckevo.genome import DeckGenome

    return tuple(FieldDeck(n, DeckGenome.from_deck(load_deck(n))) for n in shipped_deck_names())


def parse_field(specs: list[str]) -> tuple[str, tuple[FieldDeck, ...]]:
    """``--field`` values → (kind, field decks): ``ready``, ``self`` or deck files / shipped names."""
    from darwindeck.tcg.core.decks import load_deck
    from darwindeck.tcg.deckevo.ga import FieldDeck
    from darwindeck.tcg.deckevo.genome import DeckGenome

    names = [n.strip() for spec in specs for n in spec.split(",") if n.strip()] or ["ready"]
    keywords = [n for n in names if n in ("ready", "self")]
    if keywords and len(names) > 1:
        raise DeckArgumentError(f"--field {','.join(names)}: give 'ready', 'self' or deck files, not a mix")
    if keywords:
        return names[0], (_ready() if names[0] == "ready" else ())
    decks = [load_deck(n) for n in names]
    return "files", tuple(FieldDeck(d.name, DeckGenome.from_deck(d)) for d in decks)


def _check(
    population: int, generations: int, games: int, top: int, final_games: int, mcts_games: int
) -> None:
    if population < 2:
        raise DeckArgumentError(f"--population {population}: must be at least 2")
    if generations < 0:
        raise DeckArgumentError(f"--generations {generations}: must be at least 0")
    for option, value, least in (
        ("--games", games, 2),
        ("--final-games", final_games, 2),
        ("--mcts-games", mcts_games, 0),
    ):
        if value < least or value % 2:
            raise DeckArgumentError(
                f"{option} {value}: must be an even number ≥ {least} (each deal is played from both seats)"
            )
    if top < 1:
        raise DeckArgumentError(f"--top {top}: must be at least 1")


def _evaluator(ray: bool, address: str | None, workers: int | None) -> Evaluator:
    from darwindeck.evolve.evaluator import LocalEvaluator, RayEvaluator

    if ray:
        if workers is not None:
            raise DeckArgumentError("--workers: only without --ray (Ray decides its own workers)")
        return RayEvaluator(address)
    if address is not None:
        raise DeckArgumentError("--address: only with --ray")
    if workers is not None and workers < 1:
        raise DeckArgumentError(f"--workers {workers}: must be at least 1")
    return LocalEvaluator(workers if workers is not None else (os.cpu_count() or 1))


def _line(stats: GenerationStats) -> str:
    return (
        f"generation {stats.index}: best {stats.best:.3f}  mean {stats.mean:.3f}  diversity "
        f"{stats.diversity:.2f}  {stats.matches} matches in {stats.seconds:.1f}s"
    )


def _run(
    settings: DeckEvolutionSettings, seed: int, store: DeckStore, evaluator: Evaluator, resume: bool
) -> DeckRunResult:
    from darwindeck.tcg.deckevo.ga import evolve_decks

    columns = (
        TextColumn("[bold]generations"),
        BarColumn(),
        MofNCompleteColumn(),
        TextColumn("{task.fields[status]}"),
        TextColumn("ETA"),
        TimeRemainingColumn(),
    )
    with Progress(*columns, console=console) as progress:
        task = progress.add_task("decks", total=settings.generations + 1, status="starting")

        def report(stats: GenerationStats) -> None:
            progress.console.print(_line(stats), markup=False)
            status = f"gen {stats.index}  best {stats.best:.3f}  mean {stats.mean:.3f}"
            progress.update(task, completed=stats.index + 1, status=status)

        return evolve_decks(settings, seed, store, evaluator, progress=report, resume=resume)


def evolve(
    population: Annotated[int, typer.Option(help="Decks per generation.")] = 24,
    generations: Annotated[int, typer.Option(help="Generations bred after the initial population.")] = 12,
    games: Annotated[
        int, typer.Option(help="Greedy battles of a deck against each field deck (even: seats alternate).")
    ] = 16,
    seed: Annotated[int, typer.Option(help="Seed of all randomness.")] = 0,
    field: Annotated[
        list[str] | None,
        typer.Option(
            help="Opponents: 'ready' (the six shipped decks), 'self' (the population itself) or deck "
            "files / shipped names (repeat the option or separate with commas) \\[default: ready]."
        ),
    ] = None,
    workers: Annotated[
        int | None, typer.Option(help="Local worker processes \\[default: the number of CPUs].")
    ] = None,
    ray: Annotated[
        bool,
        typer.Option("--ray", help="Run the battles on a Ray cluster \\[default: off: local processes]."),
    ] = False,
    address: Annotated[
        str | None, typer.Option(help="Ray cluster address (with --ray) \\[default: start a local Ray].")
    ] = None,
    out: Annotated[Path, typer.Option(help="Output folder (also holds the run store decks.db).")] = Path(
        "evolved/decks"
    ),
    resume: Annotated[
        bool,
        typer.Option("--resume", help="Continue the run in OUT with the same arguments \\[default: off]."),
    ] = False,
    top: Annotated[int, typer.Option(help="How many of the best decks to write.")] = 3,
    final_games: Annotated[
        int, typer.Option(help="Greedy battles per pair in the final table (fresh seeds).")
    ] = 100,
    mcts_games: Annotated[
        int, typer.Option(help="MCTS battles per pair in the final MCTS table of the best deck (0: none).")
    ] = 4,
    mcts_iterations: Annotated[int, typer.Option(help="MCTS iterations per decision.")] = 25,
) -> None:
    """Evolve 20-card decks against a field; writes the best decks, their notes and a win-rate matrix."""
    from darwindeck.tcg.deckevo.ga import DeckEvolutionSettings, open_store

    _check(population, generations, games, top, final_games, mcts_games)
    if mcts_iterations < 1:
        raise DeckArgumentError(f"--mcts-iterations {mcts_iterations}: must be at least 1")
    kind, field_decks = parse_field(field or [])
    settings = DeckEvolutionSettings(
        population=population,
        generations=generations,
        games=games,
        field=kind,
        field_decks=field_decks,
        starters=_ready(),
    )
    evaluator = _evaluator(ray, address, workers)
    store = open_store(out / "decks.db")
    try:
        result = _run(settings, seed, store, evaluator, resume)
        _finish(result, out, evaluator, top, final_games, mcts_games, mcts_iterations)
    finally:
        store.close()
        evaluator.close()


def _finish(
    result: DeckRunResult,
    out: Path,
    evaluator: Evaluator,
    top: int,
    final_games: int,
    mcts_games: int,
    mcts_iterations: int,
) -> None:
    from darwindeck.tcg.deckevo.pool import default_pool
    from darwindeck.tcg.deckevo.report import final_entries, final_table, write_outputs

    pool = default_pool()
    reference = result.settings.field_decks if result.settings.field != "self" else _ready()
    entries = final_entries(result, reference, top, pool)
    console.print(
        f"final table: greedy, {final_games} battles per pair of {len(entries)} decks", markup=False
    )
    tables = [final_table(entries, "greedy", final_games, mcts_iterations, result.seed, evaluator)]
    if mcts_games and entries[0].evolved:
        mcts_entries = [entries[0], *[e for e in entries if not e.evolved]]
        console.print(
            f"final table: MCTS-{mcts_iterations}, {mcts_games} battles per pair of "
            f"{len(mcts_entries)} decks",
            markup=False,
        )
        tables.append(final_table(mcts_entries, "mcts", mcts_games, mcts_iterations, result.seed, evaluator))
    written = write_outputs(out, result, tables, pool)
    _print_best(result, tables[0])
    names = ", ".join(p.name for p in written)
    console.print(f"wrote {names}, their notes (.md), summary.md and matrix.png to {out}", markup=False)


def _print_best(result: DeckRunResult, table: object) -> None:
    from darwindeck.tcg.deckevo.report import FinalTable, matrix_markdown

    assert isinstance(table, FinalTable)
    best = result.ranked()[0]
    console.print(
        f"run {result.run_id}: best fitness {best.fitness:.3f} after {result.settings.generations} "
        f"generations (seed {result.seed})",
        markup=False,
    )
    for line in matrix_markdown(table):
        console.print(line, markup=False, highlight=False)

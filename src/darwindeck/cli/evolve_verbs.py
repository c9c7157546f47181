"""Verbs over evolution runs: ``evolve`` (start or resume a run) and ``runs`` / ``runs show``.

``evolve`` runs the GA (``darwindeck.evolve.ga.evolve``) with the engine-measured fitness, shows a Rich
progress display (generation, best / mean fitness, diversity, evaluations per second, ETA) and one log
line per generation, then writes the top N genomes, their rulebooks, the fitness table and the plot into
``--out`` (``darwindeck.evolve.report``) and prints where the run is stored (with the exact ``runs show``
command), the gallery, and the rulebook of the best game that meets the bar (``gallery.meets_bar``; the
gallery is best first), or of the best fitness, saying so, when none does.

Settings options left out take the defaults of ``EvolutionSettings`` for a new run, and the stored
values for ``--resume RUN_ID`` (where only ``--generations`` may differ, to extend a run). ``--players``
is ``MIN-MAX`` or one number. Bad arguments raise ``EvolveArgumentError`` (a ``DarwinDeckError``); an
unknown run id a ``StoreError``: one line on stderr, exit code 2.

Steering (``darwindeck.evolve.brief``): ``--brief FILE`` reads a brief (JSON); ``--deck``, ``--minutes``,
``--want``, ``--refuse``, ``--from`` and ``--distance`` give its keys as flags and override the file's,
and so do ``--players`` (one number) and ``--style``. A brief that cannot be met is refused before the
run starts (``BriefError``: one ``error:`` line, exit code 2).
"""

from __future__ import annotations

import os
import re
from enum import StrEnum
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.table import Table

from darwindeck.cli.common import announce_first_compile, console, styled
from darwindeck.errors import DarwinDeckError

if TYPE_CHECKING:
    from collections.abc import Sequence

    from darwindeck.evolve.archive import Elite
    from darwindeck.evolve.brief import Brief
    from darwindeck.evolve.evaluator import Evaluator
    from darwindeck.evolve.ga import GenerationStats, RunResult
    from darwindeck.evolve.report import Rated
    from darwindeck.evolve.settings import EvolutionSettings
    from darwindeck.evolve.store import RunStore
    from darwindeck.genome.schema import GameGenome
    from darwindeck.web.records import RatedGame

#: How many ancestors ``runs show`` lists before it summarises the rest.
LINEAGE_ROWS = 25


class EvolveArgumentError(DarwinDeckError):
    """A bad argument of ``evolve`` or ``runs``: names the option and the reason."""


class Backend(StrEnum):
    LOCAL = "local"
    RAY = "ray"


DbOption = Annotated[
    str | None,
    typer.Option(
        "--db", help="Run store: an SQLite file or any SQLAlchemy URL \\[default: the user data folder]."
    ),
]


def register(app: typer.Typer) -> None:
    app.command("evolve")(evolve)
    runs_app = typer.Typer(help="List evolution runs, or show one with `runs show RUN_ID`.")
    runs_app.callback(invoke_without_command=True)(runs)
    runs_app.command("show")(show_run)
    app.add_typer(runs_app, name="runs")


# ---------------------------------------------------------------------------------------------- evolve


def parse_players(text: str) -> tuple[int, int]:
    """``"2-4"`` → (2, 4); ``"3"`` → (3, 3). The range must lie within 2..6 and be ascending."""
    match = re.fullmatch(r"\s*(\d+)\s*(?:-\s*(\d+)\s*)?", text)
    if match is None:
        raise EvolveArgumentError(f"--players {text!r}: write MIN-MAX (e.g. 2-4) or one number")
    low = int(match.group(1))
    high = int(match.group(2)) if match.group(2) is not None else low
    if low > high:
        raise EvolveArgumentError(f"--players {text!r}: the minimum {low} is above the maximum {high}")
    if low < 2 or high > 6:
        raise EvolveArgumentError(f"--players {text!r}: player counts must lie between 2 and 6")
    return low, high


def _check_style(style: str | None) -> None:
    from darwindeck.evolve.settings import STYLES

    if style is not None and style not in STYLES:
        raise EvolveArgumentError(f"--style {style!r}: unknown, use one of {', '.join(STYLES)}")


def _chosen(
    population: int | None,
    generations: int | None,
    style: str | None,
    players: str | None,
    games: int | None,
    patience: int | None = None,
    judge_deals: int | None = None,
    judge_budget: float | None = None,
) -> dict[str, Any]:
    """The settings given on the command line (options left out are absent)."""
    _check_style(style)
    if judge_deals is not None and judge_deals < 1:
        raise EvolveArgumentError(f"--judge-deals {judge_deals}: must be at least 1")
    if judge_budget is not None and not judge_budget > 0:
        raise EvolveArgumentError(f"--judge-budget {judge_budget:g}: must be above 0 (millions of steps)")
    chosen: dict[str, Any] = {
        "population": population,
        "generations": generations,
        "style": style,
        "games_per_genome": games,
        "plateau_patience": patience,
        "mcts_games": judge_deals,
        "mcts_step_budget": None if judge_budget is None else max(1, round(judge_budget * 1_000_000)),
    }
    if players is not None:
        chosen["min_players"], chosen["max_players"] = parse_players(players)
    return {name: value for name, value in chosen.items() if value is not None}


def _settings(
    store: RunStore, chosen: dict[str, Any], seed: int | None, resume: int | None
) -> tuple[EvolutionSettings, int]:
    """New-run settings (defaults + ``chosen``), or the stored ones + ``chosen`` for a resumed run."""
    from darwindeck.evolve.ga import load_run_settings
    from darwindeck.evolve.settings import EvolutionSettings

    if resume is None:
        return EvolutionSettings(**chosen), 0 if seed is None else seed
    stored, stored_seed = load_run_settings(store, resume)
    return EvolutionSettings.from_dict({**stored.to_dict(), **chosen}), stored_seed if seed is None else seed


# --- steering: the brief options (evolve.brief)


def _deck_wish(text: str) -> dict[str, Any]:
    """``--deck``: a size (``32``) or a deck type (``piquet_32``)."""
    return {"size": int(text)} if text.strip().isdigit() else {"type": text.strip()}


def _brief(
    path: Path | None,
    flags: dict[str, Any],
    players: str | None,
    style: str | None,
) -> Brief | None:
    """The run's brief: the file's keys, overridden by the flags given (None when neither is given)."""
    import json

    from darwindeck.evolve.brief import BriefError, load_brief, parse_brief

    given = {key: value for key, value in flags.items() if value not in (None, [], ())}
    if path is None and not given:
        return None
    data: dict[str, Any] = {}
    if path is not None:
        data = load_brief(path).model_dump(by_alias=True, exclude_defaults=True)
    data.update(given)
    if players is not None:
        low, high = parse_players(players)
        if low == high:
            data["players"] = low
    if style is not None:
        data["style"] = style
    try:
        return parse_brief(json.loads(json.dumps(data)))
    except BriefError as error:
        raise BriefError(f"brief{'' if path is None else ' ' + str(path)}: {error}") from None


# --- end of steering


def _evaluator(backend: Backend, address: str | None, workers: int | None) -> Evaluator:
    from darwindeck.evolve.evaluator import LocalEvaluator, RayEvaluator

    if backend is Backend.RAY:
        if workers is not None:
            raise EvolveArgumentError("--workers: only for --backend local (Ray decides its own workers)")
        return RayEvaluator(address)
    if address is not None:
        raise EvolveArgumentError("--address: only for --backend ray")
    if workers is not None and workers < 1:
        raise EvolveArgumentError(f"--workers {workers}: must be at least 1")
    from darwindeck.evolve.evaluator import compile_first_job

    return LocalEvaluator(
        workers if workers is not None else (os.cpu_count() or 1), warm_up=compile_first_job
    )


def _progress_line(stats: GenerationStats) -> str:
    rate = stats.evaluations / stats.duration if stats.duration > 0 else 0.0
    return (
        f"generation {stats.index}: best {stats.best:.4f}  mean {stats.mean:.4f}  diversity "
        f"{stats.diversity:.3f}  {stats.evaluations} evaluated ({rate:.1f}/s), {stats.cache_hits} cached, "
        f"{stats.mcts_evaluations} MCTS re-scorings" + ("  [aggressive mutation]" if stats.aggressive else "")
    )


def _run(
    settings: EvolutionSettings,
    seed: int,
    store: RunStore,
    evaluator: Evaluator,
    resume: int | None,
    starters: Sequence[GameGenome] = (),
) -> RunResult:
    """``ga.evolve`` under a Rich progress display."""
    from darwindeck.evolve import ga

    done = 0 if resume is None else store.run_info(resume).completed_generations
    columns = (
        TextColumn("[bold]generations"),
        BarColumn(),
        MofNCompleteColumn(),
        TextColumn("{task.fields[status]}"),
        TextColumn("ETA"),
        TimeRemainingColumn(),
    )
    announce_first_compile()
    with Progress(*columns, console=console) as progress:
        task = progress.add_task("evolve", total=settings.generations, completed=done, status="starting")

        def report(stats: GenerationStats) -> None:
            rate = stats.evaluations / stats.duration if stats.duration > 0 else 0.0
            status = (
                f"gen {stats.index}  best {stats.best:.4f}  mean {stats.mean:.4f}  "
                f"diversity {stats.diversity:.3f}  {rate:.1f} eval/s"
            )
            progress.console.print(_progress_line(stats))
            progress.update(task, advance=1, status=status)

        return ga.evolve(
            settings, seed, store, evaluator, progress=report, resume_run=resume, starters=starters
        )


#: ``--from-rated`` starts from games with at least this mean rating.
FROM_RATED_MIN_STARS = 3.0


def _best_rated(store: RunStore) -> list[GameGenome]:
    """The genomes people rated best, best first: each game's mean is its blind panels' verdicts (the
    mean of the four scales, 1-5) where a panel rated it, else its browser stars (1-5); games with a mean
    of ``FROM_RATED_MIN_STARS`` or more start the run (ties: more ratings first, then identity)."""
    from darwindeck.genome.serialization import from_json
    from darwindeck.web.panels import PanelRecords
    from darwindeck.web.records import WebRecords

    means = {
        g.identity: (g.mean_stars, g.ratings, g.genome_json) for g in WebRecords(store.engine).rated_games()
    }
    for identity, (verdicts, mean, genome_json) in PanelRecords(store.engine).rated_identities().items():
        means[identity] = (mean, verdicts, genome_json)
    best = sorted(
        ((mean, count, identity, genome_json) for identity, (mean, count, genome_json) in means.items()),
        key=lambda row: (-row[0], -row[1], row[2]),
    )
    rated = [row for row in best if row[0] >= FROM_RATED_MIN_STARS]
    if not rated:
        raise EvolveArgumentError(
            f"--from-rated: no game in {store.url} has a mean rating of {FROM_RATED_MIN_STARS:g} stars or "
            "more; play and rate games with `darwindeck serve` (or on a blind panel: `darwindeck panel new`) "
            "first"
        )
    return [
        from_json(genome_json, source=f"rated game {identity[:12]}") for _, _, identity, genome_json in rated
    ]


def _rated_by_live_identity(store: RunStore) -> dict[str, RatedGame]:
    """Every rated game by the identity it was played under and by the identity of its live canonical
    form (what a run stores: a library game loses its dead rules there)."""
    from darwindeck.evolve.fitness import strip_dead_rules
    from darwindeck.genome.identity import genome_identity
    from darwindeck.genome.serialization import from_json
    from darwindeck.web.records import WebRecords

    found: dict[str, RatedGame] = {}
    for game in WebRecords(store.engine).rated_games():
        live = strip_dead_rules(from_json(game.genome_json, source=f"rated game {game.identity[:12]}"))
        found.setdefault(game.identity, game)
        found.setdefault(genome_identity(live), game)
    return found


def _rated_of_run(store: RunStore, result: RunResult) -> list[Rated]:
    """The run's hall-of-fame and gallery games that people rated, with their measured fitness."""
    from darwindeck.evolve.report import Rated

    fitness = {
        entry.individual.identity: (entry.individual.genome.name, entry.evaluation.total)
        for entry in result.hall_of_fame
    }
    fitness.update({elite.identity: (elite.genome.name, elite.evaluation.total) for elite in result.gallery})
    return [
        Rated(fitness[identity][0], identity, fitness[identity][1], game.ratings, game.mean_stars)
        for identity, game in _rated_by_live_identity(store).items()
        if identity in fitness
    ]


def _print_gallery(result: RunResult, shown: int) -> None:
    """``shown`` games of the gallery as plain lines of at most 80 columns: the best of each family
    first (``evolve.gallery.showcase``), numbered as in ``gallery.md``."""
    from darwindeck.evolve.gallery import gallery_lines, showcase

    families = len({elite.descriptors.family for elite in result.gallery})
    ranks = showcase(result.gallery, shown)
    console.print(
        f"\nGallery of run {result.run_id}: {len(result.gallery)} games in {families} families; "
        f"{len(ranks)} shown, the best of each family first",
        markup=False,
    )
    elites = [result.gallery[rank - 1] for rank in ranks]
    for line in gallery_lines(elites, ranks):
        console.print(line, markup=False, highlight=False)


def evolve(
    population: Annotated[int | None, typer.Option(help="Genomes per generation \\[default: 100].")] = None,
    generations: Annotated[int | None, typer.Option(help="Generations to run \\[default: 50].")] = None,
    style: Annotated[
        str | None,
        typer.Option(
            help="Fitness style: balanced, strategic, party, trick-taking or bluffing \\[default: balanced]."
        ),
    ] = None,
    players: Annotated[
        str | None, typer.Option(help="Player counts MIN-MAX within 2-6 \\[default: 2-4].")
    ] = None,
    games: Annotated[
        int | None, typer.Option(help="Games per genome and kind of play \\[default: 100].")
    ] = None,
    seed: Annotated[int | None, typer.Option(help="Seed of all randomness \\[default: 0].")] = None,
    patience: Annotated[
        int | None,
        typer.Option(help="Stop after this many generations without a better best game \\[default: 10]."),
    ] = None,
    judge_deals: Annotated[
        int | None,
        typer.Option(help="Deals of the judging's MCTS-against-greedy match \\[default: 20]."),
    ] = None,
    judge_budget: Annotated[
        float | None,
        typer.Option(
            help="Search steps the judging of one game may spend, in millions (20: about 10 s of a core) "
            "\\[default: 20]."
        ),
    ] = None,
    backend: Annotated[Backend, typer.Option(help="Where evaluations run.")] = Backend.LOCAL,
    address: Annotated[
        str | None, typer.Option(help="Ray cluster address (--backend ray) \\[default: start a local Ray].")
    ] = None,
    workers: Annotated[
        int | None, typer.Option(help="Local worker processes \\[default: the number of CPUs].")
    ] = None,
    db: DbOption = None,
    out: Annotated[
        Path | None, typer.Option(help="Output folder for the top games \\[default: evolved/run-RUN_ID].")
    ] = None,
    resume: Annotated[
        int | None,
        typer.Option(help="Continue run RUN_ID after its last completed generation \\[default: a new run]."),
    ] = None,
    top: Annotated[
        int, typer.Option(help="How many of the best games to write, of the gallery to simplify and to show.")
    ] = 8,
    from_rated: Annotated[
        bool,
        typer.Option(
            "--from-rated",
            help="Start from the games people rated best in the browser or on a blind panel (mean of 3 or "
            "more) "
            "\\[default: off: the library and its mutants].",
        ),
    ] = False,
    brief: Annotated[
        Path | None,
        typer.Option(
            help="A designer's brief (JSON: players, deck, minutes, wanted, refused, style, from) "
            "\\[default: none]."
        ),
    ] = None,
    deck: Annotated[
        str | None,
        typer.Option(help="Brief: the deck, a size (52, 40, 32, 24) or a type (piquet_32) \\[default: any]."),
    ] = None,
    minutes: Annotated[
        float | None,
        typer.Option(help="Brief: the target playing time of a game, in minutes \\[default: any]."),
    ] = None,
    want: Annotated[
        list[str] | None,
        typer.Option(help="Brief: a mechanic wanted (tricks, passing, …); repeatable \\[default: none]."),
    ] = None,
    refuse: Annotated[
        list[str] | None,
        typer.Option(help="Brief: a mechanic refused (betting, …); repeatable \\[default: none]."),
    ] = None,
    from_games: Annotated[
        list[str] | None,
        typer.Option(
            "--from",
            help="Brief: explore variants of this library game (e.g. hearts); repeatable \\[default: none].",
        ),
    ] = None,
    distance: Annotated[
        float | None,
        typer.Option(help="Brief: how far a variant may lie from its --from game \\[default: 0.15]."),
    ] = None,
) -> None:
    """Evolve new card games; writes the best games, their rulebooks, a fitness table and a plot."""
    from darwindeck.evolve.gallery import simplify_gallery, write_gallery
    from darwindeck.evolve.quality.simplify import MIN_DEALS
    from darwindeck.evolve.report import write_ratings, write_run_outputs
    from darwindeck.evolve.store import RunStore

    if top < 1:
        raise EvolveArgumentError(f"--top {top}: must be at least 1")
    chosen = _chosen(population, generations, style, players, games, patience, judge_deals, judge_budget)
    steering = _brief(
        brief,
        {
            "deck": None if deck is None else _deck_wish(deck),
            "minutes": minutes,
            "wanted": want,
            "refused": refuse,
            "from": from_games,
            "distance": distance,
        },
        players,
        style,
    )
    if steering is not None:
        chosen.update(steering.settings_changes())
    store = RunStore(db)
    url = store.url
    try:
        settings, run_seed = _settings(store, chosen, seed, resume)
        starters = _best_rated(store) if from_rated else []
        evaluator = _evaluator(backend, address, workers)
        try:
            result = _run(settings, run_seed, store, evaluator, resume, starters)
            shown = simplify_gallery(result.gallery, settings, run_seed, top, evaluator.map)
        finally:
            evaluator.close()
        rated = _rated_of_run(store, result)
    finally:
        store.close()
    folder = out if out is not None else Path("evolved") / f"run-{result.run_id}"
    outputs = write_run_outputs(folder, result, top)
    write_gallery(folder, result.gallery, shown)
    dropped = sum(len(game.simplification.dropped) for game in shown.values())
    console.print(
        f"simplified the gallery's {len(shown)} best games: {dropped} idle rule(s) dropped (gallery.md)"
        if shown
        else f"the gallery is not simplified: the idle test needs {MIN_DEALS} games per genome or more",
        markup=False,
    )
    for path in write_ratings(folder, rated):
        console.print(f"wrote {path.name}: human ratings next to measured fitness", markup=False)
    best = result.best.evaluation.total
    console.print(
        f"run {result.run_id} {result.status} after {len(result.generations)} generations "
        f"(seed {run_seed}, style {settings.style}); best fitness {best:.4f}"
    )
    console.print(stored_line(result.run_id, url, db))
    _print_gallery(result, top)
    console.print(
        f"wrote the gallery ({len(result.gallery)} games, gallery.md, archive.png, gallery/) and the top "
        f"{len(outputs.genomes)} games with {outputs.table.name} and {outputs.plot.name} to {folder}"
    )
    heading, rulebook = shown_rulebook(result.gallery, folder, outputs.rulebooks)
    console.print(f"\n{heading}\n")
    console.print(rulebook.read_text(encoding="utf-8"))


def stored_line(run_id: int, url: str, db: str | None) -> str:
    """Where the run is stored and the exact command that shows it (``--db`` only when not the
    default store, which ``runs`` reads by itself)."""
    option = "" if db is None else f" --db {db}"
    return f"stored as run {run_id} in {url}; see it with `darwindeck runs show {run_id}{option}`"


#: Why a run may have no game that meets the bar, in the words of ``gallery.meets_bar``.
BAR_TEXT = "judged, skill depth 2 or more, first-player advantage within ±0.10, 10-200 decisions a game"


def shown_rulebook(gallery: Sequence[Elite], folder: Path, rulebooks: Sequence[Path]) -> tuple[str, Path]:
    """The heading and file of the rulebook to show: the gallery's best game that meets the bar
    (``gallery.meets_bar``; its rulebook in ``gallery/``), one that meets the brief too when there is
    one (``gallery.meets_brief``), or, when none does, the best fitness (the first of ``rulebooks``),
    saying so."""
    from darwindeck.evolve.gallery import meets_bar, meets_brief

    ranked = [(rank, elite) for rank, elite in enumerate(gallery, start=1) if meets_bar(elite)]
    ranked.sort(key=lambda pair: not meets_brief(pair[1]))  # stable: gallery order within each
    if ranked:
        rank, elite = ranked[0]
        path = folder / "gallery" / f"{rank:02d}-{elite.identity[:12]}.md"
        return f"Rulebook of the best game that meets the bar (gallery #{rank}, {path.name}):", path
    return (
        f"No game of this run meets the bar ({BAR_TEXT}); rulebook of the best fitness instead "
        f"({rulebooks[0].name}):",
        rulebooks[0],
    )


# ------------------------------------------------------------------------------------------------ runs


def _best_fitness(generations: tuple[Any, ...]) -> str:
    return f"{max(record.stats['best'] for record in generations):.4f}" if generations else "–"


def runs(ctx: typer.Context, db: DbOption = None) -> None:
    """List the evolution runs in the store."""
    ctx.obj = db
    if ctx.invoked_subcommand is not None:
        return
    from darwindeck.evolve.store import RunStore

    store = RunStore(db)
    try:
        table = Table(title=f"Evolution runs in {store.url}")
        for column in ("id", "created", "status", "gens", "style", "players", "pop", "seed", "best"):
            table.add_column(
                column,
                justify="right" if column in ("id", "gens", "pop", "seed", "best") else "left",
                no_wrap=column != "created",
            )
        for info in store.list_runs():
            settings = info.settings
            summary = store.run_summary(info.run_id)
            table.add_row(
                str(info.run_id),
                info.created[:16].replace("T", " "),
                info.status,
                f"{info.completed_generations}/{settings.get('generations', '?')}",
                str(settings.get("style", "?")),
                f"{settings.get('min_players', '?')}-{settings.get('max_players', '?')}",
                str(settings.get("population", "?")),
                str(info.seed),
                _best_fitness(summary.generations),
            )
    finally:
        store.close()
    console.print(table)


def show_run(
    ctx: typer.Context,
    run_id: Annotated[int, typer.Argument(help="The run's id (see `darwindeck runs`).")],
    db: DbOption = None,
) -> None:
    """Show a run's settings, its generations and the lineage of its best game."""
    from darwindeck.evolve.store import RunStore

    store = RunStore(db if db is not None else ctx.obj)
    try:
        _show(store, run_id)
    finally:
        store.close()


def _show(store: RunStore, run_id: int) -> None:
    from darwindeck.evolve.settings import EvolutionSettings

    summary = store.run_summary(run_id)
    info = summary.run
    console.print(
        styled(
            f"run {info.run_id}", "bold", f"  {info.status}, created {info.created}, version {info.version}"
        )
    )
    console.print(
        f"seed {info.seed}; " + ", ".join(f"{name} {value}" for name, value in info.settings.items())
    )
    if not summary.generations:
        console.print("no completed generation yet")
        return
    table = Table(title="Generations")
    for column in ("gen", "best", "mean", "diversity", "aggressive", "evaluated", "cached", "seconds"):
        table.add_column(column, justify="right")
    for record in summary.generations:
        s = record.stats
        table.add_row(
            str(record.index),
            f"{s['best']:.4f}",
            f"{s['mean']:.4f}",
            f"{s['diversity']:.3f}",
            "yes" if s["aggressive"] else "no",
            str(s["evaluations"]),
            str(s["cache_hits"]),
            f"{s['duration']:.1f}",
        )
    console.print(table)
    best = min(summary.generations, key=lambda record: (-record.stats["best"], record.index))
    identity = best.stats["best_identity"]
    name = store.genome(identity).genome.name
    console.print(
        f"best game: {name} ({identity[:12]}), fitness {best.stats['best']:.4f} in generation {best.index}"
    )
    settings_hash = EvolutionSettings.from_dict(info.settings).fitness_hash(info.seed)
    evaluation = store.cached_evaluation(identity, settings_hash)
    if evaluation is not None:
        parts = ", ".join(
            f"{key} {value:.3f}" for key, value in evaluation.breakdown.items() if "." not in key
        )
        console.print(
            f"breakdown: {parts}" + (f"; gated: {evaluation.gate_reason}" if evaluation.gate_reason else "")
        )
    _print_ratings(store, run_id, [record.index for record in summary.generations])
    _print_lineage(store, identity)


def _print_ratings(store: RunStore, run_id: int, generations: list[int]) -> None:
    """The run's games that people rated in the browser (``darwindeck serve``)."""
    from darwindeck.genome.identity import genome_identity

    members = {
        genome_identity(member.genome)
        for index in generations
        for member in store.load_population(run_id, index)
    }
    rated = [game for identity, game in _rated_by_live_identity(store).items() if identity in members]
    if not rated:
        console.print("ratings: no game of this run was rated in the browser yet (darwindeck serve)")
        return
    table = Table(title="Rated in the browser")
    for column in ("identity", "game", "mean stars", "ratings"):
        table.add_column(column)
    for game in rated:
        table.add_row(game.identity[:12], game.game, f"{game.mean_stars:.2f}", str(game.ratings))
    console.print(table)


def _print_lineage(store: RunStore, identity: str) -> None:
    lineage = store.lineage(identity)
    table = Table(title=f"Lineage of {identity[:12]} ({len(lineage)} genomes, nearest first)")
    for column in ("identity", "name", "parents", "operators"):
        table.add_column(column, overflow="fold")
    for entry in lineage[:LINEAGE_ROWS]:
        table.add_row(
            entry.identity[:12],
            entry.name,
            ", ".join(parent[:12] for parent in entry.parents) or "(library)",
            ", ".join(entry.operators) or "–",
        )
    console.print(table)
    if len(lineage) > LINEAGE_ROWS:
        console.print(f"… and {len(lineage) - LINEAGE_ROWS} older ancestors")

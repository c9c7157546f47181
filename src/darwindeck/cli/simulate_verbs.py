"""The ``simulate`` verb: play a batch of games of one genome and show the results.

``darwindeck simulate GAME|FILE --games N --policies random,greedy --seed S --workers W [--json]``: a
progress bar while the batch runs, then a table of win rates per seat (and per team) with 95 % Wilson
intervals, draws, timeouts, average turns and decisions; ``--json`` prints the ``BatchStats`` instead.
"""

from __future__ import annotations

import dataclasses
import json
from typing import Annotated

import typer
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table

from darwindeck.agents.simulate import BatchStats
from darwindeck.agents.simulate import simulate as run_batch
from darwindeck.cli.common import GAME_HELP, announce_first_compile, console, resolve_game
from darwindeck.engine.policies import POLICY_NAMES
from darwindeck.errors import DarwinDeckError

#: Batches at least this long show a progress bar.
PROGRESS_MIN_GAMES = 2000


def register(app: typer.Typer) -> None:
    app.command("simulate")(simulate)


def simulate(
    game: Annotated[str, typer.Argument(help=GAME_HELP)],
    games: Annotated[int, typer.Option("--games", "-n", help="Number of games to play.")] = 1000,
    policies: Annotated[
        str,
        typer.Option(
            "--policies",
            help=f"Comma-separated policy per seat ({', '.join(POLICY_NAMES)}); one name is used for every "
            "seat.",
        ),
    ] = "random",
    seed: Annotated[int, typer.Option("--seed", help="Seed of the whole batch (same seed, same games).")] = 0,
    workers: Annotated[int, typer.Option("--workers", "-w", help="Worker processes.")] = 1,
    as_json: Annotated[
        bool, typer.Option("--json", help="Print the results as JSON \\[default: off: a table].")
    ] = False,
) -> None:
    """Simulate GAMES games of GAME with the given policies and print win rates and averages."""
    genome = resolve_game(game)
    names = [name.strip() for name in policies.split(",") if name.strip()]
    if not names:
        raise DarwinDeckError("--policies: give at least one policy name")
    if not as_json:
        announce_first_compile()
    if as_json or games < PROGRESS_MIN_GAMES:
        stats = run_batch(genome, games=games, policies=names, seed=seed, workers=workers)
    else:
        columns = (TextColumn("simulating"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn())
        with Progress(*columns, console=console, transient=True) as progress:
            task = progress.add_task("games", total=games)
            stats = run_batch(
                genome,
                games=games,
                policies=names,
                seed=seed,
                workers=workers,
                progress=lambda done: progress.advance(task, done),
            )
    if as_json:
        console.print_json(json.dumps(dataclasses.asdict(stats)))
        return
    console.print(results_table(genome.name, stats, names))


def results_table(name: str, stats: BatchStats, policies: list[str]) -> Table:
    table = Table(title=f"{name}: {stats.games} games")
    table.add_column("side")
    table.add_column("policy")
    table.add_column("wins", justify="right")
    table.add_column("win rate", justify="right")
    table.add_column("95% interval", justify="right")
    for seat, wins in enumerate(stats.wins):
        low, high = stats.win_rate_ci(seat)
        policy = policies[seat] if len(policies) > 1 else policies[0]
        table.add_row(f"seat {seat}", policy, str(wins), f"{wins / stats.games:.1%}", f"{low:.1%}–{high:.1%}")
    for team, wins in enumerate(stats.team_wins):
        low, high = stats.team_win_rate_ci(team)
        table.add_row(f"team {team}", "", str(wins), f"{wins / stats.games:.1%}", f"{low:.1%}–{high:.1%}")
    table.caption = (
        f"draws {stats.draws} · timeouts {stats.timeouts} · errors {stats.errors} · "
        f"avg turns {stats.avg_turns:.1f} · avg decisions {stats.avg_decisions:.1f}"
    )
    return table

"""The ``skill`` verb: does skill matter in a game?

``darwindeck skill GAME|FILE --games N --iterations K --seed S [--workers W] [--json]`` runs
``darwindeck.agents.skill.evaluate_skill`` and prints one row per agent (greedy vs random, MCTS vs
random, seat 0 among random players): wins over decided games, the rate with its 95 % Wilson interval,
the chance share and the one-sided binomial p-value; the caption gives the skill score, the
first-player advantage and the forced fraction, or says the game has no decisions. ``--json`` prints
the ``SkillReport``.
"""

from __future__ import annotations

import dataclasses
import json
from typing import TYPE_CHECKING, Annotated

import typer
from rich.table import Table

from darwindeck.cli.common import console, resolve_game

if TYPE_CHECKING:
    from darwindeck.agents.skill import SkillRate, SkillReport


def register(app: typer.Typer) -> None:
    app.command("skill")(skill)


def skill(
    game: Annotated[
        str, typer.Argument(help="A library game name (see `darwindeck games`) or a genome JSON file.")
    ],
    games: Annotated[int, typer.Option("--games", "-n", help="Games per agent batch.")] = 200,
    iterations: Annotated[
        int, typer.Option("--iterations", "-k", help="MCTS iterations per decision.")
    ] = 100,
    seed: Annotated[int, typer.Option("--seed", help="Seed of the evaluation (same seed, same report).")] = 0,
    workers: Annotated[int, typer.Option("--workers", "-w", help="Worker processes.")] = 1,
    as_json: Annotated[bool, typer.Option("--json", help="Print the report as JSON.")] = False,
) -> None:
    """Measure greedy and MCTS players against random ones, and the first player's advantage."""
    from darwindeck.agents.skill import evaluate_skill

    genome = resolve_game(game)
    report = evaluate_skill(genome, games, seed, iterations=iterations, workers=workers)
    if as_json:
        console.print_json(json.dumps(dataclasses.asdict(report)))
        return
    console.print(skill_table(report))


def skill_table(report: SkillReport) -> Table:
    table = Table(title=f"{report.game}: skill over {report.games} games per batch (seed {report.seed})")
    table.add_column("agent")
    for name in ("wins / decided", "rate", "95% interval", "chance", "p-value"):
        table.add_column(name, justify="right")
    rows: list[tuple[str, SkillRate | None]] = [
        ("greedy vs random", report.greedy),
        (f"MCTS-{report.iterations} vs random", report.mcts),
        ("seat 0, all random", report.first_player),
    ]
    for label, rate in rows:
        if rate is None:
            table.add_row(label, "no decisions", "", "", "", "")
            continue
        table.add_row(
            label,
            f"{rate.wins} / {rate.decided}",
            f"{rate.rate:.1%}",
            f"{rate.low:.1%}–{rate.high:.1%}",
            f"{rate.chance:.1%}",
            f"{rate.p_value:.2g}",
        )
    skill_text = f"skill {report.skill:.2f}" if report.has_decisions else "skill 0: no decisions"
    table.caption = (
        f"{skill_text} · first-player advantage {report.first_player_advantage:+.1%} · "
        f"forced fraction {report.forced_fraction:.2f} · {report.sides} sides"
    )
    return table

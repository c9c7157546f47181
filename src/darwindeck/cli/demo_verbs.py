"""``darwindeck demo``: the main job on its embedded defaults (what ``make demo`` runs).

Until evolution lands it is a tour of the laboratory: it simulates a greedy player in seat 0 against
random players in a handful of classic games, prints how often the greedy seat wins (with a 95 % Wilson
interval), how long the games last and how many real decisions they hold, then prints the generated
rulebook of one game.
"""

from __future__ import annotations

import time
from typing import Annotated

import typer
from rich.table import Table

from darwindeck.cli.common import console

#: The games the demo plays, chosen to show each mechanic family once.
DEMO_GAMES = (
    "war",
    "crazy-eights",
    "uno-style",
    "hearts",
    "spades",
    "partnership-spades",
    "scopa",
    "fan-tan",
    "gin-rummy",
    "cheat",
)
DEMO_RULEBOOK = "uno-style"


def register(app: typer.Typer) -> None:
    app.command("demo")(demo)


def demo(
    games: Annotated[int, typer.Option("--games", min=1, help="Games simulated per classic game.")] = 200,
    seed: Annotated[int, typer.Option("--seed", help="Seed of all randomness.")] = 0,
) -> None:
    """Simulate greedy-vs-random play over several classic games and show a generated rulebook."""
    from darwindeck.engine.simulate import simulate
    from darwindeck.genome.library import get_game
    from darwindeck.rulebook import render_rulebook

    table = Table(title=f"Greedy (seat 0) against random players, {games} games each, seed {seed}")
    for column in ("game", "players", "greedy wins", "95% interval", "draws", "avg turns", "decisions/game"):
        table.add_column(column, justify="left" if column == "game" else "right")
    started = time.perf_counter()
    for slug in DEMO_GAMES:
        genome = get_game(slug)
        agents = ["greedy"] + ["random"] * (genome.player_count - 1)
        stats = simulate(genome, games=games, agents=agents, seed=seed)
        wins = stats.team_wins[0] if genome.team_mode else stats.wins[0]
        low, high = stats.team_win_rate_ci(0) if genome.team_mode else stats.win_rate_ci(0)
        table.add_row(
            slug,
            str(genome.player_count),
            f"{wins / games:.0%}",
            f"{low:.0%}-{high:.0%}",
            str(stats.draws),
            f"{stats.avg_turns:.0f}",
            f"{stats.avg_decisions:.0f}",
        )
    console.print(table)
    console.print(f"simulated {games * len(DEMO_GAMES)} games in {time.perf_counter() - started:.1f} s\n")
    console.print(render_rulebook(get_game(DEMO_RULEBOOK), "md"))

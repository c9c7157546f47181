"""The ``skill`` verb: does better play win more, rung after rung, and how much does the deal decide?

``darwindeck skill GAME|FILE --deals N --rungs R --seed S [--search mcts|pimc] [--hidden] [--json]``
climbs the skill ladder of ``darwindeck.evolve.quality.ladder`` (random → greedy → MCTS-25 → MCTS-100 →
MCTS-400, or with ``--search pimc`` random → greedy → PIMC-8 → PIMC-16 → PIMC-32; the first R rungs,
every rung measured even above a rung that is not significant) on N duplicate deals per rung, and
prints one row per rung: replays, the stronger side's wins over decided replays, its rate with the 95 %
Wilson interval, the chance share, the one-sided binomial p-value, the skill share K and luck share L.
The caption gives the skill depth, the game's luck share and, with ``--hidden``, how much hidden
information matters (MCTS-25 that sees every card against MCTS-25 that does not). ``--json`` prints the
same as data.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Annotated, Any

import typer
from rich.table import Table

from darwindeck.cli.common import GAME_HELP, announce_first_compile, console, resolve_game

if TYPE_CHECKING:
    from darwindeck.evolve.quality.ladder import Ladder, Rung


def register(app: typer.Typer) -> None:
    app.command("skill")(skill)


def skill(
    game: Annotated[str, typer.Argument(help=GAME_HELP)],
    deals: Annotated[int, typer.Option("--deals", "-n", min=1, help="Duplicate deals per rung.")] = 40,
    rungs: Annotated[
        int, typer.Option("--rungs", "-r", min=1, max=4, help="Rungs to climb (1: greedy vs random).")
    ] = 3,
    seed: Annotated[int, typer.Option("--seed", help="Seed of the ladder (same seed, same report).")] = 0,
    search: Annotated[
        str,
        typer.Option(
            "--search", help="The searching player of the upper rungs: mcts or pimc (perfect-information MC)."
        ),
    ] = "mcts",
    hidden: Annotated[
        bool,
        typer.Option("--hidden", help="Also measure how much hidden information matters \\[default: off]."),
    ] = False,
    as_json: Annotated[
        bool, typer.Option("--json", help="Print the report as JSON \\[default: off: a table].")
    ] = False,
) -> None:
    """Climb the skill ladder (random → greedy → MCTS-25 → MCTS-100 → MCTS-400) on duplicate deals."""
    from darwindeck.evolve.quality.ladder import LADDERS, hidden_information, measure_ladder
    from darwindeck.evolve.quality.play import GREEDY, play

    if search not in LADDERS:
        raise typer.BadParameter(f"{search!r} is not one of: {', '.join(LADDERS)}", param_hint="--search")
    genome = resolve_game(game)
    if not as_json:
        announce_first_compile()
    probe = play(genome, [GREEDY], 8, seed)
    has_decisions = bool(probe.meaningful_decisions.sum() > 0)
    ladder = measure_ladder(
        genome, seed, deals, rungs, has_decisions=has_decisions, stop_early=False, search=search
    )
    seer = hidden_information(genome, seed, deals) if hidden and has_decisions else None
    if as_json:
        console.print_json(json.dumps(_report(genome.name, deals, seed, ladder, seer)))
        return
    console.print(ladder_table(genome.name, deals, seed, ladder, seer))


def _rung_data(rung: Rung) -> dict[str, Any]:
    low, high = rung.interval
    return {
        "weak": rung.weak,
        "strong": rung.strong,
        "replays": rung.replays,
        "decided": rung.decided,
        "wins": rung.wins,
        "rate": rung.rate,
        "interval": [low, high],
        "chance": rung.chance,
        "p_value": rung.p_value,
        "significant": rung.significant,
        "skill": rung.skill,
        "luck": rung.luck,
    }


def _report(name: str, deals: int, seed: int, ladder: Ladder, seer: Rung | None) -> dict[str, Any]:
    return {
        "game": name,
        "deals": deals,
        "seed": seed,
        "has_decisions": ladder.has_decisions,
        "depth": ladder.depth,
        "luck": ladder.luck,
        "rungs": [_rung_data(rung) for rung in ladder.rungs],
        "hidden_information": None if seer is None else seer.skill,
    }


def ladder_table(name: str, deals: int, seed: int, ladder: Ladder, seer: Rung | None) -> Table:
    table = Table(title=f"{name}: skill ladder, {deals} duplicate deals per rung (seed {seed})")
    table.add_column("rung")
    for column in ("replays", "wins / decided", "rate", "95% interval", "chance", "p-value", "K", "L"):
        table.add_column(column, justify="right")
    for rung in ladder.rungs:
        low, high = rung.interval
        mark = " ✔" if rung.significant else ""
        table.add_row(
            f"{rung.strong} vs {rung.weak}{mark}",
            str(rung.replays),
            f"{rung.wins} / {rung.decided}",
            f"{rung.rate:.1%}",
            f"{low:.1%}–{high:.1%}",
            f"{rung.chance:.1%}",
            f"{rung.p_value:.2g}",
            f"{rung.skill:.2f}",
            f"{rung.luck:.2f}",
        )
    if not ladder.has_decisions:
        table.caption = "no decisions: skill depth 0, luck share 1"
        return table
    caption = f"skill depth {ladder.depth} (✔: p < 0.05) · luck share {ladder.luck:.2f}"
    if seer is not None:
        caption += f" · hidden information {seer.skill:.2f}"
    table.caption = caption
    return table

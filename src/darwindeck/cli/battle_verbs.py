"""The ``battle`` and ``cards`` verbs (Pokémon-TCG-Pocket-style battle engine).

``darwindeck battle DECK --vs DECK --games N [--players greedy,random] [--seed S]`` prints win rates
with 95% intervals, average turns, points and the most used effects; ``--play`` lets you play DECK
against the first player in the terminal (``battle_play``: keys that keep their meaning, ``?``, ``r``, ``q``,
every event narrated). ``darwindeck cards [--set A1]`` prints the card status report.
DECK is a shipped deck name or a deck JSON file. Bad input raises ``DarwinDeckError`` subclasses.
"""

from __future__ import annotations

import sys

import typer
from rich.console import Console
from rich.table import Table

from darwindeck.cli.battle_play import play_battle_in_terminal
from darwindeck.cli.common import console
from darwindeck.cli.play_verbs import line_reader
from darwindeck.errors import DarwinDeckError
from darwindeck.tcg.battle.card_status import card_statuses, summary_line
from darwindeck.tcg.battle.play import MatchSummary, play_match
from darwindeck.tcg.battle.players import PLAYER_NAMES, make_player
from darwindeck.tcg.core.catalog import SET_CODES
from darwindeck.tcg.core.decks import load_deck, shipped_deck_names

#: What a DECK argument accepts, naming every shipped deck.
DECK_HELP = f"A shipped deck ({', '.join(shipped_deck_names())}) or a deck JSON file."


class BattleArgumentError(DarwinDeckError):
    """A bad argument of the battle verbs."""


def _players(spec: str) -> tuple[str, str]:
    names = [n.strip() for n in spec.split(",") if n.strip()]
    if len(names) == 1:
        names *= 2
    if len(names) != 2:
        raise BattleArgumentError(f"--players {spec!r}: give one or two names separated by a comma")
    for name in names:
        if name not in PLAYER_NAMES:
            raise BattleArgumentError(
                f"--players {spec!r}: unknown player {name!r} ({', '.join(PLAYER_NAMES)})"
            )
    return names[0], names[1]


def _print_summary(
    console: Console, summary: MatchSummary, names: tuple[str, str], players: tuple[str, str]
) -> None:
    table = Table(title=f"{summary.games} battles")
    for column in ("seat", "deck", "player", "win rate", "95% interval", "avg points"):
        table.add_column(column)
    for index in range(2):
        rate, low, high = summary.win_rate(index)
        avg_points = summary.points[index] / max(1, summary.games)
        table.add_row(
            str(index),
            names[index],
            players[index],
            f"{rate:.1%}",
            f"{low:.1%} - {high:.1%}",
            f"{avg_points:.2f}",
        )
    console.print(table)
    console.print(f"draws: {summary.draws}   average turns: {summary.turns / max(1, summary.games):.1f}")
    common = ", ".join(f"{name} ({count})" for name, count in summary.effects.most_common(5)) or "none"
    console.print(f"most used effects: {common}")


def register(app: typer.Typer) -> None:
    """Add the ``battle`` and ``cards`` verbs to ``app``."""

    @app.command("battle")
    def battle(
        deck: str = typer.Argument(..., help=DECK_HELP),
        vs: str = typer.Option(..., "--vs", help=f"The opposing deck. {DECK_HELP}"),
        games: int = typer.Option(100, "--games", help="Number of battles to simulate."),
        players: str = typer.Option(
            "greedy,random", "--players", help=f"The two battle players: {', '.join(PLAYER_NAMES)}."
        ),
        seed: int = typer.Option(0, "--seed", help="Seed of all randomness."),
        play: bool = typer.Option(
            False, "--play", help="Play DECK yourself against the first player \\[default: off]."
        ),
    ) -> None:
        """Simulate battles between two decks, or play one yourself."""
        first, second = _players(players)
        deck0, deck1 = load_deck(deck), load_deck(vs)
        if play:
            reader = line_reader(console, echo=not sys.stdin.isatty())
            play_battle_in_terminal(console, deck0, deck1, make_player(first, seed), seed, reader)
            return
        if games < 1:
            raise BattleArgumentError(f"--games {games}: must be at least 1")
        summary = play_match(
            deck0, deck1, lambda s: (make_player(first, s), make_player(second, s + 1)), games, seed
        )
        _print_summary(console, summary, (deck0.name, deck1.name), (first, second))

    @app.command("cards")
    def cards(
        set_code: str | None = typer.Option(
            None, "--set", help="Only this set (A1, A1a or P-A) \\[default: every set]."
        ),
    ) -> None:
        """Report which cards of A1, A1a and Promo-A (P-A) the battle engine implements."""
        if set_code is not None and set_code.lower() not in {c.lower() for c in SET_CODES}:
            raise BattleArgumentError(f"--set {set_code!r}: unknown set (known: {', '.join(SET_CODES)})")
        statuses = card_statuses(set_code)
        table = Table(title=summary_line(statuses))
        for column in ("id", "name", "status", "mechanics / reason"):
            table.add_column(column)
        for status in statuses:
            table.add_row(
                status.card_id,
                status.name,
                "implemented" if status.implemented else "missing",
                status.detail or "-",
            )
        console.print(table)
        console.print(summary_line(statuses))

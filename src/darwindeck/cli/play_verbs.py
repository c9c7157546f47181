"""The ``play`` verb: play a game yourself in the terminal against computer opponents.

``darwindeck play GAME|FILE [--seat 0] [--opponents mcts|greedy|random] [--iterations K] [--seed S]
[--plain] [--results FILE]``. The loop, display and results file are ``darwindeck.play``'s; this module
checks the arguments (a ``DarwinDeckError`` for an unknown game, a seat outside the game's seats, an
unknown opponent kind, fewer than one iteration, an unwritable results file) and wires the terminal in.
Before the first move it says when numba has yet to compile the engine (``common.announce_first_compile``).
Nothing the session prints is read as Rich markup (names and descriptions may hold brackets).
Without ``--seed`` a seed is drawn from the operating system and shown, so every game can be replayed.
When standard input is not a terminal (input piped or scripted), each line read is printed after its
prompt, as a terminal would echo it, so the transcript reads like a game typed by hand.
"""

from __future__ import annotations

import secrets
import sys
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console

from darwindeck.cli.common import GAME_HELP, announce_first_compile, resolve_game
from darwindeck.genome.schema import GameGenome
from darwindeck.play.opponents import OPPONENT_KINDS, PlayArgumentError, make_opponent
from darwindeck.play.results import default_results_path, prepare_results_file
from darwindeck.play.session import PlayOptions, PlaySession, ReadLine

#: Upper bound (exclusive) of a seed drawn when ``--seed`` is not given.
SEED_RANGE = 2**31


def register(app: typer.Typer) -> None:
    """Add the ``play`` verb to ``app``."""
    app.command("play")(play)


def line_reader(console: Console, echo: bool) -> ReadLine:
    """Read a line after printing ``prompt``; with ``echo``, print the line read too."""

    def read_line(prompt: str) -> str:
        line = console.input(prompt)
        if echo:
            console.print(line, markup=False, highlight=False)
        return line

    return read_line


def check_options(
    genome: GameGenome,
    source: str,
    seat: int,
    opponents: str,
    iterations: int,
    seed: int | None,
    plain: bool,
    results: Path | None,
) -> PlayOptions:
    """The checked ``PlayOptions``; a ``PlayArgumentError`` naming the bad argument otherwise."""
    players = genome.player_count
    if not 0 <= seat < players:
        raise PlayArgumentError(f"--seat {seat}: {genome.name} has {players} seats (0..{players - 1})")
    kind = opponents.strip().lower()
    if kind not in OPPONENT_KINDS:
        raise PlayArgumentError(f"--opponents {opponents!r}: choose one of {', '.join(OPPONENT_KINDS)}")
    if iterations < 1:
        raise PlayArgumentError(f"--iterations {iterations}: must be at least 1")
    return PlayOptions(
        source=source,
        seat=seat,
        opponents=kind,
        iterations=iterations if kind == "mcts" else None,
        seed=secrets.randbelow(SEED_RANGE) if seed is None else seed,
        plain=plain,
        results=results if results is not None else default_results_path(),
    )


def play(
    game: Annotated[str, typer.Argument(help=GAME_HELP)],
    seat: Annotated[
        int, typer.Option("--seat", help="Your seat, 0-based (seat 0 starts the first hand).")
    ] = 0,
    opponents: Annotated[
        str, typer.Option("--opponents", help="Who plays the other seats: mcts, greedy or random.")
    ] = "mcts",
    iterations: Annotated[
        int, typer.Option("--iterations", help="MCTS iterations per decision (with --opponents mcts).")
    ] = 100,
    seed: Annotated[
        int | None,
        typer.Option("--seed", help="Seed of the deal and the opponents \\[default: a random one]."),
    ] = None,
    plain: Annotated[
        bool, typer.Option("--plain", help="No colours, ASCII tables \\[default: off].")
    ] = False,
    results: Annotated[
        Path | None,
        typer.Option(
            "--results", help="Append the result to this JSON Lines file \\[default: the user data folder]."
        ),
    ] = None,
) -> None:
    """Play GAME yourself against computer opponents; the result is appended to a results file."""
    genome = resolve_game(game)
    options = check_options(genome, game, seat, opponents, iterations, seed, plain, results)
    announce_first_compile()
    opponent = make_opponent(options.opponents, options.seed, iterations)
    prepare_results_file(options.results)
    console = Console(
        highlight=False, markup=False, emoji=False, no_color=plain, color_system=None if plain else "auto"
    )
    reader = line_reader(console, echo=not sys.stdin.isatty())
    PlaySession(options, genome, opponent, console, reader).run()

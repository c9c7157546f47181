"""Drivers for the play tests: a session with scripted answers, and the real CLI in a subprocess."""

from __future__ import annotations

import io
import os
import subprocess
import sys
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

from rich.console import Console

from darwindeck.genome.library import get_game
from darwindeck.play.opponents import make_opponent
from darwindeck.play.results import GameRecord
from darwindeck.play.session import PlayOptions, PlaySession

#: Runs the real ``darwindeck`` app with the play verb registered (whether or not the lead has yet).
CLI = (
    "import sys; import darwindeck.cli as cli; from darwindeck.cli import play_verbs\n"
    "if 'play' not in {c.name for c in cli.app.registered_commands}: play_verbs.register(cli.app)\n"
    "cli.main(sys.argv[1:])"
)
FIXED_TIME = datetime(2025, 1, 2, 3, 4, 5, tzinfo=UTC)


@dataclass
class Played:
    session: PlaySession
    record: GameRecord
    screen: str


Answer = Callable[[str], str]


def always_first(prompt: str) -> str:
    """Move 1 at every decision; rating 4 and the comment "ok" at the end."""
    if prompt.startswith("Rate"):
        return "4"
    if prompt.startswith("Comment"):
        return "ok"
    return "1"


def scripted(lines: list[str]) -> Answer:
    """Answers from ``lines`` in order; the end of the list is the end of input."""
    remaining: Iterator[str] = iter(lines)

    def answer(prompt: str) -> str:
        try:
            return next(remaining)
        except StopIteration:
            raise EOFError from None

    return answer


def make_session(
    tmp_path: Path, game: str, seed: int, answer: Answer, width: int = 100, seat: int = 0
) -> tuple[PlaySession, io.StringIO]:
    buffer = io.StringIO()
    console = Console(file=buffer, width=width, color_system=None, highlight=False, emoji=False)

    def read_line(prompt: str) -> str:
        console.print(prompt, end="")
        reply = answer(prompt)
        console.print(reply)
        return reply

    options = PlayOptions(
        source=game,
        seat=seat,
        opponents="greedy",
        iterations=None,
        seed=seed,
        plain=True,
        results=tmp_path / "results.jsonl",
    )
    opponent = make_opponent("greedy", seed, 1)
    session = PlaySession(options, get_game(game), opponent, console, read_line, clock=lambda: FIXED_TIME)
    return session, buffer


def play_game(
    tmp_path: Path, game: str, seed: int, answer: Answer = always_first, width: int = 100, seat: int = 0
) -> Played:
    """Play a whole game in-process with injected streams; the session, its record and the screen."""
    session, buffer = make_session(tmp_path, game, seed, answer, width, seat)
    record = session.run()
    return Played(session, record, buffer.getvalue())


def run_cli(args: list[str], stdin: str, columns: int = 100) -> subprocess.CompletedProcess[str]:
    """The real CLI in a fresh interpreter, ``stdin`` piped in."""
    env = {**os.environ, "COLUMNS": str(columns), "NO_COLOR": "1", "PYTHONIOENCODING": "utf-8"}
    return subprocess.run(
        [sys.executable, "-c", CLI, *args],
        input=stdin,
        capture_output=True,
        text=True,
        encoding="utf-8",
        env=env,
        timeout=300,
        check=False,
    )


def without_screens(lines: list[str]) -> tuple[list[str], list[list[str]]]:
    """``lines`` without the screens drawn among them (a rule line to the "Your hand" line and any
    moves and prompt after it), and those screens."""
    told: list[str] = []
    screens: list[list[str]] = []
    screen: list[str] | None = None
    for line in lines:
        if line.startswith("---"):
            screen = []
        if screen is None:
            told.append(line)
            continue
        screen.append(line)
        if line.startswith("Your hand:"):
            screens.append(screen)
            screen = None
    return told, screens

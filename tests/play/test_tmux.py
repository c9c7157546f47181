"""`darwindeck play` in a real terminal (tmux, 60 columns): the compact layout, keys typed, pane read."""

from __future__ import annotations

import json
import os
import shlex
import shutil
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from play.driver import CLI

pytestmark = pytest.mark.skipif(shutil.which("tmux") is None, reason="tmux is not installed")

WIDTH = 60


@pytest.fixture
def tmux(tmp_path: Path) -> Iterator[list[str]]:
    """A private tmux server (its own socket) that is killed afterwards."""
    base = ["tmux", "-S", str(tmp_path / "tmux.sock")]
    yield base
    subprocess.run([*base, "kill-server"], capture_output=True, check=False)


def pane(base: list[str]) -> list[str]:
    shown = subprocess.run(
        [*base, "capture-pane", "-p", "-t", "play"], capture_output=True, text=True, check=True
    )
    return [line.rstrip() for line in shown.stdout.splitlines()]


def wait_for(base: list[str], text: str, timeout: float = 120.0) -> list[str]:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        lines = pane(base)
        if any(text in line for line in lines):
            return lines
        time.sleep(0.2)
    raise AssertionError(f"{text!r} never appeared; the pane shows:\n" + "\n".join(pane(base)))


def test_compact_layout_at_60_columns(tmux: list[str], tmp_path: Path) -> None:
    results = tmp_path / "results.jsonl"
    args = ["play", "spades", "--seed", "3", "--opponents", "greedy", "--results", str(results)]
    # the pane's own width must decide the layout, not a COLUMNS inherited from the test run
    command = shlex.join(["env", "-u", "COLUMNS", "-u", "LINES", sys.executable, "-c", CLI, *args])
    env = ["-e", f"PATH={os.environ.get('PATH', '')}", "-e", "TERM=xterm-256color"]
    subprocess.run(
        [*tmux, "new-session", "-d", "-s", "play", "-x", str(WIDTH), "-y", "30", *env, command], check=True
    )
    lines = wait_for(tmux, "Your bid (1-13, n = Nil, r, q):")
    assert all(len(line) <= WIDTH for line in lines)
    start = lines.index("== Spades · hand 1 · trumps ♠ ==")
    assert lines[start : start + 6] == [
        "== Spades · hand 1 · trumps ♠ ==",
        "Your turn (bidding) · clockwise",
        "*N (you) 13c bid - tk 0 pts 0 | E 13c bid - tk 0 pts 0",
        "S 13c bid - tk 0 pts 0 | W 13c bid - tk 0 pts 0",
        "Trick 1/13: no cards yet",
        "Your hand: 2♠ 3♠ 5♠ 8♠ K♠  5♥  2♣ 7♣ 9♣  5♦ 10♦ J♦ A♦",
    ]
    # bids are keyed by the number of tricks, Nil by n (listed last)
    assert lines[start + 6 : start + 9] == [
        "1) bid 1  2) bid 2  3) bid 3  4) bid 4  5) bid 5  6) bid 6",
        "7) bid 7  8) bid 8  9) bid 9  10) bid 10  11) bid 11",
        "12) bid 12  13) bid 13  n) bid Nil",
    ]
    subprocess.run([*tmux, "send-keys", "-t", "play", "3", "Enter"], check=True)
    lines = wait_for(tmux, "Your turn (trick)")
    assert "West bids 2" in lines
    assert "*N (you) 13c bid 3 tk 0 pts 0 | E 13c bid 3 tk 0 pts 0" in lines
    subprocess.run([*tmux, "send-keys", "-t", "play", "q", "Enter"], check=True)
    wait_for(tmux, "Rate this game")
    subprocess.run([*tmux, "send-keys", "-t", "play", "3", "Enter", "narrow but fine", "Enter"], check=True)
    deadline = time.monotonic() + 30
    while not (results.exists() and results.read_text(encoding="utf-8")) and time.monotonic() < deadline:
        time.sleep(0.2)
    record = json.loads(results.read_text(encoding="utf-8"))
    assert (record["result"], record["rating"], record["comment"]) == ("abandoned", 3, "narrow but fine")
    assert record["moves"][:4] == [63, 63, 63, 62]

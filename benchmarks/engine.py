"""Engine benchmark: random-vs-random games/s and decisions/s per core on the classic games.

``python -m benchmarks.engine [--seconds S] [--games-min N]`` plays each game on one core for about
``S`` CPU seconds after a warm-up call, and reports the first call's time separately (the JIT compile, or
the load of the cached compile), games/s, decisions/s, and the median decisions/s over the games
(bar: ≥ 1,000,000 per core). Rates are per CPU second of this process (``time.process_time``), so other
jobs on a shared machine slow the run but not the figures; the wall seconds are printed beside them.
Games are played through ``agents.batch.play_batch_with`` with random seats, the entry the evolution's
screening uses. Each row is labelled with what it measures: the player count, the share of
games the random players finish (a win condition or the game's own end, not the turn limit or the step
budget) and the share of decisions that were forced (one legal move). Prints a Markdown table with the
date, the commit and the peak RSS.
"""

from __future__ import annotations

import argparse
import datetime
import resource
import statistics
import subprocess
import time
from dataclasses import dataclass

import numpy as np

from darwindeck.agents import batch as B
from darwindeck.engine import layout as L
from darwindeck.engine.search_params import N_PARAMS
from darwindeck.engine.tables import compile_program
from darwindeck.genome.library import get_game
from darwindeck.genome.schema import GameGenome

BAR = 1_000_000


def benchmark_games() -> dict[str, GameGenome]:
    return {
        "War": get_game("war"),
        "Crazy Eights": get_game("crazy-eights").replace(player_count=2),
        "Uno-style": get_game("uno-style").replace(player_count=4),
        "Hearts (full game to 100)": get_game("hearts"),
        "Partnership Spades (match to 500)": get_game("partnership-spades"),
        "Gin Rummy (match to 100)": get_game("gin-rummy"),
        "Euchre (match to 10)": get_game("euchre"),
        "Scopa": get_game("scopa"),
        "Fan Tan": get_game("fan-tan"),
    }


@dataclass(frozen=True)
class Measurement:
    name: str
    players: int
    first_call_s: float
    games: int
    seconds: float  # CPU seconds of the timed batch
    wall: float  # its wall seconds
    decisions: int
    finished: int  # games ended by a win condition or the game's own end
    forced: int  # decisions with one legal move

    @property
    def games_per_s(self) -> float:
        return self.games / self.seconds

    @property
    def decisions_per_s(self) -> float:
        return self.decisions / self.seconds


def measure(name: str, genome: GameGenome, seconds: float, games_min: int) -> Measurement:
    program = compile_program(genome)
    policies = np.zeros(genome.player_count, dtype=np.int64)
    params = np.zeros((L.MAX_PLAYERS, N_PARAMS), dtype=np.float64)
    start = time.perf_counter()
    warm = np.zeros((2, B.N_STATS), dtype=np.int64)
    B.play_batch_with(program, 0, 2, 0, policies, params, warm)
    first_call = time.perf_counter() - start
    games = max(games_min, 1)
    while True:
        rows = np.zeros((games, B.N_STATS), dtype=np.int64)
        start, cpu = time.perf_counter(), time.process_time()
        B.play_batch_with(program, 0, games, 1, policies, params, rows)
        elapsed, wall = time.process_time() - cpu, time.perf_counter() - start
        if elapsed >= seconds or games >= 10_000_000:
            return _measurement(name, genome.player_count, first_call, (elapsed, wall), rows)
        games = int(games * max(2.0, 1.2 * seconds / max(elapsed, 1e-3)))


def _measurement(
    name: str, players: int, first_call: float, times: tuple[float, float], rows: np.ndarray
) -> Measurement:
    ended = rows[:, B.STAT_ENDED_BY]
    finished = int(np.isin(ended, (L.END_WIN, L.END_GAME_ACTION)).sum())
    decisions = int(rows[:, B.STAT_DECISIONS].sum())
    forced = int(rows[:, B.STAT_FORCED].sum())
    return Measurement(name, players, first_call, len(rows), *times, decisions, finished, forced)


def commit() -> str:
    try:
        done = subprocess.run(
            ["git", "rev-parse", "--short", "HEAD"], capture_output=True, text=True, check=True
        )
    except (OSError, subprocess.CalledProcessError):
        return "unknown"
    return done.stdout.strip()


def report(results: list[Measurement]) -> str:
    median = statistics.median(r.decisions_per_s for r in results)
    rss_mb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    lines = [
        f"Engine benchmark, {datetime.date.today().isoformat()}, commit {commit()}, one core, random play",
        "",
        "| game | players | finished | forced | first call (s) | games | CPU s | wall s | games/s "
        "| decisions/s |",
        "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
    ]
    for r in results:
        lines.append(
            f"| {r.name} | {r.players} | {r.finished / r.games:.0%} | {r.forced / max(r.decisions, 1):.0%} "
            f"| {r.first_call_s:.2f} | {r.games} | {r.seconds:.2f} | {r.wall:.2f} | {r.games_per_s:,.0f} "
            f"| {r.decisions_per_s:,.0f} |"
        )
    verdict = "meets" if median >= BAR else "misses"
    lines += ["", f"Median decisions/s: {median:,.0f} ({verdict} the {BAR:,} bar). Peak RSS {rss_mb:.0f} MB."]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=2.0, help="Timed CPU seconds per game (default 2).")
    parser.add_argument("--games-min", type=int, default=50, help="Smallest timed batch (default 50).")
    args = parser.parse_args(argv)
    results = [measure(name, g, args.seconds, args.games_min) for name, g in benchmark_games().items()]
    print(report(results))


if __name__ == "__main__":
    main()

"""MCTS benchmark: decisions/s per core of the information-set MCTS on Hearts, Spades and Crazy Eights.

``python -m benchmarks.mcts [--iterations K] [--positions N] [--seed S]`` first plays random games and
keeps every decision of seat 0 with its knowledge (``determinize.observe``), then times
``mcts.search`` on each of them (one core, after a warm-up search that loads or compiles the code).
It reports searched decisions/s (more than one legal action: a full search) and all decisions/s
(forced decisions return at once, as they do in play), with the bar of 1,000 searched decisions/s per
core for MCTS-100 (judged on wall time; searched decisions per CPU second, ``time.process_time``, are
shown too because a shared machine's wall time is noisy). Prints a Markdown table with the date and
the commit.
"""

from __future__ import annotations

import argparse
import datetime
import subprocess
import time
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from darwindeck.agents.determinize import new_knowledge, observe
from darwindeck.agents.mcts import new_tree, search
from darwindeck.engine import layout as L
from darwindeck.engine.agents import choose
from darwindeck.engine.search_params import default_params
from darwindeck.engine.state_api import GameState
from darwindeck.genome.library import get_game
from darwindeck.genome.schema import GameGenome

BAR = 1_000
Int64Array = npt.NDArray[np.int64]


@dataclass(frozen=True)
class Position:
    state: Int64Array
    knowledge: Int64Array


@dataclass(frozen=True)
class Measurement:
    name: str
    searched: int
    forced: int
    seconds: float
    cpu_seconds: float

    @property
    def searched_per_s(self) -> float:
        return self.searched / self.seconds

    @property
    def all_per_s(self) -> float:
        return (self.searched + self.forced) / self.seconds

    @property
    def searched_per_cpu_s(self) -> float:
        return self.searched / self.cpu_seconds


def benchmark_games() -> dict[str, GameGenome]:
    return {
        "Hearts": get_game("hearts"),
        "Spades": get_game("spades"),
        "Crazy Eights": get_game("crazy-eights"),
    }


def collect(genome: GameGenome, count: int, seed: int) -> list[Position]:
    """Seat 0's decisions (state and knowledge) from random games, up to ``count``."""
    positions: list[Position] = []
    rng = np.array([seed * 7919 + 1], dtype=np.int64)
    game = 0
    while len(positions) < count:
        state = GameState.new(genome, seed + game)
        knowledge = new_knowledge()
        knowledge[:, -1] = state.array[L.S_HAND_NO]
        while not state.is_terminal() and len(positions) < count:
            if state.current_player == 0:
                positions.append(Position(state.array.copy(), knowledge[0].copy()))
            before = state.array.copy()
            action = choose(state.program, state.array, 0, rng)
            state.apply_action(action)
            observe(state.program, before, state.array, action, knowledge)
        game += 1
    return positions


def measure(name: str, genome: GameGenome, iterations: int, count: int, seed: int) -> Measurement:
    positions = collect(genome, count, seed)
    program = GameState.new(genome, seed).program
    params = default_params(iterations)[0]
    tree = new_tree(iterations + 1)
    scratch = np.empty(L.STATE_SIZE, dtype=np.int64)
    rng = np.array([seed + 12345], dtype=np.int64)
    search(program, positions[0].state, positions[0].knowledge, params, rng, tree, scratch)
    forced = sum(1 for p in positions if p.state[L.S_N_LEGAL] == 1)
    start = time.perf_counter()
    cpu_start = time.process_time()
    for position in positions:
        search(program, position.state, position.knowledge, params, rng, tree, scratch)
    cpu_seconds = time.process_time() - cpu_start
    seconds = time.perf_counter() - start
    return Measurement(name, len(positions) - forced, forced, seconds, cpu_seconds)


def commit() -> str:
    try:
        done = subprocess.run(
            ["git", "rev-parse", "--short", "HEAD"], capture_output=True, text=True, check=True
        )
    except (OSError, subprocess.CalledProcessError):
        return "unknown"
    return done.stdout.strip()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--iterations", type=int, default=100)
    parser.add_argument("--positions", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    print(f"MCTS-{args.iterations}, {datetime.date.today()}, commit {commit()}, one core\n")
    print(
        "| game | searched decisions | forced | searched decisions/s | searched per CPU s "
        "| all decisions/s | bar |"
    )
    print("|---|---:|---:|---:|---:|---:|---|")
    for name, genome in benchmark_games().items():
        m = measure(name, genome, args.iterations, args.positions, args.seed)
        ok = "meets" if m.searched_per_s >= BAR else "below"
        print(
            f"| {name} | {m.searched} | {m.forced} | {m.searched_per_s:,.0f} | "
            f"{m.searched_per_cpu_s:,.0f} | {m.all_per_s:,.0f} | {ok} {BAR:,} |"
        )


if __name__ == "__main__":
    main()

"""Battle-engine throughput: random-vs-random and greedy-vs-greedy battles per second on one core.

Run: ``.venv/bin/python benchmarks/tcg.py [--games N]``. The bar is 300 random battles/s per core.
Each rate is given twice: per second of wall-clock time and per second of this process's CPU time.
On a shared machine the wall-clock rate falls with the load of other processes; the CPU-time rate is
the per-core throughput, and the verdict uses it.
"""

from __future__ import annotations

import argparse
import time
from typing import NamedTuple

from darwindeck.tcg.agents import Agent, GreedyAgent, RandomAgent
from darwindeck.tcg.decks import load_deck, shipped_deck_names
from darwindeck.tcg.play import play_battle

BAR = 300


class Rate(NamedTuple):
    wall: float
    cpu: float


def battles_per_second(kind: str, games: int) -> Rate:
    decks = [load_deck(name) for name in shipped_deck_names()]
    wall_start, cpu_start = time.perf_counter(), time.process_time()
    for game in range(games):
        agents: list[Agent] = (
            [RandomAgent(game), RandomAgent(game + 1)] if kind == "random" else [GreedyAgent(), GreedyAgent()]
        )
        play_battle(decks[game % len(decks)], decks[(game + 1) % len(decks)], agents, game)
    return Rate(games / (time.perf_counter() - wall_start), games / (time.process_time() - cpu_start))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=300)
    games = parser.parse_args().games
    random_rate = battles_per_second("random", games)
    greedy_rate = battles_per_second("greedy", games)
    verdict = "meets" if random_rate.cpu >= BAR else "misses"
    print(
        f"tcg: random-vs-random {random_rate.cpu:.0f} battles/s/core ({random_rate.wall:.0f}/s wall-clock), "
        f"greedy-vs-greedy {greedy_rate.cpu:.0f} battles/s/core ({greedy_rate.wall:.0f}/s wall-clock) "
        f"({verdict} the {BAR} random battles/s bar)"
    )


if __name__ == "__main__":
    main()

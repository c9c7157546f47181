"""Battle-engine throughput: random-vs-random and greedy-vs-greedy battles per second on one core.

Run: ``.venv/bin/python benchmarks/tcg.py [--games N]``. The bar is 300 random battles/s per core.
"""

from __future__ import annotations

import argparse
import time

from darwindeck.tcg.agents import Agent, GreedyAgent, RandomAgent
from darwindeck.tcg.decks import load_deck, shipped_deck_names
from darwindeck.tcg.play import play_battle


def battles_per_second(kind: str, games: int) -> float:
    decks = [load_deck(name) for name in shipped_deck_names()]
    start = time.perf_counter()
    for game in range(games):
        agents: list[Agent] = (
            [RandomAgent(game), RandomAgent(game + 1)] if kind == "random" else [GreedyAgent(), GreedyAgent()]
        )
        play_battle(decks[game % len(decks)], decks[(game + 1) % len(decks)], agents, game)
    return games / (time.perf_counter() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=300)
    games = parser.parse_args().games
    random_rate = battles_per_second("random", games)
    greedy_rate = battles_per_second("greedy", games)
    verdict = "meets" if random_rate >= 300 else "misses"
    print(
        f"tcg: random-vs-random {random_rate:.0f} battles/s/core, "
        f"greedy-vs-greedy {greedy_rate:.0f} battles/s/core "
        f"({verdict} the 300 random battles/s bar)"
    )


if __name__ == "__main__":
    main()

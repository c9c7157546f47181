"""Battle-engine throughput: random, greedy and MCTS battles per second on one core, labelled honestly.

Run: ``.venv/bin/python -m benchmarks.tcg [--games N] [--mcts-games M] [--mcts-iterations I]``.

Every pairing plays the six ready decks round-robin (battle ``g``: deck ``g mod 6`` against deck
``g + 1 mod 6``, seed ``g``), both seats with the same kind of player. Each rate is given per second of
wall-clock time and per second of this process's CPU time: on a shared machine the wall-clock rate falls
with the load of other processes, the CPU-time rate is the per-core throughput and the verdicts use it.
Each row also says how its battles ended (a win, or a draw at the turn limit): random players mostly wander
to the turn limit, so their rate measures aimless battles; greedy and MCTS players finish theirs.

Bars: 300 random battles/s per core (spec 002's original bar) and 1,000 greedy battles/s per core
(issue 12).
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable
from typing import NamedTuple

from darwindeck.tcg.battle.play import play_battle
from darwindeck.tcg.battle.players import BattlePlayer, GreedyPlayer, MCTSPlayer, RandomPlayer
from darwindeck.tcg.core.decks import load_deck, shipped_deck_names

RANDOM_BAR = 300
GREEDY_BAR = 1000


class Row(NamedTuple):
    players: str
    battles: int
    wall: float
    cpu: float
    decided: int

    def line(self, bar: int | None) -> str:
        verdict = "—" if bar is None else ("meets" if self.cpu >= bar else "below") + f" {bar:,}"
        ended = f"{self.decided}/{self.battles} won, {self.battles - self.decided} turn-limit draws"
        return (
            f"| {self.players} | {self.battles} | {self.cpu:,.1f} | {self.wall:,.1f} | {ended} | {verdict} |"
        )


def measure(players: str, games: int, make: Callable[[int], list[BattlePlayer]]) -> Row:
    """Play ``games`` battles with the players ``make(game)`` returns; the rates and how they ended."""
    decks = [load_deck(name) for name in shipped_deck_names()]
    decided = 0
    wall_start, cpu_start = time.perf_counter(), time.process_time()
    for game in range(games):
        battle = play_battle(decks[game % len(decks)], decks[(game + 1) % len(decks)], make(game), game)
        decided += battle.state.winner is not None
    wall, cpu = time.perf_counter() - wall_start, time.process_time() - cpu_start
    return Row(players, games, games / wall, games / cpu, decided)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=300, help="Random and greedy battles.")
    parser.add_argument("--mcts-games", type=int, default=12, help="MCTS battles.")
    parser.add_argument("--mcts-iterations", type=int, default=25)
    args = parser.parse_args()
    iterations = args.mcts_iterations
    rows = [
        (
            measure("random vs random", args.games, lambda g: [RandomPlayer(g), RandomPlayer(g + 1)]),
            RANDOM_BAR,
        ),
        (measure("greedy vs greedy", args.games, lambda g: [GreedyPlayer(), GreedyPlayer()]), GREEDY_BAR),
        (
            measure(
                f"MCTS-{iterations} vs MCTS-{iterations}",
                args.mcts_games,
                lambda g: [MCTSPlayer(iterations, seed=2 * g), MCTSPlayer(iterations, seed=2 * g + 1)],
            ),
            None,
        ),
    ]
    print(
        "| players | battles | battles/s per core (CPU time) | battles/s wall-clock | how they ended | bar |"
    )
    print("|---|---:|---:|---:|---|---|")
    for row, bar in rows:
        print(row.line(bar))


if __name__ == "__main__":
    main()

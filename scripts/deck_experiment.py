"""The recorded deck-evolution experiment (docs/experiments/2026-11-deck-evolution.md).

Plays an evolved deck file and the six ready decks against the six ready decks with seat-paired matches
(``darwindeck.tcg.deckevo.fitness``): greedy players for every pair, MCTS players for the rows named in
``--mcts-rows``. Seeds differ from the run's and from ``decks evolve``'s final tables. Prints a Markdown
table per agent: score (draws as half), 95% Wilson interval, battles.

    python scripts/deck_experiment.py evolved/decks/evolved-1-....json --greedy-games 500 \\
        --mcts-games 20 --mcts-rows evolved-1-...,grass-serperior-celebi --workers 2
"""

from __future__ import annotations

import argparse
import time

from darwindeck.evolve.evaluator import LocalEvaluator
from darwindeck.tcg.core.decks import Deck, load_deck, shipped_deck_names
from darwindeck.tcg.deckevo.fitness import MatchRecord, MatchTask, match_seed, play_match_task
from darwindeck.tcg.deckevo.genome import DeckGenome

EXPERIMENT_SEED = 20261101


def _table(
    rows: list[Deck], columns: list[Deck], agent: str, games: int, iterations: int, workers: int
) -> None:
    label = agent if agent == "greedy" else f"MCTS-{iterations}"
    print(f"\n{label}: {games} battles per pair\n")
    print("| deck | " + " | ".join(c.name for c in columns) + " | whole field |")
    print("|---|" + "---|" * (len(columns) + 1), flush=True)
    began = time.perf_counter()
    with LocalEvaluator(workers) as evaluator:
        for r in rows:  # one row at a time, printed as soon as it is done (same seeds as all at once)
            row_began = time.perf_counter()
            opponents = [c for c in columns if r.name != c.name]
            tasks = [
                MatchTask(
                    r,
                    c,
                    games,
                    match_seed(
                        EXPERIMENT_SEED, DeckGenome.from_deck(r).identity, DeckGenome.from_deck(c).identity
                    ),
                    agent,
                    iterations,
                )
                for c in opponents
            ]
            records = dict(
                zip([c.name for c in opponents], evaluator.map(play_match_task, tasks), strict=True)
            )
            cells, total = [], MatchRecord()
            for c in columns:
                record = records.get(c.name)
                if record is None:
                    cells.append("50% (itself)")
                    total = total + MatchRecord(0, games, 0)
                    continue
                score, low, high = record.interval()
                cells.append(f"{score:.1%} [{low:.0%}–{high:.0%}] n={record.games}")
                total = total + record
            score, low, high = total.interval()
            print(
                f"| {r.name} | "
                + " | ".join(cells)
                + f" | {score:.1%} [{low:.1%}–{high:.1%}] n={total.games} |"
                + (
                    ""
                    if agent == "greedy"
                    else f" won/drawn/lost {total.wins}/{total.draws}/{total.losses} (itself as draws),"
                    f" {time.perf_counter() - row_began:.0f} s"
                ),
                flush=True,
            )
    print(f"\n{label}: {time.perf_counter() - began:.0f} s", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("evolved", nargs="+", help="Evolved deck files.")
    parser.add_argument("--greedy-games", type=int, default=500)
    parser.add_argument("--mcts-games", type=int, default=20)
    parser.add_argument("--mcts-iterations", type=int, default=25)
    parser.add_argument("--mcts-rows", default="", help="Comma-separated deck names for the MCTS table.")
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()
    ready = [load_deck(n) for n in shipped_deck_names()]
    evolved = [load_deck(path) for path in args.evolved]
    _table(evolved + ready, ready, "greedy", args.greedy_games, args.mcts_iterations, args.workers)
    wanted = [n for n in args.mcts_rows.split(",") if n]
    by_name = {d.name: d for d in evolved + ready}
    rows = [by_name[n] for n in wanted if n in by_name]  # in the order given
    if rows and args.mcts_games:
        _table(rows, ready, "mcts", args.mcts_games, args.mcts_iterations, args.workers)


if __name__ == "__main__":
    main()

"""Evolution speed: seconds per generation for population 100, 100 games per genome, judging the top 10 %.

Run: ``.venv/bin/python -m benchmarks.evolve [--population 100] [--games 100] [--generations 6]
[--workers 2] [--seed 0]``. Every bred genome is first stripped to its live canonical form (rule
ablation), then screened by ``darwindeck.evolve.fitness.evaluate_fitness``: G random self-play games, G
greedy self-play games and the greedy-vs-random rung of the ladder on G duplicate deals (G =
``--games``); after each generation the GA's judging step re-scores the top 10 % (distinct identities)
with ``evaluate_fitness_mcts``: the MCTS-25 vs greedy rung on 20 deals, the arc of 4 games and the
hidden-information match, within ``settings.mcts_step_budget`` rollout steps. Generation 0 is the library plus
mutants and includes the workers' start-up; the bar (≤ 20 s per generation on this 2-core machine) is
judged on the mean of the bred generations 1.., where elites and cached genomes cost nothing, which is
the steady state of a run. The run store is a temporary SQLite file.

Prints one line per generation (with the MCTS step's share), the MCTS measurements' cost (how many were
stopped by the budget), and a Markdown row with the date and the commit.
"""

from __future__ import annotations

import argparse
import datetime
import json
import sqlite3
import subprocess
import tempfile
import time
from pathlib import Path

from darwindeck.evolve.evaluator import LocalEvaluator
from darwindeck.evolve.ga import EvolutionSettings, GenerationStats, evolve
from darwindeck.evolve.store import RunStore

BAR_SECONDS = 20.0


def _line(stats: GenerationStats) -> str:
    return (
        f"generation {stats.index}: {stats.duration:6.2f} s ({stats.mcts_duration:5.2f} s MCTS step), "
        f"{stats.evaluations} genomes evaluated, {stats.cache_hits} cached, {stats.mcts_evaluations} MCTS "
        f"re-scorings, best {stats.best:.4f}"
    )


def commit() -> str:
    try:
        done = subprocess.run(
            ["git", "rev-parse", "--short", "HEAD"], capture_output=True, text=True, check=True
        )
    except (OSError, subprocess.CalledProcessError):
        return "unknown"
    return done.stdout.strip()


def mcts_breakdowns(db: Path, settings_hash: str) -> list[dict[str, float]]:
    """The breakdowns of every MCTS re-scoring in the store."""
    with sqlite3.connect(db) as connection:
        rows = connection.execute(
            "SELECT breakdown FROM evaluations WHERE settings_hash = ?", (settings_hash,)
        )
        return [json.loads(text) if isinstance(text, str) else dict(text) for (text,) in rows.fetchall()]


def _cost_summary(breakdowns: list[dict[str, float]]) -> str:
    measured = [b for b in breakdowns if "mcts_steps" in b]
    over = sum(1 for b in measured if "mcts_over_budget" in b)
    if not measured:
        return "no judging was played (every re-scored genome was gated)"
    costs = sorted(b["mcts_steps"] for b in measured)
    return (
        f"{len(breakdowns)} judged re-scorings, {len(measured)} measured, {over} partly skipped by the "
        f"budget; rollout steps per judging: median {costs[len(costs) // 2]:,.0f}, max {costs[-1]:,.0f}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--population", type=int, default=100)
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--generations", type=int, default=6)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    settings = EvolutionSettings(
        population=args.population,
        generations=args.generations,
        games_per_genome=args.games,
        plateau_patience=args.generations + 1,
    )
    print(
        f"population {args.population}, {args.games} random + {args.games} greedy self-play games and "
        f"{args.games} greedy-vs-random deals per genome, MCTS-{settings.mcts_iterations} vs greedy × "
        f"{settings.mcts_games} deals for the top {settings.mcts_top_fraction:.0%}, {args.workers} "
        f"worker(s), seed {args.seed}"
    )
    started = time.perf_counter()
    with tempfile.TemporaryDirectory() as folder, LocalEvaluator(args.workers) as evaluator:
        db = Path(folder) / "bench.db"
        store = RunStore(str(db))
        result = evolve(settings, args.seed, store, evaluator, progress=lambda stats: print(_line(stats)))
        store.close()
        breakdowns = mcts_breakdowns(db, settings.fitness_hash(args.seed, mcts=True))
    total = time.perf_counter() - started
    bred = result.generations[1:]
    print(
        f"generation 0 (library + mutants, worker start-up included): {result.generations[0].duration:.2f} s"
    )
    print(_cost_summary(breakdowns))
    print(f"whole run: {total:.2f} s for {len(result.generations)} generations")
    if not bred:
        return
    mean = sum(stats.duration for stats in bred) / len(bred)
    mcts = sum(stats.mcts_duration for stats in bred) / len(bred)
    verdict = "meets" if mean <= BAR_SECONDS else "over"
    print(f"\n{datetime.date.today()}, commit {commit()}\n")
    print(
        "| date | commit | population | games | MCTS step | workers | bred generations | s/generation "
        "| of which MCTS | bar |"
    )
    print("|---|---|---:|---:|---|---:|---:|---:|---:|---|")
    print(
        f"| {datetime.date.today()} | {commit()} | {args.population} | {args.games} | top "
        f"{settings.mcts_top_fraction:.0%}, MCTS-{settings.mcts_iterations} × {settings.mcts_games} | "
        f"{args.workers} | {len(bred)} | {mean:.2f} | {mcts:.2f} | {verdict} ≤ {BAR_SECONDS:g} s |"
    )


if __name__ == "__main__":
    main()

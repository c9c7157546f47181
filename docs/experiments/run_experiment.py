"""The recorded experiment: a balanced evolution from a fixed seed, then a closer look at its top games.

Run from the checkout: ``.venv/bin/python docs/experiments/run_experiment.py [--seed 2026]
[--population 100] [--games 100] [--generations 30] [--workers 2] [--skill-games 200]
[--skill-iterations 100] [--name NAME]``.

1. Evolves with ``darwindeck.evolve.ga.evolve`` (style balanced, players 2–4, the plateau stop disabled
   so all generations run, the default MCTS step: top 10 % × MCTS-100 × 20 games), storing the run in
   ``docs/experiments/<name>/runs.db`` (deleted at the end: the results below are what is kept). A run
   already in that file with the same settings and seed is resumed instead of started again.
2. Writes the top 5 genomes (JSON), their rulebooks, ``fitness.md`` and ``fitness.png`` to
   ``docs/experiments/<name>/`` (``darwindeck.evolve.report.write_run_outputs``).
3. For each of the top 5: ``agents.skill.evaluate_skill`` (``--skill-games`` games per batch, MCTS with
   ``--skill-iterations`` iterations, seed = the run seed), decisions per game (all and meaningful) over
   1,000 random self-play games, and the structural distance to the nearest library game
   (``fitness.library_novelty``). Prints the Markdown table and saves it as ``top5.md`` and ``top5.json``.

Everything is seeded, so the same arguments give the same files (the timings apart).
"""

from __future__ import annotations

import argparse
import json
import time
from pathlib import Path
from typing import Any

from darwindeck.agents.skill import evaluate_skill
from darwindeck.engine.simulate import simulate
from darwindeck.evolve.evaluator import LocalEvaluator
from darwindeck.evolve.fitness import library_novelty
from darwindeck.evolve.ga import EvolutionSettings, GenerationStats, HallOfFameEntry, evolve
from darwindeck.evolve.report import write_run_outputs
from darwindeck.evolve.store import RunStore

HERE = Path(__file__).resolve().parent
TOP = 5
DECISION_GAMES = 1000


def _line(stats: GenerationStats) -> str:
    return (
        f"generation {stats.index}: {stats.duration:6.1f} s (MCTS {stats.mcts_duration:5.1f} s), best "
        f"{stats.best:.4f}, mean {stats.mean:.4f}, diversity {stats.diversity:.3f}, "
        f"{stats.evaluations} evaluated, {stats.mcts_evaluations} MCTS re-scorings"
    )


def run(settings: EvolutionSettings, seed: int, folder: Path, workers: int) -> tuple[Any, float]:
    """Evolve (or resume the stored run) and write the top genomes; the result and wall-clock seconds."""
    folder.mkdir(parents=True, exist_ok=True)
    store = RunStore(str(folder / "runs.db"))
    resume = next((r.run_id for r in store.list_runs() if r.seed == seed), None)
    started = time.perf_counter()
    with LocalEvaluator(workers) as evaluator:
        result = evolve(
            settings,
            seed,
            store,
            evaluator,
            progress=lambda s: print(_line(s), flush=True),
            resume_run=resume,
        )
    store.close()
    seconds = time.perf_counter() - started
    write_run_outputs(folder, result, TOP)
    return result, seconds


def analyse(
    entry: HallOfFameEntry, rank: int, seed: int, games: int, iterations: int, workers: int
) -> dict[str, Any]:
    """The measurements of one top genome (see the module docstring)."""
    genome = entry.individual.genome
    skill = evaluate_skill(genome, games, seed, iterations=iterations, workers=workers)
    play = simulate(genome, games=DECISION_GAMES, agents=("random",), seed=seed, workers=workers)
    nearest = library_novelty(genome)
    stem = f"{rank:02d}-{entry.individual.identity[:12]}"
    return {
        "rank": rank,
        "name": genome.name,
        "identity": entry.individual.identity,
        "fitness": entry.evaluation.total,
        "players": genome.player_count,
        "mcts_skill": skill.skill,
        "mcts_rate": skill.mcts.rate if skill.mcts else None,
        "mcts_interval": [skill.mcts.low, skill.mcts.high] if skill.mcts else None,
        "greedy_rate": skill.greedy.rate if skill.greedy else None,
        "first_player_advantage": skill.first_player_advantage,
        "decisions_per_game": play.avg_decisions,
        "meaningful_decisions_per_game": play.avg_decisions * (1.0 - play.forced_fraction),
        "turns_per_game": play.avg_turns,
        "draw_rate": play.draws / play.games,
        "nearest_library_game": nearest.nearest_library_game,
        "library_distance": nearest.library_distance,
        "rulebook": f"{stem}.md",
        "genome": f"{stem}.json",
        "breakdown": entry.evaluation.breakdown,
    }


def _goals(row: dict[str, Any]) -> str:
    missed = []
    if row["mcts_skill"] < 0.6:
        missed.append("skill")
    if abs(row["first_player_advantage"]) > 0.15:
        missed.append("first player")
    if not 10 <= row["decisions_per_game"] <= 200:
        missed.append("decisions")
    if row["library_distance"] == 0.0:
        missed.append("relabelled")
    return "all met" if not missed else "missed: " + ", ".join(missed)


def table(rows: list[dict[str, Any]], folder: str) -> str:
    lines = [
        "| # | game | players | fitness | MCTS skill (win rate, 95 % CI) | first-player adv. "
        "| decisions/game (meaningful) | nearest library game (distance) | goals | rulebook |",
        "|---|---|---:|---:|---|---:|---:|---|---|---|",
    ]
    for r in rows:
        low, high = r["mcts_interval"] or (0.0, 0.0)
        rate = "–" if r["mcts_rate"] is None else f"{r['mcts_rate']:.2f} [{low:.2f}, {high:.2f}]"
        lines.append(
            f"| {r['rank']} | {r['name']} | {r['players']} | {r['fitness']:.4f} "
            f"| {r['mcts_skill']:.2f} ({rate}) | {r['first_player_advantage']:+.3f} "
            f"| {r['decisions_per_game']:.1f} "
            f"({r['meaningful_decisions_per_game']:.1f}) | {r['nearest_library_game']} "
            f"({r['library_distance']:.3f}) | {_goals(r)} | [{r['rulebook']}]({folder}/{r['rulebook']}) |"
        )
    return "\n".join(lines) + "\n"


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--population", type=int, default=100)
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--generations", type=int, default=30)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--skill-games", type=int, default=200)
    parser.add_argument("--skill-iterations", type=int, default=100)
    parser.add_argument("--name", default=None)
    args = parser.parse_args()
    name = args.name or f"2026-11-balanced-seed-{args.seed}"
    folder = HERE / name
    settings = EvolutionSettings(
        population=args.population,
        generations=args.generations,
        style="balanced",
        min_players=2,
        max_players=4,
        games_per_genome=args.games,
        plateau_patience=args.generations + 1,
    )
    result, seconds = run(settings, args.seed, folder, args.workers)
    print(
        f"run: {len(result.generations)} generations in {seconds:.0f} s, status {result.status}", flush=True
    )
    started = time.perf_counter()
    rows = [
        analyse(entry, rank, args.seed, args.skill_games, args.skill_iterations, args.workers)
        for rank, entry in enumerate(result.hall_of_fame[:TOP], start=1)
    ]
    print(f"analysis: {time.perf_counter() - started:.0f} s")
    text = table(rows, name)
    print(text)
    (folder / "top5.md").write_text(text)
    summary = {
        "seed": args.seed,
        "settings": settings.to_dict(),
        "run_seconds": seconds,
        "generations": [stats.to_dict() for stats in result.generations],
        "skill_games": args.skill_games,
        "skill_iterations": args.skill_iterations,
        "top": rows,
    }
    (folder / "top5.json").write_text(json.dumps(summary, indent=1, sort_keys=True) + "\n")
    for store_file in folder.glob("runs.db*"):
        store_file.unlink()


if __name__ == "__main__":
    main()

"""The library scored as if its games were new: the calibration table of ``docs/fitness.md``.

Run: ``.venv/bin/python -m benchmarks.library_fitness [--seed 7]``. Every library game is judged
(``evaluate_fitness_mcts`` with the default settings: 100 games per kind of play, MCTS-25 vs greedy on 20
deals); the table lists the total without the novelty factor (``total_as_new``: a library game is not
new, so its real total keeps a tenth), the skill depth, the rung rates, the luck share, the first-player
advantage, the meaningful decisions per game and per hand, hidden information and the gate reason.
"""

from __future__ import annotations

import argparse
import datetime

from benchmarks.evolve import commit
from darwindeck.evolve.fitness import evaluate_fitness_mcts
from darwindeck.evolve.ga import EvolutionSettings
from darwindeck.genome.library import all_games


def _number(breakdown: dict[str, float], name: str, spec: str) -> str:
    return format(breakdown[name], spec) if name in breakdown else "–"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args()
    settings = EvolutionSettings()
    rows = []
    for name, genome in all_games().items():
        result = evaluate_fitness_mcts(genome, settings, args.seed)
        b = result.breakdown
        per_hand = b["meaningful_decisions"] / b["hands_per_game"] if "meaningful_decisions" in b else None
        rows.append(
            (
                b.get("total_as_new", 0.0),
                f"| {name} | {b.get('total_as_new', 0.0):.3f} | {_number(b, 'skill_depth', '.0f')} | "
                f"{_number(b, 'ladder.0.rate', '.2f')} | {_number(b, 'ladder.1.rate', '.2f')} | "
                f"{_number(b, 'luck', '.2f')} | {_number(b, 'first_player_advantage', '+.2f')} | "
                f"{_number(b, 'meaningful_decisions', '.0f')} | "
                f"{'–' if per_hand is None else f'{per_hand:.0f}'} | "
                f"{_number(b, 'hidden_information', '.2f')} | {result.gate_reason or ''} |",
            )
        )
    print(f"{datetime.date.today()}, commit {commit()}, seed {args.seed}\n")
    print(
        "| game | total as new | skill depth | greedy vs random | MCTS-25 vs greedy | luck | first player "
        "| decisions/game | decisions/hand | hidden info | gate |"
    )
    print("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|")
    for _, row in sorted(rows, key=lambda item: -item[0]):
        print(row)


if __name__ == "__main__":
    main()

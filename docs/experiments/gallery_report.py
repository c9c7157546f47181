"""Measure a run's gallery again, independently of the run, for a recorded experiment.

Run: ``.venv/bin/python docs/experiments/gallery_report.py OUT_DIR [--deals 40] [--games 400]``, where
OUT_DIR is the ``--out`` folder of ``darwindeck evolve`` (it holds ``gallery/NN-<id>.json``). For every
gallery game it climbs the skill ladder to MCTS-25 on fresh duplicate deals (``--deals``, seed 1, not the
run's seeds), plays ``--games`` games of greedy self-play (seed 1) for the first-player advantage, the
draw rate and the meaningful decisions per game, finds the nearest library game, replays the ablation
(a dead rule would show), and plays one game through ``darwindeck play --plain`` (seat 0 against greedy
opponents, seed 1) choosing the first listed move every time, saving the transcript next to the genome
(``NN-<id>.play.txt``) for the reader. Prints a Markdown table and writes ``report.json``.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

from darwindeck.agents.simulate import summarise
from darwindeck.evolve.fitness import library_novelty
from darwindeck.evolve.metrics import first_player_advantage, meaningful_decisions
from darwindeck.evolve.quality.ablation import ablate
from darwindeck.evolve.quality.descriptors import family
from darwindeck.evolve.quality.ladder import measure_ladder
from darwindeck.evolve.quality.play import GREEDY, play
from darwindeck.genome.serialization import load_genome

SEED = 1
PLAY_MOVES = 3000


def scripted_play(genome_path: Path) -> str:
    """One game through ``darwindeck play --plain``, answering "1" to every prompt."""
    answers = "\n".join(["1"] * PLAY_MOVES) + "\n"
    done = subprocess.run(
        [
            sys.executable,
            "-c",
            "from darwindeck.cli import main; main()",
            "play",
            str(genome_path),
            "--plain",
            "--seed",
            str(SEED),
            "--opponents",
            "greedy",
            "--results",
            str(genome_path.with_suffix(".results.jsonl")),
        ],
        input=answers,
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    return done.stdout


def measure(path: Path, deals: int, games: int) -> dict[str, Any]:
    genome = load_genome(path)
    ladder = measure_ladder(genome, SEED, deals, top=2, stop_early=False)
    greedy = play(genome, [GREEDY], games, SEED)
    stats = summarise(genome, greedy.rows)
    transcript = scripted_play(path)
    path.with_suffix(".play.txt").write_text(transcript, encoding="utf-8")
    result_line = next((line for line in transcript.splitlines() if line.startswith("Result:")), "no result")
    return {
        "file": path.name,
        "name": genome.name,
        "family": family(genome),
        "players": genome.player_count,
        "depth": ladder.depth,
        "rungs": [(r.strong, r.wins, r.decided, r.rate, r.p_value) for r in ladder.rungs],
        "luck": ladder.luck,
        "fpa": first_player_advantage(stats, genome),
        "draw_rate": greedy.draw_rate,
        "decisions": meaningful_decisions(stats),
        "nearest": library_novelty(genome).nearest_library_game,
        "distance": library_novelty(genome).library_distance,
        "dead_rules": [dead.text for dead in ablate(genome, 0).dead],
        "scripted_play": result_line,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("out", type=Path)
    parser.add_argument("--deals", type=int, default=40)
    parser.add_argument("--games", type=int, default=400)
    args = parser.parse_args()
    rows = [measure(path, args.deals, args.games) for path in sorted((args.out / "gallery").glob("*.json"))]
    (args.out / "report.json").write_text(json.dumps(rows, indent=1), encoding="utf-8")
    print(
        "| # | name | family | players | depth | greedy vs random | MCTS-25 vs greedy | luck | first player "
        "| draws | decisions/game | nearest library game (distance) | dead rules |"
    )
    print("|---|---|---|---:|---:|---|---|---:|---:|---:|---:|---|---|")
    for rank, row in enumerate(rows, start=1):
        rungs = [f"{wins}/{decided} ({rate:.2f}, p {p:.2g})" for _, wins, decided, rate, p in row["rungs"]]
        print(
            f"| {rank} | {row['name']} | {row['family']} | {row['players']} | {row['depth']} | "
            f"{' | '.join(rungs)} | {row['luck']:.2f} | {row['fpa']:+.2f} | {row['draw_rate']:.2f} | "
            f"{row['decisions']:.0f} | {row['nearest']} ({row['distance']:.2f}) | "
            f"{', '.join(row['dead_rules']) or 'none'} |"
        )


if __name__ == "__main__":
    main()

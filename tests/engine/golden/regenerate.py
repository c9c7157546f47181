"""Regenerate the golden transcripts: ``python -m tests.engine.golden.regenerate`` from the repo root.

Writes ``<game>.txt`` for every library game: two seeded random-policy games and one greedy game, each
cut after 200 decisions plus its result line. Review the diff before committing.
"""

from __future__ import annotations

from pathlib import Path

from darwindeck.engine.transcript import transcript
from darwindeck.genome.library import all_games

GOLDEN_DIR = Path(__file__).resolve().parent
RUNS: tuple[tuple[int, tuple[str, ...]], ...] = ((1, ("random",)), (2, ("random",)), (3, ("greedy",)))


def golden_text(name: str) -> str:
    genome = all_games()[name]
    blocks = ["\n".join(transcript(genome, seed, policies)) for seed, policies in RUNS]
    return "\n\n".join(blocks) + "\n"


def main() -> None:
    for name in sorted(all_games()):
        (GOLDEN_DIR / f"{name}.txt").write_text(golden_text(name), encoding="utf-8")


if __name__ == "__main__":
    main()

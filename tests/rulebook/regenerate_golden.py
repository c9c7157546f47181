"""Rewrite the rulebook golden files: ``tests/rulebook/golden/<slug>.md`` for every library game.

Run after an intended change to the rulebook text, then review the diff before committing:

    .venv/bin/python tests/rulebook/regenerate_golden.py

Files of games no longer in the library are removed, so the folder always mirrors the library.
"""

from __future__ import annotations

from pathlib import Path

from darwindeck.genome.library import game_names, get_game
from darwindeck.rulebook import render_markdown

GOLDEN_DIR = Path(__file__).resolve().parent / "golden"


def regenerate(directory: Path = GOLDEN_DIR) -> list[Path]:
    """Write one golden file per library game; return the files written, in slug order."""
    directory.mkdir(parents=True, exist_ok=True)
    slugs = game_names()
    for stale in sorted(directory.glob("*.md")):
        if stale.stem not in slugs:
            stale.unlink()
    written = []
    for slug in slugs:
        path = directory / f"{slug}.md"
        path.write_text(render_markdown(get_game(slug)), encoding="utf-8")
        written.append(path)
    return written


if __name__ == "__main__":
    for path in regenerate():
        print(path)

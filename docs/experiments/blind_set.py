"""Write a blind set of games for raters who play them from their rulebooks in the terminal.

Run: ``.venv/bin/python docs/experiments/blind_set.py OUT_DIR GAME… [--seed 7]``, where each GAME is a library
game's name or a genome file. The games are shuffled with ``random.Random(seed)`` and labelled A, B, …; for
each, ``OUT_DIR/game-<label>.json`` holds the genome as a rater sees it (``web.panels.blind_genome``: named
"Game <label>", no description, as the web's blind panel shows it) and ``OUT_DIR/game-<label>.md`` its
rulebook (``rulebook.render_markdown``). The key (label → game) is written to ``OUT_DIR/../key-<name>.json``,
outside the folder a rater is given.
"""

from __future__ import annotations

import argparse
import json
import random
import string
from pathlib import Path

from darwindeck.genome.library import get_game
from darwindeck.genome.schema import GameGenome
from darwindeck.genome.serialization import load_genome, save_genome
from darwindeck.rulebook import render_markdown
from darwindeck.web.panels import blind_genome


def load(game: str) -> GameGenome:
    """A library game by name, else a genome file."""
    path = Path(game)
    return load_genome(path) if path.suffix == ".json" else get_game(game)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("out", type=Path)
    parser.add_argument("games", nargs="+")
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args()
    games = list(args.games)
    random.Random(args.seed).shuffle(games)
    args.out.mkdir(parents=True, exist_ok=True)
    key = {}
    for label, game in zip(string.ascii_uppercase, games, strict=False):
        blind = blind_genome(load(game), label)
        save_genome(blind, args.out / f"game-{label}.json")
        (args.out / f"game-{label}.md").write_text(render_markdown(blind), encoding="utf-8")
        key[label] = game
    key_path = args.out.parent / f"key-{args.out.name}.json"
    key_path.write_text(json.dumps(key, indent=1), encoding="utf-8")
    print(f"{len(games)} games in {args.out}; the key is {key_path}")


if __name__ == "__main__":
    main()

"""How often a ready deck bricks: greedy battles lost because the loser had no Pokémon left in play.

Run: ``.venv/bin/python -m benchmarks.tcg_bricking [--games 300] [--ref COMMIT]``.

The battles are those of ``benchmarks.tcg``'s greedy row: battle ``g`` is deck ``g mod 6`` against deck
``g + 1 mod 6`` (the shipped decks in name order), seed ``g``, greedy against greedy. A battle "bricks"
when it ends with the win condition "no Pokémon left" (the loser's Active was knocked out and no Basic
was on its Bench to replace it: nothing to play). ``--ref`` reads the six deck files as they were at a
git commit (``git show COMMIT:src/darwindeck/tcg/decks/NAME.json``), to measure the decks before a
change with today's engine. Prints every end reason with its count, and the bricked battles per losing
deck.
"""

from __future__ import annotations

import argparse
import json
import subprocess
from collections import Counter

from darwindeck.tcg.battle.play import play_battle
from darwindeck.tcg.battle.players import GreedyPlayer
from darwindeck.tcg.core.decks import Deck, deck_from_json, load_deck, shipped_deck_names, validate_deck

BRICK = "no Pokémon left"


def decks_at(ref: str | None) -> list[Deck]:
    """The six ready decks, today's or as they were at commit ``ref``."""
    if ref is None:
        return [load_deck(name) for name in shipped_deck_names()]
    decks = []
    for name in shipped_deck_names():
        path = f"{ref}:src/darwindeck/tcg/decks/{name}.json"
        text = subprocess.run(["git", "show", path], check=True, capture_output=True, text=True).stdout
        decks.append(validate_deck(deck_from_json(name, json.loads(text))))
    return decks


def bricking(decks: list[Deck], games: int) -> tuple[Counter[str], Counter[str]]:
    """End reasons over ``games`` greedy battles, and the bricked battles per losing deck."""
    reasons: Counter[str] = Counter()
    bricked: Counter[str] = Counter()
    for game in range(games):
        pair = (decks[game % len(decks)], decks[(game + 1) % len(decks)])
        state = play_battle(pair[0], pair[1], [GreedyPlayer(), GreedyPlayer()], game).state
        reasons[state.end_reason or "turn limit"] += 1
        if state.end_reason == BRICK and state.winner is not None:
            bricked[pair[1 - state.winner].name] += 1
    return reasons, bricked


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=300, help="Greedy battles. [default: 300]")
    parser.add_argument("--ref", default=None, help="Read the decks at this git commit. [default: today's]")
    args = parser.parse_args()
    reasons, bricked = bricking(decks_at(args.ref), args.games)
    total = reasons[BRICK]
    print(f"{total} of {args.games} greedy battles bricked ({100 * total / args.games:.1f} %)")
    print("end reasons: " + ", ".join(f"{reason} {n}" for reason, n in reasons.most_common()))
    print("bricked, per losing deck: " + (", ".join(f"{d} {n}" for d, n in bricked.most_common()) or "none"))


if __name__ == "__main__":
    main()

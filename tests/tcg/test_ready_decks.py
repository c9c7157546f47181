"""The six ready decks are published tournament lists: each file names its source, its ``list`` is the
list as published (count, name and, for Pokémon, set and number), and its ``cards`` are exactly those
cards. The lists (Limitless online tournaments of December 2024) all play two Poké Ball and two
Professor's Research, as almost every real Pocket deck does."""

from __future__ import annotations

import json
import re
from collections import Counter

import pytest

from darwindeck.tcg.core.catalog import all_cards
from darwindeck.tcg.core.decks import DECKS_DIR, load_deck, shipped_deck_names

LINE = re.compile(r"(?P<count>[12]) (?P<name>.+?)(?: \((?P<set>[A-Za-z0-9-]+?)-(?P<number>\d+)\))?$")


def _published(name: str) -> dict[str, object]:
    raw: dict[str, object] = json.loads((DECKS_DIR / f"{name}.json").read_text(encoding="utf-8"))
    return raw


@pytest.mark.parametrize("name", shipped_deck_names())
def test_a_ready_deck_is_its_published_list(name: str) -> None:
    raw = _published(name)
    assert str(raw["source"]).startswith("https://play.limitlesstcg.com/tournament/")
    pool = all_cards()
    cards = load_deck(name).cards
    listed: Counter[str] = Counter()
    for line in raw["list"]:  # type: ignore[attr-defined]
        match = LINE.fullmatch(line)
        assert match, line
        listed[match["name"]] += int(match["count"])
        if match["set"]:
            card_id = f"{match['set'].lower()}-{int(match['number']):03d}"
            assert cards.count(card_id) == int(match["count"]), line
    assert Counter(pool[c].name for c in cards) == listed
    assert listed["Poké Ball"] == 2 and listed["Professor's Research"] == 2


def test_the_six_archetypes() -> None:
    # Each file keeps its name; its list is of the archetype the name promises (Limitless's archetype names).
    assert {name: _published(name)["archetype"] for name in shipped_deck_names()} == {
        "fire-charizard-ex": "Charizard ex Moltres ex",
        "grass-serperior-celebi": "Celebi ex Serperior",
        "lightning-pikachu-ex": "Pikachu ex Zebstrika",
        "poison-weezing-muk": "Arbok Weezing",
        "psychic-gardevoir": "Mewtwo ex Gardevoir",
        "water-blastoise-ex": "Blastoise ex Starmie ex",
    }

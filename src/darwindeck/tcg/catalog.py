"""The card pool: the project's own card definitions in ``data/<set>.json`` (built by
``tools/build_cards.py``), loaded once and looked up by card id. Unknown ids raise ``UnknownCardError``."""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path

from darwindeck.tcg.errors import UnknownCardError
from darwindeck.tcg.models import CardDefinition

DATA_DIR = Path(__file__).parent / "data"
SET_CODES: tuple[str, ...] = ("A1", "A1a", "P-A")


@cache
def all_cards() -> dict[str, CardDefinition]:
    """Every card of every shipped set, by id, in set order."""
    cards: dict[str, CardDefinition] = {}
    for code in SET_CODES:
        raw = json.loads((DATA_DIR / f"{code.lower()}.json").read_text(encoding="utf-8"))
        for entry in raw:
            card = CardDefinition.model_validate(entry)
            cards[card.id] = card
    return cards


def get_card(card_id: str) -> CardDefinition:
    card = all_cards().get(card_id)
    if card is None:
        raise UnknownCardError(card_id)
    return card


def cards_of_set(set_code: str) -> list[CardDefinition]:
    return [card for card in all_cards().values() if card.set_code == set_code]

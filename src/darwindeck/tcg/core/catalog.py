"""The card pool: the project's own card definitions in ``data/<set>.json`` (built by
``tools/build_cards.py``), loaded once and looked up by card id. Unknown ids raise ``UnknownCardError``.

A card whose every mechanic is implemented is ``implemented`` even if it evolves from a Pokémon that no
shipped set contains (Promo-A's Cherrim evolves from Cherubi): ``missing_pre_evolution`` names that
Pokémon; such a card can never be played, and ``decks.deck_problems`` refuses it."""

from __future__ import annotations

import json
from collections.abc import Mapping
from functools import cache
from pathlib import Path

from darwindeck.tcg.core.models import CardDefinition

DATA_DIR = Path(__file__).parent.parent / "data"
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


def cards_of_set(set_code: str) -> list[CardDefinition]:
    return [card for card in all_cards().values() if card.set_code == set_code]


@cache
def _shipped_names() -> frozenset[str]:
    return frozenset(card.name for card in all_cards().values())


def missing_pre_evolution(
    card: CardDefinition, pool: Mapping[str, CardDefinition] | None = None
) -> str | None:
    """The name ``card`` evolves from when no card of ``pool`` (default: every shipped set) bears it, so
    that no legal deck of the pool can evolve into it; None otherwise."""
    if card.evolves_from is None:
        return None
    names = _shipped_names() if pool is None else {c.name for c in pool.values()}
    return None if card.evolves_from in names else card.evolves_from


def sets_label() -> str:
    """The shipped sets as the catalog reports name them: ``A1/A1a/P-A``."""
    return "/".join(SET_CODES)

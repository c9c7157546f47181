"""Decks: 20 card ids plus the 1-3 energy types of the deck's Energy Zone.

A deck file is a JSON list of card ids or an object ``{"cards": [...], "energy": ["grass", ...]}``; other
keys are not read (the shipped decks in ``decks/`` add ``archetype``, ``source`` and the ``list`` as
published, see docs/battles.md). Without ``energy`` the zone holds the non-colorless
types of the deck's attack costs, most used first, at most 3. ``validate_deck`` lists EVERY problem:
not exactly 20 cards, more than 2 cards of one name, no Basic Pokémon, unknown or unimplemented card
ids, Pokémon that evolve from a card of no set of the pool (they could never be played), 0 or more
than 3 energy types.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from darwindeck.tcg.core.catalog import all_cards, missing_pre_evolution
from darwindeck.tcg.core.errors import DeckFileError, InvalidDeckError
from darwindeck.tcg.core.models import ZONE_ENERGY_TYPES, CardDefinition, EnergyType

DECK_SIZE = 20
MAX_COPIES = 2
MAX_ENERGY_TYPES = 3
DECKS_DIR = Path(__file__).parent.parent / "decks"


@dataclass(frozen=True)
class Deck:
    name: str
    cards: tuple[str, ...]
    energy_types: tuple[EnergyType, ...]


def shipped_deck_names() -> list[str]:
    return sorted(path.stem for path in DECKS_DIR.glob("*.json"))


def deck_problems(deck: Deck, cards: Mapping[str, CardDefinition] | None = None) -> list[str]:
    pool = cards or all_cards()
    problems = []
    if len(deck.cards) != DECK_SIZE:
        problems.append(f"has {len(deck.cards)} cards, needs exactly {DECK_SIZE}")
    known = [pool[c] for c in deck.cards if c in pool]
    problems += [f"unknown card id {c!r}" for c in sorted(set(deck.cards) - set(pool))]
    problems += [
        f"card {c.id} ({c.name}) is not implemented: {c.missing}" for c in known if not c.implemented
    ]
    problems += [
        f"card {c.id} ({c.name}) evolves from {before}, which no set of the card pool contains"
        for c in known
        if (before := missing_pre_evolution(c, cards)) is not None
    ]
    for name, count in sorted(Counter(c.name for c in known).items()):
        if count > MAX_COPIES:
            problems.append(f"has {count} cards named {name!r}, at most {MAX_COPIES} allowed")
    if not any(c.is_basic_pokemon for c in known):
        problems.append("has no Basic Pokémon")
    if not 1 <= len(deck.energy_types) <= MAX_ENERGY_TYPES:
        problems.append(f"declares {len(deck.energy_types)} energy types, needs 1 to {MAX_ENERGY_TYPES}")
    zone = ", ".join(t.value for t in ZONE_ENERGY_TYPES)
    problems += [
        f"energy type {t.value} cannot be in the Energy Zone (only {zone})"
        for t in deck.energy_types
        if t not in ZONE_ENERGY_TYPES
    ]
    return problems


def validate_deck(deck: Deck, cards: Mapping[str, CardDefinition] | None = None) -> Deck:
    problems = deck_problems(deck, cards)
    if problems:
        raise InvalidDeckError(deck.name, problems)
    return deck


def derive_energy_types(
    card_ids: list[str], cards: Mapping[str, CardDefinition] | None = None
) -> tuple[EnergyType, ...]:
    pool = cards or all_cards()
    counts: Counter[EnergyType] = Counter()
    for card_id in card_ids:
        card = pool.get(card_id)
        if card is None:
            continue
        for attack in card.attacks:
            counts.update(t for t in attack.cost if t in ZONE_ENERGY_TYPES)
    ranked = [t for t, _ in sorted(counts.items(), key=lambda item: (-item[1], item[0].value))]
    return tuple(ranked[:MAX_ENERGY_TYPES]) or _colorless_zone(card_ids, pool)


def _colorless_zone(card_ids: list[str], pool: Mapping[str, CardDefinition]) -> tuple[EnergyType, ...]:
    """The Energy Zone of a deck whose attacks cost only Colorless: its most common Pokémon type that the
    zone can hold (colorless and dragon cannot), else grass; any energy pays a Colorless cost."""
    types = Counter(
        pool[c].pokemon_type for c in card_ids if c in pool and pool[c].pokemon_type in ZONE_ENERGY_TYPES
    )
    ranked = sorted(types.items(), key=lambda item: (-item[1], item[0].value))
    return (ranked[0][0],) if ranked else (EnergyType.GRASS,)


def deck_from_json(name: str, raw: object) -> Deck:
    if isinstance(raw, list):
        cards, energy = raw, None
    elif isinstance(raw, dict) and isinstance(raw.get("cards"), list):
        cards, energy = raw["cards"], raw.get("energy")
    else:
        raise DeckFileError(name, "a deck is a JSON list of card ids or an object with a 'cards' list")
    if not all(isinstance(c, str) for c in cards):
        raise DeckFileError(name, "every card id must be a string")
    if energy is None:
        return Deck(name, tuple(cards), derive_energy_types(cards))
    try:
        types = tuple(EnergyType(e) for e in energy)
    except (ValueError, TypeError) as error:
        raise DeckFileError(name, f"bad energy type list {energy!r}: {error}") from None
    return Deck(name, tuple(cards), types)


def load_deck(name_or_path: str) -> Deck:
    """A shipped deck by name, or a deck JSON file; validated (``InvalidDeckError`` lists problems)."""
    path = DECKS_DIR / f"{name_or_path}.json"
    if not path.exists():
        path = Path(name_or_path)
    if not path.is_file():
        raise DeckFileError(
            name_or_path, f"no shipped deck of that name ({', '.join(shipped_deck_names())}) and no such file"
        )
    try:
        raw = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as error:
        raise DeckFileError(str(path), f"not readable JSON: {error}") from None
    return validate_deck(deck_from_json(path.stem, raw))

"""``DeckGenome``: what deck evolution breeds, and its deck file.

Rules:

* A genome is its card ids, sorted, and its Energy Zone types in the zone's order (``ZONE_ENERGY_TYPES``);
  two genomes with the same cards and types are the same deck whatever the order they were built in.
* Its identity is the SHA-256 hex of ``{"cards": [...], "energy": [...]}`` as compact sorted-key JSON:
  seeds, caches and the store key on it.
* ``to_deck(name)`` gives the battle engine's ``Deck``; ``deck_json`` the deck file object
  ``{"cards": [...], "energy": [...]}`` that ``decks.load_deck`` (and ``darwindeck battle``) reads.
* ``DECK_CODEC`` is how the shared run store (``evolve.store.GenomeStore``) keeps a genome: the identity,
  the identity's JSON text, the name ``deck-`` + the identity's first 8 hex digits.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from darwindeck.errors import DarwinDeckError
from darwindeck.tcg.core.decks import Deck
from darwindeck.tcg.core.models import ZONE_ENERGY_TYPES, EnergyType

_ZONE_ORDER = {t: i for i, t in enumerate(ZONE_ENERGY_TYPES)}


def zone_sorted(types: Iterable[EnergyType]) -> tuple[EnergyType, ...]:
    return tuple(sorted(set(types), key=lambda t: _ZONE_ORDER.get(t, len(_ZONE_ORDER))))


@dataclass(frozen=True)
class DeckGenome:
    cards: tuple[str, ...]
    energy: tuple[EnergyType, ...]

    @classmethod
    def of(cls, cards: Iterable[str], energy: Iterable[EnergyType]) -> DeckGenome:
        return cls(tuple(sorted(cards)), zone_sorted(energy))

    @classmethod
    def from_deck(cls, deck: Deck) -> DeckGenome:
        return cls.of(deck.cards, deck.energy_types)

    def deck_json(self) -> dict[str, Any]:
        return {"cards": list(self.cards), "energy": [t.value for t in self.energy]}

    @classmethod
    def from_json(cls, raw: dict[str, Any]) -> DeckGenome:
        return cls.of(raw["cards"], (EnergyType(t) for t in raw["energy"]))

    def canonical_json(self) -> str:
        """The deck JSON as compact sorted-key text: what the identity hashes."""
        return json.dumps(self.deck_json(), sort_keys=True, separators=(",", ":"))

    @property
    def identity(self) -> str:
        return hashlib.sha256(self.canonical_json().encode()).hexdigest()

    @property
    def name(self) -> str:
        return f"deck-{self.identity[:8]}"

    def to_deck(self, name: str | None = None) -> Deck:
        return Deck(name or self.name, self.cards, self.energy)


class DeckCodec:
    """How the run store keeps a ``DeckGenome`` (module rules)."""

    def identity(self, genome: DeckGenome) -> str:
        return genome.identity

    def encode(self, genome: DeckGenome) -> str:
        return genome.canonical_json()

    def decode(self, text: str, source: str) -> DeckGenome:
        try:
            return DeckGenome.from_json(json.loads(text))
        except (ValueError, KeyError, TypeError) as error:
            raise DarwinDeckError(f"{source}: not a deck genome ({error})") from None

    def name(self, genome: DeckGenome) -> str:
        return genome.name


DECK_CODEC = DeckCodec()

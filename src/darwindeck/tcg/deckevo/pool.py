"""The card pool of deck evolution and its evolution lines.

Rules:

* A card is *usable* when it is implemented and its pre-evolution (``evolves_from``, a card *name*) is the
  name of a usable card, recursively down to a Basic, a Trainer or a fossil Item; so a Promo-A evolution
  whose pre-evolution is not in the pool is never used.
* Lines are by name, as the deck rules count copies by name: a deck is *coherent* when every card that
  evolves from a name has a card of that name beside it.
* A card is *removable* from a deck when the deck stays coherent without it: it is not the last copy of a
  name another card of the deck evolves from.
* The *cost types* of a deck are the Energy Zone types (not Colorless) in its Pokémon's attack costs,
  most used first (ties in the zone's order); the deck's Energy Zone is chosen among them.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from functools import cache

from darwindeck.tcg.core.catalog import all_cards
from darwindeck.tcg.core.models import ZONE_ENERGY_TYPES, CardDefinition, CardKind, EnergyType


@dataclass(frozen=True)
class CardPool:
    """The usable cards by id (in set order) and by name."""

    cards: Mapping[str, CardDefinition]
    ids_by_name: Mapping[str, tuple[str, ...]]

    def card(self, card_id: str) -> CardDefinition:
        return self.cards[card_id]

    def name(self, card_id: str) -> str:
        return self.cards[card_id].name

    def pre(self, card_id: str) -> str | None:
        """The name this card evolves from (None for Basics, Trainers and fossils)."""
        return self.cards[card_id].evolves_from

    def is_pokemon(self, card_id: str) -> bool:
        return self.cards[card_id].kind is CardKind.POKEMON

    def is_trainer(self, card_id: str) -> bool:
        card = self.cards[card_id]
        return card.kind is not CardKind.POKEMON and not card.plays_as_basic

    def names(self, cards: Iterable[str]) -> Counter[str]:
        return Counter(self.name(c) for c in cards)

    def needed(self, cards: Iterable[str]) -> set[str]:
        """The names the cards evolve from."""
        return {pre for c in cards if (pre := self.pre(c)) is not None}

    def coherent(self, cards: Iterable[str]) -> bool:
        listed = list(cards)
        return self.needed(listed) <= set(self.names(listed))

    def removable(self, cards: list[str], index: int) -> bool:
        name = self.name(cards[index])
        return self.names(cards)[name] > 1 or name not in self.needed(cards)

    def chain(self, card_id: str) -> list[str]:
        """The names of a card's line from its root up to the card itself."""
        names = [self.name(card_id)]
        pre = self.pre(card_id)
        while pre is not None:
            names.insert(0, pre)
            pre = self.pre(self.ids_by_name[pre][0])
        return names

    def root(self, card_id: str) -> str:
        return self.chain(card_id)[0]

    def cost_types(self, cards: Iterable[str]) -> tuple[EnergyType, ...]:
        counts: Counter[EnergyType] = Counter()
        for card_id in cards:
            for attack in self.cards[card_id].attacks:
                counts.update(t for t in attack.cost if t in ZONE_ENERGY_TYPES)
        order = {t: i for i, t in enumerate(ZONE_ENERGY_TYPES)}
        return tuple(sorted(counts, key=lambda t: (-counts[t], order[t])))


def _usable(cards: Mapping[str, CardDefinition]) -> dict[str, CardDefinition]:
    usable = {i: c for i, c in cards.items() if c.implemented}
    while True:
        names = {c.name for c in usable.values()}
        kept = {i: c for i, c in usable.items() if c.evolves_from is None or c.evolves_from in names}
        if len(kept) == len(usable):
            return kept
        usable = kept


def build_pool(cards: Mapping[str, CardDefinition]) -> CardPool:
    usable = _usable(cards)
    by_name: dict[str, list[str]] = {}
    for card_id, card in usable.items():
        by_name.setdefault(card.name, []).append(card_id)
    return CardPool(usable, {name: tuple(ids) for name, ids in by_name.items()})


@cache
def default_pool() -> CardPool:
    """The pool built from every shipped set."""
    return build_pool(all_cards())

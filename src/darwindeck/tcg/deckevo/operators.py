"""Repair, random decks, mutations and crossover. Every operator takes a seeded ``random.Random`` and
ends in ``repair``, so the same generator state gives the same child and every child is legal.

Repair (any list of card ids and energy types → a legal, coherent ``DeckGenome``), in this order:

1. drop ids outside the pool (unknown, unimplemented, or with an unusable pre-evolution);
2. at most ``MAX_COPIES`` cards per name: random extra copies go;
3. whole lines: a card whose pre-evolution name is missing brings one copy of it (a random id of that
   name), recursively down to the line's root;
4. exactly ``DECK_SIZE`` cards: above, random *removable* cards go (the deck stays coherent); below, cards
   are added, each one keeping the deck coherent: a second copy of a name in the deck (weight 4), an
   evolution of a name in the deck (2), a Trainer (1), a Basic Pokémon whose attacks the Energy Zone can pay
   (2); a kind with no candidate is skipped; Trainers (new ones or second copies) are only added while the
   deck holds fewer than ``FILL_TRAINERS`` of them (mutations may still bring more);
5. a Basic Pokémon present: without one, a random removable card is swapped for a Basic;
6. the Energy Zone: the given types that are among the deck's cost types, at most ``MAX_ENERGY_TYPES``;
   none left → the deck's most used cost type; a deck whose attacks cost only Colorless keeps
   ``decks.derive_energy_types``' zone.

Mutations: ``swap_card`` (one card out, one card in), ``swap_line`` (a whole line out, a random whole line
in, 1-2 copies per stage), ``change_count`` (a name's copies 1 ↔ 2, another card making room or filling
in), ``change_energy`` (add, drop or replace a zone type among the cost types). Crossover takes each
*unit* of the parents (a line: a root name with every card of the deck evolving from it; or a Trainer
name) from one parent or the other (a unit in both parents from either, a unit in one parent with
probability 1/2), the energy of one parent, then repairs.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Sequence

from darwindeck.tcg.core.decks import DECK_SIZE, MAX_COPIES, MAX_ENERGY_TYPES, derive_energy_types
from darwindeck.tcg.core.models import EnergyType
from darwindeck.tcg.deckevo.genome import DeckGenome, zone_sorted
from darwindeck.tcg.deckevo.pool import CardPool

Mutation = Callable[[DeckGenome, CardPool, random.Random], DeckGenome]


# ------------------------------------------------------------------------------------------------ repair


def repair(
    cards: Iterable[str], energy: Iterable[EnergyType], pool: CardPool, rng: random.Random
) -> DeckGenome:
    kept = sorted(c for c in cards if c in pool.cards)
    kept = _cap_copies(kept, pool, rng)
    kept = _complete_lines(kept, pool, rng)
    wanted = list(energy)
    kept = _fit_size(kept, wanted, pool, rng)
    kept = _ensure_basic(kept, wanted, pool, rng)
    return DeckGenome.of(kept, repair_energy(wanted, kept, pool))


def _cap_copies(cards: list[str], pool: CardPool, rng: random.Random) -> list[str]:
    kept = list(cards)
    for name, count in sorted(pool.names(kept).items()):
        if count > MAX_COPIES:
            copies = [i for i, c in enumerate(kept) if pool.name(c) == name]
            drop = set(rng.sample(copies, count - MAX_COPIES))
            kept = [c for i, c in enumerate(kept) if i not in drop]
    return kept


def _complete_lines(cards: list[str], pool: CardPool, rng: random.Random) -> list[str]:
    kept = list(cards)
    while missing := sorted(pool.needed(kept) - set(pool.names(kept))):
        kept += [rng.choice(pool.ids_by_name[name]) for name in missing]
    return sorted(kept)


def _remove_one(
    cards: list[str], pool: CardPool, rng: random.Random, keep_name: str | None = None
) -> list[str]:
    options = [i for i in range(len(cards)) if pool.removable(cards, i) and pool.name(cards[i]) != keep_name]
    drop = rng.choice(options)
    return cards[:drop] + cards[drop + 1 :]


def _payable(card_id: str, zone: set[EnergyType], pool: CardPool) -> bool:
    attacks = pool.card(card_id).attacks
    return any(set(a.cost) - {EnergyType.COLORLESS} <= zone for a in attacks)


def _addable(cards: list[str], energy: Sequence[EnergyType], pool: CardPool) -> list[list[str]]:
    """The candidates of step 4, by kind: second copies, evolutions, Trainers, payable Basics."""
    counts = pool.names(cards)
    zone = set(energy) or set(pool.cost_types(cards)[:1])
    room = sum(pool.is_trainer(c) for c in cards) < FILL_TRAINERS
    seconds = sorted(
        {c for c in cards if counts[pool.name(c)] < MAX_COPIES and (room or not pool.is_trainer(c))}
    )
    fresh = [c for c in pool.cards if counts[pool.name(c)] == 0]
    evolutions = [c for c in fresh if (pre := pool.pre(c)) is not None and pre in counts]
    trainers = [c for c in fresh if pool.is_trainer(c) and room]
    basics = [c for c in fresh if pool.card(c).is_basic_pokemon and (not zone or _payable(c, zone, pool))]
    return [seconds, evolutions, trainers, basics]


ADD_WEIGHTS = (4, 2, 1, 2)
FILL_TRAINERS = 8


def _add_one(
    cards: list[str],
    energy: Sequence[EnergyType],
    pool: CardPool,
    rng: random.Random,
    avoid: str | None = None,
) -> list[str]:
    kinds = [[c for c in kind if pool.name(c) != avoid] for kind in _addable(cards, energy, pool)]
    weighted = [(kind, w) for kind, w in zip(kinds, ADD_WEIGHTS, strict=True) if kind]
    if not weighted:
        weighted = [
            (
                [
                    c
                    for c in pool.cards
                    if pool.card(c).is_basic_pokemon and pool.names(cards)[pool.name(c)] == 0
                ],
                1,
            )
        ]
    kind = rng.choices([k for k, _ in weighted], weights=[w for _, w in weighted])[0]
    return sorted([*cards, rng.choice(kind)])


def _fit_size(
    cards: list[str], energy: Sequence[EnergyType], pool: CardPool, rng: random.Random
) -> list[str]:
    kept = list(cards)
    while len(kept) > DECK_SIZE:
        kept = _remove_one(kept, pool, rng)
    while len(kept) < DECK_SIZE:
        kept = _add_one(kept, energy, pool, rng)
    return kept


def _ensure_basic(
    cards: list[str], energy: Sequence[EnergyType], pool: CardPool, rng: random.Random
) -> list[str]:
    if any(pool.card(c).is_basic_pokemon for c in cards):
        return cards
    kept = _remove_one(cards, pool, rng)
    zone = set(energy)
    basics = [c for c in pool.cards if pool.card(c).is_basic_pokemon and pool.names(kept)[pool.name(c)] == 0]
    payable = [c for c in basics if _payable(c, zone, pool)]
    return sorted([*kept, rng.choice(payable or basics)])


def repair_energy(
    energy: Sequence[EnergyType], cards: Sequence[str], pool: CardPool
) -> tuple[EnergyType, ...]:
    costs = pool.cost_types(cards)
    if not costs:
        return derive_energy_types(list(cards), pool.cards)
    kept = [t for t in dict.fromkeys(energy) if t in costs][:MAX_ENERGY_TYPES]
    return zone_sorted(kept or costs[:1])


# ------------------------------------------------------------------------------------------ random decks


def random_line(pool: CardPool, rng: random.Random) -> list[str]:
    """A whole line: a random Pokémon (or fossil-line Pokémon) and its pre-evolutions, 1-2 copies each."""
    top = rng.choice([c for c in pool.cards if pool.is_pokemon(c)])
    cards: list[str] = []
    for name in pool.chain(top)[:-1]:
        cards += [rng.choice(pool.ids_by_name[name])] * rng.choice((1, 2))
    return cards + [top] * rng.choice((1, 2))


def random_deck(pool: CardPool, rng: random.Random) -> DeckGenome:
    """One or two random lines, filled to a legal deck by ``repair``."""
    cards = [c for _ in range(rng.choice((1, 2))) for c in random_line(pool, rng)]
    return repair(cards, (), pool, rng)


# -------------------------------------------------------------------------------------------- mutations


def swap_card(deck: DeckGenome, pool: CardPool, rng: random.Random) -> DeckGenome:
    cards = list(deck.cards)
    del cards[rng.randrange(len(cards))]
    if rng.random() < 0.3:
        cards.append(rng.choice(list(pool.cards)))
    else:
        cards = _add_one(sorted(cards), deck.energy, pool, rng)
    return repair(cards, deck.energy, pool, rng)


def line_names(cards: Sequence[str], pool: CardPool, root: str) -> set[str]:
    """The names of the deck's cards whose line starts at ``root``."""
    return {pool.name(c) for c in cards if pool.root(c) == root}


def swap_line(deck: DeckGenome, pool: CardPool, rng: random.Random) -> DeckGenome:
    roots = sorted({pool.root(c) for c in deck.cards if pool.is_pokemon(c)})
    names = line_names(deck.cards, pool, rng.choice(roots))
    cards = [c for c in deck.cards if pool.name(c) not in names] + random_line(pool, rng)
    return repair(cards, deck.energy, pool, rng)


def change_count(deck: DeckGenome, pool: CardPool, rng: random.Random) -> DeckGenome:
    cards = list(deck.cards)
    name = rng.choice(sorted(pool.names(cards)))
    copies = [c for c in cards if pool.name(c) == name]
    if len(copies) < MAX_COPIES:
        cards = sorted([*_remove_one(cards, pool, rng, keep_name=name), copies[0]])
    else:
        cards.remove(copies[-1])
        cards = _add_one(cards, deck.energy, pool, rng, avoid=name)
    return repair(cards, deck.energy, pool, rng)


def change_energy(deck: DeckGenome, pool: CardPool, rng: random.Random) -> DeckGenome:
    costs = pool.cost_types(deck.cards)
    energy = list(deck.energy)
    spare = [t for t in costs if t not in energy]
    moves = []
    if spare and len(energy) < MAX_ENERGY_TYPES:
        moves.append("add")
    if len(energy) > 1:
        moves.append("drop")
    if spare:
        moves.append("replace")
    if not moves:
        return swap_card(deck, pool, rng)
    move = rng.choice(moves)
    if move != "add":
        energy.remove(rng.choice(energy))
    if move != "drop":
        energy.append(rng.choice(spare))
    return repair(deck.cards, energy, pool, rng)


MUTATIONS: dict[str, tuple[Mutation, float]] = {
    "swap_card": (swap_card, 0.4),
    "swap_line": (swap_line, 0.2),
    "change_count": (change_count, 0.25),
    "change_energy": (change_energy, 0.15),
}


def mutate(deck: DeckGenome, pool: CardPool, rng: random.Random) -> tuple[DeckGenome, str]:
    """One mutation drawn by its weight; returns the child and the operator's name."""
    names = list(MUTATIONS)
    name = rng.choices(names, weights=[MUTATIONS[n][1] for n in names])[0]
    return MUTATIONS[name][0](deck, pool, rng), name


# -------------------------------------------------------------------------------------------- crossover


def units(deck: DeckGenome, pool: CardPool) -> dict[str, list[str]]:
    """The deck's cards grouped by line root (Pokémon) or by name (Trainers)."""
    grouped: dict[str, list[str]] = {}
    for card in deck.cards:
        grouped.setdefault(pool.root(card), []).append(card)
    return grouped


def crossover(a: DeckGenome, b: DeckGenome, pool: CardPool, rng: random.Random) -> DeckGenome:
    ua, ub = units(a, pool), units(b, pool)
    cards: list[str] = []
    for key in sorted(set(ua) | set(ub)):
        if key in ua and key in ub:
            cards += ua[key] if rng.random() < 0.5 else ub[key]
        elif rng.random() < 0.5:
            cards += ua.get(key) or ub[key]
    energy = a.energy if rng.random() < 0.5 else b.energy
    return repair(cards, energy, pool, rng)

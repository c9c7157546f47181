"""Static facts of a card definition, derived once and read by the hot paths of the battle loop.

A ``CardDefinition`` never changes during a game, so what the loop asks of it again and again (is it a
Basic, its HP, each attack's cost and first targeted effect, its activated abilities, its Trainer effects'
preconditions) is worked out once per definition into plain slotted objects. ``card_facts(card)`` keeps
one ``CardFacts`` per definition object for the life of the process; ``FactsById`` maps card ids of one
card pool to their facts (``engine.Battle.facts``, filled on first use). The facts only restate the
definition and the effect registry: nothing in them is state.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from darwindeck.tcg.core.models import (
    Ability,
    Attack,
    CardDefinition,
    CardKind,
    EffectSpec,
    EnergyType,
    Stage,
)
from darwindeck.tcg.core.registry import EffectHandler, TargetKind, get_handler


@dataclass(frozen=True, slots=True)
class TargetSpec:
    """The first effect of a list that takes a target: its ``TargetKind`` and parameters (``NONE`` and
    no parameters when none does). The parameters are shared: readers never change them."""

    kind: TargetKind
    params: dict[str, int | str | bool]


NO_TARGET = TargetSpec(TargetKind.NONE, {})


@dataclass(frozen=True, slots=True)
class AttackFacts:
    attack: Attack
    cost: tuple[EnergyType, ...]
    typed_cost: tuple[tuple[EnergyType, int], ...]  # each non-Colorless symbol of the cost with its number
    target: TargetSpec


@dataclass(frozen=True, slots=True)
class AbilityFacts:
    """An activated (not aura) ability with its handler."""

    ability: Ability
    handler: EffectHandler


@dataclass(frozen=True, slots=True)
class CardFacts:
    card: CardDefinition
    name: str
    hp: int
    is_pokemon: bool
    is_supporter: bool
    is_basic_pokemon: bool
    is_evolution: bool  # a Pokémon card that is not a Basic (Stage 1 or 2)
    plays_as_basic: bool
    pokemon_type: EnergyType
    attacks: tuple[AttackFacts, ...]
    costliest: AttackFacts | None  # the attack with the most cost symbols (the first such; None: no attack)
    activated: tuple[AbilityFacts, ...]
    has_abilities: bool
    trainer_preconditions: tuple[tuple[EffectSpec, EffectHandler], ...]  # Trainer effects with ``usable``
    trainer_target: TargetSpec


def first_target(specs: tuple[EffectSpec, ...]) -> TargetSpec:
    """The first of ``specs`` whose handler takes a target (``NO_TARGET`` if none does)."""
    for spec in specs:
        kind = get_handler(spec.effect_id).target
        if kind is not TargetKind.NONE:
            return TargetSpec(kind, dict(spec.params))
    return NO_TARGET


def _typed_cost(cost: tuple[EnergyType, ...]) -> tuple[tuple[EnergyType, int], ...]:
    counts: dict[EnergyType, int] = {}
    for symbol in cost:
        if symbol is not EnergyType.COLORLESS:
            counts[symbol] = counts.get(symbol, 0) + 1
    return tuple(counts.items())


def _derive(card: CardDefinition) -> CardFacts:
    attacks = tuple(
        AttackFacts(a, a.cost, _typed_cost(a.cost), first_target(a.effects)) for a in card.attacks
    )
    is_pokemon = card.kind is CardKind.POKEMON
    return CardFacts(
        card=card,
        name=card.name,
        hp=card.hp,
        is_pokemon=is_pokemon,
        is_supporter=card.kind is CardKind.SUPPORTER,
        is_basic_pokemon=card.is_basic_pokemon,
        is_evolution=is_pokemon and card.stage is not Stage.BASIC,
        plays_as_basic=card.plays_as_basic,
        pokemon_type=card.pokemon_type,
        attacks=attacks,
        costliest=max(attacks, key=lambda a: len(a.cost)) if attacks else None,
        activated=tuple(
            AbilityFacts(ability, get_handler(ability.effect.effect_id))
            for ability in card.abilities
            if not ability.is_aura
        ),
        has_abilities=bool(card.abilities),
        trainer_preconditions=tuple(
            (spec, handler)
            for spec in card.trainer_effects
            if (handler := get_handler(spec.effect_id)).usable is not None
        ),
        trainer_target=first_target(card.trainer_effects),
    )


_FACTS: dict[int, CardFacts] = {}


def card_facts(card: CardDefinition) -> CardFacts:
    """The facts of ``card`` (derived on first use; kept by the identity of the definition, which the
    facts hold, so an id is never reused while its entry lives)."""
    facts = _FACTS.get(id(card))
    if facts is None or facts.card is not card:
        facts = _FACTS[id(card)] = _derive(card)
    return facts


class FactsById(dict[str, CardFacts]):
    """Card id -> ``CardFacts``, filled on first use from ``card_of`` (a battle's ``card``: its pool as
    it is then, ``UnknownCardError`` for an id it lacks); a plain dict lookup afterwards. A card id keeps
    its definition during a game, so an entry never goes stale."""

    def __init__(self, card_of: Callable[[str], CardDefinition]) -> None:
        super().__init__()
        self.card_of = card_of

    def __missing__(self, card_id: str) -> CardFacts:
        facts = self[card_id] = card_facts(self.card_of(card_id))
        return facts

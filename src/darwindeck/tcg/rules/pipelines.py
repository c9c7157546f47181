"""The integration points of the Active Effects registry: each rule that effects can change is ONE
function here, and each queries the registry (``battle.manager``).

- ``energy_provided``: THE energy rule. Each attached energy provides 1 energy of its type, times every
  ``energy_multiplier`` effect for its type that reaches the Pokémon (params ``energy_type``,
  ``multiplier``, optional ``pokemon_type``; Jungle Totem: a Grass Energy on a Grass Pokémon provides 2).
  ``effective_energy`` (per type) and ``total_energy`` sum it; every use goes through it: attack costs,
  retreat costs (``retreat_payments``), coin-per-energy and damage-per-energy attacks, own or opponent's.
- ``compute_damage``: no damage if the base is 0 or less; else base + ``damage_boost`` (only against the
  opponent's Active; optional ``only_names``), + 20 weakness (only against the Active), -
  ``attack_damage_reduction`` on the attacker (Growl: "attacks used by the Defending Pokémon do −20
  damage": a change to the attack's damage, which like a boost and Weakness reaches only the Active, not
  Bench damage), - ``damage_reduction`` on the defender (after weakness;
  optional conditions ``attacker_type``, ``requires_in_play``),
  0 if the defender has ``attack_immunity``; never below 0. There is no Resistance.
- ``retreat_cost``: ``None`` if the Pokémon cannot retreat (no retreat cost, Asleep, Paralyzed, a
  ``prevent_retreat`` effect); else base - ``retreat_cost_reduction``, 0 with ``free_retreat``, never < 0.
  It is paid in provided energy: ``retreat_payments`` lists the ways to pay it (which energies to discard).
- ``apply_status``: refused by ``status_immunity`` (and by ``attack_immunity`` for attack effects);
  Asleep, Paralyzed and Confused replace each other, Poisoned and Burned stack with them.
- ``attack_block_reason`` / ``attack_gate_coins``: the attack-declaration step (status, ``attack_block``,
  ``attack_coin_gate``).
- ``supporters_blocked``, ``evolution_blocked``: rule locks queried from the registry.

With no active effect of the types a rule queries (no active effect at all in most positions of most
battles) each function takes a short way to the same answer: nothing can modify the rule then.
"""

from __future__ import annotations

import itertools
from typing import TYPE_CHECKING

from darwindeck.tcg.core.active_effects import ActiveEffect, EffectTrigger
from darwindeck.tcg.core.models import (
    EXCLUSIVE_STATUSES,
    CardInstance,
    EnergyType,
    Status,
)

if TYPE_CHECKING:
    from darwindeck.tcg.core.battle_data import BattleData

WEAKNESS_BONUS = 20
_ENERGY_TYPES = frozenset({"energy_multiplier"})
_DAMAGE_TYPES = frozenset({"damage_boost", "attack_damage_reduction", "damage_reduction", "attack_immunity"})
_RETREAT_TYPES = frozenset({"prevent_retreat", "free_retreat", "retreat_cost_reduction"})


def _none_of(battle: BattleData, effect_types: frozenset[str]) -> bool:
    """Whether no active effect (suppressed or not) has one of ``effect_types``."""
    for effect in battle.state.active_effects:  # noqa: SIM110 (a loop: no generator on the hot path)
        if effect.effect_type in effect_types:
            return False
    return True


def energy_provided(battle: BattleData, pokemon: CardInstance) -> list[int]:
    """How much energy each attached energy provides (aligned with ``pokemon.energy``)."""
    if not pokemon.energy:
        return []
    if _none_of(battle, _ENERGY_TYPES):
        return [1] * len(pokemon.energy)
    multipliers = battle.manager.query_effects(
        battle.state,
        effect_type="energy_multiplier",
        trigger=EffectTrigger.ON_ENERGY_COUNT,
        affecting_card_id=pokemon.uid,
    )
    own_type = battle.card(pokemon.card_id).pokemon_type.value
    amounts = []
    for energy in pokemon.energy:
        amount = 1
        for effect in multipliers:
            wanted_type = effect.params.get("pokemon_type")
            if effect.params.get("energy_type") == energy.value and wanted_type in (None, own_type):
                amount *= int(effect.params.get("multiplier", 1))
        amounts.append(amount)
    return amounts


def effective_energy(battle: BattleData, pokemon: CardInstance) -> dict[EnergyType, int]:
    """The energy a Pokémon provides, per type (``energy_provided`` summed)."""
    counts: dict[EnergyType, int] = {}
    if _none_of(battle, _ENERGY_TYPES):  # each energy provides 1
        for energy in pokemon.energy:
            counts[energy] = counts.get(energy, 0) + 1
        return counts
    for energy, amount in zip(pokemon.energy, energy_provided(battle, pokemon), strict=True):
        counts[energy] = counts.get(energy, 0) + amount
    return counts


def total_energy(battle: BattleData, pokemon: CardInstance) -> int:
    """All the energy a Pokémon provides ("for each Energy attached" counts)."""
    if _none_of(battle, _ENERGY_TYPES):  # each energy provides 1
        return len(pokemon.energy)
    return sum(energy_provided(battle, pokemon))


def retreat_payments(battle: BattleData, pokemon: CardInstance, cost: int) -> list[tuple[EnergyType, ...]]:
    """The ways to pay a retreat cost: each a sorted tuple of energy types to discard whose provided
    energy covers ``cost`` and none of which could be kept (minimal); sorted; ``[()]`` for cost 0,
    ``[]`` if the Pokémon does not provide enough."""
    if cost <= 0:
        return [()]
    per_type = effective_energy(battle, pokemon)
    attached = {t: pokemon.energy.count(t) for t in per_type}
    types = sorted(attached)
    value = {t: per_type[t] // attached[t] for t in types}
    ways = []
    for counts in itertools.product(*(range(attached[t] + 1) for t in types)):
        paid = sum(n * value[t] for n, t in zip(counts, types, strict=True))
        if paid >= cost and all(paid - value[t] < cost for n, t in zip(counts, types, strict=True) if n):
            ways.append(tuple(t for n, t in zip(counts, types, strict=True) for _ in range(n)))
    return sorted(ways)


def can_pay(battle: BattleData, pokemon: CardInstance, cost: tuple[EnergyType, ...]) -> bool:
    return extra_energy(battle, pokemon, cost) is not None


def extra_energy(
    battle: BattleData, pokemon: CardInstance, cost: tuple[EnergyType, ...], of_type: EnergyType | None = None
) -> int | None:
    """Energy left over after paying ``cost`` (of ``of_type`` only, when given); None if unpayable."""
    return spare_energy(effective_energy(battle, pokemon), cost, of_type)


def spare_energy(
    counts: dict[EnergyType, int], cost: tuple[EnergyType, ...], of_type: EnergyType | None = None
) -> int | None:
    """``extra_energy`` for energy ``counts`` already computed by ``effective_energy`` (one count serves
    every attack of a Pokémon)."""
    remaining = dict(counts)
    colorless = 0
    for symbol in cost:
        if symbol is EnergyType.COLORLESS:
            colorless += 1
        elif remaining.get(symbol, 0) > 0:
            remaining[symbol] -= 1
        else:
            return None
    spare_total = sum(remaining.values()) - colorless
    if spare_total < 0:
        return None
    if of_type is None:
        return spare_total
    return min(remaining.get(of_type, 0), spare_total)


def covers(counts: dict[EnergyType, int], typed_cost: tuple[tuple[EnergyType, int], ...], size: int) -> bool:
    """``spare_energy(counts, cost) is not None`` for a cost of ``size`` symbols given by its typed (not
    Colorless) symbols counted per type: each type is covered and the total covers every symbol."""
    for energy_type, needed in typed_cost:
        if counts.get(energy_type, 0) < needed:
            return False
    return sum(counts.values()) >= size


def latest_payment(pokemon: CardInstance, ways: list[tuple[EnergyType, ...]]) -> tuple[EnergyType, ...]:
    """The way to pay that discards the most recently attached energies (each type's last attached
    go first): the automatic choice, and the greedy player's."""

    def positions(way: tuple[EnergyType, ...]) -> list[int]:
        taken: list[int] = []
        for energy_type in set(way):
            slots = [i for i, e in enumerate(pokemon.energy) if e is energy_type]
            taken += slots[len(slots) - way.count(energy_type) :]
        return sorted(taken, reverse=True)

    return max(ways, key=positions)


def compute_damage(
    battle: BattleData, attacker: CardInstance, defender: CardInstance, base: int, to_active: bool
) -> int:
    if base <= 0:
        return 0
    state, manager = battle.state, battle.manager
    damage = base
    attacker_card = battle.card(attacker.card_id)
    if _none_of(battle, _DAMAGE_TYPES):
        if to_active and battle.card(defender.card_id).weakness is attacker_card.pokemon_type:
            damage += WEAKNESS_BONUS
        return max(0, damage)
    if to_active:
        boosts = [
            effect
            for effect in manager.query_effects(
                state, "damage_boost", EffectTrigger.ON_DAMAGE_CALC, affecting_card_id=attacker.uid
            )
            if _name_allowed(effect.params.get("only_names"), attacker_card.name)
        ]
        damage = manager.get_combined_value(boosts, "amount", damage)
        if battle.card(defender.card_id).weakness is attacker_card.pokemon_type:
            damage += WEAKNESS_BONUS
        weakened = manager.query_effects(
            state, "attack_damage_reduction", EffectTrigger.ON_DAMAGE_CALC, affecting_card_id=attacker.uid
        )
        damage -= manager.get_combined_value(weakened, "amount")
    reductions = [
        effect
        for effect in manager.query_effects(
            state, "damage_reduction", EffectTrigger.ON_DAMAGE_CALC, affecting_card_id=defender.uid
        )
        if _reduction_applies(battle, effect, attacker_card.pokemon_type.value)
    ]
    damage -= manager.get_combined_value(reductions, "amount")
    if is_protected(battle, defender):
        return 0
    return max(0, damage)


def log_damage(
    battle: BattleData, attacker: CardInstance, target: CardInstance, base: int, dealt: int, name: str
) -> None:
    """Log damage an attack (``name``) did, for the narration: the base, the damage dealt, whether
    Weakness counted and whether protection prevented it (what ``compute_damage`` decided)."""
    owner = 0 if target.uid.startswith("p0") else 1
    to_active = battle.state.players[owner].active is target
    weak = to_active and battle.card(target.card_id).weakness is battle.card(attacker.card_id).pokemon_type
    battle.state.log(
        "damage",
        1 - owner,
        uid=target.uid,
        source=attacker.uid,
        name=name,
        base=base,
        amount=dealt,
        weakness=weak,
        protected=dealt == 0 and is_protected(battle, target),
    )


def _reduction_applies(battle: BattleData, effect: ActiveEffect, attacker_type: str) -> bool:
    """A reduction's conditions: ``attacker_type`` (only from attacks of Pokémon of that type),
    ``requires_in_play`` (only while its owner has a Pokémon of one of these names in play)."""
    wanted = effect.params.get("attacker_type")
    if wanted is not None and wanted != attacker_type:
        return False
    names = effect.params.get("requires_in_play")
    if names is None:
        return True
    owner = battle.state.players[0 if effect.source_player_id == "p0" else 1]
    return any(_name_allowed(names, battle.card(p.card_id).name) for p in owner.in_play())


def _name_allowed(names: object, name: str) -> bool:
    return names is None or name in str(names).split(",")


def is_protected(battle: BattleData, pokemon: CardInstance) -> bool:
    """True if damage and effects of attacks are prevented for this Pokémon."""
    return bool(
        battle.manager.query_effects(
            battle.state, "attack_immunity", EffectTrigger.ON_DAMAGE_CALC, affecting_card_id=pokemon.uid
        )
    )


def retreat_cost(battle: BattleData, pokemon: CardInstance) -> int | None:
    base = battle.card(pokemon.card_id).retreat_cost
    if base is None or (
        pokemon.statuses and (Status.ASLEEP in pokemon.statuses or Status.PARALYZED in pokemon.statuses)
    ):
        return None
    state, manager = battle.state, battle.manager
    if _none_of(battle, _RETREAT_TYPES):
        return max(0, base)
    if manager.query_effects(state, "prevent_retreat", affecting_card_id=pokemon.uid):
        return None
    if manager.query_effects(
        state, "free_retreat", EffectTrigger.ON_RETREAT_CALC, affecting_card_id=pokemon.uid
    ):
        return 0
    reductions = manager.query_effects(
        state, "retreat_cost_reduction", EffectTrigger.ON_RETREAT_CALC, affecting_card_id=pokemon.uid
    )
    return max(0, base - manager.get_combined_value(reductions, "amount"))


def apply_status(battle: BattleData, target: CardInstance, status: Status, from_attack: bool) -> bool:
    """Give ``target`` a status unless an effect prevents it; returns whether it was applied."""
    immune = battle.manager.query_effects(
        battle.state, "status_immunity", EffectTrigger.ON_STATUS_APPLY, affecting_card_id=target.uid
    )
    if any(effect.params.get("status") in (None, status.value) for effect in immune):
        return False
    if from_attack and is_protected(battle, target):
        return False
    if status in EXCLUSIVE_STATUSES:
        target.statuses = [s for s in target.statuses if s not in EXCLUSIVE_STATUSES]
    if status not in target.statuses:
        target.statuses.append(status)
    return True


def attack_block_reason(battle: BattleData, attacker: CardInstance) -> str | None:
    """Why the Active cannot declare an attack at all (None if it can)."""
    if Status.ASLEEP in attacker.statuses:
        return "asleep"
    if Status.PARALYZED in attacker.statuses:
        return "paralyzed"
    if battle.state.active_effects and battle.manager.query_effects(
        battle.state, "attack_block", EffectTrigger.ON_ATTACK, affecting_card_id=attacker.uid
    ):
        return "blocked by an effect"
    return None


def attack_gate_coins(battle: BattleData, attacker: CardInstance) -> int:
    """How many coins must all come up heads for a declared attack to happen (Confused, coin gates)."""
    gates = battle.manager.query_effects(
        battle.state, "attack_coin_gate", EffectTrigger.ON_ATTACK, affecting_card_id=attacker.uid
    )
    return len(gates) + (1 if Status.CONFUSED in attacker.statuses else 0)


def supporters_blocked(battle: BattleData, player_index: int) -> bool:
    if not battle.state.active_effects:
        return False
    return bool(
        battle.manager.query_effects(battle.state, "block_supporters", affecting_player_id=f"p{player_index}")
    )


def evolution_blocked(battle: BattleData, target: CardInstance) -> bool:
    if not battle.state.active_effects:
        return False
    return bool(battle.manager.query_effects(battle.state, "block_evolution", affecting_card_id=target.uid))


def counter_damage(battle: BattleData, defender: CardInstance) -> int:
    """Damage an Active damaged by an attack deals back to the attacker (Rough Skin, Counterattack,
    Bristling Spikes); the engine asks once per attack that damaged it, by its damage or an effect."""
    effects = battle.manager.query_effects(
        battle.state, "counter_damage", EffectTrigger.ON_ATTACK, affecting_card_id=defender.uid
    )
    return battle.manager.get_combined_value(effects, "amount")

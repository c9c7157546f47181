"""Triggered abilities: an ability that reacts to a game event is an aura (registered when its Pokémon
enters play, suppressed like any ability effect) whose lasting effect names a ``reaction``, a registered
effect id run with the aura's parameters when the event happens. The engine calls the event functions:

- ``energy_attached_from_zone``: an Energy was attached from the Energy Zone (the turn's attachment, a
  spread choice, any effect that takes Energy from the zone: ``attach_from_zone``). Effect
  ``zone_attach_trigger`` (param ``on_energy``: the Energy type) reacts once per Energy attached to its
  Pokémon. Lunar Plumage (Cresselia ex), Nightmare Aura (Darkrai ex).
- ``turn_ending``: the current player's turn ends, before the Pokémon Checkup. Effect
  ``turn_end_trigger`` of that player's Pokémon reacts; ``requires_active`` (only while Active) and
  ``first_turn_only`` (only at the end of the player's first turn, turn 1 or 2) narrow it.
  Thunderclap Flash (Zeraora), Legendary Pulse (Entei ex), Illusive Trickery (Zoroark).
- ``may_evolve_from``: whether a card may evolve from a Pokémon in play: its name is the card's
  ``evolves_from``, or an ``evolves_as`` effect on it names that (Veevee 'volve: Eevee ex evolves into
  any Pokémon that evolves from Eevee).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from darwindeck.tcg.core.active_effects import ActiveEffect
from darwindeck.tcg.core.effect_context import EffectContext
from darwindeck.tcg.core.models import CardDefinition, CardInstance, EnergyType
from darwindeck.tcg.core.registry import get_handler
from darwindeck.tcg.rules import board

if TYPE_CHECKING:
    from darwindeck.tcg.core.battle_data import BattleData

ZONE_ATTACH = "zone_attach_trigger"
TURN_END = "turn_end_trigger"
EVOLVES_AS = "evolves_as"
FIRST_TURNS = 2


def attach_from_zone(
    battle: BattleData, player: int, pokemon: CardInstance, energy_type: EnergyType, count: int
) -> None:
    """Attach ``count`` Energy of a type from the Energy Zone, then run the reactions to it."""
    board.attach_from_zone(pokemon, energy_type, count)
    energy_attached_from_zone(battle, player, pokemon, energy_type, count)


def energy_attached_from_zone(
    battle: BattleData, player: int, pokemon: CardInstance, energy_type: EnergyType, count: int
) -> None:
    """Run each ``zone_attach_trigger`` of ``pokemon`` for that Energy type, once per Energy."""
    if not battle.state.active_effects:
        return
    effects = [
        effect
        for effect in battle.manager.query_effects(battle.state, ZONE_ATTACH, affecting_card_id=pokemon.uid)
        if effect.params.get("on_energy") == energy_type.value
    ]
    for _ in range(count if effects else 0):
        for effect in effects:
            _react(battle, player, effect)


def turn_ending(battle: BattleData) -> None:
    """Run the ``turn_end_trigger`` effects of the current player's Pokémon (in registration order)."""
    state = battle.state
    if not state.active_effects:
        return
    player_id = f"p{state.current}"
    for effect in battle.manager.query_effects(state, TURN_END, affecting_player_id=player_id):
        if effect.source_player_id != player_id:
            continue
        if effect.params.get("first_turn_only") and state.turn > FIRST_TURNS:
            continue
        _react(battle, state.current, effect)


def may_evolve_from(battle: BattleData, pokemon: CardInstance, card: CardDefinition) -> bool:
    """Whether ``card`` may evolve from ``pokemon`` (by name, or as an ``evolves_as`` ability allows)."""
    own = battle.card(pokemon.card_id)
    if own.name == card.evolves_from:
        return True
    if not own.abilities:
        return False
    return any(
        effect.params.get("name") == card.evolves_from
        for effect in battle.manager.query_effects(battle.state, EVOLVES_AS, affecting_card_id=pokemon.uid)
    )


def _react(battle: BattleData, player: int, effect: ActiveEffect) -> None:
    """Resolve an effect's ``reaction`` with its parameters, as an ability of its source Pokémon."""
    reaction = str(effect.params["reaction"])
    name = str(effect.params.get("ability", ""))
    context = EffectContext(battle, player, effect.source_card_id, dict(effect.params), "ability", name)
    result = get_handler(reaction).resolve(context)
    battle.state.log("effect", player, effect_id=reaction, name=name, ok=result.success)

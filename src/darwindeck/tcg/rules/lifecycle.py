"""Lifecycle hooks of Pokémon in play and ability suppression.

- ``enter_play``: a Pokémon that enters play (Bench, Active, or by evolving) registers the effects of its
  aura abilities (``Ability.is_aura``); if an ability suppressor is in play they start suppressed.
- ``leave_play``: a Pokémon that leaves play (knock-out, evolution, returned to hand or deck) loses every
  effect it is the source of, and attack effects aimed at it; if any were removed an ``effects_removed``
  entry (``source_card_id``, ``count``, ``reason``) is logged. If it was the last suppressor, ability
  effects are un-suppressed. Then auras are refreshed, so that a "doesn't stack" aura that was refused
  while another copy existed now takes over.
- ``leave_active``: a Pokémon moving from the Active Spot to the Bench keeps its own auras but loses the
  attack effects on it (e.g. "the Defending Pokémon can't retreat").
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from darwindeck.tcg.core.effect_context import EffectContext
from darwindeck.tcg.core.models import CardInstance
from darwindeck.tcg.core.registry import get_handler

if TYPE_CHECKING:
    from darwindeck.tcg.core.battle_data import BattleData

SUPPRESSION = "ability_suppression"


def enter_play(battle: BattleData, player: int, pokemon: CardInstance) -> None:
    _register_auras(battle, player, pokemon)


def _register_auras(battle: BattleData, player: int, pokemon: CardInstance) -> None:
    card = battle.card(pokemon.card_id)
    for ability in card.abilities:
        if not ability.is_aura or _has_aura(battle, pokemon.uid, ability.name):
            continue
        context = EffectContext(
            battle, player, pokemon.uid, dict(ability.effect.params), source_type="ability", name=ability.name
        )
        result = get_handler(ability.effect.effect_id).resolve(context)
        battle.state.log(
            "effect", player, effect_id=ability.effect.effect_id, name=ability.name, ok=result.success
        )
    if battle.state.active_effects and suppressor_present(battle):
        suppress_ability_effects(battle)


def _has_aura(battle: BattleData, uid: str, ability_name: str) -> bool:
    return any(
        e.source_card_id == uid and e.params.get("ability") == ability_name
        for e in battle.state.active_effects
    )


def leave_play(battle: BattleData, uid: str, reason: str) -> None:
    state = battle.state
    if not state.active_effects:  # nothing to remove or un-suppress
        refresh_auras(battle)
        return
    was_suppressor = any(
        e.source_card_id == uid and e.effect_type == SUPPRESSION for e in state.active_effects
    )
    removed = battle.manager.remove_effects_by_source(state, uid)
    removed += battle.manager.remove_effects_on_target(state, uid)
    if removed:
        state.log("effects_removed", None, source_card_id=uid, count=removed, reason=reason)
    if was_suppressor and not suppressor_present(battle):
        end_suppression(battle)
    refresh_auras(battle)


def leave_active(battle: BattleData, uid: str) -> None:
    if not battle.state.active_effects:
        return
    removed = battle.manager.remove_effects_on_target(battle.state, uid)
    if removed:
        battle.state.log(
            "effects_removed", None, source_card_id=uid, count=removed, reason="left the Active Spot"
        )


def refresh_auras(battle: BattleData) -> None:
    for player in battle.state.players:
        for pokemon in player.in_play():
            _register_auras(battle, player.index, pokemon)


def suppressor_present(battle: BattleData) -> bool:
    return any(e.effect_type == SUPPRESSION for e in battle.state.active_effects)


def suppress_ability_effects(battle: BattleData) -> int:
    """Mark every ability effect except suppressors as suppressed; returns how many changed."""
    count = 0
    for effect in battle.state.active_effects:
        if effect.source_type == "ability" and effect.effect_type != SUPPRESSION and not effect.suppressed:
            effect.suppressed = True
            count += 1
    return count


def end_suppression(battle: BattleData) -> None:
    for effect in battle.state.active_effects:
        if effect.source_type == "ability":
            effect.suppressed = False
    battle.state.log("suppression_ended")

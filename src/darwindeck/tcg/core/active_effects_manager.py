"""The Active Effects registry of spec 002: ``ActiveEffectsManager`` registers, removes, queries and
combines the ``active_effects.ActiveEffect`` records of one ``GameState`` (the rules are in
``active_effects``' docstring)."""

from __future__ import annotations

from typing import Any

from darwindeck.tcg.core.active_effects import (
    ActiveEffect,
    EffectScope,
    EffectTrigger,
    StackingMode,
)
from darwindeck.tcg.core.models import GameState

_TEAM_SCOPES = frozenset(
    {EffectScope.SELF, EffectScope.TEAM_ACTIVE, EffectScope.TEAM_BENCH, EffectScope.TEAM_ALL}
)
_OPPONENT_SCOPES = frozenset(
    {EffectScope.OPPONENT_ACTIVE, EffectScope.OPPONENT_BENCH, EffectScope.OPPONENT_ALL}
)
_ACTIVE_SCOPES = frozenset({EffectScope.TEAM_ACTIVE, EffectScope.OPPONENT_ACTIVE})
_BENCH_SCOPES = frozenset({EffectScope.TEAM_BENCH, EffectScope.OPPONENT_BENCH})


def _player_index(player_id: str) -> int:
    return 0 if player_id == "p0" else 1


class ActiveEffectsManager:
    """Registers, removes, queries and combines active effects of one ``GameState``."""

    def register_effect(
        self,
        game: GameState,
        effect_type: str,
        source_type: str,
        source_card_id: str | None,
        source_player_id: str,
        trigger: EffectTrigger,
        scope: EffectScope,
        params: dict[str, Any],
        stacking_mode: StackingMode = StackingMode.ADDITIVE,
        stacking_key: str | None = None,
        duration: int | None = None,
    ) -> ActiveEffect | None:
        """Add an effect; returns it, or ``None`` when a NO_STACK effect with the same key exists."""
        if stacking_key is not None and stacking_mode is StackingMode.NO_STACK:
            for existing in game.active_effects:
                if existing.stacking_key == stacking_key:
                    return None
        effect = ActiveEffect(
            id=f"eff-{game.next_effect_id}",
            effect_type=effect_type,
            source_type=source_type,
            source_card_id=source_card_id,
            source_player_id=source_player_id,
            trigger=trigger,
            scope=scope,
            stacking_mode=stacking_mode,
            stacking_key=stacking_key,
            params=dict(params),
            duration=duration,
            expires_turn=None if duration is None else game.turn + duration,
        )
        game.next_effect_id += 1
        game.active_effects.append(effect)
        return effect

    def remove_effects_by_source(self, game: GameState, source_card_id: str) -> int:
        """Remove every effect whose source is ``source_card_id``; returns how many were removed."""
        kept = [e for e in game.active_effects if e.source_card_id != source_card_id]
        removed = len(game.active_effects) - len(kept)
        game.active_effects = kept
        return removed

    def remove_effects_on_target(self, game: GameState, target_card_id: str) -> int:
        """Remove attack effects aimed at one Pokémon (it left the Active Spot or play)."""
        kept = [
            e
            for e in game.active_effects
            if not (
                e.source_type == "attack"
                and (
                    e.params.get("target_card_id") == target_card_id
                    or (e.scope is EffectScope.SELF and e.source_card_id == target_card_id)
                )
            )
        ]
        removed = len(game.active_effects) - len(kept)
        game.active_effects = kept
        return removed

    def remove_expired_effects(self, game: GameState, at_turn_end: bool = True) -> int:
        """At a turn's end remove effects with ``expires_turn <= turn``; at its start, ``< turn``."""
        if not game.active_effects:
            return 0
        limit = game.turn if at_turn_end else game.turn - 1
        kept = [e for e in game.active_effects if e.expires_turn is None or e.expires_turn > limit]
        removed = len(game.active_effects) - len(kept)
        game.active_effects = kept
        return removed

    def query_effects(
        self,
        game: GameState,
        effect_type: str | None = None,
        trigger: EffectTrigger | None = None,
        affecting_player_id: str | None = None,
        affecting_card_id: str | None = None,
        include_suppressed: bool = False,
    ) -> list[ActiveEffect]:
        """Effects matching every given criterion, in registration order."""
        found: list[ActiveEffect] = []
        if not game.active_effects:
            return found
        for effect in game.active_effects:
            if effect_type is not None and effect.effect_type != effect_type:
                continue
            if effect.suppressed and not include_suppressed:
                continue
            if trigger is not None and effect.trigger is not trigger:
                continue
            if not self._source_condition_holds(game, effect):
                continue
            if affecting_player_id is not None and not self._affects_player(effect, affecting_player_id):
                continue
            if affecting_card_id is not None and not self._affects_card(game, effect, affecting_card_id):
                continue
            found.append(effect)
        return found

    def get_combined_value(self, effects: list[ActiveEffect], param_key: str, base_value: int = 0) -> int:
        """Combine ``params[param_key]`` of effects: per stacking key (or per effect without one)
        ADDITIVE sums, MAX_ONLY keeps the largest, MIN_ONLY the smallest, NO_STACK the first; groups add."""
        groups: dict[str, list[ActiveEffect]] = {}
        for effect in effects:
            groups.setdefault(effect.stacking_key or effect.id, []).append(effect)
        total = base_value
        for group in groups.values():
            values = [int(e.params.get(param_key, 0)) for e in group]
            mode = group[0].stacking_mode
            if mode is StackingMode.MAX_ONLY:
                total += max(values)
            elif mode is StackingMode.MIN_ONLY:
                total += min(values)
            elif mode is StackingMode.NO_STACK:
                total += values[0]
            else:
                total += sum(values)
        return total

    @staticmethod
    def _source_condition_holds(game: GameState, effect: ActiveEffect) -> bool:
        if not effect.params.get("requires_active") or effect.source_card_id is None:
            return True
        owner = game.players[_player_index(effect.source_player_id)]
        return owner.active is not None and owner.active.uid == effect.source_card_id

    @staticmethod
    def _affects_player(effect: ActiveEffect, player_id: str) -> bool:
        if effect.scope in _TEAM_SCOPES:
            return player_id == effect.source_player_id
        if effect.scope in _OPPONENT_SCOPES:
            return player_id != effect.source_player_id
        return True

    def _affects_card(self, game: GameState, effect: ActiveEffect, card_id: str) -> bool:
        target = effect.params.get("target_card_id")
        if target is not None:
            return bool(target == card_id)
        if effect.scope is EffectScope.SELF:
            return effect.source_card_id == card_id
        owner = game.owner_of(card_id)
        if owner is None or not self._affects_player(effect, owner.player_id):
            return False
        is_active = owner.active is not None and owner.active.uid == card_id
        if effect.scope in _ACTIVE_SCOPES:
            return is_active
        if effect.scope in _BENCH_SCOPES:
            return not is_active
        return True

"""The Active Effects registry of seed 002: persistent modifiers kept in ``GameState.active_effects``.

Rules:
- ``register_effect`` gives each effect a unique id ``eff-<n>`` (``GameState.next_effect_id``). Effects
  with the same ``stacking_key`` interact: under ``NO_STACK`` a second instance is refused (``None`` is
  returned and nothing changes); other modes keep every instance and combine them in
  ``get_combined_value``.
- ``duration`` counts turns after the current one: an effect registered on turn ``t`` with duration ``d``
  has ``expires_turn = t + d`` and is removed at the end of that turn. ``duration=1`` is "during your
  opponent's next turn" (it lasts exactly through that turn); ``duration=0`` is "this turn". ``None``
  lasts until its source leaves play.
- Who is affected follows ``scope`` relative to ``source_player_id``; ``params["target_card_id"]``
  narrows an effect to one Pokémon (e.g. "the Defending Pokémon"), ``params["requires_active"]`` makes it
  apply only while its source is in the Active Spot.
- Suppressed effects are skipped by queries unless ``include_suppressed``.
"""

from __future__ import annotations

from enum import StrEnum
from typing import TYPE_CHECKING, Any

from pydantic import BaseModel, Field

if TYPE_CHECKING:
    from darwindeck.tcg.models import GameState


class EffectTrigger(StrEnum):
    """When the effect should be evaluated."""

    CONTINUOUS = "continuous"
    ON_DAMAGE_CALC = "on_damage_calc"
    ON_ENERGY_COUNT = "on_energy_count"
    ON_RETREAT_CALC = "on_retreat_calc"
    ON_STATUS_APPLY = "on_status_apply"
    ON_TURN_START = "on_turn_start"
    ON_TURN_END = "on_turn_end"
    ON_ATTACK = "on_attack"
    ON_KNOCKOUT = "on_knockout"


class EffectScope(StrEnum):
    """Who/what the effect applies to."""

    SELF = "self"
    TEAM_ACTIVE = "team_active"
    TEAM_BENCH = "team_bench"
    TEAM_ALL = "team_all"
    OPPONENT_ACTIVE = "opponent_active"
    OPPONENT_BENCH = "opponent_bench"
    OPPONENT_ALL = "opponent_all"
    ALL_POKEMON = "all_pokemon"
    GLOBAL = "global"


class StackingMode(StrEnum):
    """How multiple instances of the same effect combine."""

    ADDITIVE = "additive"
    MAX_ONLY = "max_only"
    MIN_ONLY = "min_only"
    NO_STACK = "no_stack"


class ActiveEffect(BaseModel):
    """A persistent effect active in the game (fields exactly as seed 002 lists them)."""

    id: str
    effect_type: str
    source_type: str
    source_card_id: str | None = None
    source_player_id: str
    trigger: EffectTrigger = EffectTrigger.CONTINUOUS
    scope: EffectScope = EffectScope.SELF
    stacking_mode: StackingMode = StackingMode.ADDITIVE
    stacking_key: str | None = None
    params: dict[str, Any] = Field(default_factory=dict)
    duration: int | None = None
    expires_turn: int | None = None
    suppressed: bool = False


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
        for effect in game.active_effects:
            if effect.suppressed and not include_suppressed:
                continue
            if effect_type is not None and effect.effect_type != effect_type:
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

"""The Active Effects of spec 002 as data: persistent modifiers kept in ``GameState.active_effects``;
``active_effects_manager`` registers, queries and combines them under these rules.

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

``ActiveEffect`` is a slotted dataclass, like the rest of ``models.GameState``: the manager builds it
from values already valid, and the state's JSON boundary (``GameState.model_validate_json``) validates it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any


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


@dataclass(slots=True, kw_only=True)
class ActiveEffect:
    """A persistent effect active in the game (fields exactly as spec 002 lists them)."""

    id: str
    effect_type: str
    source_type: str
    source_card_id: str | None = None
    source_player_id: str
    trigger: EffectTrigger = EffectTrigger.CONTINUOUS
    scope: EffectScope = EffectScope.SELF
    stacking_mode: StackingMode = StackingMode.ADDITIVE
    stacking_key: str | None = None
    params: dict[str, Any] = field(default_factory=dict)
    duration: int | None = None
    expires_turn: int | None = None
    suppressed: bool = False

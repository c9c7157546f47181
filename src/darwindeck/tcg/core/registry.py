"""The effect-handler registry: ``effect_id`` -> ``EffectHandler``; unknown ids raise ``UnknownEffectError``.

Each handler declares its seed category (the ``effect_type`` column of spec 002's tables, or a
project category for mechanics the tables do not name), its ``TargetKind``, when it runs
(``Timing``), whether it acts on the opponent's Pokémon (skipped when the Defending Pokémon is protected
from the effects of attacks) and an optional ``usable`` precondition for abilities and Trainers.
Handlers are registered by importing ``darwindeck.tcg.effects`` (its ``__init__`` imports every handler
module).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from enum import StrEnum

from darwindeck.tcg.core.effect_context import EffectContext, EffectResult
from darwindeck.tcg.core.errors import UnknownEffectError

Resolver = Callable[[EffectContext], EffectResult]
Precondition = Callable[[EffectContext], bool]


class TargetKind(StrEnum):
    """What the action's target code means for this effect."""

    NONE = "none"
    OPP_ANY = "opp_any"  # opponent's slot 0..3 (0 = Active)
    OPP_BENCH = "opp_bench"  # opponent's Bench slot 1..3
    OPP_BENCH_BASIC = "opp_bench_basic"  # opponent's Bench slot 1..3 holding a Basic Pokémon
    OWN_ANY = "own_any"  # own slot 0..3, filtered by params["target_type"] when given
    OWN_BENCH = "own_bench"  # own Bench slot 1..3, filtered by params["target_type"]
    OWN_BENCH_PAIR = "own_bench_pair"  # index into targets.bench_pairs: which 2 Benched Pokémon
    OPP_ACTIVE_ATTACK = "opp_active_attack"  # attack index 0..1 of the opponent's Active
    OPP_ANY_ATTACK = "opp_any_attack"  # slot * 2 + attack index of an opponent's Pokémon
    OPP_DISCARD_BASIC = "opp_discard_basic"  # index into the sorted distinct Basics of the opponent's discard


class Timing(StrEnum):
    BEFORE_DAMAGE = "before_damage"
    AFTER_DAMAGE = "after_damage"
    IMMEDIATE = "immediate"  # abilities, Trainers and auras


@dataclass(frozen=True)
class EffectHandler:
    effect_id: str
    category: str
    target: TargetKind
    timing: Timing
    hits_opponent: bool
    resolve: Resolver
    usable: Precondition | None = None
    target_usable: Precondition | None = None


_HANDLERS: dict[str, EffectHandler] = {}


def effect_handler(
    effect_id: str,
    category: str,
    target: TargetKind = TargetKind.NONE,
    timing: Timing = Timing.IMMEDIATE,
    hits_opponent: bool = False,
    usable: Precondition | None = None,
    target_usable: Precondition | None = None,
) -> Callable[[Resolver], Resolver]:
    """Register the decorated function as the handler of ``effect_id`` (a second registration is a bug).
    ``usable`` says whether the effect can be used at all; ``target_usable``, called with the context's
    ``target`` set, whether it can be used on that target (an ability offered on a target where it
    would do nothing could be chosen again and again)."""

    def register(function: Resolver) -> Resolver:
        if effect_id in _HANDLERS:
            raise ValueError(f"effect id {effect_id!r} registered twice")
        _HANDLERS[effect_id] = EffectHandler(
            effect_id, category, target, timing, hits_opponent, function, usable, target_usable
        )
        return function

    return register


def get_handler(effect_id: str) -> EffectHandler:
    handler = _HANDLERS.get(effect_id)
    if handler is None:
        raise UnknownEffectError(effect_id)
    return handler


def registered_ids() -> list[str]:
    return sorted(_HANDLERS)


def categories() -> set[str]:
    return {handler.category for handler in _HANDLERS.values()}

"""Effects: the handler contract (``base``), the registry (``registry``), target codes (``targets``)
and the handlers (``attacks``, ``abilities``, ``trainers``), all registered on import of this package;
``triggers`` runs triggered abilities on the game events the engine reports."""

from darwindeck.tcg.effects import abilities, attacks, trainers, triggers
from darwindeck.tcg.effects.base import EffectContext, EffectResult
from darwindeck.tcg.effects.registry import (
    EffectHandler,
    TargetKind,
    Timing,
    categories,
    effect_handler,
    get_handler,
    registered_ids,
)
from darwindeck.tcg.effects.targets import valid_targets

__all__ = [
    "EffectContext",
    "EffectHandler",
    "EffectResult",
    "TargetKind",
    "Timing",
    "abilities",
    "attacks",
    "categories",
    "effect_handler",
    "get_handler",
    "registered_ids",
    "trainers",
    "triggers",
    "valid_targets",
]

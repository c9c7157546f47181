"""Layer 3 of the battle engine: the effect handlers of the cards' attacks, abilities and Trainers
(``attacks``, ``abilities``, ``trainers``, with ``common`` helpers), all registered in
``core.registry`` on import of this package, and ``triggers`` (triggered abilities run on the game
events the battle loop reports). Imports from ``core`` and ``rules`` only; the battle loop imports this
package, which is what registers the handlers."""

from darwindeck.tcg.core.effect_context import EffectContext, EffectResult
from darwindeck.tcg.core.registry import (
    EffectHandler,
    TargetKind,
    Timing,
    categories,
    effect_handler,
    get_handler,
    registered_ids,
)
from darwindeck.tcg.effects import abilities, attacks, trainers, triggers
from darwindeck.tcg.rules.targets import valid_targets

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

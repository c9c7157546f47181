"""Layer 3 of the battle engine: the effect handlers of the cards' attacks, abilities and Trainers.

All are registered in ``core.registry`` on import of this package (the battle loop imports it, which is
what registers them). Imports from ``core`` and ``rules`` only.

* ``attacks``: attack effect handlers.
* ``abilities``: ability handlers; auras register lasting active effects.
* ``trainers``: Item and Supporter handlers.
* ``triggers``: triggered abilities, run on the game events the battle loop reports.
* ``common``: small helpers the handler modules share.
"""

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

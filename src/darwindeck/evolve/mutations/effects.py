"""Spec 000's special-effect operators and its effects crossover.

* ``add_effect`` (``AddEffectMutation``): appends one effect: a rank of the whole ``Rank`` enum, any
  ``EffectType``, target NEXT_PLAYER or ALL_OPPONENTS, value 1..3. (A rank that already has an effect
  gets a second one; the last listed wins, as the specification says.)
* ``remove_effect`` (``RemoveEffectMutation``): drops one effect chosen uniformly; no effect → unchanged.
* ``mutate_effect`` (``MutateEffectMutation``): one effect chosen uniformly, one of its fields (rank,
  type, target, value) chosen uniformly and redrawn; the value moves by -1, 0 or +1 and never below 1.
* ``crossover_effects``: the union by trigger rank: every effect of the first parent, then each effect of
  the second parent replaces (or joins) the first parent's effect on its rank with probability ½ (one
  ``rng.random() < 0.5`` per effect of the second parent, in its order). The result lists ranks in first
  appearance order.
"""

from __future__ import annotations

import random

from darwindeck.evolve.mutations._edit import removed_at, replaced_at
from darwindeck.genome.cards import Rank
from darwindeck.genome.schema import EffectType, GameGenome, SpecialEffect, TargetSelector

#: The targets spec 000's operators choose from.
EFFECT_TARGETS = (TargetSelector.NEXT_PLAYER, TargetSelector.ALL_OPPONENTS)
#: The fields ``mutate_effect`` picks from, in the specification's order.
EFFECT_FIELDS = ("rank", "type", "target", "value")


def add_effect(genome: GameGenome, rng: random.Random) -> GameGenome:
    effect = SpecialEffect(
        trigger_rank=rng.choice(list(Rank)),
        effect_type=rng.choice(list(EffectType)),
        target=rng.choice(EFFECT_TARGETS),
        value=rng.randint(1, 3),
    )
    return genome.replace(special_effects=(*genome.special_effects, effect))


def remove_effect(genome: GameGenome, rng: random.Random) -> GameGenome:
    effects = genome.special_effects
    if not effects:
        return genome
    return genome.replace(special_effects=removed_at(effects, rng.randrange(len(effects))))


def mutate_effect(genome: GameGenome, rng: random.Random) -> GameGenome:
    effects = genome.special_effects
    if not effects:
        return genome
    index = rng.randrange(len(effects))
    effect = effects[index]
    field = rng.choice(EFFECT_FIELDS)
    if field == "rank":
        mutated = SpecialEffect(rng.choice(list(Rank)), effect.effect_type, effect.target, effect.value)
    elif field == "type":
        mutated = SpecialEffect(
            effect.trigger_rank, rng.choice(list(EffectType)), effect.target, effect.value
        )
    elif field == "target":
        mutated = SpecialEffect(
            effect.trigger_rank, effect.effect_type, rng.choice(EFFECT_TARGETS), effect.value
        )
    else:
        value = max(1, effect.value + rng.randint(-1, 1))
        mutated = SpecialEffect(effect.trigger_rank, effect.effect_type, effect.target, value)
    return genome.replace(special_effects=replaced_at(effects, index, mutated))


def crossover_effects(first: GameGenome, second: GameGenome, rng: random.Random) -> tuple[SpecialEffect, ...]:
    by_rank: dict[Rank, SpecialEffect] = {}
    for effect in first.special_effects:
        by_rank[effect.trigger_rank] = effect
    for effect in second.special_effects:
        if rng.random() < 0.5:
            by_rank[effect.trigger_rank] = effect
    return tuple(by_rank.values())

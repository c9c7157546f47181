"""Counting operators: Cribbage's count phase as a mechanism evolution may add, tune and remove.

* ``add_count_phase`` (``AddCountPhaseMutation``): for a game with no count phase and no trick phase:
  inserts ``CountPhase()`` (count to 31, a go scores 1, fifteens / pairs / runs score) at the start of
  the turn. Otherwise unchanged (a trick hand has no turn of its own to count in).
* ``remove_count_phase`` (``RemoveCountPhaseMutation``): removes every count phase, unless that would
  leave no phase at all; none → unchanged.
* ``mutate_count_phase`` (``MutateCountPhaseMutation``): one count phase, one of: ``limit`` to another
  of 21, 31, 41, 51; ``go_points`` to another of 0, 1, 2; ``combos`` toggled.
"""

from __future__ import annotations

import dataclasses
import random

from darwindeck.evolve.mutations._edit import (
    indices_of,
    other_choice,
    replaced_at,
    with_phases,
    with_turn_phase_first,
    without_phases_of,
)
from darwindeck.genome.phases import CountPhase
from darwindeck.genome.schema import GameGenome

_LIMITS = (21, 31, 41, 51)
_GO_POINTS = (0, 1, 2)


def add_count_phase(genome: GameGenome, rng: random.Random) -> GameGenome:
    return with_turn_phase_first(genome, CountPhase())


def remove_count_phase(genome: GameGenome, rng: random.Random) -> GameGenome:
    return without_phases_of(genome, CountPhase)


def mutate_count_phase(genome: GameGenome, rng: random.Random) -> GameGenome:
    found = indices_of(genome.phases, CountPhase)
    if not found:
        return genome
    at = rng.choice(found)
    phase = genome.phases[at]
    assert isinstance(phase, CountPhase)
    field = rng.choice(("limit", "go_points", "combos"))
    if field == "limit":
        changed = dataclasses.replace(phase, limit=other_choice(rng, _LIMITS, phase.limit))
    elif field == "go_points":
        changed = dataclasses.replace(phase, go_points=other_choice(rng, _GO_POINTS, phase.go_points))
    else:
        changed = dataclasses.replace(phase, combos=not phase.combos)
    return with_phases(genome, replaced_at(genome.phases, at, changed))

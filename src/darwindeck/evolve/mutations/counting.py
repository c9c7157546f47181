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

from darwindeck.evolve.mutations._edit import indices_of, replaced_at, with_phases
from darwindeck.genome.phases import CountPhase, TrickPhase
from darwindeck.genome.schema import GameGenome

_LIMITS = (21, 31, 41, 51)
_GO_POINTS = (0, 1, 2)


def add_count_phase(genome: GameGenome, rng: random.Random) -> GameGenome:
    phases = genome.phases
    if indices_of(phases, CountPhase) or indices_of(phases, TrickPhase):
        return genome
    return with_phases(genome, (CountPhase(), *phases))


def remove_count_phase(genome: GameGenome, rng: random.Random) -> GameGenome:
    kept = tuple(phase for phase in genome.phases if not isinstance(phase, CountPhase))
    if not kept or len(kept) == len(genome.phases):
        return genome
    return with_phases(genome, kept)


def mutate_count_phase(genome: GameGenome, rng: random.Random) -> GameGenome:
    found = indices_of(genome.phases, CountPhase)
    if not found:
        return genome
    at = rng.choice(found)
    phase = genome.phases[at]
    assert isinstance(phase, CountPhase)
    field = rng.choice(("limit", "go_points", "combos"))
    if field == "limit":
        changed = dataclasses.replace(phase, limit=rng.choice([n for n in _LIMITS if n != phase.limit]))
    elif field == "go_points":
        go = rng.choice([n for n in _GO_POINTS if n != phase.go_points])
        changed = dataclasses.replace(phase, go_points=go)
    else:
        changed = dataclasses.replace(phase, combos=not phase.combos)
    return with_phases(genome, replaced_at(genome.phases, at, changed))

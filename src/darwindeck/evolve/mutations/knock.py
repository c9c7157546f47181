"""Knock operators: Gin Rummy's knock as a mechanism evolution may add, tune and remove.

* ``add_knock_phase`` (``AddKnockPhaseMutation``): only for a game whose hands are valued
  (``scoring.hand_evaluation``) and that has no knock phase: inserts ``KnockPhase()`` (knock at 10 or
  less, 25-point gin and undercut bonuses, lay-offs) right after the last discard phase, else at the end
  of the turn. Otherwise unchanged.
* ``remove_knock_phase`` (``RemoveKnockPhaseMutation``): removes every knock phase; none → unchanged.
* ``mutate_knock_phase`` (``MutateKnockPhaseMutation``): one knock phase, one of: ``max_value``,
  ``full_bonus`` or ``undercut_bonus`` scaled by ×½, ×⅘, ×1¼ or ×2 (at least ±1, within 0..255), or
  ``lay_off`` toggled.

A knock phase left without hand evaluation is removed by the repairs (``darwindeck.evolve.repair``).
"""

from __future__ import annotations

import dataclasses
import random

from darwindeck.evolve.mutations._edit import indices_of, replaced_at, scaled, with_phases
from darwindeck.genome.phases import DiscardPhase, KnockPhase
from darwindeck.genome.schema import GameGenome
from darwindeck.genome.validation import UINT8_MAX

_FIELDS = ("max_value", "full_bonus", "undercut_bonus", "lay_off")


def add_knock_phase(genome: GameGenome, rng: random.Random) -> GameGenome:
    phases = genome.phases
    if genome.scoring.hand_evaluation is None or indices_of(phases, KnockPhase):
        return genome
    discards = indices_of(phases, DiscardPhase)
    at = discards[-1] + 1 if discards else len(phases)
    return with_phases(genome, (*phases[:at], KnockPhase(), *phases[at:]))


def remove_knock_phase(genome: GameGenome, rng: random.Random) -> GameGenome:
    phases = genome.phases
    if not indices_of(phases, KnockPhase):
        return genome
    return with_phases(genome, [phase for phase in phases if not isinstance(phase, KnockPhase)])


def mutate_knock_phase(genome: GameGenome, rng: random.Random) -> GameGenome:
    knocks = indices_of(genome.phases, KnockPhase)
    if not knocks:
        return genome
    index = rng.choice(knocks)
    phase = genome.phases[index]
    assert isinstance(phase, KnockPhase)
    field = rng.choice(_FIELDS)
    if field == "lay_off":
        mutated = dataclasses.replace(phase, lay_off=not phase.lay_off)
    elif field == "max_value":
        mutated = dataclasses.replace(phase, max_value=scaled(rng, phase.max_value, 0, UINT8_MAX))
    elif field == "full_bonus":
        mutated = dataclasses.replace(phase, full_bonus=scaled(rng, phase.full_bonus, 0, UINT8_MAX))
    else:
        bonus = scaled(rng, phase.undercut_bonus, 0, UINT8_MAX)
        mutated = dataclasses.replace(phase, undercut_bonus=bonus)
    return with_phases(genome, replaced_at(genome.phases, index, mutated))

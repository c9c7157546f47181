"""Betting operators.

* ``add_betting_phase`` (``AddBettingPhaseMutation``): a ``BettingPhase(min_bet 1..5, max_raises 0..3)``
  at a uniformly chosen position, at most ``MAX_BETTING_PHASES``; a game without chips gets
  ``repair.DEFAULT_STARTING_CHIPS``.
* ``remove_betting_phase`` (``RemoveBettingPhaseMutation``): one betting phase removed; with the last
  one the chips go too (``starting_chips`` 0).
* ``mutate_betting`` (``MutateBettingMutation``): in a betting game, one of: a betting phase's
  ``min_bet`` ±1..2 (1..``MAX_MIN_BET``), its ``max_raises`` ±1 (0..``MAX_RAISES``), or
  ``starting_chips`` scaled by ×½, ×⅘, ×1¼ or ×2 (``MIN_CHIPS``..``MAX_CHIPS``).
"""

from __future__ import annotations

import dataclasses
import random

from darwindeck.evolve.mutations._edit import (
    indices_of,
    nudge,
    removed_at,
    replaced_at,
    scaled,
    with_phases,
    with_setup,
)
from darwindeck.evolve.repair import DEFAULT_STARTING_CHIPS
from darwindeck.genome.phases import BettingPhase
from darwindeck.genome.schema import GameGenome

MAX_BETTING_PHASES = 2
MAX_MIN_BET, MAX_RAISES = 20, 6
MIN_CHIPS, MAX_CHIPS = 10, 10_000


def add_betting_phase(genome: GameGenome, rng: random.Random) -> GameGenome:
    phases = genome.phases
    if len(indices_of(phases, BettingPhase)) >= MAX_BETTING_PHASES:
        return genome
    phase = BettingPhase(min_bet=rng.randint(1, 5), max_raises=rng.randint(0, 3))
    at = rng.randint(0, len(phases))
    child = with_phases(genome, (*phases[:at], phase, *phases[at:]))
    if child.setup.starting_chips <= 0:
        child = with_setup(child, starting_chips=DEFAULT_STARTING_CHIPS)
    return child


def remove_betting_phase(genome: GameGenome, rng: random.Random) -> GameGenome:
    betting = indices_of(genome.phases, BettingPhase)
    if not betting:
        return genome
    child = with_phases(genome, removed_at(genome.phases, rng.choice(betting)))
    if len(betting) == 1:
        child = with_setup(child, starting_chips=0)
    return child


def mutate_betting(genome: GameGenome, rng: random.Random) -> GameGenome:
    betting = indices_of(genome.phases, BettingPhase)
    if not betting:
        return genome
    field = rng.choice(("min_bet", "max_raises", "starting_chips"))
    if field == "starting_chips":
        chips = genome.setup.starting_chips
        return with_setup(genome, starting_chips=scaled(rng, chips, MIN_CHIPS, max(MAX_CHIPS, chips)))
    at = rng.choice(betting)
    phase = genome.phases[at]
    assert isinstance(phase, BettingPhase)
    if field == "min_bet":
        changed = dataclasses.replace(
            phase, min_bet=nudge(rng, phase.min_bet, 1, max(MAX_MIN_BET, phase.min_bet), 2)
        )
    else:
        raises = nudge(rng, phase.max_raises, 0, max(MAX_RAISES, phase.max_raises))
        changed = dataclasses.replace(phase, max_raises=raises)
    return with_phases(genome, replaced_at(genome.phases, at, changed))

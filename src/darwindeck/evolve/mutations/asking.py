"""Asking operators: Go Fish's ask phase as a mechanism evolution may add, tune and remove.

* ``add_ask_phase`` (``AddAskPhaseMutation``): for a game with no ask phase and no trick phase:
  inserts ``AskPhase()`` (ask any opponent, go fish, ask again, books of four) at the start of the
  turn. Otherwise unchanged (a trick hand has no turn of its own to ask in).
* ``remove_ask_phase`` (``RemoveAskPhaseMutation``): removes every ask phase, unless that would leave
  no phase that moves a card; none → unchanged.
* ``mutate_ask_phase`` (``MutateAskPhaseMutation``): one ask phase, one of: ``fish`` or ``again``
  toggled, or ``book`` changed to another of 0, 2, 3, 4.
"""

from __future__ import annotations

import dataclasses
import random

from darwindeck.evolve.mutations._edit import (
    indices_of,
    replaced_at,
    with_phases,
    with_turn_phase_first,
    without_phases_of,
)
from darwindeck.genome.phases import AskPhase
from darwindeck.genome.schema import GameGenome

_BOOK_SIZES = (0, 2, 3, 4)


def add_ask_phase(genome: GameGenome, rng: random.Random) -> GameGenome:
    return with_turn_phase_first(genome, AskPhase())


def remove_ask_phase(genome: GameGenome, rng: random.Random) -> GameGenome:
    return without_phases_of(genome, AskPhase)


def mutate_ask_phase(genome: GameGenome, rng: random.Random) -> GameGenome:
    found = indices_of(genome.phases, AskPhase)
    if not found:
        return genome
    at = rng.choice(found)
    phase = genome.phases[at]
    assert isinstance(phase, AskPhase)
    field = rng.choice(("fish", "again", "book"))
    if field == "book":
        changed = dataclasses.replace(phase, book=rng.choice([n for n in _BOOK_SIZES if n != phase.book]))
    else:
        changed = dataclasses.replace(phase, **{field: not getattr(phase, field)})
    return with_phases(genome, replaced_at(genome.phases, at, changed))

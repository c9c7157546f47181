"""Dealer operators: Blackjack's house dealer (``DealerPhase``) as a mechanism evolution may add, tune
and remove.

* ``add_dealer_phase`` (``AddDealerPhaseMutation``): for a game with no dealer phase, appends
  ``DealerPhase()`` (stands on 17, soft 17 too, naturals paid 3 to 2, a peek for a dealer's natural) at
  the end of the turn, when validation lets the game have a dealer (a point-total hand evaluation with a
  bust threshold, no teams, no claim phase, no tableau, room in the deck); otherwise unchanged.
* ``remove_dealer_phase`` (``RemoveDealerPhaseMutation``): removes every dealer phase, unless that would
  leave no phase at all; none → unchanged.
* ``mutate_dealer_phase`` (``MutateDealerPhaseMutation``): the dealer phase, one of: ``stand_on`` to
  another of 15..19; ``hits_soft``, ``naturals`` or ``peek`` toggled.
"""

from __future__ import annotations

import dataclasses
import random

from darwindeck.evolve.mutations._edit import (
    indices_of,
    other_choice,
    replaced_at,
    with_phases,
    without_phases_of,
)
from darwindeck.genome.phases import DealerPhase
from darwindeck.genome.schema import GameGenome
from darwindeck.genome.validation import validate

_STAND_ON = (15, 16, 17, 18, 19)
_FLAGS = ("hits_soft", "naturals", "peek")


def add_dealer_phase(genome: GameGenome, rng: random.Random) -> GameGenome:
    if indices_of(genome.phases, DealerPhase):
        return genome
    at = len(genome.phases)
    child = with_phases(genome, (*genome.phases, DealerPhase()))
    where = f"turn_structure.phases[{at}]"
    refused = any(problem.path.startswith(where) for problem in validate(child).errors)
    return genome if refused else child


def remove_dealer_phase(genome: GameGenome, rng: random.Random) -> GameGenome:
    return without_phases_of(genome, DealerPhase)


def mutate_dealer_phase(genome: GameGenome, rng: random.Random) -> GameGenome:
    found = indices_of(genome.phases, DealerPhase)
    if not found:
        return genome
    at = found[0]
    phase = genome.phases[at]
    assert isinstance(phase, DealerPhase)
    field = rng.choice(("stand_on", *_FLAGS))
    if field == "stand_on":
        changed = dataclasses.replace(phase, stand_on=other_choice(rng, _STAND_ON, phase.stand_on))
    else:
        changed = dataclasses.replace(phase, **{field: not getattr(phase, field)})
    return with_phases(genome, replaced_at(genome.phases, at, changed))

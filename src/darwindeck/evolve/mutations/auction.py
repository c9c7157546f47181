"""Auction operators: Bridge's auction, dummy and contract score as a mechanism evolution may add, tune
and remove.

* ``add_auction_phase`` (``AddAuctionPhaseMutation``): for a game with a trick phase, no auction phase
  and at least seven tricks a hand (a contract of level 7 takes them all): inserts ``AuctionPhase()``
  (doubling, a dummy, nobody vulnerable) right before the first trick phase. Otherwise unchanged.
* ``remove_auction_phase`` (``RemoveAuctionPhaseMutation``): removes every auction phase, unless that
  would leave no phase at all; none → unchanged.
* ``mutate_auction_phase`` (``MutateAuctionPhaseMutation``): one auction phase, one of: ``doubling``
  toggled, ``dummy`` toggled, ``vulnerability`` to another value.
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
from darwindeck.genome.phases import AuctionPhase, TrickPhase, Vulnerability
from darwindeck.genome.schema import GameGenome
from darwindeck.genome.validation import MIN_AUCTION_TRICKS


def add_auction_phase(genome: GameGenome, rng: random.Random) -> GameGenome:
    phases = genome.phases
    tricks = indices_of(phases, TrickPhase)
    if not tricks or indices_of(phases, AuctionPhase) or genome.hand_tricks < MIN_AUCTION_TRICKS:
        return genome
    first = tricks[0]
    return with_phases(genome, (*phases[:first], AuctionPhase(), *phases[first:]))


def remove_auction_phase(genome: GameGenome, rng: random.Random) -> GameGenome:
    return without_phases_of(genome, AuctionPhase)


def mutate_auction_phase(genome: GameGenome, rng: random.Random) -> GameGenome:
    found = indices_of(genome.phases, AuctionPhase)
    if not found:
        return genome
    at = rng.choice(found)
    phase = genome.phases[at]
    assert isinstance(phase, AuctionPhase)
    field = rng.choice(("doubling", "dummy", "vulnerability"))
    if field == "doubling":
        changed = dataclasses.replace(phase, doubling=not phase.doubling)
    elif field == "dummy":
        changed = dataclasses.replace(phase, dummy=not phase.dummy)
    else:
        vulnerability = other_choice(rng, tuple(Vulnerability), phase.vulnerability)
        changed = dataclasses.replace(phase, vulnerability=vulnerability)
    return with_phases(genome, replaced_at(genome.phases, at, changed))

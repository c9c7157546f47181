"""Spec 004's bidding operators.

* ``add_bidding_phase`` (``AddBiddingPhaseMutation``): only for a game with a trick phase and no bidding
  phase: inserts ``BiddingPhase(min_bid=1, max_bid=cards_per_player)`` (max at most 255) right before the
  first trick phase and adds the default ``ContractScoring()``. Otherwise unchanged.
* ``remove_bidding_phase`` (``RemoveBiddingPhaseMutation``): removes every bidding phase and the contract
  scoring with them. No bidding phase → unchanged.
* ``mutate_bidding_phase`` (``MutateBiddingPhaseMutation``): one bidding phase, one of: ``min_bid`` to
  another value of 0..3, ``max_bid`` to another value of cards_per_player ± 2 (within 1..255), or
  ``allow_nil``, ``hook`` or ``blind_nil`` toggled. ``min_bid`` ≤ ``max_bid`` is kept by lowering
  ``min_bid`` when needed.
* ``mutate_contract_scoring`` (``MutateContractScoringMutation``): one field of the contract scoring,
  scaled by ×½, ×⅘, ×1¼ or ×2 (at least ±1) within its byte range (``bag_limit`` ≥ 1; a value the
  scaling cannot move, such as 0, is stepped by one instead), or ``exact``
  toggled (an exact contract is made only by the very number of tricks bid: Oh Hell).

Orphaned contract scoring (no bidding phase left, e.g. after the trick phase was removed) is dropped by
the repairs (``darwindeck.evolve.repair``) and by ``CleanupOrphanedResourcesMutation``.
"""

from __future__ import annotations

import dataclasses
import random

from darwindeck.evolve.mutations._edit import (
    indices_of,
    nudge,
    other_choice,
    replaced_at,
    scaled,
    with_phases,
)
from darwindeck.genome.phases import BiddingPhase, TrickPhase
from darwindeck.genome.schema import ContractScoring, GameGenome
from darwindeck.genome.validation import UINT8_MAX, UINT16_MAX

MIN_BID_CHOICES = (0, 1, 2, 3)
#: Every contract field with its allowed range.
CONTRACT_RANGES: dict[str, tuple[int, int]] = {
    "points_per_trick_bid": (0, UINT8_MAX),
    "overtrick_points": (0, UINT8_MAX),
    "failed_contract_penalty": (0, UINT8_MAX),
    "nil_bonus": (0, UINT16_MAX),
    "nil_penalty": (0, UINT16_MAX),
    "bag_limit": (1, UINT8_MAX),
    "bag_penalty": (0, UINT16_MAX),
    "made_bonus": (0, UINT8_MAX),
}


def add_bidding_phase(genome: GameGenome, rng: random.Random) -> GameGenome:
    phases = genome.phases
    tricks = indices_of(phases, TrickPhase)
    if not tricks or indices_of(phases, BiddingPhase):
        return genome
    max_bid = min(UINT8_MAX, max(1, genome.setup.cards_per_player))
    bidding = BiddingPhase(min_bid=1, max_bid=max_bid)
    first = tricks[0]
    child = with_phases(genome, (*phases[:first], bidding, *phases[first:]))
    return child.replace(contract_scoring=ContractScoring())


def remove_bidding_phase(genome: GameGenome, rng: random.Random) -> GameGenome:
    phases = genome.phases
    if not indices_of(phases, BiddingPhase):
        return genome
    kept = [phase for phase in phases if not isinstance(phase, BiddingPhase)]
    return with_phases(genome, kept).replace(contract_scoring=None)


def mutate_bidding_phase(genome: GameGenome, rng: random.Random) -> GameGenome:
    biddings = indices_of(genome.phases, BiddingPhase)
    if not biddings:
        return genome
    index = rng.choice(biddings)
    phase = genome.phases[index]
    assert isinstance(phase, BiddingPhase)
    field = rng.choice(("min_bid", "max_bid", "allow_nil", "hook", "blind_nil"))
    if field == "min_bid":
        low = other_choice(rng, MIN_BID_CHOICES, phase.min_bid)
        mutated = dataclasses.replace(phase, min_bid=low, max_bid=max(low, phase.max_bid))
    elif field == "max_bid":
        hand = genome.setup.cards_per_player
        options = [b for b in range(hand - 2, hand + 3) if 1 <= b <= UINT8_MAX]
        high = other_choice(rng, options, phase.max_bid) if options else phase.max_bid
        mutated = dataclasses.replace(phase, max_bid=high, min_bid=min(phase.min_bid, high))
    elif field == "allow_nil":
        mutated = dataclasses.replace(phase, allow_nil=not phase.allow_nil)
    elif field == "hook":
        mutated = dataclasses.replace(phase, hook=not phase.hook)
    else:
        mutated = dataclasses.replace(phase, blind_nil=not phase.blind_nil)
    return with_phases(genome, replaced_at(genome.phases, index, mutated))


def mutate_contract_scoring(genome: GameGenome, rng: random.Random) -> GameGenome:
    contract = genome.contract_scoring
    if contract is None:
        return genome
    field = rng.choice([*CONTRACT_RANGES, "exact"])
    if field == "exact":
        return genome.replace(contract_scoring=dataclasses.replace(contract, exact=not contract.exact))
    low, high = CONTRACT_RANGES[field]
    current = getattr(contract, field)
    value = scaled(rng, current, low, high)
    if value == current:  # scaling 0, or a value at its bound, moves nothing: step it instead
        value = nudge(rng, current, low, high)
    changes: dict[str, int] = {field: value}
    return genome.replace(contract_scoring=dataclasses.replace(contract, **changes))  # type: ignore[arg-type]

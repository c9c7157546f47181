"""Phase operators: the shape of a turn.

New phases come from ``random_phase``: a draw, play, discard, trick or claim phase (kind chosen
uniformly; betting and bidding phases have their own families), shaped as listed in ``random_phase``.
A turn holds at most ``MAX_PHASES`` phases.

* ``add_phase`` (``AddPhaseMutation``): a random phase inserted at a uniformly chosen position.
* ``remove_phase`` (``RemovePhaseMutation``): one phase removed (never the last one).
* ``replace_phase`` (``ReplacePhaseMutation``): one phase replaced by a random phase.
* ``swap_phases`` (``SwapPhasesMutation``): two phases exchange places.
* ``mutate_phase`` (``MutatePhaseMutation``): one field of one draw / play / discard / trick / claim
  phase: a flag toggled, or another value among ``PHASE_FIELD_OPTIONS`` (places, card counts 1..4,
  trump and breaking suits, a trick phase's first lead: none or 2♣); ``min_cards`` ≤ ``max_cards`` is
  kept by swapping them. Counts of draws and discards belong to ``parameters.mutate_draw_count``;
  conditions to ``conditions``.
* ``cleanup_orphaned_resources`` (``CleanupOrphanedResourcesMutation``, spec 004): drops what no rule
  uses any more: contract scoring without a bidding phase, maker scoring without a trump phase, book
  scoring without a trick phase, effects shadowed by a later effect on the same rank, a sequence
  direction outside SEQUENCE (back to BOTH), starting chips without a betting phase,
  ``tricks_per_hand`` without a trick phase.

A removal or a swap can leave a genome that needs a repair (a bidding phase with no trick after it) or
that validation rejects (no phase moves a card); the pipeline deals with both.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Sequence

from darwindeck.evolve.mutations._edit import (
    indices_of,
    other_choice,
    removed_at,
    replaced_at,
    with_phases,
    with_setup,
)
from darwindeck.evolve.mutations.conditions import CARD_TYPES, random_condition, state_pool
from darwindeck.genome.cards import Location, Rank, Suit
from darwindeck.genome.phases import (
    BettingPhase,
    BiddingPhase,
    ClaimPhase,
    DiscardPhase,
    DrawPhase,
    Phase,
    PlayPhase,
    TrickPhase,
    TrumpPhase,
)
from darwindeck.genome.schema import GameGenome, SequenceDirection, SpecialEffect, TableauMode

MAX_PHASES = 6
CARD_COUNTS = (1, 2, 3, 4)
_SUIT_OR_NONE: tuple[Suit | None, ...] = (None, *Suit)
#: Non-flag fields ``mutate_phase`` may change, with their values (flags are toggled).
PHASE_FIELD_OPTIONS: dict[type[Phase], dict[str, Sequence[object]]] = {
    DrawPhase: {"source": (Location.DECK, Location.DISCARD, Location.OPPONENT_HAND)},
    PlayPhase: {
        "target": (Location.DISCARD, Location.TABLEAU),
        "min_cards": CARD_COUNTS,
        "max_cards": CARD_COUNTS,
    },
    DiscardPhase: {"target": (Location.DISCARD, Location.TABLEAU)},
    TrickPhase: {
        "trump_suit": _SUIT_OR_NONE,
        "breaking_suit": _SUIT_OR_NONE,
        "first_lead": (None, (Rank.TWO, Suit.CLUBS)),
    },
    ClaimPhase: {"min_cards": CARD_COUNTS, "max_cards": CARD_COUNTS},
}
_EDITABLE = tuple(PHASE_FIELD_OPTIONS)


def random_phase(rng: random.Random, genome: GameGenome) -> Phase:
    """A new card-moving phase:

    * draw: from the deck (¾) or the discard, 1-2 cards, optional, with a state condition half the time;
    * play: to the discard (¾) or the tableau, 1..1-3 cards, a condition of any kind half the time;
    * discard: one card to the discard, mandatory or not;
    * trick: random flags, the setup's trump suit, no breaking suit;
    * claim: 1..1-4 cards with the default challenge rules.
    """
    kind = rng.choice(("draw", "play", "discard", "trick", "claim"))
    if kind == "draw":
        source = Location.DECK if rng.random() < 0.75 else Location.DISCARD
        pool = state_pool(genome)
        condition = random_condition(rng, genome, pool) if rng.random() < 0.5 else None
        return DrawPhase(
            source=source, count=rng.randint(1, 2), mandatory=rng.random() < 0.5, condition=condition
        )
    if kind == "play":
        target = Location.DISCARD if rng.random() < 0.75 else Location.TABLEAU
        pool = CARD_TYPES + state_pool(genome)
        condition = random_condition(rng, genome, pool) if rng.random() < 0.5 else None
        return PlayPhase(target=target, valid_play_condition=condition, max_cards=rng.randint(1, 3))
    if kind == "discard":
        return DiscardPhase(mandatory=rng.random() < 0.5)
    if kind == "trick":
        return TrickPhase(
            lead_suit_required=rng.random() < 0.5,
            trump_suit=genome.setup.trump_suit,
            high_card_wins=rng.random() < 0.5,
        )
    return ClaimPhase(max_cards=rng.randint(1, 4))


def add_phase(genome: GameGenome, rng: random.Random) -> GameGenome:
    phases = genome.phases
    if len(phases) >= MAX_PHASES:
        return genome
    at = rng.randint(0, len(phases))
    return with_phases(genome, (*phases[:at], random_phase(rng, genome), *phases[at:]))


def remove_phase(genome: GameGenome, rng: random.Random) -> GameGenome:
    phases = genome.phases
    if len(phases) < 2:
        return genome
    return with_phases(genome, removed_at(phases, rng.randrange(len(phases))))


def replace_phase(genome: GameGenome, rng: random.Random) -> GameGenome:
    phases = genome.phases
    at = rng.randrange(len(phases))
    return with_phases(genome, replaced_at(phases, at, random_phase(rng, genome)))


def swap_phases(genome: GameGenome, rng: random.Random) -> GameGenome:
    phases = list(genome.phases)
    if len(phases) < 2:
        return genome
    i, j = rng.sample(range(len(phases)), 2)
    phases[i], phases[j] = phases[j], phases[i]
    return with_phases(genome, phases)


def mutate_phase(genome: GameGenome, rng: random.Random) -> GameGenome:
    editable = indices_of(genome.phases, _EDITABLE)
    if not editable:
        return genome
    at = rng.choice(editable)
    phase = genome.phases[at]
    options = PHASE_FIELD_OPTIONS[type(phase)]
    flags = [f.name for f in dataclasses.fields(phase) if isinstance(getattr(phase, f.name), bool)]
    field = rng.choice([*flags, *options])
    current = getattr(phase, field)
    value = (not current) if field in flags else other_choice(rng, options[field], current)
    changed: Phase = dataclasses.replace(phase, **{field: value})  # type: ignore[arg-type]
    if isinstance(changed, PlayPhase | ClaimPhase) and changed.min_cards > changed.max_cards:
        changed = dataclasses.replace(changed, min_cards=changed.max_cards, max_cards=changed.min_cards)
    return with_phases(genome, replaced_at(genome.phases, at, changed))


def _unshadowed(effects: tuple[SpecialEffect, ...]) -> tuple[SpecialEffect, ...]:
    """The effects that are not overridden by a later effect on the same rank."""
    return tuple(
        effect
        for i, effect in enumerate(effects)
        if all(later.trigger_rank is not effect.trigger_rank for later in effects[i + 1 :])
    )


def cleanup_orphaned_resources(genome: GameGenome, rng: random.Random) -> GameGenome:
    phases = genome.phases
    if genome.contract_scoring is not None and not indices_of(phases, BiddingPhase):
        genome = genome.replace(contract_scoring=None)
    if genome.maker_scoring is not None and not indices_of(phases, TrumpPhase):
        genome = genome.replace(maker_scoring=None)
    if genome.book_scoring is not None and not indices_of(phases, TrickPhase):
        genome = genome.replace(book_scoring=None)
    effects = _unshadowed(genome.special_effects)
    if effects != genome.special_effects:
        genome = genome.replace(special_effects=effects)
    setup = genome.setup
    if (
        setup.tableau_mode is not TableauMode.SEQUENCE
        and setup.sequence_direction is not SequenceDirection.BOTH
    ):
        genome = with_setup(genome, sequence_direction=SequenceDirection.BOTH)
    if setup.starting_chips and not indices_of(phases, BettingPhase):
        genome = with_setup(genome, starting_chips=0)
    if genome.turn_structure.tricks_per_hand is not None and not indices_of(phases, TrickPhase):
        genome = with_phases(genome, phases)
    return genome

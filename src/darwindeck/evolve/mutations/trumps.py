"""Trump-making operators: Euchre's trump phase, top trumps (bowers), maker scoring and Whist's turned
trump as mechanisms evolution may add, tune and remove.

* ``add_trump_phase`` (``AddTrumpPhaseMutation``): for a game with a trick phase and no trump phase:
  inserts ``TrumpPhase()`` right before the first trick phase, turns up one card when none is
  (``initial_discard_count`` 1; unchanged when the deck has no card left for it) and adds maker scoring
  (made at a majority of the hand's tricks, 1 / 2 / 2 points). Otherwise unchanged.
* ``remove_trump_phase`` (``RemoveTrumpPhaseMutation``): removes every trump phase and the maker scoring
  with them; none → unchanged.
* ``mutate_trump_phase`` (``MutateTrumpPhaseMutation``): one trump phase, one of its three flags
  (``dealer_takes``, ``name_round``, ``stick_the_dealer``) toggled.
* ``toggle_top_trumps`` (``ToggleTopTrumpsMutation``): one trick phase: top trumps cleared when it has
  some, else given Euchre's bowers (J of trumps, then J of the same colour).
* ``mutate_top_trumps`` (``MutateTopTrumpsMutation``): one top trump of one trick phase, either its
  rank changed to another rank of the deck or its suit relation flipped (trump ↔ same colour); a change
  that would list a card twice is not made.
* ``mutate_maker_scoring`` (``MutateMakerScoringMutation``): one field: ``made_tricks`` moved by one
  (1..the tricks of a hand), or a point value scaled (0..255).
* ``toggle_turned_trump`` (``ToggleTurnedTrumpMutation``): for a game with a trick phase: the turned
  trump (``setup.turned_trump``) cleared when there is one; else one is set, ``upcard`` or
  ``dealer_last`` at random, ``dealer_last`` when the deal leaves no card to turn up. ``upcard`` turns
  up one card when none is (``initial_discard_count`` 1). Fixed trump suits are left as they are (the
  turned card overrides them while it is there). No trick phase → unchanged.
* ``mutate_turned_trump`` (``MutateTurnedTrumpMutation``): the turned trump switched to the other form
  (to ``upcard`` only when a card can be turned up, turning up one when none is); none → unchanged.

Orphaned maker scoring (no trump phase left) is dropped by the repairs and by
``CleanupOrphanedResourcesMutation``; an ``upcard`` turned trump with nothing turned up is given a card
(or becomes ``dealer_last``) by the repairs.
"""

from __future__ import annotations

import dataclasses
import random

from darwindeck.evolve.mutations._edit import (
    hand_tricks,
    indices_of,
    nudge,
    other_choice,
    replaced_at,
    scaled,
    with_phases,
    with_setup,
)
from darwindeck.genome.cards import Rank
from darwindeck.genome.phases import TopTrump, TrickPhase, TrumpPhase, TrumpRelation
from darwindeck.genome.schema import GameGenome, MakerScoring, TurnedTrump
from darwindeck.genome.validation import UINT8_MAX

#: Euchre's bowers, what ``toggle_top_trumps`` adds.
BOWERS = (TopTrump(Rank.JACK, TrumpRelation.TRUMP), TopTrump(Rank.JACK, TrumpRelation.SAME_COLOUR))
POINT_FIELDS = ("made_points", "march_points", "euchre_points")


def add_trump_phase(genome: GameGenome, rng: random.Random) -> GameGenome:
    phases = genome.phases
    tricks = indices_of(phases, TrickPhase)
    if not tricks or indices_of(phases, TrumpPhase):
        return genome
    setup = genome.setup
    if setup.initial_discard_count == 0:
        if setup.cards_per_player * genome.player_count >= setup.initial_deck.size:
            return genome
        genome = with_setup(genome, initial_discard_count=1)
    first = tricks[0]
    child = with_phases(genome, (*phases[:first], TrumpPhase(), *phases[first:]))
    made = hand_tricks(genome) // 2 + 1
    return child.replace(maker_scoring=MakerScoring(made_tricks=min(made, hand_tricks(genome))))


def remove_trump_phase(genome: GameGenome, rng: random.Random) -> GameGenome:
    if not indices_of(genome.phases, TrumpPhase):
        return genome
    kept = [phase for phase in genome.phases if not isinstance(phase, TrumpPhase)]
    return with_phases(genome, kept).replace(maker_scoring=None)


def mutate_trump_phase(genome: GameGenome, rng: random.Random) -> GameGenome:
    found = indices_of(genome.phases, TrumpPhase)
    if not found:
        return genome
    at = rng.choice(found)
    phase = genome.phases[at]
    assert isinstance(phase, TrumpPhase)
    field = rng.choice(("dealer_takes", "name_round", "stick_the_dealer"))
    changed = dataclasses.replace(phase, **{field: not getattr(phase, field)})
    return with_phases(genome, replaced_at(genome.phases, at, changed))


def toggle_top_trumps(genome: GameGenome, rng: random.Random) -> GameGenome:
    found = indices_of(genome.phases, TrickPhase)
    if not found:
        return genome
    at = rng.choice(found)
    phase = genome.phases[at]
    assert isinstance(phase, TrickPhase)
    changed = dataclasses.replace(phase, top_trumps=() if phase.top_trumps else BOWERS)
    return with_phases(genome, replaced_at(genome.phases, at, changed))


def mutate_top_trumps(genome: GameGenome, rng: random.Random) -> GameGenome:
    found = [i for i in indices_of(genome.phases, TrickPhase) if genome.phases[i].top_trumps]  # type: ignore[union-attr]
    if not found:
        return genome
    at = rng.choice(found)
    phase = genome.phases[at]
    assert isinstance(phase, TrickPhase)
    index = rng.randrange(len(phase.top_trumps))
    top = phase.top_trumps[index]
    if rng.random() < 0.5:
        top = dataclasses.replace(top, rank=other_choice(rng, genome.setup.initial_deck.ranks(), top.rank))
    else:
        top = dataclasses.replace(top, suit=other_choice(rng, tuple(TrumpRelation), top.suit))
    if top in phase.top_trumps:
        return genome
    changed = dataclasses.replace(phase, top_trumps=replaced_at(phase.top_trumps, index, top))
    return with_phases(genome, replaced_at(genome.phases, at, changed))


def mutate_maker_scoring(genome: GameGenome, rng: random.Random) -> GameGenome:
    maker = genome.maker_scoring
    if maker is None:
        return genome
    field = rng.choice(("made_tricks", *POINT_FIELDS))
    if field == "made_tricks":
        value = nudge(rng, maker.made_tricks, 1, hand_tricks(genome))
    else:
        value = scaled(rng, getattr(maker, field), 0, UINT8_MAX)
    return genome.replace(maker_scoring=dataclasses.replace(maker, **{field: value}))


def _can_turn_up(genome: GameGenome) -> bool:
    """Whether an ``upcard`` turned trump has (or can be given) a card turned up from the stock."""
    setup = genome.setup
    spare = setup.cards_per_player * genome.player_count < setup.initial_deck.size
    return setup.initial_discard_count > 0 or spare


def _with_turned(genome: GameGenome, turned: TurnedTrump) -> GameGenome:
    if turned is TurnedTrump.UPCARD and genome.setup.initial_discard_count == 0:
        return with_setup(genome, turned_trump=turned, initial_discard_count=1)
    return with_setup(genome, turned_trump=turned)


def toggle_turned_trump(genome: GameGenome, rng: random.Random) -> GameGenome:
    if genome.setup.turned_trump is not None:
        return with_setup(genome, turned_trump=None)
    if not indices_of(genome.phases, TrickPhase):
        return genome
    forms = [TurnedTrump.DEALER_LAST] + ([TurnedTrump.UPCARD] if _can_turn_up(genome) else [])
    return _with_turned(genome, rng.choice(forms))


def mutate_turned_trump(genome: GameGenome, rng: random.Random) -> GameGenome:
    turned = genome.setup.turned_trump
    if turned is None:
        return genome
    if turned is TurnedTrump.UPCARD:
        return _with_turned(genome, TurnedTrump.DEALER_LAST)
    return _with_turned(genome, TurnedTrump.UPCARD) if _can_turn_up(genome) else genome

"""Board operators: Texas Hold'em's community cards (``BoardPhase``) as a mechanism evolution may add,
tune, cut into other streets and remove.

A *street* is a board phase; its *betting round* is the first betting phase after it. The *board* is
every street's cards together (at most ``MAX_BOARD`` = 5); the *hole cards* are ``cards_per_player``.

* ``add_board`` (``AddBoardMutation``): for a betting game with no board phase, puts a street of 1..3
  cards (``BoardPhase(cards=…)``, no blinds) just before one of its betting phases, chosen uniformly,
  when the game with it is valid (a board needs a ``poker`` hand evaluation and a ``best_hand`` win,
  no tableau, dealer or crib, the cards left after the deal); otherwise unchanged.
* ``remove_board`` (``RemoveBoardMutation``): the community cards become each player's own, as five-card
  stud deals them (Simple Poker): every street of ``c`` > 0 cards becomes a compulsory draw of ``c``
  cards from the deck while the hand holds fewer than the hole cards and the whole board; streets of no
  card go, and with them the blinds and the pot-sized betting; no board → unchanged.
* ``mutate_board`` (``MutateBoardMutation``): in a board game, one of (uniformly among those that can
  change the game):
    - ``cards``: one street's cards ±1 (0..5, the board at most 5 in all);
    - ``stakes``: the big blind scaled by ×½, ×⅘, ×1¼ or ×2 within 2..``starting_chips`` // 10 (a stack
      of at least ten big blinds), the small blind half of it, and every betting round whose minimum
      bet was the big blind follows it (Hold'em's minimum bet is the big blind); a game without blinds
      gets them on its first street that has a betting round: the big blind that round's minimum bet
      (within the same bounds), the small blind half of it;
    - ``pot_sized``: on for every street when no street has it, else off for every street (pot-sized
      no-limit bets, or the betting phases' own);
    - ``hole``: ``cards_per_player`` ±1, within 1..what the deck leaves for each player after the
      initial discard and the board (``repair.max_hole_cards``).
* ``mutate_streets`` (``MutateStreetsMutation``): one of (uniformly): *split* a street of ``c`` ≥ 2
  cards into ``k`` (1..c−1) and ``c − k`` with a copy of its betting round (else of the last round
  before it) between them, the blinds staying on the first; or *merge* a street into the street before
  it, the betting rounds between them dropped, the blinds kept (the earlier street's when both have
  them). The board's total is unchanged.

Every result still goes through the pipeline's validation and repairs (``repair.fit_board_*``).
"""

from __future__ import annotations

import dataclasses
import random

from darwindeck.evolve.mutations._edit import (
    indices_of,
    nudge,
    replaced_at,
    scaled,
    with_phases,
    with_setup,
)
from darwindeck.evolve.repair import board_cards, max_hole_cards
from darwindeck.genome.cards import Location
from darwindeck.genome.conditions import Operator
from darwindeck.genome.library.parts import hand_size
from darwindeck.genome.phases import MAX_BOARD, BettingPhase, BoardPhase, DrawPhase, Phase
from darwindeck.genome.schema import GameGenome
from darwindeck.genome.validation import validate

#: The cards a street added by ``add_board`` deals.
ADDED_STREET = (1, 2, 3)
#: A stack holds at least this many big blinds (``mutate_board``'s stakes).
MIN_STACK_BLINDS = 10
#: The smallest big blind a stake change sets (its small blind, half of it, is then at least 1).
MIN_BIG_BLIND = 2


def betting_round(phases: tuple[Phase, ...], street: int) -> int | None:
    """The index of the street's betting round (the first betting phase after it), None without one."""
    return next((i for i in indices_of(phases, BettingPhase) if i > street), None)


def _street(genome: GameGenome, at: int) -> BoardPhase:
    phase = genome.phases[at]
    assert isinstance(phase, BoardPhase)
    return phase


# ------------------------------------------------------------------------------------- add / remove


def add_board(genome: GameGenome, rng: random.Random) -> GameGenome:
    betting = indices_of(genome.phases, BettingPhase)
    if indices_of(genome.phases, BoardPhase) or not betting:
        return genome
    at = rng.choice(betting)
    street = BoardPhase(cards=rng.choice(ADDED_STREET))
    child = with_phases(genome, (*genome.phases[:at], street, *genome.phases[at:]))
    return child if validate(child).ok else genome


def remove_board(genome: GameGenome, rng: random.Random) -> GameGenome:
    if not indices_of(genome.phases, BoardPhase):
        return genome
    full_hand = genome.setup.cards_per_player + board_cards(genome)
    phases: list[Phase] = []
    for phase in genome.phases:
        if not isinstance(phase, BoardPhase):
            phases.append(phase)
        elif phase.cards > 0:
            condition = hand_size(Operator.LT, full_hand)
            phases.append(DrawPhase(Location.DECK, phase.cards, mandatory=True, condition=condition))
    return with_phases(genome, phases)


# ------------------------------------------------------------------------------------------- tuning


def _street_cards(genome: GameGenome, at: int, rng: random.Random) -> GameGenome:
    street = _street(genome, at)
    high = min(MAX_BOARD, street.cards + MAX_BOARD - board_cards(genome))
    changed = dataclasses.replace(street, cards=nudge(rng, street.cards, 0, high))
    return with_phases(genome, replaced_at(genome.phases, at, changed))


def _stakes(genome: GameGenome, rng: random.Random) -> GameGenome:
    phases = genome.phases
    blinded = [i for i in indices_of(phases, BoardPhase) if _street(genome, i).big_blind > 0]
    cap = max(MIN_BIG_BLIND, genome.setup.starting_chips // MIN_STACK_BLINDS)
    if blinded:
        at, old = blinded[0], _street(genome, blinded[0]).big_blind
        big = scaled(rng, old, MIN_BIG_BLIND, cap)
    else:
        at = next(i for i in indices_of(phases, BoardPhase) if betting_round(phases, i) is not None)
        round_at = betting_round(phases, at)
        assert round_at is not None
        bet = phases[round_at]
        assert isinstance(bet, BettingPhase)
        old, big = -1, min(cap, max(MIN_BIG_BLIND, bet.min_bet))
    street = dataclasses.replace(_street(genome, at), small_blind=big // 2, big_blind=big)
    changed = list(replaced_at(phases, at, street))
    for i in indices_of(changed, BettingPhase):
        bet = changed[i]
        assert isinstance(bet, BettingPhase)
        if bet.min_bet == old:
            changed[i] = dataclasses.replace(bet, min_bet=big)
    return with_phases(genome, changed)


def _pot_sized(genome: GameGenome) -> GameGenome:
    pot = not any(_street(genome, i).pot_sized for i in indices_of(genome.phases, BoardPhase))
    phases = [
        dataclasses.replace(phase, pot_sized=pot) if isinstance(phase, BoardPhase) else phase
        for phase in genome.phases
    ]
    return with_phases(genome, phases)


def hole_limit(genome: GameGenome) -> int:
    """The most hole cards each player can be dealt with the board still to come (at least 1)."""
    return max(1, max_hole_cards(genome))


def mutate_board(genome: GameGenome, rng: random.Random) -> GameGenome:
    streets = indices_of(genome.phases, BoardPhase)
    if not streets:
        return genome
    room = board_cards(genome) < MAX_BOARD
    options: list[tuple[str, int]] = [("cards", i) for i in streets if room or _street(genome, i).cards]
    if any(betting_round(genome.phases, i) is not None for i in streets):
        options.append(("stakes", -1))
    if indices_of(genome.phases, BettingPhase):
        options.append(("pot_sized", -1))
    if hole_limit(genome) > 1:
        options.append(("hole", -1))
    if not options:
        return genome
    option, at = rng.choice(options)
    if option == "cards":
        return _street_cards(genome, at, rng)
    if option == "stakes":
        return _stakes(genome, rng)
    if option == "pot_sized":
        return _pot_sized(genome)
    hole = nudge(rng, genome.setup.cards_per_player, 1, hole_limit(genome))
    return with_setup(genome, cards_per_player=hole)


# ------------------------------------------------------------------------------------------ streets


def _split(genome: GameGenome, at: int, rng: random.Random) -> GameGenome:
    phases, street = genome.phases, _street(genome, at)
    round_at = betting_round(phases, at)
    if round_at is None:
        round_at = indices_of(phases[:at], BettingPhase)[-1]
    first = rng.randint(1, street.cards - 1)
    second = dataclasses.replace(street, cards=street.cards - first, small_blind=0, big_blind=0)
    cut = (dataclasses.replace(street, cards=first), phases[round_at], second)
    return with_phases(genome, (*phases[:at], *cut, *phases[at + 1 :]))


def _merge(genome: GameGenome, at: int) -> GameGenome:
    phases = genome.phases
    before = indices_of(phases[:at], BoardPhase)[-1]
    earlier, later = _street(genome, before), _street(genome, at)
    merged = dataclasses.replace(earlier, cards=earlier.cards + later.cards)
    if not earlier.big_blind:
        merged = dataclasses.replace(merged, small_blind=later.small_blind, big_blind=later.big_blind)
    kept = [
        merged if i == before else phase
        for i, phase in enumerate(phases)
        if i != at and not (before < i < at and isinstance(phase, BettingPhase))
    ]
    return with_phases(genome, kept)


def mutate_streets(genome: GameGenome, rng: random.Random) -> GameGenome:
    streets = indices_of(genome.phases, BoardPhase)
    betting = indices_of(genome.phases, BettingPhase)
    options = [("split", i) for i in streets if _street(genome, i).cards >= 2 and betting]
    options += [("merge", i) for i in streets[1:]]
    if not options:
        return genome
    option, at = rng.choice(options)
    return _split(genome, at, rng) if option == "split" else _merge(genome, at)

"""Blackjack, decision for decision against OpenSpiel's ``blackjack``.

OpenSpiel plays one player against a dealer who stands on every 17 (soft 17 too) and draws to 16; its
chance outcomes are cards ``suit * 13 + rank`` (suits C, D, H, S; ranks A, 2 … K), dealt two to the
player, then the dealer's hidden first card and its up-card, then every hit and every dealer draw in
turn. Its returns are +1, −1 or 0 (a bust loses whatever the dealer holds; a player who busts ends the
game without the dealer drawing).

OpenSpiel's variant differs from the published game we play (``genome.library.casino.blackjack``): it
has no naturals (a two-card 21 is any 21, paid even) and no peek, and a player may hit on 21. So our
genome is configured to it: ``naturals`` and ``peek`` off, a draw offered while the hand is at most 21.
Our engine needs two players, so seat 1 is an onlooker who stands at once: its two cards are the last
two of the shuffle, which no game comes near, and nothing of seat 0's game depends on it (the dealer
plays on when seat 0 busts because seat 1 stands, which changes no return of seat 0).

Each game deals from a seeded shuffle of OpenSpiel's 52 cards: seat 0 the first two, the dealer the
third (hole card) and fourth (up-card), and our deck is the rest in order, so both engines draw the
same cards. Both then play random moves from OpenSpiel's legal ones. At every decision both must agree
on who moves, on the legal set (our DRAW and PASS as OpenSpiel's Hit and Stand) and on the returns (0
until the end); at the end, on the returns and, when seat 0 did not bust, on the dealer's cards.

1,000 games (seeds 0 … 999) compare 1,390 decisions in 7 s (without the JIT); no difference was found.
"""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

import pytest

from darwindeck.engine import layout as L
from darwindeck.engine.state_api import GameState
from darwindeck.genome import Condition, ConditionType, DealerPhase, DrawPhase, GameGenome, Operator
from darwindeck.genome.library import get_game
from oracle.cards import suit_major_card as ours_of

pyspiel = pytest.importorskip(
    "pyspiel", reason="open_spiel (the test-only oracle) has no wheel for this platform"
)
OpenSpielState = Any  # pyspiel.BlackjackState (no type stubs)

GAMES = 1000
HIT, STAND = 0, 1


def openspiel_variant() -> GameGenome:
    """Our Blackjack as OpenSpiel plays it (module docstring), for two seats (seat 1 an onlooker)."""
    game = get_game("blackjack")
    draw, dealer = game.phases
    assert isinstance(draw, DrawPhase) and isinstance(dealer, DealerPhase)
    draw = replace(draw, condition=Condition(ConditionType.HAND_VALUE, Operator.LE, 21))
    dealer = replace(dealer, naturals=False, peek=False)
    turns = replace(game.turn_structure, phases=(draw, dealer))
    return game.replace(player_count=2, turn_structure=turns)


def deal(seed: int, genome: GameGenome) -> tuple[GameState, OpenSpielState, list[int]]:
    order = random.Random(seed).sample(range(52), 52)
    theirs = pyspiel.load_game("blackjack").new_initial_state()
    for card in order[:4]:
        theirs.apply_action(card)
    ours = GameState.new(genome, seed + 1)
    mine = [ours_of(card) for card in order]
    hole, up = mine[2], mine[3]
    ours.arrange(hands=[mine[:2], mine[-2:]], deck=list(reversed(mine[4:-2])), dealer=(up, hole), current=0)
    return ours, theirs, order[4:]


def our_moves(ours: GameState) -> list[int]:
    """Our legal moves as OpenSpiel's (DRAW is Hit, PASS is Stand)."""
    names = {L.A_DRAW: HIT, L.A_PASS: STAND}
    return sorted(names[action] for action in ours.legal_actions())


def onlooker_stands(ours: GameState) -> None:
    while not ours.is_terminal() and ours.current_player == 1:
        ours.apply_action(L.A_PASS)


def their_dealer(theirs: OpenSpielState) -> list[int]:
    """The dealer's cards in OpenSpiel's state string (a line ``Dealer: Cards: HA C3 D4``, hole first)."""
    line = next(line for line in str(theirs).split("\n") if line.startswith("Dealer: Cards:"))
    cards = line.removeprefix("Dealer: Cards:").split()
    return [ours_of("CDHS".index(c[0]) * 13 + "A23456789TJQK".index(c[1])) for c in cards]


def play_one(seed: int, genome: GameGenome) -> int:
    """Play one game in both engines; the number of decisions compared."""
    ours, theirs, stock = deal(seed, genome)
    rng = random.Random(seed)
    compared = 0
    while not theirs.is_terminal():
        where = f"seed {seed}, decision {compared}"
        assert ours.current_player == theirs.current_player() == 0, f"{where}: player"
        assert our_moves(ours) == sorted(theirs.legal_actions()), f"{where}: legal"
        assert ours.returns()[0] == theirs.returns()[0] == 0, f"{where}: returns"
        move = rng.choice(theirs.legal_actions())
        theirs.apply_action(move)
        ours.apply_action(L.A_DRAW if move == HIT else L.A_PASS)
        while theirs.is_chance_node():
            theirs.apply_action(stock.pop(0))
        onlooker_stands(ours)
        compared += 1
    assert ours.is_terminal(), f"seed {seed}: OpenSpiel's game ended, ours goes on"
    assert ours.returns()[0] == theirs.returns()[0], f"seed {seed}: returns"
    if not bust(ours.hand(0)):  # both dealers drew the same cards (ours: the up-card before the hole card)
        hole, up, *drawn = their_dealer(theirs)
        assert list(ours.dealer_cards()) == [up, hole, *drawn], f"seed {seed}: the dealer's cards"
    return compared


def bust(cards: tuple[int, ...]) -> bool:
    """Over 21 with every ace counted 1 (our rank code 12 is the ace; J, Q, K count 10)."""
    return sum(1 if c % 13 == 12 else min(c % 13 + 2, 10) for c in cards) > 21


def test_blackjack_agrees_with_openspiel_decision_for_decision() -> None:
    genome = openspiel_variant()
    compared = sum(play_one(seed, genome) for seed in range(GAMES))
    assert compared >= 1_300, compared

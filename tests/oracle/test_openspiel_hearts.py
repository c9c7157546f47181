"""Hearts, move for move against OpenSpiel's ``hearts`` (the reference most researchers use).

Each game deals the same 52 cards in both engines (OpenSpiel deals card ``k`` of its chance sequence to
player ``k mod 4``; ours is arranged to the same hands), passes to the left (our hand 1; OpenSpiel's
pass-direction chance outcome ``Left``), then plays random legal moves drawn from OpenSpiel's list. At
every step both engines must agree on who acts and on the exact set of legal cards; at the end of the
hand, on every player's points (OpenSpiel returns ``26 − points``; ours adds the points to the score).

Where the two rule sets differ on purpose, the difference is stated once, here, as OpenSpiel
parameters: ``qs_breaks_hearts`` is False (in our Hearts, and in Pagat's standard rules, only a heart
breaks hearts; the queen of spades does not). Everything else is OpenSpiel's default: passing, the 2♣
must lead, no points on the first trick, hearts must be broken, no J♦ bonus, no bonus for taking no
trick. OpenSpiel plays one hand; our game goes on to 100, so the comparison stops at the hand's end.
"""

from __future__ import annotations

import random

import pytest

from darwindeck.engine.state_api import GameState
from darwindeck.genome.cards import Rank, Suit, card_id
from darwindeck.genome.library import get_game
from oracle.cards import rank_major_card

pyspiel = pytest.importorskip(
    "pyspiel", reason="open_spiel (the test-only oracle) has no wheel for this platform"
)

OPENSPIEL_PARAMS = {"qs_breaks_hearts": False}  # the one deliberate difference (module docstring)
PASS_LEFT = 1  # OpenSpiel's pass-direction chance outcomes: 0 none, 1 left, 2 across, 3 right
GAMES = 1000
PLAYERS = 4
POINTS_IN_A_HAND = 26


def our_card(openspiel_card: int) -> int:
    """OpenSpiel's card ``rank * 4 + suit`` (suits C, D, H, S; ranks 2..A) as our card id."""
    return rank_major_card(openspiel_card)


def play_one(seed: int) -> int:
    """Play one hand in both engines; return the number of decisions compared."""
    rng = random.Random(seed)
    theirs = pyspiel.load_game("hearts", OPENSPIEL_PARAMS).new_initial_state()
    theirs.apply_action(PASS_LEFT)
    hands: list[list[int]] = [[] for _ in range(PLAYERS)]
    dealt = 0
    while theirs.is_chance_node():
        card = rng.choice([outcome for outcome, _ in theirs.chance_outcomes()])
        hands[dealt % PLAYERS].append(our_card(card))
        theirs.apply_action(card)
        dealt += 1
    ours = GameState.new(get_game("hearts"), seed)
    ours.arrange(hands=hands, deck=[], discard=[], current=0)
    steps = 0
    while not theirs.is_terminal():
        where = f"seed {seed}, step {steps}"
        assert ours.current_player == theirs.current_player(), where
        legal = theirs.legal_actions()
        assert sorted(ours.legal_actions()) == sorted(our_card(a) for a in legal), where
        action = rng.choice(legal)
        theirs.apply_action(action)
        ours.apply_action(our_card(action))
        steps += 1
    points = [POINTS_IN_A_HAND - int(value) for value in theirs.returns()]
    assert list(ours.scores()) == points, f"seed {seed}: points"
    return steps


def test_a_dealt_card_maps_to_the_same_card() -> None:
    # OpenSpiel numbers 2♣ 0, 2♦ 1, 2♥ 2, 2♠ 3, 3♣ 4, ..., A♠ 51.
    assert our_card(0) == card_id(Rank.TWO, Suit.CLUBS)
    assert our_card(3) == card_id(Rank.TWO, Suit.SPADES)
    assert our_card(4 * 8 + 2) == card_id(Rank.TEN, Suit.HEARTS)
    assert our_card(51) == card_id(Rank.ACE, Suit.SPADES)


@pytest.mark.slow
def test_hearts_agrees_with_openspiel_move_for_move() -> None:
    compared = sum(play_one(seed) for seed in range(GAMES))
    # 64 decisions a hand: 12 cards passed and 52 played.
    assert compared == GAMES * 64

"""Knock-Out Whist's trumps, by Pagat's rules (https://www.pagat.com/whist/knockout.html): after seven
cards are dealt to each player the next card of the stock is turned face up and its suit is trumps.

Every expected value is worked out by hand from those rules in the comments, never read off the program.

Seats 0..3 play in that order and seat 0 leads the first trick; cards are written rank then suit
(``10H`` = 10♥). The turned card is the top of the discard pile after the deal (``discard=``).
"""

from __future__ import annotations

from darwindeck.engine import layout as L
from darwindeck.engine.state_api import GameState
from darwindeck.genome import Suit
from darwindeck.genome.library import get_game
from engine.scenario import arranged, c, cards

HANDS = [
    "AH KH QH JH 10H 9H 8H",
    "2C 3C 4C 5C 6C 7C 8C",
    "2D 3D 4D 5D 6D 7D 8D",
    "2S 3S 4S 5S 6S 7S 8S",
]


def deal(turned: str) -> GameState:
    return arranged(get_game("knockout-whist"), [cards(h) for h in HANDS], discard=[c(turned)])


def test_the_turned_cards_suit_is_trumps_for_the_hand() -> None:
    # The 9♣ is turned up: clubs are trumps. The turned card stays on the table, in no one's hand.
    state = deal("9C")
    assert state.hand_trump == Suit.CLUBS.code
    assert state.turned_card == c("9C")
    assert [len(state.hand(p)) for p in range(4)] == [7, 7, 7, 7]


def test_a_small_trump_beats_the_ace_led_when_clubs_are_turned() -> None:
    # Clubs turned. Seat 0 leads A♥; seats 1-3 hold no heart, so each may play any card. Seat 1 trumps with
    # the 2♣, seats 2 and 3 discard the 2♦ and 2♠: the only trump wins, so seat 1 takes the trick (1
    # trick to 0 for everyone else) and leads the next one.
    state = deal("9C")
    for card in ("AH", "2C", "2D", "2S"):
        state.apply_action(c(card))
    assert state.block(L.B_TRICKS, 4) == (0, 1, 0, 0)
    assert state.current_player == 1


def test_the_same_trick_goes_to_the_ace_when_hearts_are_turned() -> None:
    # The same four cards with the 5♥ turned: hearts are trumps and the A♥ is the highest trump played,
    # so seat 0 takes the trick and leads again.
    state = deal("5H")
    for card in ("AH", "2C", "2D", "2S"):
        state.apply_action(c(card))
    assert state.block(L.B_TRICKS, 4) == (1, 0, 0, 0)
    assert state.current_player == 0

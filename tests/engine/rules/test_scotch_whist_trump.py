"""Scotch Whist's trumps and honours, by Pagat's rules (https://www.pagat.com/whist/scotchwhist.html):
the dealer's last card is turned up and its suit is trumps; the jack of trumps is the highest trump;
whoever takes a trick scores the trump honours in it: J 11, 10 10, A 4, K 3, Q 2 (other cards nothing).

Every expected value is worked out by hand from those rules in the comments, never read off the program.

Seats 0..3 play in that order; seat 0 leads, so seat 3 is the dealer. All 32 cards (7 to A) are dealt,
eight each; the last card listed for seat 3 is the dealer's last card, the 7♦: diamonds are trumps.
"""

from __future__ import annotations

from darwindeck.engine.state_api import GameState
from darwindeck.genome import Suit
from darwindeck.genome.library import get_game
from engine.scenario import arranged, c, cards

HANDS = [
    "AD 10D 7H 8H 9H 10H JH QH",
    "JD KH AH 7C 8C 9C 10C JC",
    "QD KD QC KC AC 7S 8S 9S",
    "10S JS QS KS AS 8D 9D 7D",
]


def deal() -> GameState:
    return arranged(get_game("scotch-whist"), [cards(h) for h in HANDS])


def play(state: GameState, *names: str) -> None:
    for name in names:
        state.apply_action(c(name))


def test_the_dealers_last_card_sets_trumps_and_stays_in_their_hand() -> None:
    state = deal()
    assert state.turned_card == c("7D")
    assert state.hand_trump == Suit.DIAMONDS.code
    assert c("7D") in state.hand(3) and len(state.hand(3)) == 8


def test_the_jack_of_trumps_beats_the_ace_and_takes_the_honours() -> None:
    # Seat 0 leads A♦, seat 1 plays J♦, seat 2 K♦, seat 3 the turned 7♦. The jack of trumps is the
    # highest trump: seat 1 takes the trick and scores J 11 + A 4 + K 3 = 18 (the 7 scores nothing).
    state = deal()
    play(state, "AD", "JD", "KD", "7D")
    assert state.scores() == (0, 18, 0, 0)
    assert state.current_player == 1


def test_the_ten_of_trumps_is_worth_ten_to_whoever_takes_it() -> None:
    # Seat 0 leads 10♦, seat 1 J♦, seat 2 Q♦, seat 3 9♦: the jack wins, seat 1 scores J 11 + 10 10 + Q 2
    # = 23.
    state = deal()
    play(state, "10D", "JD", "QD", "9D")
    assert state.scores() == (0, 23, 0, 0)


def test_only_honours_of_the_trump_suit_score() -> None:
    # Seat 0 leads 7♥; seat 1 follows with A♥; seats 2 and 3 hold no heart and trump with Q♦ and 8♦. The
    # Q♦ is the higher trump: seat 2 takes the trick and scores Q of trumps 2. The A♥ is not a trump
    # honour and scores nothing.
    state = deal()
    play(state, "7H", "AH", "QD", "8D")
    assert state.scores() == (0, 0, 2, 0)
    assert state.current_player == 2

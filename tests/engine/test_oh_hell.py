"""Oh Hell by Pagat's rules (https://www.pagat.com/exact/ohhell.html), as the library plays it: ten cards
each, the next card turned up for trumps, one bid each, and only an exact bid scores (10 + the bid).
Every expected value below is worked out by hand from those rules in the comments, never read off the
program.

Seats: North 0, East 1, South 2, West 3, each for themselves. Hand 1 is opened by North (West deals):
North bids first and leads the first trick.
"""

from __future__ import annotations

import dataclasses

import numpy as np

from darwindeck.engine import layout as L
from darwindeck.engine.policies import GREEDY, choose
from darwindeck.engine.state_api import GameState
from darwindeck.genome import Suit
from darwindeck.genome.library import get_game
from darwindeck.genome.schema import GameGenome
from engine.scenario import arranged, c, cards

NORTH, EAST, SOUTH, WEST = 0, 1, 2, 3

# Each player holds ten cards of one suit, A down to 5; the card turned up after the deal is the 4♦, so
# diamonds (West's suit) are trumps. The eleven cards left form the stock.
HANDS = [
    "AH KH QH JH 10H 9H 8H 7H 6H 5H",
    "AC KC QC JC 10C 9C 8C 7C 6C 5C",
    "AS KS QS JS 10S 9S 8S 7S 6S 5S",
    "AD KD QD JD 10D 9D 8D 7D 6D 5D",
]
STOCK = "4H 3H 2H 4C 3C 2C 4S 3S 2S 3D 2D"


def deal(genome: GameGenome | None = None) -> GameState:
    state = arranged(
        genome or get_game("oh-hell"), [cards(h) for h in HANDS], discard=[c("4D")], deck=cards(STOCK)
    )
    assert sorted(state.all_cards()) == list(range(52))
    return state


def bid(state: GameState, *bids: int) -> None:
    for n in bids:
        state.apply_action(L.A_BID0 + n)


def play_hand(state: GameState) -> None:
    """The ten tricks: North leads the A♥ and every player then plays its lowest legal card. Nobody else
    has a heart, a club or a spade to follow with, so West, alone with trumps, trumps the first trick and
    leads diamonds to the other nine: West takes all ten tricks, the others none."""
    state.apply_action(c("AH"))
    for _ in range(39):
        state.apply_action(min(state.legal_actions()))


def test_the_turned_card_sets_trumps_and_everyone_bids_from_zero() -> None:
    state = deal()
    assert state.turned_card == c("4D") and state.hand_trump == Suit.DIAMONDS.code
    assert state.discard()[-1] == c("4D")
    # North bids first; a bid is 0 to 10 tricks (0 is an ordinary bid, not Nil).
    assert state.current_player == NORTH
    assert state.legal_actions() == [L.A_BID0 + n for n in range(11)]


def test_the_dealer_may_not_make_the_bids_add_up_to_the_tricks() -> None:
    # Pagat's hook: North 3, East 2 and South 4 make 9 of the 10 tricks; West (the dealer, last to bid)
    # may bid anything from 0 to 10 except 10 - 9 = 1.
    state = deal()
    bid(state, 3, 2, 4)
    assert state.current_player == WEST
    assert state.legal_actions() == [L.A_BID0 + n for n in (0, 2, 3, 4, 5, 6, 7, 8, 9, 10)]
    # Bids already over ten leave West free: 5 + 4 + 3 = 12, and no bid brings the total back to 10.
    state = deal()
    bid(state, 5, 4, 3)
    assert state.legal_actions() == [L.A_BID0 + n for n in range(11)]


def test_a_low_trump_beats_the_ace_led() -> None:
    state = deal()
    bid(state, 0, 0, 0, 0)
    # North leads the A♥; East throws the 5♣, South the 5♠, West trumps with the 5♦ and wins.
    state.apply_action(c("AH"))
    state.apply_action(c("5C"))
    state.apply_action(c("5S"))
    state.apply_action(c("5D"))
    assert state.block(L.B_TRICKS, 4) == (0, 0, 0, 1) and state.current_player == WEST


def test_only_exact_bids_score_ten_plus_the_bid() -> None:
    state = deal()
    # Bids: North 0, East 1, South 0, West 8. West then takes all ten tricks (``play_hand``).
    bid(state, 0, 1, 0, 8)
    play_hand(state)
    # North and South bid 0 and took 0: exact, 10 + 0 = 10 each. East bid 1 and took none: nothing.
    # West bid 8 and took 10: too many is a miss too, so nothing.
    assert state.scores() == (10, 0, 10, 0)
    assert not state.is_terminal()


def test_an_exact_ten_scores_twenty_and_reaching_the_target_wins() -> None:
    genome = get_game("oh-hell")
    target = dataclasses.replace(genome.win_conditions[0], threshold=20)
    state = deal(genome.replace(win_conditions=(target,)))
    bid(state, 1, 0, 0, 10)
    play_hand(state)
    # North bid 1 and took none: nothing; East and South 10 each; West bid 10 and took 10: 10 + 10 = 20,
    # which reaches the target (20 here): West wins.
    assert state.scores() == (0, 10, 10, 20)
    assert state.is_terminal() and state.winner == WEST


# A deal for the greedy player: North holds A♥ K♥ and eight low clubs; every other seat can follow hearts.
GREEDY_HANDS = [
    "AH KH 2C 3C 4C 5C 6C 7C 8C 9C",
    "QH JH 10H AS KS QS JS 10S 9S 8S",
    "9H 8H 7H 10C JC QC KC AC 2S 3S",
    "6H 5H 4H AD KD QD JD 10D 9D 8D",
]
GREEDY_STOCK = "3H 2H 4S 5S 6S 7S 2D 3D 5D 6D 7D"


def _greedy_lead_after_one_trick(north_bid: int) -> str:
    state = arranged(
        get_game("oh-hell"), [cards(h) for h in GREEDY_HANDS], discard=[c("4D")], deck=cards(GREEDY_STOCK)
    )
    bid(state, north_bid, 0, 0, 0)
    # North leads the A♥ and everyone follows with a lower heart: North takes the first trick and leads.
    for card in ("AH", "QH", "9H", "6H"):
        state.apply_action(c(card))
    assert state.block(L.B_TRICKS, 4) == (1, 0, 0, 0) and state.current_player == NORTH
    action = choose(state.program, state.array, GREEDY, np.array([1], dtype=np.int64))
    return str(state.action_to_string(action))


def test_greedy_ducks_once_its_exact_contract_is_made() -> None:
    # North bid 1 and has its one trick: another trick would fail the exact contract, so the greedy
    # player leads its lowest card, the 2♣, which the higher clubs behind it beat.
    assert "2♣" in _greedy_lead_after_one_trick(1)
    # North bid 2 and needs one more trick: it leads its highest card, the K♥.
    assert "K♥" in _greedy_lead_after_one_trick(2)

"""Cribbage's crib and show (the library's Cribbage), by Pagat's rules (https://www.pagat.com/adders/crib6.html):
each of two players is dealt six cards and lays two away face down to the dealer's crib; the top card of
the rest is turned up as the starter, a jack scoring 2 to the dealer (his heels); after the play the
non-dealer's hand, the dealer's and the crib are counted, each with the starter: 2 for each combination
adding up to 15, 2 for each pair, a run of three or more its length for each way of making it, a flush
of the four hand cards 4 (5 with the starter; the crib only with all five), 1 for the jack of the
starter's suit (nobs).

Every expected value is worked out by hand from those rules in the comments, never read off the program.
Seat 1 deals the first hand, so seat 0 (the non-dealer) lays away first; cards are written rank then suit.
"""

from __future__ import annotations

from darwindeck.engine import layout as L
from darwindeck.engine.show import show_points
from darwindeck.engine.state_api import GameState
from darwindeck.genome.library import get_game
from engine.scenario import c, cards


def mask(text: str) -> int:
    return sum(1 << card for card in cards(text))


def hand(text: str, starter: str) -> int:
    return int(show_points(mask(text), c(starter), True, True))


def crib(text: str, starter: str, four_flush: bool = False) -> int:
    return int(show_points(mask(text), c(starter), four_flush, True))


def test_the_29_hand() -> None:
    # 5♣ 5♦ 5♥ J♠ with the 5♠ turned: fifteens, the four 5s three at a time (4 ways) and the jack with
    # each 5 (4 ways), 8 × 2 = 16; six pairs among the four 5s, 12; the jack of the starter's suit, 1.
    assert hand("5C 5D 5H JS", "5S") == 29


def test_the_same_hand_without_nobs_is_28() -> None:
    # With the 5♠ in the hand and the 5♣ turned the jack (♠) is not of the starter's suit: 16 + 12.
    assert hand("5S 5D 5H JS", "5C") == 28


def test_a_double_run_of_three() -> None:
    # 3♥ 4♦ 5♣ 5♠, starter K♣: the run 3-4-5 made two ways, 2 × 3 = 6; the pair of 5s, 2; fifteens,
    # each 5 with the king, 2 × 2 = 4 (3+4+5 is 12, 3+4+5+5 is 17). 12 in all.
    assert hand("3H 4D 5C 5S", "KC") == 12


def test_a_double_double_run() -> None:
    # 4♥ 4♦ 5♣ 5♠, starter 6♥: the run 4-5-6 made 2 × 2 = 4 ways, 12; two pairs, 4; fifteens, 4+5+6 the
    # same four ways, 8 (4+4+5 is 13, 5+5+4 is 14, 5+5+6 is 16). 24 in all.
    assert hand("4H 4D 5C 5S", "6H") == 24


def test_a_run_of_five_counts_once() -> None:
    # A 2 3 4 5 (starter 5♦): one run of five, 5 (not its runs of three or four); fifteens: all five
    # add up to 15, 2 (any four of them make at most 14); no pair, no flush. 7 in all.
    assert hand("AH 2C 3S 4H", "5D") == 7


def test_a_hand_flush_of_four_and_of_five() -> None:
    # 2♥ 4♥ 6♥ 8♥: every card even, so no fifteen (the starter 10 is even too); no pair, no run. The
    # four hearts score 4; with the 10♥ turned, 5.
    assert hand("2H 4H 6H 8H", "10S") == 4
    assert hand("2H 4H 6H 8H", "10H") == 5


def test_the_crib_scores_a_flush_only_with_the_starter() -> None:
    # The same four hearts as a crib: nothing without a heart turned (Pagat), 5 with the 10♥; OpenSpiel's
    # variant (crib_four_flush) counts the four as a hand's.
    assert crib("2H 4H 6H 8H", "10S") == 0
    assert crib("2H 4H 6H 8H", "10H") == 5
    assert crib("2H 4H 6H 8H", "10S", four_flush=True) == 4


def test_nobs_is_the_jack_of_the_starters_suit() -> None:
    # J♦ K♣ 9♠ 8♥ with 2♦: values 10 10 9 8 2, no sum of them is 15, no pair, no run (8 9 _ J); the jack
    # of diamonds with a diamond turned is nobs, 1; with the 2♣ turned, nothing.
    assert hand("JD KC 9S 8H", "2D") == 1
    assert hand("JD KC 9S 8H", "2C") == 0


def deal(seat0: str, seat1: str, starter: str, seed: int = 0) -> GameState:
    """A first hand of Cribbage with these six-card hands and ``starter`` on top of the stock."""
    state = GameState.new(get_game("cribbage"), seed)
    dealt = cards(seat0) + cards(seat1) + [c(starter)]
    rest = [card for card in range(L.FULL_DECK) if card not in dealt]
    state.arrange(hands=[cards(seat0), cards(seat1)], deck=[*rest, c(starter)])
    return state


def lay_away(state: GameState, *names: str) -> None:
    for name in names:
        state.apply_action(c(name))


def test_his_heels_scores_2_to_the_dealer_when_the_starter_is_a_jack() -> None:
    # Seat 1 deals the first hand; the J♣ turned up scores it 2 before any card is played.
    state = deal("AH 2H 3H 4H 6C 7C", "AS 2S 3S 4S 6D 7D", "JC")
    assert state.current_player == 0  # the non-dealer lays away first
    lay_away(state, "6C", "7C")
    assert state.current_player == 1
    lay_away(state, "6D", "7D")
    assert state.scores() == (0, 2)
    assert state.tableau(L.GENERAL_PILE) == (c("JC"),)  # the starter, face up
    assert sorted(state.claim_pile()) == sorted(cards("6C 7C 6D 7D"))  # the crib, face down
    assert state.current_player == 0  # the non-dealer leads the play


def test_no_heels_for_another_card() -> None:
    state = deal("AH 2H 3H 4H 6C 7C", "AS 2S 3S 4S 6D 7D", "QC")
    lay_away(state, "6C", "7C", "6D", "7D")
    assert state.scores() == (0, 0)


def test_a_whole_hand_the_play_then_the_show() -> None:
    # Seat 0 keeps A♥ 2♥ 3♥ 4♥, seat 1 A♠ 2♠ 3♠ 4♠; the crib is 6♣ 7♣ 6♦ 7♦; the starter Q♣.
    # The play (seat 0 leads): A♥ 1, A♠ 2 (pair: seat 1 +2), 2♥ 4, 2♠ 6 (pair: +2), 3♥ 9, 3♠ 12
    # (pair: +2), 4♥ 16, 4♠ 20 (pair: +2; the last card: go, +1). Seat 1 pegs 9, seat 0 nothing.
    # The count never makes 15 (1 2 4 6 9 12 16 20) and no three cards in a row make a run.
    # The show: each hand A 2 3 4 with the Q: the run A-2-3-4, 4; fifteens Q+A+4 and Q+2+3, 4 (without
    # the Q the four add up to 10); the four of one suit, 4 (the Q♣ is of neither): 12 each. The crib
    # 6♣ 7♣ 6♦ 7♦ with the Q♣: two pairs, 4; no fifteen (two of them make 12 to 14, three 19 or more,
    # the Q needs a 5); no run of three, no flush: 4 to the dealer. Seat 0: 12; seat 1: 9 + 12 + 4 = 25.
    state = deal("AH 2H 3H 4H 6C 7C", "AS 2S 3S 4S 6D 7D", "QC")
    lay_away(state, "6C", "7C", "6D", "7D")
    for name in ("AH", "AS", "2H", "2S", "3H", "3S", "4H", "4S"):
        state.apply_action(c(name))
    assert state.scores() == (12, 25)
    assert int(state.array[L.S_HAND_NO]) == 2  # the next hand is dealt, seat 0 deals it
    assert state.current_player == 1

"""Cribbage's play (the library's Cribbage Play), by Pagat's rules (https://www.pagat.com/adders/crib6.html):
in turn each player lays a card and announces the count (ace 1, 2-10 their number, court cards 10),
which may not pass 31; a player who cannot play says "go"; the last to play scores 1 for the go, or 2
for exactly 31, and the count starts again from 0 with the other player; a fifteen scores 2, a pair 2,
three of a kind 6, a run of three or more cards (in any order) one a card; the last card scores the go.

Every expected value is worked out by hand from those rules in the comments, never read off the program.

Seat 0 (the non-dealer) plays first; cards are written rank then suit (``10H`` = 10♥).
"""

from __future__ import annotations

from darwindeck.engine import layout as L
from darwindeck.engine.state_api import GameState
from darwindeck.genome.library import get_game
from engine.scenario import arranged, c, cards


def deal(first: str, second: str) -> GameState:
    return arranged(get_game("cribbage-play"), [cards(first), cards(second)])


def play(state: GameState, *names: str) -> None:
    for name in names:
        state.apply_action(L.A_PASS if name == "go" else c(name))


def count(state: GameState) -> int:
    return int(state.array[L.S_COUNT])


def test_a_card_that_would_pass_31_may_not_be_played() -> None:
    # K (10) + Q (10) = 20, then seat 0's 9♣ makes 29: seat 1 holds J♦ 8♦ 7♣ 2♦ and may play only the
    # 2♦ (31); the others would pass 31.
    state = deal("KH 9C 4C 3C", "QS JD 8D 2D")
    play(state, "KH", "QS", "9C")
    assert count(state) == 29
    assert state.legal_actions() == [c("2D")]


def test_making_fifteen_scores_two() -> None:
    # 7 + 8 = 15: the player of the 8 scores 2.
    state = deal("7H 2C 3C 4C", "8S 2D 3D 4D")
    play(state, "7H", "8S")
    assert count(state) == 15 and state.scores() == (0, 2)


def test_a_pair_scores_two_and_three_of_a_kind_six() -> None:
    # 5, then 5 (a pair: 2 to seat 1, count 10), then a third 5 (count 15: fifteen 2 + three of a kind 6
    # = 8 to seat 0).
    state = deal("5H 5C KH KC", "5D 9S 9C 9D")
    play(state, "5H", "5D", "5C")
    assert state.scores() == (8, 2)


def test_a_run_counts_in_any_order() -> None:
    # 4, 6, 5: the last three cards are a run (4-5-6) though played out of order, and the count is 15:
    # seat 0 scores 3 for the run + 2 for the fifteen = 5.
    state = deal("4H 5C KH KC", "6D 9S 9C 9D")
    play(state, "4H", "6D", "5C")
    assert state.scores() == (5, 0)


def test_thirty_one_scores_two_and_the_other_player_starts_the_new_count() -> None:
    # K 10, Q 20, 10 30: seat 1 holds J 9 8, none fits, and says go (its only move); seat 0's ace makes
    # exactly 31: 2 points, no go point. The count starts again at 0, and seat 1, the player after the
    # one who played last, plays first.
    state = deal("KH 10H AC 2C", "QS JD 9C 8D")
    play(state, "KH", "QS", "10H")
    assert state.legal_actions() == [L.A_PASS]
    play(state, "go", "AC")
    assert state.scores() == (2, 0)
    assert count(state) == 0 and state.current_player == 1


def test_the_last_player_able_to_play_scores_the_go() -> None:
    # K 10, Q 20, 10 30: neither seat 1 (J 8 7) nor seat 0 (9 2) can play a card of 1: seat 0, the last
    # to play, scores 1 for the go at once (both "go"s are forced, so the engine does not ask for them);
    # the count starts again at 0 and seat 1 plays first, any of its three cards.
    state = deal("KH 10H 9C 2C", "QS JD 8D 7C")
    play(state, "KH", "QS", "10H")
    assert state.scores() == (1, 0)
    assert count(state) == 0 and state.current_player == 1
    assert state.legal_actions() == sorted(cards("JD 8D 7C"))


def test_the_last_card_scores_the_go_and_ends_the_hand() -> None:
    # One card each: 5, then K makes 15 (2 to seat 1); both hands are now empty, so seat 1, the last to
    # play, also scores the go: 3. The hand ends and the next one is dealt, four cards each.
    state = deal("5H", "KS")
    play(state, "5H", "KS")
    assert state.scores() == (0, 3)
    assert int(state.array[L.S_HAND_NO]) == 2 and [len(state.hand(p)) for p in (0, 1)] == [4, 4]

"""Scenario tests for the library's Texas Hold'em (``BoardPhase``, ``engine.board``, pot-sized betting).

Sources: the hand ranks and the showdown as Bicycle's "Official Rules of Card Games" states them for
poker ("the best five cards" of the seven; a straight is five cards in sequence; between equal pairs the
highest side card, the kicker, decides; identical hands split the pot), heads-up blinds and order as
the ACPC's ``holdem.nolimit.2p`` (the dealer posts the small blind, 50, and acts first before the flop;
the big blind, 100, acts first after it), and the pot-sized raise of OpenSpiel's ``fcpa`` (call, then
raise by the pot after calling). Each deal here is forced: both players' hole cards and the board,
which the flop, turn and river take from the top of the deck. Seat 0 is the big blind of the first
hand, seat 1 the dealer and small blind; both start with 20,000 chips.
"""

from __future__ import annotations

from darwindeck.engine import layout as L
from darwindeck.engine.state_api import GameState
from darwindeck.genome.library.casino import HOLDEM_STACK, texas_holdem
from engine.scenario import cards


def table(hole: tuple[str, str], board: str) -> GameState:
    """A hand of Hold'em with ``hole`` cards for seats 0 and 1 and ``board`` as the five cards to come."""
    state = GameState.new(texas_holdem(), 1)
    held = [cards(hole[0]), cards(hole[1])]
    top = cards(board)
    used = {*held[0], *held[1], *top}
    rest = [card for card in range(52) if card not in used]
    state.arrange(hands=held, deck=rest + top[::-1])  # the deck's top is its last card
    return state


def chips(state: GameState) -> tuple[int, ...]:
    return state.block(L.B_CHIPS, 2)


def check_down(state: GameState) -> None:
    """Both players check every street after the flop: the big blind (seat 0) speaks first."""
    for _ in range(3):
        for seat in (0, 1):
            assert state.current_player == seat and L.A_CHECK in state.legal_actions()
            state.apply_action(L.A_CHECK)


def test_a_fold_before_the_flop_gives_the_blinds_to_the_big_blind() -> None:
    state = table(("2C 7D", "3H 8S"), "KS QS JS 10S 9S")
    # The blinds are in: 50 from the dealer (seat 1), 100 from seat 0; the dealer speaks first and
    # owes 50: it may call, raise the pot (50 + 200 = 250), go all in or fold, not check.
    assert chips(state) == (HOLDEM_STACK - 100, HOLDEM_STACK - 50)
    assert state.current_player == 1
    assert state.legal_actions() == [L.A_CALL, L.A_RAISE, L.A_ALL_IN, L.A_FOLD]
    state.apply_action(L.A_FOLD)
    # The big blind takes the pot of 150 without showing: +50 on the hand, the dealer −50; no board
    # card was dealt (the royal flush waiting on the deck never came).
    assert state.is_terminal() and state.tableau(L.GENERAL_PILE) == ()
    assert chips(state) == (HOLDEM_STACK + 50, HOLDEM_STACK - 50)
    assert state.returns() == [1.0, -1.0]


def test_a_split_pot_when_both_play_the_straight_on_the_board() -> None:
    # The board 5♥ 6♣ 7♦ 8♠ 9♥ is a straight to the nine. A♣ K♦ and Q♣ J♦ make nothing better (no
    # pair, no flush, no higher straight): both play the board, the hands are equal and split the pot.
    state = table(("AC KD", "QC JD"), "5H 6C 7D 8S 9H")
    state.apply_action(L.A_CALL)  # the dealer completes to 100
    assert state.current_player == 0 and state.legal_actions() == [L.A_CHECK, L.A_RAISE, L.A_ALL_IN]
    state.apply_action(L.A_CHECK)  # the big blind's option; the pot is 200
    assert state.tableau(L.GENERAL_PILE) == tuple(cards("5H 6C 7D"))
    # After the flop the big blind opens: a pot-sized bet puts in the pot, 200; the dealer calls.
    assert state.current_player == 0 and state.legal_actions() == [L.A_CHECK, L.A_BET, L.A_ALL_IN]
    state.apply_action(L.A_BET)
    assert state.current_player == 1 and state.legal_actions() == [L.A_CALL, L.A_RAISE, L.A_ALL_IN, L.A_FOLD]
    state.apply_action(L.A_CALL)
    assert chips(state) == (HOLDEM_STACK - 300, HOLDEM_STACK - 300)
    for seat in (0, 1, 0, 1):  # turn and river checked through
        assert state.current_player == seat
        state.apply_action(L.A_CHECK)
    # The pot of 600 is split 300 and 300: each is back where they started, and the game is a draw.
    assert state.is_terminal() and state.tableau(L.GENERAL_PILE) == tuple(cards("5H 6C 7D 8S 9H"))
    assert chips(state) == (HOLDEM_STACK, HOLDEM_STACK)
    assert state.winner == -1 and state.returns() == [0.0, 0.0]


def test_a_higher_straight_beats_the_board_straight() -> None:
    # Same board; the dealer's 10♠ makes 6-7-8-9-10, above the board's 5-to-9 that seat 0 plays.
    state = table(("AC KD", "10S 2C"), "5H 6C 7D 8S 9H")
    state.apply_action(L.A_CALL)
    state.apply_action(L.A_CHECK)
    check_down(state)
    assert chips(state) == (HOLDEM_STACK - 100, HOLDEM_STACK + 100)
    assert state.returns() == [-1.0, 1.0]


def test_the_kicker_decides_between_equal_pairs() -> None:
    # Both pair the board's ace: A♥ Q♣ and A♠ J♦ on A♦ 8♣ 5♥ 3♠ 2♣. Best five: A A Q 8 5 against
    # A A J 8 5 (no straight: A-2-3-5 lacks the 4); the queen kicker wins for seat 0.
    state = table(("AH QC", "AS JD"), "AD 8C 5H 3S 2C")
    state.apply_action(L.A_CALL)
    state.apply_action(L.A_CHECK)
    check_down(state)
    assert chips(state) == (HOLDEM_STACK + 100, HOLDEM_STACK - 100)
    assert state.winner == 0 and state.returns() == [1.0, -1.0]


def test_all_in_and_called_deals_the_board_out_without_betting() -> None:
    # The dealer moves all in (19,950 more); seat 0 may only call or fold (raising needs someone left
    # to bet against). Called, nobody can bet: the flop, turn and river come at once. 7♣ 7♦ makes a
    # full house, sevens full of kings, on K♠ K♥ 7♥ 2♠ 3♦; the dealer's A♠ A♦ has two pair, aces and
    # kings: seat 0 wins both stacks.
    state = table(("7C 7D", "AS AD"), "KS KH 7H 2S 3D")
    state.apply_action(L.A_ALL_IN)
    assert state.current_player == 0 and state.legal_actions() == [L.A_CALL, L.A_FOLD]
    state.apply_action(L.A_CALL)
    assert state.is_terminal() and len(state.tableau(L.GENERAL_PILE)) == 5
    assert chips(state) == (2 * HOLDEM_STACK, 0)


def test_the_hole_cards_are_hidden_and_the_board_is_shown_to_both() -> None:
    state = table(("AC KD", "QC JD"), "5H 6C 7D 8S 9H")
    state.apply_action(L.A_CALL)
    state.apply_action(L.A_CHECK)
    for seat, own in ((0, "AC KD"), (1, "QC JD")):
        seen = state.observation(seat)
        assert seen.hand == tuple(cards(own)) and seen.hand_sizes == (2, 2)
        assert seen.tableau[L.GENERAL_PILE] == tuple(cards("5H 6C 7D"))
        other = cards("QC JD" if seat == 0 else "AC KD")
        assert not set(other) & {card for pile in seen.tableau for card in pile}

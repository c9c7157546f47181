"""Texas Hold'em at the table: the board is shown to every seat as it is dealt, the hole cards only to
their holder until the showdown, and the narration says the streets and the pot-sized bets.

Deal (as ``tests/engine/rules/test_holdem.py``): seat 0 (Player 1, the big blind) holds A♣ K♦, seat 1
(Player 2, the dealer) Q♣ J♦; the board to come is 5♥ 6♣ 7♦ 8♠ 9♥, a straight both play.
"""

from __future__ import annotations

from darwindeck.engine import layout as L
from darwindeck.genome.cards import card_name
from darwindeck.play.narrate import describe_decision, describe_events
from darwindeck.play.render import table_line
from darwindeck.play.view import build_view, cards_turned_up, table_rules
from engine.rules.test_holdem import table
from engine.scenario import c, cards

HOLE = ("AC KD", "QC JD")
BOARD = "5H 6C 7D 8S 9H"


def named(text: str) -> list[str]:
    return [card_name(card) for card in cards(text)]


def test_the_flop_is_told_and_shown_to_both_seats_and_no_hole_card_leaks() -> None:
    state = table(HOLE, BOARD)
    rules = table_rules(state)
    state.apply_action(L.A_CALL)  # the dealer completes the small blind
    before = build_view(state, 1)
    state.apply_action(L.A_CHECK)  # the big blind checks: the flop is dealt
    after = build_view(state, 1)
    assert describe_decision(before, L.A_CHECK, after, state.genome, rules) == "Player 1 checks (pot 200)"
    flop = " ".join(named("5H 6C 7D"))
    assert describe_events(before, L.A_CHECK, after, rules) == [f"The board: {flop} (dealt {flop})."]
    for seat in (0, 1):
        view = build_view(state, seat)
        assert view.board == tuple(cards("5H 6C 7D"))
        line = table_line(view, table_rules(state)).plain
        assert all(card in line for card in named("5H 6C 7D"))
        assert not any(card in line for card in named(HOLE[1 - seat]))


def test_a_pot_sized_bet_says_its_size_and_the_showdown_shows_both_hands() -> None:
    state = table(HOLE, BOARD)
    rules = table_rules(state)
    state.apply_action(L.A_CALL)
    state.apply_action(L.A_CHECK)
    before = build_view(state, 1)
    state.apply_action(L.A_BET)  # the pot is 200: a pot-sized bet is 200
    after = build_view(state, 1)
    assert describe_decision(before, L.A_BET, after, state.genome, rules).startswith("Player 1 bets 200")
    before = build_view(state, 1)
    state.apply_action(L.A_RAISE)  # owes 200; the pot of 400 is 600 after calling: 200 + 600 = 800
    after = build_view(state, 1)
    assert describe_decision(before, L.A_RAISE, after, state.genome, rules).startswith("You raise to 800")
    state.apply_action(L.A_CALL)
    for _ in range(3):
        state.apply_action(L.A_CHECK)
    before = build_view(state, 1)
    revealed = cards_turned_up(state, L.A_CHECK)  # the river checked through: the showdown
    state.apply_action(L.A_CHECK)
    after = build_view(state, 1)
    assert revealed.hands == (tuple(cards(HOLE[0])), tuple(cards(HOLE[1])))
    assert revealed.labels == ("a straight", "a straight")  # both play the board's straight
    lines = describe_events(before, L.A_CHECK, after, rules, revealed)
    assert any(card_name(c("AC")) in line for line in lines)
    assert after.board == tuple(cards(BOARD))

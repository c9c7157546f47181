"""The dealer at the table: the seat's view, the terminal's table line, the narration and the web page's
data show the dealer's up-card and never its hole card until the dealer turns it; then they show it.

Deal (``scenario.blackjack_table``): the dealer's up-card 5♠ and hole card 4♥; every player stands, so
the dealer turns the 4♥ (9), draws the 3♣ (12), the 4♦ (16) and the 2♦ (18) and stands (Bicycle: 17 or
more stands), leaving the 9♣ on the deck.
"""

from __future__ import annotations

from darwindeck.engine import layout as L
from darwindeck.genome.cards import card_name
from darwindeck.play.narrate import describe_decision, describe_events, result_text
from darwindeck.play.render import table_line
from darwindeck.play.session import result_of
from darwindeck.play.view import build_view, table_rules
from darwindeck.web.session import GameSetup, WebGame
from engine.scenario import blackjack, blackjack_table, c

HANDS = ["10H 9S", "10C 8S", "10D 7S", "9H 6C"]
HOLE = card_name(c("4H"))


def test_the_view_and_the_table_line_show_the_up_card_and_hide_the_hole_card() -> None:
    state = blackjack_table(blackjack(), HANDS, "5S", "4H", "3C 4D 2D 9C")
    for seat in range(4):
        view = build_view(state, seat)
        assert view.dealer == (c("5S"),) and view.dealer_hole
        line = table_line(view, table_rules(state)).plain
        assert f"dealer {card_name(c('5S'))} and a face-down card" in line
        assert HOLE not in line and "claim pile" not in line


def test_the_dealers_play_is_told_once_the_hole_card_is_turned() -> None:
    state = blackjack_table(blackjack(), HANDS, "5S", "4H", "3C 4D 2D 9C")
    for _ in range(3):
        state.apply_action(L.A_PASS)
    before = build_view(state, 0)
    state.apply_action(L.A_PASS)  # the last seat stands: the dealer plays, the hand (and game) ends
    after = build_view(state, 0)
    rules = table_rules(state)
    assert describe_decision(before, L.A_PASS, after, state.genome, rules) == "West stands"
    drawn = ", ".join(card_name(c(x)) for x in ("3C", "4D", "2D"))
    assert f"The dealer turns {HOLE} and draws {drawn}." in describe_events(before, L.A_PASS, after, rules)
    assert not after.dealer_hole and HOLE in table_line(after, rules).plain


def test_the_web_page_data_never_holds_the_hole_card_before_the_dealer_plays() -> None:
    game = WebGame.start(GameSetup(genome=blackjack(), seat=0, opponents="random", iterations=0, seed=5))
    view = game.view()
    assert view["tableau"] == []
    hole = game.state.claim_pile()
    assert len(hole) == 1 and card_name(hole[0]) not in repr(view)
    assert "face-down card" in view["table"]


def test_the_result_against_the_dealer_is_each_seats_own() -> None:
    # The deal above: the dealer stands on 18; each seat is paid in half-bets against it (engine.dealer:
    # a higher total +2, an equal 0, a lower -2): North's 19 wins, East's 18 is even, South's 17 and
    # West's 15 lose. There is no single winner to name.
    state = blackjack_table(blackjack(), HANDS, "5S", "4H", "3C 4D 2D 9C")
    for _ in range(4):
        state.apply_action(L.A_PASS)
    assert state.is_terminal()
    expected = {
        0: ("win", "Result: you beat the dealer (score 2)."),
        1: ("draw", "Result: you and the dealer are even (score 0)."),
        2: ("loss", "Result: the dealer beats you (score -2)."),
        3: ("loss", "Result: the dealer beats you (score -2)."),
    }
    for seat, (result, line) in expected.items():
        assert result_of(state, seat, abandoned=False) == result
        assert result_text(build_view(state, seat), table_rules(state), state.genome, result) == line

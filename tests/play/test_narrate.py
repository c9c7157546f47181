"""One line per decision, with exact words, on forced deals (human at North, seat 0)."""

from __future__ import annotations

from darwindeck.engine import layout as L
from darwindeck.engine.state_api import GameState
from darwindeck.genome.cards import card_name
from darwindeck.genome.library import get_game
from darwindeck.play.narrate import describe_decision, describe_events
from darwindeck.play.view import build_view, table_rules
from engine.scenario import c, cards


def narrate(state: GameState, action: int, seat: int = 0) -> list[str]:
    before = build_view(state, seat)
    state.apply_action(action)
    after = build_view(state, seat)
    return [
        describe_decision(before, action, after, state.genome),
        *describe_events(before, after, table_rules(state)),
    ]


def uno(current: int, east: str, top: str = "5H") -> GameState:
    """Uno-style with East holding ``east``, the discard showing ``top``, ``current`` to play."""
    state = GameState.new(get_game("uno-style"), 0)
    held = set(cards(east)) | {c(top)}
    rest = [card for card in range(52) if card not in held]
    hands = [rest[0:3], cards(east), rest[3:6], rest[6:9]]
    state.arrange(hands=hands, deck=rest[9:], discard=[c(top)], current=current)
    return state


def test_special_effects_are_told_with_their_target() -> None:
    assert narrate(uno(1, "JH 3C"), c("JH")) == ["East plays J♥: South is skipped"]
    assert narrate(uno(1, "QH 3C"), c("QH")) == ["East plays Q♥: play now goes counter-clockwise"]
    assert narrate(uno(1, "2H 3C"), c("2H")) == ["East plays 2♥: South draws 2"]
    assert narrate(uno(1, "KH 3C"), c("KH")) == ["East plays K♥: East takes another turn"]
    assert narrate(uno(1, "AS 3C"), c("AS")) == ["East plays A♠ (wild)"]


def test_a_draw_names_the_card_only_for_the_human() -> None:
    state = uno(1, "3C 4C")
    top = state.deck()[-1]
    assert narrate(state.clone(), L.A_DRAW) == ["East draws a card"]
    assert narrate(state, L.A_DRAW, seat=1) == [f"You draw {card_name(top)}"]


def test_bids_nil_and_the_trick_winner() -> None:
    state = GameState.new(get_game("spades"), 2)
    assert narrate(state, L.A_BID0 + 3, seat=1) == ["North bids 3"]
    assert narrate(state, L.A_BID0, seat=1) == ["You bid Nil"]
    assert narrate(state, L.A_BID0 + 2, seat=1) == ["South bids 2"]
    assert narrate(state, L.A_BID0 + 4, seat=1) == ["West bids 4"]
    lines = []
    for _ in range(4):
        lines += narrate(state, state.legal_actions()[0], seat=1)
    assert lines == [
        "North leads 9♥",
        "You play 2♥",
        "South plays 8♥",
        "West plays 4♥",
        "North wins the trick",
    ]

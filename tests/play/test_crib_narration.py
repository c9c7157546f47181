"""Cribbage at the table: laying away is told face down to the other seat, the starter and his heels
are told when the crib is made, and the show turns every kept hand and the crib face up with its count
(worked by hand in ``tests/engine/rules/test_cribbage.py``'s whole hand)."""

from __future__ import annotations

from rich.console import Console

from darwindeck.engine import layout as L
from darwindeck.engine.state_api import GameState
from darwindeck.genome.library import get_game
from darwindeck.play.narrate import describe_decision, describe_events
from darwindeck.play.render import render_screen
from darwindeck.play.view import build_view, cards_turned_up, table_rules
from engine.scenario import c, cards


def deal(starter: str) -> GameState:
    """Seat 0 holds A-4♥ 6♣ 7♣, seat 1 A-4♠ 6♦ 7♦; ``starter`` on top of the stock; seat 1 deals."""
    seat0, seat1 = cards("AH 2H 3H 4H 6C 7C"), cards("AS 2S 3S 4S 6D 7D")
    rest = [card for card in range(L.FULL_DECK) if card not in [*seat0, *seat1, c(starter)]]
    state = GameState.new(get_game("cribbage"), 0)
    state.arrange(hands=[seat0, seat1], deck=[*rest, c(starter)])
    return state


def narrate(state: GameState, name: str, seat: int = 0) -> list[str]:
    action = c(name)
    before, revealed = build_view(state, seat), cards_turned_up(state, action)
    state.apply_action(action)
    after, rules = build_view(state, seat), table_rules(state)
    return [
        describe_decision(before, action, after, state.genome, rules, revealed),
        *describe_events(before, action, after, rules, revealed),
    ]


def test_laying_away_is_face_down_for_the_other_seat_and_the_starter_is_told() -> None:
    state = deal("JC")
    assert narrate(state, "6C") == ["You lay 6♣ away to the crib"]
    assert narrate(state, "7C") == ["You lay 7♣ away to the crib"]
    assert narrate(state, "6D") == ["Player 2 lays a card away to the crib"]
    # The last card makes the crib; the J♣ turned scores the dealer (seat 1) 2 for his heels.
    assert narrate(state, "7D") == [
        "Player 2 lays a card away to the crib; the starter is J♣, his heels: Player 2 2"
    ]


def test_the_show_turns_the_hands_and_the_crib_face_up_with_their_counts() -> None:
    # The hand of tests/engine/rules/test_cribbage.py: the hands count 12 each, the crib 4; seat 1 pegged
    # 9 in the play, so the scores are 12 and 25.
    state = deal("QC")
    for name in ("6C", "7C", "6D", "7D", "AH", "AS", "2H", "2S", "3H", "3S", "4H"):
        state.apply_action(c(name))
    lines = narrate(state, "4S")
    assert lines == [
        "Player 2 plays 4♠: 20",
        "You show 2♥, 3♥, 4♥, A♥: 12 with the starter Q♣",
        "Player 2 shows 2♠, 3♠, 4♠, A♠: 12 with the starter Q♣",
        "Player 2 shows the crib 6♣, 7♣, 6♦, 7♦: 4",
        "Hand 1 is over. Scores: Player 1 12, Player 2 25",
        "Hand 2 is dealt.",
    ]


def test_the_screen_names_the_starter_and_the_crib_and_hides_the_crib() -> None:
    state = deal("QC")
    state.apply_action(c("6C"))
    assert "To the crib: 6♣" in screen(state, 0)
    assert "6♣" not in screen(state, 1)  # the other seat does not see the choice
    for name in ("7C", "6D", "7D"):
        state.apply_action(c(name))
    text = screen(state, 0)
    assert "starter Q♣" in text and "crib 4 face down" in text
    assert "6♦" not in text and "7♦" not in text  # seat 1's cards in the crib stay hidden


def screen(state: GameState, seat: int) -> str:
    console = Console(width=100, record=True, color_system=None)
    console.print(*render_screen(build_view(state, seat), table_rules(state), compact=False, plain=True))
    return console.export_text()

"""The session with injected streams: parsing, team results, MCTS opponents, the rating prompt."""

from __future__ import annotations

from pathlib import Path

import pytest

from darwindeck.play.opponents import MctsOpponent
from darwindeck.play.session import BadInput, parse_choice, parse_rating
from play.driver import make_session, scripted


def test_parse_choice_and_rating() -> None:
    assert parse_choice(" 3 ", 5) == 2
    assert parse_choice("", 1) == 0
    assert parse_choice("R", 5) == "rules"
    assert parse_choice("q", 5) == "quit"
    with pytest.raises(BadInput, match="there is no move 6: choose 1-5"):
        parse_choice("6", 5)
    with pytest.raises(BadInput, match="type a move number"):
        parse_choice("", 2)
    assert parse_rating("") is None
    assert parse_rating("5") == 5
    with pytest.raises(BadInput, match="'9' is not a rating"):
        parse_rating("9")


def test_partnership_screen_names_teams_and_a_bad_rating_is_asked_again(tmp_path: Path) -> None:
    session, buffer = make_session(tmp_path, "partnership-spades", 3, scripted(["q", "9", "2", "meh"]))
    record = session.run()
    text = buffer.getvalue()
    assert "Teams: North+South (you) 0 · East+West 0\n" in text
    assert "Rate this game 1-5 (Enter to skip): 9\n'9' is not a rating" in text
    assert (record.result, record.rating, record.comment) == ("abandoned", 2, "meh")


def test_a_whole_game_against_mcts(tmp_path: Path) -> None:
    session, buffer = make_session(
        tmp_path, "crazy-eights", 4, lambda prompt: "1" if "move" in prompt else ""
    )
    session.opponent = MctsOpponent(4, 30)
    record = session.run()
    assert record.result in ("win", "loss")
    assert session.state.is_terminal()
    assert buffer.getvalue().count("Result: ") == 1

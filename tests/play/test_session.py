"""The session with injected streams: parsing and keys, forced moves, the move layout, echo, team results,
MCTS opponents, the rating prompt."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from rich.console import Console

from darwindeck.cli.play_verbs import line_reader
from darwindeck.engine import layout as L
from darwindeck.engine.state_api import GameState
from darwindeck.genome.library import get_game
from darwindeck.play.opponents import MctsOpponent
from darwindeck.play.render import Move, moves_text, numbered_moves
from darwindeck.play.session import BadInput, move_prompt, parse_choice, parse_rating
from darwindeck.play.view import table_rules
from play.driver import make_session, scripted, without_screens


def spades_bids() -> list[Move]:
    state = GameState.new(get_game("spades"), 1)
    return numbered_moves(state.legal_actions(), table_rules(state), state.action_to_string)


def test_parse_choice_and_rating() -> None:
    moves = [Move(str(k), k - 1, f"card {k}") for k in range(1, 6)]
    assert parse_choice(" 3 ", moves) == 2
    assert parse_choice("R", moves) == "rules"
    assert parse_choice("q", moves) == "quit"
    with pytest.raises(BadInput, match="there is no move 6: choose 1-5"):
        parse_choice("6", moves)
    with pytest.raises(BadInput, match=r"type a move \(1-5\), r for the rules or q to quit"):
        parse_choice("", moves)
    assert parse_rating("") is None
    assert parse_rating("5") == 5
    with pytest.raises(BadInput, match="'9' is not a rating"):
        parse_rating("9")


def test_partnership_screen_names_teams_and_a_bad_rating_is_asked_again(tmp_path: Path) -> None:
    session, buffer = make_session(tmp_path, "partnership-spades", 3, scripted(["q", "9", "2", "meh"]))
    record = session.run()
    text = buffer.getvalue()
    assert "Teams: North+South (you) 0 (0 bags) · East+West 0 (0 bags)\n" in text
    assert "Rate this game 1-5 (Enter to skip): 9\n'9' is not a rating" in text
    assert (record.result, record.rating, record.comment) == ("abandoned", 2, "meh")


def test_a_whole_game_against_mcts(tmp_path: Path) -> None:
    session, buffer = make_session(
        tmp_path, "crazy-eights", 4, lambda prompt: "1" if prompt.startswith("Your") else ""
    )
    session.opponent = MctsOpponent(4, 30)
    record = session.run()
    assert record.result in ("win", "loss")
    assert session.state.is_terminal()
    assert buffer.getvalue().count("Result: ") == 1


def test_bids_are_keyed_by_the_number_of_tricks_and_nil_by_n() -> None:
    moves = spades_bids()
    assert [(m.key, m.action, m.text) for m in moves] == [
        *((str(n), L.A_BID0 + n, f"bid {n}") for n in range(1, 14)),
        ("n", L.A_BID0, "bid Nil"),
    ]
    assert parse_choice("1", moves) == 0 and moves[0].action == L.A_BID0 + 1
    assert moves[parse_choice("N", moves)].action == L.A_BID0  # type: ignore[index]
    with pytest.raises(BadInput, match="there is no bid 0: type n to bid Nil"):
        parse_choice("0", moves)
    with pytest.raises(BadInput, match="there is no bid 14: choose 1-13, n"):
        parse_choice("14", moves)
    assert move_prompt(moves) == "Your bid (1-13, n = Nil, r, q): "


def test_many_moves_are_laid_out_in_columns() -> None:
    assert moves_text(spades_bids(), compact=False, width=100).plain.splitlines() == [
        "  1) bid 1    2) bid 2    3) bid 3    4) bid 4    5) bid 5    6) bid 6    7) bid 7    8) bid 8",
        "  9) bid 9    10) bid 10  11) bid 11  12) bid 12  13) bid 13  n) bid Nil",
    ]
    few = [Move(str(k), k - 1, f"card {k}♠") for k in range(2, 4)]
    assert moves_text(few, compact=False, width=100).plain.splitlines() == ["  2) card 2♠", "  3) card 3♠"]


def test_the_spades_bidding_screen_fits_24_lines(tmp_path: Path) -> None:
    session, buffer = make_session(tmp_path, "spades", 1, scripted(["q"]), width=80)
    session.run()
    screen = buffer.getvalue().splitlines()
    prompt = next(i for i, line in enumerate(screen) if line.startswith("Your bid"))
    assert prompt + 1 <= 24
    assert screen[prompt - 3 : prompt + 1] == [
        "  1) bid 1    2) bid 2    3) bid 3    4) bid 4    5) bid 5    6) bid 6",
        "  7) bid 7    8) bid 8    9) bid 9    10) bid 10  11) bid 11  12) bid 12",
        "  13) bid 13  n) bid Nil",
        "Your bid (1-13, n = Nil, r, q): q",
    ]


def test_a_forced_move_is_made_and_told_without_a_prompt(tmp_path: Path) -> None:
    session, buffer = make_session(tmp_path, "crazy-eights", 2, scripted(["1", "q"]))
    session.run()
    lines = buffer.getvalue().splitlines()
    start = lines.index("You play 10♥")
    told, screens = without_screens(lines[start + 1 :])
    # after North's 10♥ the others follow on hearts and West turns it to spades with the J♠; the table is
    # drawn again before the forced draw (the others moved since), with no prompt: no card
    # of 2♣ A♣ 6♦ goes on West's J♠ (a ♠, a J or an 8), so North draws until the 6♠ comes (2♥, K♦, 5♥ do
    # not play either) and must play it: 4 cards drawn, the deck 31 → 27, then East's 8 asks for ♥,
    # South draws one card (the 8♠) and names ♦, West draws 3 (deck 23) and plays A♦
    assert screens[0][-2:] == ["Table: discard J♠ · deck 31", "Your hand: 2♣ A♣  6♦"]
    assert told[:10] == [
        "East plays 6♥",
        "South plays J♥",
        "West plays J♠",
        "You draw 2♥, K♦, 5♥, 6♠ (no playable card)",
        "You play 6♠ (only legal card)",
        "East plays 8♣ and names ♥ (next card must be a ♥ or an 8)",
        "South draws a card",
        "South plays 8♠ and names ♦ (next card must be a ♦ or an 8)",
        "West draws 3 cards",
        "West plays A♦",
    ]
    # on A♦ North holds A♣ (an Ace), 6♦ and K♦ (diamonds): the next real choice
    assert screens[1][-2:] == ["Table: discard A♦ · deck 23", "Your hand: 2♥ 5♥  2♣ A♣  6♦ K♦"]
    # one prompt before the first move, one at the next real choice
    assert [line for line in lines if line.startswith("Your move")] == [
        "Your move (1-3, r, q): 1",
        "Your move (1-3, r, q): q",
    ]


@pytest.mark.parametrize(("echo", "shown"), [(True, "Your move: 7\nnext\n"), (False, "Your move: next\n")])
def test_a_line_read_from_a_pipe_is_echoed(monkeypatch: pytest.MonkeyPatch, echo: bool, shown: str) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO("7\n"))
    buffer = io.StringIO()
    console = Console(file=buffer, width=80, color_system=None)
    assert line_reader(console, echo)("Your move: ") == "7"
    console.print("next")
    assert buffer.getvalue() == shown


def test_the_screen_shows_the_last_trick_of_the_hand(tmp_path: Path) -> None:
    session, buffer = make_session(tmp_path, "spades", 2, scripted(["3", "1", "1", "q"]))
    session.run()
    lines = buffer.getvalue().splitlines()
    assert not any(line.startswith("Last trick") for line in lines[: lines.index("You lead 9♥")])
    shown = [line for line in lines if line.startswith(("Last trick", "Trick "))]
    assert shown == [
        "Trick 1/13: no cards yet",  # our bid
        "Trick 1/13: no cards yet",  # our lead
        "Last trick: North (you) 9♥, East A♥, South 8♥, West 4♥ · East won",
        "Trick 2/13: East Q♦, South K♦, West 3♦ · South wins so far",
        "Last trick: East Q♦, South K♦, West 3♦, North (you) 6♦ · South won",
        "Trick 3/13: South K♣, West 5♣ · South wins so far",
    ]


def test_auction_calls_are_typed_as_bridge_players_write_them(tmp_path: Path) -> None:
    # West (greedy) opens the auction; the person at North types "7n" (no bid can follow a 7NT),
    # then passes or redoubles until it declares, then quits at the first card.
    def answer(prompt: str) -> str:
        if prompt.startswith("Your call"):
            return "7n" if "7n" in prompt else "p"
        return "q" if prompt.startswith("Your move") else ""

    session, buffer = make_session(tmp_path, "bridge", 1, answer)
    record = session.run()
    text = buffer.getvalue()
    # West opened 1♣: the person may pass, double or bid from 1♦ up.
    assert "West bids 1♣" in text and "Table: last bid 1♣ by West" in text
    assert "Your call (p, x, 1d-7n: p pass, x double, xx redouble, 3n = 3NT; r, q): 7n\nYou bid 7NT" in text
    assert "the contract is 7NT" in text and "you declare, South is the dummy" in text
    assert "Dummy (South): " in text and "Your turn (trick, from the dummy)" in text
    assert record.result == "abandoned"
    calls = numbered_moves([L.A_PASS, L.A_DOUBLE, L.A_CONTRACT0 + 34], table_rules(session.state), str)
    assert [move.key for move in calls] == ["p", "x", "7n"]
    assert parse_choice("XX", [Move("xx", L.A_REDOUBLE, "redouble")]) == 0

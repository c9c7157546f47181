"""``darwindeck play`` end to end through the real CLI: a whole scripted game, the results line, bad input."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import darwindeck.cli as cli
from darwindeck.cli import play_verbs
from darwindeck.engine.state_api import GameState
from darwindeck.genome.library import get_game
from play.driver import run_cli, without_screens

#: Crazy Eights, seed 3, seat 0 against greedy players, always taking move 1: 2 decisions of ours that
#: offer a choice, a card and the suit named for our 8 (our other 4 moves were forced, so they are made
#: without a prompt).
OUR_DECISIONS = 3


def test_a_whole_scripted_game_through_the_cli(tmp_path: Path) -> None:
    results = tmp_path / "results.jsonl"
    stdin = "\n".join(["x", "9", "r", *["1"] * OUR_DECISIONS, "4", "good fun"]) + "\n"
    done = run_cli(
        [
            "play",
            "crazy-eights",
            "--seed",
            "3",
            "--opponents",
            "greedy",
            "--plain",
            "--results",
            str(results),
        ],
        stdin,
    )
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    # the first screen: who we are, the seats, the table and our sorted hand
    assert lines[0] == "Crazy Eights: you are North (seat 0) against 3 greedy players, seed 3."
    # the game's description, word-wrapped
    assert " ".join(lines[1:3]) == get_game("crazy-eights").description
    assert lines[5:15] == [
        "Play goes clockwise: North → East → South → West",
        "Your turn (play)",
        "seat         | cards",
        "-------------+------",
        "*North (you) |     5",
        "East         |     5",
        "South        |     5",
        "West         |     5",
        "Table: discard 5♠ · deck 31",
        "Your hand: 2♠ 8♠  2♣ 7♣ 9♣",
    ]
    assert lines[15:17] == ["  1) card 2♠", "  2) card 8♠"]
    # piped input is echoed after its prompt; bad input is refused with the reason, r shows the
    # rulebook, then the moves again
    assert lines[17:23] == [
        "Your move (1-2, r, q): x",
        "'x' is not a move: type 1-2, r or q",
        "Your move (1-2, r, q): 9",
        "there is no move 9: choose 1-2",
        "Your move (1-2, r, q): r",
        "# Crazy Eights",
    ]
    # every opponent decision is one line; a wild 8 and the suit its player names are one line; our
    # forced moves are made and told without a prompt; a run of draws is one line
    after_first_move = lines.index("You play 2♠")
    assert lines[after_first_move - 1] == "Your move (1-2, r, q): 1"
    # (before a forced move the table is drawn again when the others moved since: left out here)
    assert without_screens(lines[after_first_move + 1 :])[0][:4] == [
        "East plays 2♥",
        "South plays 9♥",
        "West plays K♥",
        "You play 8♠ (wild; only legal card)",
    ]
    # then we name a suit: the screen shows the 8 waiting for its suit and the four suits as moves
    naming = lines.index("Table: discard 8♠ (wild) · deck 31")
    assert lines[naming + 1 : naming + 7] == [
        "Your hand: 2♣ 7♣ 9♣",
        "  1) name ♥",
        "  2) name ♦",
        "  3) name ♣",
        "  4) name ♠",
        "Your move (1-4, r, q): 1",
    ]
    end = lines.index("Result: you win: you played every card first.")
    assert without_screens(lines[naming + 7 : end])[0] == [
        "You name ♥ (next card must be a ♥ or an 8)",
        "East plays A♥",
        "South plays A♠",
        "West draws a card",
        "West plays 9♠",
        "You play 9♣ (only legal card)",
        "East plays 8♦ and names ♥ (next card must be a ♥ or an 8)",
        "South draws a card",
        "South plays J♥",
        "West plays J♣",
        # on J♣ both our clubs play: a real choice, asked
        "  1) card 2♣",
        "  2) card 7♣",
        "Your move (1-2, r, q): 1",
        "You play 2♣",
        "East draws a card",
        "East plays 8♥ and names ♥ (next card must be a ♥ or an 8)",
        "South draws a card",
        "South plays 5♥",
        "West plays 7♥",
        "You play 7♣ (only legal card)",
    ]
    assert sum(line.startswith("Your move (") for line in lines) == 3 + OUR_DECISIONS
    # East played 2♥ A♥ 8♦ 8♥ and drew one (5 - 4 + 1), South played four and drew two, West played
    # four and drew one
    assert lines[end + 1] == "Cards left: North 0, East 2, South 3, West 2"
    # the table before each forced card, e.g. before 9♣ on West's 9♠ (the only card that goes on it;
    # 31 cards after the deal, West drew one)
    screens = without_screens(lines[naming + 7 : end])[1]
    assert ["Table: discard 9♠ · deck 30", "Your hand: 2♣ 7♣ 9♣"] in [screen[-2:] for screen in screens]
    assert lines[end + 2 : end + 5] == [
        "Rate this game 1-5 (Enter to skip): 4",
        "Comment (Enter to skip): good fun",
        f"Saved to {results} (seed 3).",
    ]
    record = json.loads(results.read_text(encoding="utf-8"))
    genome = get_game("crazy-eights")
    assert {k: v for k, v in record.items() if k not in ("played_at", "moves")} == {
        "format": 1,
        "game": "Crazy Eights",
        "identity": genome.identity,
        "source": "crazy-eights",
        "players": 4,
        "seed": 3,
        "seat": 0,
        "opponents": "greedy",
        "iterations": None,
        "result": "win",
        "winner": 0,
        "winning_team": -1,
        "scores": [0, 0, 0, 0],
        "team_scores": [0, 0, 0, 0],
        "turns": 17,
        "rating": 4,
        "comment": "good fun",
    }
    # the seed and the moves replay the same game
    state = GameState.new(genome, record["seed"])
    for action in record["moves"]:
        state.apply_action(action)
    assert state.is_terminal() and state.winner == 0


def test_quitting_is_recorded_as_abandoned(tmp_path: Path) -> None:
    results = tmp_path / "out" / "results.jsonl"
    done = run_cli(
        ["play", "spades", "--seed", "1", "--opponents", "greedy", "--results", str(results)], "q\n5\n\n"
    )
    assert done.returncode == 0, done.stderr
    assert "Your bid (1-13, n = Nil, r, q): q\nResult: abandoned after 0 turns.\n" in done.stdout
    record = json.loads(results.read_text(encoding="utf-8"))
    assert (record["result"], record["rating"], record["comment"], record["moves"]) == (
        "abandoned",
        5,
        None,
        [],
    )


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["no-such-game"], "no-such-game"),
        (["spades", "--seat", "7"], "--seat 7: Spades has 4 seats (0..3)"),
        (["spades", "--opponents", "wizard"], "--opponents 'wizard': choose one of mcts, greedy, random"),
        (["spades", "--opponents", "mcts", "--iterations", "0"], "--iterations 0: must be at least 1"),
    ],
)
def test_bad_arguments_are_one_line_and_exit_2(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, args: list[str], message: str
) -> None:
    if "play" not in {command.name for command in cli.app.registered_commands}:
        play_verbs.register(cli.app)
    with pytest.raises(SystemExit) as stopped:
        cli.main(["play", *args, "--results", str(tmp_path / "r.jsonl")])
    assert stopped.value.code == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1, err
    assert message in err
    assert not (tmp_path / "r.jsonl").exists()

"""Scores are shown only where the game scores points (``GameGenome.scores_points``), in the terminal
and in the JSON the web page draws: a team game won by going out or by captures has partners but no score (the
2026-11 blind players saw "North+South 0" all game in an evolved go-fish/cheat hybrid with
partnerships); Partnership Spades, Euchre and Bridge keep their team scores. Likewise captured cards
are counted only where captures go to captured piles (Scopa, Scopone), not in War (into the hand).
"""

from __future__ import annotations

import dataclasses
from pathlib import Path

from fastapi.testclient import TestClient

from darwindeck.engine.state_api import GameState
from darwindeck.genome.library import game_names, get_game
from darwindeck.genome.schema import GameGenome
from darwindeck.genome.serialization import load_genome
from darwindeck.play.narrate import scores_text
from darwindeck.play.render import team_line
from darwindeck.play.view import build_view, table_rules
from darwindeck.web.app import create_app

#: An evolved team game (2026-11-28 steered runs, "fifty" gallery): ask, play and claim phases, won by
#: the first side to empty a hand; no scoring rule.
NIMBLE_MASQUE = (
    Path(__file__).parents[2] / "docs/experiments/2026-11-28-steered-runs/fifty/gallery/01-a11254af3b72.json"
)


def test_the_library_games_that_score_no_points() -> None:
    # Won by going out (Cheat, Crazy Eights, Fan Tan, Mau-Mau, Old Maid, Rummy, Uno-style), by captures
    # (War, Betting War, Scopa, Scopone), by tricks (Knockout Whist) or by the best hand for chips (the
    # three poker games), and none has a scoring rule: their scores never move. President's cards left
    # score -1 each at the hand's end; Go Fish's books, Blackjack's dealer and Gin's knock score.
    pointless = {name for name in game_names() if not get_game(name).scores_points}
    assert pointless == {
        "betting-war",
        "cheat",
        "crazy-eights",
        "draw-poker",
        "fan-tan",
        "knockout-whist",
        "mau-mau",
        "old-maid",
        "rummy",
        "scopa",
        "scopone",
        "simple-poker",
        "texas-holdem",
        "uno-style",
        "war",
    }


def _team_line(genome: GameGenome) -> str:
    state = GameState.new(genome, 1)
    line = team_line(build_view(state, 0), table_rules(state), compact=False)
    assert line is not None
    return line.plain


def test_a_team_game_without_points_names_the_partners_without_a_score() -> None:
    evolved = load_genome(NIMBLE_MASQUE)
    assert evolved.team_mode and evolved.teams == ((0, 3), (1, 2))
    assert not evolved.scores_points
    assert _team_line(evolved) == "Teams: North+West (you) · East+South"
    assert _team_line(get_game("scopone")) == "Teams: North+South (you) · East+West"


def test_team_games_with_points_keep_their_scores() -> None:
    assert (
        _team_line(get_game("partnership-spades"))
        == "Teams: North+South (you) 0 (0 bags) · East+West 0 (0 bags)"
    )
    assert _team_line(get_game("euchre")) == "Teams: North+South (you) 0 · East+West 0"
    assert _team_line(get_game("bridge")) == "Teams: North+South (you) 0 · East+West 0"
    # spec 004: North bid 3, South 2, the side took 6: 50 made + 1 overtrick = 51, one bag
    state = GameState.new(get_game("partnership-spades"), 1)
    view = dataclasses.replace(build_view(state, 0), team_scores=(51, -98), bags=(1, 2))
    line = team_line(view, table_rules(state), compact=False)
    assert line is not None and line.plain == "Teams: North+South (you) 51 (1 bag) · East+West -98 (2 bags)"
    assert scores_text(view, table_rules(state)) == "Scores: North+South 51, East+West -98"


def test_the_web_page_gets_scores_only_where_points_are_scored(tmp_path: Path) -> None:
    app = create_app(str(tmp_path / "web.db"), salt="test", admin_key="secret", allow_client_seeds=True)
    with TestClient(app) as client:

        def view(game: str) -> dict[str, object]:
            body = {"game": game, "opponents": "greedy", "seed": 1}
            answer: dict[str, object] = client.post("/api/games", json=body).json()
            return answer

        scopone = view("scopone")
        assert (scopone["scores"], scopone["team_scores"]) == ([], [])
        assert [side["score"] for side in scopone["sides"]] == [None, None]  # type: ignore[attr-defined]
        spades = view("partnership-spades")
        assert (spades["scores"], spades["team_scores"]) == ([], [0, 0])  # by team, as the terminal
        assert [side["score"] for side in spades["sides"]] == [0, 0]  # type: ignore[attr-defined]
        cheat, hearts = view("cheat"), view("hearts")
        assert (cheat["scores"], cheat["team_scores"], cheat["sides"]) == ([], [], [])
        assert (hearts["scores"], hearts["team_scores"]) == ([0, 0, 0, 0], [])


def test_captured_cards_are_counted_only_where_captures_are_kept_apart(tmp_path: Path) -> None:
    # Scopone keeps captures on each side's piles and is won by the most captured; War's go to the hand.
    assert {name for name in game_names() if table_rules(GameState.new(get_game(name), 1)).has_captures} == {
        "scopa",
        "scopone",
    }
    state = GameState.new(get_game("scopone"), 1)
    view = dataclasses.replace(build_view(state, 0), captured_sizes=(4, 8, 6, 16))
    # North+South: 4 + 6; East+West: 8 + 16
    assert scores_text(view, table_rules(state)) == "Captured: North+South 10, East+West 24"
    app = create_app(str(tmp_path / "web.db"), salt="test", admin_key="secret", allow_client_seeds=True)
    with TestClient(app) as client:
        for game, captured in (("scopone", [0, 0, 0, 0]), ("war", []), ("spades", [])):
            body = {"game": game, "opponents": "greedy", "seed": 1}
            assert client.post("/api/games", json=body).json()["captured"] == captured, game

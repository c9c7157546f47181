"""Bags are shown only where the contract has a bag rule (the 2026-11 blind raters' Games C and E).

An exact contract (Oh Hell's, ``ContractScoring.exact``) is made only by the very number of tricks bid, so
it has no overtricks and no bags (``engine.contracts``), and its rulebook never mentions bags: the score
table and the end-of-hand summary leave them out. Spades' contract counts bags (spec 004).
"""

from __future__ import annotations

import dataclasses
from pathlib import Path

from fastapi.testclient import TestClient
from rich.console import Console

from darwindeck.engine.state_api import GameState
from darwindeck.genome.library import get_game
from darwindeck.play.narrate import contract_line
from darwindeck.play.render import render_screen
from darwindeck.play.view import build_view, table_rules
from darwindeck.web.app import create_app


def _header(game: str) -> list[str]:
    state = GameState.new(get_game(game), 2)
    console = Console(width=100, record=True, color_system=None)
    console.print(*render_screen(build_view(state, 0), table_rules(state), compact=False, plain=True))
    return next(
        line for line in console.export_text().splitlines() if "seat" in line and "bid" in line
    ).split()


def test_the_oh_hell_score_table_has_no_bags_column() -> None:
    assert _header("oh-hell") == ["seat", "|", "cards", "|", "bid", "|", "tricks", "|", "score"]
    assert _header("spades")[-1] == "bags"


def _north_took_three(game: str, scored: int, bid: int = 3) -> str:
    """North bid ``bid`` and took 3 tricks; ``scored`` points were added to North's score (no bags yet)."""
    state = GameState.new(get_game(game), 0)
    before = build_view(state, 0)
    before = dataclasses.replace(before, bids=(bid, *before.bids[1:]))
    after = dataclasses.replace(before, team_scores=(scored, *before.team_scores[1:]))
    contract = get_game(game).contract_scoring
    assert contract is not None
    return contract_line(before, after, (0,), 0, [3, 0, 0, 0], contract)


def test_the_end_of_hand_line_tells_bags_only_with_a_bag_rule() -> None:
    # Oh Hell: an exact bid of 3 scores 3 × 1 + the bonus of 10 = 13 (Pagat; genome.library.oh_hell).
    assert (
        _north_took_three("oh-hell", 13) == "North (you): bid 3, took 3: made +3, bonus +10 = +13; score 13"
    )
    # Spades: a bid of 3 made with no overtrick scores 3 × 10 = 30 and no bag (spec 004).
    assert _north_took_three("spades", 30) == "North (you): bid 3, took 3: made +30 = +30; bags 0; score 30"


def test_a_missed_oh_hell_bid_is_said_in_words_not_as_failed_plus_zero() -> None:
    # Oh Hell: only an exact bid scores; a miss either way scores nothing (Pagat; genome.library.oh_hell),
    # so bidding 4 or 2 and taking 3 adds 0 and the line says the bid was missed, with no "+0".
    for bid in (4, 2):
        line = _north_took_three("oh-hell", 0, bid)
        assert line == f"North (you): bid {bid}, took 3: missed the bid, no points; score 0"
    # Spades: a failed bid of 4 loses 10 per trick bid, 40 (spec 004): still "failed" with its points.
    failed = "North (you): bid 4, took 3: failed -40 = -40; bags 0; score -40"
    assert _north_took_three("spades", -40, 4) == failed


def test_the_web_page_gets_bags_only_with_a_bag_rule(tmp_path: Path) -> None:
    app = create_app(str(tmp_path / "web.db"), salt="test", admin_key="secret", allow_client_seeds=True)
    with TestClient(app) as client:
        for game, bags in (("oh-hell", []), ("spades", [0, 0, 0, 0])):
            body = {"game": game, "opponents": "greedy", "seed": 1}
            view = client.post("/api/games", json=body).json()
            assert view["bags"] == bags, game

"""Side lines in individual mode, where each seat is a side (engine.makers, engine.bridge_score): they
crashed at the table (IndexError) when they looked the side up among the teams, found by narrating
seeded games of every library and gallery game."""

from __future__ import annotations

import dataclasses
import io
from pathlib import Path

from rich.console import Console

from darwindeck.engine import layout as L
from darwindeck.engine.state_api import GameState
from darwindeck.genome import Suit
from darwindeck.genome.library import get_game
from darwindeck.genome.serialization import load_genome
from darwindeck.play.narrate import makers_result
from darwindeck.play.render import render_screen, vulnerability_text
from darwindeck.play.view import build_view, table_rules

#: An evolved two-player game with a Chicago auction and no teams (2026-11-28 steered runs, "fifty").
AUCTION_ALONE = (
    Path(__file__).parents[2] / "docs/experiments/2026-11-28-steered-runs/fifty/gallery/53-f9b20171f195.json"
)


def test_a_euchred_maker_in_cutthroat_euchre_gives_each_other_player_two() -> None:
    # Pagat's three-handed Euchre (genome.library.cutthroat_euchre): the maker, alone, needs 3 of the 5
    # tricks; with 2 they are euchred and each of the other two players scores 2.
    state = GameState.new(get_game("cutthroat-euchre"), 1)
    rules = table_rules(state)
    assert rules.teams == ()
    view = build_view(state, 0)
    before = dataclasses.replace(
        view, phase_kind=-1, maker=0, hand_trump=Suit.HEARTS.code, tricks_won=(2, 2, 1), team_scores=(0, 0, 0)
    )
    after = dataclasses.replace(before, team_scores=(0, 2, 2))
    assert makers_result(before, L.A_PASS, after, rules) == (
        "Player 1 made ♥ and took 2 tricks, euchred: +2 to Player 2 and Player 3"
    )


def test_an_auction_without_teams_names_the_vulnerable_seat() -> None:
    genome = load_genome(AUCTION_ALONE)
    assert not genome.team_mode and genome.player_count == 2
    state = GameState.new(genome, 5)
    rules = table_rules(state)
    view = build_view(state, 0)
    assert view.vulnerable == (False, False)  # Chicago: nobody is vulnerable on the first deal
    assert vulnerability_text(view, rules) == "vulnerable: neither"
    assert (
        vulnerability_text(dataclasses.replace(view, vulnerable=(False, True)), rules)
        == "vulnerable: Player 2"
    )
    assert vulnerability_text(dataclasses.replace(view, vulnerable=(True, True)), rules) == "vulnerable: both"
    screen = io.StringIO()
    shown = dataclasses.replace(view, vulnerable=(True, False))
    Console(file=screen, width=100, color_system=None).print(*render_screen(shown, rules, False, True))
    assert "Auction (vulnerable: You" not in screen.getvalue()
    assert "Auction (vulnerable: Player 1)" in screen.getvalue()

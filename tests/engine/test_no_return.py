"""A discard phase's ``no_return``: the card taken from the discard pile this turn may not be discarded
the same turn (Gin Rummy: Pagat's rules forbid taking the top discard and throwing it straight back)."""

from __future__ import annotations

import dataclasses

from darwindeck.engine import layout as L
from darwindeck.engine.state_api import GameState
from darwindeck.genome.library import get_game
from darwindeck.genome.phases import DiscardPhase
from darwindeck.genome.schema import GameGenome
from darwindeck.genome.serialization import from_json, to_json
from darwindeck.genome.validation import validate
from darwindeck.rulebook import render_markdown
from engine.scenario import arranged, c, cards

NORTH = cards("2C 3C 4C 7H 8H 9H KS KD QS JD")
SOUTH = cards("5D 6D 7D 8S 9S 10S AC AH 2S 3S")


def gin(no_return: bool = True) -> GameGenome:
    genome = get_game("gin-rummy")
    phases = tuple(
        dataclasses.replace(p, no_return=no_return) if isinstance(p, DiscardPhase) else p
        for p in genome.phases
    )
    return genome.replace(turn_structure=dataclasses.replace(genome.turn_structure, phases=phases))


def take_the_five_of_clubs(genome: GameGenome) -> GameState:
    # 5♣ on the discard extends North's run 2♣ 3♣ 4♣: North takes it (the stock draw is then skipped,
    # the hand holding 11 cards) and must discard one card.
    state = arranged(genome, [NORTH, SOUTH], discard=[c("5C")], current=0)
    assert state.legal_actions() == [L.A_DRAW, L.A_PASS]
    state.apply_action(L.A_DRAW)
    return state


def test_the_card_just_taken_may_not_go_straight_back() -> None:
    state = take_the_five_of_clubs(gin())
    assert sorted(state.legal_actions()) == sorted(NORTH)  # the 11 cards held but the 5♣


def test_without_the_rule_it_may() -> None:
    state = take_the_five_of_clubs(gin(no_return=False))
    assert sorted(state.legal_actions()) == sorted([*NORTH, c("5C")])


def test_a_card_from_the_stock_may_be_discarded_and_the_rule_lasts_one_turn() -> None:
    state = take_the_five_of_clubs(gin())
    state.apply_action(c("KS"))  # North throws K♠; 23 deadwood left, so no knock
    assert state.current_player == 1
    # South takes the K♠ and may not throw it back; next turn North is free again.
    state.apply_action(L.A_DRAW)
    assert c("KS") not in state.legal_actions() and len(state.legal_actions()) == 10
    state.apply_action(c("AC"))
    if state.legal_actions() == [L.A_KNOCK, L.A_PASS]:
        state.apply_action(L.A_PASS)
    assert state.current_player == 0
    state.apply_action(L.A_PASS)  # North declines the A♣ and draws from the stock instead
    state.apply_action(L.A_DRAW)
    drawn = state.hand(0)[-1]
    assert drawn in state.legal_actions()  # a card drawn from the stock may be thrown at once


def test_no_return_is_version_2_validated_and_written_in_the_rulebook() -> None:
    genome = gin()
    assert genome.schema_version == 2 and from_json(to_json(genome)) == genome
    assert "You may not discard a card you took from the discard pile this turn." in render_markdown(genome)
    no_discard_draws = genome.replace(
        turn_structure=dataclasses.replace(genome.turn_structure, phases=genome.phases[1:])
    )
    warnings = {issue.path: issue.reason for issue in validate(no_discard_draws).warnings}
    assert warnings["turn_structure.phases[1].no_return"] == (
        "no draw phase takes from the discard pile, so it never applies"
    )

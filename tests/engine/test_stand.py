"""Standing (a draw phase's ``stand``): declining the draw is final for the hand. Blackjack's rules: a
player who stands takes no more cards, however the others play on. Played in the draw-to-21 contest
(``scenario.draw_to_21``), where turns come round again after a player stood."""

from __future__ import annotations

import dataclasses

from darwindeck.engine import layout as L
from darwindeck.engine.state_api import GameState
from darwindeck.genome.schema import GameGenome
from darwindeck.genome.serialization import from_json, to_json
from darwindeck.genome.validation import validate
from darwindeck.play.narrate import describe_decision
from darwindeck.play.view import build_view, table_rules
from darwindeck.rulebook import render_markdown
from engine.scenario import arranged, cards, draw_to_21


def blackjack(stand: bool = True) -> GameGenome:
    return draw_to_21(stand)


def deal(genome: GameGenome) -> GameState:
    # North holds 10♠ 5♥ = 15; East, South and West hold 2+3 = 5 and will draw the three 4s (the deck's
    # top is its last card), reaching 9. The rest of the deck lies under the 4s.
    hands = [cards("10S 5H"), cards("2C 3C"), cards("2D 3D"), cards("2H 3H")]
    fours = cards("4H 4D 4C")  # drawn in the order 4♣, 4♦, 4♥
    used = {card for hand in hands for card in hand} | set(fours)
    rest = [card for card in range(52) if card not in used]
    return arranged(genome, hands, deck=[*rest[1:], *fours], discard=rest[:1], current=0)


def test_a_player_who_stood_is_not_offered_another_card() -> None:
    state = deal(blackjack())
    assert state.legal_actions() == [L.A_DRAW, L.A_PASS]
    state.apply_action(L.A_PASS)  # North stands on 15
    for seat in (1, 2, 3):
        assert state.current_player == seat
        state.apply_action(L.A_DRAW)
    assert [len(state.hand(seat)) for seat in range(4)] == [2, 3, 3, 3]
    # North's turn comes round with nothing to decide: East (9) is next to choose.
    assert state.current_player == 1 and state.legal_actions() == [L.A_DRAW, L.A_PASS]
    for _ in (1, 2, 3):
        state.apply_action(L.A_PASS)
    # Nobody drew in a whole round: the hand ends and the showdown compares 15 with three 9s.
    assert state.is_terminal() and state.winner == 0
    assert state.returns() == [1.0, -1.0, -1.0, -1.0]


def test_standing_is_told_as_a_stand() -> None:
    state = deal(blackjack())
    before = build_view(state, 1)
    state.apply_action(L.A_PASS)
    line = describe_decision(before, L.A_PASS, build_view(state, 1), state.genome, table_rules(state))
    assert line == "North stands"


def test_without_stand_declining_is_not_final() -> None:
    state = deal(blackjack(stand=False))
    state.apply_action(L.A_PASS)
    for _ in (1, 2, 3):
        state.apply_action(L.A_DRAW)
    assert state.current_player == 0 and state.legal_actions() == [L.A_DRAW, L.A_PASS]


def test_stand_is_a_version_2_rule_that_round_trips() -> None:
    genome = blackjack()
    assert genome.schema_version == 2
    assert '"stand": true' in to_json(genome)
    assert from_json(to_json(genome)) == genome
    plain = blackjack(stand=False)
    assert plain.schema_version == 1 and '"stand"' not in to_json(plain)


def test_a_compulsory_draw_cannot_stand() -> None:
    genome = blackjack()
    draw = dataclasses.replace(genome.phases[0], mandatory=True)
    compulsory = genome.replace(turn_structure=dataclasses.replace(genome.turn_structure, phases=(draw,)))
    warnings = [(w.path, w.reason) for w in validate(compulsory).warnings]
    assert (
        "turn_structure.phases[0].stand",
        "a compulsory draw cannot be declined, so nobody ever stands",
    ) in (warnings)


def test_the_rulebook_says_standing_is_final() -> None:
    text = render_markdown(blackjack())
    assert "You may instead stand: once you skip this draw, you draw no more cards in this phase" in text

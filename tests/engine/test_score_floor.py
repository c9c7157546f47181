"""The score floor (``score_floor``): Spades' rule that a side falling to −200 ends the game, won by the
highest score. Checked at a hand's end; a tie for the highest plays on."""

from __future__ import annotations

from darwindeck.engine import layout as L
from darwindeck.engine.state_api import GameState
from darwindeck.genome.library import get_game
from darwindeck.genome.schema import WinCondition, WinType
from darwindeck.genome.serialization import from_json, to_json
from darwindeck.genome.validation import validate
from darwindeck.rulebook import render_markdown
from engine.scenario import cards


def one_trick_hand(north_south: int, east_west: int) -> GameState:
    """Partnership Spades reduced to its last trick: every seat holds one card (North A♠, the others
    clubs), both sides bid 1 + 1 = 2, North's A♠ takes the only trick, and both contracts fail:
    −10 × 2 = −20 each. The sides start the hand at the given scores."""
    state = GameState.new(get_game("partnership-spades"), 0)
    hands = [cards("AS"), cards("2C"), cards("3C"), cards("4C")]
    held = {card for hand in hands for card in hand}
    state.arrange(hands=hands, deck=[card for card in range(52) if card not in held], current=0)
    state.array[L.B_TEAM_SCORE] = north_south
    state.array[L.B_TEAM_SCORE + 1] = east_west
    for seat in range(4):
        assert state.current_player == seat
        if L.A_BLIND_NIL in state.legal_actions():  # a side 100 behind: it declines blind Nil first
            state.apply_action(L.A_PASS)
        state.apply_action(L.A_BID0 + 1)
    for seat in range(4):
        assert state.current_player == seat
        (card,) = state.legal_actions()
        state.apply_action(card)
    return state


def test_a_side_at_the_floor_ends_the_game_and_the_highest_wins() -> None:
    # North-South −190 − 20 = −210 ≤ −200: the game ends; East-West 100 − 20 = 80 is highest.
    state = one_trick_hand(-190, 100)
    assert state.is_terminal()
    assert state.team_scores() == (-210, 80)
    assert state.winning_team == 1
    assert state.returns() == [-1.0, 1.0, -1.0, 1.0]


def test_above_the_floor_the_game_goes_on() -> None:
    # −150 − 20 = −170 > −200: a new hand is dealt.
    state = one_trick_hand(-150, 100)
    assert not state.is_terminal()
    assert state.team_scores() == (-170, 80)
    assert state.array[L.S_HAND_NO] == 2


def test_a_tie_for_the_highest_plays_on() -> None:
    # −185 − 20 = −205 ≤ −200 with both sides at −205 (East-West −185 − 20): nobody is highest alone.
    state = one_trick_hand(-185, -185)
    assert state.team_scores() == (-205, -205)
    assert not state.is_terminal()


def test_a_floor_must_lie_below_zero_and_needs_a_way_to_lose_points() -> None:
    spades = get_game("spades")
    positive = spades.replace(win_conditions=(WinCondition(WinType.SCORE_FLOOR, 50),))
    errors = {issue.path: issue.reason for issue in validate(positive).errors}
    assert errors["win_conditions[0].threshold"] == (
        "must be -32768..-1 (scores start at 0: a floor must lie below it), got 50"
    )
    hearts = get_game("hearts")
    floored = hearts.replace(win_conditions=(*hearts.win_conditions, WinCondition(WinType.SCORE_FLOOR, -50)))
    warnings = {issue.path: issue.reason for issue in validate(floored).warnings}
    assert warnings["win_conditions[1].type"].startswith("score_floor needs a way to lose points")


def test_the_floor_is_a_version_2_rule_in_the_rulebook() -> None:
    spades = get_game("spades")
    assert spades.schema_version == 2 and from_json(to_json(spades)) == spades
    assert (
        "When a player's score falls to -200 points or below at the end of a hand, the game ends and the "
        "player with the highest score wins."
    ) in render_markdown(spades)

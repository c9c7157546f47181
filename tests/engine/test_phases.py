"""Draw, play and discard phases; passing; deck-empty actions; turn limit; illegal actions."""

from __future__ import annotations

import pytest

from darwindeck.engine import layout as L
from darwindeck.errors import IllegalActionError
from darwindeck.genome import (
    Condition,
    ConditionType,
    DeckEmptyAction,
    DiscardPhase,
    DrawPhase,
    Location,
    Operator,
    PlayPhase,
    Reference,
    TurnStructure,
    Visibility,
    WinCondition,
    WinType,
)
from engine.scenario import arranged, c, cards, shedding_genome

MATCH = Condition(ConditionType.MATCHES_OR_WILD)


def test_draw_phase_draws_count_cards_from_the_top_of_the_deck() -> None:
    genome = shedding_genome(2, phases=(DrawPhase(count=2), PlayPhase()))
    state = arranged(genome, [cards("2H 3H"), cards("4H 5H")])
    assert state.legal_actions() == [L.A_DRAW]
    deck_before = state.deck()
    state.apply_action(L.A_DRAW)
    assert state.hand(0) == (*cards("2H 3H"), deck_before[-1], deck_before[-2])
    assert len(state.deck()) == len(deck_before) - 2


def test_optional_draw_offers_pass() -> None:
    genome = shedding_genome(2, phases=(DrawPhase(mandatory=False), PlayPhase()))
    state = arranged(genome, [cards("2H 3H"), cards("4H 5H")])
    assert state.legal_actions() == [L.A_DRAW, L.A_PASS]
    state.apply_action(L.A_PASS)
    assert state.legal_actions() == cards("2H 3H")


def test_draw_until_you_can_play_loops() -> None:
    until_playable = Condition(ConditionType.HAND_SIZE, Operator.EQ, 0, Reference.VALID_PLAYS)
    genome = shedding_genome(
        2, phases=(DrawPhase(condition=until_playable, loop=True), PlayPhase(valid_play_condition=MATCH))
    )
    deck = cards("9S 8D 7C 6H")  # top is 6H: the third draw matches hearts
    state = arranged(genome, [cards("2D 3C"), cards("4D 5C")], discard=cards("KH"), deck=deck)
    for _ in range(3):
        assert state.legal_actions() == [L.A_DRAW]
        state.apply_action(L.A_DRAW)
        if state.legal_actions() != [L.A_DRAW]:
            break
    assert state.hand(0) == (*cards("2D 3C"), c("6H"))
    assert state.legal_actions() == [c("6H")]


def test_reshuffle_keeps_the_top_discard() -> None:
    genome = shedding_genome(2, phases=(DrawPhase(), PlayPhase()))
    genome = genome.replace(
        turn_structure=TurnStructure(genome.phases, deck_empty=DeckEmptyAction.RESHUFFLE_DISCARD)
    )
    state = arranged(genome, [cards("2H"), cards("3H")], deck=[])
    top = state.discard()[-1]
    n_discard = len(state.discard())
    state.apply_action(L.A_DRAW)
    assert state.discard() == (top,)
    assert len(state.deck()) == n_discard - 2
    assert len(state.hand(0)) == 2


def test_end_game_on_empty_deck_judges_the_game() -> None:
    genome = shedding_genome(2, phases=(DrawPhase(), PlayPhase()))
    genome = genome.replace(
        turn_structure=TurnStructure(genome.phases, deck_empty=DeckEmptyAction.END_GAME),
        win_conditions=(WinCondition(WinType.EMPTY_HAND), WinCondition(WinType.HIGH_SCORE)),
    )
    state = arranged(genome, [cards("2H"), cards("3H")], deck=[])
    state.apply_action(L.A_DRAW)
    assert state.is_terminal()
    assert state.winner == -1  # high_score is met with a tie at 0: a draw
    assert int(state.array[L.S_ENDED_BY]) == L.END_WIN
    only_empty_hand = genome.replace(win_conditions=(WinCondition(WinType.EMPTY_HAND),))
    state = arranged(only_empty_hand, [cards("2H"), cards("3H")], deck=[])
    state.apply_action(L.A_DRAW)
    assert (state.is_terminal(), state.winner) == (True, -1)
    assert int(state.array[L.S_ENDED_BY]) == L.END_GAME_ACTION


def test_stuck_mandatory_play_without_pass_if_unable_ends_the_turn() -> None:
    strict = PlayPhase(valid_play_condition=MATCH, pass_if_unable=False)
    lenient = PlayPhase(valid_play_condition=MATCH, pass_if_unable=True)
    for play, expected_draw in ((strict, False), (lenient, True)):
        genome = shedding_genome(2, phases=(play, DrawPhase()))
        state = arranged(genome, [cards("2D"), cards("3D 4H")], discard=cards("KH"))
        # player 0 cannot play: strict ends the turn (player 1 to play), lenient goes on to the draw
        if expected_draw:
            assert state.current_player == 0
            assert state.legal_actions() == [L.A_DRAW]
        else:
            assert state.current_player == 1
            assert state.legal_actions() == [c("4H")]


def test_optional_play_offers_pass_and_sets_are_actions() -> None:
    genome = shedding_genome(2, phases=(PlayPhase(max_cards=3, mandatory=False),))
    state = arranged(genome, [cards("5H 5D 5C 9S"), cards("2H 3H")])
    set_of_2 = L.A_SET0 + 3
    set_of_3 = L.A_SET0 + 13 + 3
    assert state.legal_actions() == [*sorted(cards("5H 5D 5C 9S")), L.A_PASS, set_of_2, set_of_3]
    state.apply_action(set_of_2)
    assert state.hand(0) == tuple(cards("5C 9S"))
    assert state.discard()[-2:] == tuple(cards("5H 5D"))
    assert state.action_to_string(set_of_3) == "play 3×5"


def test_discard_phase_takes_count_decisions() -> None:
    genome = shedding_genome(2, phases=(DiscardPhase(count=2),))
    state = arranged(genome, [cards("2H 3H 4H"), cards("5H 6H")])
    state.apply_action(c("3H"))
    assert state.current_player == 0
    state.apply_action(c("4H"))
    assert state.current_player == 1
    assert state.discard()[-2:] == tuple(cards("3H 4H"))


def test_face_down_hand_offers_only_its_top_card() -> None:
    genome = shedding_genome(2, hand_visibility=Visibility.FACE_DOWN)
    state = arranged(genome, [cards("2H 9S 4C"), cards("5H 6H")])
    assert state.legal_actions() == [c("4C")]
    assert state.observation(0).hand is None


def test_illegal_action_raises_and_leaves_the_state_unchanged() -> None:
    state = arranged(shedding_genome(2), [cards("2H 3H"), cards("4H 5H")])
    before = state.array.copy()
    with pytest.raises(IllegalActionError, match="not legal"):
        state.apply_action(c("4H"))
    with pytest.raises(IllegalActionError):
        state.apply_action(999)
    assert (state.array == before).all()


def test_turn_limit_is_a_draw() -> None:
    genome = shedding_genome(2, phases=(PlayPhase(valid_play_condition=MATCH),)).replace(max_turns=3)
    state = arranged(genome, [cards("2D 3D 4D"), cards("4C 5C 6C")], discard=cards("KH"))
    # nobody can play: two idle turns end the hand (stalemate), the next hand plays one more turn
    while not state.is_terminal():
        state.apply_action(state.legal_actions()[0])
    assert int(state.array[L.S_TURN]) == 3
    assert int(state.array[L.S_HANDS_PLAYED]) == 1
    assert (state.winner, state.winning_team) == (-1, -1)
    assert int(state.array[L.S_ENDED_BY]) == L.END_TURN_LIMIT
    assert state.returns() == [0.0, 0.0]


def test_emptying_the_hand_wins_at_the_end_of_the_turn() -> None:
    state = arranged(shedding_genome(2), [cards("2H"), cards("4H 5H")])
    state.apply_action(c("2H"))
    assert state.is_terminal()
    assert state.winner == 0 and state.winning_team == -1
    assert state.returns() == [1.0, -1.0]


ASK = Condition(ConditionType.CARD_MATCHES_RANK, reference=Reference.HAND)


def ask_genome(source: Location = Location.OPPONENT_HAND):  # type: ignore[no-untyped-def]
    """Go Fish's ask: draw from ``source`` only a card of a rank the player holds, then play a card."""
    return shedding_genome(3, phases=(DrawPhase(source=source, condition=ASK), PlayPhase()))


def test_an_ask_takes_only_a_card_of_a_rank_the_player_holds() -> None:
    # seat 0 draws from seat 2, the player before it; two of seat 2's cards match (5D, 9H)
    state = arranged(ask_genome(), [cards("5H 9C"), cards("3D"), cards("5D 7S KS 9H 2C")])
    assert state.legal_actions() == [L.A_DRAW]
    state.apply_action(L.A_DRAW)
    taken = state.hand(0)[2]
    assert state.hand(0)[:2] == tuple(cards("5H 9C")) and taken in cards("5D 9H")
    assert sorted((*state.hand(2), taken)) == sorted(cards("5D 7S KS 9H 2C"))
    assert state.hand(1) == (c("3D"),)


def test_an_ask_with_no_matching_card_is_skipped() -> None:
    # seat 2 (drawn from) holds no 5 and no 9, although seat 1 holds a 5
    state = arranged(ask_genome(), [cards("5H 9C"), cards("5D"), cards("7S KS 2C")])
    assert state.legal_actions() == cards("5H 9C")  # no DRAW: straight on to the play phase
    assert state.hand(2) == tuple(cards("7S KS 2C"))


def test_a_hand_reference_fails_for_an_empty_hand() -> None:
    genome = ask_genome().replace(win_conditions=(WinCondition(WinType.CAPTURE_ALL),))
    state = arranged(genome, [[], cards("5D 7S"), cards("3D")])
    # seat 0 holds nothing to ask for: no draw, no play, the turn passes to seat 1
    assert state.current_player == 1
    assert state.hand(0) == () and state.hand(1) == tuple(cards("5D 7S"))


def test_a_draw_condition_judges_the_top_of_the_discard() -> None:
    state = arranged(
        ask_genome(Location.DISCARD), [cards("5H 9C"), cards("4D"), cards("3D")], discard=cards("9S")
    )
    assert state.legal_actions() == [L.A_DRAW]
    state.apply_action(L.A_DRAW)
    assert state.hand(0) == tuple(cards("5H 9C 9S"))
    other = arranged(
        ask_genome(Location.DISCARD), [cards("5H 9C"), cards("4D"), cards("3D")], discard=cards("KS")
    )
    assert other.legal_actions() == cards("5H 9C")

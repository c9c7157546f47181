"""Betting phases: chips, pot, check / bet / call / raise / all-in / fold, showdown by hand evaluation."""

from __future__ import annotations

from darwindeck.engine import layout as L
from darwindeck.genome import (
    BettingPhase,
    DrawPhase,
    EvaluationMethod,
    HandEvaluation,
    Scoring,
    TurnStructure,
    WinCondition,
    WinType,
)
from engine.scenario import arranged, cards, shedding_genome

CHECK, CALL, BET, RAISE, ALL_IN, FOLD = (L.A_CHECK, L.A_CALL, L.A_BET, L.A_RAISE, L.A_ALL_IN, L.A_FOLD)


def poker(max_raises: int = 2):  # type: ignore[no-untyped-def]
    genome = shedding_genome(
        3, phases=(BettingPhase(min_bet=2, max_raises=max_raises), DrawPhase()), starting_chips=10
    )
    return genome.replace(
        win_conditions=(WinCondition(WinType.BEST_HAND),),
        scoring=Scoring(hand_evaluation=HandEvaluation(EvaluationMethod.POKER)),
    )


def chips(state) -> tuple[int, ...]:  # type: ignore[no-untyped-def]
    return state.block(L.B_CHIPS, 3)


def test_a_round_of_bet_raise_fold_call() -> None:
    state = arranged(poker(), [cards("2H 7D"), cards("KS KD"), cards("4C 9C")])
    assert state.legal_actions() == [CHECK, BET, ALL_IN]
    state.apply_action(BET)
    assert state.current_player == 1
    assert state.legal_actions() == [CALL, RAISE, ALL_IN, FOLD]
    state.apply_action(RAISE)  # the first raise (the opening bet is not one): the bet is 4
    assert state.legal_actions() == [CALL, RAISE, ALL_IN, FOLD]
    state.apply_action(RAISE)  # the second raise: the bet is 6
    assert state.current_player == 0
    assert state.legal_actions() == [CALL, ALL_IN, FOLD]  # two raises made: no more
    state.apply_action(CALL)  # seat 0 puts in 4 more: 6 in all
    state.apply_action(FOLD)  # seat 1, with 4 in, folds
    # Chips: 10 - 6, 10 - 4, 10 - 6; the pot 6 + 4 + 6 = 16.
    assert chips(state) == (4, 6, 4)
    assert int(state.array[L.S_POT]) == 16
    assert state.current_player == 0 and state.legal_actions() == [L.A_DRAW]


def test_checks_all_round_close_it() -> None:
    state = arranged(poker(), [cards("2H 7D"), cards("KS KD"), cards("4C 9C")])
    for _ in range(3):
        state.apply_action(CHECK)
    assert state.legal_actions() == [L.A_DRAW]
    assert int(state.array[L.S_POT]) == 0


def test_everyone_folding_to_a_bet_ends_the_hand_and_the_bettor_wins() -> None:
    state = arranged(poker(), [cards("2H 7D"), cards("KS KD"), cards("4C 9C")])
    state.apply_action(BET)
    state.apply_action(FOLD)
    state.apply_action(FOLD)
    assert state.is_terminal()
    assert state.winner == 0
    assert chips(state) == (10, 10, 10)  # the pot came back to the bettor


def test_all_in_over_the_bet_is_a_raise() -> None:
    state = arranged(poker(), [cards("2H 7D"), cards("KS KD"), cards("4C 9C")])
    state.apply_action(BET)
    state.apply_action(ALL_IN)
    assert chips(state)[1] == 0
    assert int(state.array[L.S_CUR_BET]) == 10
    assert state.legal_actions() == [CALL, ALL_IN, FOLD]


def test_showdown_gives_the_pot_and_the_game_to_the_best_hand_still_in() -> None:
    genome = poker().replace(turn_structure=TurnStructure(phases=(BettingPhase(min_bet=2),)))
    state = arranged(genome, [cards("2H 7D"), cards("KS KD"), cards("AC AD")])
    state.apply_action(BET)
    state.apply_action(CALL)
    state.apply_action(FOLD)  # the aces fold
    while not state.is_terminal():  # nothing moves: after 3 idle turns the hand ends in a showdown
        state.apply_action(CHECK)
    assert state.winner == 1
    assert chips(state) == (8, 12, 10)


def test_no_raise_that_nobody_could_call() -> None:
    # Poker's rule: a bet or raise needs a player who could still answer it. Seat 0 holds 20 chips, the
    # others 10: seat 1 goes all in (10, the opening bet), seat 2 folds; seat 1 has no chip left and
    # seat 2 is out, so seat 0 may call the 10 or fold, and neither raise nor push the other 10 in.
    state = arranged(poker(), [cards("2H 7D"), cards("KS KD"), cards("4C 9C")])
    state.array[L.B_CHIPS] = 20
    state.apply_action(CHECK)
    state.apply_action(ALL_IN)
    state.apply_action(FOLD)
    assert state.current_player == 0
    assert state.legal_actions() == [CALL, FOLD]

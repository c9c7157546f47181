"""Showdown equity sampled over the unseen cards, and the greedy player's betting choice made from it."""

from __future__ import annotations

import math

from darwindeck.engine import layout as L
from darwindeck.engine.equity import call_price, choice_for_equity, showdown_equity
from darwindeck.engine.policies import greedy_choice
from darwindeck.genome import (
    BettingPhase,
    DrawPhase,
    EvaluationMethod,
    HandEvaluation,
    Scoring,
    WinCondition,
    WinType,
)
from engine.scenario import arranged, cards, shedding_genome

ALL_IN, CALL, CHECK, FOLD = L.A_ALL_IN, L.A_CALL, L.A_CHECK, L.A_FOLD


def poker(players: int):  # type: ignore[no-untyped-def]
    """Five cards each, a betting round (minimum bet 2), 100 chips, best poker hand wins."""
    genome = shedding_genome(
        players, phases=(BettingPhase(min_bet=2, max_raises=3), DrawPhase()), starting_chips=100
    )
    return genome.replace(
        win_conditions=(WinCondition(WinType.BEST_HAND),),
        scoring=Scoring(hand_evaluation=HandEvaluation(EvaluationMethod.POKER)),
    )


# A♥ K♥ Q♥ J♥ 9♥ against one hand of five of the 47 other cards, C(47, 5) = 1 533 939 hands equally
# likely. Counted from the ranking of poker hands:
# * higher: straight flushes 33 (hearts 2-6, 3-7, 4-8: the others need the A♥ or the 9♥ we hold; 10 in
#   each of the three other suits); four of a kind 344 (the 8 ranks with all four cards unseen, 2-8 and
#   10, times 43 fifth cards; A, K, Q, J, 9 have only three left); full houses 2 124 (three of rank r and
#   two of rank s ≠ r: trips 4 ways for the 8 full ranks, 1 way for the 5 others, 37 in all; pairs 6 and 3
#   ways, 63 in all; 37·63 − Σ_r trips(r)·pairs(r) = 2 331 − (8·4·6 + 5·1·3) = 2 124). No flush beats it:
#   a flush headed A K Q J with more than a 9 is A K Q J 10, a straight flush, already counted.
# * tied: A K Q J 9 of one of the three other suits, 3 hands; every other hand is lower.
# Equity = (1 533 939 − 2 501 − 3 + 3/2) / 1 533 939.
FLUSH_EQUITY = (1_533_939 - 2_501 - 3 + 1.5) / 1_533_939


def test_a_made_flush_against_one_random_hand() -> None:
    state = arranged(poker(2), [cards("AH KH QH JH 9H"), cards("2C 2D 7S 8S 3C")])
    samples = 40_000
    equity = showdown_equity(state.program, state.array, 0, samples, 12345)
    sigma = math.sqrt(FLUSH_EQUITY * (1 - FLUSH_EQUITY) / samples)  # 0.0002
    assert abs(equity - FLUSH_EQUITY) < 4 * sigma
    assert equity < 1 - 0.0005  # the full houses and quads are found: the estimate is not simply 1


def test_the_worst_hand_against_one_random_hand() -> None:
    # 7♠ 5♥ 4♥ 3♥ 2♥ is the lowest hand there is (no pair, no straight, no flush): it never wins, and
    # ties only with 7-5-4-3-2 of other cards that are not a flush: 3^5 = 243 choices of the unseen
    # cards of those ranks, less the two flushes (all diamonds, all clubs). Equity = ½ · 241 / C(47, 5).
    state = arranged(poker(2), [cards("7S 5H 4H 3H 2H"), cards("AC AD 7D 8S 3C")])
    equity = showdown_equity(state.program, state.array, 0, 20_000, 7)
    assert equity < 0.001
    assert equity == 0.0 or equity >= 0.5 / 20_000  # only ties can score


def test_the_samples_depend_only_on_what_the_seat_sees() -> None:
    # The same cards unseen by seat 0, lying in other places (opponents' hands swapped, a card swapped
    # between a hand and the deck): the same estimate, sample for sample.
    first = arranged(poker(3), [cards("AH KH 7C 7D 2S"), cards("QS QD 3C 4C 5C"), cards("9H 9D 6S 6D JC")])
    swapped = arranged(poker(3), [cards("AH KH 7C 7D 2S"), cards("9H 9D 6S 6D JC"), cards("QS QD 3C 4C 5C")])
    a = showdown_equity(first.program, first.array, 0, 500, 99)
    b = showdown_equity(swapped.program, swapped.array, 0, 500, 99)
    assert a == b
    # The hidden cards do matter to the estimate's value only through the seed's samples: a pair of
    # sevens against two hands sits between nothing and certainty.
    assert 0.2 < a < 0.8


def test_a_fold_with_nothing_against_a_big_bet() -> None:
    state = arranged(poker(3), [cards("AC AD AS KC KD"), cards("7S 5H 4H 3H 2H"), cards("QS QD 3C 4C 5C")])
    state.apply_action(ALL_IN)  # seat 0 puts in its 100 chips: the call costs 100 for a pot of 200
    assert state.current_player == 1
    assert greedy_choice(state.program, state.array) == FOLD


def test_a_call_with_the_nuts() -> None:
    state = arranged(poker(3), [cards("AC AD AS KC KD"), cards("AH KH QH JH 10H"), cards("QS QD 3C 4C 5C")])
    state.apply_action(ALL_IN)
    assert state.current_player == 1  # a royal flush: nothing beats it, nothing ties it
    assert greedy_choice(state.program, state.array) == CALL


def test_the_rule_against_the_price_of_a_call() -> None:
    state = arranged(poker(3), [cards("AC AD AS KC KD"), cards("7S 5H 4H 3H 2H"), cards("QS QD 3C 4C 5C")])
    # Seat 1 owes 100 (a whole stack) into a pot of 100: with a stack worth CHIP_WORTH = 0.1 of a game
    # the call needs e ≥ 0.1·100 / (100 + 0.1·200) = 10 / 120 = 1/12 (module docstring).
    state.array[L.S_CUR_BET] = 100
    state.array[L.S_POT] = 100
    state.array[L.B_ROUND_BET + 1] = 0
    state.array[L.S_N_LEGAL] = 3
    state.array[L.P_LEGAL : L.P_LEGAL + 3] = [CALL, ALL_IN, FOLD]
    assert choice_for_equity(state.array, 1, 1 / 12 + 1e-9, 3, 100, 999) == CALL
    assert choice_for_equity(state.array, 1, 1 / 12 - 1e-9, 3, 100, 999) == FOLD
    assert abs(call_price(100, 100, 100) - 1 / 12) < 1e-12
    # Nothing owed: a weak hand checks, unless the bluff draw (below 100 per mille) says bet.
    state.array[L.S_CUR_BET] = 0
    state.array[L.P_LEGAL : L.P_LEGAL + 3] = [CHECK, L.A_BET, ALL_IN]
    assert choice_for_equity(state.array, 1, 0.1, 3, 100, 500) == CHECK
    assert choice_for_equity(state.array, 1, 0.1, 3, 100, 99) == L.A_BET
    assert choice_for_equity(state.array, 1, 0.6, 3, 100, 500) == L.A_BET  # ≥ 2 / (3 + 1): a value bet
    assert choice_for_equity(state.array, 1, 0.9, 3, 100, 500) == ALL_IN

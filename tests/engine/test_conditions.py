"""Every condition type, simple and compound, judged on real cards through a play phase's legal moves."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from darwindeck.engine import cond_eval
from darwindeck.genome import (
    CompoundCondition,
    Condition,
    ConditionLike,
    ConditionType,
    EvaluationMethod,
    HandEvaluation,
    Logic,
    Operator,
    PlayPhase,
    Rank,
    Reference,
    Scoring,
    Suit,
)
from darwindeck.genome.conditions import Operator as Op
from darwindeck.genome.conditions import Reference as Ref
from engine.scenario import arranged, cards, shedding_genome

T = ConditionType


def playable(condition: ConditionLike, hand: str, discard: str = "", **setup: object) -> list[int]:
    """Player 0's legal plays under ``condition`` ([] when the phase had to be skipped)."""
    genome = shedding_genome(2, phases=(PlayPhase(valid_play_condition=condition),), **setup)
    genome = genome.replace(
        scoring=Scoring(hand_evaluation=HandEvaluation(EvaluationMethod.POINT_TOTAL, bust_threshold=21))
    )
    state = arranged(genome, [cards(hand), cards("JC QC")], discard=cards(discard) if discard else [])
    if state.current_player != 0 or state.hand(0) != tuple(cards(hand)):
        return []
    return state.legal_actions()


def ids(text: str) -> list[int]:
    return sorted(cards(text))


CASES: Sequence[tuple[str, ConditionLike, str, str, str]] = [
    ("hand_size ge 3 holds", Condition(T.HAND_SIZE, Operator.GE, 3), "2H 3H 4H", "", "2H 3H 4H"),
    ("hand_size ge 3 fails", Condition(T.HAND_SIZE, Operator.GE, 3), "2H 3H", "", ""),
    ("matches rank", Condition(T.CARD_MATCHES_RANK), "KD 2D", "KH", "KD"),
    ("matches suit", Condition(T.CARD_MATCHES_SUIT), "2H 2D", "KH", "2H"),
    ("matches colour", Condition(T.CARD_MATCHES_COLOR), "2D 2S", "KH", "2D"),
    ("is rank", Condition(T.CARD_IS_RANK, value=Rank.SEVEN), "7S 8S", "", "7S"),
    ("is suit", Condition(T.CARD_IS_SUIT, value=Suit.CLUBS), "7S 8C", "", "8C"),
    ("has card", Condition(T.PLAYER_HAS_CARD, value=Rank.ACE), "AS 8C", "", "AS 8C"),
    ("has no card", Condition(T.PLAYER_HAS_CARD, value=Rank.ACE), "KS 8C", "", ""),
    ("discard empty", Condition(T.LOCATION_EMPTY, reference=Reference.DISCARD), "KS", "", "KS"),
    ("discard not empty", Condition(T.LOCATION_EMPTY, reference=Reference.DISCARD), "KS", "2D", ""),
    ("deck size", Condition(T.LOCATION_SIZE, Operator.GT, 40, Reference.DECK), "KS 2S", "", "KS 2S"),
    ("deck too small", Condition(T.LOCATION_SIZE, Operator.GT, 48, Reference.DECK), "KS 2S", "", ""),
    ("score ge 0", Condition(T.SCORE_COMPARE, Operator.GE, 0), "KS", "", "KS"),
    ("score gt 0", Condition(T.SCORE_COMPARE, Operator.GT, 0), "KS", "", ""),
    ("adjacent", Condition(T.SEQUENCE_ADJACENT), "6S 8C 9D", "7H", "6S 8C"),
    ("beats top", Condition(T.CARD_BEATS_TOP), "10S 8S", "9H", "10S"),
    ("set of 3", Condition(T.HAS_SET_OF_N, value=3), "5H 5D 5C 2S", "", "5H 5D 5C 2S"),
    ("no set of 3", Condition(T.HAS_SET_OF_N, value=3), "5H 5D 2S", "", ""),
    ("run of 3", Condition(T.HAS_RUN_OF_N, value=3), "4H 5H 6H 9C", "", "4H 5H 6H 9C"),
    ("no run of 3", Condition(T.HAS_RUN_OF_N, value=3), "4H 5D 6H", "", ""),
    ("pair", Condition(T.HAS_MATCHING_PAIR), "4H 4D", "", "4H 4D"),
    ("no pair", Condition(T.HAS_MATCHING_PAIR), "4H 5D", "", ""),
    ("follow suit, no trick", Condition(T.MUST_FOLLOW_SUIT), "4H 5D", "", "4H 5D"),
    ("suit not broken", Condition(T.SUIT_BROKEN), "4H 5D", "", ""),
    ("hand value 19 le 21", Condition(T.HAND_VALUE, Operator.LE, 21), "10H 9H", "", "10H 9H"),
    ("hand value 19 gt 19", Condition(T.HAND_VALUE, Operator.GT, 19), "10H 9H", "", ""),
    ("empty discard: card tests hold", Condition(T.CARD_MATCHES_SUIT), "2H 2D", "", "2H 2D"),
    (
        "and",
        CompoundCondition(Logic.AND, (Condition(T.CARD_MATCHES_SUIT), Condition(T.CARD_BEATS_TOP))),
        "2H QH QS",
        "9H",
        "QH",
    ),
    (
        "or",
        CompoundCondition(Logic.OR, (Condition(T.CARD_MATCHES_SUIT), Condition(T.CARD_BEATS_TOP))),
        "2H QS 3S",
        "9H",
        "2H QS",
    ),
    (
        "nested",
        CompoundCondition(
            Logic.OR,
            (
                Condition(T.CARD_IS_RANK, value=Rank.TWO),
                CompoundCondition(Logic.AND, (Condition(T.CARD_MATCHES_SUIT), Condition(T.CARD_BEATS_TOP))),
            ),
        ),
        "2S 3H KH 4C",
        "9H",
        "2S KH",
    ),
]


@pytest.mark.parametrize(
    ("name", "condition", "hand", "discard", "expected"), CASES, ids=[c[0] for c in CASES]
)
def test_condition(name: str, condition: ConditionLike, hand: str, discard: str, expected: str) -> None:
    assert playable(condition, hand, discard) == (ids(expected) if expected else [])


def test_wild_cards_match_anything() -> None:
    wild = playable(Condition(T.MATCHES_OR_WILD), "8S 2H 3C", "KH", wild_cards=(Rank.EIGHT,))
    assert wild == ids("8S 2H")


def test_has_trump_uses_the_setup_trump() -> None:
    assert playable(Condition(T.HAS_TRUMP), "8S 2H", trump_suit=Suit.SPADES) == ids("8S 2H")
    assert playable(Condition(T.HAS_TRUMP), "8D 2H", trump_suit=Suit.SPADES) == []


def test_engine_codes_match_the_schema_enums() -> None:
    for member in ConditionType:
        assert getattr(cond_eval, member.name) == member.code
    for ref in Ref:
        assert getattr(cond_eval, f"R_{ref.name}") == ref.code
    for op in Op:
        assert getattr(cond_eval, op.name) == op.code

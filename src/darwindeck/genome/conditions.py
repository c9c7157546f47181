"""Conditions: when a card may be played, a phase happens, or a card scores.

A ``Condition`` is ``(type, operator, value, reference)``; a ``CompoundCondition`` joins conditions (or
other compounds) with AND / OR. What each type tests, where *candidate* is the card being considered (a
play, a discard, a scoring card) and *player* the player whose turn it is:

=====================  ==============================================================  ================
type                   test                                                            value
=====================  ==============================================================  ================
hand_size              size of the player's hand ``op`` value (reference VALID_PLAYS:  int
                       the number of legal plays instead)
card_matches_rank      candidate has the rank of the reference card (default top of    --
                       the discard)
card_matches_suit      candidate has the suit of the reference card                    --
card_matches_color     candidate has the colour of the reference card                  --
card_is_rank           candidate's rank is ``value``                                   Rank
card_is_suit           candidate's suit is ``value``                                   Suit
player_has_card        the player holds a card of rank ``value``                       Rank
location_empty         the reference location holds no card                            --
location_size          size of the reference location ``op`` value                     int
score_compare          the player's score ``op`` value                                 int
sequence_adjacent      candidate's rank is one above or below the reference card's     --
matches_or_wild        candidate matches the reference card's rank or suit, or is a    --
                       wild card (``setup.wild_cards``)
has_set_of_n           the player's hand holds ``value`` cards of one rank             int
has_run_of_n           the player's hand holds ``value`` consecutive cards of one suit int
has_matching_pair      the player's hand holds two cards of one rank                   --
must_follow_suit       candidate follows the lead suit, or the player has none of it   --
has_trump              the player holds a card of the trump suit                       --
suit_broken            the trick phase's breaking suit has been played this hand       --
card_beats_top         candidate's rank is higher than the reference card's            --
hand_value             the player's hand total (``scoring.hand_evaluation``) ``op``    int
                       value
extends_meld           candidate can be laid off on a meld on the tableau: it has the  --
                       rank of a set melded there, or is next in suit to either end
                       of a run melded there (``PlayPhase.runs``; A low, no wrap)
=====================  ==============================================================  ================

A card test's reference card is the top of the discard pile unless ``reference`` names another:
``tableau_top``, ``lead_card``, ``last_played`` or ``turned_card`` (the card turned up for trumps at
the deal, ``setup.turned_trump``: "a card of the trump suit" is ``card_matches_suit`` with it).

Types marked "--" ignore ``operator`` and ``value``. ``value`` is a ``Rank`` for card_is_rank and
player_has_card, a ``Suit`` for card_is_suit, an ``int`` otherwise; validation enforces it, and JSON keeps
the kind (a rank stays a rank: ``"Q"``, never an index).
"""

from __future__ import annotations

import operator
from collections.abc import Callable
from dataclasses import dataclass
from typing import TypeAlias

from darwindeck.genome.cards import CodedEnum, Rank, Suit


class ConditionType(CodedEnum):
    HAND_SIZE = "hand_size"
    CARD_MATCHES_RANK = "card_matches_rank"
    CARD_MATCHES_SUIT = "card_matches_suit"
    CARD_MATCHES_COLOR = "card_matches_color"
    CARD_IS_RANK = "card_is_rank"
    CARD_IS_SUIT = "card_is_suit"
    PLAYER_HAS_CARD = "player_has_card"
    LOCATION_EMPTY = "location_empty"
    LOCATION_SIZE = "location_size"
    SCORE_COMPARE = "score_compare"
    SEQUENCE_ADJACENT = "sequence_adjacent"
    MATCHES_OR_WILD = "matches_or_wild"
    HAS_SET_OF_N = "has_set_of_n"
    HAS_RUN_OF_N = "has_run_of_n"
    HAS_MATCHING_PAIR = "has_matching_pair"
    MUST_FOLLOW_SUIT = "must_follow_suit"
    HAS_TRUMP = "has_trump"
    SUIT_BROKEN = "suit_broken"
    CARD_BEATS_TOP = "card_beats_top"
    HAND_VALUE = "hand_value"
    EXTENDS_MELD = "extends_meld"


class Operator(CodedEnum):
    EQ = "eq"
    NE = "ne"
    LT = "lt"
    LE = "le"
    GT = "gt"
    GE = "ge"

    @property
    def symbol(self) -> str:
        return _OPERATOR_SYMBOLS[self]

    def compare(self, left: int, right: int) -> bool:
        """``left <op> right``."""
        return _OPERATOR_TESTS[self](left, right)


_OPERATOR_SYMBOLS = {
    Operator.EQ: "=",
    Operator.NE: "≠",
    Operator.LT: "<",
    Operator.LE: "≤",
    Operator.GT: ">",
    Operator.GE: "≥",
}
_OPERATOR_TESTS: dict[Operator, Callable[[int, int], bool]] = {
    Operator.EQ: operator.eq,
    Operator.NE: operator.ne,
    Operator.LT: operator.lt,
    Operator.LE: operator.le,
    Operator.GT: operator.gt,
    Operator.GE: operator.ge,
}


class Reference(CodedEnum):
    """What a condition looks at besides the candidate card: a card or a place."""

    TOP_DISCARD = "top_discard"
    TABLEAU_TOP = "tableau_top"
    LEAD_CARD = "lead_card"
    LAST_PLAYED = "last_played"
    HAND = "hand"
    DECK = "deck"
    DISCARD = "discard"
    TABLEAU = "tableau"
    CAPTURED = "captured"
    OPPONENT_HAND = "opponent_hand"
    VALID_PLAYS = "valid_plays"
    TURNED_CARD = "turned_card"  # the card turned up for trumps at the deal (``setup.turned_trump``)


class Logic(CodedEnum):
    AND = "and"
    OR = "or"


ConditionValue: TypeAlias = int | Rank | Suit | None

#: Condition types whose ``value`` is a Rank / a Suit; every other type with a value takes an int.
RANK_VALUED = frozenset({ConditionType.CARD_IS_RANK, ConditionType.PLAYER_HAS_CARD})
SUIT_VALUED = frozenset({ConditionType.CARD_IS_SUIT})
#: Types that compare a number with ``operator`` and ``value``.
NUMERIC = frozenset(
    {
        ConditionType.HAND_SIZE,
        ConditionType.LOCATION_SIZE,
        ConditionType.SCORE_COMPARE,
        ConditionType.HAND_VALUE,
    }
)
#: Types that take an int ``value`` but no operator (a count).
COUNTED = frozenset({ConditionType.HAS_SET_OF_N, ConditionType.HAS_RUN_OF_N})
#: Types that look at a candidate card (only meaningful where a card is being judged).
CARD_TESTS = frozenset(
    {
        ConditionType.CARD_MATCHES_RANK,
        ConditionType.CARD_MATCHES_SUIT,
        ConditionType.CARD_MATCHES_COLOR,
        ConditionType.CARD_IS_RANK,
        ConditionType.CARD_IS_SUIT,
        ConditionType.SEQUENCE_ADJACENT,
        ConditionType.MATCHES_OR_WILD,
        ConditionType.MUST_FOLLOW_SUIT,
        ConditionType.CARD_BEATS_TOP,
        ConditionType.EXTENDS_MELD,
    }
)
#: Types that compare the candidate with a reference card (``reference`` names that card).
CARD_REFERENCE_TYPES = (
    ConditionType.CARD_MATCHES_RANK,
    ConditionType.CARD_MATCHES_SUIT,
    ConditionType.CARD_MATCHES_COLOR,
    ConditionType.SEQUENCE_ADJACENT,
    ConditionType.MATCHES_OR_WILD,
    ConditionType.CARD_BEATS_TOP,
)


@dataclass(frozen=True)
class Condition:
    """One test; see the module table for what each type means."""

    type: ConditionType
    operator: Operator | None = None
    value: ConditionValue = None
    reference: Reference | None = None


@dataclass(frozen=True)
class CompoundCondition:
    """``logic`` over two or more conditions (which may themselves be compound)."""

    logic: Logic
    conditions: tuple[ConditionLike, ...]


ConditionLike: TypeAlias = Condition | CompoundCondition


def iter_conditions(condition: ConditionLike | None) -> list[Condition]:
    """Every simple condition inside ``condition``, depth first."""
    if condition is None:
        return []
    if isinstance(condition, Condition):
        return [condition]
    found: list[Condition] = []
    for child in condition.conditions:
        found.extend(iter_conditions(child))
    return found

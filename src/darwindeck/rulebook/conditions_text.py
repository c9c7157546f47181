"""Conditions as English clauses, exactly as ``darwindeck.genome.conditions`` defines each test.

Rules:

* A condition becomes a clause without a capital or a full stop, so callers can embed it:
  "A card may be played only if <clause>." Card tests speak of the candidate card as "it"; player tests
  speak to the player as "you".
* A ``CompoundCondition`` joins its parts with "and" / "or"; a part that is itself a compound, or a
  clause with an "and" / "or" of its own, is put in parentheses, so the grouping is never ambiguous.
* A card test without a reference looks at the top card of the discard pile (the documented default);
  with a location as reference it compares with any card there ("a card in your hand"). A location
  test needs a reference location; a missing or unusable reference is a ``GenomeValidationError``
  naming the condition's path, never a guess.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import NoReturn

from darwindeck.errors import GenomeValidationError
from darwindeck.genome.cards import Rank, Suit
from darwindeck.genome.conditions import (
    CARD_TESTS,
    CompoundCondition,
    Condition,
    ConditionLike,
    ConditionType,
    Logic,
    Operator,
    Reference,
    iter_conditions,
)
from darwindeck.rulebook import words


@dataclass(frozen=True)
class ConditionContext:
    """What a clause may need from the rest of the genome."""

    genome_name: str
    wild_cards: tuple[Rank, ...]
    breaking_suits: tuple[Suit, ...]


_CARD_REFERENCES = {
    Reference.TOP_DISCARD: "the top card of the discard pile",
    Reference.TABLEAU_TOP: "the top card of the tableau",
    Reference.LEAD_CARD: "the card led to the trick",
    Reference.LAST_PLAYED: "the last card played",
    Reference.TURNED_CARD: "the card turned up for trumps",
}

_LOCATION_REFERENCES = {
    Reference.HAND: "your hand",
    Reference.DECK: "the deck",
    Reference.DISCARD: "the discard pile",
    Reference.TABLEAU: "the tableau",
    Reference.CAPTURED: "your captured pile",
    Reference.OPPONENT_HAND: "an opponent's hand",
}

#: Operators for a count of things ("fewer than 3 cards") and for an amount ("less than 21").
_COUNT_OPERATORS = {
    Operator.EQ: "exactly",
    Operator.NE: "a number other than",
    Operator.LT: "fewer than",
    Operator.LE: "at most",
    Operator.GT: "more than",
    Operator.GE: "at least",
}
_AMOUNT_OPERATORS = {
    Operator.EQ: "exactly",
    Operator.NE: "anything but",
    Operator.LT: "less than",
    Operator.LE: "at most",
    Operator.GT: "more than",
    Operator.GE: "at least",
}


def describe_condition(condition: ConditionLike, context: ConditionContext, path: str) -> str:
    """The clause for ``condition`` (found at ``path`` in the genome, for error messages)."""
    if isinstance(condition, CompoundCondition):
        return _describe_compound(condition, context, path, nested=False)
    return _describe_simple(condition, context, path)


def _describe_compound(
    compound: CompoundCondition, context: ConditionContext, path: str, *, nested: bool
) -> str:
    parts: list[str] = []
    for index, child in enumerate(compound.conditions):
        child_path = f"{path}.conditions[{index}]"
        if isinstance(child, CompoundCondition):
            parts.append(_describe_compound(child, context, child_path, nested=True))
        else:
            parts.append(_grouped(_describe_simple(child, context, child_path)))
    if not parts:
        raise GenomeValidationError(context.genome_name, [f"{path}: a compound condition needs parts"])
    text = words.join(parts, "and" if compound.logic is Logic.AND else "or")
    return f"({text})" if nested else text


def _grouped(clause: str) -> str:
    """A simple clause inside a compound, in parentheses when it has an "and" / "or" of its own."""
    if " or " in clause or " and " in clause:
        return f"({clause})"
    return clause


def _describe_simple(condition: Condition, context: ConditionContext, path: str) -> str:
    kind = condition.type
    if kind in _CARD_CLAUSES:
        return _CARD_CLAUSES[kind](_card_reference(condition, context, path))
    if kind is ConditionType.HAND_SIZE:
        return _hand_size(condition, context, path)
    if kind is ConditionType.LOCATION_EMPTY:
        return f"{_location_reference(condition, context, path)} is empty"
    if kind is ConditionType.LOCATION_SIZE:
        amount = _compared(condition, _COUNT_OPERATORS, context, path)
        return f"{_location_reference(condition, context, path)} holds {amount} cards"
    if kind is ConditionType.SCORE_COMPARE:
        return f"your score is {_compared(condition, _AMOUNT_OPERATORS, context, path)}"
    if kind is ConditionType.HAND_VALUE:
        return f"the value of your hand is {_compared(condition, _AMOUNT_OPERATORS, context, path)}"
    return _describe_valued(condition, context, path)


def _describe_valued(condition: Condition, context: ConditionContext, path: str) -> str:
    kind = condition.type
    if kind is ConditionType.CARD_IS_RANK:
        return f"it is {words.rank_with_article(_rank_value(condition, context, path))}"
    if kind is ConditionType.PLAYER_HAS_CARD:
        return f"you hold {words.rank_with_article(_rank_value(condition, context, path))}"
    if kind is ConditionType.CARD_IS_SUIT:
        suit = _suit_value(condition, context, path)
        return f"it is a {words.suit_singular(suit)} ({suit.symbol})"
    if kind is ConditionType.MATCHES_OR_WILD:
        return _matches_or_wild(_card_reference(condition, context, path), context)
    if kind is ConditionType.HAS_SET_OF_N:
        return f"your hand holds {_int_value(condition, context, path)} cards of one rank"
    if kind is ConditionType.HAS_RUN_OF_N:
        number = _int_value(condition, context, path)
        return f"your hand holds a run of {number} consecutive cards of one suit"
    if kind is ConditionType.HAS_MATCHING_PAIR:
        return "your hand holds two cards of the same rank"
    if kind is ConditionType.HAS_TRUMP:
        return "you hold a trump"
    if kind is ConditionType.EXTENDS_MELD:
        return (
            "it can be added to a meld on the table: a set of its rank, or a run of its suit that it "
            "continues at either end"
        )
    if kind is ConditionType.SUIT_BROKEN:
        return _suit_broken(context)
    raise GenomeValidationError(context.genome_name, [f"{path}.type: {kind.value} cannot be described"])


_CARD_CLAUSES: dict[ConditionType, Callable[[str], str]] = {
    ConditionType.CARD_MATCHES_RANK: lambda ref: f"it has the same rank as {ref}",
    ConditionType.CARD_MATCHES_SUIT: lambda ref: f"it has the same suit as {ref}",
    ConditionType.CARD_MATCHES_COLOR: lambda ref: f"it has the same colour as {ref}",
    ConditionType.SEQUENCE_ADJACENT: lambda ref: f"its rank is one above or one below that of {ref}",
    ConditionType.CARD_BEATS_TOP: lambda ref: f"it ranks higher than {ref}",
    ConditionType.MUST_FOLLOW_SUIT: lambda _ref: "it follows the suit led unless you hold none of that suit",
}


def _matches_or_wild(reference: str, context: ConditionContext) -> str:
    clause = f"it matches the rank or the suit of {reference}"
    if not context.wild_cards:
        return clause
    wild = words.join([rank.value for rank in context.wild_cards], "or")
    return f"{clause}, or it is wild (any {wild})"


def _suit_broken(context: ConditionContext) -> str:
    if not context.breaking_suits:
        return "the breaking suit has been played in this hand"
    suits = words.join([words.suit_plural(suit) for suit in context.breaking_suits], "or")
    return f"{suits} have been broken (played) in this hand"


def _hand_size(condition: Condition, context: ConditionContext, path: str) -> str:
    number = _int_value(condition, context, path)
    operator = _operator(condition, context, path)
    if condition.reference is Reference.VALID_PLAYS:
        if operator is Operator.EQ and number == 0:
            return "you have no legal play"
        return f"you have {_COUNT_OPERATORS[operator]} {words.count(number, 'legal play')}"
    if operator is Operator.EQ and number == 0:
        return "your hand is empty"
    return f"your hand holds {_COUNT_OPERATORS[operator]} {words.count(number, 'card')}"


def _compared(
    condition: Condition, phrases: dict[Operator, str], context: ConditionContext, path: str
) -> str:
    return f"{phrases[_operator(condition, context, path)]} {_int_value(condition, context, path)}"


def _card_reference(condition: Condition, context: ConditionContext, path: str) -> str:
    reference = condition.reference or Reference.TOP_DISCARD
    if reference in _CARD_REFERENCES:
        return _CARD_REFERENCES[reference]
    if reference in _LOCATION_REFERENCES:
        return f"a card in {_LOCATION_REFERENCES[reference]}"
    _refuse(
        context, f"{path}.reference", f"{condition.type.value} cannot compare a card with {reference.value}"
    )


def tests_a_card(condition: ConditionLike) -> bool:
    """Whether any part of ``condition`` looks at a candidate card (so "it" means that card)."""
    return any(simple.type in CARD_TESTS for simple in iter_conditions(condition))


def _location_reference(condition: Condition, context: ConditionContext, path: str) -> str:
    reference = condition.reference
    if reference is None or reference not in _LOCATION_REFERENCES:
        found = "none" if reference is None else reference.value
        _refuse(context, f"{path}.reference", f"{condition.type.value} needs a location, got {found}")
    return _LOCATION_REFERENCES[reference]


def _operator(condition: Condition, context: ConditionContext, path: str) -> Operator:
    if condition.operator is None:
        _refuse(context, f"{path}.operator", f"{condition.type.value} needs an operator")
    return condition.operator


def _int_value(condition: Condition, context: ConditionContext, path: str) -> int:
    value = condition.value
    if not isinstance(value, int) or isinstance(value, bool):
        _refuse(context, f"{path}.value", f"{condition.type.value} needs a whole number")
    return value


def _rank_value(condition: Condition, context: ConditionContext, path: str) -> Rank:
    if not isinstance(condition.value, Rank):
        _refuse(context, f"{path}.value", f"{condition.type.value} needs a rank")
    return condition.value


def _suit_value(condition: Condition, context: ConditionContext, path: str) -> Suit:
    if not isinstance(condition.value, Suit):
        _refuse(context, f"{path}.value", f"{condition.type.value} needs a suit")
    return condition.value


def _refuse(context: ConditionContext, place: str, reason: str) -> NoReturn:
    raise GenomeValidationError(context.genome_name, [f"{place}: {reason}"])

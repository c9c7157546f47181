"""Bidding contracts, card scoring and hand evaluation as sentences and tables.

Rules (the semantics are those of ``genome.schema`` and spec 004):

* Contracts use the genome's own ``ContractScoring`` numbers: made contract = bid × points per trick bid plus
  overtricks × overtrick points; failed = −bid × penalty; Nil bonus / penalty; bags carry over between hands
  and every ``bag_limit`` bags cost ``bag_penalty``; an ``exact`` contract is made only by the very number of
  tricks bid (no overtricks, no bags), and ``made_bonus`` is added to a made one. In team mode the contract is
  the sum of the partners' non-Nil bids and Nil is scored for the bidder's team.
* Card-scoring rules become one table row each: which cards, how many points per card, and the trigger.
  A condition naming one suit, one rank, or one rank and one suit is written as cards ("any heart (♥)",
  "the Q♠"); any other condition is written as a clause.
* Hand evaluation is described per ``EvaluationMethod``, card values grouped as compactly as they allow.
"""

from __future__ import annotations

from darwindeck.genome.cards import DeckType, Rank, Suit
from darwindeck.genome.conditions import CompoundCondition, Condition, ConditionLike, ConditionType, Logic
from darwindeck.genome.schema import (
    CardScoringRule,
    ContractScoring,
    EvaluationMethod,
    HandEvaluation,
    ScoringTrigger,
)
from darwindeck.rulebook import words
from darwindeck.rulebook.conditions_text import ConditionContext, describe_condition

CARD_RULES_HEADER = ("Cards", "Points per card", "Counted when")

_TRIGGER_TEXT = {
    ScoringTrigger.TRICK_WIN: "in a trick you win",
    ScoringTrigger.CAPTURE: "you capture it",
    ScoringTrigger.PLAY: "you play it",
    ScoringTrigger.HAND_END: "it is still in your hand when the hand ends",
}

_NUMBER_RANKS = (
    Rank.TWO,
    Rank.THREE,
    Rank.FOUR,
    Rank.FIVE,
    Rank.SIX,
    Rank.SEVEN,
    Rank.EIGHT,
    Rank.NINE,
    Rank.TEN,
)


def contract_sentences(contract: ContractScoring, team_mode: bool, nil_allowed: bool) -> list[str]:
    """The contract rules with the genome's numbers, in the order they are applied at hand end."""
    side, who, its = ("team", "team that", "its") if team_mode else ("player", "player who", "their")
    points_per_bid = words.count(contract.points_per_trick_bid, "point")
    bags = words.count(contract.bag_limit, "bag")
    bag_cost = words.count(contract.bag_penalty, "point")
    sentences = []
    if team_mode:
        excluded = " (Nil bids excluded)" if nil_allowed else ""
        sentences.append(
            f"A team's contract is the sum of its members' bids{excluded}, and its tricks are the tricks "
            "its members took together."
        )
    bonus = f", plus {words.count(contract.made_bonus, 'point')} for making it" if contract.made_bonus else ""
    scores = "it scores" if team_mode else "they score"
    if contract.failed_contract_penalty:
        failed = f"loses {words.count(contract.failed_contract_penalty, 'point')} per trick bid"
    else:
        failed = "scores nothing"
    if contract.exact:
        sentences += [
            f"At the end of each hand, a {who} took exactly as many tricks as {its} contract has made it: "
            f"{scores} {points_per_bid} per trick bid{bonus}.",
            f"A {who} took more or fewer tricks than {its} contract failed it and {failed}.",
        ]
    else:
        sentences += [
            f"At the end of each hand, a {who} took at least as many tricks as {its} contract has made "
            f"it: {scores} {points_per_bid} per trick bid, plus "
            f"{words.count(contract.overtrick_points, 'point')} per trick over the contract{bonus}.",
            f"A {who} took fewer tricks than {its} contract failed it and {failed}.",
        ]
    if nil_allowed:
        if team_mode:
            how = "Nil is scored for the bidder's team on top of the team's contract."
        else:
            how = (
                "A Nil bidder's contract is no trick at all, so each trick they take also counts as a "
                "trick over the contract."
            )
        sentences.append(
            f"Nil is worth {words.count(contract.nil_bonus, 'point')} if the Nil bidder takes no trick; "
            f"a failed Nil costs {words.count(contract.nil_penalty, 'point')}. {how}"
        )
    one = contract.bag_limit == 1
    if contract.exact:
        return sentences  # an exact contract has no overtricks, so no bags
    sentences.append(
        f"Every trick over the contract is also a bag. Bags carry over from hand to hand: {bags} "
        f"{'costs' if one else 'cost'} {bag_cost}, so when a {side} has {bags}, "
        f"{'it loses' if team_mode else 'they lose'} {bag_cost} and {bags} {'is' if one else 'are'} taken "
        f"off {its} count."
    )
    return sentences


def card_rule_row(rule: CardScoringRule, index: int, context: ConditionContext) -> tuple[str, str, str]:
    """``(cards, points, trigger)`` for ``scoring.card_rules[index]``."""
    cards = _cards_named(rule.condition)
    if cards is None:
        clause = describe_condition(rule.condition, context, f"scoring.card_rules[{index}].condition")
        cards = f"any card such that {clause}"
    return (cards, str(rule.points), _TRIGGER_TEXT[rule.trigger])


def _cards_named(condition: ConditionLike) -> str | None:
    """A noun for a condition that names a suit, a rank, or a single card; ``None`` otherwise."""
    if isinstance(condition, Condition):
        if condition.type is ConditionType.CARD_IS_SUIT and isinstance(condition.value, Suit):
            return f"any {words.suit_singular(condition.value)} ({condition.value.symbol})"
        if condition.type is ConditionType.CARD_IS_RANK and isinstance(condition.value, Rank):
            return f"any {condition.value.value}"
        return None
    if condition.logic is not Logic.AND or len(condition.conditions) != 2:
        return None
    ranks = [c.value for c in _simple(condition) if c.type is ConditionType.CARD_IS_RANK]
    suits = [c.value for c in _simple(condition) if c.type is ConditionType.CARD_IS_SUIT]
    if len(ranks) == 1 and len(suits) == 1 and isinstance(ranks[0], Rank) and isinstance(suits[0], Suit):
        return f"the {words.card(ranks[0], suits[0])}"
    return None


def _simple(compound: CompoundCondition) -> list[Condition]:
    return [c for c in compound.conditions if isinstance(c, Condition)]


def hand_evaluation_sentences(evaluation: HandEvaluation, deck: DeckType) -> list[str]:
    """How hands are valued and compared."""
    method = evaluation.method
    if method is EvaluationMethod.HIGH_CARD:
        return [
            "Hands are compared by their highest card; between cards of equal rank, suits rank "
            "♥ (lowest), ♦, ♣, ♠ (highest)."
        ]
    if method is EvaluationMethod.POKER:
        patterns = [pattern.value.replace("_", " ") for pattern in evaluation.patterns]
        return [
            f"Hands are ranked by poker patterns, from weakest to strongest: {words.join(patterns)}.",
            "Between hands with the same pattern, the higher cards win.",
        ]
    values = _card_values_sentence(evaluation, deck)
    if method is EvaluationMethod.POINT_TOTAL:
        sentences = ["A hand is worth the total value of its cards.", values]
        if evaluation.ace_alternate_value is not None and Rank.ACE in deck.ranks():
            sentences.append(
                f"An A may count {evaluation.ace_alternate_value} instead, whenever that keeps the hand "
                "from busting."
            )
        if evaluation.bust_threshold is not None:
            sentences.append(f"A hand worth more than {evaluation.bust_threshold} busts and cannot win.")
        return sentences
    return [
        "A hand's deadwood is the total value of its cards that are not part of a set (3 or more cards "
        "of one rank) or a run (3 or more consecutive cards of one suit); less deadwood is better.",
        values,
    ]


def _card_values_sentence(evaluation: HandEvaluation, deck: DeckType) -> str:
    """``"Card values: number cards count their face value; J, Q and K count 10; A counts 11."``"""
    ranks = deck.ranks()
    values = evaluation.card_values
    face = [r for r in ranks if r in _NUMBER_RANKS and values[r.code] == int(r.value)]
    rest = [r for r in ranks if r not in face]
    parts = []
    if face and len(face) == len([r for r in ranks if r in _NUMBER_RANKS]):
        parts.append("number cards count their face value")
    else:
        rest = list(ranks)
    groups: dict[int, list[Rank]] = {}
    for rank in rest:
        groups.setdefault(values[rank.code], []).append(rank)
    for value, group in groups.items():
        names = words.join([rank.value for rank in group])
        verb = "counts" if len(group) == 1 else "count"
        parts.append(f"{names} {verb} {value}")
    return f"Card values: {'; '.join(parts)}."

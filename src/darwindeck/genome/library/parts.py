"""Rule parts several library games share, so each game states only what differs.

* ``is_rank`` / ``is_suit`` / ``is_card``: conditions on the candidate card (``is_card`` is the AND of
  the two, e.g. Q♠ in Hearts).
* ``NO_LEGAL_PLAY``: "the player has no legal play" (hand_size over the valid plays equals 0), the gate
  of a "draw when you cannot play" phase.
* ``hand_size``: "the player's hand size ``op`` n".
* ``trick_turns``: the turn structure of a trick-taking hand, with or without a bidding phase.
"""

from __future__ import annotations

from darwindeck.genome.cards import Rank, Suit
from darwindeck.genome.conditions import (
    CompoundCondition,
    Condition,
    ConditionType,
    Logic,
    Operator,
    Reference,
)
from darwindeck.genome.phases import BiddingPhase, Phase, TrickPhase
from darwindeck.genome.schema import TurnStructure


def is_rank(rank: Rank) -> Condition:
    """The candidate card has this rank."""
    return Condition(ConditionType.CARD_IS_RANK, value=rank)


def is_suit(suit: Suit) -> Condition:
    """The candidate card has this suit."""
    return Condition(ConditionType.CARD_IS_SUIT, value=suit)


def is_card(rank: Rank, suit: Suit) -> CompoundCondition:
    """The candidate card is exactly this card."""
    return CompoundCondition(Logic.AND, (is_rank(rank), is_suit(suit)))


def hand_size(operator: Operator, size: int) -> Condition:
    """The player's hand size compared with ``size``."""
    return Condition(ConditionType.HAND_SIZE, operator, size)


NO_LEGAL_PLAY = Condition(ConditionType.HAND_SIZE, Operator.EQ, 0, Reference.VALID_PLAYS)


def trick_turns(
    trick: TrickPhase, tricks_per_hand: int, bidding: BiddingPhase | None = None
) -> TurnStructure:
    """A trick-taking hand of ``tricks_per_hand`` tricks, preceded by ``bidding`` when given."""
    phases: tuple[Phase, ...] = (trick,) if bidding is None else (bidding, trick)
    return TurnStructure(phases=phases, is_trick_based=True, tricks_per_hand=tricks_per_hand)

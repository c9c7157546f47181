"""OpenSpiel's card numberings: its trick games' ``rank * 4 + suit``, and ``suit * 13 + rank``."""

from __future__ import annotations

from darwindeck.genome.cards import Rank, Suit, card_id

#: OpenSpiel's ranks of a 52-card deck, two first ("T" is the ten).
FULL_RANKS = "23456789TJQKA"


def rank_major_card(openspiel_card: int, ranks: str = FULL_RANKS, suits: str = "CDHS") -> int:
    """OpenSpiel's card ``rank * 4 + suit`` as our card id: ``ranks`` and ``suits`` list OpenSpiel's
    orders (Euchre's ranks are "9TJQKA"; Oh Hell's suits "CDSH")."""
    rank = ranks[openspiel_card // 4]
    return card_id(Rank("10" if rank == "T" else rank), Suit(suits[openspiel_card % 4]))


#: OpenSpiel's suits C, D, H, S as our suit codes (0 hearts, 1 diamonds, 2 clubs, 3 spades).
SUIT_MAJOR_SUITS = (2, 1, 0, 3)


def suit_major_card(openspiel_card: int) -> int:
    """OpenSpiel's card ``suit * 13 + rank`` (suits C, D, H, S; ranks A, 2 … K; Blackjack, Cribbage) as
    our card id: its rank A, 2 … K is our rank code 12, 0 … 11."""
    suit, rank = divmod(openspiel_card, 13)
    return SUIT_MAJOR_SUITS[suit] * 13 + (rank - 1) % 13

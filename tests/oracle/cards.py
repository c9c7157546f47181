"""OpenSpiel's card numbering shared by its trick games: card ``rank * 4 + suit``."""

from __future__ import annotations

from darwindeck.genome.cards import Rank, Suit, card_id

#: OpenSpiel's ranks of a 52-card deck, two first ("T" is the ten).
FULL_RANKS = "23456789TJQKA"


def rank_major_card(openspiel_card: int, ranks: str = FULL_RANKS, suits: str = "CDHS") -> int:
    """OpenSpiel's card ``rank * 4 + suit`` as our card id: ``ranks`` and ``suits`` list OpenSpiel's
    orders (Euchre's ranks are "9TJQKA"; Oh Hell's suits "CDSH")."""
    rank = ranks[openspiel_card // 4]
    return card_id(Rank("10" if rank == "T" else rank), Suit(suits[openspiel_card % 4]))

"""Cards, decks, places and visibility: the vocabulary every genome is written in.

Encodings (stable; the bytecode and the engine rely on them, never reorder a member):

* ``Rank`` 2…A has the *code* 0…12 (``Rank.TWO.code == 0``, ``Rank.ACE.code == 12``). Ace is high in
  comparisons (tricks, ``card_beats_top``, War). In SEQUENCE tableaux (spec 001) ranks run
  A-2-3-…-K: ascending stops at King, descending stops at Ace, nothing wraps.
* ``Suit`` H, D, C, S has the code 0…3. Hearts and diamonds are red, clubs and spades black.
* A card is one small integer ``card_id = suit.code * 13 + rank.code`` (0…51): 2♥ = 0, A♥ = 12,
  2♦ = 13, A♠ = 51. The engine's action "play card c" uses this id.

>>> card_id(Rank.QUEEN, Suit.SPADES)
49
>>> card_name(49)
'Q♠'
>>> len(DeckType.ITALIAN_40.card_ids())
40
"""

from __future__ import annotations

from enum import Enum
from typing import Self


class CodedEnum(Enum):
    """An enum whose members have a dense byte code: their position in the class body."""

    @property
    def code(self) -> int:
        """The member's byte code (its position in definition order)."""
        return list(type(self)).index(self)

    @classmethod
    def from_code(cls, code: int) -> Self:
        """The member with this byte code; a ``ValueError`` naming the enum for any other value."""
        members = list(cls)
        if not 0 <= code < len(members):
            raise ValueError(f"{code} is not a valid {cls.__name__} code (0..{len(members) - 1})")
        return members[code]


class Rank(CodedEnum):
    """Card rank, 2 (code 0) to Ace (code 12)."""

    TWO = "2"
    THREE = "3"
    FOUR = "4"
    FIVE = "5"
    SIX = "6"
    SEVEN = "7"
    EIGHT = "8"
    NINE = "9"
    TEN = "10"
    JACK = "J"
    QUEEN = "Q"
    KING = "K"
    ACE = "A"


class Suit(CodedEnum):
    """Card suit: hearts (0), diamonds (1), clubs (2), spades (3)."""

    HEARTS = "H"
    DIAMONDS = "D"
    CLUBS = "C"
    SPADES = "S"

    @property
    def symbol(self) -> str:
        return _SUIT_SYMBOLS[self]


_SUIT_SYMBOLS = {Suit.HEARTS: "♥", Suit.DIAMONDS: "♦", Suit.CLUBS: "♣", Suit.SPADES: "♠"}

CARDS_PER_SUIT = 13
FULL_DECK_SIZE = 52


def card_id(rank: Rank, suit: Suit) -> int:
    """The dense id of a card: ``suit.code * 13 + rank.code``."""
    return suit.code * CARDS_PER_SUIT + rank.code


def card_rank(card: int) -> Rank:
    return Rank.from_code(card % CARDS_PER_SUIT)


def card_suit(card: int) -> Suit:
    return Suit.from_code(card // CARDS_PER_SUIT)


def card_name(card: int) -> str:
    """A person's name for a card id, e.g. ``'10♦'``."""
    if not 0 <= card < FULL_DECK_SIZE:
        raise ValueError(f"card id {card} is out of range 0..51")
    return f"{card_rank(card).value}{card_suit(card).symbol}"


class DeckType(CodedEnum):
    """Which cards make up the deck.

    * ``standard_52``: the full French deck.
    * ``italian_40``: no 8, 9 or 10 (the 40-card deck of Scopa and Briscola in French suits).
    * ``piquet_32``: 7 to Ace in each suit (Piquet, Belote, Skat-like games).
    * ``euchre_24``: 9 to Ace in each suit.
    """

    STANDARD_52 = "standard_52"
    ITALIAN_40 = "italian_40"
    PIQUET_32 = "piquet_32"
    EUCHRE_24 = "euchre_24"

    def ranks(self) -> tuple[Rank, ...]:
        """The ranks present in this deck, low to high."""
        excluded = _EXCLUDED_RANKS[self]
        return tuple(r for r in Rank if r not in excluded)

    def card_ids(self) -> tuple[int, ...]:
        """Every card of this deck as ids, sorted."""
        ranks = self.ranks()
        return tuple(sorted(card_id(r, s) for s in Suit for r in ranks))

    @property
    def size(self) -> int:
        return len(self.ranks()) * len(Suit)


_SMALL = (Rank.TWO, Rank.THREE, Rank.FOUR, Rank.FIVE, Rank.SIX)
_EXCLUDED_RANKS: dict[DeckType, tuple[Rank, ...]] = {
    DeckType.STANDARD_52: (),
    DeckType.ITALIAN_40: (Rank.EIGHT, Rank.NINE, Rank.TEN),
    DeckType.PIQUET_32: _SMALL,
    DeckType.EUCHRE_24: (*_SMALL, Rank.SEVEN, Rank.EIGHT),
}


class Location(CodedEnum):
    """A place cards can be in or move between."""

    DECK = "deck"
    HAND = "hand"
    DISCARD = "discard"
    TABLEAU = "tableau"
    OPPONENT_HAND = "opponent_hand"
    OPPONENT_DISCARD = "opponent_discard"
    CAPTURED = "captured"


class Visibility(CodedEnum):
    """Who may see the cards of a place.

    * ``face_down``: nobody, not even the owner. A face-down hand is a stack: its owner plays the top
      card without choosing (War).
    * ``owner_only``: the owner sees them (ordinary hands).
    * ``top_only``: everyone sees the top card only (an ordinary discard pile).
    * ``face_up``: everyone sees every card.
    """

    FACE_DOWN = "face_down"
    OWNER_ONLY = "owner_only"
    TOP_ONLY = "top_only"
    FACE_UP = "face_up"

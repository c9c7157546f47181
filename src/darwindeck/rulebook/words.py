"""The rulebook's vocabulary: how ranks, suits, places, targets and counts are written.

Rules of style the whole rulebook follows:

* Seats are numbered from 1 (the genome's player 0 is "player 1").
* A rank is written as on the card (``2``…``10``, ``J``, ``Q``, ``K``, ``A``) with its article
  ("an 8", "a J", "an A"); a suit in words with its symbol ("hearts (♥)").
* Counts always agree with their noun ("1 card", "2 cards"); lists end with "and" / "or".
"""

from __future__ import annotations

from collections.abc import Sequence

from darwindeck.genome.cards import Location, Rank, Suit
from darwindeck.genome.schema import TargetSelector

_SUIT_WORDS = {Suit.HEARTS: "heart", Suit.DIAMONDS: "diamond", Suit.CLUBS: "club", Suit.SPADES: "spade"}

_LOCATION_PLACES = {
    Location.DECK: "the deck",
    Location.HAND: "your hand",
    Location.DISCARD: "the discard pile",
    Location.TABLEAU: "the tableau",
    Location.OPPONENT_HAND: "an opponent's hand",
    Location.OPPONENT_DISCARD: "an opponent's discard pile",
    Location.CAPTURED: "your captured pile",
}

_TARGETS = {
    TargetSelector.NEXT_PLAYER: "the next player",
    TargetSelector.PREV_PLAYER: "the previous player",
    TargetSelector.PLAYER_CHOICE: "a player of your choice",
    TargetSelector.RANDOM_OPPONENT: "a random opponent",
    TargetSelector.ALL_OPPONENTS: "every opponent",
    TargetSelector.LEFT_OPPONENT: "the player in the next seat",
    TargetSelector.RIGHT_OPPONENT: "the player in the previous seat",
}


def count(number: int, noun: str, plural: str | None = None) -> str:
    """``count(1, "card") == "1 card"``, ``count(3, "card") == "3 cards"``."""
    if number == 1:
        return f"1 {noun}"
    return f"{number} {plural if plural is not None else noun + 's'}"


def join(items: Sequence[str], conjunction: str = "and") -> str:
    """``["a", "b", "c"]`` → ``"a, b and c"``."""
    if not items:
        raise ValueError("join() needs at least one item")
    if len(items) == 1:
        return items[0]
    return f"{', '.join(items[:-1])} {conjunction} {items[-1]}"


def capitalize(text: str) -> str:
    """The text with its first letter upper-case (the rest untouched)."""
    return text[:1].upper() + text[1:]


def rank_with_article(rank: Rank) -> str:
    """``"an 8"``, ``"a J"``, ``"an A"``: the article follows how the rank is spoken."""
    article = "an" if rank in (Rank.EIGHT, Rank.ACE) else "a"
    return f"{article} {rank.value}"


def suit_plural(suit: Suit) -> str:
    """``"hearts (♥)"``."""
    return f"{_SUIT_WORDS[suit]}s ({suit.symbol})"


def suit_singular(suit: Suit) -> str:
    """``"heart"``: one card of the suit."""
    return _SUIT_WORDS[suit]


def card(rank: Rank, suit: Suit) -> str:
    """``"Q♠"``."""
    return f"{rank.value}{suit.symbol}"


def place(location: Location) -> str:
    """Where cards are, seen by the player whose turn it is: ``"the discard pile"``, ``"your hand"``."""
    return _LOCATION_PLACES[location]


def target(selector: TargetSelector) -> str:
    """Who a special effect hits: ``"the next player"``."""
    return _TARGETS[selector]


def seat(player_index: int) -> str:
    """The genome's 0-based player index as the seat players read: 0 → ``"1"``."""
    return str(player_index + 1)


def seats(team: Sequence[int]) -> str:
    """``(0, 2)`` → ``"players 1 and 3"``; ``(3,)`` → ``"player 4"``."""
    numbers = [seat(p) for p in team]
    noun = "player" if len(numbers) == 1 else "players"
    return f"{noun} {join(numbers)}"

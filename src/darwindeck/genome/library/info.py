"""What the library says about each classic game besides its genome: ``GameInfo``.

A ``GameInfo`` is the catalogue entry a person reads in ``darwindeck games``: the slug used on the
command line, the display name (``name``), the family (the module the game lives in), the mechanics it
exercises and a one-line summary. Mechanics come from one fixed vocabulary, ``MECHANICS``, so tools can
filter on them; the library's tests check that the ones a genome can show (tricks, bidding, teams,
betting, …) agree with the genome.
"""

from __future__ import annotations

from dataclasses import dataclass

from darwindeck.genome.schema import GameGenome

#: Every mechanic a library game may list, with what it means.
MECHANICS: dict[str, str] = {
    "asking": "players ask each other for cards of a rank (Go Fish)",
    "auction": "players bid for a contract of tricks and a trump suit; the declarer plays the dummy (Bridge)",
    "betting": "chips are bet in a betting phase",
    "bidding": "players bid the number of tricks they will take",
    "bluffing": "cards are played face down under a claim that may be a lie",
    "capture": "cards are won from the table",
    "climbing": "each play must beat the previous one",
    "community-cards": "cards dealt face up to the table count in every player's hand (Texas Hold'em)",
    "counting": "cards are played onto a running count that may not pass a limit (Cribbage's play)",
    "crib": "cards laid away to the dealer's crib; hands and crib counted in a show (Cribbage)",
    "dealer": "each player plays alone against a dealer who draws by a fixed rule (Blackjack)",
    "draw": "cards are drawn from the deck, the discard pile or an opponent's hand",
    "hand-evaluation": "hands are valued (poker patterns, point totals, deadwood)",
    "layout": "cards are built in sequences on the table",
    "sets": "cards of one rank are collected or played together",
    "shedding": "the aim is to get rid of every card",
    "special-effects": "some ranks skip, reverse, make players draw, give extra turns or name a suit",
    "teams": "partners share a score",
    "tricks": "each player plays one card to a trick; the best card takes it",
    "trumps": "a trump suit beats the other suits",
    "wild-cards": "some ranks may be played on anything",
}

#: A library game: its catalogue entry and its genome.
LibraryGame = tuple["GameInfo", GameGenome]


@dataclass(frozen=True)
class GameInfo:
    """The catalogue entry of one library game.

    ``slug`` is the command-line name (``crazy-eights``), ``name`` the display name (``Crazy Eights``,
    also the genome's name), ``family`` the library module, ``mechanics`` keys of ``MECHANICS`` and
    ``summary`` one line for a table.
    """

    slug: str
    name: str
    family: str
    mechanics: tuple[str, ...]
    summary: str

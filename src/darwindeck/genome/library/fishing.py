"""Fishing games: Scopa and Scopone. Cards played to the table capture table cards (spec 001's
MATCH_RANK mode).

MATCH_RANK captures a tableau card of the played card's rank together with the played card; a card that
captures nothing stays on the table.
"""

from __future__ import annotations

from darwindeck.genome.cards import DeckType, Location
from darwindeck.genome.library.info import GameInfo, LibraryGame
from darwindeck.genome.phases import PlayPhase
from darwindeck.genome.schema import (
    GameGenome,
    SetupRules,
    TableauMode,
    TurnStructure,
    WinCondition,
    WinType,
)

FAMILY = "fishing"


def scopa() -> GameGenome:
    """Scopa: capture table cards of your card's rank; the most cards captured wins.

    Faithful: the 40-card Italian deck (no 8, 9, 10), two players, three cards each, new hands of three
    dealt whenever both hands are empty and the stock is not (``refill_hands``), a played card captures a
    table card of the same rank, otherwise it stays on the table. Approximated: the deal's four face-up
    table cards cannot be dealt (setup deals only to hands and the discard pile), so the table starts
    empty; a card cannot capture several table cards whose values add up to its own; the score is the
    "most cards" point alone (no coins, settebello, primiera or scope), over one deal instead of to 11;
    cards left on the table at the end do not go to the last capturer.
    """
    return GameGenome(
        name="Scopa",
        description=(
            "Play a card to the table to capture a table card of the same rank; a card that captures "
            "nothing stays on the table. With the 40-card deck gone, whoever captured the most cards wins."
        ),
        setup=SetupRules(
            cards_per_player=3,
            initial_deck=DeckType.ITALIAN_40,
            tableau_mode=TableauMode.MATCH_RANK,
            refill_hands=True,
            captures_to=Location.CAPTURED,
        ),
        turn_structure=TurnStructure(phases=(PlayPhase(target=Location.TABLEAU, mandatory=True),)),
        win_conditions=(WinCondition(WinType.MOST_CAPTURED),),
        player_count=2,
        max_turns=100,
    )


def scopone() -> GameGenome:
    """Scopone (Scopone scientifico): Scopa for two partnerships, with the whole deck dealt at once.

    Played by Pagat's rules (https://www.pagat.com/fishing/scopone.html) for the *scientifico* form:
    four players, partners sitting opposite (seats 0 and 2 against 1 and 3), the 40-card deck dealt
    out, ten cards each, none to the table; in turn each player plays a card to the table, capturing a
    table card of the same rank, otherwise leaving it there; partners pool their captures. Approximated
    as ``scopa`` is: a card cannot capture several table cards whose values add up to its own; the
    score is the "most cards" point alone (no coins, settebello, primiera or scope), over one deal
    instead of a game to 11 (or 21); the cards left on the table at the end do not go to the last
    capturer; equal captures (20 each) are a draw. Play goes round in seat order; Italian players deal
    and play counter-clockwise, which changes only the names of the seats.
    """
    return GameGenome(
        name="Scopone",
        description=(
            "Two partnerships, ten cards each and nothing on the table at first: play a card to capture "
            "a table card of the same rank, or leave it there. When all 40 cards are played, the side "
            "that captured more cards wins."
        ),
        setup=SetupRules(
            cards_per_player=10,
            initial_deck=DeckType.ITALIAN_40,
            tableau_mode=TableauMode.MATCH_RANK,
            captures_to=Location.CAPTURED,
        ),
        turn_structure=TurnStructure(phases=(PlayPhase(target=Location.TABLEAU, mandatory=True),)),
        win_conditions=(WinCondition(WinType.MOST_CAPTURED),),
        player_count=4,
        team_mode=True,
        teams=((0, 2), (1, 3)),
        max_turns=100,
    )


GAMES: tuple[LibraryGame, ...] = (
    (
        GameInfo(
            "scopa",
            "Scopa",
            FAMILY,
            ("capture",),
            "Capture table cards of your card's rank; most cards captured wins.",
        ),
        scopa(),
    ),
    (
        GameInfo(
            "scopone",
            "Scopone",
            FAMILY,
            ("capture", "teams"),
            "Scopa for two partnerships, ten cards each; the side with more cards wins.",
        ),
        scopone(),
    ),
)

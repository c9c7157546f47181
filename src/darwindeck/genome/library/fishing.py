"""Fishing games: Scopa. Cards played to the table capture table cards (seed 001's MATCH_RANK mode).

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
)

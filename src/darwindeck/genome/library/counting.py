"""Counting games: cards played onto a running total that may not pass a limit (``CountPhase``).

Cribbage's play (Pagat, https://www.pagat.com/adders/crib6.html, "The play"): the scoring that happens
as the cards are played, here as a game of its own.
"""

from __future__ import annotations

from darwindeck.genome.cards import Visibility
from darwindeck.genome.library.info import GameInfo, LibraryGame
from darwindeck.genome.phases import CountPhase
from darwindeck.genome.schema import GameGenome, SetupRules, TurnStructure, WinCondition, WinType

FAMILY = "counting"

#: The play of two-player Cribbage: four cards each (what a player keeps after laying two away).
CRIBBAGE_HAND = 4
#: The short game: first to 61 (Pagat's five-card Cribbage and the "once round the board" game).
CRIBBAGE_TARGET = 61


def cribbage_play() -> GameGenome:
    """Cribbage's play: count to 31 in turn, pegging fifteens, pairs, runs, thirty-ones and gos.

    Faithful to Pagat's "The play" (https://www.pagat.com/adders/crib6.html): the non-dealer plays first;
    each player in turn lays a card face up and announces the count (ace 1, court cards 10), which may
    never pass 31; a player who cannot play says "go" and the other plays on while they can; the last
    to play scores 1 for the go, or 2 for exactly 31, and the count starts again from 0 with the player
    after them; a fifteen scores 2, a pair 2, three of a kind 6, four 12, a run of three or more (in any
    order) one a card; the last card of the play scores the go. The dealer alternates (each new hand
    the next seat plays first). Approximated: the play is the whole game. Each player is dealt the four
    cards they would keep (no discard to the crib, no starter card, no counting of hands and crib
    after the play, no "his heels"), and the game is won by the first to 61 points, at the moment they
    reach it, as in Cribbage.
    """
    return GameGenome(
        name="Cribbage Play",
        description=(
            "Cribbage's play as a game: lay cards in turn onto a count that may not pass 31, scoring "
            "fifteens, pairs, runs and the go. The first player to 61 points wins."
        ),
        setup=SetupRules(cards_per_player=CRIBBAGE_HAND, discard_visibility=Visibility.FACE_UP),
        turn_structure=TurnStructure(phases=(CountPhase(),)),
        win_conditions=(WinCondition(WinType.FIRST_TO_SCORE, threshold=CRIBBAGE_TARGET),),
        player_count=2,
        max_turns=2000,
    )


GAMES: tuple[LibraryGame, ...] = (
    (
        GameInfo(
            "cribbage-play",
            "Cribbage Play",
            FAMILY,
            ("counting",),
            "Count to 31 in turn; fifteens, pairs, runs and the go score; first to 61 wins.",
        ),
        cribbage_play(),
    ),
)

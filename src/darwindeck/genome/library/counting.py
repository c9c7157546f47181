"""Counting games: cards played onto a running total that may not pass a limit (``CountPhase``).

Cribbage's play (Pagat, https://www.pagat.com/adders/crib6.html, "The play"): the scoring that happens
as the cards are played, here as a game of its own.
"""

from __future__ import annotations

from darwindeck.genome.cards import Visibility
from darwindeck.genome.library.info import GameInfo, LibraryGame
from darwindeck.genome.phases import CountPhase, CribPhase, ShowPhase
from darwindeck.genome.schema import GameGenome, SetupRules, TurnStructure, WinCondition, WinType

FAMILY = "counting"

#: The play of two-player Cribbage: four cards each (what a player keeps after laying two away).
CRIBBAGE_HAND = 4
#: The short game: first to 61 (Pagat's five-card Cribbage and the "once round the board" game).
CRIBBAGE_TARGET = 61
#: Two-player Cribbage: six cards dealt each, two laid away to the crib; the game is 121 ("twice round").
CRIBBAGE_DEAL = 6
CRIBBAGE_GAME = 121


def cribbage() -> GameGenome:
    """Two-player six-card Cribbage, the whole deal: the crib, the starter, the play and the show, to 121.

    Pagat (https://www.pagat.com/adders/crib6.html): six cards each; each player lays two away face down
    to the *crib*, which belongs to the dealer; the non-dealer cuts and the dealer turns the *starter*,
    a jack scoring 2 to the dealer (his heels); the play as in ``cribbage_play`` (fifteens, pairs, runs,
    the go and 31); then the *show*: the non-dealer's hand, the dealer's, then the crib for the dealer,
    each counted with the starter: fifteens 2 each, pairs 2 each, runs their length (each way of making
    them), a flush of the four hand cards 4 (5 with the starter; the crib only with all five), the jack
    of the starter's suit 1 (nobs). The deal alternates. The first to 121 wins at the moment they reach
    it, in the play or in the show (the non-dealer counts first, so may win before the dealer counts).

    Stated differences (choices, not limits of the language): no muggins (a player's overlooked points
    are never claimed: the engine counts every hand in full); no lurch or skunk (a game is won or lost);
    the cut for the first deal is replaced by seat 1 dealing first; laying away is a choice of one card
    at a time, made in turn (non-dealer first), where players do it at once; no player sees the other's
    choice, as in play. Differential-tested against OpenSpiel's ``cribbage`` (tests/oracle); its
    differences from these rules are named in that test.
    """
    return GameGenome(
        name="Cribbage",
        description=(
            "Six cards each; lay two away to the dealer's crib, cut the starter, then play to 31 pegging "
            "fifteens, pairs, runs and the go, and count hands and crib in the show. First to 121 wins."
        ),
        setup=SetupRules(cards_per_player=CRIBBAGE_DEAL, discard_visibility=Visibility.FACE_UP),
        turn_structure=TurnStructure(phases=(CribPhase(), CountPhase(), ShowPhase())),
        win_conditions=(WinCondition(WinType.FIRST_TO_SCORE, threshold=CRIBBAGE_GAME),),
        player_count=2,
        max_turns=3000,
    )


def cribbage_play() -> GameGenome:
    """Cribbage's play: count to 31 in turn, pegging fifteens, pairs, runs, thirty-ones and gos.

    Faithful to Pagat's "The play" (https://www.pagat.com/adders/crib6.html): the non-dealer plays first;
    each player in turn lays a card face up and announces the count (ace 1, court cards 10), which may
    never pass 31; a player who cannot play says "go" and the other plays on while they can; the last
    to play scores 1 for the go, or 2 for exactly 31, and the count starts again from 0 with the player
    after them; a fifteen scores 2, a pair 2, three of a kind 6, four 12, a run of three or more (in any
    order) one a card; the last card of the play scores the go. The dealer alternates (each new hand
    the next seat plays first). The play alone, as a short game of its own (the whole game, with the
    crib, the starter and the show, is ``cribbage``): each player is dealt the four cards they would
    keep, and the game is won by the first to 61 points, at the moment they reach it.
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
            "cribbage",
            "Cribbage",
            FAMILY,
            ("counting", "crib"),
            "Lay two cards away to the crib, play to 31, then count hands and crib; first to 121 wins.",
        ),
        cribbage(),
    ),
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

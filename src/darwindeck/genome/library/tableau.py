"""Games decided on the tableau (spec 001's modes): War, Betting War (WAR) and Fan Tan (SEQUENCE).

* WAR (2 players only): each player plays the top card of a face-down hand to the tableau; once both
  have played the higher rank takes the cards, and ``captures_to`` HAND puts them under the winner's
  stack, as in the real game, in a shuffled order (the engine's WAR rule; a fixed pick-up order can make
  a game cycle forever). How a tie is settled is the engine's WAR rule; the real game's "war" of three
  face-down cards and a fourth face up is not expressible.
* A game of War is long: with random pick-up order the library's War takes about 1,400 turns (700
  battles) on average and under 10,000 in 400 seeded games, so the turn limit is 10,000 turns.
* SEQUENCE with direction BOTH: one pile per suit, built up and down from the card that starts it.
"""

from __future__ import annotations

import dataclasses

from darwindeck.genome.cards import Location, Visibility
from darwindeck.genome.library.info import GameInfo, LibraryGame
from darwindeck.genome.phases import BettingPhase, PlayPhase
from darwindeck.genome.schema import (
    GameGenome,
    SequenceDirection,
    SetupRules,
    TableauMode,
    TurnStructure,
    WinCondition,
    WinType,
)

FAMILY = "tableau"

#: Turns before a game of War is called a draw (one turn = one card played, two per battle).
WAR_TURN_LIMIT = 10_000

WAR_PLAY = PlayPhase(target=Location.TABLEAU, min_cards=1, max_cards=1, mandatory=True)


def war() -> GameGenome:
    """War: two face-down stacks, the higher card takes both, win every card.

    Faithful: 26 cards each, face-down hands played from the top without a choice, WAR tableau mode,
    won cards go to the winner's hand (in a shuffled order), the player who captures every card wins, a
    player who cannot finish a war (no card left after a tie) loses it and so the game.
    Approximated: a war is decided by the next pair of face-up cards, without the three face-down cards
    many tables add; a game that passes ``WAR_TURN_LIMIT`` turns (far longer than real games run) is a
    draw.
    """
    return GameGenome(
        name="War",
        description=(
            "Two players turn up the top cards of their face-down stacks; the higher card takes both. "
            "Whoever ends up with the whole deck wins."
        ),
        setup=SetupRules(
            cards_per_player=26,
            hand_visibility=Visibility.FACE_DOWN,
            tableau_mode=TableauMode.WAR,
            captures_to=Location.HAND,
        ),
        turn_structure=TurnStructure(phases=(WAR_PLAY,)),
        win_conditions=(WinCondition(WinType.CAPTURE_ALL),),
        player_count=2,
        max_turns=WAR_TURN_LIMIT,
    )


def betting_war() -> GameGenome:
    """Betting War: War with a round of betting before every card.

    Not a traditional game (the nearest is Casino War, a bet against a dealer's card): DarwinDeck's own
    War variant with 100 chips each, a betting round (minimum bet 1, at most 2 raises) before each card
    is turned, and War's capture rules. Nobody sees their top card before betting, so bets are wagers on
    an unknown card. The game is still won by capturing every card: the schema has no "most chips" win.
    A fold ends the hand at once (the engine's betting rule), so the whole deck is dealt again. Each
    battle's winner takes the pot bet on it, and a tie carries the pot on with the cards
    (``engine.tableau``; tests/engine/rules/test_war_betting_poker.py).
    """
    base = war()
    return base.replace(
        name="Betting War",
        description=(
            "War with chips: before each card is turned the players bet on the battle. Whoever ends up "
            "with the whole deck wins."
        ),
        setup=dataclasses.replace(base.setup, starting_chips=100),
        turn_structure=TurnStructure(phases=(BettingPhase(min_bet=1, max_raises=2), WAR_PLAY)),
    )


def fan_tan() -> GameGenome:
    """Fan Tan (Sevens, Parliament): build the suits up and down on the table; first out wins.

    Faithful: all 52 cards dealt to four players, one pile per suit built in both directions (SEQUENCE,
    BOTH), a player who can play must, one who cannot passes, the first to empty their hand wins.
    Approximated: the real game opens each suit with its 7; the SEQUENCE mode lets any card open a suit's
    pile (no condition can say "this card starts an empty pile"). The chips paid for each pass in the
    gambling version are left out.
    """
    return GameGenome(
        name="Fan Tan",
        description=(
            "Players build the four suits outward in sequence on the table, one card per turn, passing "
            "only when they cannot play. The first to play all their cards wins."
        ),
        setup=SetupRules(
            cards_per_player=13,
            tableau_mode=TableauMode.SEQUENCE,
            sequence_direction=SequenceDirection.BOTH,
        ),
        turn_structure=TurnStructure(
            phases=(PlayPhase(target=Location.TABLEAU, mandatory=True, pass_if_unable=True),)
        ),
        win_conditions=(WinCondition(WinType.EMPTY_HAND),),
        player_count=4,
        max_turns=400,
    )


GAMES: tuple[LibraryGame, ...] = (
    (
        GameInfo("war", "War", FAMILY, ("capture",), "Higher card takes both; capture the whole deck."),
        war(),
    ),
    (
        GameInfo(
            "betting-war",
            "Betting War",
            FAMILY,
            ("capture", "betting"),
            "War with a betting round before every battle.",
        ),
        betting_war(),
    ),
    (
        GameInfo(
            "fan-tan",
            "Fan Tan",
            FAMILY,
            ("layout", "shedding"),
            "Build the suits up and down on the table; first out wins.",
        ),
        fan_tan(),
    ),
)

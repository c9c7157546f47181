"""Casino games: Simple Poker (five-card stud), Draw Poker, Blackjack. A showdown values the hands.

Approximations the schema forces on all of them: one deal decides the game (``best_hand``), where the
real games go on deal after deal until someone has the chips; every phase belongs to a player's turn,
so a "round" of betting or drawing is each player's turn in order.
"""

from __future__ import annotations

from darwindeck.genome.cards import Location
from darwindeck.genome.conditions import Condition, ConditionType, Operator, Reference
from darwindeck.genome.library.info import GameInfo, LibraryGame
from darwindeck.genome.library.parts import hand_size
from darwindeck.genome.phases import BettingPhase, DiscardPhase, DrawPhase
from darwindeck.genome.schema import (
    EvaluationMethod,
    GameGenome,
    HandEvaluation,
    Scoring,
    SetupRules,
    TurnStructure,
    WinCondition,
    WinType,
)

FAMILY = "casino"

POKER_HAND = 5
POKER_CHIPS = 100
POKER_SCORING = Scoring(hand_evaluation=HandEvaluation(method=EvaluationMethod.POKER))
POKER_BETTING = BettingPhase(min_bet=2, max_raises=3)
#: Cards a Draw Poker player may exchange in a deal.
DRAW_POKER_EXCHANGE = 3


def simple_poker() -> GameGenome:
    """Simple Poker, played as five-card stud: a betting round after each card, best poker hand wins.

    Faithful: four players with 100 chips, two cards dealt, then each turn a betting round (minimum bet 2,
    at most 3 raises) and one more card until the hand has five; the best poker hand at the showdown wins.
    Approximated: stud's face-up cards are dealt as ordinary hidden cards (a hand's visibility is all or
    nothing); the player with the best showing card does not open each round.
    """
    return GameGenome(
        name="Simple Poker",
        description=(
            "Five-card stud: everyone gets two cards, then bets before each further card until they hold "
            "five. The best poker hand at the showdown takes the game."
        ),
        setup=SetupRules(cards_per_player=2, starting_chips=POKER_CHIPS),
        turn_structure=TurnStructure(
            phases=(
                POKER_BETTING,
                DrawPhase(
                    source=Location.DECK,
                    count=1,
                    mandatory=True,
                    condition=hand_size(Operator.LT, POKER_HAND),
                ),
            )
        ),
        scoring=POKER_SCORING,
        win_conditions=(WinCondition(WinType.BEST_HAND),),
        player_count=4,
        max_turns=80,
    )


def draw_poker() -> GameGenome:
    """Draw Poker (five-card draw): bet, exchange up to three cards, bet again, best poker hand wins.

    Faithful: four players with 100 chips and five cards each; a betting round, up to three cards
    exchanged (discarded and drawn back to five), a second betting round, the best poker hand wins.
    Approximated: every phase belongs to every turn, so the exchange is limited by a count instead of
    happening once: exchanged cards are set aside face down in front of the player (their captured
    pile, which nothing else uses) and a player may exchange only while fewer than
    ``DRAW_POKER_EXCHANGE`` cards lie there, i.e. at most three cards over the whole deal, possibly
    spread over several turns. The showdown comes when a whole round passes with no card exchanged
    (the engine's stalemate rule ends the hand); the extra betting rounds of those turns stand in for
    the real game's single second round.
    """
    exchange = DiscardPhase(
        target=Location.CAPTURED,
        count=DRAW_POKER_EXCHANGE,
        mandatory=False,
        matching_condition=Condition(
            ConditionType.LOCATION_SIZE, Operator.LT, DRAW_POKER_EXCHANGE, Reference.CAPTURED
        ),
    )
    return GameGenome(
        name="Draw Poker",
        description=(
            "Five-card draw: bet, throw away up to three cards and draw replacements, then bet again. "
            "The best poker hand at the showdown takes the game."
        ),
        setup=SetupRules(cards_per_player=POKER_HAND, starting_chips=POKER_CHIPS),
        turn_structure=TurnStructure(
            phases=(
                POKER_BETTING,
                exchange,
                DrawPhase(
                    source=Location.DECK,
                    count=1,
                    mandatory=True,
                    condition=hand_size(Operator.LT, POKER_HAND),
                    loop=True,
                ),
                POKER_BETTING,
            )
        ),
        scoring=POKER_SCORING,
        win_conditions=(WinCondition(WinType.BEST_HAND),),
        player_count=4,
        max_turns=80,
    )


BLACKJACK_LIMIT = 21


def blackjack() -> GameGenome:
    """Blackjack (Twenty-One): take cards to get close to 21 without going over.

    Faithful: two cards each, a player may take one more card each turn while under 21 and stands by
    declining one (``stand``: a player who has stood draws no more this hand), cards count face
    value, faces 10, aces 11 or 1 (``ace_alternate_value`` 1) and a hand over 21 busts; the highest hand
    that has not bust wins. Approximated: the schema has no dealer, so the players compete with each other
    (as in home Twenty-One without a banker) and there are no bets, doubling, splitting or insurance.
    """
    return GameGenome(
        name="Blackjack",
        description=(
            "Each player starts with two cards and may keep drawing to get as close to 21 as possible; "
            "over 21 is bust. The highest total that has not bust wins."
        ),
        setup=SetupRules(cards_per_player=2),
        turn_structure=TurnStructure(
            phases=(
                DrawPhase(
                    source=Location.DECK,
                    count=1,
                    mandatory=False,
                    condition=Condition(ConditionType.HAND_VALUE, Operator.LT, BLACKJACK_LIMIT),
                    stand=True,
                ),
            )
        ),
        scoring=Scoring(
            hand_evaluation=HandEvaluation(
                method=EvaluationMethod.POINT_TOTAL, ace_alternate_value=1, bust_threshold=BLACKJACK_LIMIT
            )
        ),
        win_conditions=(WinCondition(WinType.BEST_HAND),),
        player_count=4,
        max_turns=60,
    )


GAMES: tuple[LibraryGame, ...] = (
    (
        GameInfo(
            "simple-poker",
            "Simple Poker",
            FAMILY,
            ("betting", "draw", "hand-evaluation"),
            "Five-card stud: bet after each card; best poker hand wins.",
        ),
        simple_poker(),
    ),
    (
        GameInfo(
            "draw-poker",
            "Draw Poker",
            FAMILY,
            ("betting", "draw", "hand-evaluation"),
            "Bet, exchange up to three cards, bet; best poker hand wins.",
        ),
        draw_poker(),
    ),
    (
        GameInfo(
            "blackjack",
            "Blackjack",
            FAMILY,
            ("draw", "hand-evaluation"),
            "Draw towards 21 without going bust; highest total wins.",
        ),
        blackjack(),
    ),
)

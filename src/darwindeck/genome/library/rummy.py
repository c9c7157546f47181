"""Rummy and collecting games: Gin Rummy, Rummy, Go Fish. Players draw to collect sets of one rank.

A play of several cards must share a rank, so Rummy's melds are sets of 3-4 of a rank; runs of one suit
cannot be laid down (Gin Rummy's deadwood evaluation and its knock's lay-offs do count them). Go Fish
collects by asking (``AskPhase``) and lays its books of four down as they form.
"""

from __future__ import annotations

from darwindeck.genome.cards import Location, Suit
from darwindeck.genome.conditions import Condition, ConditionType, Operator
from darwindeck.genome.library.info import GameInfo, LibraryGame
from darwindeck.genome.library.parts import hand_size, is_suit
from darwindeck.genome.phases import MAX_RUN, AskPhase, DiscardPhase, DrawPhase, KnockPhase, PlayPhase
from darwindeck.genome.schema import (
    CardScoringRule,
    DeckEmptyAction,
    EvaluationMethod,
    GameGenome,
    HandEvaluation,
    Scoring,
    ScoringTrigger,
    SetupRules,
    TurnStructure,
    WinCondition,
    WinType,
)

FAMILY = "rummy"

GIN_HAND = 10
#: Gin Rummy card values by rank code: 2-10 face value, J/Q/K 10, A 1.
GIN_CARD_VALUES: tuple[int, ...] = (2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10, 1)
GIN_KNOCK = 10
GIN_BONUS = 25
UNDERCUT_BONUS = 25
GIN_GAME = 100


def gin_rummy() -> GameGenome:
    """Gin Rummy: draw from the stock or the discard pile, discard one, knock; first to 100 points.

    Faithful (the rules of Gin Rummy as the Pagat and Hoyle descriptions give them): two players, ten
    cards each, one card turned up to start the discard pile; each turn take the top discard or (when
    you did not, the hand still holding ten cards) the top of the stock, then discard one (not the card
    just taken from the discard pile: ``no_return``); hands are
    valued by deadwood (cards in no set or run, aces 1, faces 10). After discarding, a player with 10 or
    less deadwood may knock, which ends the hand: the opponent lays off cards on the knocker's melds
    (not after gin); the knocker scores the difference, or 25 + the difference for gin (no deadwood);
    an opponent with as little deadwood as the knocker undercuts and scores 25 + the difference. When
    the stock runs out nobody scores and the hand is dealt again. The first player to 100 points wins.
    Approximated: only the non-dealer is offered the first upcard (the dealer is not asked when the
    non-dealer declines); the hand is void when the stock is empty rather than down to two cards; no
    line, box or game bonuses; hand ``h`` is opened by seat ``(h - 1) mod 2`` (the engine's rule) where
    the real game lets the hand's loser start; the knocker shows the arrangement of melds that leaves
    the opponent the most deadwood.
    """
    return GameGenome(
        name="Gin Rummy",
        description=(
            "Two players draw from the stock or the discard pile and discard one card, forming sets and "
            "runs. Knock with 10 or less unmatched points to end the hand and score the difference; "
            "first to 100 points wins."
        ),
        setup=SetupRules(cards_per_player=GIN_HAND, initial_discard_count=1),
        turn_structure=TurnStructure(
            phases=(
                DrawPhase(source=Location.DISCARD, count=1, mandatory=False),
                DrawPhase(
                    source=Location.DECK, count=1, mandatory=True, condition=hand_size(Operator.EQ, GIN_HAND)
                ),
                DiscardPhase(target=Location.DISCARD, count=1, mandatory=True, no_return=True),
                KnockPhase(max_value=GIN_KNOCK, full_bonus=GIN_BONUS, undercut_bonus=UNDERCUT_BONUS),
            ),
            deck_empty=DeckEmptyAction.END_HAND,
        ),
        scoring=Scoring(
            hand_evaluation=HandEvaluation(method=EvaluationMethod.DEADWOOD, card_values=GIN_CARD_VALUES)
        ),
        win_conditions=(WinCondition(WinType.HIGH_SCORE, threshold=GIN_GAME),),
        player_count=2,
        max_turns=1000,
    )


#: Rummy's lay-off: a card that adds to a meld on the table (a set of its rank, or a run it continues).
LAY_OFF = Condition(ConditionType.EXTENDS_MELD)


def rummy() -> GameGenome:
    """Rummy: draw, lay down sets and runs, lay off, discard; the first to get rid of every card wins.

    Pagat's basic Rummy (https://www.pagat.com/rummy/rummy.html). Faithful: four players, seven cards
    each, a discard pile started with one card; on your turn draw one, meld a set (three or four cards
    of a rank) or a run (three or more cards of one suit in sequence, Ace low: A-2-3 but not K-A-2;
    ``PlayPhase.runs``), lay off a card on any meld on the table, whoever's it is (a set of its rank or
    a run it continues at either end: ``extends_meld``), then discard one; the stock is refilled from
    the discard pile; the first player out wins. Approximated: the draw is always from the stock (the
    choice of the top discard cannot be gated for hands whose size changes as they meld); one meld and
    one lay-off a turn at most, where Pagat allows any number; no scoring of cards left in hand. The
    turn limit (1,000 turns, 250 rounds) is far beyond a real game's length.
    """
    return GameGenome(
        name="Rummy",
        description=(
            "Draw a card, lay down sets of one rank or runs of one suit, add cards to the melds on the "
            "table, then discard. The first player to get rid of all their cards wins."
        ),
        setup=SetupRules(cards_per_player=7, initial_discard_count=1),
        turn_structure=TurnStructure(
            phases=(
                DrawPhase(source=Location.DECK, count=1, mandatory=True),
                PlayPhase(
                    target=Location.TABLEAU, min_cards=3, max_cards=MAX_RUN, mandatory=False, runs=True
                ),
                PlayPhase(
                    target=Location.TABLEAU,
                    valid_play_condition=LAY_OFF,
                    min_cards=1,
                    max_cards=1,
                    mandatory=False,
                ),
                DiscardPhase(target=Location.DISCARD, count=1, mandatory=True),
            ),
            deck_empty=DeckEmptyAction.RESHUFFLE_DISCARD,
        ),
        win_conditions=(WinCondition(WinType.EMPTY_HAND),),
        player_count=4,
        max_turns=1000,
    )


#: Go Fish's deal: five cards each for four players (seven for two or three).
GO_FISH_PLAYERS = 4
GO_FISH_HAND = 5


def go_fish() -> GameGenome:
    """Go Fish: ask any player for a rank you hold and take all of it, or go fish; most books wins.

    Played by the common published rules (Bicycle's, which Pagat's agree with in every point below):
    four players, five cards each, the rest face down as the stock; the player left of the dealer
    (seat 0 in the first hand) begins. On your turn ask any opponent who has cards for a rank of
    which you hold at least one card; they hand you every card of that rank, and you ask again (the
    same or another player, the same or another rank). When they have none they say "go fish" and
    you draw the top card of the stock: if it is of the rank you asked for you ask again, otherwise
    your turn ends and the turn passes to the left. Four cards of a rank (a book) are laid down as
    soon as you hold them (an ``AskPhase`` with ``fish``, ``again`` and ``book`` 4). A player whose
    hand is empty draws a card from the stock on their turn and then asks; with the stock empty too
    they sit the turn out. The game ends when all thirteen books are down, and whoever laid down the
    most wins (a book scores 1: each holds exactly one heart, played to the discard pile); equal most
    books is a draw. Differs: some tables pass the turn to the player who said "go fish" rather than
    to the left; the engine passes it to the left. The turn limit (400 turns) ends a game of asks that
    keep missing once the stock is gone.
    """
    return GameGenome(
        name="Go Fish",
        description=(
            "Ask any player for a rank you hold: they give you every card of it and you ask again, "
            "or if they have none you go fish from the stock. Lay down every set of four; when all "
            "thirteen sets are down, whoever laid down the most wins."
        ),
        setup=SetupRules(cards_per_player=GO_FISH_HAND),
        turn_structure=TurnStructure(phases=(AskPhase(fish=True, again=True, book=4),)),
        scoring=Scoring(card_rules=(CardScoringRule(is_suit(Suit.HEARTS), 1, ScoringTrigger.PLAY),)),
        win_conditions=(WinCondition(WinType.HIGH_SCORE),),
        player_count=GO_FISH_PLAYERS,
        max_turns=400,
    )


GAMES: tuple[LibraryGame, ...] = (
    (
        GameInfo(
            "gin-rummy",
            "Gin Rummy",
            FAMILY,
            ("draw", "sets", "hand-evaluation"),
            "Draw and discard to cut your deadwood; least deadwood wins.",
        ),
        gin_rummy(),
    ),
    (
        GameInfo(
            "rummy",
            "Rummy",
            FAMILY,
            ("draw", "sets", "shedding"),
            "Draw, meld sets, discard; first out wins.",
        ),
        rummy(),
    ),
    (
        GameInfo(
            "go-fish",
            "Go Fish",
            FAMILY,
            ("draw", "sets", "asking"),
            "Ask any player for a rank and take all of it, or go fish; most books of four wins.",
        ),
        go_fish(),
    ),
)

"""Casino games: Simple Poker (five-card stud), Draw Poker, Texas Hold'em, Blackjack. Hands are valued at
the end.

Approximations the schema forces on the poker games: one deal decides the game (``best_hand``), where
the real games go on deal after deal until someone has the chips; every phase belongs to a player's
turn, so a "round" of betting or drawing is each player's turn in order. Blackjack plays against the
house's dealer (``DealerPhase``); its differences are in its docstring. Texas Hold'em deals its
community cards with ``BoardPhase`` and plays each hand in one turn.
"""

from __future__ import annotations

from darwindeck.genome.cards import Location
from darwindeck.genome.conditions import Condition, ConditionType, Operator, Reference
from darwindeck.genome.library.info import GameInfo, LibraryGame
from darwindeck.genome.library.parts import hand_size
from darwindeck.genome.phases import BettingPhase, BoardPhase, DealerPhase, DiscardPhase, DrawPhase
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


#: Heads-up no-limit Hold'em as the ACPC competition and OpenSpiel's ``universal_poker`` play it.
HOLDEM_STACK = 20_000
HOLDEM_SMALL_BLIND = 50
HOLDEM_BIG_BLIND = 100
#: No cap on raises (the most a betting phase can say; a pot-sized raise at least doubles what the
#: opponent must put in, so a 20,000-chip stack is all in long before).
HOLDEM_MAX_RAISES = 255


def texas_holdem() -> GameGenome:
    """Texas Hold'em, heads-up no-limit, by the rules of the Annual Computer Poker Competition's
    ``holdem.nolimit.2p`` game (the game OpenSpiel's ``universal_poker`` plays; the hand ranks and the
    order of play as in Bicycle's "Official Rules of Card Games", https://bicyclecards.com).

    Faithful: two players with 20,000 chips; the dealer posts the small blind (50) and the other player
    the big blind (100); two hole cards each, seen only by their holder; a betting round before the
    flop, opened by the dealer (small blind), the big blind keeping the option to raise; three
    community cards face up (the flop), a betting round, a fourth (the turn), a round, a fifth (the
    river), a last round; every round after the flop opens with the big blind. Each hand is the best
    five of the player's two cards and the five on the board; the best hand takes the pot, equal hands
    split it. A fold gives the pot to the other player at once; when a player is all in and called the
    board is dealt out with no more betting.

    Stated differences: bet sizes are OpenSpiel's ``fcpa`` abstraction of no-limit (fold, check/call, a
    pot-sized bet or raise, all in), not every chip amount: the language names a bet by its rule, not
    by a number the player picks (a limit of the language, kept because the abstraction is how
    OpenSpiel's own agents play the game). One hand is the game, as in OpenSpiel and the ACPC's
    duplicate matches; the winner is the best hand at the showdown (a split pot is a draw), while the
    chips say by how much. Side pots are not kept: with two players and equal stacks none ever arises.

    ``tests/oracle/test_openspiel_holdem.py`` plays it in lock-step against ``universal_poker`` with
    ``betting=nolimit``, ``numPlayers=2``, ``numRounds=4``, ``blind="100 50"``, ``firstPlayer="2 1 1
    1"``, ``numSuits=4``, ``numRanks=13``, ``numHoleCards=2``, ``numBoardCards="0 3 1 1"``,
    ``stack="20000 20000"``, ``bettingAbstraction=fcpa``: seat 0 is the big blind of the first hand,
    seat 1 the dealer, as in our first hand.
    """
    street = BettingPhase(min_bet=HOLDEM_BIG_BLIND, max_raises=HOLDEM_MAX_RAISES)
    return GameGenome(
        name="Texas Hold'em",
        description=(
            "Two hole cards each and five community cards dealt face up in three streets, with a round "
            "of no-limit betting before each and after the last. The best five of your seven cards "
            "wins the pot."
        ),
        setup=SetupRules(cards_per_player=2, starting_chips=HOLDEM_STACK),
        turn_structure=TurnStructure(
            phases=(
                BoardPhase(
                    cards=0, small_blind=HOLDEM_SMALL_BLIND, big_blind=HOLDEM_BIG_BLIND, pot_sized=True
                ),
                street,
                BoardPhase(cards=3, pot_sized=True),
                street,
                BoardPhase(cards=1, pot_sized=True),
                street,
                BoardPhase(cards=1, pot_sized=True),
                street,
            )
        ),
        scoring=POKER_SCORING,
        win_conditions=(WinCondition(WinType.BEST_HAND),),
        player_count=2,
        max_turns=10,
    )


BLACKJACK_LIMIT = 21
#: The dealer stands on 17, soft 17 included (Bicycle's rule, and OpenSpiel's).
DEALER_STANDS_ON = 17


def blackjack() -> GameGenome:
    """Blackjack against the dealer, by the rules Bicycle publishes ("Official Rules of Card Games",
    https://bicyclecards.com/how-to-play/blackjack).

    Faithful: each player is dealt two cards and plays alone against the dealer, who takes an up-card
    and a hole card; cards count their number, faces 10, an ace 11 or 1 (``ace_alternate_value``); a
    player hits (draws) as often as they like while under 21 and stands by declining a card; over 21 is
    a bust and loses at once. A dealer whose up-card is an ace or a ten-card looks at the hole card and
    a natural (ace and ten-card) collects at once from every player without one (``peek``). After the
    players, the dealer turns the hole card and draws to 16 and stands on 17, a soft 17 included
    (``hits_soft`` False). A natural against none of the dealer's is paid 3 to 2, two naturals push;
    otherwise the dealer's bust pays every standing player, the higher total wins one bet and equal
    totals push. Scores count half-bets so 3 to 2 stays whole (win 2, natural 3, loss −2, push 0).

    Stated differences (choices, not limits of the language, except where said): one bet of one unit per
    hand and one hand per game (Bicycle plays on with chips; ``hands_played`` 1); no doubling down,
    splitting pairs or insurance (limits: the language has no bets tied to a hand, or split hands); the
    players' cards are dealt face down, not face up (nothing a player decides depends on another's
    cards); the dealer's two cards come after the players' instead of interleaved with them (the same
    deal from a shuffled deck); a player at 21 draws no more (Bicycle leaves hitting 21 unstated).

    OpenSpiel's ``blackjack`` (one player; ``tests/oracle/test_openspiel_blackjack.py``) has no naturals
    (a two-card 21 is any 21, and paid even) and no peek, and lets a player hit on 21: the differential
    test plays our genome configured so (``naturals`` and ``peek`` False, a draw while the hand is at
    most 21).
    """
    return GameGenome(
        name="Blackjack",
        description=(
            "Each player plays alone against the dealer, drawing to get as close to 21 as they dare; over "
            "21 is bust. The dealer shows one card and draws to 17: beat its total to win, and an ace "
            "with a ten (a natural) pays 3 to 2."
        ),
        setup=SetupRules(cards_per_player=2),
        turn_structure=TurnStructure(
            phases=(
                DrawPhase(
                    source=Location.DECK,
                    count=1,
                    mandatory=False,
                    condition=Condition(ConditionType.HAND_VALUE, Operator.LT, BLACKJACK_LIMIT),
                    loop=True,
                    stand=True,
                ),
                DealerPhase(stand_on=DEALER_STANDS_ON, hits_soft=False, naturals=True, peek=True),
            )
        ),
        scoring=Scoring(
            hand_evaluation=HandEvaluation(
                method=EvaluationMethod.POINT_TOTAL, ace_alternate_value=1, bust_threshold=BLACKJACK_LIMIT
            )
        ),
        win_conditions=(WinCondition(WinType.HANDS_PLAYED, threshold=1),),
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
            "texas-holdem",
            "Texas Hold'em",
            FAMILY,
            ("betting", "community-cards", "hand-evaluation"),
            "Heads-up no-limit: two hole cards, five shared cards, best five of seven wins.",
        ),
        texas_holdem(),
    ),
    (
        GameInfo(
            "blackjack",
            "Blackjack",
            FAMILY,
            ("draw", "hand-evaluation", "dealer"),
            "Against the dealer: draw towards 21 without going bust; beat the dealer's total.",
        ),
        blackjack(),
    ),
)

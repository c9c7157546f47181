"""Shedding games: Crazy Eights, Uno-style, Mau-Mau, Old Maid, President, Cheat. The first player out wins.

Approximations the schema forces on all of them: each game is one hand, won by the first player to
empty their hand (``empty_hand``; President's stalled deal goes to the fewest cards held); the penalty
points for cards left in hand and the later places (President's ranks, the loser of Old Maid) are not
kept.
"""

from __future__ import annotations

from darwindeck.genome.cards import DeckType, Location, Rank
from darwindeck.genome.conditions import (
    CompoundCondition,
    Condition,
    ConditionType,
    Logic,
    Operator,
    Reference,
)
from darwindeck.genome.library.info import GameInfo, LibraryGame
from darwindeck.genome.library.parts import NO_LEGAL_PLAY, is_rank
from darwindeck.genome.phases import ClaimPhase, DrawPhase, PlayPhase
from darwindeck.genome.schema import (
    CardScoringRule,
    DeckEmptyAction,
    EffectType,
    GameGenome,
    Scoring,
    ScoringTrigger,
    SetupRules,
    SpecialEffect,
    TargetSelector,
    TurnStructure,
    WinCondition,
    WinType,
)

FAMILY = "shedding"

MATCH_TOP_OR_WILD = Condition(ConditionType.MATCHES_OR_WILD, reference=Reference.TOP_DISCARD)
PLAY_ON_DISCARD = PlayPhase(
    target=Location.DISCARD,
    valid_play_condition=MATCH_TOP_OR_WILD,
    min_cards=1,
    max_cards=1,
    mandatory=True,
    pass_if_unable=True,
)


def crazy_eights() -> GameGenome:
    """Crazy Eights: match the top card by rank or suit; eights are wild and name a suit; first out wins.

    Faithful: five cards each for four players, one card turned up to start the discard pile, play a card
    matching the top card's rank or suit or an 8 (``wild_cards`` is the real rank 8), the player of an 8
    names the suit the next card must match (a ``name_suit`` effect), a player who cannot play draws
    until they can (``loop``), an empty stock is refilled from the discard pile. Approximated: penalty
    points for cards left in hand are not scored.
    """
    return GameGenome(
        name="Crazy Eights",
        description=(
            "Play a card that matches the top of the discard pile in rank or suit, or an eight, which "
            "is wild and names the suit to follow; draw until you can play. The first player to get "
            "rid of every card wins."
        ),
        setup=SetupRules(cards_per_player=5, initial_discard_count=1, wild_cards=(Rank.EIGHT,)),
        turn_structure=TurnStructure(
            phases=(
                DrawPhase(source=Location.DECK, count=1, mandatory=True, condition=NO_LEGAL_PLAY, loop=True),
                PLAY_ON_DISCARD,
            ),
            deck_empty=DeckEmptyAction.RESHUFFLE_DISCARD,
        ),
        special_effects=(SpecialEffect(Rank.EIGHT, EffectType.NAME_SUIT, TargetSelector.NEXT_PLAYER),),
        win_conditions=(WinCondition(WinType.EMPTY_HAND),),
        player_count=4,
        max_turns=400,
    )


#: Spec 000's example effects, exactly as it lists them, and the wild Ace's colour (suit) choice.
UNO_EFFECTS = (
    SpecialEffect(Rank.TWO, EffectType.DRAW_CARDS, TargetSelector.NEXT_PLAYER, value=2),
    SpecialEffect(Rank.JACK, EffectType.SKIP_NEXT, TargetSelector.NEXT_PLAYER),
    SpecialEffect(Rank.QUEEN, EffectType.REVERSE_DIRECTION, TargetSelector.ALL_OPPONENTS),
    SpecialEffect(Rank.KING, EffectType.EXTRA_TURN, TargetSelector.NEXT_PLAYER),
    SpecialEffect(Rank.ACE, EffectType.NAME_SUIT, TargetSelector.NEXT_PLAYER),
)


def uno_style() -> GameGenome:
    """Uno-style: Crazy Eights with action cards from a standard deck (spec 000).

    Faithful to Uno's play: seven cards each, match the top card by rank or suit, a wild card, draw one
    card when you cannot play and play it if you can, then pass. Action cards are spec 000's example
    effects: 2 = the next player draws two, J = skip the next player, Q = reverse the direction (four
    players, so it matters), K = play again. Aces stand in for Uno's Wild cards and name the colour (suit)
    to follow. Approximated: a Draw Two does not also skip its victim (one effect per rank), there is no
    Wild Draw Four, and there is no "Uno!" call or scoring to 500.
    """
    return GameGenome(
        name="Uno-style",
        description=(
            "Match the top card by rank or suit; twos make the next player draw two, jacks skip them, "
            "queens reverse the direction, kings give another turn and aces are wild and name the suit to "
            "follow. First out wins."
        ),
        setup=SetupRules(cards_per_player=7, initial_discard_count=1, wild_cards=(Rank.ACE,)),
        turn_structure=TurnStructure(
            phases=(
                DrawPhase(source=Location.DECK, count=1, mandatory=True, condition=NO_LEGAL_PLAY),
                PLAY_ON_DISCARD,
            ),
            deck_empty=DeckEmptyAction.RESHUFFLE_DISCARD,
        ),
        special_effects=UNO_EFFECTS,
        win_conditions=(WinCondition(WinType.EMPTY_HAND),),
        player_count=4,
        max_turns=500,
    )


#: Mau-Mau's special cards: a 7 makes the next player draw two, an 8 skips them, a jack names the suit.
MAU_MAU_EFFECTS = (
    SpecialEffect(Rank.SEVEN, EffectType.DRAW_CARDS, TargetSelector.NEXT_PLAYER, value=2),
    SpecialEffect(Rank.EIGHT, EffectType.SKIP_NEXT, TargetSelector.NEXT_PLAYER),
    SpecialEffect(Rank.JACK, EffectType.NAME_SUIT, TargetSelector.NEXT_PLAYER),
)


def mau_mau() -> GameGenome:
    """Mau-Mau: the German Crazy Eights, with a 32-card deck, jacks wild, sevens draw two, eights skip.

    Played by Pagat's basic rules (https://www.pagat.com/eights/maumau.html): the 32-card piquet deck
    (7 to A), four players with five cards each, one card turned up to start the discard pile; play a
    card matching the top card's suit or rank; a jack may be played on anything and its player names
    the suit to follow (``wild_cards`` J and a ``name_suit`` effect); after a 7 the next player draws
    two cards, after an 8 the next player misses their turn; a player who cannot play draws one card
    and plays it if it fits, else the turn passes; an empty stock is refilled from the discard pile
    except its top card; the first player out of cards wins. Differs: a 7 cannot be answered with
    another 7 to pass on the draw (two, four, six cards) nor an 8 with an 8, since an effect hits its
    target at once; the victim of a 7 draws the two cards at once (from the stock only: an empty stock
    is not refilled for them) and then takes their turn as usual, where many tables make the drawing
    their whole turn; a jack may be played on a jack (some play that it may not); a player draws only
    when they cannot play, and a drawn card that fits must be played; the card turned up at the start
    has no effect; there is no "Mau" call, and the penalty points for cards left in hand are not
    scored (one hand decides the game).
    """
    return GameGenome(
        name="Mau-Mau",
        description=(
            "Match the top card by suit or rank with a 32-card deck: a seven makes the next player draw "
            "two, an eight makes them miss a turn, and a jack goes on anything and names the suit to "
            "follow. The first player to get rid of every card wins."
        ),
        setup=SetupRules(
            cards_per_player=5,
            initial_deck=DeckType.PIQUET_32,
            initial_discard_count=1,
            wild_cards=(Rank.JACK,),
        ),
        turn_structure=TurnStructure(
            phases=(
                DrawPhase(source=Location.DECK, count=1, mandatory=True, condition=NO_LEGAL_PLAY),
                PLAY_ON_DISCARD,
            ),
            deck_empty=DeckEmptyAction.RESHUFFLE_DISCARD,
        ),
        special_effects=MAU_MAU_EFFECTS,
        win_conditions=(WinCondition(WinType.EMPTY_HAND),),
        player_count=4,
        max_turns=500,
    )


def old_maid() -> GameGenome:
    """Old Maid: take a card from an opponent, discard pairs, be the first with no cards.

    Faithful: the whole deck dealt to four players, each turn take one unseen card from the hand of the
    player on your right (who played before you), then lay down a pair of one rank. Approximated: the
    real deck has a queen removed so one queen (the old maid) can never pair; the schema cannot remove
    one card, so every card pairs and the game is won by the first player to empty their hand rather
    than lost by the one left holding the old maid. Pairs go down one per turn (the opening pairs too)
    instead of all at once.
    """
    return GameGenome(
        name="Old Maid",
        description=(
            "Take a hidden card from an opponent's hand each turn and lay down pairs of matching rank. "
            "The first player with no cards left wins."
        ),
        setup=SetupRules(cards_per_player=13),
        turn_structure=TurnStructure(
            phases=(
                DrawPhase(source=Location.OPPONENT_HAND, count=1, mandatory=True),
                PlayPhase(target=Location.DISCARD, min_cards=2, max_cards=2, mandatory=True),
            )
        ),
        win_conditions=(WinCondition(WinType.EMPTY_HAND),),
        player_count=4,
        max_turns=600,
    )


#: President's plays: on an empty pile anything; otherwise a higher rank, or a 2 (the real top rank).
PRESIDENT_PLAY_CONDITION = CompoundCondition(
    Logic.OR,
    (
        Condition(ConditionType.LOCATION_EMPTY, reference=Reference.DISCARD),
        Condition(ConditionType.CARD_BEATS_TOP, reference=Reference.TOP_DISCARD),
        is_rank(Rank.TWO),
    ),
)


#: Holds for every card a player holds (their hand is not empty): a rule that counts every held card.
CARD_HELD = Condition(ConditionType.HAND_SIZE, Operator.GE, 1)


def president() -> GameGenome:
    """President: beat the last play with a higher single, pair, triple or four; first out wins.

    Faithful: the whole deck dealt to four players, play one to four cards of one rank that beat the top
    of the pile, or pass; the first player out wins. Approximated: in the real game 2 is the highest
    rank and when everyone passes the pile is cleared; the schema has neither rank order nor pile
    clearing, so a 2 may be played on anything and any card beats a 2 (which clears the pile in
    effect). When a whole round passes with nobody able or willing to beat the pile (a pile topped by
    an ace with no 2 left, say), the real game would clear it; here the engine's stalemate rule ends
    the deal instead, each card still held scores -1 (``hand_end``) and the highest score, i.e. the
    fewest cards left, wins (``high_score``; equal fewest is a draw). A play need not match the number
    of cards led. The ranks (President, Scum) and card exchanges of the next deal are not kept.
    """
    return GameGenome(
        name="President",
        description=(
            "Beat the top of the pile with a higher card, or a set of higher cards of one rank, or pass; "
            "twos can be played on anything. The first player out of cards wins."
        ),
        setup=SetupRules(cards_per_player=13),
        turn_structure=TurnStructure(
            phases=(
                PlayPhase(
                    target=Location.DISCARD,
                    valid_play_condition=PRESIDENT_PLAY_CONDITION,
                    min_cards=1,
                    max_cards=4,
                    mandatory=False,
                    pass_if_unable=True,
                ),
            )
        ),
        scoring=Scoring(card_rules=(CardScoringRule(CARD_HELD, -1, ScoringTrigger.HAND_END),)),
        win_conditions=(WinCondition(WinType.EMPTY_HAND), WinCondition(WinType.HIGH_SCORE)),
        player_count=4,
        max_turns=600,
    )


def cheat() -> GameGenome:
    """Cheat (I Doubt It): play cards face down claiming the next rank; liars caught take the pile.

    Faithful: the whole deck dealt to four players, each turn play one to four cards face down claiming
    the next rank in order from the Ace (A, 2, …, K, A), any opponent may call "cheat", a caught liar (or
    a wrong challenger) takes the pile, the first player to empty their hand wins. Differs: challenges
    are offered in seat order and the first one settles it, where at a real table anyone may shout first.
    """
    return GameGenome(
        name="Cheat",
        description=(
            "Play one to four cards face down and claim they are the next rank in turn, truthfully or "
            "not; a player caught lying, or who challenges wrongly, takes the pile. First out wins."
        ),
        setup=SetupRules(cards_per_player=13),
        turn_structure=TurnStructure(
            phases=(
                ClaimPhase(
                    min_cards=1, max_cards=4, sequential_rank=True, allow_challenge=True, pile_penalty=True
                ),
            )
        ),
        win_conditions=(WinCondition(WinType.EMPTY_HAND),),
        player_count=4,
        max_turns=1000,
    )


GAMES: tuple[LibraryGame, ...] = (
    (
        GameInfo(
            "crazy-eights",
            "Crazy Eights",
            FAMILY,
            ("shedding", "draw", "wild-cards", "special-effects"),
            "Match rank or suit, eights are wild; first out wins.",
        ),
        crazy_eights(),
    ),
    (
        GameInfo(
            "uno-style",
            "Uno-style",
            FAMILY,
            ("shedding", "draw", "wild-cards", "special-effects"),
            "Crazy Eights with draw-two, skip, reverse and extra-turn cards.",
        ),
        uno_style(),
    ),
    (
        GameInfo(
            "mau-mau",
            "Mau-Mau",
            FAMILY,
            ("shedding", "draw", "wild-cards", "special-effects"),
            "32 cards: match suit or rank, 7 draws two, 8 skips, jacks wild; first out wins.",
        ),
        mau_mau(),
    ),
    (
        GameInfo(
            "old-maid",
            "Old Maid",
            FAMILY,
            ("shedding", "draw", "sets"),
            "Draw from an opponent, discard pairs; first out wins.",
        ),
        old_maid(),
    ),
    (
        GameInfo(
            "president",
            "President",
            FAMILY,
            ("shedding", "climbing", "sets"),
            "Beat the last play or pass; first out wins.",
        ),
        president(),
    ),
    (
        GameInfo(
            "cheat",
            "Cheat",
            FAMILY,
            ("shedding", "bluffing"),
            "Claim the next rank face down, truthfully or not; first out wins.",
        ),
        cheat(),
    ),
)

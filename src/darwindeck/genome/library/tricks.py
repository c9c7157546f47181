"""Trick-taking games: Hearts, Omnibus Hearts, Black Maria, Polignac, Knaves, Scotch Whist, Knock-Out
Whist, Spades, Partnership Spades, Whist, Bridge, Euchre, Cutthroat Euchre, Oh Hell.

Every game here is a ``TrickPhase`` hand (``is_trick_based``, ``tricks_per_hand`` tricks of one card per
player; the trick's winner leads the next). What the schema gives them, and where they still differ:

* The first trick of a hand is led by the player left of the dealer: the engine's hand ``h`` is opened by
  seat ``(h−1) mod N`` and dealt by the seat before it, so the deal and the lead move one seat on each hand
  (the real rule in Black Maria, Polignac, Knaves, the Whists and both Euchres). Hearts and Omnibus Hearts
  instead have the holder of 2♣ lead it (``TrickPhase.first_lead``), and keep points cards off the first
  trick (``clean_first_trick``).
* The Hearts family passes three cards before each hand (``PassPhase``): Hearts and Omnibus Hearts
  left, right, across, then none; Black Maria always to the right. No other game here passes.
* Trumps: Whist and Scotch Whist turn up the dealer's last card and its suit is trumps for the hand
  (``setup.turned_trump`` ``dealer_last``), Oh Hell, Knaves and Knock-Out Whist the next card of the stock
  (``upcard``); Euchre (and Cutthroat Euchre) makes trump from the turned card in rounds of ordering up
  and naming (``TrumpPhase``); Bridge's trumps are the strain of the contract its auction sets
  (``AuctionPhase``); Spades always has spades. The Hearts family and Polignac play without trumps.
* Scoring: the Hearts family (to 100), Polignac (to 20), Knaves (to 20: a point a trick by a book of 0, less
  the jacks taken), Spades (to 500 by contracts), Scotch Whist (to 41 by honours), Euchre and Cutthroat
  Euchre (to 10 by maker scoring), Whist (to 5 by the tricks beyond a book of six, ``BookScoring``) and Oh
  Hell (to 100 by exact contracts, ``ContractScoring.exact``) are played over many hands to their targets;
  Bridge over four deals scored by their contracts (``WinType.HANDS_PLAYED``).
  Knock-Out Whist is one hand decided by the most tricks (the real game shrinks the deal and knocks players
  out, which the schema cannot express).
"""

from __future__ import annotations

from darwindeck.genome.cards import DeckType, Rank, Suit
from darwindeck.genome.conditions import CompoundCondition, Condition, ConditionType, Logic, Reference
from darwindeck.genome.library.info import GameInfo, LibraryGame
from darwindeck.genome.library.parts import is_card, is_rank, is_suit, trick_turns
from darwindeck.genome.phases import (
    AuctionPhase,
    BiddingPhase,
    PassDirection,
    PassPhase,
    TopTrump,
    TrickPhase,
    TrumpPhase,
    TrumpRelation,
    Vulnerability,
)
from darwindeck.genome.schema import (
    BookScoring,
    CardScoringRule,
    ContractScoring,
    GameGenome,
    MakerScoring,
    Scoring,
    ScoringTrigger,
    SetupRules,
    TurnedTrump,
    TurnStructure,
    WinCondition,
    WinType,
)

FAMILY = "tricks"


def hearts() -> GameGenome:
    """Hearts: four players avoid taking hearts (1 point each) and the queen of spades (13 points).

    Faithful (the standard rules as Pagat describes them): 13 cards each; before each hand every player
    passes three cards, to the left, then the right, then across, then nobody, in a cycle of four hands;
    the holder of 2♣ leads it to the first trick; no heart and no Q♠ on the first trick unless a player
    has nothing else; follow suit, no trumps, hearts may not be led until one has been played
    (``breaking_suit`` HEARTS); ♥ = 1 and Q♠ = 13 points to the trick's winner; a player who takes all
    26 points shoots the moon (0 for them, 26 for each other player); the game ends when a player
    reaches 100 and the lowest score wins, a tie for lowest playing on. Approximated: hearts may be led
    once broken by a heart only (some play that Q♠ breaks them too); shooting the moon always adds 26 to
    the others (the variant that subtracts 26 from the shooter is not offered).
    """
    return GameGenome(
        name="Hearts",
        description=(
            "Four players pass three cards, then try not to win tricks holding hearts or the queen of "
            "spades, unless they take them all. When someone reaches 100 points the player with the "
            "fewest points wins."
        ),
        setup=SetupRules(cards_per_player=13),
        turn_structure=TurnStructure(
            phases=(
                PassPhase(count=3),
                TrickPhase(
                    lead_suit_required=True,
                    breaking_suit=Suit.HEARTS,
                    first_lead=(Rank.TWO, Suit.CLUBS),
                    clean_first_trick=True,
                ),
            ),
            is_trick_based=True,
            tricks_per_hand=13,
        ),
        scoring=Scoring(
            card_rules=(
                CardScoringRule(is_suit(Suit.HEARTS), 1, ScoringTrigger.TRICK_WIN),
                CardScoringRule(is_card(Rank.QUEEN, Suit.SPADES), 13, ScoringTrigger.TRICK_WIN),
            ),
            shoot_the_moon=True,
        ),
        win_conditions=(WinCondition(WinType.LOW_SCORE, threshold=100),),
        player_count=4,
        max_turns=2000,
    )


#: Omnibus Hearts' bonus card (Pagat names the J♦ or, in some circles, the 10♦) and what it counts.
OMNIBUS_BONUS_CARD = (Rank.JACK, Suit.DIAMONDS)
OMNIBUS_BONUS = -10


def omnibus_hearts() -> GameGenome:
    """Omnibus Hearts: Hearts where the jack of diamonds is a bonus card worth -10 to whoever takes it.

    Played by Pagat's rules (https://www.pagat.com/reverse/omnibus.html): everything of ``hearts``
    (four players, 13 cards each, three cards passed left, right, across, then held; 2♣ leads; follow
    suit; hearts may not be led until broken; ♥ 1 and Q♠ 13 to the trick's winner; lowest score wins
    when someone reaches 100), plus the J♦, which takes 10 points off the score of the player who wins
    it (the 10♦ is the other choice of bonus card; this game uses the J♦). Approximated, by how the
    engine's rules that Hearts uses treat a card worth points: shooting the moon needs every card that
    counts, the J♦ too (as in the versions that call taking all fifteen counting cards a slam); the
    shooter then takes back the 16 points those cards gave them (26 - 10) and every other player scores
    16, where the real game scores the shooter 0 (or -10 with the J♦) and everyone else 26, or the
    shooter 26 in their favour; taking every heart and Q♠ without the J♦ is no moon here (26 - 0 = 26
    stays with the taker). And the J♦ counts as a scoring card for the first-trick rule: like a heart
    or Q♠, it may be played on the first trick only by a player with no other card they may play.
    """
    return hearts().replace(
        name="Omnibus Hearts",
        description=(
            "Hearts in which the jack of diamonds is a prize: whoever wins it takes 10 points off their "
            "score, while hearts (1 each) and the queen of spades (13) still count against. When "
            "someone reaches 100 points the player with the fewest points wins."
        ),
        scoring=Scoring(
            card_rules=(
                *hearts().scoring.card_rules,
                CardScoringRule(is_card(*OMNIBUS_BONUS_CARD), OMNIBUS_BONUS, ScoringTrigger.TRICK_WIN),
            ),
            shoot_the_moon=True,
        ),
    )


BLACK_MARIA_TARGET = 100


def black_maria() -> GameGenome:
    """Black Maria: Hearts for three, where the top spades cost as much as the queen.

    Played by Pagat's rules (https://www.pagat.com/reverse/blackmaria.html), which other published
    descriptions agree with: three players, 17 cards each; before each hand every player passes three
    cards to the right (the previous player in seat order), choosing before seeing the cards received;
    the player left of the dealer leads the first trick (the engine's first player of each hand, the
    seat after the rotating dealer) and any card may be led; follow suit if you can, no trumps, the
    highest card of the suit led wins and its winner leads next; penalty cards go to the trick's
    winner: every heart 1, Q♠ (Black Maria) 13, K♠ 10, A♠ 7 (43 a hand); there is no shooting the
    moon. The game ends when a player reaches 100 and the lowest score wins (a tie for lowest plays
    on). The one difference: the real game takes the 2♣ out to deal 51 cards; the schema cannot remove
    a card, so the full deck is shuffled and one random card stays face down, undealt and out of play,
    each hand (when that card is a penalty card, the hand's points total less than 43).
    """
    return GameGenome(
        name="Black Maria",
        description=(
            "Three players pass three cards to the right, then try not to win tricks holding hearts "
            "(1 each) or the top spades: the queen 13, the king 10 and the ace 7. When someone reaches "
            "100 points the player with the fewest points wins."
        ),
        setup=SetupRules(cards_per_player=17),
        turn_structure=TurnStructure(
            phases=(
                PassPhase(count=3, directions=(PassDirection.RIGHT,)),
                TrickPhase(lead_suit_required=True),
            ),
            is_trick_based=True,
            tricks_per_hand=17,
        ),
        scoring=Scoring(
            card_rules=(
                CardScoringRule(is_suit(Suit.HEARTS), 1, ScoringTrigger.TRICK_WIN),
                CardScoringRule(is_card(Rank.QUEEN, Suit.SPADES), 13, ScoringTrigger.TRICK_WIN),
                CardScoringRule(is_card(Rank.KING, Suit.SPADES), 10, ScoringTrigger.TRICK_WIN),
                CardScoringRule(is_card(Rank.ACE, Suit.SPADES), 7, ScoringTrigger.TRICK_WIN),
            ),
        ),
        win_conditions=(WinCondition(WinType.LOW_SCORE, threshold=BLACK_MARIA_TARGET),),
        player_count=3,
        max_turns=2000,
    )


POLIGNAC_TARGET = 20


def polignac() -> GameGenome:
    """Polignac (Four Jacks): avoid taking jacks, above all the jack of spades.

    Played by Pagat's rules (https://www.pagat.com/reverse/polignac.html) for four players: the 32-card
    piquet deck (7 to A), eight cards each, all dealt; the player left of the dealer leads the first
    trick (the engine's first player of each hand, the seat after the rotating dealer); follow suit if
    you can, no trumps, the highest card of the suit led wins and its winner leads next; each jack
    taken in a trick costs its winner 1 point and the J♠ (the Polignac) 2; the first player to reach
    the agreed total (20 here; 10 is the other usual one) ends the game, which the lowest score wins (a
    tie for lowest plays on). Differs: aces rank high (A K Q J 10 9 8 7), where the older French order
    ranks the ace between the jack and the ten (K Q J A 10 9 8 7); the engine's rank order is fixed.
    The capot (a player announcing before the first lead that they will take every trick, scoring
    for it or paying if they fail) is not offered, since nothing in the schema lets a player announce it.
    """
    return GameGenome(
        name="Polignac",
        description=(
            "Four players share a 32-card deck and try not to win tricks holding a jack: each jack "
            "costs 1 point and the jack of spades 2. When someone reaches 20 points the player with the "
            "fewest points wins."
        ),
        setup=SetupRules(cards_per_player=8, initial_deck=DeckType.PIQUET_32),
        turn_structure=trick_turns(TrickPhase(lead_suit_required=True), tricks_per_hand=8),
        scoring=Scoring(
            card_rules=(
                CardScoringRule(is_card(Rank.JACK, Suit.SPADES), 2, ScoringTrigger.TRICK_WIN),
                *(
                    CardScoringRule(is_card(Rank.JACK, suit), 1, ScoringTrigger.TRICK_WIN)
                    for suit in (Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)
                ),
            ),
        ),
        win_conditions=(WinCondition(WinType.LOW_SCORE, threshold=POLIGNAC_TARGET),),
        player_count=4,
        max_turns=1000,
    )


#: Scotch Whist's honours: the jack, ten, ace, king and queen of trumps, and what each scores.
SCOTCH_WHIST_HONOURS = ((Rank.JACK, 11), (Rank.TEN, 10), (Rank.ACE, 4), (Rank.KING, 3), (Rank.QUEEN, 2))

#: "A card of the trump suit": the suit of the card turned up for trumps (``setup.turned_trump``).
OF_TURNED_SUIT = Condition(ConditionType.CARD_MATCHES_SUIT, reference=Reference.TURNED_CARD)


def scotch_whist() -> GameGenome:
    """Scotch Whist (Catch the Ten): win the honours of the trump suit; first to 41 points wins.

    Pagat (https://www.pagat.com/whist/scotchwhist.html). Faithful: the whole deck dealt, the dealer's
    last card turned face up for trumps (``setup.turned_trump`` ``dealer_last``), follow suit, the jack
    of trumps the highest trump (``top_trumps``), trump honours scored by whoever takes them (J 11,
    10 10, A 4, K 3, Q 2), played to 41 over many hands. Approximated: the real 36-card deck (6 to A) is
    not available, so the 32-card piquet deck (7 to A, 8 cards each for four players) is used; four
    players play each for themselves (Pagat's four-player game is two partnerships); and the points for
    cards taken beyond the number dealt are left out, since a scoring rule counts cards and cannot
    subtract the deal.
    """
    return GameGenome(
        name="Scotch Whist",
        description=(
            "A trick-taking game where the dealer's last card sets trumps and the point is to capture the "
            "trump honours, above all the ten and the jack. The first player to 41 points wins."
        ),
        setup=SetupRules(
            cards_per_player=8, initial_deck=DeckType.PIQUET_32, turned_trump=TurnedTrump.DEALER_LAST
        ),
        turn_structure=trick_turns(
            TrickPhase(lead_suit_required=True, top_trumps=(TopTrump(Rank.JACK, TrumpRelation.TRUMP),)),
            tricks_per_hand=8,
        ),
        scoring=Scoring(
            card_rules=tuple(
                CardScoringRule(
                    CompoundCondition(Logic.AND, (is_rank(rank), OF_TURNED_SUIT)),
                    points,
                    ScoringTrigger.TRICK_WIN,
                )
                for rank, points in SCOTCH_WHIST_HONOURS
            )
        ),
        win_conditions=(WinCondition(WinType.FIRST_TO_SCORE, threshold=41),),
        player_count=4,
        max_turns=1000,
    )


def knockout_whist() -> GameGenome:
    """Knock-Out Whist: seven cards, a trump suit, the most tricks wins.

    Faithful: the first deal of the real game (7 cards each, follow suit, a trump suit). Approximated:
    the real game deals one card fewer every hand and knocks out players who take no trick until one
    player is left; the schema has neither shrinking deals nor elimination, so the game is that first
    hand, won by the player with the most tricks. As in the real first deal, the top card of the stock
    is turned up after the deal and its suit is trumps (``setup.turned_trump`` ``upcard``).
    """
    return GameGenome(
        name="Knock-Out Whist",
        description=(
            "Seven cards each and a trump suit turned up from the stock; follow suit if you can. "
            "The player who takes the most of the seven tricks wins."
        ),
        setup=SetupRules(cards_per_player=7, initial_discard_count=1, turned_trump=TurnedTrump.UPCARD),
        turn_structure=trick_turns(TrickPhase(lead_suit_required=True), tricks_per_hand=7),
        win_conditions=(WinCondition(WinType.MOST_TRICKS),),
        player_count=4,
        max_turns=100,
    )


SPADES_TRICK = TrickPhase(
    lead_suit_required=True, trump_suit=Suit.SPADES, high_card_wins=True, breaking_suit=Suit.SPADES
)
SPADES_BIDDING = BiddingPhase(min_bid=1, max_bid=13, allow_nil=True, blind_nil=True)
SPADES_FLOOR = -200  # a side falling this low ends the game (Pagat: it loses)


def spades() -> GameGenome:
    """Spades (cut-throat, every player for themselves): bid your tricks, spades are always trumps.

    Faithful: 13 cards each, a bid of 1..13 or Nil before the first trick (spec 004), spades trump and
    may not be led until broken, classic contract scoring (10 per bid trick, 1 per overtrick, -10 per
    bid trick when the contract fails, Nil ±100, 10 bags cost 100) to 500 over many hands, and a player
    whose score falls to -200 ends the game, which the highest score wins (``score_floor``). Blind Nil
    (Pagat's common rule): a player whose side trails another by 100 or more may, before looking at
    their cards, bid blind Nil, worth ±200 (``blind_nil``; the table hides the hand until they decide;
    the search players decide with the hand they were dealt in view, a stated advantage; the partners
    exchange no cards). Checked move for move against OpenSpiel's partnership game (``tests/oracle``,
    first hands, where nobody trails and blind Nil is never offered). Approximated: the engine picks the
    first leader. Greedy players finish a game in about 27 hands.
    """
    return GameGenome(
        name="Spades",
        description=(
            "Cut-throat Spades, every player for themselves: bid how many tricks you will take, then "
            "play thirteen tricks with spades as trumps; making your bid scores, the first to 500 wins "
            "and a player who sinks to -200 ends the game."
        ),
        setup=SetupRules(cards_per_player=13, trump_suit=Suit.SPADES),
        turn_structure=trick_turns(SPADES_TRICK, tricks_per_hand=13, bidding=SPADES_BIDDING),
        contract_scoring=ContractScoring(),
        win_conditions=(
            WinCondition(WinType.FIRST_TO_SCORE, threshold=500),
            WinCondition(WinType.SCORE_FLOOR, threshold=SPADES_FLOOR),
        ),
        player_count=4,
        max_turns=3000,
    )


def partnership_spades() -> GameGenome:
    """Partnership Spades: Spades with partners sitting opposite, (0, 2) against (1, 3).

    Faithful: everything of ``spades`` plus spec 003 teams: the partners' bids add up to one team
    contract, Nil bids are scored for the team, bags and scores are kept per team, first team to 500 (or
    a team at -200 ends it). Approximated as for ``spades``.
    """
    return spades().replace(
        name="Partnership Spades",
        description=(
            "Spades for two partnerships sitting opposite each other: partners add their bids into one "
            "contract and share a score. The first team to 500 wins."
        ),
        team_mode=True,
        teams=((0, 2), (1, 3)),
    )


#: Whist's book: a side scores one point for each trick it takes beyond six.
WHIST_BOOK = BookScoring(book=6, points_per_trick=1)
#: Short Whist is played to 5 points (Pagat; 7 in the American game, 10 in Long Whist).
WHIST_TARGET = 5


def whist() -> GameGenome:
    """Whist: two partnerships, thirteen tricks, the dealer's last card sets trumps; the tricks beyond
    six score, first side to 5.

    Played by Pagat's rules (https://www.pagat.com/whist/whist.html): partners sit opposite, seats 0 and
    2 against 1 and 3; the whole 52-card deck is dealt, 13 cards each; the dealer's last card is turned
    face up and its suit is trumps for the hand; the dealer keeps it and plays it like any other card
    (``setup.turned_trump`` ``dealer_last``). The player left of the dealer leads the first trick; follow
    suit if you can, else play anything; the highest trump, else the highest card of the suit led, wins
    and its winner leads the next. At the end of each deal the side that took more than six tricks (the
    book) scores one point for each trick beyond six (``book_scoring``); the deal and the lead pass one
    seat to the left each deal; the first side to 5 points (short Whist) wins.

    What still differs from Pagat: honours are not scored (the English game gives a side dealt the
    A, K, Q and J of trumps between its players 4 points, and any three of them 2, except at 4 points;
    the schema has no rule for cards held at the deal); one game is played, not a rubber (the best of
    three games, with game points for a treble, double or single); the first dealer is the last seat,
    not chosen by cutting; and a revoke cannot happen (the engine allows only legal cards), so there is
    no revoke penalty.
    """
    return GameGenome(
        name="Whist",
        description=(
            "Two partnerships play thirteen tricks; the dealer's last card is turned up and its suit is "
            "trumps. Each trick a side takes beyond six scores a point, and the first side to 5 wins."
        ),
        setup=SetupRules(cards_per_player=13, turned_trump=TurnedTrump.DEALER_LAST),
        turn_structure=trick_turns(TrickPhase(lead_suit_required=True), tricks_per_hand=13),
        book_scoring=WHIST_BOOK,
        win_conditions=(WinCondition(WinType.FIRST_TO_SCORE, threshold=WHIST_TARGET),),
        player_count=4,
        team_mode=True,
        teams=((0, 2), (1, 3)),
        max_turns=1000,
    )


#: Chicago is played over four deals, one for each cycle of vulnerability.
CHICAGO_DEALS = 4


def bridge() -> GameGenome:
    """Contract Bridge, Chicago style: four deals with an auction, a dummy and duplicate scoring.

    Played by the Laws of Duplicate Bridge (2017) for the auction, the play and the score, and Pagat's
    Chicago (https://www.pagat.com/auctionwhist/bridge.html, "Chicago") for the match: partners sit
    opposite, North and South (seats 0 and 2) against East and West (1 and 3); all 52 cards are dealt,
    13 each. The dealer calls first and the auction goes round the table: a bid of a level 1-7 and a
    strain (♣ < ♦ < ♥ < ♠ < no trump), each higher than the last; pass; double an opponent's bid;
    redouble an opponent's double. Three passes after a bid end it: the last bid is the contract, the
    player of the contracting side who first named its strain declares, the player to the declarer's
    left leads, and after that lead the declarer's partner lays down the dummy, which the declarer plays
    (``AuctionPhase``). Follow suit if you can; the highest trump, else the highest card of the suit led,
    wins the trick and leads the next. Each deal is scored on its own as in duplicate Bridge (contract
    points, game and part-score bonuses, slams, doubled overtricks and undertricks, the insult), with
    Chicago's vulnerability: nobody on the first deal, the dealer's side on the second and third, both
    sides on the fourth. After four deals the side with more points wins; equal totals are a draw.

    What still differs: a deal that everybody passes is thrown in and the next dealer deals (Chicago
    redeals it by the same dealer, so a passed-out deal here moves the vulnerability cycle on); a part
    score does not carry over to the next deal (some Chicago scorers let two part scores make a game,
    and give 100 for a part score on the fourth deal); the first dealer is West (the last seat), not
    chosen by cutting; revokes, penalty cards, claims and concessions cannot happen (the engine offers
    only legal cards and every card is played out).
    """
    return GameGenome(
        name="Bridge",
        description=(
            "Contract Bridge, Chicago style: two partnerships bid for a contract of tricks and trumps, the "
            "declarer plays the dummy's cards too, and each deal is scored as in duplicate Bridge. After "
            "four deals the side with more points wins."
        ),
        setup=SetupRules(cards_per_player=13),
        turn_structure=TurnStructure(
            phases=(AuctionPhase(vulnerability=Vulnerability.CHICAGO), TrickPhase(lead_suit_required=True)),
            is_trick_based=True,
            tricks_per_hand=13,
        ),
        win_conditions=(WinCondition(WinType.HANDS_PLAYED, threshold=CHICAGO_DEALS),),
        player_count=4,
        team_mode=True,
        teams=((0, 2), (1, 3)),
        max_turns=200,
    )


#: Euchre's bowers: the jack of trumps (right bower), then the other jack of trumps' colour (left bower).
EUCHRE_BOWERS = (TopTrump(Rank.JACK, TrumpRelation.TRUMP), TopTrump(Rank.JACK, TrumpRelation.SAME_COLOUR))
EUCHRE_TARGET = 10


def euchre() -> GameGenome:
    """Euchre: two partnerships, five cards each, trump made from the turned card, bowers, game to 10.

    Played by Pagat's rules for four-handed Euchre (https://www.pagat.com/euchre/euchre.html):
    partners sit opposite, seats 0 and 2 against 1 and 3; the 24-card deck (9 to A), five cards each,
    the next card turned up (``initial_discard_count`` 1; the other three stay face down). Making trump
    (``TrumpPhase``): starting left of the dealer, each player in turn may order up the turned card's
    suit or pass; when one does, the dealer takes the turned card and discards a card face down. If all
    four pass, each in the same order may name another suit or pass; if all pass again the cards are
    thrown in and the next player deals (the redeal rule; "stick the dealer" is the variant not played).
    The player left of the dealer leads the first trick; follow suit, the winner leads. The jack of
    trumps (right bower) is the highest trump and the other jack of the same colour (left bower) the
    second, and it counts as a trump, not as its printed suit (``top_trumps``). The makers' side scores
    1 for 3 or 4 tricks and 2 for all five (a march); taking fewer than 3 they are euchred and the
    defenders score 2 (``maker_scoring``). The first side to 10 points wins. The one difference from
    Pagat: nobody may go alone (the maker playing without their partner for 4 points on a march).
    """
    trick = TrickPhase(lead_suit_required=True, top_trumps=EUCHRE_BOWERS)
    return GameGenome(
        name="Euchre",
        description=(
            "Two partnerships make trump from a turned-up card, the jacks of its colour ranking highest, "
            "and play five tricks from a 24-card deck. The side that made trump needs three tricks or "
            "is euchred, and the first side to 10 points wins."
        ),
        setup=SetupRules(cards_per_player=5, initial_deck=DeckType.EUCHRE_24, initial_discard_count=1),
        turn_structure=TurnStructure(phases=(TrumpPhase(), trick), is_trick_based=True, tricks_per_hand=5),
        maker_scoring=MakerScoring(made_tricks=3, made_points=1, march_points=2, euchre_points=2),
        win_conditions=(WinCondition(WinType.FIRST_TO_SCORE, threshold=EUCHRE_TARGET),),
        player_count=4,
        team_mode=True,
        teams=((0, 2), (1, 3)),
        max_turns=1000,
    )


#: Cut-throat Euchre's scoring: the maker alone needs 3 of the 5 tricks: 1 point, all five (a march) 3;
#: euchred, each of the other two players scores 2.
CUTTHROAT_EUCHRE_SCORING = MakerScoring(made_tricks=3, made_points=1, march_points=3, euchre_points=2)


def cutthroat_euchre() -> GameGenome:
    """Cut-throat Euchre: Euchre for three, each for themselves; whoever makes trump plays alone against
    the other two.

    Faithful to the three-handed game as Hoyle gives it (three players, no partners, the maker against
    the other two; 1 point for 3 or 4 tricks, 3 for a march, 2 to each opponent when the maker is
    euchred; game 10), with everything else by Pagat's Euchre (https://www.pagat.com/euchre/euchre.html),
    as ``euchre`` plays it: the 24-card deck (9 to A), five cards each and the next card turned up (the
    other eight stay face down, out of play). Making trump (``TrumpPhase``): starting left of the dealer,
    each player in turn may order up the turned card's suit or pass; when one does, the dealer takes the
    turned card and discards a card face down. If all three pass, each in the same order may name another
    suit or pass; if all pass again the cards are thrown in and the next player deals. The player who
    made trump is the maker and plays alone; the player left of the dealer leads the first trick; follow
    suit, the winner leads. The jack of trumps (right bower) is the highest trump and the other jack of
    its colour (left bower) the second, a trump and not its printed suit (``top_trumps``). The maker
    scores 1 for 3 or 4 tricks and 3 for all five; with fewer than 3 the maker is euchred and each of the
    other two players scores 2 (``maker_scoring`` in individual mode: every side but the maker's scores
    the euchre). The first player to 10 points wins.

    Approximated: published three-handed rules vary and this game takes one set: some score a march 2
    (as with partners), or take 2 off the euchred maker instead of giving 2 to each opponent, or play
    "stick the dealer" (the dealer must name a suit when all pass twice) where this game throws the hand
    in; the first dealer is the last seat rather than chosen by cutting; a revoke cannot happen (the
    engine allows only legal cards).
    """
    return euchre().replace(
        name="Cutthroat Euchre",
        description=(
            "Euchre for three, each for themselves: whoever makes trump from the turned-up card plays "
            "alone against the other two and needs three of the five tricks, or each opponent scores 2. "
            "The first player to 10 points wins."
        ),
        maker_scoring=CUTTHROAT_EUCHRE_SCORING,
        player_count=3,
        team_mode=False,
        teams=(),
    )


OH_HELL_CARDS = 10
OH_HELL_TARGET = 100
#: Oh Hell's bid: 0 up to the hand's ten tricks; 0 is an ordinary contract (no Nil).
OH_HELL_BIDDING = BiddingPhase(min_bid=0, max_bid=OH_HELL_CARDS, allow_nil=False, hook=True)
#: Only an exact bid scores: 10 + the bid; a miss either way scores nothing.
OH_HELL_SCORING = ContractScoring(
    points_per_trick_bid=1,
    overtrick_points=0,
    failed_contract_penalty=0,
    nil_bonus=0,
    nil_penalty=0,
    bag_limit=10,
    bag_penalty=0,
    exact=True,
    made_bonus=10,
)


def oh_hell() -> GameGenome:
    """Oh Hell: bid the exact number of tricks you will take; only an exact bid scores, 10 + the bid.

    Played by Pagat's rules (https://www.pagat.com/exact/ohhell.html) for four players, each for
    themselves: the dealer deals the cards one at a time and turns up the next card of the stock, whose
    suit is trumps for the deal (``setup.turned_trump`` ``upcard``); starting left of the dealer each
    player bids once how many tricks they will take, 0 included (``BiddingPhase(min_bid=0)``, no Nil),
    the dealer, bidding last, may not make the bids add up to the tricks (the hook: ``hook``);
    the player left of the dealer leads, follow suit if you can, the highest trump or else the highest
    card of the suit led wins, and the winner leads the next; a player who took exactly the number of
    tricks bid scores 10 plus the bid, anyone else nothing (``ContractScoring`` with ``exact`` and a
    ``made_bonus`` of 10; OpenSpiel's ``oh_hell`` instead scores a point per trick taken plus the 10).

    What still differs from Pagat: every deal is ten cards (Pagat deals one card more, or fewer, each
    deal, over a fixed series of deals, and the highest total at the end wins; the schema has no
    changing hand size, so the game is played to 100 points instead, the first player to reach them
    winning); and the greedy players bid their estimate, try to win tricks until
    their bid is made and then try to lose them, without planning the hand to make exactly the bid.
    """
    return GameGenome(
        name="Oh Hell",
        description=(
            "Bid exactly how many of ten tricks you will take, with trumps turned up from the stock: "
            "only an exact bid scores, 10 plus the bid. The first player to 100 points wins."
        ),
        setup=SetupRules(
            cards_per_player=OH_HELL_CARDS, initial_discard_count=1, turned_trump=TurnedTrump.UPCARD
        ),
        turn_structure=trick_turns(
            TrickPhase(lead_suit_required=True), tricks_per_hand=OH_HELL_CARDS, bidding=OH_HELL_BIDDING
        ),
        contract_scoring=OH_HELL_SCORING,
        win_conditions=(WinCondition(WinType.FIRST_TO_SCORE, threshold=OH_HELL_TARGET),),
        player_count=4,
        max_turns=3000,
    )


#: Knaves' penalty for each jack taken in a trick: J♥ 4, J♦ 3, J♣ 2, J♠ 1 (10 in all).
KNAVES_JACKS = ((Suit.HEARTS, -4), (Suit.DIAMONDS, -3), (Suit.CLUBS, -2), (Suit.SPADES, -1))
#: Knaves is played to 20 points (the published rules; some play to 21).
KNAVES_TARGET = 20


def knaves() -> GameGenome:
    """Knaves: three players win tricks for a point each but lose points for the jacks taken in them.

    Faithful to its standard published rules (Hoyle's; White Knuckle Cards gives them at
    https://whiteknucklecards.com/games/knaves.html): three players, each for themselves; 17 cards each
    from the 52-card deck and the last card turned face up: its suit is trumps for the deal and it takes no
    other part in the play (``setup.turned_trump`` ``upcard`` with ``initial_discard_count`` 1: the turned
    card is the 52nd, the one card left after the deal). The player left of the dealer leads the first
    trick (the engine's first player of each hand, the seat after the rotating dealer); follow suit if you
    can, else trump or throw any card; the highest trump, else the highest card of the suit led (ace high),
    wins and its winner leads the next. Each trick taken scores 1 point (``book_scoring`` with a book of
    0, counted at the end of the deal) and each jack taken in a trick costs its winner points: J♥ 4, J♦ 3,
    J♣ 2, J♠ 1 (counted as the trick is won), so a deal is worth 17 - 10 = 7 points in all, more when a
    jack is the turned card; scores may fall below 0. The deal passes to the left; the first player to
    reach 20 points at the end of a deal wins (``score_threshold``; several in one deal: the highest
    score; a tie for the highest plays another deal).

    Approximated: the first dealer is the last seat rather than chosen by drawing cards; a revoke cannot
    happen (the engine allows only legal cards), so there is no revoke penalty. Variants not played: a
    game to 21, 13 cards each, a turned-up jack going to the winner of the last trick.
    """
    return GameGenome(
        name="Knaves",
        description=(
            "Three players take tricks with trumps turned up from the last card: every trick scores a "
            "point, but each jack taken costs points: hearts 4, diamonds 3, clubs 2, spades 1. The first "
            "player to 20 points wins."
        ),
        setup=SetupRules(cards_per_player=17, initial_discard_count=1, turned_trump=TurnedTrump.UPCARD),
        turn_structure=trick_turns(TrickPhase(lead_suit_required=True), tricks_per_hand=17),
        scoring=Scoring(
            card_rules=tuple(
                CardScoringRule(is_card(Rank.JACK, suit), points, ScoringTrigger.TRICK_WIN)
                for suit, points in KNAVES_JACKS
            )
        ),
        book_scoring=BookScoring(book=0, points_per_trick=1),
        win_conditions=(WinCondition(WinType.SCORE_THRESHOLD, threshold=KNAVES_TARGET),),
        player_count=3,
        max_turns=3000,
    )


GAMES: tuple[LibraryGame, ...] = (
    (
        GameInfo(
            "hearts", "Hearts", FAMILY, ("tricks",), "Avoid hearts and the Q♠; lowest score at 100 wins."
        ),
        hearts(),
    ),
    (
        GameInfo(
            "black-maria",
            "Black Maria",
            FAMILY,
            ("tricks",),
            "Hearts for three: avoid hearts and Q♠ 13, K♠ 10, A♠ 7; lowest at 100 wins.",
        ),
        black_maria(),
    ),
    (
        GameInfo(
            "omnibus-hearts",
            "Omnibus Hearts",
            FAMILY,
            ("tricks",),
            "Hearts where the J♦ counts -10 for its taker; lowest score at 100 wins.",
        ),
        omnibus_hearts(),
    ),
    (
        GameInfo(
            "polignac",
            "Polignac",
            FAMILY,
            ("tricks",),
            "32 cards, avoid the jacks: 1 each, J♠ 2; lowest score at 20 wins.",
        ),
        polignac(),
    ),
    (
        GameInfo(
            "scotch-whist",
            "Scotch Whist",
            FAMILY,
            ("tricks", "trumps"),
            "Capture the trump honours (J, 10, A, K, Q); first to 41 wins.",
        ),
        scotch_whist(),
    ),
    (
        GameInfo(
            "knockout-whist",
            "Knock-Out Whist",
            FAMILY,
            ("tricks", "trumps"),
            "Seven tricks with trumps; the most tricks wins.",
        ),
        knockout_whist(),
    ),
    (
        GameInfo(
            "spades",
            "Spades",
            FAMILY,
            ("tricks", "trumps", "bidding"),
            "Bid your tricks (or Nil) with spades as trumps; first to 500 wins.",
        ),
        spades(),
    ),
    (
        GameInfo(
            "partnership-spades",
            "Partnership Spades",
            FAMILY,
            ("tricks", "trumps", "bidding", "teams"),
            "Spades for two partnerships (0, 2) v (1, 3); first team to 500 wins.",
        ),
        partnership_spades(),
    ),
    (
        GameInfo(
            "bridge",
            "Bridge",
            FAMILY,
            ("tricks", "trumps", "teams", "auction"),
            "Chicago: four deals of Contract Bridge, with an auction, a dummy and duplicate scoring.",
        ),
        bridge(),
    ),
    (
        GameInfo(
            "whist",
            "Whist",
            FAMILY,
            ("tricks", "trumps", "teams"),
            "Two partnerships, trumps turned up; each trick beyond six scores; first side to 5 wins.",
        ),
        whist(),
    ),
    (
        GameInfo(
            "euchre",
            "Euchre",
            FAMILY,
            ("tricks", "trumps", "teams"),
            "Order up or name trump, bowers high; makers need 3 of 5 tricks; first side to 10 wins.",
        ),
        euchre(),
    ),
    (
        GameInfo(
            "cutthroat-euchre",
            "Cutthroat Euchre",
            FAMILY,
            ("tricks", "trumps"),
            "Euchre for three: the maker plays alone, needs 3 of 5 tricks; first to 10 wins.",
        ),
        cutthroat_euchre(),
    ),
    (
        GameInfo(
            "oh-hell",
            "Oh Hell",
            FAMILY,
            ("tricks", "trumps", "bidding"),
            "Bid your exact tricks, trumps turned up; only an exact bid scores; first to 100 wins.",
        ),
        oh_hell(),
    ),
    (
        GameInfo(
            "knaves",
            "Knaves",
            FAMILY,
            ("tricks", "trumps"),
            "Three players, trumps turned up; a point a trick, minus 4/3/2/1 for J♥ J♦ J♣ J♠; first to 20.",
        ),
        knaves(),
    ),
)

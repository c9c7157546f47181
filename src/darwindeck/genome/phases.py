"""Phases: the steps of a turn, in the order ``TurnStructure.phases`` lists them.

Each phase is a frozen record of what the player may or must do:

* ``DrawPhase``: take ``count`` cards from ``source`` (deck, discard, an opponent's hand). ``condition``
  gates it (e.g. "only when you have no legal play"); ``loop`` repeats it while the condition still holds
  (Crazy Eights' "draw until you can play"), never past an empty source. When the source is not the deck,
  card tests in the condition judge the card taken: only matching cards may be taken (Go Fish's "ask for
  a rank you hold" is ``card_matches_rank`` with reference ``hand`` on a draw from ``opponent_hand``).
* ``PlayPhase``: play ``min_cards``..``max_cards`` cards that satisfy ``valid_play_condition`` to
  ``target``; several cards at once must share a rank (a set). ``mandatory`` forbids passing while a legal
  play exists; ``pass_if_unable`` lets a player with no legal play pass instead of being stuck.
* ``DiscardPhase``: put ``count`` cards (matching ``matching_condition`` when given) on ``target``.
* ``TrickPhase``: each player plays one card to the trick in turn; ``lead_suit_required`` forces
  following the led suit when possible; ``trump_suit`` beats other suits; ``high_card_wins`` (False: the
  lowest card of the led suit wins); ``breaking_suit`` may not be led until it has been played (Hearts).
  ``first_lead`` (a rank and a suit): the player holding that card leads the first trick of each hand,
  and leads it (Hearts' 2♣). ``clean_first_trick``: on the first trick of a hand no card that scores when
  a trick is won (a ``trick_win`` scoring rule gives it points) may be played by a player holding any
  other card they could play (Hearts: no heart and no Q♠ on the first trick). ``top_trumps``: a
  card-rank override, cards named relative to the trump suit (``TopTrump``: a rank and ``trump`` or
  ``same_colour``, the other suit of trump's colour) that are trumps ranked above every other trump, the
  first listed highest; such a card belongs to the trump suit for every trick rule (leading, following,
  winning), not to its printed suit. Euchre's bowers: ``(J, trump), (J, same_colour)``. Without a trump
  suit in force they are ordinary cards.
* ``ClaimPhase``: play ``min_cards``..``max_cards`` cards face down while claiming a rank (the next rank
  in order when ``sequential_rank``); opponents may challenge (``allow_challenge``); a caught liar, or a
  wrong challenger, takes the pile (``pile_penalty``). Cheat / I Doubt It.
* ``BettingPhase``: a round of check / bet / call / raise / all-in / fold with chips (needs
  ``setup.starting_chips``), at most ``max_raises`` raises, bets of at least ``min_bet``.
* ``BiddingPhase`` (spec 004): before the first trick of a hand each player bids how many tricks they
  will take, ``min_bid``..min(``max_bid``, hand size), plus Nil (0) when ``allow_nil``.
* ``PassPhase``: once per hand, the first time the phase is reached, every player in turn chooses
  ``count`` cards of their hand and, when all have chosen, the chosen cards go at once to another
  player: hand ``h`` (1-based) passes in ``directions[(h - 1) % len(directions)]``: ``left`` to the next
  player in seat order, ``right`` to the previous one, ``across`` to the player half the table away,
  ``hold`` no pass (Hearts: left, right, across, hold).
* ``TrumpPhase``: the hand's trump suit is chosen from the turned-up card (the top of the discard pile,
  so ``setup.initial_discard_count`` ≥ 1), once per hand, before the first trick. Round 1: each player
  in turn, starting left of the dealer (the dealer is the seat before the hand's first player) and
  ending with the dealer, may order up the turned card's suit as trump or pass; with ``dealer_takes``
  the dealer then takes the turned card into their hand and discards a card face down (onto the deck,
  out of play). Round 2 (``name_round``), when all passed: each in the same order may name any other
  suit, or pass. When everybody passed in every round: with ``stick_the_dealer`` the dealer may not
  pass the last time and must name a suit; otherwise the hand is thrown in and the next dealer deals.
  The player who chose trump is the *maker*; their side the makers, the others the defenders
  (``GameGenome.maker_scoring``). The chosen suit is trump for the hand, over any fixed trump.
* ``KnockPhase``: a player whose hand is worth at most ``max_value`` (the game's ``hand_evaluation``
  total: deadwood in Gin Rummy) may knock, which ends the hand; otherwise, or when they decline, the turn
  goes on. At the knock every opponent is compared with the knocker (the knocker's value ``K``, the
  opponent's ``D``, after laying off cards on the knocker's melds when ``lay_off`` and ``K > 0``):
  ``K == 0`` (gin) scores ``D + full_bonus`` to the knocker; else ``D <= K`` (an undercut) scores
  ``K - D + undercut_bonus`` to the opponent; else the knocker scores ``D - K``.
* ``AskPhase``: the turn's player asks one opponent (a choice when several hold cards) for a rank of
  which they hold a card; the opponent hands over every card of that rank. On a miss, with ``fish``, the
  asker draws the top card of the deck when it has one ("go fish"). With ``again`` the asker asks again
  after receiving cards, or after fishing a card of the rank asked for; otherwise the phase ends. With
  ``book`` n (2..4), n cards of one rank in the asker's hand are laid down at once on the discard pile
  (played: play-triggered scoring applies) whenever they come together: at the start of the phase,
  after cards are received and after a draw. An asker whose hand is empty draws a card from the deck
  first and then asks; with an empty deck as well, or no opponent holding a card, the phase ends. Go
  Fish, Happy Families, Authors.
* ``CountPhase``: Cribbage's play (its class docstring).
* ``AuctionPhase``: Contract Bridge's auction (its class docstring): the calls, the contract, the
  declarer, doubling, the dummy and the contract's score.
* ``DealerPhase``: Blackjack's house dealer (its class docstring): a hand of its own, an up-card and a
  hole card, a fixed drawing policy, and every player paid or collected against it.
* ``BoardPhase``: community cards (Texas Hold'em's flop, turn and river; its class docstring): cards
  dealt face up to the table that count in every seat's hand, the blinds, pot-sized betting, and a hand
  that ends in a showdown once its turn's phases are done.
* ``CribPhase``, ``ShowPhase``: Cribbage's crib (cards laid away, the starter cut, his heels) and its
  show (hands and crib counted for fifteens, pairs, runs, flushes and nobs at the hand's end).
* ``CallPhase``, ``ClimbPhase``: Dou Dizhu's call for the landlord (the declarer, alone against the
  rest, at a stake) and its climb of combination plays (pairs, chains, airplanes, bombs, the rocket);
  their class docstrings.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TypeAlias

from darwindeck.genome.cards import CodedEnum, Location, Rank, Suit
from darwindeck.genome.conditions import ConditionLike
from darwindeck.genome.declare import Flags, Present, declared_field, phase_kind


class TrumpRelation(CodedEnum):
    """Which suit a ``TopTrump`` card is of, relative to the trump suit in force."""

    TRUMP = "trump"  # the trump suit itself
    SAME_COLOUR = "same_colour"  # the other suit of trump's colour (♥ and ♦, ♣ and ♠)


@dataclass(frozen=True)
class TopTrump:
    """A card that ranks above every other trump (see ``TrickPhase.top_trumps``): Euchre's right bower
    is ``TopTrump(Rank.JACK, TrumpRelation.TRUMP)``, its left bower ``TopTrump(Rank.JACK,
    TrumpRelation.SAME_COLOUR)``."""

    rank: Rank
    suit: TrumpRelation = TrumpRelation.TRUMP


class PassDirection(CodedEnum):
    """Where a pass phase sends the chosen cards (module docstring)."""

    LEFT = "left"
    RIGHT = "right"
    ACROSS = "across"
    HOLD = "hold"


@phase_kind(
    "draw",
    opcode=10,
    layout=("source", "count", Flags("mandatory", "loop", "stand"), "condition"),
    semantics=("engine.movegen", "evolve.mutations.parameters"),
)
@dataclass(frozen=True)
class DrawPhase:
    source: Location = Location.DECK
    count: int = declared_field(1, low=1)
    mandatory: bool = True
    condition: ConditionLike | None = None
    loop: bool = False
    # declining the (optional) draw is final: no more draws in this phase this hand
    stand: bool = declared_field(False, since=2)


@phase_kind(
    "play",
    opcode=11,
    layout=(
        "target",
        "min_cards",
        "max_cards",
        Flags("mandatory", "pass_if_unable", "runs"),
        "valid_play_condition",
    ),
    semantics=("engine.movegen", "engine.tableau_melds", "evolve.mutations.parameters"),
)
@dataclass(frozen=True)
class PlayPhase:
    target: Location = Location.DISCARD
    valid_play_condition: ConditionLike | None = None
    min_cards: int = declared_field(1, low=1)
    max_cards: int = declared_field(1, low=1)
    mandatory: bool = True
    pass_if_unable: bool = True
    # a meld may also be a run: 3+ cards of one suit in sequence (A low, no wrap)
    runs: bool = declared_field(False, since=2, late=True)


#: A run's length: at least 3 cards of one suit in sequence; a RUN action plays at most 7. A set (cards
#: of one rank) has at most 4, one of each suit.
MIN_RUN, MAX_RUN = 3, 7
MAX_SET = 4


@phase_kind(
    "discard",
    opcode=12,
    layout=("target", "count", Flags("mandatory", "no_return"), "matching_condition"),
    semantics=("engine.movegen", "evolve.mutations.parameters"),
)
@dataclass(frozen=True)
class DiscardPhase:
    target: Location = Location.DISCARD
    count: int = declared_field(1, low=1)
    mandatory: bool = True
    matching_condition: ConditionLike | None = None
    # a card taken from the discard pile this turn may not be discarded again
    no_return: bool = declared_field(False, since=2)


@phase_kind(
    "trick",
    opcode=13,
    layout=(
        Flags(
            "lead_suit_required",
            "high_card_wins",
            "clean_first_trick",
            Present("first_lead"),
            Present("top_trumps"),
        ),
        "trump_suit",
        "breaking_suit",
        "first_lead",
        "top_trumps",
    ),
    semantics=("engine.tricks", "evolve.mutations.trumps"),
)
@dataclass(frozen=True)
class TrickPhase:
    lead_suit_required: bool = True
    trump_suit: Suit | None = None
    high_card_wins: bool = True
    breaking_suit: Suit | None = None
    first_lead: tuple[Rank, Suit] | None = declared_field(None, since=2)
    clean_first_trick: bool = declared_field(False, since=2)
    # trumps above all others, first highest (Euchre's bowers)
    top_trumps: tuple[TopTrump, ...] = declared_field((), since=2, late=True)


@phase_kind(
    "claim",
    opcode=14,
    layout=("min_cards", "max_cards", Flags("sequential_rank", "allow_challenge", "pile_penalty")),
    semantics=("engine.claims", "evolve.mutations.structure"),
)
@dataclass(frozen=True)
class ClaimPhase:
    min_cards: int = declared_field(1, low=1)
    max_cards: int = declared_field(4, low=1)
    sequential_rank: bool = True
    allow_challenge: bool = True
    pile_penalty: bool = True


@phase_kind(
    "betting",
    opcode=15,
    layout=("min_bet", "max_raises"),
    semantics=("engine.betting", "evolve.mutations.betting"),
)
@dataclass(frozen=True)
class BettingPhase:
    min_bet: int = declared_field(1, low=1, width=2)
    max_raises: int = declared_field(3, low=0)


@phase_kind(
    "bidding",
    opcode=70,  # spec 000 gives 60/61 to effects, so the bidding phase of spec 004 moved to 70
    layout=("min_bid", "max_bid", Flags("allow_nil", "hook", "blind_nil")),
    semantics=("engine.contracts", "evolve.mutations.bidding"),
)
@dataclass(frozen=True)
class BiddingPhase:
    min_bid: int = declared_field(1, low=0)
    max_bid: int = declared_field(13, low=0, high=0xFF, note=" (one byte)")
    allow_nil: bool = True
    # the last bidder may not make the bids add up to the tricks (Oh Hell's dealer)
    hook: bool = declared_field(False, since=2, late=True)
    # a side 100+ behind may bid Nil before looking at its cards, for double
    blind_nil: bool = declared_field(False, since=2, late=True)


@phase_kind(
    "knock",
    opcode=16,
    layout=("max_value", "full_bonus", "undercut_bonus", Flags("lay_off")),
    since=2,
    semantics=("engine.knock", "evolve.mutations.knock"),
)
@dataclass(frozen=True)
class KnockPhase:
    max_value: int = declared_field(10, low=0, high=0xFF, note=" (one byte)")
    full_bonus: int = declared_field(25, low=0, high=0xFF, note=" (one byte)")
    undercut_bonus: int = declared_field(25, low=0, high=0xFF, note=" (one byte)")
    lay_off: bool = True


@phase_kind(
    "pass",
    opcode=17,
    layout=("count", "directions"),
    since=2,
    semantics=("engine.passing", "evolve.mutations.passing"),
)
@dataclass(frozen=True)
class PassPhase:
    count: int = declared_field(3, low=1, high=0xFF, note=" (one byte)")
    directions: tuple[PassDirection, ...] = (
        PassDirection.LEFT,
        PassDirection.RIGHT,
        PassDirection.ACROSS,
        PassDirection.HOLD,
    )


@phase_kind(
    "trump",
    opcode=18,
    layout=(Flags("dealer_takes", "name_round", "stick_the_dealer"),),
    since=2,
    semantics=("engine.trump", "engine.makers", "evolve.mutations.trumps"),
)
@dataclass(frozen=True)
class TrumpPhase:
    dealer_takes: bool = True  # round 1: ordering up gives the dealer the turned card, who discards one
    name_round: bool = True  # round 2: when all passed, each may name another suit
    stick_the_dealer: bool = False  # the dealer may not pass last; without it all passing throws the hand in


@phase_kind(
    "ask",
    opcode=19,
    layout=(Flags("fish", "again"), "book"),
    since=2,
    semantics=("engine.asking", "engine.book", "evolve.mutations.asking"),
)
@dataclass(frozen=True)
class AskPhase:
    fish: bool = True  # a miss draws the top card of the deck ("go fish")
    again: bool = True  # receiving cards, or fishing the rank asked for, gives another ask
    # n cards of one rank in the asker's hand are laid down at once (0: never)
    book: int = declared_field(4, choices=(0, 2, 3, 4), note="0 or 2..4 cards of one rank")


@phase_kind(
    "count",
    opcode=24,
    layout=("limit", "go_points", Flags("combos")),
    since=2,
    semantics=("engine.counting", "evolve.mutations.counting"),
)
@dataclass(frozen=True)
class CountPhase:
    """Cribbage's play: one card a turn onto a running count that may not pass ``limit``; a player who
    cannot play says go; the last to play when nobody can scores ``go_points`` and the count restarts
    (``engine.counting``). ``combos``: a card making the count 15 or exactly ``limit`` scores 2, a pair
    2 (three of a rank 6, four 12), a run of the last n cards n."""

    limit: int = declared_field(31, low=10, high=0xFF, note=" (one byte; a ten must fit)")
    go_points: int = declared_field(1, low=0, high=0xFF, note=" (one byte)")
    combos: bool = True


class Vulnerability(CodedEnum):
    """Which sides are *vulnerable* in an auction game (a vulnerable side's contracts win and lose more).

    * ``none``: no side, every deal; ``both``: every side, every deal.
    * ``chicago``: Chicago's four-deal cycle: deal 1 nobody, deals 2 and 3 the dealer's side, deal 4
      every side, then again from deal 5.
    """

    NONE = "none"
    BOTH = "both"
    CHICAGO = "chicago"


@phase_kind(
    "auction",
    opcode=25,
    layout=(Flags("doubling", "dummy"), "vulnerability"),
    since=2,
    semantics=("engine.auction", "engine.bridge_score", "evolve.mutations.auction"),
)
@dataclass(frozen=True)
class AuctionPhase:
    """Contract Bridge's auction, once per hand, and the contract it sets (``engine.auction``).

    The dealer calls first, then each player in turn: a bid of a level 1-7 and a strain (♣ < ♦ < ♥ < ♠ <
    no trump), higher than the last bid (a higher level, or the same level and a higher strain), or
    pass; with ``doubling`` also double (the last bid is an opponent's and not yet doubled) or redouble
    (an opponent doubled your side's bid). After a bid, as many passes in a row as there are other
    players end the auction: the last bid is the *contract*, its strain is trump for the hand (no trump:
    none), and the *declarer* is the player of the contracting side who first named that strain. If
    everybody passes at the start the hand is thrown in and the next dealer deals. The player after the
    declarer leads the first trick. A contract of level n promises the *book* plus n tricks, the book
    being the hand's tricks less seven (six tricks of Bridge's thirteen).

    ``dummy``: the declarer's partner (the other member of a two-player team) lays their hand face up
    after the first card is led, and the declarer plays it for them.

    At the hand's end the contract scores as in duplicate Bridge (``vulnerability`` says which sides
    are vulnerable), to the declarer's side when made, else to each other side.
    """

    doubling: bool = True
    dummy: bool = True
    vulnerability: Vulnerability = Vulnerability.NONE


#: The dealer's drawing limits: it stands on a total of at least ``stand_on`` (Blackjack: 17).
MIN_STAND_ON = 12
MAX_STAND_ON = 21


@phase_kind(
    "dealer",
    opcode=26,
    layout=("stand_on", Flags("hits_soft", "naturals", "peek")),
    since=2,
    semantics=("engine.dealer", "evolve.mutations.dealer"),
)
@dataclass(frozen=True)
class DealerPhase:
    """Blackjack's dealer: the house, a hand that plays a fixed policy against every player
    (``engine.dealer``). Needs the game's hand evaluation to be a point total with a bust threshold
    (Blackjack: 21), which values the dealer's cards as it values the players'.

    At each deal the dealer takes two cards after the players: the *up-card* face up and the *hole card*
    face down. With ``peek``, a dealer whose up-card is an ace or worth ten looks at the hole card at
    once, and a *natural* (two cards worth the bust threshold) ends the hand there. The phase acts in
    the turn of the round's last player (the seat before the hand's first player), after every player
    has had their turn: the dealer turns the hole card face up and, unless every player has bust, draws
    from the deck while its total is below ``stand_on``, or equal to it and *soft* (an ace counted high)
    when ``hits_soft``. Then each player is settled, in half-bets added to their score: a bust loses
    (−2) whatever the dealer holds; with ``naturals`` a player's natural against none of the dealer's is
    paid 3 to 2 (+3), a dealer's natural beats every other hand (−2) and two naturals push (0); else the
    dealer's bust pays (+2), a higher total wins (+2), a lower loses (−2), an equal one pushes (0). The
    hand ends.
    """

    stand_on: int = declared_field(
        17, low=MIN_STAND_ON, high=MAX_STAND_ON, note=f" (the dealer draws below it: {MIN_STAND_ON}..21)"
    )
    hits_soft: bool = False
    naturals: bool = True
    peek: bool = True


#: The most community cards a hand may show (Hold'em's five), and the largest blind.
MAX_BOARD = 5
MAX_BLIND = 0xFFFF


@phase_kind(
    "board",
    opcode=28,
    layout=("cards", "small_blind", "big_blind", Flags("pot_sized")),
    since=2,
    semantics=("engine.board", "engine.betting"),
)
@dataclass(frozen=True)
class BoardPhase:
    """Community cards, as Texas Hold'em deals them (``engine.board``): a *street*.

    When the phase is reached it deals ``cards`` cards (0..5) from the deck face up to the *board*, the
    table's shared cards: every seat sees them, and each seat's hand at the showdown is the best five of
    its own cards and the board's (the game's ``poker`` hand evaluation). A game with a board plays each
    hand in one turn: the turn's phases run once, and when they are done the hand ends in a showdown.

    With blinds (``big_blind`` > 0) the phase also posts them as the opening bets of the next betting
    round: the seat after the dealer puts in ``small_blind`` and the next seat ``big_blind`` (heads-up,
    two players: the dealer posts the small blind), each at most the chips they have. That round opens
    with the seat after the big blind, and the big blind may still raise when everyone has only called;
    every later round (after a street without blinds) opens with the first seat after the dealer. A round
    in which at most one player could still bet and nobody owes anything is not played (everyone else
    is all in: the board is dealt out to the showdown).

    ``pot_sized`` (any board phase of the game): the game's betting is no-limit with two sizes, as
    OpenSpiel's ``fcpa`` abstraction of it: a bet or raise puts in the pot after calling (call, then raise
    by the whole pot), allowed when it does not exceed the player's chips; all in whenever raising is
    allowed (the player has chips beyond the call and someone else may still bet) and is not the same
    amount; raising never caps (``max_raises`` still counts raises). At the showdown the pot is shared
    equally among the best hands of those who did not fold; an odd chip goes to the first of them after
    the dealer. There are no side pots: a player all in for less shares the whole pot (a limit stated
    where it matters: two players with equal stacks, as Hold'em heads-up, never need one).
    """

    cards: int = declared_field(3, low=0, high=MAX_BOARD, note=f" (0..{MAX_BOARD} community cards)")
    small_blind: int = declared_field(0, low=0, high=MAX_BLIND, width=2)
    big_blind: int = declared_field(0, low=0, high=MAX_BLIND, width=2)
    pot_sized: bool = False


#: The crib holds four cards: a shortfall after every player has laid away is made up from the deck.
CRIB_SIZE = 4
#: A show counts at most seven cards (a kept hand, or a crib) besides the starter.
MAX_COUNTED = 7


@phase_kind(
    "crib",
    opcode=27,
    layout=("count", "heels"),
    since=2,
    semantics=("engine.crib", "engine.passing"),
)
@dataclass(frozen=True)
class CribPhase:
    """Cribbage's crib and starter, once per hand (``engine.crib``): the first time the phase is reached,
    every player in turn from the turn's player (the hand's first, left of the dealer) lays ``count``
    cards of their hand away face down, one card a decision; the cards laid away form the *crib*, the
    dealer's extra hand, made up to four from the deck when they are fewer (three and four players lay
    away one each). Then the *starter* is cut: the deck's top card turned face up for everyone, and a
    jack turned scores ``heels`` points to the dealer ("his heels"). Needs a show phase, which counts
    the crib."""

    count: int = declared_field(2, low=1, high=0xFF, note=" (one byte; cards each player lays away)")
    heels: int = declared_field(2, low=0, high=0xFF, note=" (one byte)")


@phase_kind(
    "show",
    opcode=29,
    layout=(Flags("nobs", "crib_four_flush"),),
    since=2,
    semantics=("engine.show",),
)
@dataclass(frozen=True)
class ShowPhase:
    """Cribbage's show, when the hand ends (``engine.show``): each hand a player kept from the crib
    phase, with the starter, is counted for its owner, the player left of the dealer first and the
    dealer last, then the crib for the dealer; the game is judged after each count, so the first to
    reach the target wins. A count: 2 for each combination of cards adding up to 15 (ace 1, court
    cards 10), 2 for each pair, for each run of three or more ranks in sequence (ace low) its length
    (counted once for every way of making it: a double run of three scores 6), a flush of the hand's
    cards (four, all of one suit) their number, one more with the starter of that suit; with ``nobs``,
    1 for the jack of the starter's suit. The crib scores a flush only of five, with the starter; with
    ``crib_four_flush`` (OpenSpiel's variant) its four-card flush counts as a hand's does."""

    nobs: bool = True
    crib_four_flush: bool = False


class AllPass(CodedEnum):
    """What a call phase does when every player passes (``CallPhase``)."""

    REDEAL = "redeal"  # the hand is thrown in and dealt again (the rules pages)
    VOID = "void"  # the game ends there, nobody scoring (OpenSpiel's ``dou_dizhu``)


class FirstCaller(CodedEnum):
    """Who calls first in a call phase (``CallPhase``)."""

    RANDOM = "random"  # a seat drawn uniformly at each deal (the seat that draws the turned-up card)
    DEALER_LEFT = "dealer_left"  # the hand's first player, left of the dealer


#: The highest bid a call phase may allow (``CallPhase.max_bid``).
MAX_CALL_BID = 7


@phase_kind(
    "call",
    opcode=30,
    layout=("max_bid", Flags("once_around"), "all_pass", "first"),
    since=2,
    semantics=("engine.climb",),
)
@dataclass(frozen=True)
class CallPhase:
    """Dou Dizhu's call for the landlord, once per hand, before the climb (``engine.climb``).

    From the first caller (``first``), each player in turn passes or bids 1..``max_bid``, higher than
    the highest bid so far; a bid of ``max_bid`` ends the call at once. With ``once_around`` each player
    calls once; otherwise the call goes on until, after a bid, the other players have passed in a row.
    The last bidder is the *declarer* (the landlord), alone against the others for this hand, at a
    *stake* of the highest bid; the kitty (``setup.kitty``) is turned face up for everyone and goes to
    the declarer's hand, and the declarer leads the climb. When every player passes: ``all_pass``. Needs
    a climb phase after it; no teams, at least three players."""

    max_bid: int = declared_field(3, low=1, high=MAX_CALL_BID, note=" (the highest bid)")
    once_around: bool = True
    all_pass: AllPass = AllPass.REDEAL
    first: FirstCaller = FirstCaller.RANDOM


class Combo(CodedEnum):
    """A combination type a climb phase allows, in ``engine.combinations``' ``C_*`` order (its table)."""

    SOLO = "solo"
    PAIR = "pair"
    TRIO = "trio"
    TRIO_SOLO = "trio_solo"
    TRIO_PAIR = "trio_pair"
    SOLO_CHAIN = "solo_chain"
    PAIR_CHAIN = "pair_chain"
    AIRPLANE = "airplane"
    AIRPLANE_SOLOS = "airplane_solos"
    AIRPLANE_PAIRS = "airplane_pairs"
    FOUR_SOLOS = "four_solos"
    FOUR_PAIRS = "four_pairs"
    BOMB = "bomb"
    ROCKET = "rocket"


@phase_kind(
    "climb",
    opcode=31,
    layout=("combos", Flags("bomb_doubles", "spring_doubles")),
    since=2,
    semantics=("engine.combinations", "engine.climb"),
)
@dataclass(frozen=True)
class ClimbPhase:
    """Dou Dizhu's play (``engine.combinations``, ``engine.climb``): the player on turn plays a
    combination of the types in ``combos`` that beats the one on the table (the same type and length
    with a higher primal part; a bomb beats any other type, the rocket beats everything) or passes; the
    leader plays any combination. When all the others have passed in a row the table clears and the last
    player to play leads. The first player to empty their hand ends the hand, winning it for their side
    (the declarer alone, or the others together). Ranks run 3 (low) … K, A, 2, black joker, red joker;
    suits never matter. The hand pays the stake: the bid, doubled for each bomb or rocket played
    (``bomb_doubles``) and once more for a spring (``spring_doubles``: the declarer went out before any
    other player played, or another went out while the declarer had played once); the declarer wins or
    loses (players − 1) × stake, each other player the stake. Needs a call phase before it, and no
    phase but the call beside it."""

    combos: tuple[Combo, ...] = tuple(Combo)
    bomb_doubles: bool = True
    spring_doubles: bool = True


Phase: TypeAlias = (
    DrawPhase
    | PlayPhase
    | DiscardPhase
    | TrickPhase
    | ClaimPhase
    | BettingPhase
    | BiddingPhase
    | KnockPhase
    | PassPhase
    | TrumpPhase
    | AskPhase
    | CountPhase
    | AuctionPhase
    | DealerPhase
    | BoardPhase
    | CribPhase
    | ShowPhase
    | CallPhase
    | ClimbPhase
)

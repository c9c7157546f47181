"""Elegance: what a designer would cut or fix, measured, each flaw a multiplicative charge (``Penalty``).

A published game is lean: every component is used, every parameter can happen, one turn asks few kinds
of decision, no single event decides it, and no player is left alone at the table. Each measure below
has a formula, a calibration on the library (``docs/fitness.md`` §8: no classic is charged unless
named there) and a hand-worked test (``tests/evolve/quality/test_elegance.py``).

**From the genome (the screening, every genome):**

* ``rulebook_words``: the length of the generated rulebook (``rulebook.render_markdown``): its tokens
  (split on white space) that hold a letter or a digit. Charged above ``MAX_RULEBOOK_WORDS`` (the
  longest classic's, rounded up): ``× MAX_RULEBOOK_WORDS / words``.
* ``tricks_beyond_cards``: a trick game whose stated tricks per hand (``turn_structure.tricks_per_hand``)
  exceed the cards dealt to a player, in a game where nobody draws during a hand (no draw phase, no
  refill): the stated number can never be played. ``× TRICKS_BEYOND_FACTOR`` (0.8).
* ``cards_unplayed``: the mirror of the above: a hand of t tricks (``GameGenome.hand_tricks``) with
  d > t cards dealt to a player, where nothing else plays or reads the cards left (no play, discard,
  claim, knock, draw or ask phase, no hand-end card scoring, no hand evaluation): d − t cards a player
  is dealt are never played. ``× TRICKS_BEYOND_FACTOR``. Every classic trick game plays every card dealt.
* ``single_event``: one event worth most of the target. The *target* is the threshold of a
  ``first_to_score``, ``score_threshold``, ``high_score`` or ``low_score`` win (Hearts' 100: the game
  runs until a score reaches it); the events are a made Nil
  (``nil_bonus``, doubled when blind Nil is allowed), the largest contract
  (``points_per_trick_bid × max_bid + made_bonus``), a march (``maker_scoring.march_points``) and the
  biggest single card (a card-scoring rule's points). With r = the largest / the target, charged above
  ``SINGLE_EVENT_SHARE`` (½), most of the target: ``× max(SINGLE_EVENT_FACTOR, 1 − (r − ½))``, so ×0.5
  from the whole target on (one successful Nil in a game to 100 ends it) and ×0.69 for a Q♠ worth 13 in a
  game to 16.
  The classics' largest share is Spades' 0.40 (a blind Nil, 200, in a game to 500).
* ``unread_<part>``: **a part of the game none of whose products any rule reads**: the phase, the trump
  or the score could be taken out and the rules would not notice its absence, only its side effects
  (who leads next, which cards are left). ``× UNREAD_FACTOR`` (0.7), once a word: two unread trick
  phases are one ``unread_tricks``. The parts are each phase of the turn, the setup's trump
  (``trump_suit`` or ``turned_trump``), *the score* (all that scores points: card rules, contract, maker
  and book scoring, the phases that score) and a capturing tableau's captures (war or match-rank, into
  the captured pile). What each phase kind makes (``PHASE_PRODUCTS``; the word of its charge when it
  is not the kind's name):

  ===========  ==========================================================================================
  draw, pass   cards into a hand
  play         cards out of the hand, cards played, and what the target makes: the discard pile, the
               tableau, a captured pile, cards into the next player's hand (target ``opponent_hand``)
  discard      cards out of the hand, and what the target makes (as play)
  trick        (``tricks``) tricks won, a captured pile (the trick's cards), cards played
  claim        cards out of the hand; cards into a hand (the pile a caught liar or a wrong challenger
               takes), or without that penalty the discard pile
  betting      chips; bidding: a contract; trump: a trump suit; dealer: points
  knock        points and the hand's end
  ask          cards into a hand; with books, cards played and the discard pile
  count        cards out of the hand, the discard pile, and points (with go points or combos)
  auction      a trump suit and points
  ===========  ==========================================================================================

  Who reads each product. A phase never reads its own products: a climbing play whose pile only its
  own "beats the top" test reads is unread.

  ====================  ===============================================================================
  points                a win decided by score (``schema.SCORE_WINS``, ``all_hands_empty``), a
                        ``score_compare`` test, blind Nil (it reads the score's gap)
  tricks won            a trick win, trick-win card scoring, a bidding or auction phase, contract, maker
                        or book scoring
  a captured pile       a capture win, capture card scoring, shooting the moon, a test on the captured
                        pile, a draw from it
  cards out of the      the hand as a burden or a measure: an ``empty_hand`` win, a hand evaluation,
  hand                  hand-end card scoring, a card that costs points when played, a ``hand_size`` or
                        ``hand_value`` test of another phase. Not the later phases that would have
                        played those cards: where holding cards is no burden, throwing them away is
                        nothing a rule asks for
  cards into a hand     the same, or another phase that takes cards from the hand
  the discard pile      another phase's draw from it, card test against its top or location test on it;
                        the reshuffle of the discard into the stock (``reshuffle_discard`` with a draw
                        from the deck). Not a count phase, which reads its own cards (the engine's count
                        reads the top cards of the discard pile, so a card played there mid-count falls
                        inside the count: a quirk of the engine, not a rule a player reads)
  the tableau           a tableau mode (war, match-rank and sequence rules act on it), another phase's
                        draw from it or test on it, an ``extends_meld`` test
  cards played          a play-triggered card-scoring rule; a play phase's cards fire the special effects
  a trump suit          a trick phase, a ``has_trump`` test
  a contract            contract scoring
  chips                 always: chips no showdown reads are the coherence's charge
                        (``fitness.BETTING_WITHOUT_SHOWDOWN``, ×0.5)
  the hand's end        always
  ====================  ===============================================================================

  One flaw is not charged twice: the score is not charged when all that scores is phases already
  charged, and a claim charged as ``backwards_claim`` (below) is not charged as unread. The check errs
  toward no charge (a special effect makes a play phase read). It holds what were four special cases,
  with their names and factor: ``unread_tricks`` (tricks nothing counts), ``unread_trump`` (a trump in a
  game without tricks), ``unread_score`` (points no win reads) and ``unread_captures`` (the demo's Gilded
  Harbor of 2026-11-28, a rummy won by emptying the hand whose captures nobody counts); and now a phase
  of any kind, as the climbing play onto a discard pile nobody reads in a game won by counting (the
  same demo's Tangled Tempest) and the compulsory discard after each trick in a trick game won by points
  (Painted Falcon of the 2026-11 gallery).
* ``stock_unread``: the deal leaves s = deck − players × cards dealt ≥ players cards in the stock (fewer
  are the deal's odd cards: Black Maria's and Knaves' one), no rule reads the stock (a draw phase from the
  deck, a refill, a turned trump or trump phase, a card turned up to start the discard, fishing, a draw-cards
  effect), and the stock is small beside what a player cannot see: s < (players − 1) × cards dealt.
  Such a stock is cards a designer would deal out or take away (Keen Meadow's 3 in a game of 3 × 7).
  A stock larger than the other hands together hides most of the cards a player cannot see (the
  library's Cribbage, the play alone: 44 of 48) and is left to the traced ``stock_idle`` below.
  ``× STOCK_UNREAD_FACTOR`` (0.7). A part of the deal, charged by its size: not an ``unread_<part>``.
* ``backwards_claim``: mechanisms that do not feed each other. A claim phase (Cheat's) punishes a caught
  liar, or a wrong challenger, with the pile; that is a punishment only where cards in hand are a
  burden, a game won by emptying the hand (``empty_hand``). In any other game the claim's payoff runs
  backwards or nowhere (in a trick game won by points, the caught liar gains cards to win tricks with)
  ``× BACKWARDS_FACTOR`` (0.5, as the coherence charge for betting without a showdown). Not an
  ``unread_<part>``: the cards the penalty gives are read, by the later phases that play them, but as
  an asset, the wrong way round.
* ``opposite_tricks``: a turn with two trick phases whose winning directions differ: one won by the
  highest card (``TrickPhase.high_card_wins``), the other by the lowest (of the led suit, or of the
  trumps). A card that wins one trick loses the other, so every card a player holds pulls two ways and
  the turn is two games glued together, a hybrid a designer would cut in half (the demo's Hollow
  Cascade of 2026-11-28: two trick phases a turn, the second won by the lowest trump).
  ``× OPPOSITE_TRICKS_FACTOR`` (0.5, as ``backwards_claim``: mechanisms that work against each other).
  Calibration: no classic has two trick phases in a turn; 1 of the 538 reference genomes that import
  (``../shared/reference/darwindeck-genomes``) and none of the 68 games of ``docs/experiments/*/gallery``
  pay it. Two trick phases of one direction are not charged: two tricks a turn is a pace, not a
  contradiction.
* ``opposite_wins``: win conditions that rank the score in opposite directions: one where the lowest
  score wins (``low_score``) beside one where the highest does (``high_score``, ``first_to_score``,
  ``score_threshold``, ``score_floor``, ``hands_played``, or ``all_hands_empty``, whose winner is the
  highest score). A player cannot know whether to take points or avoid them; whichever condition holds
  first decides what the whole game was about (the ``--from hearts`` run of 2026-11-28 found Crimson
  Jester: Hearts to 156, lowest wins, beside "when every hand is empty the highest score wins", which
  ends the game after its first hand with the Q♠'s taker as the winner). ``× OPPOSITE_WINS_FACTOR``
  (0.5, as ``opposite_tricks``). Calibration: no classic mixes the directions (a test over the library).
* ``phase_kinds``: k = the distinct kinds of phase the rules give a turn (``descriptors.phase_kind_count``:
  ask, play, claim, trick, bidding, …), against the allowance A = 2, or the most a classic of the
  game's family has (``FAMILY_PHASE_KINDS``: Draw Poker's betting, discard and draw; Gin Rummy's draw,
  discard and knock; Rummy's draw, play and discard; Cribbage's crib, count and show: 3).
  ``× DECISION_KINDS_FACTOR^(k − A)`` (0.8 a kind) above it. The traced ``decision_kinds`` below counts
  only the choices a game happens to ask and averages over turns where most phases are forced, so the
  fifty-generation run of 2026-11-28 (``docs/experiments/2026-11-28-steered-runs.md``) kept five games
  of one stapled turn, Go Fish's ask, a pair played and a Cheat claim, at 1.4–1.6 traced kinds; both
  blind raters would cut two of the three phases. Calibration: no classic pays it (a test over the
  library).

**From greedy self-play (the screening):**

* ``one_hand_target``: a game to a score target (as above, or a ``score_floor``) meant to run over
  several hands, whose greedy self-play ends in its first hand in more than ``ONE_HAND_SHARE`` (½) of
  the games (``agents.batch.STAT_HANDS_DEALT`` = 1). ``× ONE_HAND_FACTOR`` (0.7).

**From the judging (the traced games of ``quality.trace`` and the arc of ``quality.arc``):**

* ``decision_kinds``: k = the mean distinct decision kinds per seat-turn with a real choice
  (``quality.trace``). The allowance A is 2, or the most a classic of the game's family asks
  (``FAMILY_DECISION_KINDS``, measured on the library: Gin Rummy asks 2.08 a turn, draw, discard and
  knock, so a collecting game may ask 2.2): ``× DECISION_KINDS_FACTOR^(k − A)`` (0.8 per kind) above it.
* ``tricks_alone``: a trick contested by one player (everyone else is out of cards): with a the share of
  such tricks among the tricks led, ``× (1 − min(½, 5a))``: one trick in ten alone halves the score.
* ``stock_idle``: at least as many cards as players are left in the stock after the deal (fewer are the
  deal's odd cards: Black Maria's one) and no traced hand ever draws from it, in a
  game without a turned trump or a trump phase (which turns the stock's top card up: the rules that read
  a stock without drawing it): ``× STOCK_FACTOR`` (0.95): an 18-card stock that is never used. The
  charge is small because of the calibration: at ×0.9 the library's Spearman against the public tiers
  (``docs/fitness.md`` §8) falls from 0.827 to 0.815, at ×0.8 to 0.804. *Calibration exception*: the
  library's Cribbage is the play of the cards alone (``cribbage-play``), whose 44-card stock is idle in
  our version (×0.95); the real game cuts the starter from it, for the show our version leaves out.
  A stock the genome already charges as ``stock_unread`` is not charged again here.
*Measured, not charged*: a winner known long before the end. The arc's decisiveness (``quality.arc``: 0
when the eventual winner led clearly from the first checkpoint) is already a third of the tension
metric; charging a mean decisiveness below 0.1 on the judging's 4 traced games would halve the
library's President and Scopone (0.00 each: one-hand versions with a fixed first player) and drop the
library's Spearman from 0.827 to 0.792, so it stays in the breakdown (``decisiveness``) and in
``darwindeck explain``. Nor is one swing deciding the game (the arc's ``one_swing``): the library's
Bridge and Partnership Spades read 1.00 (a late swing from behind ends them), so it is recorded only,
and the single event is charged from the genome (``single_event``). Nor is a discard phase that
changes no winner (``docs/fitness.md`` §6): removing a discard changes the winner of a median 48 % of
the same deals across the 67 discard phases measured, against 59 % for unrelated deals, stapled or not;
the one phase below 10 % is already charged as ``unread_discard``, and on the judging's 4 traced games
a live discard shows no change 13 % of the time.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from enum import Enum
from typing import Any

import numpy as np
import numpy.typing as npt

from darwindeck.evolve.quality.descriptors import family, phase_kind_count
from darwindeck.evolve.quality.penalty import Penalty
from darwindeck.evolve.quality.trace import Trace
from darwindeck.genome.cards import Location
from darwindeck.genome.conditions import (
    CARD_REFERENCE_TYPES,
    CompoundCondition,
    Condition,
    ConditionType,
    Reference,
    iter_conditions,
)
from darwindeck.genome.declare import phase_kinds
from darwindeck.genome.phases import (
    AskPhase,
    AuctionPhase,
    BettingPhase,
    BiddingPhase,
    BoardPhase,
    CallPhase,
    ClaimPhase,
    ClimbPhase,
    CountPhase,
    CribPhase,
    DealerPhase,
    DiscardPhase,
    DrawPhase,
    KnockPhase,
    PassPhase,
    Phase,
    PlayPhase,
    ShowPhase,
    TrickPhase,
    TrumpPhase,
)
from darwindeck.genome.schema import (
    CAPTURE_WINS,
    SCORE_WINS,
    DeckEmptyAction,
    EffectType,
    GameGenome,
    ScoringTrigger,
    TableauMode,
    WinType,
)
from darwindeck.rulebook import render_markdown

MAX_RULEBOOK_WORDS = 900
TRICKS_BEYOND_FACTOR = 0.8
SINGLE_EVENT_FACTOR = 0.5
SINGLE_EVENT_SHARE = 0.5
UNREAD_FACTOR = 0.7
STOCK_UNREAD_FACTOR = 0.7
BACKWARDS_FACTOR = 0.5
OPPOSITE_TRICKS_FACTOR = 0.5
OPPOSITE_WINS_FACTOR = 0.5
ONE_HAND_SHARE = 0.5
ONE_HAND_FACTOR = 0.7
DECISION_KINDS_ALLOWED = 2.0
DECISION_KINDS_FACTOR = 0.8
#: The most kinds of phase a classic of the family has, where above ``DECISION_KINDS_ALLOWED``.
FAMILY_PHASE_KINDS: dict[str, int] = {"betting": 3, "collecting": 3, "shedding": 3, "other": 3}
ALONE_SLOPE = 5.0
ALONE_FLOOR = 0.5
STOCK_FACTOR = 0.95
#: The most decision kinds per seat-turn a classic of the family asks (``docs/fitness.md`` §8), where it
#: is above ``DECISION_KINDS_ALLOWED``.
FAMILY_DECISION_KINDS: dict[str, float] = {"collecting": 2.2}

_WORD = re.compile(r"[A-Za-z0-9]")
_TARGET_WINS = (WinType.FIRST_TO_SCORE, WinType.SCORE_THRESHOLD, WinType.HIGH_SCORE, WinType.LOW_SCORE)
#: Win conditions whose winner is the highest score, and the one whose winner is the lowest.
_HIGH_WINS = SCORE_WINS - {WinType.LOW_SCORE} | {WinType.ALL_HANDS_EMPTY}
_TRICK_WINS = {WinType.MOST_TRICKS, WinType.FEWEST_TRICKS}
#: Win conditions that read a score: the score wins, and ``all_hands_empty`` (the highest score wins).
_SCORE_READERS = SCORE_WINS | {WinType.ALL_HANDS_EMPTY}


def count_words(text: str) -> int:
    """Tokens of ``text`` (split on white space) holding a letter or a digit.

    >>> count_words("# Tiny\\n\\n* Deal 5 cards — each | and |")
    6
    """
    return sum(1 for token in text.split() if _WORD.search(token))


def rulebook_words(genome: GameGenome) -> int:
    """The words of ``genome``'s generated rulebook (module docstring)."""
    return count_words(render_markdown(genome))


def score_target(genome: GameGenome) -> int | None:
    """The score a side plays to: the threshold of the first ``first_to_score``, ``score_threshold``,
    ``high_score`` or ``low_score`` win that has one, or None."""
    for win in genome.win_conditions:
        if win.type in _TARGET_WINS and win.threshold is not None and win.threshold > 0:
            return win.threshold
    return None


def biggest_event(genome: GameGenome) -> tuple[int, str]:
    """The largest number of points one event scores, and what it is (module docstring)."""
    events: list[tuple[int, str]] = [(0, "nothing")]
    bidding = [phase for phase in genome.phases if isinstance(phase, BiddingPhase)]
    contract = genome.contract_scoring
    if contract is not None and bidding:
        top = max(phase.max_bid for phase in bidding)
        events.append((contract.points_per_trick_bid * top + contract.made_bonus, f"a contract of {top}"))
        if any(phase.allow_nil for phase in bidding):
            blind = any(phase.blind_nil for phase in bidding)
            events.append((contract.nil_bonus * (2 if blind else 1), "a blind Nil" if blind else "a Nil"))
    if genome.maker_scoring is not None:
        events.append((genome.maker_scoring.march_points, "a march"))
    for rule in genome.scoring.card_rules:
        events.append((rule.points, f"one card ({rule.points:+d} on {rule.trigger.value})"))
    return max(events)


def _turns_a_card(genome: GameGenome) -> bool:
    """A turned trump or a trump phase's turned card: rules that read the stock without drawing it."""
    return genome.setup.turned_trump is not None or any(isinstance(p, TrumpPhase) for p in genome.phases)


def _draws_in_hand(genome: GameGenome) -> bool:
    return genome.setup.refill_hands or any(isinstance(phase, DrawPhase) for phase in genome.phases)


def _reads_stock(genome: GameGenome) -> bool:
    """A rule that takes cards from the stock or turns one up (module docstring, ``stock_unread``)."""
    setup = genome.setup
    from_deck = any(isinstance(p, DrawPhase) and p.source is Location.DECK for p in genome.phases)
    return (
        from_deck
        or setup.refill_hands
        or _turns_a_card(genome)
        or setup.initial_discard_count > 0
        or any(isinstance(phase, AskPhase) and phase.fish for phase in genome.phases)
        or any(effect.effect_type is EffectType.DRAW_CARDS for effect in genome.special_effects)
    )


def unread_stock(genome: GameGenome) -> int:
    """The cards of a stock no rule reads and that is small beside what a player cannot see (module
    docstring, ``stock_unread``), or 0.

    >>> from darwindeck.genome.library import get_game
    >>> unread_stock(get_game("cribbage-play")), unread_stock(get_game("hearts"))
    (0, 0)
    """
    players, dealt = genome.player_count, genome.setup.cards_per_player
    stock = genome.setup.initial_deck.size - players * dealt
    small = players <= stock < (players - 1) * dealt
    return stock if small and not _reads_stock(genome) else 0


def _backwards_claim(genome: GameGenome) -> bool:
    claims = any(isinstance(phase, ClaimPhase) for phase in genome.phases)
    return claims and not any(win.type is WinType.EMPTY_HAND for win in genome.win_conditions)


_HAND_USERS = (PlayPhase, DiscardPhase, ClaimPhase, KnockPhase, DrawPhase, AskPhase)


def cards_unplayed(genome: GameGenome) -> int:
    """The cards dealt to a player that no trick plays and no other rule reads (module docstring)."""
    if not genome.turn_structure.has_tricks:
        return 0
    if any(isinstance(phase, _HAND_USERS) for phase in genome.phases) or genome.setup.refill_hands:
        return 0
    scoring = genome.scoring
    if scoring.hand_evaluation is not None or any(
        rule.trigger is ScoringTrigger.HAND_END for rule in scoring.card_rules
    ):
        return 0
    return max(0, genome.setup.cards_per_player - genome.hand_tricks)


def single_event_factor(points: int, target: int) -> float:
    """``max(0.5, 1 − (r − ½))`` with r = ``points / target`` above ½, else 1 (module docstring).

    >>> single_event_factor(13, 16), single_event_factor(100, 100), single_event_factor(200, 500)
    (0.6875, 0.5, 1.0)
    """
    share = points / target
    if share <= SINGLE_EVENT_SHARE:
        return 1.0
    return max(SINGLE_EVENT_FACTOR, 1.0 - (share - SINGLE_EVENT_SHARE))


def _single_event(genome: GameGenome) -> tuple[Penalty, ...]:
    target = score_target(genome)
    points, event = biggest_event(genome)
    if target is None or points <= SINGLE_EVENT_SHARE * target:
        return ()
    factor = single_event_factor(points, target)
    reason = f"{event} scores {points}, {points / target:.0%} of the target of {target}: ×{factor:.3g}"
    return (Penalty("single_event", factor, reason),)


# ------------------------------------------------------------------------------------- unread parts


class Product(Enum):
    """What a part of a game makes, which some rule must read (module docstring, ``unread_*``)."""

    POINTS = "points"
    TRICKS = "tricks won"
    CAPTURES = "a captured pile"
    SHED = "cards out of the player's hand"
    GAIN = "cards into a hand"
    DISCARD_PILE = "cards on the discard pile"
    TABLEAU = "cards on the tableau"
    PLAYED = "cards played"
    TRUMP = "a trump suit"
    CONTRACT = "a contract"
    CHIPS = "chips bet"
    HAND_END = "the hand's end"


#: Where a play or a discard puts its cards, and what that makes.
_PLACED = {
    Location.DISCARD: (Product.DISCARD_PILE,),
    Location.TABLEAU: (Product.TABLEAU,),
    Location.CAPTURED: (Product.CAPTURES,),
    Location.OPPONENT_HAND: (Product.GAIN,),
}


def _claim_products(phase: ClaimPhase) -> tuple[Product, ...]:
    penalty = phase.pile_penalty and phase.allow_challenge
    return (Product.SHED, Product.GAIN) if penalty else (Product.SHED, Product.DISCARD_PILE)


def _count_products(phase: CountPhase) -> tuple[Product, ...]:
    scores = phase.go_points > 0 or phase.combos
    return (Product.SHED, Product.DISCARD_PILE, *((Product.POINTS,) if scores else ()))


def _ask_products(phase: AskPhase) -> tuple[Product, ...]:
    books = (Product.PLAYED, Product.DISCARD_PILE) if phase.book else ()
    return (Product.GAIN, *books)


#: Each phase kind: the word of its charge (``unread_<word>``) and what a phase of the kind makes (the
#: module docstring's table). Every kind declared in ``genome.phases`` has a row (a test checks it).
PHASE_PRODUCTS: dict[type, tuple[str, Callable[[Any], tuple[Product, ...]]]] = {
    DrawPhase: ("draw", lambda phase: (Product.GAIN,)),
    PlayPhase: ("play", lambda phase: (Product.SHED, Product.PLAYED, *_PLACED.get(phase.target, ()))),
    DiscardPhase: ("discard", lambda phase: (Product.SHED, *_PLACED.get(phase.target, ()))),
    TrickPhase: ("tricks", lambda phase: (Product.TRICKS, Product.CAPTURES, Product.PLAYED)),
    ClaimPhase: ("claim", _claim_products),
    BettingPhase: ("betting", lambda phase: (Product.CHIPS,)),
    BiddingPhase: ("bidding", lambda phase: (Product.CONTRACT,)),
    KnockPhase: ("knock", lambda phase: (Product.POINTS, Product.HAND_END)),
    PassPhase: ("pass", lambda phase: (Product.GAIN,)),
    TrumpPhase: ("trump", lambda phase: (Product.TRUMP,)),
    AskPhase: ("ask", _ask_products),
    CountPhase: ("count", _count_products),
    AuctionPhase: ("auction", lambda phase: (Product.TRUMP, Product.POINTS)),
    DealerPhase: ("dealer", lambda phase: (Product.POINTS,)),
    BoardPhase: ("board", lambda phase: (Product.GAIN, Product.CHIPS)),
    CribPhase: ("crib", lambda phase: (Product.POINTS,)),
    ShowPhase: ("show", lambda phase: (Product.POINTS,)),
    CallPhase: ("call", lambda phase: (Product.POINTS,)),  # the stake the climb pays
    ClimbPhase: ("climb", lambda phase: (Product.SHED, Product.POINTS, Product.HAND_END)),
}

#: Phases that take cards out of the player's hand: what makes cards received worth having.
_TAKERS = (
    PlayPhase,
    DiscardPhase,
    TrickPhase,
    ClaimPhase,
    CountPhase,
    KnockPhase,
    PassPhase,
    AskPhase,
    CribPhase,
)
_HAND_TESTS = {ConditionType.HAND_SIZE, ConditionType.HAND_VALUE}
_LOCATION_TESTS = {ConditionType.LOCATION_EMPTY, ConditionType.LOCATION_SIZE}


def phase_products(phase: Phase) -> tuple[Product, ...]:
    """What ``phase`` makes (``PHASE_PRODUCTS``).

    >>> [product.name for product in phase_products(PlayPhase(target=Location.TABLEAU))]
    ['SHED', 'PLAYED', 'TABLEAU']
    """
    return PHASE_PRODUCTS[type(phase)][1](phase)


def _others(genome: GameGenome, source: int | None) -> list[Phase]:
    return [phase for index, phase in enumerate(genome.phases) if index != source]


def _tests(phases: list[Phase]) -> list[Condition]:
    found: list[Condition] = []
    for phase in phases:
        for value in vars(phase).values():
            if isinstance(value, Condition | CompoundCondition):
                found.extend(iter_conditions(value))
    return found


def _draws_from(phases: list[Phase], source: Location) -> bool:
    return any(isinstance(phase, DrawPhase) and phase.source is source for phase in phases)


def _reads_points(genome: GameGenome) -> bool:
    return (
        any(win.type in _SCORE_READERS for win in genome.win_conditions)
        or any(test.type is ConditionType.SCORE_COMPARE for test in genome.all_conditions())
        or any(isinstance(phase, BiddingPhase) and phase.blind_nil for phase in genome.phases)
    )


def _reads_tricks(genome: GameGenome) -> bool:
    wins = {win.type for win in genome.win_conditions}
    return (
        bool(wins & _TRICK_WINS)
        or any(rule.trigger is ScoringTrigger.TRICK_WIN for rule in genome.scoring.card_rules)
        or any(isinstance(phase, BiddingPhase | AuctionPhase) for phase in genome.phases)
        or genome.contract_scoring is not None
        or genome.maker_scoring is not None
        or genome.book_scoring is not None
    )


def _reads_captures(genome: GameGenome) -> bool:
    scoring = genome.scoring
    return (
        any(win.type in CAPTURE_WINS for win in genome.win_conditions)
        or any(rule.trigger is ScoringTrigger.CAPTURE for rule in scoring.card_rules)
        or scoring.shoot_the_moon
        or any(test.reference is Reference.CAPTURED for test in genome.all_conditions())
        or _draws_from(list(genome.phases), Location.CAPTURED)
    )


def _reads_hand(genome: GameGenome, others: list[Phase]) -> bool:
    """The hand as a burden or a measure: a rule that reads what a player holds, not only what they
    play."""
    scoring = genome.scoring
    return (
        any(win.type is WinType.EMPTY_HAND for win in genome.win_conditions)
        or scoring.hand_evaluation is not None
        or any(rule.trigger is ScoringTrigger.HAND_END for rule in scoring.card_rules)
        or any(rule.trigger is ScoringTrigger.PLAY and rule.points < 0 for rule in scoring.card_rules)
        or any(test.type in _HAND_TESTS for test in _tests(others))
    )


def _reads_discard_pile(genome: GameGenome, others: list[Phase]) -> bool:
    pile = (None, Reference.TOP_DISCARD)
    tested = any(
        (test.type in CARD_REFERENCE_TYPES and test.reference in pile)
        or (test.type in _LOCATION_TESTS and test.reference is Reference.DISCARD)
        for test in _tests(others)
    )
    reshuffled = genome.turn_structure.deck_empty is DeckEmptyAction.RESHUFFLE_DISCARD and _draws_from(
        list(genome.phases), Location.DECK
    )
    return tested or reshuffled or _draws_from(others, Location.DISCARD)


def _reads_tableau(genome: GameGenome, others: list[Phase]) -> bool:
    places = (Reference.TABLEAU, Reference.TABLEAU_TOP)
    tested = any(
        test.reference in places or test.type is ConditionType.EXTENDS_MELD for test in _tests(others)
    )
    moded = genome.setup.tableau_mode is not TableauMode.NONE
    return moded or tested or _draws_from(others, Location.TABLEAU)


def _reads(genome: GameGenome, product: Product, source: int | None) -> bool:
    """Whether a rule of ``genome`` other than phase ``source`` reads ``product`` (module docstring)."""
    others = _others(genome, source)
    if product is Product.SHED:
        return _reads_hand(genome, others)
    if product is Product.GAIN:
        return _reads_hand(genome, others) or any(isinstance(phase, _TAKERS) for phase in others)
    if product is Product.DISCARD_PILE:
        return _reads_discard_pile(genome, others)
    if product is Product.TABLEAU:
        return _reads_tableau(genome, others)
    if product is Product.PLAYED:  # a play phase's cards fire the special effects
        played = source is not None and isinstance(genome.phases[source], PlayPhase)
        scored = any(rule.trigger is ScoringTrigger.PLAY for rule in genome.scoring.card_rules)
        return (played and bool(genome.special_effects)) or scored
    return _PRODUCT_READERS[product](genome)


_PRODUCT_READERS: dict[Product, Callable[[GameGenome], bool]] = {
    Product.POINTS: _reads_points,
    Product.TRICKS: _reads_tricks,
    Product.CAPTURES: _reads_captures,
    Product.TRUMP: lambda genome: (
        genome.turn_structure.has_tricks
        or any(test.type is ConditionType.HAS_TRUMP for test in genome.all_conditions())
    ),
    Product.CONTRACT: lambda genome: genome.contract_scoring is not None,
    Product.CHIPS: lambda genome: True,  # coherence's charge (module docstring)
    Product.HAND_END: lambda genome: True,  # ending the hand changes everything after it
}


@dataclass(frozen=True)
class UnreadPart:
    """A part of a game none of whose products a rule reads: the word of its charge and what it is."""

    word: str
    text: str


def _listed(words: list[str]) -> str:
    """``a``, ``a and b``, ``a, b and c``."""
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


def _unread_phases(genome: GameGenome) -> dict[int, UnreadPart]:
    """The phases none of whose products a rule reads, by index; a claim charged as backwards is left
    to ``backwards_claim``."""
    found: dict[int, UnreadPart] = {}
    backwards = _backwards_claim(genome)
    for index, phase in enumerate(genome.phases):
        word, makes = PHASE_PRODUCTS[type(phase)]
        products = makes(phase)
        if (backwards and isinstance(phase, ClaimPhase)) or any(_reads(genome, p, index) for p in products):
            continue
        kind = phase_kinds()[type(phase)].kind
        made = _listed([product.value for product in products])
        found[index] = UnreadPart(word, f"phase {index + 1} ({kind}) makes {made}")
    return found


def _scorers(genome: GameGenome, unread: dict[int, UnreadPart]) -> list[str]:
    """What scores points, but the phases already found unread."""
    blocks = (
        (bool(genome.scoring.card_rules), "card-scoring rules"),
        (genome.contract_scoring is not None, "contract scoring"),
        (genome.maker_scoring is not None, "maker scoring"),
        (genome.book_scoring is not None, "book scoring"),
    )
    found = [name for present, name in blocks if present]
    for index, phase in enumerate(genome.phases):
        if Product.POINTS in phase_products(phase) and index not in unread:
            found.append(f"phase {index + 1} ({phase_kinds()[type(phase)].kind})")
    return found


def unread_parts(genome: GameGenome) -> tuple[UnreadPart, ...]:
    """The parts of ``genome`` none of whose products a rule reads, in the module docstring's order: the
    phases in turn order, the setup's trump, the score, the tableau's captures."""
    unread = _unread_phases(genome)
    parts = list(unread.values())
    setup = genome.setup
    if (setup.trump_suit is not None or setup.turned_trump is not None) and not _reads(
        genome, Product.TRUMP, None
    ):
        parts.append(UnreadPart("trump", "the setup's trump (fixed or turned up) makes a trump suit"))
    scorers = _scorers(genome, unread)
    if scorers and not _reads(genome, Product.POINTS, None):
        parts.append(UnreadPart("score", f"{_listed(scorers)} score points"))
    capturing = setup.tableau_mode in (TableauMode.WAR, TableauMode.MATCH_RANK)
    if capturing and setup.captures_to is Location.CAPTURED and not _reads(genome, Product.CAPTURES, None):
        parts.append(UnreadPart("captures", "the tableau's captures make a captured pile"))
    return tuple(parts)


def _unread(genome: GameGenome) -> tuple[Penalty, ...]:
    """The parts no rule reads (one charge a word, ``unread_parts``), then the stock and the backwards
    claim, in the module docstring's order."""
    grouped: dict[str, list[str]] = {}
    for part in unread_parts(genome):
        grouped.setdefault(part.word, []).append(part.text)
    charge = f"which no rule reads: ×{UNREAD_FACTOR:g}"
    found = [
        Penalty(f"unread_{word}", UNREAD_FACTOR, f"{'; '.join(texts)}, {charge}")
        for word, texts in grouped.items()
    ]
    stock = unread_stock(genome)
    if stock:
        reason = (
            f"{stock} cards stay in a stock no rule reads, fewer than the other hands hold: "
            f"×{STOCK_UNREAD_FACTOR:g}"
        )
        found.append(Penalty("stock_unread", STOCK_UNREAD_FACTOR, reason))
    if _backwards_claim(genome):
        reason = (
            "a claim whose penalty is the pile, in a game not won by emptying the hand: being caught "
            f"gives cards that are no burden: ×{BACKWARDS_FACTOR:g}"
        )
        found.append(Penalty("backwards_claim", BACKWARDS_FACTOR, reason))
    return tuple(found)


def trick_directions(genome: GameGenome) -> tuple[bool, ...]:
    """The winning direction of each trick phase of the turn, in turn order (True: the highest card
    wins).

    >>> from darwindeck.genome.library import get_game
    >>> trick_directions(get_game("whist")), trick_directions(get_game("war"))
    ((True,), ())
    """
    return tuple(phase.high_card_wins for phase in genome.phases if isinstance(phase, TrickPhase))


def _opposite_tricks(genome: GameGenome) -> tuple[Penalty, ...]:
    directions = trick_directions(genome)
    if len(set(directions)) < 2:
        return ()
    order = ", ".join("highest" if high else "lowest" for high in directions)
    reason = (
        f"{len(directions)} trick phases a turn won in opposite directions ({order} card wins): "
        f"×{OPPOSITE_TRICKS_FACTOR:g}"
    )
    return (Penalty("opposite_tricks", OPPOSITE_TRICKS_FACTOR, reason),)


def _opposite_wins(genome: GameGenome) -> tuple[Penalty, ...]:
    kinds = {win.type for win in genome.win_conditions}
    if WinType.LOW_SCORE not in kinds or not kinds & _HIGH_WINS:
        return ()
    highs = ", ".join(sorted(kind.value for kind in kinds & _HIGH_WINS))
    reason = (
        f"the lowest score wins (low_score) beside a win for the highest ({highs}): ×{OPPOSITE_WINS_FACTOR:g}"
    )
    return (Penalty("opposite_wins", OPPOSITE_WINS_FACTOR, reason),)


def phase_kinds_allowed(family_name: str) -> float:
    """The allowance of phase kinds a turn for a game of ``family_name`` (module docstring)."""
    return max(DECISION_KINDS_ALLOWED, FAMILY_PHASE_KINDS.get(family_name, 0))


def _phase_kinds(genome: GameGenome) -> tuple[Penalty, ...]:
    kinds, allowed = phase_kind_count(genome), phase_kinds_allowed(family(genome))
    if kinds <= allowed:
        return ()
    factor = DECISION_KINDS_FACTOR ** (kinds - allowed)
    reason = f"{kinds} kinds of phase a turn, above the {allowed:g} its family's classics have: ×{factor:.3g}"
    return (Penalty("phase_kinds", factor, reason),)


def static_flaws(genome: GameGenome) -> tuple[Penalty, ...]:
    """The flaws read from the genome alone, in the module docstring's order."""
    found: list[Penalty] = []
    words = rulebook_words(genome)
    if words > MAX_RULEBOOK_WORDS:
        factor = MAX_RULEBOOK_WORDS / words
        reason = (
            f"a rulebook of {words} words, above the longest classic's {MAX_RULEBOOK_WORDS}: ×{factor:.3g}"
        )
        found.append(Penalty("rulebook_length", factor, reason))
    tricks = genome.turn_structure.tricks_per_hand
    dealt = genome.setup.cards_per_player
    if genome.turn_structure.has_tricks and tricks and tricks > dealt and not _draws_in_hand(genome):
        reason = f"{tricks} tricks a hand with {dealt} cards dealt and no draw: ×{TRICKS_BEYOND_FACTOR:g}"
        found.append(Penalty("tricks_beyond_cards", TRICKS_BEYOND_FACTOR, reason))
    unplayed = cards_unplayed(genome)
    if unplayed:
        reason = (
            f"{genome.hand_tricks} tricks a hand with {dealt} cards dealt: {unplayed} cards a player is "
            f"dealt are never played: ×{TRICKS_BEYOND_FACTOR:g}"
        )
        found.append(Penalty("cards_unplayed", TRICKS_BEYOND_FACTOR, reason))
    return (
        *found,
        *_single_event(genome),
        *_unread(genome),
        *_opposite_tricks(genome),
        *_opposite_wins(genome),
        *_phase_kinds(genome),
    )


def one_hand_share(genome: GameGenome, hands: npt.NDArray[np.int64]) -> float | None:
    """The share of games (``hands``: hands dealt per game) that ended in their first hand, for a game to
    a score target meant to run over several hands; None for any other game."""
    floors = any(win.type is WinType.SCORE_FLOOR for win in genome.win_conditions)
    if (score_target(genome) is None and not floors) or hands.shape[0] == 0:
        return None
    return float((hands <= 1).sum()) / float(hands.shape[0])


def one_hand_flaw(genome: GameGenome, hands: npt.NDArray[np.int64]) -> tuple[Penalty, ...]:
    share = one_hand_share(genome, hands)
    if share is None or share <= ONE_HAND_SHARE:
        return ()
    reason = f"the target is reached in the first hand in {share:.0%} of the games: ×{ONE_HAND_FACTOR:g}"
    return (Penalty("one_hand_target", ONE_HAND_FACTOR, reason),)


def decision_allowance(family: str) -> float:
    """Decision kinds per seat-turn a game of ``family`` may ask before it is charged."""
    return max(DECISION_KINDS_ALLOWED, FAMILY_DECISION_KINDS.get(family, 0.0))


def played_flaws(genome: GameGenome, trace: Trace, family: str) -> tuple[Penalty, ...]:
    """The flaws read from the judging's traced games of ``genome`` (of ``family``), in the module
    docstring's order."""
    found: list[Penalty] = []
    allowed = decision_allowance(family)
    if trace.decision_kinds > allowed:
        factor = DECISION_KINDS_FACTOR ** (trace.decision_kinds - allowed)
        reason = (
            f"{trace.decision_kinds:.2f} decision kinds per turn ({', '.join(trace.kinds_seen)}), above "
            f"{allowed:g} for a {family} game: ×{factor:.3g}"
        )
        found.append(Penalty("decision_kinds", factor, reason))
    if trace.tricks_alone:
        factor = 1.0 - min(ALONE_FLOOR, ALONE_SLOPE * trace.alone_share)
        reason = f"{trace.tricks_alone} of {trace.tricks_led} tricks contested by one player: ×{factor:.3g}"
        found.append(Penalty("tricks_alone", factor, reason))
    idle_stock = trace.stock_idle and trace.stock_after_deal >= genome.player_count
    if idle_stock and not _turns_a_card(genome) and not unread_stock(genome):
        reason = f"{trace.stock_after_deal} cards left in a stock that is never drawn: ×{STOCK_FACTOR:g}"
        found.append(Penalty("stock_idle", STOCK_FACTOR, reason))
    return tuple(found)

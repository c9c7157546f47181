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
  ``first_to_score``, ``score_threshold`` or ``high_score`` win; the events are a made Nil
  (``nil_bonus``, doubled when blind Nil is allowed), the largest contract
  (``points_per_trick_bid × max_bid + made_bonus``), a march (``maker_scoring.march_points``) and the
  biggest single card (a card-scoring rule's points). With r = the largest / the target, charged above
  ``SINGLE_EVENT_SHARE`` (½), most of the target: ``× max(SINGLE_EVENT_FACTOR, 1 − (r − ½))``, so ×0.5
  from the whole target on (one successful Nil in a game to 100 ends it) and ×0.69 for a Q♠ worth 13 in a
  game to 16.
  The classics' largest share is Spades' 0.40 (a blind Nil, 200, in a game to 500).
* ``unread_tricks``: a component no rule reads: tricks are played but nothing counts them (no
  ``most_tricks`` or ``fewest_tricks`` win, no trick-win card scoring, no bidding or auction, no
  contract, maker or book scoring): the trick's only effect is who leads next. ``× UNREAD_FACTOR`` (0.7).
* ``unread_trump``: a trump is chosen (a trump phase), turned (``setup.turned_trump``) or fixed
  (``setup.trump_suit``) in a game without tricks, where no rule reads a trump. ``× UNREAD_FACTOR``.
* ``unread_score``: something scores (a card-scoring rule, contract, maker or book scoring, a count
  phase) but no win condition reads a score (``schema.SCORE_WINS``). ``× UNREAD_FACTOR``.
* ``unread_captures``: cards are captured from the table (a war or match-rank tableau, spec 001) but no
  rule reads the captured pile: no ``capture_all`` or ``most_captured`` win, no card-scoring rule on
  captures, no shooting the moon, and no condition that looks at the captured pile (read as any
  ``captured`` in the genome's JSON but ``setup.captures_to``, so a discard onto the captured pile also
  counts as a reader: the check errs toward no charge; captures that go to a hand are read by play).
  The capture then only removes cards, as the demo's Gilded Harbor of 2026-11-28 showed (a rummy won
  by emptying the hand, whose captured cards nobody counts).
  ``× UNREAD_FACTOR``.
* ``stock_unread``: the deal leaves s = deck − players × cards dealt ≥ players cards in the stock (fewer
  are the deal's odd cards: Black Maria's and Knaves' one), no rule reads the stock (a draw phase from the
  deck, a refill, a turned trump or trump phase, a card turned up to start the discard, fishing, a draw-cards
  effect), and the stock is small beside what a player cannot see: s < (players − 1) × cards dealt.
  Such a stock is cards a designer would deal out or take away (Keen Meadow's 3 in a game of 3 × 7).
  A stock larger than the other hands together hides most of the cards a player cannot see (the
  library's Cribbage, the play alone: 44 of 48) and is left to the traced ``stock_idle`` below.
  ``× STOCK_UNREAD_FACTOR`` (0.7).
* ``backwards_claim``: mechanisms that do not feed each other. A claim phase (Cheat's) punishes a caught
  liar, or a wrong challenger, with the pile; that is a punishment only where cards in hand are a
  burden, a game won by emptying the hand (``empty_hand``). In any other game the claim's payoff runs
  backwards or nowhere (in a trick game won by points, the caught liar gains cards to win tricks with)
  ``× BACKWARDS_FACTOR`` (0.5, as the coherence charge for betting without a showdown).

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
and the single event is charged from the genome (``single_event``).
"""

from __future__ import annotations

import json
import re

import numpy as np
import numpy.typing as npt

from darwindeck.evolve.quality.penalty import Penalty
from darwindeck.evolve.quality.trace import Trace
from darwindeck.genome.cards import Location
from darwindeck.genome.phases import (
    AskPhase,
    AuctionPhase,
    BiddingPhase,
    ClaimPhase,
    CountPhase,
    DiscardPhase,
    DrawPhase,
    KnockPhase,
    PlayPhase,
    TrumpPhase,
)
from darwindeck.genome.schema import (
    CAPTURE_WINS,
    SCORE_WINS,
    EffectType,
    GameGenome,
    ScoringTrigger,
    TableauMode,
    WinType,
)
from darwindeck.genome.serialization import to_json
from darwindeck.rulebook import render_markdown

MAX_RULEBOOK_WORDS = 900
TRICKS_BEYOND_FACTOR = 0.8
SINGLE_EVENT_FACTOR = 0.5
SINGLE_EVENT_SHARE = 0.5
UNREAD_FACTOR = 0.7
STOCK_UNREAD_FACTOR = 0.7
BACKWARDS_FACTOR = 0.5
ONE_HAND_SHARE = 0.5
ONE_HAND_FACTOR = 0.7
DECISION_KINDS_ALLOWED = 2.0
DECISION_KINDS_FACTOR = 0.8
ALONE_SLOPE = 5.0
ALONE_FLOOR = 0.5
STOCK_FACTOR = 0.95
#: The most decision kinds per seat-turn a classic of the family asks (``docs/fitness.md`` §8), where it
#: is above ``DECISION_KINDS_ALLOWED``.
FAMILY_DECISION_KINDS: dict[str, float] = {"collecting": 2.2}

_WORD = re.compile(r"[A-Za-z0-9]")
_TARGET_WINS = (WinType.FIRST_TO_SCORE, WinType.SCORE_THRESHOLD, WinType.HIGH_SCORE)
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
    """The score a side plays to: the threshold of the first ``first_to_score``, ``score_threshold`` or
    ``high_score`` win that has one, or None."""
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


def _scores(genome: GameGenome) -> bool:
    return (
        bool(genome.scoring.card_rules)
        or genome.contract_scoring is not None
        or genome.maker_scoring is not None
        or genome.book_scoring is not None
        or any(isinstance(phase, CountPhase) for phase in genome.phases)
    )


def _reads_score(genome: GameGenome) -> bool:
    return any(win.type in _SCORE_READERS for win in genome.win_conditions)


def _trump(genome: GameGenome) -> bool:
    return genome.setup.trump_suit is not None or _turns_a_card(genome)


def _unread_captures(genome: GameGenome) -> bool:
    """A capturing tableau whose captured pile no rule reads (module docstring)."""
    if genome.setup.tableau_mode not in (TableauMode.WAR, TableauMode.MATCH_RANK):
        return False
    if genome.setup.captures_to is not Location.CAPTURED:  # captured cards go where rules read them
        return False
    scoring = genome.scoring
    rest = json.loads(to_json(genome))
    del rest["setup"]["captures_to"]  # where captures go is not a reading of them
    read = (
        any(win.type in CAPTURE_WINS for win in genome.win_conditions)
        or any(rule.trigger is ScoringTrigger.CAPTURE for rule in scoring.card_rules)
        or scoring.shoot_the_moon
        or '"captured"' in json.dumps(rest)
    )
    return not read


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


def _unread(genome: GameGenome) -> tuple[Penalty, ...]:
    """The components no rule reads (module docstring), in its order."""
    found: list[Penalty] = []
    tricks = genome.turn_structure.has_tricks
    if tricks and not _reads_tricks(genome):
        reason = f"tricks are played but no rule counts them: ×{UNREAD_FACTOR:g}"
        found.append(Penalty("unread_tricks", UNREAD_FACTOR, reason))
    if _trump(genome) and not tricks:
        reason = f"a trump is chosen or turned in a game without tricks: ×{UNREAD_FACTOR:g}"
        found.append(Penalty("unread_trump", UNREAD_FACTOR, reason))
    if _scores(genome) and not _reads_score(genome):
        reason = f"points are scored but no win condition reads a score: ×{UNREAD_FACTOR:g}"
        found.append(Penalty("unread_score", UNREAD_FACTOR, reason))
    if _unread_captures(genome):
        reason = f"cards are captured from the table but no rule reads the captured pile: ×{UNREAD_FACTOR:g}"
        found.append(Penalty("unread_captures", UNREAD_FACTOR, reason))
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
    return (*found, *_single_event(genome), *_unread(genome))


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

"""The rulebook's checkable statements: who acts, how many tricks, when the game ends, when scores change.

``statements_of(genome)`` states, as data, what the rulebook's sentences say about play; the sentences
that carry these facts (``turn``, ``describe``) are built from the same ``Statements``, so a sentence and
its statement cannot disagree. ``tests/rulebook/test_conformance.py`` plays genomes with the engine and
checks every statement against the transcript (see ``docs/rulebooks.md``). The facts follow the engine's
documented semantics (``docs/rules-engine.md``):

* **Who acts** (``PhaseStatement.actor``): draw, play, discard, knock, ask and count phases are the turn's
  player's alone; in a trick game the turn's player is the one who leads the turn's trick (a phase
  after the trick is still theirs, not the trick winner's: the winner takes the *next* turn). A claim
  phase's cards are the turn's player's, its challenges the other players'. Tricks, bidding, betting,
  passing, making trump, the auction, laying away to the crib, and Dou Dizhu's call and climb go round
  the table.
* **Whom** (``PhaseStatement.others``, ask and claim phases): the engine lets the asker ask, and lets
  challenge a claim, every other player (``engine.asking``, ``engine.claims``), a partner too: with teams
  ``PARTNER_TOO``, without teams every other player is an opponent (``OPPONENTS``).
* **When** (``PhaseStatement.once_per_hand``): bidding, passing, making trump, the auction, the crib, the
  call and the climb (a climbing hand is one turn) happen once a hand, in its first turn; every other
  phase every turn. A climb's stake is scored at the hand's end.
* **Tricks** (``TrickStatement``): the most tricks a hand can have, the number a rulebook may state: the
  stated ``tricks_per_hand`` capped by the cards dealt when no rule puts cards into a hand (a hand of
  7 cards has at most 7 tricks), and ``exact`` when no phase but tricks takes cards from a hand (every
  hand played to its end then has exactly that many; a hand thrown in stops sooner).
* **Game end** (``WinStatement.moment``): after any action (``first_to_score``, ``capture_all``), at the end
  of a turn (``empty_hand``), else at the end of a hand (``engine.wins``).
* **Turns**: in a trick game the winner of the turn's trick has the next turn, unless a count phase
  restarts its count (then the player after the last to count does).
* **Folding** (``Statements.fold_ends_hand``): with betting, a hand ends at once when all but one player
  have folded (``engine.betting``).
* **Bids** (``Statements.most_bid``): the highest bid that can be made, as the bidding phase states it;
  ``bid_hand_size``: the cards every bidder holds when bidding, when that is exact (the bidding phase
  comes first in the turn or after pass phases only, and the deal gives everyone ``cards_per_player``):
  the engine's cap of a bid by the bidder's hand is then already in ``most_bid``.
* **Hands** (``Statements.most_hands``, ``most_hands``): the most hands a game can deal. A second hand is
  dealt only when the win conditions judged at a hand's end (``engine.wins``) are all unmet, or when a
  hand is thrown in (``TrickStatement.thrown_in``; a call phase that redeals when everyone passes).
  Without a throw-in, a game ends by the end of hand 1 when a win condition met at every hand's end is
  present: ``most_tricks`` or ``fewest_tricks`` (a tie is
  a draw, which ends the game too), ``high_score`` without a threshold, ``best_hand`` with a hand
  evaluation, and ``empty_hand`` or ``all_hands_empty`` in a trick game whose every hand ends with every
  hand empty (``hands_end_empty``: the trick statement is exact and its tricks are the cards dealt:
  nothing but tricks takes a card from a hand, and a hand of at most that many cards is empty after that
  many tricks), and ``most_captured`` there too when the deal leaves no card in the deck (it is judged
  when the deck and every hand are empty; a tie is a draw); and by the end of hand n with
  ``hands_played`` n.
* **Turns** (``Statements.most_turns``): the most turns a game can last, when the hands are bounded and
  the trick statement is exact without a throw-in: every turn then plays one trick in each of the turn's
  k trick phases until the hand's last trick (which ends the turn with the hand: ``engine.kernel``), so a
  hand lasts ⌈tricks ÷ k⌉ turns and the game at most ``most_hands`` times that.
* **Scores** (``Statements.score_moments``): when a score may change: when a trick is won (``trick_win``
  rules), when a card is played or discarded (``play`` and ``capture`` rules: a discard to the tableau
  captures as a play does), in a count (its combos and gos), when a player knocks, at a hand's end
  (``hand_end`` rules, the moon, contracts, makers, the auction, books, the go that ends a count, the
  show), when the starter is turned (a crib phase's his heels), or at any action (books laid down in an
  ask phase, which happen whenever an ask starts).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from enum import Enum

from darwindeck.genome.cards import Location
from darwindeck.genome.phases import (
    AllPass,
    AskPhase,
    AuctionPhase,
    BettingPhase,
    BiddingPhase,
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
    PlayPhase,
    ShowPhase,
    TrickPhase,
    TrumpPhase,
)
from darwindeck.genome.schema import (
    EffectType,
    GameGenome,
    ScoringTrigger,
    TableauMode,
    WinCondition,
    WinType,
)


class Actor(Enum):
    """Who decides in a phase."""

    TURN_PLAYER = "the turn's player alone"
    CLAIMER_THEN_OTHERS = "the turn's player claims, the other players may challenge"
    EACH_PLAYER = "every player in turn"


class Others(Enum):
    """Who may be asked in an ask phase and who may challenge a claim (every other player, in the engine)."""

    OPPONENTS = "only opponents"
    PARTNER_TOO = "every other player, a partner too"


def others_of(genome: GameGenome) -> Others:
    """``PARTNER_TOO`` with teams (the engine does not spare a partner), else ``OPPONENTS``."""
    return Others.PARTNER_TOO if genome.team_mode else Others.OPPONENTS


class Moment(Enum):
    """When a win condition is judged (``engine.wins``: after every action, turn end, hand end)."""

    ACTION = "after any action"
    TURN_END = "at the end of a turn"
    HAND_END = "at the end of a hand"


class ScoreMoment(Enum):
    """When a score may change."""

    TRICK_WON = "when a trick is won"
    CARD_PLAYED = "when a card is played"  # or discarded: a discard to the tableau captures as a play does
    KNOCK = "when a player knocks"
    COUNT = "in a count"
    HAND_END = "at the end of a hand"
    ANY_ACTION = "after any action"
    STARTER = "when the starter is turned"  # a crib phase's his heels


@dataclass(frozen=True)
class PhaseStatement:
    """``before_first_trick``: a once-a-hand phase of a trick game comes before the hand's first trick
    (no trick phase precedes it in the turn), else right after it; None otherwise."""

    index: int
    kind: str
    actor: Actor
    once_per_hand: bool
    before_first_trick: bool | None = None
    #: whom an ask phase asks and who challenges a claim (None for the other phases)
    others: Others | None = None
    #: the game deals one hand only (``most_hands``): the sentence speaks of "the hand"
    one_hand: bool = False

    @property
    def opening(self) -> str:
        """When a once-a-hand phase happens, as the rulebook opens its sentence."""
        if self.before_first_trick is None or (self.before_first_trick and self.kind == "PassPhase"):
            return "At the start of the hand" if self.one_hand else "At the start of each hand"
        which = "" if self.one_hand else " of each hand"
        if self.before_first_trick:
            return f"Before the first trick{which}"
        return f"After the first trick{which}"


@dataclass(frozen=True)
class TrickStatement:
    """``most``: the most tricks a hand can have (None: no bound, cards can be drawn and no limit is
    set); ``exact``: every hand played to its end has exactly ``most``; ``thrown_in``: a hand may be
    thrown in (everyone passes in a trump phase, or an auction has no bid) before it is played out."""

    most: int | None
    exact: bool
    thrown_in: bool


@dataclass(frozen=True)
class WinStatement:
    index: int
    kind: WinType
    threshold: int | None
    moment: Moment


@dataclass(frozen=True)
class Statements:
    phases: tuple[PhaseStatement, ...]
    #: trick games: the winner of a turn's trick takes the next turn (and leads its trick)
    trick_winner_next: bool
    tricks: TrickStatement | None
    wins: tuple[WinStatement, ...]
    score_moments: frozenset[ScoreMoment]
    #: betting: when all but one player have folded, the hand ends at once
    fold_ends_hand: bool = False
    #: the highest bid a bidding phase can offer (None: no bidding phase)
    most_bid: int | None = None
    #: the cards every bidder holds when bidding, when exact (None: not known or no bidding)
    bid_hand_size: int | None = None
    #: the most hands the game can deal (None: not bounded by the rules)
    most_hands: int | None = None
    #: the most turns the game can last (None: not known)
    most_turns: int | None = None


_EACH_PLAYER = (
    TrickPhase,
    BettingPhase,
    BiddingPhase,
    PassPhase,
    TrumpPhase,
    AuctionPhase,
    CribPhase,
    CallPhase,
    ClimbPhase,
)
_ONCE_PER_HAND = (BiddingPhase, PassPhase, TrumpPhase, AuctionPhase, CribPhase, CallPhase, ClimbPhase)
#: Phases that move no card out of a hand but by tricks (a pass swaps equal numbers; a dealer who
#: takes the turned card discards one).
_TRICKS_ONLY = (TrickPhase, BiddingPhase, TrumpPhase, PassPhase, AuctionPhase)
_AT_ONCE = {WinType.FIRST_TO_SCORE: Moment.ACTION, WinType.CAPTURE_ALL: Moment.ACTION}


def statements_of(genome: GameGenome) -> Statements:
    """Every checkable statement of ``genome``'s rulebook (cheap: no engine, no compilation)."""
    bound = most_hands(genome)
    one_hand = bound is not None and bound[0] == 1
    return Statements(
        phases=tuple(_phase_statement(index, genome, one_hand) for index in range(len(genome.phases))),
        trick_winner_next=genome.turn_structure.has_tricks and not _counts(genome),
        tricks=trick_statement(genome),
        wins=tuple(
            WinStatement(i, win.type, win.threshold, win_moment(win.type))
            for i, win in enumerate(genome.win_conditions)
        ),
        score_moments=_score_moments(genome),
        fold_ends_hand=any(isinstance(phase, BettingPhase) for phase in genome.phases),
        most_bid=most_bid(genome),
        bid_hand_size=bid_hand_size(genome),
        most_hands=None if bound is None else bound[0],
        most_turns=most_turns(genome),
    )


def _counts(genome: GameGenome) -> bool:
    """A count phase: its restart names the next turn's player (``engine.counting``)."""
    return any(isinstance(phase, CountPhase) for phase in genome.phases)


def _phase_statement(index: int, genome: GameGenome, one_hand: bool) -> PhaseStatement:
    phase = genome.phases[index]
    actor = Actor.TURN_PLAYER
    if isinstance(phase, _EACH_PLAYER):
        actor = Actor.EACH_PLAYER
    elif isinstance(phase, ClaimPhase):
        actor = Actor.CLAIMER_THEN_OTHERS
    once = isinstance(phase, _ONCE_PER_HAND)
    before = None
    if once and genome.turn_structure.has_tricks:
        before = not any(isinstance(earlier, TrickPhase) for earlier in genome.phases[:index])
    others = others_of(genome) if isinstance(phase, AskPhase | ClaimPhase) else None
    return PhaseStatement(index, type(phase).__name__, actor, once, before, others, one_hand)


def win_moment(kind: WinType) -> Moment:
    """When the engine judges a win condition of ``kind``."""
    if kind is WinType.EMPTY_HAND:
        return Moment.TURN_END
    return _AT_ONCE.get(kind, Moment.HAND_END)


def trick_statement(genome: GameGenome) -> TrickStatement | None:
    """The tricks a hand can have (None for a game without tricks); see the module rules."""
    if not genome.turn_structure.has_tricks:
        return None
    limit = genome.turn_structure.tricks_per_hand
    dealt = genome.setup.cards_per_player
    thrown_in = any(
        isinstance(phase, AuctionPhase) or (isinstance(phase, TrumpPhase) and not phase.stick_the_dealer)
        for phase in genome.phases
    )
    if hands_can_grow(genome):
        return TrickStatement(limit, False, thrown_in)
    most = dealt if limit is None else min(limit, dealt)
    exact = all(isinstance(phase, _TRICKS_ONLY) for phase in genome.phases)
    return TrickStatement(most, exact, thrown_in)


def most_bid(genome: GameGenome) -> int | None:
    """The highest bid the engine can offer: ``max_bid``, at most 13, and at most the cards dealt when the
    bid comes before the first trick and no rule puts cards into a hand (a bid never exceeds the
    bidder's hand)."""
    bids = [phase.max_bid for phase in genome.phases if isinstance(phase, BiddingPhase)]
    if not bids:
        return None
    highest = min(max(bids), 13)
    first = next(i for i, phase in enumerate(genome.phases) if isinstance(phase, BiddingPhase | TrickPhase))
    if isinstance(genome.phases[first], BiddingPhase) and not hands_can_grow(genome):
        highest = min(highest, genome.setup.cards_per_player)
    return highest


def bid_hand_size(genome: GameGenome) -> int | None:
    """The cards every bidder holds when bidding, when exact (module rules, *bids*); else None."""
    first = next((i for i, phase in enumerate(genome.phases) if isinstance(phase, BiddingPhase)), None)
    dealt = genome.setup.cards_per_player
    if first is None or dealt * genome.player_count > genome.setup.initial_deck.size:
        return None
    if not all(isinstance(phase, PassPhase) for phase in genome.phases[:first]):
        return None
    return dealt


#: Win types met at every hand's end (``engine.wins``: a tie is a draw, which ends the game too).
_MET_AT_EVERY_HAND_END = frozenset({WinType.MOST_TRICKS, WinType.FEWEST_TRICKS})
#: Win types met at a hand's end where every hand is empty.
_MET_WHEN_HANDS_EMPTY = frozenset({WinType.EMPTY_HAND, WinType.ALL_HANDS_EMPTY})


def hands_end_empty(genome: GameGenome) -> bool:
    """Whether every hand played to its end ends with every hand empty (module rules, *hands*)."""
    tricks = trick_statement(genome)
    return tricks is not None and tricks.exact and tricks.most == genome.setup.cards_per_player


def _deals_whole_deck(genome: GameGenome) -> bool:
    """Whether the deal leaves no card in the deck (every card goes to a hand)."""
    setup = genome.setup
    return (
        setup.initial_discard_count == 0
        and setup.cards_per_player * genome.player_count == setup.initial_deck.size
    )


def _hands_by(genome: GameGenome, win: WinCondition, hands_empty: bool) -> int | None:
    """The hand by whose end ``win`` is sure to be met (None: no such hand)."""
    if win.type in _MET_AT_EVERY_HAND_END or (win.type in _MET_WHEN_HANDS_EMPTY and hands_empty):
        return 1
    if win.type is WinType.HIGH_SCORE and win.threshold is None:
        return 1
    if win.type is WinType.MOST_CAPTURED and hands_empty and _deals_whole_deck(genome):
        return 1
    if win.type is WinType.BEST_HAND and genome.scoring.hand_evaluation is not None:
        return 1
    if win.type is WinType.HANDS_PLAYED and win.threshold is not None:
        return max(1, win.threshold)
    return None


def most_hands(genome: GameGenome) -> tuple[int, WinCondition] | None:
    """The most hands a game of ``genome`` can deal, with the win condition that ends it by then; None
    when nothing bounds them (module rules, *hands*)."""
    tricks = trick_statement(genome)
    if tricks is not None and tricks.thrown_in:
        return None
    if any(isinstance(phase, CallPhase) and phase.all_pass is AllPass.REDEAL for phase in genome.phases):
        return None  # a hand every player passes is thrown in and dealt again (engine.climb)
    hands_empty = hands_end_empty(genome)
    bounds = []
    for win in genome.win_conditions:
        hands = _hands_by(genome, win, hands_empty)
        if hands is not None:
            bounds.append((hands, win))
    return min(bounds, key=lambda bound: bound[0]) if bounds else None


def most_turns(genome: GameGenome) -> int | None:
    """The most turns a game of ``genome`` can last, when known exactly from the rules (module rules,
    *turns*); else None."""
    bound = most_hands(genome)
    tricks = trick_statement(genome)
    if bound is None or tricks is None or not tricks.exact or tricks.most is None or tricks.most < 1:
        return None
    per_turn = sum(1 for phase in genome.phases if isinstance(phase, TrickPhase))
    if per_turn == 0:
        return None
    return bound[0] * math.ceil(tricks.most / per_turn)


def hands_can_grow(genome: GameGenome) -> bool:
    """Whether some rule puts cards into a hand after the deal (draws, asks, a claim pile picked up,
    cards played or captured into a hand, a draw effect)."""
    into_hand = (Location.HAND, Location.OPPONENT_HAND)
    for phase in genome.phases:
        if isinstance(phase, DrawPhase | AskPhase):
            return True
        if isinstance(phase, ClaimPhase) and phase.allow_challenge and phase.pile_penalty:
            return True
        if isinstance(phase, PlayPhase | DiscardPhase) and phase.target in into_hand:
            return True
    captures = genome.setup.tableau_mode in (TableauMode.WAR, TableauMode.MATCH_RANK)
    if captures and genome.setup.captures_to is Location.HAND:
        return True
    return any(effect.effect_type is EffectType.DRAW_CARDS for effect in genome.special_effects)


def _score_moments(genome: GameGenome) -> frozenset[ScoreMoment]:
    triggers = {rule.trigger for rule in genome.scoring.card_rules}
    moments: set[ScoreMoment] = set()
    if ScoringTrigger.TRICK_WIN in triggers:
        moments.add(ScoreMoment.TRICK_WON)
    if triggers & {ScoringTrigger.PLAY, ScoringTrigger.CAPTURE}:
        moments.add(ScoreMoment.CARD_PLAYED)
    kinds = {type(phase) for phase in genome.phases}
    if ScoringTrigger.PLAY in triggers and AskPhase in kinds:
        moments.add(ScoreMoment.ANY_ACTION)
    if CountPhase in kinds:
        moments.update((ScoreMoment.COUNT, ScoreMoment.HAND_END))
    if any(isinstance(phase, CribPhase) and phase.heels for phase in genome.phases):
        moments.add(ScoreMoment.STARTER)
    if ShowPhase in kinds:
        moments.add(ScoreMoment.HAND_END)
    at_hand_end = (
        ScoringTrigger.HAND_END in triggers
        or genome.scoring.shoot_the_moon
        or genome.contract_scoring is not None
        or genome.maker_scoring is not None
        or genome.book_scoring is not None
        or AuctionPhase in kinds
        or DealerPhase in kinds
        or ClimbPhase in kinds
    )
    if at_hand_end:
        moments.add(ScoreMoment.HAND_END)
    if KnockPhase in kinds:
        moments.add(ScoreMoment.KNOCK)
    return frozenset(moments)

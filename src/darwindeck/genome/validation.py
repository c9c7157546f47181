"""Genome validation: every problem of a genome at once, each with its path and reason.

``validate(genome)`` reports bad values rather than raising on them: it walks the whole genome and returns a
``ValidationReport`` of *errors* (the game cannot be played as written) and *warnings* (legal but
suspicious: a field that is ignored, a rule that can never fire). ``ensure_valid(genome)`` raises
``GenomeValidationError`` listing every error. Validation runs when a genome is built from JSON and after
every mutation.

A problem's path names the field with the dataclass field names, indices in brackets:
``turn_structure.phases[2].min_cards``, ``teams[1][0]``,
``turn_structure.phases[1].valid_play_condition.conditions[0].value``. ``str(problem)`` is
``"<path>: <reason>"``; the reason says what is wrong and, where one exists, the allowed range
(``must be 1..255, got 0``). Problems are listed in the order of the genome's fields (setup, turn
structure, win conditions, special effects, scoring, max_turns, player_count, teams, contract scoring);
a rule that involves two fields is reported at the field that has to change.

Every enum field is checked to hold a member of its enum and every checked number to be an int (not a
bool), then the rules below. E = error, W = warning.

Setup
  * E ``player_count`` is 2..8 (``MAX_PLAYERS``: the engine's per-seat arrays have 8 seats).
  * E ``cards_per_player`` ≥ 0, ``initial_discard_count`` ≥ 0, and cards_per_player × player_count +
    initial_discard_count + kitty ≤ the deck's size, jokers included (reported at
    ``setup.cards_per_player``).
  * E ``jokers`` 0 or 2, and 2 only with a climb phase (no other phase plays a joker); E ``kitty``
    0..255 (one byte), and above 0 only with a call phase (its declarer takes the kitty).
  * W a wild rank listed twice; W a wild rank the deck does not have (8 in ``italian_40``).
  * E ``starting_chips`` ≥ 0, and > 0 when there is a betting phase.
  * E tableau mode WAR with a player count other than 2 (spec 001).
  * W tableau mode WAR / MATCH_RANK / SEQUENCE with no play phase whose target is the tableau: the mode
    can never act. A warning, since the game still plays; but see the capture wins below.
  * W ``sequence_direction`` other than the default BOTH while the mode is not SEQUENCE (spec 001).
  * ``turned_trump``: E ``upcard`` with ``initial_discard_count`` 0 (no card is turned up), E
    ``dealer_last`` with ``cards_per_player`` 0 (the dealer gets no card); W no trick phase (trumps are
    never used); W a fixed trump (``setup.trump_suit``, a trick phase's ``trump_suit``; reported there)
    or a trump phase (it finds trump already made and never acts), which the turned card overrides.
Turn structure
  * E no phase; E no phase that moves a card (draw, play, discard, trick or claim): a game of only
    betting and bidding never moves a card.
  * E draw / discard ``count`` ≥ 1; play and claim ``min_cards`` ≥ 1 and ≤ ``max_cards``.
  * E betting ``min_bet`` ≥ 1 and ``max_raises`` ≥ 0.
  * W a trick phase whose ``trump_suit`` differs from ``setup.trump_suit`` when the setup names one.
  * Spec 004: E a bidding phase with no trick phase after it; E ``min_bid`` ≥ 0 and ≤ ``max_bid``;
    E ``max_bid`` ≤ 255 (one byte); W ``max_bid`` > ``cards_per_player`` (the engine clamps bids to the
    hand size).
  * E a pass phase's ``count`` 1..255, W above ``cards_per_player``; E 1..16 directions, E ``across``
    with an odd player count; W every direction ``hold``.
  * W a trick phase's ``first_lead`` rank the deck does not have; W ``clean_first_trick`` with no
    ``trick_win`` scoring rule (nothing is ever kept off the first trick).
  * E a trick phase with more than 4 ``top_trumps`` (the engine's table holds 4); W a top trump listed
    twice, or of a rank the deck does not have; W top trumps when no trump suit is ever in force (no
    trump suit on the phase or the setup, no turned trump and no trump phase): they never apply.
  * E a trump phase with no trick phase after it, or with ``setup.initial_discard_count`` 0 (it turns
    up the top of the discard pile); W a second trump phase (trump is chosen once per hand).
  * W ``scoring.shoot_the_moon`` with no ``trick_win`` scoring rule or no trick phase (it never fires).
  * E a knock phase without ``scoring.hand_evaluation`` (nothing to measure the hand by); E its
    ``max_value``, ``full_bonus`` and ``undercut_bonus`` 0..255 (one byte each); W ``lay_off`` with a
    method other than deadwood (only deadwood hands have melds to lay off on: it is ignored).
  * E an ask phase's ``book`` not 0 or 2..4 (cards of one rank laid down together); E ``fish`` or
    ``again`` not a bool; W ``fish`` when every card is dealt (the deck is always empty: nobody fishes).
  * E an auction phase with no trick phase after it, or with fewer than 7 tricks a hand (a contract
    promises the hand's tricks less seven plus its level, 1..7); E ``doubling`` or ``dummy`` not a bool,
    ``vulnerability`` not a ``Vulnerability``; W ``dummy`` without teams of two (nobody is the dummy);
    W a second auction phase (the contract is set once per hand).
  * E a dealer phase (Blackjack's house) in a game that cannot have one: without a ``point_total`` hand
    evaluation with a bust threshold (nothing values the dealer's hand), in team mode (each player plays
    the house alone), with a claim phase (the hole card lies where the face-down claim pile would), with
    the tableau in use (a tableau mode, or a phase that moves cards to or from the tableau: the dealer's
    cards lie there), a second dealer phase, or a deal (with the initial discard) that leaves no room
    for the dealer's two cards; E ``stand_on`` 12..21.
  * E a board phase (community cards) in a game with no best-hand showdown (a ``poker`` hand evaluation
    and a ``best_hand`` win condition: nothing would count the board), with the tableau in use or a
    dealer phase (the board lies on the tableau), blinds without ``starting_chips`` or without a betting
    phase after it, a small blind above the big blind, ``pot_sized`` without a betting phase, more board
    cards than the deal and the initial discard leave, or more than 5 board cards in all; E ``cards``
    0..5, blinds 0..65535; W a board game of more than two players with chips (no side pots: an all-in
    for less shares the pot).
  * E a crib phase (Cribbage's) without a show phase, beside a claim, dealer or board phase (their cards
    lie where the crib or the starter would), with the tableau in use, a second crib phase, a kept hand
    or a crib of more than 7 cards (a show counts at most 7 and the starter), or a deal (with the
    initial discard) that leaves no cards to make up the crib and give the starter; E a show phase
    without a crib phase, or a second one.
  * Dou Dizhu's call and climb phases (``genome.library.climbing``): E a call phase without a climb
    phase after it, with teams (the declarer plays alone against the rest), with fewer than 3 players,
    with no cards dealt, or a second one; E a climb phase without a call phase before it (nobody is the
    declarer), beside any phase but the call (the climb is the whole hand), with a deck other than
    ``standard_52`` (the combination table ranks 3 … K, A, 2 and the jokers), with no combination type,
    a type listed twice, without the solo (a player who leads must always have a play), or a second
    climb phase; W the rocket allowed without jokers (it can never be played).
  * W ``is_trick_based`` disagreeing with the phases. The flag has no meaning of its own: a hand is
    trick-based exactly when a phase is a trick phase (DESIGN's game semantics; the engine derives it
    from the phases), so a mismatch is ignored.
  * E ``tricks_per_hand``, when given, is 1..255 (one byte in the bytecode header). W given with no
    trick phase (ignored). W larger than ``cards_per_player``: a trick hand ends after
    ``tricks_per_hand`` tricks *or* when every hand is empty, whichever comes first, so the hands run
    out first; the hand still ends, so it is never an error.
Conditions (in every phase and scoring rule)
  * E a compound joins at least 2 conditions.
  * E ``value`` is a Rank for card_is_rank / player_has_card, a Suit for card_is_suit, an int for the
    numeric types (hand_size, location_size, score_compare, hand_value) and the counted ones
    (has_set_of_n / has_run_of_n: 2..13); W a value or an operator given to a type that ignores it.
  * E a numeric type without an operator.
  * W a rank value the deck does not have.
  * E a card test (card_matches_*, card_is_*, sequence_adjacent, matches_or_wild, must_follow_suit,
    card_beats_top) in a draw phase's condition, where no card is being judged.
  * E hand_value without ``scoring.hand_evaluation``.
Win conditions
  * E no win condition; E a threshold missing where the type needs one (low_score, first_to_score,
    score_threshold, score_floor, hands_played); E a negative threshold, except a score floor's, which
    must be negative (−32768..−1); E a hands-played threshold below 1 (the game lasts that many hands).
  * A score floor with no way to lose points (no contract scoring, no negative card rule) is dead.
  * A *dead* win condition is one that can never fire:
      - a score win (high_score, low_score, first_to_score, score_threshold) when nothing scores: no
        ``scoring.card_rules``, no ``scoring.hand_evaluation`` and no ``contract_scoring``;
      - a capture win (capture_all, most_captured) with no way to capture: a capture is made only by
        tableau mode WAR or MATCH_RANK *with* a play phase to the tableau, or by winning a trick;
      - best_hand without ``scoring.hand_evaluation`` (the engine cannot judge hands, so it ignores it);
      - most_tricks / fewest_tricks without a trick phase.
    Every other win condition of a valid type is *live*. W a dead win condition when the genome has a
    live one (the live ones decide the game). When it has none: E each dead win condition, and E at
    ``win_conditions``: no win condition can fire, so the game can only end in a draw by turn limit.
Special effects (spec 000)
  * E ``value`` 1..255 (0 does nothing, more does not fit the byte); W two effects on one rank (the last
    listed wins); W a trigger rank the deck does not have.
Scoring
  * E ``hand_evaluation.card_values`` has exactly 13 ints (ranks 2..A);
    W ``ace_alternate_value`` / ``bust_threshold`` with a method other than point_total.
Game
  * E ``max_turns`` 1..65535 (two bytes in the bytecode header).
Teams (spec 003)
  * E teams given while ``team_mode`` is False; with team_mode: E no teams, fewer than 2 teams, a team
    that is not a tuple of indices or is empty, a player index outside 0..player_count-1, a player in
    two teams, a player in no team.
Contract scoring (spec 004)
  * E contract scoring without a bidding phase, and a bidding phase without contract scoring.
  * E the one-byte fields (points_per_trick_bid, overtrick_points, failed_contract_penalty, bag_limit)
    are 0..255, the two-byte ones (nil_bonus, nil_penalty, bag_penalty) 0..65535; bag_limit ≥ 1;
    ``made_bonus`` 0..255 (one byte); E ``exact`` not a bool.
Maker scoring
  * E maker scoring without a trump phase (nobody is ever a maker); E its four fields 0..255 (one byte
    each), ``made_tricks`` ≥ 1; W ``made_tricks`` above ``tricks_per_hand`` or ``cards_per_player``
    (the makers can never make it). Maker scoring counts as something that scores for score wins.
Book scoring
  * E book scoring without a trick phase (no side ever takes a trick); E ``book`` and
    ``points_per_trick`` 0..255 (one byte each); W ``book`` at or above ``tricks_per_hand`` (or
    ``cards_per_player``): no side can take more, so it never scores. Book scoring counts as something
    that scores for score wins.
"""

from __future__ import annotations

import dataclasses
import types
import typing
from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum
from typing import TypeGuard

from darwindeck.errors import GenomeValidationError
from darwindeck.genome._bytes import INT16_MIN
from darwindeck.genome.cards import DeckType, Location, Rank, Suit, Visibility
from darwindeck.genome.conditions import (
    CARD_REFERENCE_TYPES,
    CARD_TESTS,
    COUNTED,
    NUMERIC,
    RANK_VALUED,
    SUIT_VALUED,
    CompoundCondition,
    Condition,
    ConditionLike,
    ConditionType,
    Logic,
    Operator,
    Reference,
)
from darwindeck.genome.declare import field_facts, field_types, phase_kinds
from darwindeck.genome.phases import (
    CRIB_SIZE,
    MAX_BOARD,
    MAX_COUNTED,
    MIN_RUN,
    AskPhase,
    AuctionPhase,
    BettingPhase,
    BiddingPhase,
    BoardPhase,
    CallPhase,
    ClaimPhase,
    ClimbPhase,
    Combo,
    CountPhase,
    CribPhase,
    DealerPhase,
    DiscardPhase,
    DrawPhase,
    KnockPhase,
    PassDirection,
    PassPhase,
    Phase,
    PlayPhase,
    ShowPhase,
    TrickPhase,
    TrumpPhase,
    TrumpRelation,
)
from darwindeck.genome.schema import (
    CAPTURE_WINS,
    SCORE_WINS,
    THRESHOLD_REQUIRED,
    ContractScoring,
    DeckEmptyAction,
    EffectType,
    EvaluationMethod,
    GameGenome,
    HandEvaluation,
    HandPattern,
    ScoringTrigger,
    SequenceDirection,
    SetupRules,
    TableauMode,
    TargetSelector,
    TurnedTrump,
    WinType,
)

MAX_PASS_DIRECTIONS = 16
#: Top trumps a trick phase may list (the engine packs them into one phase-table cell).
MAX_TOP_TRUMPS = 4
MIN_PLAYERS = 2
#: The engine's per-seat arrays have this many seats.
MAX_PLAYERS = 8
MAX_TURNS = 65535
UINT8_MAX = 255
UINT16_MAX = 65535
#: has_set_of_n / has_run_of_n count range.
MIN_GROUP, MAX_GROUP = 2, 13
CARD_VALUE_COUNT = len(Rank)

_CLIMBING = (CallPhase, ClimbPhase)

_CARD_MOVING_PHASES = (
    ClimbPhase,
    DrawPhase,
    PlayPhase,
    DiscardPhase,
    TrickPhase,
    ClaimPhase,
    AskPhase,
    CountPhase,
    BoardPhase,
)
_TABLEAU_MODES_NEEDING_PLAYS = (TableauMode.WAR, TableauMode.MATCH_RANK, TableauMode.SEQUENCE)
_CAPTURING_MODES = (TableauMode.WAR, TableauMode.MATCH_RANK)
_TRICK_WINS = frozenset({WinType.MOST_TRICKS, WinType.FEWEST_TRICKS})
_ONE_BYTE = (0, UINT8_MAX, " (one byte)")
#: An auction's highest contract (level 7) takes every trick, and level 1 at least one: 7 tricks a hand.
MIN_AUCTION_TRICKS = 7
_TWO_BYTES = (0, UINT16_MAX, " (two bytes)")
#: ContractScoring fields in declaration order with their allowed range (the bytecode widths of spec 004).
_CONTRACT_FIELD_RANGES: tuple[tuple[str, tuple[int, int, str]], ...] = (
    ("points_per_trick_bid", _ONE_BYTE),
    ("overtrick_points", _ONE_BYTE),
    ("failed_contract_penalty", _ONE_BYTE),
    ("nil_bonus", _TWO_BYTES),
    ("nil_penalty", _TWO_BYTES),
    ("bag_limit", (1, UINT8_MAX, " (one byte)")),
    ("bag_penalty", _TWO_BYTES),
    ("made_bonus", _ONE_BYTE),
)


class Severity(Enum):
    ERROR = "error"
    WARNING = "warning"


@dataclass(frozen=True)
class Problem:
    """One problem: the field's path, what is wrong with it, and how bad it is."""

    path: str
    reason: str
    severity: Severity

    def __str__(self) -> str:
        return f"{self.path}: {self.reason}"


@dataclass(frozen=True)
class ValidationReport:
    """Every problem of a genome, errors and warnings apart, each in the order of the genome's fields."""

    errors: tuple[Problem, ...]
    warnings: tuple[Problem, ...]

    @property
    def ok(self) -> bool:
        """True when the genome has no error (warnings allowed)."""
        return not self.errors

    def __str__(self) -> str:
        lines = [f"{len(self.errors)} error(s), {len(self.warnings)} warning(s)"]
        lines += [f"  error: {p}" for p in self.errors]
        lines += [f"  warning: {p}" for p in self.warnings]
        return "\n".join(lines)


def validate(genome: GameGenome) -> ValidationReport:
    """Check every rule of the module docstring and return all the problems found."""
    check = _Checker(genome)
    check.run()
    return check.report()


def ensure_valid(genome: GameGenome) -> None:
    """Raise ``GenomeValidationError`` listing every error of ``genome``; warnings are not errors."""
    report = validate(genome)
    if not report.ok:
        raise GenomeValidationError(genome.name, [str(p) for p in report.errors])


def _is_int(value: object) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool)


def _within(value: object, low: int, high: int | None = None) -> TypeGuard[int]:
    """``value`` is an int in ``low..high`` (the range a declaration allows: reported there if not)."""
    return _is_int(value) and value >= low and (high is None or value <= high)


def _describe(value: object) -> str:
    """A value as a message shows it: enum members by their value, strings quoted."""
    if isinstance(value, Enum):
        return f"{type(value).__name__} {value.value}"
    if isinstance(value, str):
        return repr(value)
    return str(value)


def _values(enum_cls: type[Enum]) -> str:
    return ", ".join(str(member.value) for member in enum_cls)


class _Checker:
    """Walks one genome and collects its problems in field order."""

    def __init__(self, genome: GameGenome) -> None:
        self.genome = genome
        self.problems: list[Problem] = []
        setup = genome.setup
        self.deck = setup.initial_deck if isinstance(setup.initial_deck, DeckType) else None
        self.cards_per_player = setup.cards_per_player if _is_int(setup.cards_per_player) else None
        self.phases: tuple[Phase, ...] = tuple(genome.turn_structure.phases)

    # -- collecting -----------------------------------------------------------------------------------

    def error(self, path: str, reason: str) -> None:
        self.problems.append(Problem(path, reason, Severity.ERROR))

    def warn(self, path: str, reason: str) -> None:
        self.problems.append(Problem(path, reason, Severity.WARNING))

    def report(self) -> ValidationReport:
        return ValidationReport(
            errors=tuple(p for p in self.problems if p.severity is Severity.ERROR),
            warnings=tuple(p for p in self.problems if p.severity is Severity.WARNING),
        )

    def integer(self, path: str, value: object, low: int, high: int | None = None, note: str = "") -> bool:
        """Error unless ``value`` is an int in ``low..high`` (no upper bound when ``high`` is None)."""
        if not _is_int(value):
            self.error(path, f"must be an integer, got {_describe(value)}")
            return False
        allowed = f"≥ {low}" if high is None else f"{low}..{high}"
        if value < low or (high is not None and value > high):
            self.error(path, f"must be {allowed}{note}, got {value}")
            return False
        return True

    def member(self, path: str, value: object, enum_cls: type[Enum], optional: bool = False) -> bool:
        """Error unless ``value`` is a member of ``enum_cls`` (or None when ``optional``)."""
        if isinstance(value, enum_cls) or (optional and value is None):
            return True
        name = enum_cls.__name__
        article = "an" if name[0] in "AEIOU" else "a"
        allowed = f"{'none or ' if optional else ''}{article} {name} ({_values(enum_cls)})"
        self.error(path, f"must be {allowed}, got {_describe(value)}")
        return False

    # -- facts about the genome ----------------------------------------------------------------------

    def phase_indices(self, kind: type[Phase] | tuple[type[Phase], ...]) -> list[int]:
        return [i for i, phase in enumerate(self.phases) if isinstance(phase, kind)]

    def plays_to_tableau(self) -> bool:
        return any(isinstance(p, PlayPhase) and p.target is Location.TABLEAU for p in self.phases)

    def can_capture(self) -> bool:
        mode_captures = self.genome.setup.tableau_mode in _CAPTURING_MODES and self.plays_to_tableau()
        return mode_captures or bool(self.phase_indices(TrickPhase))

    @property
    def hand_tricks(self) -> int | None:
        """The tricks of a hand (``tricks_per_hand``, else ``cards_per_player``), None when unknown."""
        return self.genome.turn_structure.tricks_per_hand or self.cards_per_player

    def dealt(self) -> int | None:
        """The cards taken from the deck before play (every hand's and the initial discard's), None
        when a count is unknown."""
        discard = self.genome.setup.initial_discard_count
        if self.cards_per_player is None or not _is_int(discard):
            return None
        return self.cards_per_player * self.genome.player_count + max(discard, 0)

    def the_deal(self, verb: str = "") -> str:
        """The cards ``dealt`` counts, in words, with ``verb`` (singular) agreeing: "the deal leaves"."""
        if self.genome.setup.initial_discard_count:
            return f"the deal and the initial discard {verb.removesuffix('s')}".strip()
        return f"the deal {verb}".strip()

    def something_scores(self) -> bool:
        scoring = self.genome.scoring
        return (
            bool(scoring.card_rules)
            or scoring.hand_evaluation is not None
            or (self.genome.contract_scoring is not None)
            or (self.genome.maker_scoring is not None)
            or (self.genome.book_scoring is not None)
            or any(isinstance(p, CountPhase) and (p.combos or p.go_points > 0) for p in self.phases)
            or bool(self.phase_indices(AuctionPhase))
            or bool(self.phase_indices(ClimbPhase))
        )

    def rank_in_deck(self, path: str, rank: Rank) -> None:
        if self.deck is not None and rank not in self.deck.ranks():
            self.warn(path, f"rank {rank.value} is not in the {self.deck.value} deck")

    # -- the walk ------------------------------------------------------------------------------------

    def run(self) -> None:
        genome = self.genome
        self.check_setup(genome.setup)
        self.check_turn_structure()
        self.check_win_conditions()
        self.check_special_effects()
        self.check_scoring()
        self.integer("max_turns", genome.max_turns, 1, MAX_TURNS)
        self.integer("player_count", genome.player_count, MIN_PLAYERS, MAX_PLAYERS)
        self.check_teams()
        self.check_contract_scoring()
        self.check_maker_scoring()
        self.check_book_scoring()

    def check_setup(self, setup: SetupRules) -> None:
        if self.integer("setup.cards_per_player", setup.cards_per_player, 0):
            self.check_deal(setup)
        self.member("setup.initial_deck", setup.initial_deck, DeckType)
        self.integer("setup.initial_discard_count", setup.initial_discard_count, 0)
        self.check_wild_cards(setup.wild_cards)
        self.member("setup.trump_suit", setup.trump_suit, Suit, optional=True)
        self.check_starting_chips(setup.starting_chips)
        self.member("setup.hand_visibility", setup.hand_visibility, Visibility)
        self.member("setup.discard_visibility", setup.discard_visibility, Visibility)
        if self.member("setup.tableau_mode", setup.tableau_mode, TableauMode):
            self.check_tableau_mode(setup.tableau_mode)
        if self.member("setup.sequence_direction", setup.sequence_direction, SequenceDirection):
            self.check_sequence_direction(setup.sequence_direction, setup.tableau_mode)
        self.member("setup.captures_to", setup.captures_to, Location)
        if self.member("setup.turned_trump", setup.turned_trump, TurnedTrump, optional=True):
            self.check_turned_trump(setup)
        self.check_jokers_and_kitty(setup)

    def check_jokers_and_kitty(self, setup: SetupRules) -> None:
        if not _is_int(setup.jokers) or setup.jokers not in (0, 2):
            self.error(
                "setup.jokers", f"must be 0 or 2 (a black and a red joker), got {_describe(setup.jokers)}"
            )
        elif setup.jokers and not self.phase_indices(ClimbPhase):
            self.error(
                "setup.jokers", "only a climb phase plays jokers (combination plays), and there is none"
            )
        kitty_ok = self.integer("setup.kitty", setup.kitty, 0, 0xFF, " (one byte)")
        if kitty_ok and setup.kitty and not self.phase_indices(CallPhase):
            self.error("setup.kitty", "the kitty goes to a call phase's declarer, and there is none")

    def check_turned_trump(self, setup: SetupRules) -> None:
        turned = setup.turned_trump
        if turned is None:
            return
        path = "setup.turned_trump"
        if turned is TurnedTrump.UPCARD and setup.initial_discard_count == 0:
            self.error(path, "upcard turns up the top of the discard pile, but initial_discard_count is 0")
        if turned is TurnedTrump.DEALER_LAST and setup.cards_per_player == 0:
            self.error(path, "dealer_last turns up the dealer's last card, but cards_per_player is 0")
        if not self.phase_indices(TrickPhase):
            self.warn(path, "no phase is a trick phase: trumps are never used")
        if isinstance(setup.trump_suit, Suit):
            self.warn("setup.trump_suit", f"the turned card's suit is trumps ({turned.value}): never applies")
        for i in self.phase_indices(TrickPhase):
            phase = self.phases[i]
            assert isinstance(phase, TrickPhase)
            if isinstance(phase.trump_suit, Suit):
                self.warn(
                    f"turn_structure.phases[{i}].trump_suit",
                    f"the turned card's suit is trumps (setup.turned_trump {turned.value}): never applies",
                )
        trump_phases = self.phase_indices(TrumpPhase)
        if trump_phases:
            self.warn(
                path,
                f"trump is the turned card's suit from the deal, so the trump phase at "
                f"turn_structure.phases[{trump_phases[0]}] never acts",
            )

    def check_sequence_direction(self, direction: SequenceDirection, mode: TableauMode) -> None:
        if not isinstance(mode, TableauMode) or mode is TableauMode.SEQUENCE:
            return
        if direction is not SequenceDirection.BOTH:
            self.warn(
                "setup.sequence_direction",
                f"is {direction.value} but is meaningful only with tableau_mode sequence "
                f"(tableau_mode is {mode.value})",
            )

    def check_deal(self, setup: SetupRules) -> None:
        players, discard, kitty = self.genome.player_count, setup.initial_discard_count, setup.kitty
        if self.deck is None or not (_is_int(players) and players > 0 and _is_int(discard) and discard >= 0):
            return
        if not (_within(kitty, 0) and _is_int(setup.jokers) and setup.jokers in (0, 2)):
            return  # check_jokers_and_kitty reports them
        needed = setup.cards_per_player * players + discard + kitty
        size = self.deck.size + setup.jokers
        if needed > size:
            kept = f" + {kitty} to the kitty" if kitty else ""
            jokers = f" and {setup.jokers} jokers" if setup.jokers else ""
            self.error(
                "setup.cards_per_player",
                f"{setup.cards_per_player} cards × {players} players + {discard} to the discard{kept} = "
                f"{needed} cards, but the {self.deck.value} deck{jokers} has {size}",
            )

    def check_wild_cards(self, wild_cards: Sequence[Rank]) -> None:
        first_seen: dict[Rank, int] = {}
        for i, rank in enumerate(wild_cards):
            path = f"setup.wild_cards[{i}]"
            if not self.member(path, rank, Rank):
                continue
            if rank in first_seen:
                self.warn(path, f"rank {rank.value} is already wild at setup.wild_cards[{first_seen[rank]}]")
                continue
            first_seen[rank] = i
            self.rank_in_deck(path, rank)

    def check_starting_chips(self, chips: int) -> None:
        if not self.integer("setup.starting_chips", chips, 0):
            return
        betting = self.phase_indices(BettingPhase)
        if betting and chips == 0:
            self.error(
                "setup.starting_chips",
                f"must be > 0 for the betting phase at turn_structure.phases[{betting[0]}], got 0",
            )

    def check_tableau_mode(self, mode: TableauMode) -> None:
        players = self.genome.player_count
        if mode is TableauMode.WAR and players != 2:
            self.error("setup.tableau_mode", f"war requires exactly 2 players, got {players}")
        if mode in _TABLEAU_MODES_NEEDING_PLAYS and not self.plays_to_tableau():
            self.warn(
                "setup.tableau_mode",
                f"{mode.value} acts on cards played to the tableau, but no play phase targets the tableau",
            )

    # -- turn structure ------------------------------------------------------------------------------

    def check_turn_structure(self) -> None:
        turns = self.genome.turn_structure
        if not self.phases:
            self.error("turn_structure.phases", "must have at least one phase")
        elif not self.phase_indices(_CARD_MOVING_PHASES):
            self.error(
                "turn_structure.phases",
                "no phase moves a card (needs a draw, play, discard, trick, claim or ask phase)",
            )
        for i, phase in enumerate(self.phases):
            self.check_phase(f"turn_structure.phases[{i}]", i, phase)
        self.check_trick_based(turns.is_trick_based)
        if turns.tricks_per_hand is not None:
            self.check_tricks_per_hand(turns.tricks_per_hand)
        self.member("turn_structure.deck_empty", turns.deck_empty, DeckEmptyAction)

    def check_phase(self, path: str, index: int, phase: Phase) -> None:
        declared = phase_kinds().get(type(phase))
        if declared is None:
            self.error(path, f"must be a phase, got {_describe(phase)}")
            return
        self.check_declared_fields(path, phase)
        if isinstance(phase, DrawPhase):
            no_card = "a draw from the deck judges no card" if phase.source is Location.DECK else None
            self.check_condition(f"{path}.condition", phase.condition, no_card)
            if phase.stand and phase.mandatory:
                self.warn(f"{path}.stand", "a compulsory draw cannot be declined, so nobody ever stands")
        elif isinstance(phase, PlayPhase):
            self.check_condition(f"{path}.valid_play_condition", phase.valid_play_condition)
            self.check_card_range(path, phase.min_cards, phase.max_cards)
            if phase.runs and _is_int(phase.max_cards) and phase.max_cards < MIN_RUN:
                reason = f"a run has at least {MIN_RUN} cards, but max_cards is {phase.max_cards}"
                self.warn(f"{path}.runs", reason)
        elif isinstance(phase, DiscardPhase):
            self.check_condition(f"{path}.matching_condition", phase.matching_condition)
            takes = any(isinstance(p, DrawPhase) and p.source is Location.DISCARD for p in self.phases)
            if phase.no_return and not takes:
                self.warn(
                    f"{path}.no_return", "no draw phase takes from the discard pile, so it never applies"
                )
        elif isinstance(phase, TrickPhase):
            self.check_trick_phase(path, phase)
        elif isinstance(phase, ClaimPhase):
            self.check_card_range(path, phase.min_cards, phase.max_cards)
        elif isinstance(phase, BiddingPhase):
            self.check_bidding_phase(path, index, phase)
        elif isinstance(phase, KnockPhase):
            self.check_knock_phase(path, phase)
        elif isinstance(phase, PassPhase):
            self.check_pass_phase(path, phase)
        elif isinstance(phase, TrumpPhase):
            self.check_trump_phase(path, index)
        elif isinstance(phase, AskPhase):
            self.check_ask_phase(path, phase)
        elif isinstance(phase, AuctionPhase):
            self.check_auction_phase(path, index, phase)
        elif isinstance(phase, DealerPhase):
            self.check_dealer_phase(path, index)
        elif isinstance(phase, BoardPhase):
            for reason in self.board_refusals(index, phase):
                self.error(path, f"a board cannot be dealt here: {reason}")
            if self.genome.player_count > 2 and self.genome.setup.starting_chips:
                self.warn(path, "no side pots: a player all in for less shares the whole pot")
        elif isinstance(phase, CribPhase):
            for reason in self.crib_refusals(index, phase):
                self.error(path, f"a crib cannot be made here: {reason}")
        elif isinstance(phase, ShowPhase):
            self.check_show_phase(path, index)
        elif isinstance(phase, CallPhase | ClimbPhase):
            self.check_climbing_phase(path, index, phase)

    def check_declared_fields(self, path: str, phase: Phase) -> None:
        """The checks a phase's declaration implies (``genome.declare``), field by field in field order:
        an int within its declared range or among its choices, a bool, an enum member (or None when
        optional). Conditions, cards and tuples are checked by their kind's own rules."""
        hints = field_types(type(phase))
        for field in dataclasses.fields(phase):
            where, value, declared = f"{path}.{field.name}", getattr(phase, field.name), field_facts(field)
            kind = hints[field.name]
            members = typing.get_args(kind) if typing.get_origin(kind) is types.UnionType else (kind,)
            enums = [m for m in members if isinstance(m, type) and issubclass(m, Enum)]
            if kind is int and declared.choices:
                if not _is_int(value) or value not in declared.choices:
                    self.error(where, f"must be {declared.note}, got {_describe(value)}")
            elif kind is int:
                self.integer(where, value, declared.low, declared.high, declared.note)
            elif kind is bool and not isinstance(value, bool):
                self.error(where, f"must be a bool, got {_describe(value)}")
            elif len(enums) == 1 and len(members) <= 2:
                self.member(where, value, enums[0], optional=type(None) in members)

    def check_card_range(self, path: str, min_cards: int, max_cards: int) -> None:
        """The relation of a phase's card counts (their ranges are declared)."""
        if _within(min_cards, 1) and _within(max_cards, 1) and min_cards > max_cards:
            self.error(f"{path}.min_cards", f"must be ≤ max_cards ({max_cards}), got {min_cards}")

    def check_trick_phase(self, path: str, phase: TrickPhase) -> None:
        if phase.trump_suit is None or isinstance(phase.trump_suit, Suit):
            setup_trump = self.genome.setup.trump_suit
            if isinstance(setup_trump, Suit) and phase.trump_suit is not setup_trump:
                trump = "none" if phase.trump_suit is None else phase.trump_suit.value
                self.warn(f"{path}.trump_suit", f"is {trump} but setup.trump_suit is {setup_trump.value}")
        self.check_first_trick(path, phase)
        self.check_top_trumps(f"{path}.top_trumps", phase)

    def check_top_trumps(self, path: str, phase: TrickPhase) -> None:
        tops = tuple(phase.top_trumps)
        if not tops:
            return
        if len(tops) > MAX_TOP_TRUMPS:
            self.error(path, f"at most {MAX_TOP_TRUMPS} top trumps, got {len(tops)}")
        for i, top in enumerate(tops):
            rank_ok = self.member(f"{path}[{i}].rank", top.rank, Rank)
            if self.member(f"{path}[{i}].suit", top.suit, TrumpRelation) and rank_ok:
                if top in tops[:i]:
                    self.warn(f"{path}[{i}]", "is listed twice; only the first counts")
                self.rank_in_deck(f"{path}[{i}].rank", top.rank)
        setup = self.genome.setup
        trumps = phase.trump_suit or setup.trump_suit or setup.turned_trump or self.phase_indices(TrumpPhase)
        if not trumps:
            self.warn(path, "no trump suit is ever in force (no trump suit and no trump phase): never used")

    def check_trump_phase(self, path: str, index: int) -> None:
        if not any(i > index for i in self.phase_indices(TrickPhase)):
            self.error(path, "a trump phase needs a trick phase after it")
        if self.genome.setup.initial_discard_count == 0:
            self.error(
                path,
                "a trump phase turns up the top of the discard pile, "
                "but setup.initial_discard_count is 0 (turn up at least 1)",
            )
        first = self.phase_indices(TrumpPhase)[0]
        if first != index:
            self.warn(path, f"trump is chosen once per hand, by turn_structure.phases[{first}]: never acts")

    def check_pass_phase(self, path: str, phase: PassPhase) -> None:
        if _within(phase.count, 1, UINT8_MAX):
            cards = self.cards_per_player
            if cards is not None and phase.count > cards:
                self.warn(f"{path}.count", f"is {phase.count} but each player is dealt {cards} cards")
        if not 1 <= len(phase.directions) <= MAX_PASS_DIRECTIONS:
            self.error(f"{path}.directions", f"needs 1..{MAX_PASS_DIRECTIONS} directions")
        for i, direction in enumerate(phase.directions):
            where = f"{path}.directions[{i}]"
            across = self.member(where, direction, PassDirection) and direction is PassDirection.ACROSS
            if across and self.genome.player_count % 2:
                self.error(where, "passing across needs an even number of players")
        if all(d is PassDirection.HOLD for d in phase.directions):
            self.warn(f"{path}.directions", "every hand holds its cards: nothing is ever passed")

    def check_first_trick(self, path: str, phase: TrickPhase) -> None:
        if phase.first_lead is not None:
            rank, suit = phase.first_lead
            if self.member(f"{path}.first_lead", rank, Rank) and self.member(
                f"{path}.first_lead", suit, Suit
            ):
                self.rank_in_deck(f"{path}.first_lead", rank)
        if phase.clean_first_trick and not self.scores_tricks():
            self.warn(f"{path}.clean_first_trick", "no trick_win scoring rule: every card is clean")

    def scores_tricks(self) -> bool:
        return any(rule.trigger is ScoringTrigger.TRICK_WIN for rule in self.genome.scoring.card_rules)

    def check_auction_phase(self, path: str, index: int, phase: AuctionPhase) -> None:
        if not any(i > index for i in self.phase_indices(TrickPhase)):
            self.error(path, "an auction phase needs a trick phase after it")
        tricks = self.hand_tricks
        if _is_int(tricks) and tricks < MIN_AUCTION_TRICKS:
            reason = f"a contract of level 7 takes every trick of at least {MIN_AUCTION_TRICKS}"
            self.error(path, f"{reason}, but a hand has {tricks} tricks")
        pairs = self.genome.team_mode and any(len(team) == 2 for team in self.genome.teams)
        if phase.dummy is True and not pairs:
            self.warn(f"{path}.dummy", "no team of two players, so nobody is ever the dummy")
        first = self.phase_indices(AuctionPhase)[0]
        if first != index:
            reason = f"the contract is set once per hand, by turn_structure.phases[{first}]: never acts"
            self.warn(path, reason)

    def check_dealer_phase(self, path: str, index: int) -> None:
        for reason in self.dealer_refusals(index):
            self.error(path, f"a dealer cannot play here: {reason}")

    def dealer_refusals(self, index: int) -> list[str]:
        """Why this game cannot have Blackjack's dealer (the module rules), empty when it can."""
        genome, reasons = self.genome, []
        evaluation = genome.scoring.hand_evaluation
        point_total = evaluation is not None and evaluation.method is EvaluationMethod.POINT_TOTAL
        if not point_total or evaluation is None or not evaluation.bust_threshold:
            reasons.append("scoring.hand_evaluation must be a point_total with a bust_threshold")
        if genome.team_mode:
            reasons.append("in team mode (each player plays the house alone)")
        if self.phase_indices(ClaimPhase):
            reasons.append("a claim phase's face-down pile is where the hole card lies")
        if genome.setup.tableau_mode is not TableauMode.NONE or self.uses_tableau():
            reasons.append("the tableau is in use, and the dealer's cards lie there")
        if self.phase_indices(DealerPhase)[0] != index:
            reasons.append("a second dealer phase (the house has one hand)")
        dealt, deck = self.dealt(), self.deck
        if dealt is not None and deck is not None and dealt + 2 > deck.size:
            reasons.append(f"{self.the_deal('leaves')} no two cards of the {deck.size} for the dealer")
        return reasons

    def board_refusals(self, index: int, phase: BoardPhase) -> list[str]:
        """Why this game cannot deal this board phase (``engine.board``), empty when it can."""
        genome, reasons = self.genome, []
        evaluation = genome.scoring.hand_evaluation
        poker = evaluation is not None and evaluation.method is EvaluationMethod.POKER
        showdown = any(w.type is WinType.BEST_HAND for w in genome.win_conditions)
        if not poker or not showdown:
            reasons.append(
                "no best-hand showdown (a poker hand evaluation and a best_hand win condition) counts "
                "the board in anyone's hand"
            )
        if genome.setup.tableau_mode is not TableauMode.NONE or self.uses_tableau():
            reasons.append("the tableau is in use, and the board lies there")
        if self.phase_indices(DealerPhase):
            reasons.append("a dealer phase's cards lie where the board would")
        later_bets = [i for i in self.phase_indices(BettingPhase) if i > index]
        blinds = (phase.small_blind, phase.big_blind)
        if not all(_is_int(blind) for blind in blinds):
            return reasons  # the declared range checks report them
        if phase.big_blind and (not genome.setup.starting_chips or not later_bets):
            reasons.append("blinds need setup.starting_chips and a betting phase after the board phase")
        if phase.small_blind > phase.big_blind:
            reasons.append(f"the small blind {phase.small_blind} is above the big blind {phase.big_blind}")
        if phase.pot_sized and not self.phase_indices(BettingPhase):
            reasons.append("pot_sized needs a betting phase")
        board = sum(p.cards for p in self.phases if isinstance(p, BoardPhase) and _is_int(p.cards))
        dealt, deck = self.dealt(), self.deck
        if dealt is not None and deck is not None and dealt + board > deck.size:
            short = f"fewer than the board's {board} cards of the {deck.size}"
            reasons.append(f"{self.the_deal('leaves')} {short}")
        if board > MAX_BOARD:
            reasons.append(f"the board phases deal {board} cards, more than {MAX_BOARD}")
        return reasons

    def crib_refusals(self, index: int, phase: CribPhase) -> list[str]:
        """Why this game cannot have Cribbage's crib (``engine.crib``), empty when it can."""
        genome, reasons = self.genome, []
        if not self.phase_indices(ShowPhase):
            reasons.append("a crib needs a show phase to count it (and the hands kept), and there is none")
        if self.phase_indices(ClaimPhase) or self.phase_indices(DealerPhase):
            reasons.append("a claim or dealer phase uses the face-down pile where the crib lies")
        if self.phase_indices(BoardPhase):
            reasons.append("a board phase's cards lie on the tableau, where the starter would")
        if genome.setup.tableau_mode is not TableauMode.NONE or self.uses_tableau():
            reasons.append("the tableau is in use, and the starter lies there")
        if self.phase_indices(CribPhase)[0] != index:
            reasons.append("a second crib phase (the crib is made once a hand)")
        cards, deck = self.cards_per_player, self.deck
        if _is_int(cards) and _is_int(phase.count):
            laid = phase.count * genome.player_count
            if max(cards - phase.count, laid) > MAX_COUNTED:
                reasons.append(f"a show counts at most {MAX_COUNTED} cards and the starter")
            dealt = self.dealt()
            needed = None if dealt is None else dealt + max(CRIB_SIZE - laid, 0) + 1
            if needed is not None and deck is not None and needed > deck.size:
                reasons.append(
                    f"{self.the_deal()}, the crib and the starter need {needed} cards, "
                    f"the deck has {deck.size}"
                )
        return reasons

    def check_show_phase(self, path: str, index: int) -> None:
        if not self.phase_indices(CribPhase):
            self.error(
                path, "a show counts the hands kept from a crib phase and the starter, and there is none"
            )
        if self.phase_indices(ShowPhase)[0] != index:
            self.error(path, "a second show phase (the hands are counted once a hand)")

    def check_climbing_phase(self, path: str, index: int, phase: CallPhase | ClimbPhase) -> None:
        if isinstance(phase, CallPhase):
            for reason in self.call_refusals(index):
                self.error(path, f"a call for the landlord cannot be made here: {reason}")
        else:
            for reason in self.climb_refusals(index, phase):
                self.error(path, f"combinations cannot be played here: {reason}")
            if Combo.ROCKET in phase.combos and not self.genome.setup.jokers:
                self.warn(f"{path}.combos", "the rocket (both jokers) can never be played without jokers")

    def call_refusals(self, index: int) -> list[str]:
        """Why this game cannot have Dou Dizhu's call (``engine.climb``), empty when it can."""
        genome, reasons = self.genome, []
        if not [i for i in self.phase_indices(ClimbPhase) if i > index]:
            reasons.append("no climb phase after it plays the hand the call sets")
        if genome.team_mode:
            reasons.append("in team mode (the declarer plays alone against the rest)")
        if _is_int(genome.player_count) and genome.player_count < 3:
            reasons.append(f"{genome.player_count} players (one against the rest needs at least 3)")
        if _is_int(genome.setup.cards_per_player) and genome.setup.cards_per_player < 1:
            reasons.append("no cards are dealt (each player climbs with a hand)")
        if self.phase_indices(CallPhase)[0] != index:
            reasons.append("a second call phase (the landlord is called once a hand)")
        return reasons

    def climb_refusals(self, index: int, phase: ClimbPhase) -> list[str]:
        """Why this game cannot have Dou Dizhu's climb (``engine.combinations``), empty when it can."""
        reasons = []
        if not [i for i in self.phase_indices(CallPhase) if i < index]:
            reasons.append("no call phase before it names the declarer")
        others = sorted({phase_kinds()[type(p)].kind for p in self.phases if not isinstance(p, _CLIMBING)})
        if others:
            reasons.append(f"the climb is the whole hand, but the game also has {', '.join(others)} phases")
        if self.deck is not None and self.deck is not DeckType.STANDARD_52:
            reasons.append(f"the combinations rank the standard_52 deck (3 … K, A, 2), not {self.deck.value}")
        combos = tuple(phase.combos)
        if not combos:
            reasons.append("no combination type is allowed (combos is empty)")
        elif not all(isinstance(combo, Combo) for combo in combos):
            reasons.append(f"combos must be Combo members ({_values(Combo)})")
        elif len(set(combos)) != len(combos):
            reasons.append("a combination type is listed twice in combos")
        elif Combo.SOLO not in combos:
            reasons.append("the solo is not in combos (a player who leads must always have a play)")
        if self.phase_indices(ClimbPhase)[0] != index:
            reasons.append("a second climb phase")
        return reasons

    def uses_tableau(self) -> bool:
        for phase in self.phases:
            target = getattr(phase, "target", None)
            source = getattr(phase, "source", None)
            if Location.TABLEAU in (target, source):
                return True
        return False

    def check_ask_phase(self, path: str, phase: AskPhase) -> None:
        cards, deck = self.cards_per_player, self.deck
        dealt_out = cards is not None and deck is not None and cards * self.genome.player_count >= deck.size
        if phase.fish is True and dealt_out:
            self.warn(f"{path}.fish", "every card is dealt, so the deck is empty and nobody ever fishes")

    def check_knock_phase(self, path: str, phase: KnockPhase) -> None:
        evaluation = self.genome.scoring.hand_evaluation
        if evaluation is None:
            self.error(path, "a knock phase needs scoring.hand_evaluation to measure the hand")
        elif phase.lay_off and evaluation.method is not EvaluationMethod.DEADWOOD:
            self.warn(
                f"{path}.lay_off",
                f"only deadwood hands have melds to lay off on; with {evaluation.method.value} it is ignored",
            )

    def check_bidding_phase(self, path: str, index: int, phase: BiddingPhase) -> None:
        if not any(i > index for i in self.phase_indices(TrickPhase)):
            self.error(path, "a bidding phase needs a trick phase after it")
        min_ok = _within(phase.min_bid, 0)
        max_ok = _within(phase.max_bid, 0, UINT8_MAX)
        if min_ok and max_ok and phase.min_bid > phase.max_bid:
            self.error(f"{path}.min_bid", f"must be ≤ max_bid ({phase.max_bid}), got {phase.min_bid}")
        cards = self.cards_per_player
        if max_ok and cards is not None and phase.max_bid > cards:
            self.warn(
                f"{path}.max_bid",
                f"is {phase.max_bid} but each player is dealt {cards} cards; "
                "bids above the hand size are never offered",
            )

    def check_trick_based(self, is_trick_based: bool) -> None:
        tricks = self.phase_indices(TrickPhase)
        derived = "; is_trick_based is derived from the phases"
        if is_trick_based and not tricks:
            self.warn("turn_structure.is_trick_based", f"is True but no phase is a trick phase{derived}")
        elif not is_trick_based and tricks:
            self.warn(
                "turn_structure.is_trick_based",
                f"is False but turn_structure.phases[{tricks[0]}] is a trick phase{derived}",
            )

    def check_tricks_per_hand(self, tricks: int) -> None:
        path = "turn_structure.tricks_per_hand"
        if not self.integer(path, tricks, 1, UINT8_MAX, " (one byte)"):
            return
        cards = self.cards_per_player
        if not self.phase_indices(TrickPhase):
            self.warn(path, "is ignored: no phase is a trick phase")
        elif cards is not None and tricks > cards:
            self.warn(
                path,
                f"is {tricks} but each player is dealt {cards} cards; "
                "the hands run out first, and a hand also ends when every hand is empty",
            )

    # -- conditions ----------------------------------------------------------------------------------

    def check_condition(self, path: str, condition: ConditionLike | None, no_card: str | None = None) -> None:
        """Check a condition tree; ``no_card`` says why no card is judged there (card tests are errors)."""
        if condition is None:
            return
        if isinstance(condition, CompoundCondition):
            self.member(f"{path}.logic", condition.logic, Logic)
            children = tuple(condition.conditions)
            if len(children) < 2:
                self.error(f"{path}.conditions", f"must join at least 2 conditions, got {len(children)}")
            for i, child in enumerate(children):
                self.check_condition(f"{path}.conditions[{i}]", child, no_card)
        elif isinstance(condition, Condition):
            self.check_simple_condition(path, condition, no_card)
        else:
            self.error(path, f"must be a Condition or CompoundCondition, got {_describe(condition)}")

    def check_simple_condition(self, path: str, condition: Condition, no_card: str | None) -> None:
        kind = condition.type
        if not self.member(f"{path}.type", kind, ConditionType):
            return
        if kind in CARD_TESTS and no_card is not None:
            self.error(f"{path}.type", f"{kind.value} tests a candidate card, but {no_card}")
        if kind is ConditionType.HAND_VALUE and self.genome.scoring.hand_evaluation is None:
            self.error(f"{path}.type", "hand_value needs scoring.hand_evaluation")
        self.check_operator(f"{path}.operator", kind, condition.operator)
        self.check_value(f"{path}.value", kind, condition.value)
        if self.member(f"{path}.reference", condition.reference, Reference, optional=True):
            self.check_turned_card_reference(f"{path}.reference", condition)

    def check_turned_card_reference(self, path: str, condition: Condition) -> None:
        if condition.reference is not Reference.TURNED_CARD:
            return
        if condition.type not in CARD_REFERENCE_TYPES:
            self.error(path, f"turned_card is a card, not a place: {condition.type.value} cannot use it")
        elif self.genome.setup.turned_trump is None:
            self.error(path, "turned_card needs setup.turned_trump (no card is turned up for trumps)")

    def check_operator(self, path: str, kind: ConditionType, operator: Operator | None) -> None:
        if kind in NUMERIC:
            if operator is None:
                self.error(path, f"{kind.value} needs an operator ({_values(Operator)})")
            else:
                self.member(path, operator, Operator)
        elif operator is not None:
            self.warn(path, f"is ignored by {kind.value}")

    def check_value(self, path: str, kind: ConditionType, value: object) -> None:
        if kind in RANK_VALUED:
            if isinstance(value, Rank):
                self.rank_in_deck(path, value)
            else:
                self.error(path, f"{kind.value} needs a Rank ({_values(Rank)}), got {_describe(value)}")
        elif kind in SUIT_VALUED:
            if not isinstance(value, Suit):
                self.error(path, f"{kind.value} needs a Suit ({_values(Suit)}), got {_describe(value)}")
        elif kind in NUMERIC or kind in COUNTED:
            if not _is_int(value):
                self.error(path, f"{kind.value} needs an integer, got {_describe(value)}")
            elif kind in COUNTED:
                self.integer(path, value, MIN_GROUP, MAX_GROUP)
        elif value is not None:
            self.warn(path, f"is ignored by {kind.value}")

    # -- win conditions, effects, scoring ------------------------------------------------------------

    def check_win_conditions(self) -> None:
        wins = self.genome.win_conditions
        if not wins:
            self.error("win_conditions", "must have at least one win condition")
        dead: list[tuple[str, str]] = []
        live = False
        for i, win in enumerate(wins):
            path = f"win_conditions[{i}]"
            if not self.member(f"{path}.type", win.type, WinType):
                continue
            why_dead = self.why_dead(win.type)
            if why_dead is None:
                live = True
            else:
                dead.append((f"{path}.type", why_dead))
            if win.threshold is not None and win.type is WinType.SCORE_FLOOR:
                note = " (scores start at 0: a floor must lie below it)"
                self.integer(f"{path}.threshold", win.threshold, INT16_MIN, -1, note)
            elif win.threshold is not None and win.type is WinType.HANDS_PLAYED:
                self.integer(f"{path}.threshold", win.threshold, 1, note=" (hands to play)")
            elif win.threshold is not None:
                self.integer(f"{path}.threshold", win.threshold, 0)
            elif win.type in THRESHOLD_REQUIRED:
                self.error(f"{path}.threshold", f"{win.type.value} needs a threshold")
        self.report_dead_wins(dead, live)

    def why_dead(self, win_type: WinType) -> str | None:
        """Why a win condition of this type can never fire in this genome, or None when it can."""
        if win_type in SCORE_WINS and not self.something_scores():
            return (
                f"{win_type.value} needs something that scores (scoring.card_rules, "
                "scoring.hand_evaluation or contract_scoring), but the genome has none"
            )
        if win_type in CAPTURE_WINS and not self.can_capture():
            return (
                f"{win_type.value} needs a way to capture cards (tableau_mode war or match_rank with a "
                "play phase to the tableau, or a trick phase), but the genome has none"
            )
        if win_type is WinType.SCORE_FLOOR and not self.can_lose_points():
            return "score_floor needs a way to lose points (contract_scoring or a negative card rule)"
        if win_type is WinType.BEST_HAND and self.genome.scoring.hand_evaluation is None:
            return "best_hand needs scoring.hand_evaluation"
        if win_type in _TRICK_WINS and not self.phase_indices(TrickPhase):
            return f"{win_type.value} needs a trick phase"
        return None

    def can_lose_points(self) -> bool:
        """Whether a score can fall below 0: a failed contract, or a card rule worth negative points."""
        genome = self.genome
        negative = any(rule.points < 0 for rule in genome.scoring.card_rules)
        return genome.contract_scoring is not None or negative

    def report_dead_wins(self, dead: list[tuple[str, str]], live: bool) -> None:
        """Dead win conditions beside a live one are ignored (warnings); with no live one, errors."""
        if not dead:
            return
        if live:
            for path, why_dead in dead:
                self.warn(path, f"{why_dead}; it can never fire and is ignored (another win condition can)")
            return
        self.error(
            "win_conditions",
            "no win condition can fire, so the game can only end in a draw by turn limit",
        )
        for path, why_dead in dead:
            self.error(path, why_dead)

    def check_special_effects(self) -> None:
        first_seen: dict[Rank, int] = {}
        for i, effect in enumerate(self.genome.special_effects):
            path = f"special_effects[{i}]"
            rank = effect.trigger_rank
            if self.member(f"{path}.trigger_rank", rank, Rank):
                if rank in first_seen:
                    self.warn(
                        f"{path}.trigger_rank",
                        f"rank {rank.value} already has an effect at special_effects[{first_seen[rank]}]; "
                        "the last one listed wins",
                    )
                else:
                    self.rank_in_deck(f"{path}.trigger_rank", rank)
                first_seen[rank] = i
            self.member(f"{path}.effect_type", effect.effect_type, EffectType)
            self.member(f"{path}.target", effect.target, TargetSelector)
            self.integer(f"{path}.value", effect.value, 1, UINT8_MAX)

    def check_scoring(self) -> None:
        scoring = self.genome.scoring
        for i, rule in enumerate(scoring.card_rules):
            path = f"scoring.card_rules[{i}]"
            self.check_condition(f"{path}.condition", rule.condition)
            if not _is_int(rule.points):
                self.error(f"{path}.points", f"must be an integer, got {_describe(rule.points)}")
            self.member(f"{path}.trigger", rule.trigger, ScoringTrigger)
        if scoring.hand_evaluation is not None:
            self.check_hand_evaluation("scoring.hand_evaluation", scoring.hand_evaluation)
        if scoring.shoot_the_moon and not (self.scores_tricks() and self.phase_indices(TrickPhase)):
            self.warn(
                "scoring.shoot_the_moon",
                "needs a trick phase and a trick_win scoring rule: nobody can ever shoot the moon",
            )

    def check_hand_evaluation(self, path: str, evaluation: HandEvaluation) -> None:
        method_ok = self.member(f"{path}.method", evaluation.method, EvaluationMethod)
        values = tuple(evaluation.card_values)
        if len(values) != CARD_VALUE_COUNT:
            self.error(
                f"{path}.card_values",
                f"must have {CARD_VALUE_COUNT} entries (ranks 2..A), got {len(values)}",
            )
        for i, value in enumerate(values):
            if not _is_int(value):
                self.error(f"{path}.card_values[{i}]", f"must be an integer, got {_describe(value)}")
        if method_ok and evaluation.method is not EvaluationMethod.POINT_TOTAL:
            for name in ("ace_alternate_value", "bust_threshold"):
                if getattr(evaluation, name) is not None:
                    self.warn(
                        f"{path}.{name}",
                        f"is used only by point_total (the method is {evaluation.method.value})",
                    )
        for i, pattern in enumerate(evaluation.patterns):
            self.member(f"{path}.patterns[{i}]", pattern, HandPattern)

    # -- teams and contracts -------------------------------------------------------------------------

    def check_teams(self) -> None:
        genome = self.genome
        teams = tuple(genome.teams)
        if not genome.team_mode:
            if teams:
                self.error("teams", "teams are given but team_mode is False")
            return
        if not teams:
            self.error("teams", "team_mode is True but no teams are given")
            return
        if len(teams) < 2:
            self.error("teams", f"team_mode needs at least 2 teams, got {len(teams)}")
        self.check_team_members(teams)

    def check_team_members(self, teams: tuple[tuple[int, ...], ...]) -> None:
        players = self.genome.player_count
        player_ok = _is_int(players) and players > 0
        team_of: dict[int, int] = {}
        for t, team in enumerate(teams):
            if not isinstance(team, tuple | list):
                self.error(f"teams[{t}]", f"must be a tuple of player indices, got {_describe(team)}")
                continue
            if not team:
                self.error(f"teams[{t}]", "a team needs at least one player")
            for m, player in enumerate(team):
                path = f"teams[{t}][{m}]"
                if not (
                    player_ok and self.integer(path, player, 0, players - 1, f" (player_count is {players})")
                ):
                    continue
                if player in team_of:
                    self.error(path, f"player {player} is already in teams[{team_of[player]}]")
                else:
                    team_of[player] = t
        if player_ok:
            missing = [p for p in range(players) if p not in team_of]
            if missing:
                listed = ", ".join(str(p) for p in missing)
                self.error("teams", f"player(s) {listed} are in no team; every player needs exactly one")

    def check_contract_scoring(self) -> None:
        contract = self.genome.contract_scoring
        bidding = self.phase_indices(BiddingPhase)
        if contract is None:
            if bidding:
                self.error(
                    "contract_scoring",
                    f"is missing but turn_structure.phases[{bidding[0]}] is a bidding phase, which needs it",
                )
            return
        if not bidding:
            self.error("contract_scoring", "is given but no phase is a bidding phase")
        self.check_contract_fields(contract)

    def check_contract_fields(self, contract: ContractScoring) -> None:
        for name, (low, high, note) in _CONTRACT_FIELD_RANGES:
            self.integer(f"contract_scoring.{name}", getattr(contract, name), low, high, note)
        if not isinstance(contract.exact, bool):
            self.error("contract_scoring.exact", f"must be true or false, got {_describe(contract.exact)}")

    def check_maker_scoring(self) -> None:
        maker = self.genome.maker_scoring
        if maker is None:
            return
        if not self.phase_indices(TrumpPhase):
            self.error("maker_scoring", "is given but no phase is a trump phase (nobody is ever a maker)")
        for name in ("made_points", "march_points", "euchre_points"):
            self.integer(f"maker_scoring.{name}", getattr(maker, name), *_ONE_BYTE)
        path = "maker_scoring.made_tricks"
        if not self.integer(path, maker.made_tricks, 1, UINT8_MAX, " (one byte)"):
            return
        per_hand = self.hand_tricks
        if per_hand is not None and maker.made_tricks > per_hand:
            self.warn(path, f"is {maker.made_tricks} but a hand has at most {per_hand} tricks: never made")

    def check_book_scoring(self) -> None:
        book = self.genome.book_scoring
        if book is None:
            return
        if not self.phase_indices(TrickPhase):
            self.error("book_scoring", "is given but no phase is a trick phase (no side ever takes a trick)")
        self.integer("book_scoring.points_per_trick", book.points_per_trick, *_ONE_BYTE)
        if not self.integer("book_scoring.book", book.book, *_ONE_BYTE):
            return
        per_hand = self.hand_tricks
        if per_hand is not None and book.book >= per_hand:
            self.warn(
                "book_scoring.book", f"is {book.book} but a hand has at most {per_hand} tricks: never scores"
            )

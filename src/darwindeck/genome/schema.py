"""The game genome: a complete, frozen description of a card game.

A ``GameGenome`` says how cards are dealt (``SetupRules``), what a turn is (``TurnStructure`` of phases),
which cards trigger effects (spec 000), how the tableau behaves (spec 001), who plays with whom (seed
003), how bids are scored (spec 004), what scores, and who wins. Everything is a frozen dataclass or an
enum, so a genome is a value: compare it with ``==``, hash it, share it between processes.

Identity is ``genome.identity``: a SHA-256 of the canonical JSON of the *rules* (name and description
excluded), stable across processes and machines. Caches key on it, never on a name.

Where the engine needs a rule the specification leaves open, it is a field here, never an implicit behaviour:

* ``TurnStructure.deck_empty``: what an attempt to draw from an empty deck does.
* ``SetupRules.refill_hands``: deal again when every hand is empty and the deck is not (Scopa).
* ``SetupRules.captures_to``: where captured cards go (``captured`` pile, or the bottom of the hand as in
  War).
* ``SetupRules.hand_visibility``: ``face_down`` hands are stacks played from the top without a choice.

Win conditions: a game is a sequence of hands until a win condition holds or ``max_turns`` is reached (a
draw). ``threshold`` is required for the score types and for ``first_to_score`` / ``score_threshold``:

=================  ==================================================================================
empty_hand         the first player (team: any member) to empty their hand wins
all_hands_empty    when every hand is empty the game ends; the highest score wins
high_score         when a score reaches ``threshold`` (without one: at every hand end) the highest wins
low_score          when a score reaches ``threshold`` the lowest score wins (Hearts)
first_to_score     the first player (team) to reach ``threshold`` points wins
score_threshold    a player (team) whose score is at least ``threshold`` at a hand end wins
capture_all        a player (team) who holds / has captured every card wins (War)
most_captured      when the cards run out the player (team) with most captured cards wins
best_hand          at showdown the best hand by ``scoring.hand_evaluation`` wins
most_tricks        at hand end the player (team) with most tricks wins
fewest_tricks      at hand end the player (team) with fewest tricks wins
=================  ==================================================================================

A score win with a ``threshold`` (``high_score``, ``low_score``, ``first_to_score``, ``score_threshold``)
that is reached while two sides share the best score is not met yet: the game plays on (another hand)
until one side alone is best, as Hearts and Spades are played; the turn limit still ends it.

``SetupRules.turned_trump`` (``TurnedTrump``): each hand's trump suit is the suit of a card turned up at
the deal, the top of the discard pile (``upcard``) or the dealer's last card (``dealer_last``).
``SetupRules.jokers`` (0 or 2): the deck gains a black joker (card id 52) and a red joker (53), which
only a climb phase plays (Dou Dizhu). ``SetupRules.kitty``: after the deal this many cards are set aside
face down; a call phase turns them up and gives them to its declarer.
``BookScoring``: at a hand's end each side scores for the tricks it took beyond its book (Whist).

``Scoring.shoot_the_moon``: at a hand's end, a player who won every card that a ``trick_win`` rule
scores (at least one such card exists) shoots the moon: the points those cards gave them are taken back
and every other player scores them instead (Hearts: 0 for the shooter, 26 for everyone else).
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from typing import Any

from darwindeck.genome.cards import CodedEnum, DeckType, Location, Rank, Suit, Visibility
from darwindeck.genome.conditions import (
    CompoundCondition,
    Condition,
    ConditionLike,
    ConditionType,
    iter_conditions,
)
from darwindeck.genome.declare import phase_version
from darwindeck.genome.identity import genome_identity
from darwindeck.genome.phases import (
    AuctionPhase,
    CountPhase,
    CribPhase,
    DealerPhase,
    KnockPhase,
    Phase,
    ShowPhase,
    TrickPhase,
)

#: The newest genome JSON schema this code reads and writes. Older versions are migrated on load; newer
#: ones refused. A genome is written in the oldest version that can hold its rules (``schema_version``).
SCHEMA_VERSION = 2


class TableauMode(CodedEnum):
    """How cards on the tableau interact (spec 001)."""

    NONE = "none"
    WAR = "war"
    MATCH_RANK = "match_rank"
    SEQUENCE = "sequence"


class SequenceDirection(CodedEnum):
    """Direction of SEQUENCE piles (spec 001); meaningful only when the mode is SEQUENCE."""

    ASCENDING = "ascending"
    DESCENDING = "descending"
    BOTH = "both"


class TurnedTrump(CodedEnum):
    """Where the card turned up at the deal to fix each hand's trump suit comes from (``SetupRules.
    turned_trump``); the turned card's suit is trumps for that hand, over any fixed trump suit.

    * ``upcard``: the top card of the discard pile after the deal (``initial_discard_count`` cards are
      turned up there from the stock; it needs at least 1): the top card of the stock after dealing,
      shown to all, as Euchre's turned card (Oh Hell).
    * ``dealer_last``: the last card dealt to the dealer (the seat before the hand's first player) is
      turned face up for all to see and stays in the dealer's hand (Whist, where all 52 cards are dealt
      and no stock is left to turn from).
    """

    UPCARD = "upcard"
    DEALER_LAST = "dealer_last"


class DeckEmptyAction(CodedEnum):
    """What happens when a player must draw from an empty deck.

    * ``reshuffle_discard``: the discard pile except its top card is shuffled into a new deck (nothing to
      shuffle: the draw is skipped).
    * ``skip``: the draw does not happen.
    * ``end_hand``: the hand ends (hand-end scoring applies; the game goes on if no one has won).
    * ``end_game``: the game ends and the win conditions are judged.
    """

    RESHUFFLE_DISCARD = "reshuffle_discard"
    SKIP = "skip"
    END_HAND = "end_hand"
    END_GAME = "end_game"


@dataclass(frozen=True)
class SetupRules:
    cards_per_player: int = 7
    initial_deck: DeckType = DeckType.STANDARD_52
    initial_discard_count: int = 0
    wild_cards: tuple[Rank, ...] = ()
    trump_suit: Suit | None = None
    starting_chips: int = 0
    hand_visibility: Visibility = Visibility.OWNER_ONLY
    discard_visibility: Visibility = Visibility.TOP_ONLY
    tableau_mode: TableauMode = TableauMode.NONE
    sequence_direction: SequenceDirection = SequenceDirection.BOTH
    refill_hands: bool = False
    captures_to: Location = Location.CAPTURED
    turned_trump: TurnedTrump | None = None  # each hand's trump is the suit of a card turned at the deal
    jokers: int = 0  # 0 or 2: the black joker (card id 52) and the red joker (53) join the deck
    kitty: int = 0  # cards set aside face down at the deal, for a call phase's declarer

    @property
    def deck_size(self) -> int:
        """The cards of the deck, jokers included."""
        return self.initial_deck.size + self.jokers


@dataclass(frozen=True)
class TurnStructure:
    """The phases of a turn. ``is_trick_based`` is kept for the spec's vocabulary and the bytecode, but
    what a game does follows ``has_tricks`` (a TrickPhase is present); validation warns on a mismatch."""

    phases: tuple[Phase, ...]
    is_trick_based: bool = False
    tricks_per_hand: int | None = None
    deck_empty: DeckEmptyAction = DeckEmptyAction.SKIP

    @property
    def has_tricks(self) -> bool:
        """Whether hands are played as tricks: a TrickPhase is among the phases."""
        return any(isinstance(phase, TrickPhase) for phase in self.phases)


class EffectType(CodedEnum):
    """Spec 000: what a special card does when played (codes 0-4), and NAME_SUIT (code 5, beyond the seed:
    the player names a suit, which the card counts as while it is on top of the discard: Crazy Eights'
    eights, Uno's wild cards)."""

    SKIP_NEXT = "skip_next"
    REVERSE_DIRECTION = "reverse"
    DRAW_CARDS = "draw_cards"
    EXTRA_TURN = "extra_turn"
    FORCE_DISCARD = "force_discard"
    NAME_SUIT = "name_suit"


class TargetSelector(CodedEnum):
    """Spec 000: who a special effect hits (codes 0-6).

    next / prev follow the direction of play; left / right are fixed seats (+1 / -1) whatever the
    direction; random_opponent draws from the game's seeded RNG; player_choice lets the player pick.
    """

    NEXT_PLAYER = "next_player"
    PREV_PLAYER = "prev_player"
    PLAYER_CHOICE = "player_choice"
    RANDOM_OPPONENT = "random_opponent"
    ALL_OPPONENTS = "all_opponents"
    LEFT_OPPONENT = "left_opponent"
    RIGHT_OPPONENT = "right_opponent"


@dataclass(frozen=True)
class SpecialEffect:
    """Spec 000: a card-triggered immediate effect; one per rank, the last listed wins."""

    trigger_rank: Rank
    effect_type: EffectType
    target: TargetSelector = TargetSelector.NEXT_PLAYER
    value: int = 1


class WinType(CodedEnum):
    EMPTY_HAND = "empty_hand"
    HIGH_SCORE = "high_score"
    LOW_SCORE = "low_score"
    FIRST_TO_SCORE = "first_to_score"
    CAPTURE_ALL = "capture_all"
    MOST_CAPTURED = "most_captured"
    ALL_HANDS_EMPTY = "all_hands_empty"
    BEST_HAND = "best_hand"
    MOST_TRICKS = "most_tricks"
    FEWEST_TRICKS = "fewest_tricks"
    SCORE_THRESHOLD = "score_threshold"
    SCORE_FLOOR = "score_floor"  # a side falling to the (negative) threshold ends the game; highest wins
    HANDS_PLAYED = "hands_played"  # after ``threshold`` hands the highest score wins (a tie is a draw)


#: Win types that are decided by scores (something must score for them to make sense).
SCORE_WINS = frozenset(
    {
        WinType.HIGH_SCORE,
        WinType.LOW_SCORE,
        WinType.FIRST_TO_SCORE,
        WinType.SCORE_THRESHOLD,
        WinType.SCORE_FLOOR,
        WinType.HANDS_PLAYED,
    }
)
#: Win types that need a threshold.
THRESHOLD_REQUIRED = frozenset(
    {
        WinType.FIRST_TO_SCORE,
        WinType.SCORE_THRESHOLD,
        WinType.LOW_SCORE,
        WinType.SCORE_FLOOR,
        WinType.HANDS_PLAYED,
    }
)
#: Win types decided by captured cards.
CAPTURE_WINS = frozenset({WinType.CAPTURE_ALL, WinType.MOST_CAPTURED})


@dataclass(frozen=True)
class WinCondition:
    type: WinType
    threshold: int | None = None


class ScoringTrigger(CodedEnum):
    """When a card-scoring rule counts its matching cards.

    * ``trick_win``: each matching card in a trick, for the trick's winner.
    * ``capture``: each matching card captured, for the capturer.
    * ``play``: each matching card the player plays.
    * ``hand_end``: each matching card still in the player's hand when the hand ends.
    """

    TRICK_WIN = "trick_win"
    CAPTURE = "capture"
    PLAY = "play"
    HAND_END = "hand_end"


@dataclass(frozen=True)
class CardScoringRule:
    condition: ConditionLike
    points: int
    trigger: ScoringTrigger


class EvaluationMethod(CodedEnum):
    """How a hand is valued for ``best_hand`` and ``hand_value``.

    * ``high_card``: the highest card wins (rank, then suit order).
    * ``poker``: the poker patterns listed in ``HandEvaluation.patterns`` are recognised (others are not:
      without ``full_house``, K-K-K-2-2 is three of a kind); strength follows the standard order of
      ``HandPattern`` (high card weakest, straight flush strongest), then the ranks of the cards.
    * ``point_total``: sum of card values, using the alternate ace value when it avoids a bust; above
      ``bust_threshold`` the hand busts and cannot win.
    * ``deadwood``: sum of the values of cards not in sets (3+ of a rank) or runs (3+ consecutive of a
      suit); lower is better (Gin Rummy).
    """

    HIGH_CARD = "high_card"
    POKER = "poker"
    POINT_TOTAL = "point_total"
    DEADWOOD = "deadwood"


class HandPattern(CodedEnum):
    HIGH_CARD = "high_card"
    PAIR = "pair"
    TWO_PAIR = "two_pair"
    THREE_OF_A_KIND = "three_of_a_kind"
    STRAIGHT = "straight"
    FLUSH = "flush"
    FULL_HOUSE = "full_house"
    FOUR_OF_A_KIND = "four_of_a_kind"
    STRAIGHT_FLUSH = "straight_flush"


#: Default card values by rank code: 2-10 face value, J/Q/K 10, A 11.
DEFAULT_CARD_VALUES: tuple[int, ...] = (2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10, 11)


@dataclass(frozen=True)
class HandEvaluation:
    method: EvaluationMethod
    card_values: tuple[int, ...] = DEFAULT_CARD_VALUES
    ace_alternate_value: int | None = None
    bust_threshold: int | None = None
    patterns: tuple[HandPattern, ...] = tuple(HandPattern)


@dataclass(frozen=True)
class Scoring:
    card_rules: tuple[CardScoringRule, ...] = ()
    hand_evaluation: HandEvaluation | None = None
    shoot_the_moon: bool = False


@dataclass(frozen=True)
class ContractScoring:
    """Spec 004: how bid contracts score (the defaults are classic Spades).

    Two options beyond the seed, for exact-contract games (Oh Hell): with ``exact`` a contract is made
    only by taking exactly the tricks bid, so taking more fails it like taking fewer (no overtricks, no
    bags); ``made_bonus`` is added to every made contract. Oh Hell's "10 + the bid for an exact bid,
    else nothing" is ``points_per_trick_bid=1, made_bonus=10, exact=True, failed_contract_penalty=0``.
    They are fields of the contract block rather than a block of their own because they change only
    what "made" means and what it is worth: bids, Nil and the team contract stay as they are."""

    points_per_trick_bid: int = 10
    overtrick_points: int = 1
    failed_contract_penalty: int = 10
    nil_bonus: int = 100
    nil_penalty: int = 100
    bag_limit: int = 10
    bag_penalty: int = 100
    exact: bool = False
    made_bonus: int = 0


@dataclass(frozen=True)
class MakerScoring:
    """How the side that chose trump (the *makers*, ``TrumpPhase``) and the others (the *defenders*)
    score at the end of a hand (the defaults are Euchre's, Pagat): the makers' side, counting the tricks
    of all its members, scores ``made_points`` for at least ``made_tricks`` tricks and ``march_points``
    instead when it took every trick of the hand (a march); short of ``made_tricks`` they are euchred and
    every defending side scores ``euchre_points``. A hand nobody made trump in scores nothing."""

    made_tricks: int = 3
    made_points: int = 1
    march_points: int = 2
    euchre_points: int = 2


@dataclass(frozen=True)
class BookScoring:
    """Points for the tricks a side takes beyond its *book* (Whist): at the end of every hand each side
    (a team in team mode, else each player) that took more than ``book`` tricks scores
    ``points_per_trick`` for each trick beyond ``book``; a side at or below the book scores nothing
    (Whist: ``book=6, points_per_trick=1``, so 9 tricks score 3 and the other side's 4 score nothing).

    A block of its own rather than fields of an existing one: ``ContractScoring`` scores bids and needs
    a bidding phase, ``MakerScoring`` scores the side that made trump and needs a trump phase, and a
    card rule (``Scoring.card_rules``) counts cards, not tricks, and cannot subtract a book. Book scoring
    needs only tricks, so it combines with any of them (its points are added to theirs)."""

    book: int = 6
    points_per_trick: int = 1


#: Phase kinds added in schema version 2.


@dataclass(frozen=True)
class GameGenome:
    """A whole game. Build one directly, from JSON (``darwindeck.genome.serialization``) or the library."""

    name: str
    setup: SetupRules
    turn_structure: TurnStructure
    win_conditions: tuple[WinCondition, ...]
    special_effects: tuple[SpecialEffect, ...] = ()
    scoring: Scoring = field(default_factory=Scoring)
    max_turns: int = 200
    player_count: int = 2
    team_mode: bool = False
    teams: tuple[tuple[int, ...], ...] = ()
    contract_scoring: ContractScoring | None = None
    maker_scoring: MakerScoring | None = None
    book_scoring: BookScoring | None = None
    description: str = ""

    def replace(self, **changes: Any) -> GameGenome:
        """A copy with ``changes`` applied (the genome itself never changes)."""
        return dataclasses.replace(self, **changes)

    @property
    def phases(self) -> tuple[Phase, ...]:
        return self.turn_structure.phases

    @property
    def hand_tricks(self) -> int:
        """The tricks of a hand: ``turn_structure.tricks_per_hand`` when given, else one a card dealt."""
        return self.turn_structure.tricks_per_hand or self.setup.cards_per_player

    @property
    def schema_version(self) -> int:
        """The oldest genome schema that holds these rules: 2 with a rule added in version 2 (a pass or
        knock phase, a trick phase's first lead or clean first trick, a draw phase's stand, a discard
        phase's no return, shooting the moon, a score floor, a trump phase, a trick phase's top trumps,
        maker scoring, a turned trump, jokers, a kitty, book scoring, an exact contract, a made bonus, an
        ask phase or a bidding hook or blind Nil, runs or an ``extends_meld`` test, a count or an auction
        phase, a hands-played win), else 1. A phase's part is its declaration's
        (``declare.phase_version``)."""
        phases = self.phases
        added = (
            self.scoring.shoot_the_moon
            or any(phase_version(p) == 2 for p in phases)
            or any(c.type is ConditionType.EXTENDS_MELD for c in self.all_conditions())
            or any(win.type in (WinType.SCORE_FLOOR, WinType.HANDS_PLAYED) for win in self.win_conditions)
            or self.maker_scoring is not None
            or self.setup.turned_trump is not None
            or self.setup.jokers != 0
            or self.setup.kitty != 0
            or self.book_scoring is not None
            or (self.contract_scoring is not None and self.contract_scoring.exact)
            or (self.contract_scoring is not None and self.contract_scoring.made_bonus != 0)
        )
        return 2 if added else 1

    def all_conditions(self) -> list[Condition]:
        """Every simple condition of the genome: in its phases and its card scoring rules."""
        found: list[Condition] = []
        for phase in self.phases:
            for field_value in vars(phase).values():
                if isinstance(field_value, Condition | CompoundCondition):
                    found.extend(iter_conditions(field_value))
        for rule in self.scoring.card_rules:
            found.extend(iter_conditions(rule.condition))
        return found

    @property
    def scores_points(self) -> bool:
        """Whether some rule scores points, so that a seat's or a team's score can change: a win decided
        by scores (validation allows one only where something scores), card scoring rules, a contract,
        the makers' or the books' scoring, or a phase that scores (a count with combos or a go, a crib's
        heels, a show, a knock, an auction, a dealer; each through ``engine.scoring.add_score`` or the
        contract's arithmetic). A hand evaluation alone scores nothing: a showdown gives chips or the
        game. Where nothing scores, scores stay 0 all game: the table does not show them and the
        rulebook does not speak of them."""
        scoring_phases = any(
            (isinstance(p, CountPhase) and (p.combos or p.go_points > 0))
            or (isinstance(p, CribPhase) and p.heels > 0)
            or isinstance(p, (ShowPhase, KnockPhase, AuctionPhase, DealerPhase))
            for p in self.phases
        )
        rules = (
            self.contract_scoring is not None
            or self.maker_scoring is not None
            or self.book_scoring is not None
            or bool(self.scoring.card_rules)
        )
        return rules or scoring_phases or any(w.type in SCORE_WINS for w in self.win_conditions)

    @property
    def identity(self) -> str:
        """SHA-256 hex digest of the canonical JSON of the rules (name and description excluded)."""
        return genome_identity(self)

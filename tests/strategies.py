"""Hypothesis strategies for random *valid* genomes, shared by every test that needs one.

Import them as ``from strategies import genomes`` (pytest puts ``tests/`` on the path).

* ``conditions(types=..., max_depth=...)``: one ``Condition`` or ``CompoundCondition``. Each simple
  condition is shaped by its type as ``conditions.py`` documents: numeric types get an operator and an
  int value, counted types an int count, rank- and suit-valued types a ``Rank`` / ``Suit``, the "--"
  types neither; location types always name a place, card-comparing types optionally a reference card.
* ``phases(...)``: one phase of any kind, with min <= max and counts >= 1.
* ``turn_structures(...)``: phases in a legal order (a bidding phase only before a trick phase), at least
  one of them moving a card; ``is_trick_based`` exactly when there is a trick phase.
* ``genomes()``: a whole genome that ``validate`` accepts without errors. The coupled rules it keeps:
  cards dealt + initial discard <= deck size; WAR only with 2 players; sequence_direction left at BOTH
  unless the mode is SEQUENCE; play and claim phases take at least one card; a capture win or capture
  trigger only when something captures (a trick phase, or WAR / MATCH_RANK with a play phase to the
  tableau); trick wins and trick-win scoring only with a trick phase; bidding only with a trick phase
  and contract scoring exactly when there is bidding; betting phases exactly when ``starting_chips`` > 0;
  score wins only with something that scores; ``hand_value`` conditions and ``best_hand`` only with a
  hand evaluation; thresholds where ``schema.THRESHOLD_REQUIRED`` needs them; teams a partition of the
  players into at least two teams; effect values 1..255; a pass phase (first in the turn, at most
  the cards dealt, across only with an even player count) only when cards are dealt; a knock phase
  (last) only with a hand evaluation; shooting the moon only with a trick phase and a trick-win rule.
"""

from __future__ import annotations

import dataclasses
from typing import TypeVar

from hypothesis import strategies as st

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
from darwindeck.genome.phases import (
    BettingPhase,
    BiddingPhase,
    ClaimPhase,
    DiscardPhase,
    DrawPhase,
    KnockPhase,
    PassDirection,
    PassPhase,
    Phase,
    PlayPhase,
    TrickPhase,
)
from darwindeck.genome.schema import (
    CAPTURE_WINS,
    SCORE_WINS,
    THRESHOLD_REQUIRED,
    CardScoringRule,
    ContractScoring,
    DeckEmptyAction,
    EffectType,
    EvaluationMethod,
    GameGenome,
    HandEvaluation,
    HandPattern,
    Scoring,
    ScoringTrigger,
    SequenceDirection,
    SetupRules,
    SpecialEffect,
    TableauMode,
    TargetSelector,
    TurnStructure,
    WinCondition,
    WinType,
)

T = TypeVar("T")

#: Condition types that test the player or the table, usable anywhere (no candidate card needed).
STATE_TESTS = frozenset(ConditionType) - CARD_TESTS - {ConditionType.HAND_VALUE}
#: Every type except ``hand_value`` (which needs ``scoring.hand_evaluation``).
ANY_BUT_HAND_VALUE = frozenset(ConditionType) - {ConditionType.HAND_VALUE}

_CARD_REFERENCES = (Reference.TOP_DISCARD, Reference.TABLEAU_TOP, Reference.LEAD_CARD, Reference.LAST_PLAYED)
_PLACE_REFERENCES = (
    Reference.HAND,
    Reference.DECK,
    Reference.DISCARD,
    Reference.TABLEAU,
    Reference.CAPTURED,
    Reference.OPPONENT_HAND,
)
_LOCATION_TYPES = frozenset({ConditionType.LOCATION_EMPTY, ConditionType.LOCATION_SIZE})
_NUMERIC_RANGES: dict[ConditionType, tuple[int, int]] = {
    ConditionType.HAND_SIZE: (0, 20),
    ConditionType.LOCATION_SIZE: (0, 52),
    ConditionType.SCORE_COMPARE: (0, 500),
    ConditionType.HAND_VALUE: (0, 60),
}
_COUNT_RANGES: dict[ConditionType, tuple[int, int]] = {
    ConditionType.HAS_SET_OF_N: (2, 4),
    ConditionType.HAS_RUN_OF_N: (3, 5),
}


def _optional(strategy: st.SearchStrategy[T]) -> st.SearchStrategy[T | None]:
    return st.none() | strategy


@st.composite
def simple_conditions(draw: st.DrawFn, types: frozenset[ConditionType] = ANY_BUT_HAND_VALUE) -> Condition:
    """One simple condition of one of ``types``, shaped as its type requires."""
    kind = draw(st.sampled_from(sorted(types, key=lambda t: t.code)))
    if kind in NUMERIC:
        low, high = _NUMERIC_RANGES[kind]
        reference = None
        if kind is ConditionType.HAND_SIZE:
            reference = draw(_optional(st.just(Reference.VALID_PLAYS)))
        elif kind is ConditionType.LOCATION_SIZE:
            reference = draw(st.sampled_from(_PLACE_REFERENCES))
        return Condition(kind, draw(st.sampled_from(Operator)), draw(st.integers(low, high)), reference)
    if kind in COUNTED:
        low, high = _COUNT_RANGES[kind]
        return Condition(kind, None, draw(st.integers(low, high)))
    if kind in RANK_VALUED:
        return Condition(kind, None, draw(st.sampled_from(Rank)))
    if kind in SUIT_VALUED:
        return Condition(kind, None, draw(st.sampled_from(Suit)))
    if kind in _LOCATION_TYPES:
        return Condition(kind, None, None, draw(st.sampled_from(_PLACE_REFERENCES)))
    if kind in CARD_REFERENCE_TYPES:
        return Condition(kind, None, None, draw(_optional(st.sampled_from(_CARD_REFERENCES))))
    return Condition(kind)


def conditions(
    types: frozenset[ConditionType] = ANY_BUT_HAND_VALUE, max_depth: int = 2
) -> st.SearchStrategy[ConditionLike]:
    """A simple condition, or AND / OR over 2-3 conditions nested at most ``max_depth`` levels."""
    leaf = simple_conditions(types)
    if max_depth <= 0:
        return leaf
    children = st.lists(conditions(types, max_depth - 1), min_size=2, max_size=3).map(tuple)
    compound = st.builds(CompoundCondition, st.sampled_from(Logic), children)
    return st.one_of(leaf, compound)


def _min_max(low: int, high: int) -> st.SearchStrategy[tuple[int, int]]:
    """A pair ``(a, b)`` with ``low <= a <= b <= high``."""
    return st.integers(low, high).flatmap(lambda a: st.integers(a, high).map(lambda b: (a, b)))


def draw_phases(condition_types: frozenset[ConditionType] = STATE_TESTS) -> st.SearchStrategy[DrawPhase]:
    return st.builds(
        DrawPhase,
        source=st.sampled_from((Location.DECK, Location.DISCARD, Location.OPPONENT_HAND)),
        count=st.integers(1, 3),
        mandatory=st.booleans(),
        condition=_optional(conditions(condition_types)),
        loop=st.booleans(),
    )


def play_phases(card_types: frozenset[ConditionType] = ANY_BUT_HAND_VALUE) -> st.SearchStrategy[PlayPhase]:
    return _min_max(1, 4).flatmap(
        lambda bounds: st.builds(
            PlayPhase,
            target=st.sampled_from((Location.DISCARD, Location.TABLEAU)),
            valid_play_condition=_optional(conditions(card_types)),
            min_cards=st.just(bounds[0]),
            max_cards=st.just(bounds[1]),
            mandatory=st.booleans(),
            pass_if_unable=st.booleans(),
        )
    )


def discard_phases(
    card_types: frozenset[ConditionType] = ANY_BUT_HAND_VALUE,
) -> st.SearchStrategy[DiscardPhase]:
    return st.builds(
        DiscardPhase,
        target=st.sampled_from((Location.DISCARD, Location.TABLEAU)),
        count=st.integers(1, 3),
        mandatory=st.booleans(),
        matching_condition=_optional(conditions(card_types)),
    )


def trick_phases() -> st.SearchStrategy[TrickPhase]:
    return st.builds(
        TrickPhase,
        lead_suit_required=st.booleans(),
        trump_suit=_optional(st.sampled_from(Suit)),
        high_card_wins=st.booleans(),
        breaking_suit=_optional(st.sampled_from(Suit)),
        first_lead=_optional(st.tuples(st.sampled_from(Rank), st.sampled_from(Suit))),
        clean_first_trick=st.booleans(),
    )


def pass_phases(player_count: int, dealt: int) -> st.SearchStrategy[PassPhase]:
    """A pass phase of at most the cards dealt, across only with an even number of players."""
    directions = [d for d in PassDirection if d is not PassDirection.ACROSS or player_count % 2 == 0]
    return st.builds(
        PassPhase,
        count=st.integers(1, max(1, min(4, dealt))),
        directions=st.lists(st.sampled_from(directions), min_size=1, max_size=5).map(tuple),
    )


def knock_phases() -> st.SearchStrategy[KnockPhase]:
    return st.builds(
        KnockPhase,
        max_value=st.integers(0, 255),
        full_bonus=st.integers(0, 255),
        undercut_bonus=st.integers(0, 255),
        lay_off=st.booleans(),
    )


def claim_phases() -> st.SearchStrategy[ClaimPhase]:
    return _min_max(1, 4).flatmap(
        lambda bounds: st.builds(
            ClaimPhase,
            min_cards=st.just(bounds[0]),
            max_cards=st.just(bounds[1]),
            sequential_rank=st.booleans(),
            allow_challenge=st.booleans(),
            pile_penalty=st.booleans(),
        )
    )


def betting_phases() -> st.SearchStrategy[BettingPhase]:
    return st.builds(BettingPhase, min_bet=st.integers(1, 10), max_raises=st.integers(0, 5))


def bidding_phases() -> st.SearchStrategy[BiddingPhase]:
    return _min_max(0, 13).flatmap(
        lambda bounds: st.builds(
            BiddingPhase,
            min_bid=st.just(bounds[0]),
            max_bid=st.just(bounds[1]),
            allow_nil=st.booleans(),
        )
    )


def phases() -> st.SearchStrategy[Phase]:
    """One phase of any of the seven kinds (each valid on its own)."""
    return st.one_of(
        draw_phases(),
        play_phases(),
        discard_phases(),
        trick_phases(),
        claim_phases(),
        betting_phases(),
        bidding_phases(),
    )


@st.composite
def turn_structures(
    draw: st.DrawFn,
    *,
    betting: bool = False,
    card_types: frozenset[ConditionType] = ANY_BUT_HAND_VALUE,
    max_tricks: int = 13,
) -> TurnStructure:
    """1-5 phases with at least one that moves a card; a betting phase iff ``betting``; a bidding phase
    only directly before a trick phase; ``is_trick_based`` iff a trick phase is present."""
    moving = st.one_of(
        draw_phases(),
        play_phases(card_types),
        discard_phases(card_types),
        trick_phases(),
        claim_phases(),
    )
    listed: list[Phase] = draw(st.lists(moving, min_size=1, max_size=4))
    if betting:
        listed.insert(draw(st.integers(0, len(listed))), draw(betting_phases()))
    trick_at = next((i for i, p in enumerate(listed) if isinstance(p, TrickPhase)), None)
    if trick_at is not None and draw(st.booleans()):
        listed.insert(trick_at, draw(bidding_phases()))
    trick_based = trick_at is not None
    tricks = draw(_optional(st.integers(1, max_tricks))) if trick_based else None
    return TurnStructure(
        phases=tuple(listed),
        is_trick_based=trick_based,
        tricks_per_hand=tricks,
        deck_empty=draw(st.sampled_from(DeckEmptyAction)),
    )


@st.composite
def setups(draw: st.DrawFn, player_count: int, tableau_mode: TableauMode, betting: bool) -> SetupRules:
    """Setup rules dealing no more cards than the deck holds."""
    deck = draw(st.sampled_from(DeckType))
    cards_per_player = draw(st.integers(1, deck.size // player_count))
    room = deck.size - cards_per_player * player_count
    direction = (
        draw(st.sampled_from(SequenceDirection))
        if tableau_mode is TableauMode.SEQUENCE
        else SequenceDirection.BOTH
    )
    return SetupRules(
        cards_per_player=cards_per_player,
        initial_deck=deck,
        initial_discard_count=draw(st.integers(0, min(room, 3))),
        wild_cards=tuple(draw(st.lists(st.sampled_from(deck.ranks()), unique=True, max_size=2))),
        trump_suit=draw(_optional(st.sampled_from(Suit))),
        starting_chips=draw(st.integers(10, 1000)) if betting else 0,
        hand_visibility=draw(st.sampled_from(Visibility)),
        discard_visibility=draw(st.sampled_from(Visibility)),
        tableau_mode=tableau_mode,
        sequence_direction=direction,
        refill_hands=draw(st.booleans()),
        captures_to=draw(st.sampled_from((Location.CAPTURED, Location.HAND))),
    )


def hand_evaluations() -> st.SearchStrategy[HandEvaluation]:
    return st.builds(
        HandEvaluation,
        method=st.sampled_from(EvaluationMethod),
        card_values=st.lists(st.integers(0, 20), min_size=13, max_size=13).map(tuple),
        ace_alternate_value=_optional(st.integers(1, 11)),
        bust_threshold=_optional(st.integers(10, 60)),
        patterns=st.lists(st.sampled_from(HandPattern), unique=True, min_size=1).map(tuple),
    )


def contract_scorings() -> st.SearchStrategy[ContractScoring]:
    return st.builds(
        ContractScoring,
        points_per_trick_bid=st.integers(0, 255),
        overtrick_points=st.integers(0, 255),
        failed_contract_penalty=st.integers(0, 255),
        nil_bonus=st.integers(0, 65535),
        nil_penalty=st.integers(0, 65535),
        bag_limit=st.integers(1, 255),
        bag_penalty=st.integers(0, 65535),
    )


def special_effects(ranks: tuple[Rank, ...] = tuple(Rank)) -> st.SearchStrategy[SpecialEffect]:
    """A special effect triggered by one of ``ranks``."""
    return st.builds(
        SpecialEffect,
        trigger_rank=st.sampled_from(ranks),
        effect_type=st.sampled_from(EffectType),
        target=st.sampled_from(TargetSelector),
        value=st.integers(1, 255),
    )


@st.composite
def team_partitions(draw: st.DrawFn, player_count: int) -> tuple[tuple[int, ...], ...]:
    """Every player in exactly one of 2..player_count non-empty teams, players sorted within a team."""
    team_count = draw(st.integers(2, player_count))
    seats = list(range(player_count))
    owners = list(range(team_count)) + draw(
        st.lists(
            st.integers(0, team_count - 1),
            min_size=player_count - team_count,
            max_size=player_count - team_count,
        )
    )
    order = draw(st.permutations(seats))
    teams: list[list[int]] = [[] for _ in range(team_count)]
    for seat, owner in zip(order, owners, strict=True):
        teams[owner].append(seat)
    return tuple(tuple(sorted(team)) for team in teams)


def _win_condition(kind: WinType) -> st.SearchStrategy[WinCondition]:
    if kind is WinType.SCORE_FLOOR:  # a floor lies below the starting score of 0
        return st.builds(WinCondition, st.just(kind), st.integers(-1000, -1))
    if kind in THRESHOLD_REQUIRED:
        return st.builds(WinCondition, st.just(kind), st.integers(1, 1000))
    if kind is WinType.HIGH_SCORE:
        return st.builds(WinCondition, st.just(kind), _optional(st.integers(1, 1000)))
    return st.just(WinCondition(kind))


_NAME_CHARACTERS = st.characters(categories=("L", "N"))


@st.composite
def genomes(draw: st.DrawFn) -> GameGenome:
    """A random genome with no validation errors (see the module docstring for the rules kept)."""
    player_count = draw(st.integers(2, 6))
    modes = [TableauMode.NONE, TableauMode.MATCH_RANK, TableauMode.SEQUENCE]
    if player_count == 2:
        modes.append(TableauMode.WAR)
    tableau_mode = draw(st.sampled_from(modes))
    betting = draw(st.booleans())
    evaluation = draw(_optional(hand_evaluations()))
    card_types = frozenset(ConditionType) if evaluation else ANY_BUT_HAND_VALUE
    setup = draw(setups(player_count, tableau_mode, betting))
    turns = draw(turn_structures(betting=betting, card_types=card_types, max_tricks=setup.cards_per_player))
    has_tricks = turns.is_trick_based
    bidding = any(isinstance(p, BiddingPhase) for p in turns.phases)
    plays_to_tableau = any(isinstance(p, PlayPhase) and p.target is Location.TABLEAU for p in turns.phases)
    captures = has_tricks or (plays_to_tableau and tableau_mode in (TableauMode.WAR, TableauMode.MATCH_RANK))

    triggers = [ScoringTrigger.PLAY, ScoringTrigger.HAND_END]
    triggers += [ScoringTrigger.TRICK_WIN] if has_tricks else []
    triggers += [ScoringTrigger.CAPTURE] if captures else []
    rule = st.builds(
        CardScoringRule,
        conditions(card_types),
        st.integers(-20, 20).filter(bool),
        st.sampled_from(triggers),
    )
    card_rules = tuple(draw(st.lists(rule, max_size=3)))
    scores = bool(card_rules) or bidding or evaluation is not None

    win_types = {WinType.EMPTY_HAND, WinType.ALL_HANDS_EMPTY}
    win_types |= SCORE_WINS if scores else set()
    if not (bidding or any(rule.points < 0 for rule in card_rules)):
        win_types.discard(WinType.SCORE_FLOOR)  # no score can fall below 0
    win_types |= CAPTURE_WINS if captures else set()
    win_types |= {WinType.MOST_TRICKS, WinType.FEWEST_TRICKS} if has_tricks else set()
    win_types |= {WinType.BEST_HAND} if evaluation else set()
    kinds = draw(st.lists(st.sampled_from(sorted(win_types, key=lambda w: w.code)), min_size=1, max_size=3))

    phases = turns.phases
    if setup.cards_per_player > 0 and draw(st.booleans()):
        phases = (draw(pass_phases(player_count, setup.cards_per_player)), *phases)
    if evaluation is not None and draw(st.booleans()):
        phases = (*phases, draw(knock_phases()))
    turns = dataclasses.replace(turns, phases=phases)
    moon = (
        has_tricks and any(r.trigger is ScoringTrigger.TRICK_WIN for r in card_rules) and draw(st.booleans())
    )

    team_mode = draw(st.booleans())
    return GameGenome(
        name=draw(st.text(_NAME_CHARACTERS, min_size=1, max_size=20)),
        setup=setup,
        turn_structure=turns,
        win_conditions=tuple(draw(_win_condition(kind)) for kind in kinds),
        special_effects=tuple(draw(st.lists(special_effects(setup.initial_deck.ranks()), max_size=4))),
        scoring=Scoring(card_rules=card_rules, hand_evaluation=evaluation, shoot_the_moon=moon),
        max_turns=draw(st.integers(10, 5000)),
        player_count=player_count,
        team_mode=team_mode,
        teams=draw(team_partitions(player_count)) if team_mode else (),
        contract_scoring=draw(contract_scorings()) if bidding else None,
        description=draw(st.text(max_size=40)),
    )

"""Genome validation: one exact case per rule (path, reason and severity), all problems at once,
``ensure_valid``, and random valid genomes validating clean."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest
from hypothesis import given, settings

from darwindeck.errors import GenomeValidationError
from darwindeck.genome.cards import DeckType, Location, Rank, Suit
from darwindeck.genome.conditions import (
    CompoundCondition,
    Condition,
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
    Phase,
    PlayPhase,
    TrickPhase,
)
from darwindeck.genome.schema import (
    CardScoringRule,
    ContractScoring,
    EffectType,
    EvaluationMethod,
    GameGenome,
    HandEvaluation,
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
from darwindeck.genome.validation import (
    Problem,
    Severity,
    ValidationReport,
    ensure_valid,
    validate,
)
from strategies import genomes

E, W = "error", "warning"
SETUP = SetupRules(cards_per_player=5)
PHASES: tuple[Phase, ...] = (DrawPhase(), PlayPhase())
SCORES_ON_PLAY = Scoring(
    card_rules=(
        CardScoringRule(Condition(ConditionType.CARD_IS_SUIT, value=Suit.HEARTS), 1, ScoringTrigger.PLAY),
    )
)
POKER = HandEvaluation(EvaluationMethod.POKER)
NO_LIVE_WIN = "no win condition can fire, so the game can only end in a draw by turn limit"
IGNORED = "; it can never fire and is ignored (another win condition can)"


def minimal(**changes: Any) -> GameGenome:
    """The smallest valid genome: deal 5, draw one, play one, first to empty their hand wins."""
    genome = GameGenome(
        name="minimal",
        setup=SETUP,
        turn_structure=TurnStructure(phases=PHASES),
        win_conditions=(WinCondition(WinType.EMPTY_HAND),),
    )
    return genome.replace(**changes)


def with_setup(**changes: Any) -> GameGenome:
    return minimal(setup=replace(SETUP, **changes))


def with_phases(*phases: Any, **turn_changes: Any) -> GameGenome:
    return minimal(turn_structure=TurnStructure(phases=phases, **turn_changes))


def tricks(*phases: Any, cards: int = 13, **changes: Any) -> GameGenome:
    """A 4-player trick-taking game of ``phases`` (most tricks wins unless ``changes`` says otherwise)."""
    fields: dict[str, Any] = {
        "player_count": 4,
        "setup": SetupRules(cards_per_player=cards),
        "turn_structure": TurnStructure(phases=phases, is_trick_based=True),
        "win_conditions": (WinCondition(WinType.MOST_TRICKS),),
        **changes,
    }
    return minimal(**fields)


def spades(bidding: BiddingPhase | None = None, **changes: Any) -> GameGenome:
    """Bidding then tricks, contract scoring, first to 500."""
    fields: dict[str, Any] = {
        "contract_scoring": ContractScoring(),
        "win_conditions": (WinCondition(WinType.FIRST_TO_SCORE, 500),),
        **changes,
    }
    return tricks(bidding or BiddingPhase(), TrickPhase(trump_suit=Suit.SPADES), **fields)


def drawn_if(condition: Any) -> GameGenome:
    return with_phases(DrawPhase(condition=condition), PlayPhase())


def played_if(condition: Any, **changes: Any) -> GameGenome:
    return minimal(
        turn_structure=TurnStructure(phases=(DrawPhase(), PlayPhase(valid_play_condition=condition))),
        **changes,
    )


def capture_game(mode: TableauMode, target: Location, win: WinType = WinType.MOST_CAPTURED) -> GameGenome:
    return minimal(
        setup=replace(SETUP, tableau_mode=mode),
        turn_structure=TurnStructure(phases=(PlayPhase(target=target),)),
        win_conditions=(WinCondition(win),),
    )


def teams(team_list: Any, player_count: int = 4, team_mode: bool = True) -> GameGenome:
    return minimal(player_count=player_count, team_mode=team_mode, teams=team_list)


def problems(genome: GameGenome) -> list[tuple[str, str, str]]:
    """(severity, path, reason) of every problem: errors first, then warnings."""
    report = validate(genome)
    return [(p.severity.value, p.path, p.reason) for p in report.errors + report.warnings]


VALID = [
    pytest.param(minimal(), id="minimal"),
    pytest.param(spades(), id="spades"),
    pytest.param(spades(team_mode=True, teams=((0, 2), (1, 3))), id="partnership-spades"),
    pytest.param(capture_game(TableauMode.WAR, Location.TABLEAU, WinType.CAPTURE_ALL), id="war"),
    pytest.param(capture_game(TableauMode.MATCH_RANK, Location.TABLEAU), id="match-rank"),
    pytest.param(
        tricks(TrickPhase(), win_conditions=(WinCondition(WinType.MOST_CAPTURED),)), id="trick-captures"
    ),
    pytest.param(
        with_setup(tableau_mode=TableauMode.SEQUENCE, sequence_direction=SequenceDirection.ASCENDING).replace(
            turn_structure=TurnStructure(phases=(PlayPhase(target=Location.TABLEAU),))
        ),
        id="sequence-ascending",
    ),
    pytest.param(
        minimal(
            setup=replace(SETUP, starting_chips=100),
            turn_structure=TurnStructure(phases=(BettingPhase(), DrawPhase())),
            win_conditions=(WinCondition(WinType.BEST_HAND),),
            scoring=Scoring(hand_evaluation=POKER),
        ),
        id="poker",
    ),
]


@pytest.mark.parametrize("genome", VALID)
def test_valid_genomes_have_no_problem(genome: GameGenome) -> None:
    assert problems(genome) == []


CASES = [
    # -- setup ------------------------------------------------------------------------------------------
    pytest.param(minimal(player_count=9), [(E, "player_count", "must be 2..8, got 9")], id="players-above-8"),
    pytest.param(minimal(player_count=1), [(E, "player_count", "must be 2..8, got 1")], id="players-below-2"),
    pytest.param(
        with_setup(cards_per_player=-1),
        [(E, "setup.cards_per_player", "must be ≥ 0, got -1")],
        id="negative-deal",
    ),
    pytest.param(
        with_setup(cards_per_player=27),
        [
            (
                E,
                "setup.cards_per_player",
                "27 cards × 2 players + 0 to the discard = 54 cards, but the standard_52 deck has 52",
            )
        ],
        id="deal-exceeds-deck",
    ),
    pytest.param(
        minimal(
            player_count=4,
            setup=SetupRules(cards_per_player=10, initial_deck=DeckType.ITALIAN_40, initial_discard_count=1),
        ),
        [
            (
                E,
                "setup.cards_per_player",
                "10 cards × 4 players + 1 to the discard = 41 cards, but the italian_40 deck has 40",
            )
        ],
        id="deal-plus-discard-exceeds-deck",
    ),
    pytest.param(
        with_setup(initial_discard_count=-2),
        [(E, "setup.initial_discard_count", "must be ≥ 0, got -2")],
        id="negative-discard",
    ),
    pytest.param(
        with_setup(initial_deck="tarot_78"),
        [
            (
                E,
                "setup.initial_deck",
                "must be a DeckType (standard_52, italian_40, piquet_32, euchre_24), got 'tarot_78'",
            )
        ],
        id="unknown-deck",
    ),
    pytest.param(
        with_setup(wild_cards=(13,)),
        [(E, "setup.wild_cards[0]", "must be a Rank (2, 3, 4, 5, 6, 7, 8, 9, 10, J, Q, K, A), got 13")],
        id="rank-out-of-range",
    ),
    pytest.param(
        with_setup(trump_suit=4),
        [(E, "setup.trump_suit", "must be none or a Suit (H, D, C, S), got 4")],
        id="suit-out-of-range",
    ),
    pytest.param(
        with_setup(wild_cards=(Rank.EIGHT, Rank.TWO, Rank.EIGHT)),
        [(W, "setup.wild_cards[2]", "rank 8 is already wild at setup.wild_cards[0]")],
        id="duplicate-wild",
    ),
    pytest.param(
        with_setup(initial_deck=DeckType.ITALIAN_40, wild_cards=(Rank.EIGHT,)),
        [(W, "setup.wild_cards[0]", "rank 8 is not in the italian_40 deck")],
        id="wild-not-in-deck",
    ),
    pytest.param(
        with_setup(starting_chips=-5),
        [(E, "setup.starting_chips", "must be ≥ 0, got -5")],
        id="negative-chips",
    ),
    pytest.param(
        with_phases(DrawPhase(), BettingPhase(), PlayPhase()),
        [(E, "setup.starting_chips", "must be > 0 for the betting phase at turn_structure.phases[1], got 0")],
        id="betting-without-chips",
    ),
    pytest.param(
        capture_game(TableauMode.WAR, Location.TABLEAU).replace(player_count=3),
        [(E, "setup.tableau_mode", "war requires exactly 2 players, got 3")],
        id="war-with-3-players",
    ),
    pytest.param(
        with_setup(tableau_mode=TableauMode.SEQUENCE),
        [
            (
                W,
                "setup.tableau_mode",
                "sequence acts on cards played to the tableau, but no play phase targets the tableau",
            )
        ],
        id="tableau-mode-without-tableau-play",
    ),
    pytest.param(
        with_setup(sequence_direction=SequenceDirection.DESCENDING),
        [
            (
                W,
                "setup.sequence_direction",
                "is descending but is meaningful only with tableau_mode sequence (tableau_mode is none)",
            )
        ],
        id="direction-without-sequence",
    ),
    # -- turn structure ---------------------------------------------------------------------------------
    pytest.param(
        with_phases(), [(E, "turn_structure.phases", "must have at least one phase")], id="no-phase"
    ),
    pytest.param(
        minimal(
            setup=replace(SETUP, starting_chips=50), turn_structure=TurnStructure(phases=(BettingPhase(),))
        ),
        [
            (
                E,
                "turn_structure.phases",
                "no phase moves a card (needs a draw, play, discard, trick, claim or ask phase)",
            )
        ],
        id="no-card-moving-phase",
    ),
    pytest.param(
        with_phases(DrawPhase(), "draw"),
        [(E, "turn_structure.phases[1]", "must be a phase, got 'draw'")],
        id="not-a-phase",
    ),
    pytest.param(
        with_phases(DrawPhase(count=0), PlayPhase()),
        [(E, "turn_structure.phases[0].count", "must be ≥ 1, got 0")],
        id="draw-count-0",
    ),
    pytest.param(
        with_phases(DrawPhase(), PlayPhase(), DiscardPhase(count=0)),
        [(E, "turn_structure.phases[2].count", "must be ≥ 1, got 0")],
        id="discard-count-0",
    ),
    pytest.param(
        with_phases(DrawPhase(), PlayPhase(min_cards=0)),
        [(E, "turn_structure.phases[1].min_cards", "must be ≥ 1, got 0")],
        id="play-min-cards-0",
    ),
    pytest.param(
        with_phases(DrawPhase(), PlayPhase(), PlayPhase(min_cards=3, max_cards=2)),
        [(E, "turn_structure.phases[2].min_cards", "must be ≤ max_cards (2), got 3")],
        id="play-min-above-max",
    ),
    pytest.param(
        with_phases(ClaimPhase(min_cards=4, max_cards=1)),
        [(E, "turn_structure.phases[0].min_cards", "must be ≤ max_cards (1), got 4")],
        id="claim-min-above-max",
    ),
    pytest.param(
        with_phases(DrawPhase(source="pile"), PlayPhase()),
        [
            (
                E,
                "turn_structure.phases[0].source",
                "must be a Location (deck, hand, discard, tableau, opponent_hand, opponent_discard, "
                "captured), got 'pile'",
            )
        ],
        id="unknown-location",
    ),
    pytest.param(
        minimal(
            setup=replace(SETUP, starting_chips=50),
            turn_structure=TurnStructure(phases=(BettingPhase(min_bet=0, max_raises=-1), DrawPhase())),
        ),
        [
            (E, "turn_structure.phases[0].min_bet", "must be ≥ 1, got 0"),
            (E, "turn_structure.phases[0].max_raises", "must be ≥ 0, got -1"),
        ],
        id="betting-bounds",
    ),
    pytest.param(
        tricks(TrickPhase(trump_suit=Suit.SPADES)).replace(
            setup=SetupRules(cards_per_player=13, trump_suit=Suit.HEARTS)
        ),
        [(W, "turn_structure.phases[0].trump_suit", "is S but setup.trump_suit is H")],
        id="trump-disagrees-with-setup",
    ),
    pytest.param(
        tricks(TrickPhase()).replace(setup=SetupRules(cards_per_player=13, trump_suit=Suit.CLUBS)),
        [(W, "turn_structure.phases[0].trump_suit", "is none but setup.trump_suit is C")],
        id="trick-without-setup-trump",
    ),
    pytest.param(
        spades().replace(
            turn_structure=TurnStructure(phases=(TrickPhase(), BiddingPhase()), is_trick_based=True)
        ),
        [(E, "turn_structure.phases[1]", "a bidding phase needs a trick phase after it")],
        id="bidding-after-the-tricks",
    ),
    pytest.param(
        spades(BiddingPhase(min_bid=-1)),
        [(E, "turn_structure.phases[0].min_bid", "must be ≥ 0, got -1")],
        id="negative-min-bid",
    ),
    pytest.param(
        spades(BiddingPhase(min_bid=5, max_bid=4)),
        [(E, "turn_structure.phases[0].min_bid", "must be ≤ max_bid (4), got 5")],
        id="min-bid-above-max-bid",
    ),
    pytest.param(
        spades(BiddingPhase(max_bid=256)),
        [(E, "turn_structure.phases[0].max_bid", "must be 0..255 (one byte), got 256")],
        id="max-bid-beyond-a-byte",
    ),
    pytest.param(
        spades(BiddingPhase(max_bid=14)),
        [
            (
                W,
                "turn_structure.phases[0].max_bid",
                "is 14 but each player is dealt 13 cards; bids above the hand size are never offered",
            )
        ],
        id="max-bid-above-hand",
    ),
    # is_trick_based is derived from the phases: a mismatch is a warning either way, never an error.
    pytest.param(
        tricks(TrickPhase()).replace(turn_structure=TurnStructure(phases=(TrickPhase(),))),
        [
            (
                W,
                "turn_structure.is_trick_based",
                "is False but turn_structure.phases[0] is a trick phase; "
                "is_trick_based is derived from the phases",
            )
        ],
        id="trick-phase-not-trick-based",
    ),
    pytest.param(
        with_phases(DrawPhase(), PlayPhase(), is_trick_based=True),
        [
            (
                W,
                "turn_structure.is_trick_based",
                "is True but no phase is a trick phase; is_trick_based is derived from the phases",
            )
        ],
        id="trick-based-without-trick-phase",
    ),
    pytest.param(
        tricks(TrickPhase(), cards=12).replace(
            turn_structure=TurnStructure(phases=(TrickPhase(),), is_trick_based=True, tricks_per_hand=13)
        ),
        [
            (
                W,
                "turn_structure.tricks_per_hand",
                "is 13 but each player is dealt 12 cards; "
                "the hands run out first, and a hand also ends when every hand is empty",
            )
        ],
        id="more-tricks-than-cards",
    ),
    pytest.param(
        with_phases(DrawPhase(), PlayPhase(), tricks_per_hand=5),
        [(W, "turn_structure.tricks_per_hand", "is ignored: no phase is a trick phase")],
        id="tricks-per-hand-without-trick-phase",
    ),
    pytest.param(
        tricks(TrickPhase()).replace(
            turn_structure=TurnStructure(phases=(TrickPhase(),), is_trick_based=True, tricks_per_hand=0)
        ),
        [(E, "turn_structure.tricks_per_hand", "must be 1..255 (one byte), got 0")],
        id="zero-tricks",
    ),
    pytest.param(
        tricks(TrickPhase()).replace(
            turn_structure=TurnStructure(phases=(TrickPhase(),), is_trick_based=True, tricks_per_hand=256)
        ),
        [(E, "turn_structure.tricks_per_hand", "must be 1..255 (one byte), got 256")],
        id="tricks-beyond-a-byte",
    ),
    # -- conditions -------------------------------------------------------------------------------------
    pytest.param(
        played_if(CompoundCondition(Logic.OR, (Condition(ConditionType.CARD_MATCHES_SUIT),))),
        [
            (
                E,
                "turn_structure.phases[1].valid_play_condition.conditions",
                "must join at least 2 conditions, got 1",
            )
        ],
        id="compound-of-one",
    ),
    pytest.param(
        played_if(
            CompoundCondition(
                Logic.AND,
                (Condition(ConditionType.CARD_IS_RANK, value=5), Condition(ConditionType.CARD_MATCHES_SUIT)),
            )
        ),
        [
            (
                E,
                "turn_structure.phases[1].valid_play_condition.conditions[0].value",
                "card_is_rank needs a Rank (2, 3, 4, 5, 6, 7, 8, 9, 10, J, Q, K, A), got 5",
            )
        ],
        id="rank-condition-given-an-int",
    ),
    pytest.param(
        played_if(Condition(ConditionType.CARD_IS_SUIT, value=Rank.ACE)),
        [
            (
                E,
                "turn_structure.phases[1].valid_play_condition.value",
                "card_is_suit needs a Suit (H, D, C, S), got Rank A",
            )
        ],
        id="suit-condition-given-a-rank",
    ),
    pytest.param(
        drawn_if(Condition(ConditionType.HAND_SIZE, value=0)),
        [
            (
                E,
                "turn_structure.phases[0].condition.operator",
                "hand_size needs an operator (eq, ne, lt, le, gt, ge)",
            )
        ],
        id="numeric-without-operator",
    ),
    pytest.param(
        drawn_if(Condition(ConditionType.LOCATION_SIZE, Operator.GT, True)),
        [(E, "turn_structure.phases[0].condition.value", "location_size needs an integer, got True")],
        id="numeric-given-a-bool",
    ),
    pytest.param(
        drawn_if(Condition(ConditionType.HAS_SET_OF_N, value=14)),
        [(E, "turn_structure.phases[0].condition.value", "must be 2..13, got 14")],
        id="set-of-14",
    ),
    pytest.param(
        drawn_if(Condition(ConditionType.HAS_RUN_OF_N, value=1)),
        [(E, "turn_structure.phases[0].condition.value", "must be 2..13, got 1")],
        id="run-of-1",
    ),
    pytest.param(
        drawn_if(Condition(ConditionType.HAS_SET_OF_N, Operator.GE, 3)),
        [(W, "turn_structure.phases[0].condition.operator", "is ignored by has_set_of_n")],
        id="operator-ignored",
    ),
    pytest.param(
        played_if(Condition(ConditionType.CARD_MATCHES_SUIT, value=3)),
        [(W, "turn_structure.phases[1].valid_play_condition.value", "is ignored by card_matches_suit")],
        id="value-ignored",
    ),
    pytest.param(
        drawn_if(Condition(ConditionType.CARD_MATCHES_RANK)),
        [
            (
                E,
                "turn_structure.phases[0].condition.type",
                "card_matches_rank tests a candidate card, but a draw from the deck judges no card",
            )
        ],
        id="card-test-in-draw-phase",
    ),
    pytest.param(
        drawn_if(Condition(ConditionType.PLAYER_HAS_CARD, value=Rank.NINE)).replace(
            setup=SetupRules(cards_per_player=5, initial_deck=DeckType.ITALIAN_40)
        ),
        [(W, "turn_structure.phases[0].condition.value", "rank 9 is not in the italian_40 deck")],
        id="condition-rank-not-in-deck",
    ),
    pytest.param(
        drawn_if(Condition(ConditionType.HAND_VALUE, Operator.LT, 17)),
        [(E, "turn_structure.phases[0].condition.type", "hand_value needs scoring.hand_evaluation")],
        id="hand-value-without-evaluation",
    ),
    pytest.param(
        drawn_if(Condition("suit_is_red")),
        [
            (
                E,
                "turn_structure.phases[0].condition.type",
                "must be a ConditionType (hand_size, card_matches_rank, card_matches_suit, "
                "card_matches_color, card_is_rank, card_is_suit, player_has_card, location_empty, "
                "location_size, score_compare, sequence_adjacent, matches_or_wild, has_set_of_n, "
                "has_run_of_n, has_matching_pair, "
                "must_follow_suit, has_trump, suit_broken, card_beats_top, hand_value, extends_meld), "
                "got 'suit_is_red'",
            )
        ],
        id="unknown-condition-type",
    ),
    # -- win conditions ---------------------------------------------------------------------------------
    pytest.param(
        minimal(win_conditions=()),
        [(E, "win_conditions", "must have at least one win condition")],
        id="no-win",
    ),
    pytest.param(
        minimal(win_conditions=(WinCondition("most_cards"),)),
        [
            (
                E,
                "win_conditions[0].type",
                "must be a WinType (empty_hand, high_score, low_score, first_to_score, capture_all, "
                "most_captured, all_hands_empty, best_hand, most_tricks, fewest_tricks, score_threshold, "
                "score_floor, hands_played), "
                "got 'most_cards'",
            )
        ],
        id="unknown-win-type",
    ),
    pytest.param(
        minimal(
            win_conditions=(WinCondition(WinType.EMPTY_HAND), WinCondition(WinType.LOW_SCORE)),
            scoring=SCORES_ON_PLAY,
        ),
        [(E, "win_conditions[1].threshold", "low_score needs a threshold")],
        id="missing-threshold",
    ),
    pytest.param(
        minimal(win_conditions=(WinCondition(WinType.HIGH_SCORE, -1),), scoring=SCORES_ON_PLAY),
        [(E, "win_conditions[0].threshold", "must be ≥ 0, got -1")],
        id="negative-threshold",
    ),
    # A dead win condition (one that can never fire) is an error only when no win condition can fire.
    pytest.param(
        minimal(win_conditions=(WinCondition(WinType.HIGH_SCORE),)),
        [
            (E, "win_conditions", NO_LIVE_WIN),
            (
                E,
                "win_conditions[0].type",
                "high_score needs something that scores (scoring.card_rules, scoring.hand_evaluation or "
                "contract_scoring), but the genome has none",
            ),
        ],
        id="score-win-nothing-scores",
    ),
    pytest.param(
        minimal(win_conditions=(WinCondition(WinType.EMPTY_HAND), WinCondition(WinType.HIGH_SCORE))),
        [
            (
                W,
                "win_conditions[1].type",
                "high_score needs something that scores (scoring.card_rules, scoring.hand_evaluation or "
                f"contract_scoring), but the genome has none{IGNORED}",
            )
        ],
        id="score-win-nothing-scores-beside-a-live-win",
    ),
    pytest.param(
        minimal(win_conditions=(WinCondition(WinType.CAPTURE_ALL), WinCondition(WinType.LOW_SCORE, 50))),
        [
            (E, "win_conditions", NO_LIVE_WIN),
            (
                E,
                "win_conditions[0].type",
                "capture_all needs a way to capture cards (tableau_mode war or match_rank with a play "
                "phase to the tableau, or a trick phase), but the genome has none",
            ),
            (
                E,
                "win_conditions[1].type",
                "low_score needs something that scores (scoring.card_rules, scoring.hand_evaluation or "
                "contract_scoring), but the genome has none",
            ),
        ],
        id="capture-win-without-capture",
    ),
    pytest.param(
        minimal(win_conditions=(WinCondition(WinType.CAPTURE_ALL), WinCondition(WinType.ALL_HANDS_EMPTY))),
        [
            (
                W,
                "win_conditions[0].type",
                "capture_all needs a way to capture cards (tableau_mode war or match_rank with a play "
                f"phase to the tableau, or a trick phase), but the genome has none{IGNORED}",
            )
        ],
        id="capture-win-without-capture-beside-a-live-win",
    ),
    pytest.param(
        capture_game(TableauMode.MATCH_RANK, Location.DISCARD),
        [
            (E, "win_conditions", NO_LIVE_WIN),
            (
                E,
                "win_conditions[0].type",
                "most_captured needs a way to capture cards (tableau_mode war or match_rank with a play "
                "phase to the tableau, or a trick phase), but the genome has none",
            ),
            (
                W,
                "setup.tableau_mode",
                "match_rank acts on cards played to the tableau, but no play phase targets the tableau",
            ),
        ],
        id="capture-mode-without-tableau-play",
    ),
    pytest.param(
        minimal(win_conditions=(WinCondition(WinType.BEST_HAND),)),
        [
            (E, "win_conditions", NO_LIVE_WIN),
            (E, "win_conditions[0].type", "best_hand needs scoring.hand_evaluation"),
        ],
        id="best-hand-without-evaluation",
    ),
    pytest.param(
        minimal(win_conditions=(WinCondition(WinType.BEST_HAND), WinCondition(WinType.EMPTY_HAND))),
        [(W, "win_conditions[0].type", f"best_hand needs scoring.hand_evaluation{IGNORED}")],
        id="best-hand-without-evaluation-beside-a-live-win",
    ),
    pytest.param(
        minimal(win_conditions=(WinCondition(WinType.FEWEST_TRICKS),)),
        [
            (E, "win_conditions", NO_LIVE_WIN),
            (E, "win_conditions[0].type", "fewest_tricks needs a trick phase"),
        ],
        id="trick-win-without-tricks",
    ),
    pytest.param(
        minimal(
            win_conditions=(WinCondition(WinType.MOST_TRICKS), WinCondition(WinType.HIGH_SCORE)),
            scoring=SCORES_ON_PLAY,
        ),
        [(W, "win_conditions[0].type", f"most_tricks needs a trick phase{IGNORED}")],
        id="trick-win-without-tricks-beside-a-live-win",
    ),
    pytest.param(
        minimal(win_conditions=(WinCondition("most_cards"), WinCondition(WinType.MOST_TRICKS))),
        [
            (
                E,
                "win_conditions[0].type",
                "must be a WinType (empty_hand, high_score, low_score, first_to_score, capture_all, "
                "most_captured, all_hands_empty, best_hand, most_tricks, fewest_tricks, score_threshold, "
                "score_floor, hands_played), "
                "got 'most_cards'",
            ),
            (E, "win_conditions", NO_LIVE_WIN),
            (E, "win_conditions[1].type", "most_tricks needs a trick phase"),
        ],
        id="an-unknown-win-type-is-not-live",
    ),
    # -- special effects --------------------------------------------------------------------------------
    pytest.param(
        minimal(special_effects=(SpecialEffect(Rank.JACK, EffectType.SKIP_NEXT, value=0),)),
        [(E, "special_effects[0].value", "must be 1..255, got 0")],
        id="effect-value-0",
    ),
    pytest.param(
        minimal(special_effects=(SpecialEffect(Rank.TWO, EffectType.DRAW_CARDS, value=256),)),
        [(E, "special_effects[0].value", "must be 1..255, got 256")],
        id="effect-value-256",
    ),
    pytest.param(
        minimal(special_effects=(SpecialEffect(Rank.QUEEN, "teleport", TargetSelector.ALL_OPPONENTS),)),
        [
            (
                E,
                "special_effects[0].effect_type",
                "must be an EffectType (skip_next, reverse, draw_cards, extra_turn, force_discard, "
                "name_suit), got 'teleport'",
            )
        ],
        id="unknown-effect-type",
    ),
    pytest.param(
        minimal(
            special_effects=(
                SpecialEffect(Rank.JACK, EffectType.SKIP_NEXT),
                SpecialEffect(Rank.JACK, EffectType.REVERSE_DIRECTION),
            )
        ),
        [
            (
                W,
                "special_effects[1].trigger_rank",
                "rank J already has an effect at special_effects[0]; the last one listed wins",
            )
        ],
        id="two-effects-one-rank",
    ),
    pytest.param(
        with_setup(initial_deck=DeckType.EUCHRE_24).replace(
            special_effects=(SpecialEffect(Rank.TWO, EffectType.DRAW_CARDS, value=2),)
        ),
        [(W, "special_effects[0].trigger_rank", "rank 2 is not in the euchre_24 deck")],
        id="effect-rank-not-in-deck",
    ),
    # -- scoring ----------------------------------------------------------------------------------------
    pytest.param(
        minimal(
            scoring=Scoring(
                hand_evaluation=HandEvaluation(EvaluationMethod.POINT_TOTAL, card_values=(1,) * 12)
            )
        ),
        [(E, "scoring.hand_evaluation.card_values", "must have 13 entries (ranks 2..A), got 12")],
        id="twelve-card-values",
    ),
    pytest.param(
        minimal(
            scoring=Scoring(hand_evaluation=HandEvaluation(EvaluationMethod.DEADWOOD, ace_alternate_value=1))
        ),
        [
            (
                W,
                "scoring.hand_evaluation.ace_alternate_value",
                "is used only by point_total (the method is deadwood)",
            )
        ],
        id="ace-value-outside-point-total",
    ),
    pytest.param(
        minimal(
            scoring=Scoring(hand_evaluation=HandEvaluation(EvaluationMethod.HIGH_CARD, bust_threshold=21))
        ),
        [
            (
                W,
                "scoring.hand_evaluation.bust_threshold",
                "is used only by point_total (the method is high_card)",
            )
        ],
        id="bust-outside-point-total",
    ),
    pytest.param(
        minimal(
            scoring=Scoring(
                card_rules=(
                    CardScoringRule(
                        Condition(ConditionType.CARD_IS_RANK, value=Suit.SPADES), 13, ScoringTrigger.TRICK_WIN
                    ),
                )
            )
        ),
        [
            (
                E,
                "scoring.card_rules[0].condition.value",
                "card_is_rank needs a Rank (2, 3, 4, 5, 6, 7, 8, 9, 10, J, Q, K, A), got Suit S",
            )
        ],
        id="scoring-condition-checked",
    ),
    # -- game -------------------------------------------------------------------------------------------
    pytest.param(minimal(max_turns=0), [(E, "max_turns", "must be 1..65535, got 0")], id="max-turns-0"),
    pytest.param(
        minimal(max_turns=65536), [(E, "max_turns", "must be 1..65535, got 65536")], id="max-turns-too-big"
    ),
    # -- teams ------------------------------------------------------------------------------------------
    pytest.param(
        teams(()), [(E, "teams", "team_mode is True but no teams are given")], id="team-mode-without-teams"
    ),
    pytest.param(
        teams(((0, 1),), player_count=2),
        [(E, "teams", "team_mode needs at least 2 teams, got 1")],
        id="one-team",
    ),
    pytest.param(
        teams(((0, 2), (1, 4), (3,))),
        [(E, "teams[1][1]", "must be 0..3 (player_count is 4), got 4")],
        id="team-index-out-of-range",
    ),
    pytest.param(
        teams(((0, 2), (1, 3, 2))),
        [(E, "teams[1][2]", "player 2 is already in teams[0]")],
        id="player-in-two-teams",
    ),
    pytest.param(
        teams(((0,), (2,))),
        [(E, "teams", "player(s) 1, 3 are in no team; every player needs exactly one")],
        id="players-without-team",
    ),
    pytest.param(
        teams(((0, 1, 2, 3), ())),
        [(E, "teams[1]", "a team needs at least one player")],
        id="empty-team",
    ),
    pytest.param(
        teams((0, 1), player_count=2),
        [
            (E, "teams[0]", "must be a tuple of player indices, got 0"),
            (E, "teams[1]", "must be a tuple of player indices, got 1"),
            (E, "teams", "player(s) 0, 1 are in no team; every player needs exactly one"),
        ],
        id="flat-teams",
    ),
    pytest.param(
        teams(((0, 2), (1, 3)), team_mode=False),
        [(E, "teams", "teams are given but team_mode is False")],
        id="teams-without-team-mode",
    ),
    # -- contract scoring -------------------------------------------------------------------------------
    pytest.param(
        spades(contract_scoring=None, win_conditions=(WinCondition(WinType.MOST_TRICKS),)),
        [
            (
                E,
                "contract_scoring",
                "is missing but turn_structure.phases[0] is a bidding phase, which needs it",
            )
        ],
        id="bidding-without-contract",
    ),
    pytest.param(
        tricks(TrickPhase(), contract_scoring=ContractScoring()),
        [(E, "contract_scoring", "is given but no phase is a bidding phase")],
        id="contract-without-bidding",
    ),
    pytest.param(
        spades(
            contract_scoring=ContractScoring(
                points_per_trick_bid=256, overtrick_points=-1, failed_contract_penalty=255
            )
        ),
        [
            (E, "contract_scoring.points_per_trick_bid", "must be 0..255 (one byte), got 256"),
            (E, "contract_scoring.overtrick_points", "must be 0..255 (one byte), got -1"),
        ],
        id="contract-byte-fields",
    ),
    pytest.param(
        spades(contract_scoring=ContractScoring(nil_bonus=65536, nil_penalty=65535, bag_penalty=-1)),
        [
            (E, "contract_scoring.nil_bonus", "must be 0..65535 (two bytes), got 65536"),
            (E, "contract_scoring.bag_penalty", "must be 0..65535 (two bytes), got -1"),
        ],
        id="contract-two-byte-fields",
    ),
    pytest.param(
        spades(contract_scoring=ContractScoring(bag_limit=0)),
        [(E, "contract_scoring.bag_limit", "must be 1..255 (one byte), got 0")],
        id="bag-limit-0",
    ),
]


@pytest.mark.parametrize(("genome", "expected"), CASES)
def test_each_rule_reports_its_path_and_reason(
    genome: GameGenome, expected: list[tuple[str, str, str]]
) -> None:
    assert problems(genome) == expected


def test_every_problem_is_reported_at_once_in_field_order() -> None:
    genome = minimal(
        max_turns=0,
        setup=replace(SETUP, cards_per_player=30),
        special_effects=(SpecialEffect(Rank.KING, EffectType.EXTRA_TURN, value=300),),
    )
    report = validate(genome)
    assert [str(p) for p in report.errors] == [
        "setup.cards_per_player: 30 cards × 2 players + 0 to the discard = 60 cards, "
        "but the standard_52 deck has 52",
        "special_effects[0].value: must be 1..255, got 300",
        "max_turns: must be 1..65535, got 0",
    ]
    assert report.warnings == ()
    assert not report.ok


def test_report_text_lists_errors_then_warnings() -> None:
    report = validate(minimal(max_turns=0, setup=replace(SETUP, wild_cards=(Rank.ACE, Rank.ACE))))
    assert str(report) == (
        "1 error(s), 1 warning(s)\n"
        "  error: max_turns: must be 1..65535, got 0\n"
        "  warning: setup.wild_cards[1]: rank A is already wild at setup.wild_cards[0]"
    )


def test_problem_text_is_path_colon_reason() -> None:
    problem = Problem("teams[1][0]", "player 0 is already in teams[0]", Severity.ERROR)
    assert str(problem) == "teams[1][0]: player 0 is already in teams[0]"


def test_warnings_alone_leave_a_report_ok() -> None:
    report = validate(with_setup(wild_cards=(Rank.TWO, Rank.TWO)))
    assert report == ValidationReport(
        errors=(),
        warnings=(
            Problem("setup.wild_cards[1]", "rank 2 is already wild at setup.wild_cards[0]", Severity.WARNING),
        ),
    )
    assert report.ok


def test_ensure_valid_raises_with_every_error() -> None:
    genome = minimal(name="broken", player_count=9, win_conditions=())
    with pytest.raises(GenomeValidationError) as caught:
        ensure_valid(genome)
    assert caught.value.name == "broken"
    assert caught.value.problems == [
        "win_conditions: must have at least one win condition",
        "player_count: must be 2..8, got 9",
    ]


def test_ensure_valid_accepts_a_genome_with_only_warnings() -> None:
    ensure_valid(with_setup(sequence_direction=SequenceDirection.ASCENDING))


@settings(max_examples=150, deadline=None)
@given(genomes())
def test_strategy_genomes_validate_without_errors(genome: GameGenome) -> None:
    assert validate(genome).errors == ()


@pytest.mark.parametrize("source", [Location.OPPONENT_HAND, Location.DISCARD])
def test_card_tests_judge_the_card_taken_from_a_hand_or_the_discard(source: Location) -> None:
    asked = Condition(ConditionType.CARD_MATCHES_RANK, reference=Reference.HAND)
    genome = with_phases(DrawPhase(source=source, condition=asked), PlayPhase())
    assert validate(genome).errors == ()

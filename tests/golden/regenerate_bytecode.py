"""Rewrite the bytecode golden files in ``tests/golden/bytecode/`` (one ``<name>.bin`` per genome).

Run ``.venv/bin/python tests/golden/regenerate_bytecode.py`` after a deliberate format change and review
the diff (``xxd`` both versions). ``test_bytecode.py`` compares ``compile_genome`` with these files.

Goldens cover four hand-built genomes (defined here, so the test and this script share them) and the
library games in ``LIBRARY_GAMES``. A deliberate change to a library game changes its golden too: rerun
this script and review the diff.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from darwindeck.genome.bytecode import compile_genome
from darwindeck.genome.cards import DeckType, Location, Rank, Suit, Visibility
from darwindeck.genome.conditions import (
    CompoundCondition,
    Condition,
    ConditionType,
    Logic,
    Operator,
    Reference,
)
from darwindeck.genome.library import get_game
from darwindeck.genome.phases import (
    BettingPhase,
    BiddingPhase,
    DiscardPhase,
    DrawPhase,
    PlayPhase,
    TrickPhase,
)
from darwindeck.genome.schema import (
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
    SetupRules,
    SpecialEffect,
    TableauMode,
    TargetSelector,
    TurnStructure,
    WinCondition,
    WinType,
)

GOLDEN_DIR = Path(__file__).resolve().parent / "bytecode"

#: Spec 000's Uno-style example effects, in the specification's order.
UNO_EFFECTS = (
    SpecialEffect(Rank.TWO, EffectType.DRAW_CARDS, TargetSelector.NEXT_PLAYER, value=2),
    SpecialEffect(Rank.JACK, EffectType.SKIP_NEXT, TargetSelector.NEXT_PLAYER),
    SpecialEffect(Rank.QUEEN, EffectType.REVERSE_DIRECTION, TargetSelector.ALL_OPPONENTS),
    SpecialEffect(Rank.KING, EffectType.EXTRA_TURN, TargetSelector.NEXT_PLAYER),
)


def hand_war() -> GameGenome:
    """War: face-down stacks, WAR tableau, the winner's cards go under the hand, capture all to win."""
    return GameGenome(
        name="hand-built war",
        setup=SetupRules(
            cards_per_player=26,
            hand_visibility=Visibility.FACE_DOWN,
            discard_visibility=Visibility.FACE_UP,
            tableau_mode=TableauMode.WAR,
            captures_to=Location.HAND,
        ),
        turn_structure=TurnStructure(phases=(PlayPhase(target=Location.TABLEAU, pass_if_unable=False),)),
        win_conditions=(WinCondition(WinType.CAPTURE_ALL),),
        max_turns=1000,
    )


def hand_uno() -> GameGenome:
    """Uno-style: match the top discard by rank or suit (8s wild), draw until playable, spec 000 effects."""
    playable = Condition(ConditionType.MATCHES_OR_WILD, reference=Reference.TOP_DISCARD)
    no_play = Condition(ConditionType.HAND_SIZE, Operator.EQ, 0, Reference.VALID_PLAYS)
    return GameGenome(
        name="hand-built uno",
        setup=SetupRules(cards_per_player=7, initial_discard_count=1, wild_cards=(Rank.EIGHT,)),
        turn_structure=TurnStructure(
            phases=(
                DrawPhase(condition=no_play, loop=True, mandatory=False),
                PlayPhase(valid_play_condition=playable, mandatory=False),
            ),
            deck_empty=DeckEmptyAction.RESHUFFLE_DISCARD,
        ),
        win_conditions=(WinCondition(WinType.EMPTY_HAND),),
        special_effects=UNO_EFFECTS,
        player_count=4,
        max_turns=500,
    )


def hand_spades() -> GameGenome:
    """Partnership Spades: bid with Nil, spades trump and must be broken, contracts with bags, to 500."""
    return GameGenome(
        name="hand-built spades",
        setup=SetupRules(cards_per_player=13, trump_suit=Suit.SPADES),
        turn_structure=TurnStructure(
            phases=(
                BiddingPhase(min_bid=1, max_bid=13, allow_nil=True),
                TrickPhase(trump_suit=Suit.SPADES, breaking_suit=Suit.SPADES),
            ),
            is_trick_based=True,
            tricks_per_hand=13,
        ),
        win_conditions=(WinCondition(WinType.FIRST_TO_SCORE, 500),),
        player_count=4,
        max_turns=2000,
        team_mode=True,
        teams=((0, 2), (1, 3)),
        contract_scoring=ContractScoring(),
    )


def hand_draw_poker() -> GameGenome:
    """Draw poker with chips: bet, discard up to three non-pairing cards, draw, bet, best hand wins."""
    keep_pairs = CompoundCondition(
        Logic.AND,
        (
            Condition(ConditionType.HAS_MATCHING_PAIR),
            CompoundCondition(
                Logic.OR,
                (
                    Condition(ConditionType.CARD_IS_SUIT, value=Suit.HEARTS),
                    Condition(ConditionType.CARD_BEATS_TOP, reference=Reference.LAST_PLAYED),
                ),
            ),
        ),
    )
    return GameGenome(
        name="hand-built draw poker",
        setup=SetupRules(cards_per_player=5, starting_chips=1000, initial_deck=DeckType.PIQUET_32),
        turn_structure=TurnStructure(
            phases=(
                BettingPhase(min_bet=10, max_raises=3),
                DiscardPhase(count=3, mandatory=False, matching_condition=keep_pairs),
                DrawPhase(count=3),
                BettingPhase(min_bet=20, max_raises=2),
            ),
            deck_empty=DeckEmptyAction.END_HAND,
        ),
        win_conditions=(WinCondition(WinType.BEST_HAND), WinCondition(WinType.HIGH_SCORE, 5000)),
        scoring=Scoring(
            card_rules=(
                CardScoringRule(
                    Condition(ConditionType.CARD_IS_RANK, value=Rank.ACE), -3, ScoringTrigger.PLAY
                ),
            ),
            hand_evaluation=HandEvaluation(
                EvaluationMethod.POKER,
                ace_alternate_value=1,
                patterns=(HandPattern.PAIR, HandPattern.FLUSH, HandPattern.STRAIGHT_FLUSH),
            ),
        ),
        player_count=3,
    )


HAND_BUILT: dict[str, Callable[[], GameGenome]] = {
    "hand_war": hand_war,
    "hand_uno": hand_uno,
    "hand_spades": hand_spades,
    "hand_draw_poker": hand_draw_poker,
}

#: Library games with goldens (file name -> ``get_game`` name).
LIBRARY_GAMES: dict[str, str] = {
    "war": "war",
    "spades": "spades",
    "uno_style": "uno-style",
    "fan_tan": "fan-tan",
}


def golden_genomes() -> dict[str, GameGenome]:
    """Every genome that has a golden file, by file stem."""
    genomes = {stem: build() for stem, build in HAND_BUILT.items()}
    genomes.update({stem: get_game(name) for stem, name in LIBRARY_GAMES.items()})
    return genomes


def main() -> None:
    GOLDEN_DIR.mkdir(parents=True, exist_ok=True)
    for stem, genome in golden_genomes().items():
        path = GOLDEN_DIR / f"{stem}.bin"
        path.write_bytes(compile_genome(genome))
        print(f"wrote {path} ({path.stat().st_size} bytes)")


if __name__ == "__main__":
    main()

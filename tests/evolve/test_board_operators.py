"""The board operators (``evolve.mutations.board``) and the board repairs (``evolve.repair.fit_board_*``):
evolution may add, tune, re-cut and remove Texas Hold'em's community cards, and a child that inherits a
board where it cannot lie is repaired, not rejected.

The expected genomes are worked out from the operators' rules (the module docstring) on the library's
Texas Hold'em: 2 players, 2 hole cards, 20,000 chips, the streets
``[0] board 0 (blinds 50/100, pot-sized), [1] bet, [2] board 3, [3] bet, [4] board 1, [5] bet, [6] board
1, [7] bet``, every betting round ``min_bet`` 100 (the big blind), every street pot-sized."""

from __future__ import annotations

import dataclasses
import random

import pytest

from darwindeck.evolve.mutations import board
from darwindeck.evolve.operators import OPERATORS, apply_operator, mutate
from darwindeck.evolve.repair import Vetted, vet
from darwindeck.genome.cards import Location
from darwindeck.genome.conditions import Condition, ConditionType, Operator
from darwindeck.genome.library import get_game
from darwindeck.genome.phases import BettingPhase, BoardPhase, DealerPhase, DrawPhase, Phase
from darwindeck.genome.schema import (
    EvaluationMethod,
    GameGenome,
    HandEvaluation,
    SequenceDirection,
    TableauMode,
    WinCondition,
    WinType,
)
from darwindeck.genome.validation import validate

BOARD_OPERATORS = ("AddBoardMutation", "RemoveBoardMutation", "MutateBoardMutation", "MutateStreetsMutation")
BET = BettingPhase(min_bet=100, max_raises=255)


def holdem() -> GameGenome:
    return get_game("texas-holdem")


def with_phases(genome: GameGenome, *phases: Phase) -> GameGenome:
    return genome.replace(turn_structure=dataclasses.replace(genome.turn_structure, phases=phases))


def with_setup(genome: GameGenome, **changes: object) -> GameGenome:
    return genome.replace(setup=dataclasses.replace(genome.setup, **changes))


def street(cards: int, small: int = 0, big: int = 0, pot: bool = True) -> BoardPhase:
    return BoardPhase(cards=cards, small_blind=small, big_blind=big, pot_sized=pot)


def holdem_with(*phases: Phase, **setup: object) -> GameGenome:
    return with_setup(with_phases(holdem(), *phases), **setup) if setup else with_phases(holdem(), *phases)


def outcomes(operator: str, genome: GameGenome, seeds: int) -> list[GameGenome]:
    function = OPERATORS[operator].function
    return [function(genome, random.Random(seed)) for seed in range(seeds)]


def test_the_four_operators_are_registered_with_the_phase_operators_rates() -> None:
    rates = {name: (OPERATORS[name].rate, OPERATORS[name].aggressive_rate) for name in BOARD_OPERATORS}
    assert rates == {
        "AddBoardMutation": (0.03, 0.06),
        "RemoveBoardMutation": (0.03, 0.06),
        "MutateBoardMutation": (0.10, 0.20),
        "MutateStreetsMutation": (0.05, 0.10),
    }


# ------------------------------------------------------------------------------------- add / remove


def test_removing_the_board_deals_holdem_as_stud() -> None:
    # Each street of c > 0 cards becomes a compulsory draw of c while the hand holds fewer than
    # 2 hole + 5 board = 7 cards; the blinds' street of no card goes, the betting rounds stay.
    draw = DrawPhase(
        Location.DECK, 3, mandatory=True, condition=Condition(ConditionType.HAND_SIZE, Operator.LT, 7)
    )
    one = dataclasses.replace(draw, count=1)
    child = board.remove_board(holdem(), random.Random(0))
    assert child.phases == (BET, draw, BET, one, BET, one, BET)
    assert child.setup == holdem().setup and validate(child).ok


def test_a_board_is_added_before_simple_pokers_betting_round() -> None:
    # Simple Poker: [bet, draw]. The one betting phase is the only place; the street deals 1, 2 or 3.
    simple = get_game("simple-poker")
    bet, draw = simple.phases
    children = outcomes("AddBoardMutation", simple, 30)
    assert {child.phases for child in children} == {(BoardPhase(cards=c), bet, draw) for c in (1, 2, 3)}
    assert all(validate(child).ok for child in children)


def test_no_board_is_added_where_the_game_cannot_have_one() -> None:
    # Hold'em has a board already; Hearts has no betting; Simple Poker with a tableau mode would put the
    # board where the tableau's cards lie; Blackjack has no betting (and a dealer).
    simple_on_tableau = with_setup(get_game("simple-poker"), tableau_mode=TableauMode.MATCH_RANK)
    for game in (holdem(), get_game("hearts"), get_game("blackjack"), simple_on_tableau):
        assert board.add_board(game, random.Random(3)) is game
    assert board.remove_board(get_game("simple-poker"), random.Random(3)) == get_game("simple-poker")


# ------------------------------------------------------------------------------------------- tuning


def test_mutate_board_on_holdem_gives_one_of_the_rules_changes() -> None:
    b0, b3, b1 = street(0, 50, 100), street(3), street(1)
    expected = {
        # cards: the board is full (5), so a street can only lose a card.
        "flop 2": holdem_with(b0, BET, street(2), BET, b1, BET, b1, BET),
        "turn 0": holdem_with(b0, BET, b3, BET, street(0), BET, b1, BET),
        "river 0": holdem_with(b0, BET, b3, BET, b1, BET, street(0), BET),
        # pot_sized: every street at once.
        "fixed bets": holdem_with(
            *(
                dataclasses.replace(p, pot_sized=False) if isinstance(p, BoardPhase) else p
                for p in holdem().phases
            )
        ),
        # hole cards: 2 ± 1 (at most (52 - 5) // 2 = 23).
        "hole 1": with_setup(holdem(), cards_per_player=1),
        "hole 3": with_setup(holdem(), cards_per_player=3),
    }
    # stakes: the big blind 100 × ½, ⅘, 1¼, 2 (at most 20,000 // 10), the small blind half of it, and
    # every betting round's minimum bet of 100 follows the big blind.
    for big in (50, 80, 125, 200):
        bet = dataclasses.replace(BET, min_bet=big)
        expected[f"big {big}"] = holdem_with(street(0, big // 2, big), bet, b3, bet, b1, bet, b1, bet)
    children = outcomes("MutateBoardMutation", holdem(), 200)
    assert set(children) == set(expected.values())
    assert all(validate(child).ok for child in children)


def test_a_board_game_without_blinds_gets_them_from_its_first_betting_round() -> None:
    # No blinds and no room on the board (5 cards): the stakes option puts a big blind of the first
    # round's minimum bet (100) and a small blind of 50 on the first street: Hold'em's own blinds.
    blindless = holdem_with(street(0), *holdem().phases[1:])
    assert holdem() in set(outcomes("MutateBoardMutation", blindless, 200))


def test_mutate_streets_on_holdem_splits_the_flop_or_merges_a_street_into_the_one_before() -> None:
    b0, b1 = street(0, 50, 100), street(1)
    expected = {
        # split the flop into 1 + 2 or 2 + 1, its betting round copied between the two.
        holdem_with(b0, BET, b1, BET, street(2), BET, b1, BET, b1, BET),
        holdem_with(b0, BET, street(2), BET, b1, BET, b1, BET, b1, BET),
        # merge the flop into the blinds' street, the turn into the flop, the river into the turn.
        holdem_with(street(3, 50, 100), BET, b1, BET, b1, BET),
        holdem_with(b0, BET, street(4), BET, b1, BET),
        holdem_with(b0, BET, street(3), BET, street(2), BET),
    }
    children = outcomes("MutateStreetsMutation", holdem(), 100)
    assert set(children) == expected
    assert all(validate(child).ok for child in children)


def test_a_street_merged_into_one_without_blinds_brings_its_blinds() -> None:
    # [board 2, bet, board 1 (blinds 50/100), bet]: merging the second street into the first gives one
    # street of 3 with the blinds; splitting the first gives 1 + 1 with the round between.
    genome = holdem_with(street(2), BET, street(1, 50, 100), BET)
    assert validate(genome).ok
    expected = {
        holdem_with(street(3, 50, 100), BET),
        holdem_with(street(1), BET, street(1), BET, street(1, 50, 100), BET),
    }
    assert set(outcomes("MutateStreetsMutation", genome, 40)) == expected


def test_the_tuning_operators_leave_a_game_without_a_board_unchanged() -> None:
    for game in (get_game("simple-poker"), get_game("hearts")):
        for name in ("MutateBoardMutation", "MutateStreetsMutation", "RemoveBoardMutation"):
            assert OPERATORS[name].function(game, random.Random(0)) is game


# ---------------------------------------------------------------------------------------- streams


def test_the_operators_streams_are_seeded_and_use_only_the_injected_generator(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    def forbidden(*args: object, **kwargs: object) -> None:
        raise AssertionError("module-level random used")

    def chain(seed: int) -> list[GameGenome]:
        rng, genome, seen = random.Random(seed), holdem(), []
        for name in BOARD_OPERATORS * 5:
            genome = apply_operator(OPERATORS[name], genome, rng).genome
            seen.append(genome)
        return seen

    for name in ("random", "choice", "randint", "randrange", "shuffle", "sample", "uniform"):
        monkeypatch.setattr(random, name, forbidden)
    for seed in range(5):
        first = chain(seed)
        assert first == chain(seed)
        assert all(validate(genome).ok for genome in first)
    assert mutate(holdem(), random.Random(9), aggressive=True) == mutate(
        holdem(), random.Random(9), aggressive=True
    )


# ---------------------------------------------------------------------------------------- repairs


def test_holdems_turn_on_hearts_deal_and_scoring_is_repaired_into_a_poker_game() -> None:
    # Hearts: 4 players × 13 cards, no chips, low score 100 by its card rules, no hand evaluation.
    # chips_for_betting: 100 big blinds of 100 = 10,000 chips; fit_board_showdown: a poker evaluation and
    # a best_hand win beside the low score; fit_board_deal: (52 - 5) // 4 = 11 hole cards each.
    hearts = get_game("hearts")
    vetted = vet(hearts.replace(turn_structure=holdem().turn_structure))
    assert vetted.repairs == ("chips_for_betting", "fit_board_showdown", "fit_board_deal")
    child = vetted.genome
    assert child is not None and validate(child).ok
    assert (child.setup.starting_chips, child.setup.cards_per_player) == (10_000, 11)
    assert child.scoring.hand_evaluation == HandEvaluation(EvaluationMethod.POKER)
    assert child.win_conditions == (WinCondition(WinType.LOW_SCORE, 100), WinCondition(WinType.BEST_HAND))


def test_a_board_without_blinds_on_hearts_gets_the_default_chips() -> None:
    # No blinds to measure a stack by: chips_for_betting's DEFAULT_STARTING_CHIPS (100); a board of 3
    # leaves (52 - 3) // 4 = 12 cards for each of Hearts' four hands.
    hearts = get_game("hearts")
    vetted = vet(with_phases(hearts, street(3, pot=False), BET))
    assert vetted.repairs == ("chips_for_betting", "fit_board_showdown", "fit_board_deal")
    child = vetted.genome
    assert child is not None and validate(child).ok
    assert (child.setup.starting_chips, child.setup.cards_per_player) == (100, 12)
    assert child.win_conditions[-1] == WinCondition(WinType.BEST_HAND)


def test_a_board_on_the_tableau_or_beside_a_dealer_gives_way() -> None:
    # A tableau mode (as a setup from Fan Tan brings): the mode goes, the sequence direction back to BOTH.
    on_tableau = with_setup(
        holdem(), tableau_mode=TableauMode.SEQUENCE, sequence_direction=SequenceDirection.ASCENDING
    )
    assert vet(on_tableau) == Vetted(holdem(), ("fit_board_table",), ())
    beside_dealer = holdem_with(*holdem().phases, DealerPhase())
    assert vet(beside_dealer).genome == holdem()
    assert vet(beside_dealer).repairs == ("fit_board_table",)


@pytest.mark.parametrize(
    ("phases", "fixed"),
    [
        # blinds with no betting round after them and pot-sized bets with no betting at all: both go.
        ((street(3, 50, 100), street(2)), (street(3, pot=False), street(2, pot=False))),
        # a small blind above the big blind comes down to it.
        ((street(0, 150, 100), BET, street(5)), (street(0, 100, 100), BET, street(5))),
    ],
    ids=["blinds-without-betting", "small-above-big"],
)
def test_the_blinds_are_repaired(phases: tuple[Phase, ...], fixed: tuple[Phase, ...]) -> None:
    vetted = vet(holdem_with(*phases))
    assert vetted.repairs == ("fit_board_bets",)
    assert vetted.genome == holdem_with(*fixed)


def test_a_board_of_more_than_five_cards_loses_the_later_streets_excess() -> None:
    # Streets 0, 3, 1, 3: 7 cards; the last street keeps 5 - 4 = 1 of its 3: Hold'em again.
    b0, b1 = holdem().phases[0], street(1)
    vetted = vet(holdem_with(b0, BET, street(3), BET, b1, BET, street(3), BET))
    assert vetted.repairs == ("fit_board_deal",)
    assert vetted.genome == holdem()

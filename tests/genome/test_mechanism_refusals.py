"""A genome that uses one of the newer mechanisms wrongly is refused by validation with the path and the
reason (issue 28, item 3): the crib beside a board or on a used tableau, the board on a tableau mode or
with pot-sized bets and no betting, a one-player partnership. The reasons are the rules of
``genome.validation``'s docstring (Turn structure: the crib and board rules; Setup and Teams).

A "combination play in a trick phase" cannot be written: a trick phase plays one card a turn (it has no
field for sets or runs), so there is nothing to refuse."""

from __future__ import annotations

import dataclasses

from darwindeck.genome import BettingPhase, BoardPhase, CountPhase, CribPhase, GameGenome, ShowPhase
from darwindeck.genome.library import get_game
from darwindeck.genome.schema import TableauMode
from darwindeck.genome.validation import validate

BOARD = "a board cannot be dealt here: "
CRIB = "a crib cannot be made here: "
NO_SHOWDOWN = (
    BOARD + "no best-hand showdown (a poker hand evaluation and a best_hand win condition) counts the "
    "board in anyone's hand"
)


def with_phases(genome: GameGenome, *phases: object) -> GameGenome:
    return genome.replace(turn_structure=dataclasses.replace(genome.turn_structure, phases=phases))


def with_setup(genome: GameGenome, **changes: object) -> GameGenome:
    return genome.replace(setup=dataclasses.replace(genome.setup, **changes))


def errors(genome: GameGenome) -> list[tuple[str, str]]:
    return [(problem.path, problem.reason) for problem in validate(genome).errors]


def test_a_crib_beside_a_board_is_refused_and_the_board_too() -> None:
    # Cribbage's starter lies on the tableau, where a board's cards would; and Cribbage has no poker
    # showdown to count a board.
    genome = with_phases(get_game("cribbage"), CribPhase(), BoardPhase(cards=1), CountPhase(), ShowPhase())
    assert errors(genome) == [
        (
            "turn_structure.phases[0]",
            CRIB + "a board phase's cards lie on the tableau, where the starter would",
        ),
        ("turn_structure.phases[1]", NO_SHOWDOWN),
    ]


def test_a_crib_with_a_tableau_mode_is_refused() -> None:
    genome = with_setup(get_game("cribbage"), tableau_mode=TableauMode.MATCH_RANK)
    assert errors(genome) == [
        ("turn_structure.phases[0]", CRIB + "the tableau is in use, and the starter lies there"),
    ]


def test_a_board_with_a_tableau_mode_is_refused_at_every_street() -> None:
    # Hold'em's four streets are phases 0, 2, 4 and 6.
    genome = with_setup(get_game("texas-holdem"), tableau_mode=TableauMode.SEQUENCE)
    reason = BOARD + "the tableau is in use, and the board lies there"
    assert errors(genome) == [(f"turn_structure.phases[{i}]", reason) for i in (0, 2, 4, 6)]


def test_pot_sized_bets_without_a_betting_phase_are_refused() -> None:
    genome = with_phases(get_game("texas-holdem"), BoardPhase(cards=5, pot_sized=True))
    assert errors(genome) == [("turn_structure.phases[0]", BOARD + "pot_sized needs a betting phase")]
    betting = with_phases(get_game("texas-holdem"), BoardPhase(cards=5, pot_sized=True), BettingPhase())
    assert errors(betting) == []


def test_a_one_player_partnership_is_refused_at_the_player_count_and_the_teams() -> None:
    genome = get_game("crazy-eights").replace(player_count=1, team_mode=True, teams=((0,),))
    refused = errors(genome)
    assert ("player_count", "must be 2..8, got 1") in refused
    assert ("teams", "team_mode needs at least 2 teams, got 1") in refused


def test_the_initial_discard_counts_against_the_board_the_crib_and_the_dealer() -> None:
    # The deal turns up ``initial_discard_count`` cards from the deck after the hands (engine.deals), so
    # the cards a board, a crib or a dealer needs must be left after both.
    # Hold'em: 2 × 2 hole cards + 44 turned up = 48 of the 52, 4 left for a board of 5.
    holdem = get_game("texas-holdem")
    reason = BOARD + "the deal and the initial discard leave fewer than the board's 5 cards of the 52"
    assert errors(with_setup(holdem, initial_discard_count=44)) == [
        (f"turn_structure.phases[{i}]", reason) for i in (0, 2, 4, 6)
    ]
    assert errors(with_setup(holdem, initial_discard_count=43)) == []  # 47 + 5 = 52
    # Cribbage: 2 × 6 cards + 40 turned up + the starter = 53 (the crib of 2 × 2 needs no more).
    cribbage = get_game("cribbage")
    assert errors(with_setup(cribbage, initial_discard_count=40)) == [
        (
            "turn_structure.phases[0]",
            CRIB
            + "the deal and the initial discard, the crib and the starter need 53 cards, the deck has 52",
        )
    ]
    assert errors(with_setup(cribbage, initial_discard_count=39)) == []
    # Blackjack: 4 × 2 cards + 43 turned up = 51, one card left for the dealer's two.
    blackjack = get_game("blackjack")
    reason = (
        "a dealer cannot play here: the deal and the initial discard leave no two cards of the 52 for the "
        "dealer"
    )
    assert errors(with_setup(blackjack, initial_discard_count=43)) == [("turn_structure.phases[1]", reason)]
    assert errors(with_setup(blackjack, initial_discard_count=42)) == []

"""The board phase in the genome: its declared codecs (JSON kind ``board``, bytecode opcode 28) and
validation, which refuses a board in a game that cannot deal one, with the path and the reason."""

from __future__ import annotations

import dataclasses
import json

from darwindeck.genome import BettingPhase, BoardPhase, DealerPhase, GameGenome, PlayPhase
from darwindeck.genome.bytecode import compile_genome, parse_bytecode
from darwindeck.genome.cards import Location
from darwindeck.genome.library import get_game
from darwindeck.genome.schema import EvaluationMethod, HandEvaluation, Scoring, WinCondition, WinType
from darwindeck.genome.serialization import from_json, to_json
from darwindeck.genome.validation import validate

PATH = "turn_structure.phases[0]"
REFUSED = "a board cannot be dealt here: "


def holdem() -> GameGenome:
    return get_game("texas-holdem")


def with_phases(genome: GameGenome, *phases: object) -> GameGenome:
    turns = dataclasses.replace(genome.turn_structure, phases=phases)
    return genome.replace(turn_structure=turns)


def errors(genome: GameGenome) -> list[tuple[str, str]]:
    return [(problem.path, problem.reason) for problem in validate(genome).errors]


def test_the_board_is_written_and_read_as_declared() -> None:
    game = holdem()
    written = json.loads(to_json(game))["turn_structure"]["phases"][:3]
    assert written[0] == {"kind": "board", "cards": 0, "small_blind": 50, "big_blind": 100, "pot_sized": True}
    assert written[2] == {"kind": "board", "cards": 3, "small_blind": 0, "big_blind": 0, "pot_sized": True}
    # docs/bytecode.md: opcode 28, cards u8, small_blind u16, big_blind u16 (big-endian), flags (bit 0
    # pot_sized); then the betting phase, opcode 15, min_bet u16 100, max_raises 255.
    assert bytes([28, 0, 0, 50, 0, 100, 1, 15, 0, 100, 255, 28, 3, 0, 0, 0, 0, 1]) in compile_genome(game)
    assert from_json(to_json(game)) == game
    assert parse_bytecode(compile_genome(game)).phases == game.phases
    assert game.schema_version == 2


def test_the_library_holdem_is_valid() -> None:
    assert errors(holdem()) == []


def test_a_board_needs_a_best_hand_showdown() -> None:
    game = holdem()
    reason = (
        REFUSED + "no best-hand showdown (a poker hand evaluation and a best_hand win condition) counts "
        "the board in anyone's hand"
    )
    points = game.replace(
        scoring=Scoring(hand_evaluation=HandEvaluation(method=EvaluationMethod.POINT_TOTAL)),
    )
    assert (PATH, reason) in errors(points)
    by_hands = game.replace(win_conditions=(WinCondition(WinType.HANDS_PLAYED, threshold=1),))
    assert (PATH, reason) in errors(by_hands)


def test_a_board_is_refused_with_the_tableau_or_a_dealer_in_use() -> None:
    game = holdem()
    played = with_phases(game, *game.phases, PlayPhase(target=Location.TABLEAU))
    assert (PATH, REFUSED + "the tableau is in use, and the board lies there") in errors(played)
    dealt = with_phases(game, *game.phases, DealerPhase())
    assert (PATH, REFUSED + "a dealer phase's cards lie where the board would") in errors(dealt)


def test_blinds_need_chips_and_a_later_betting_round() -> None:
    game = holdem()
    chipless = game.replace(setup=dataclasses.replace(game.setup, starting_chips=0))
    reason = REFUSED + "blinds need setup.starting_chips and a betting phase after the board phase"
    assert (PATH, reason) in errors(chipless)
    last = with_phases(game, BoardPhase(cards=5), BettingPhase(), BoardPhase(cards=0, big_blind=2))
    assert ("turn_structure.phases[2]", reason) in errors(last)
    upside_down = with_phases(game, BoardPhase(cards=5, small_blind=4, big_blind=2), BettingPhase())
    assert (PATH, REFUSED + "the small blind 4 is above the big blind 2") in errors(upside_down)


def test_the_board_is_at_most_five_cards_the_deck_can_spare() -> None:
    game = holdem()
    six = with_phases(game, BoardPhase(cards=3), BettingPhase(), BoardPhase(cards=3), BettingPhase())
    assert (PATH, REFUSED + "the board phases deal 6 cards, more than 5") in errors(six)
    # 2 players × 24 cards leave 4 of the 52: not the board's 5.
    crowded = game.replace(setup=dataclasses.replace(game.setup, cards_per_player=24))
    assert (PATH, REFUSED + "the deal leaves fewer than the board's 5 cards of the 52") in errors(crowded)
    too_many = with_phases(game, BoardPhase(cards=6), BettingPhase())
    assert f"{PATH}.cards" in [path for path, _ in errors(too_many)]


def test_more_than_two_players_are_warned_of_the_missing_side_pots() -> None:
    game = holdem().replace(player_count=6)
    warned = [(w.path, w.reason) for w in validate(game).warnings]
    assert (PATH, "no side pots: a player all in for less shares the whole pot") in warned
    assert not validate(holdem()).warnings

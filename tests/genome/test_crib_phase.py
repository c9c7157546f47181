"""The crib and show phases in the genome: their declared codecs (JSON kinds ``crib`` and ``show``,
bytecode opcodes 27 and 29) and validation, which refuses a crib without a show (and the other cases a
crib cannot be made in) with the path and the reason."""

from __future__ import annotations

import dataclasses
import json

from darwindeck.genome import ClaimPhase, CountPhase, CribPhase, GameGenome, ShowPhase
from darwindeck.genome.bytecode import compile_genome, parse_bytecode
from darwindeck.genome.library import get_game
from darwindeck.genome.serialization import from_json, to_json
from darwindeck.genome.validation import validate


def with_phases(genome: GameGenome, *phases: object) -> GameGenome:
    turns = dataclasses.replace(genome.turn_structure, phases=phases)
    return genome.replace(turn_structure=turns)


def errors(genome: GameGenome) -> list[tuple[str, str]]:
    return [(problem.path, problem.reason) for problem in validate(genome).errors]


def test_the_crib_and_show_are_written_and_read_as_declared() -> None:
    cribbage = get_game("cribbage")
    phases = json.loads(to_json(cribbage))["turn_structure"]["phases"]
    assert phases[0] == {"kind": "crib", "count": 2, "heels": 2}
    assert phases[2] == {"kind": "show", "nobs": True, "crib_four_flush": False}
    # docs/bytecode.md: crib opcode 27, count u8, heels u8; show opcode 29, flags (bit 0 nobs, bit 1
    # crib_four_flush).
    code = compile_genome(cribbage)
    assert bytes([27, 2, 2]) in code and bytes([29, 0b01]) in code
    changed = with_phases(cribbage, CribPhase(count=1, heels=0), CountPhase(), ShowPhase(False, True))
    assert bytes([27, 1, 0]) in compile_genome(changed) and bytes([29, 0b10]) in compile_genome(changed)
    assert from_json(to_json(changed)) == changed
    assert parse_bytecode(compile_genome(changed)).phases == changed.phases


def test_the_library_cribbage_is_valid() -> None:
    assert errors(get_game("cribbage")) == []


def test_a_crib_without_a_show_is_refused() -> None:
    genome = with_phases(get_game("cribbage"), CribPhase(), CountPhase())
    assert errors(genome) == [
        (
            "turn_structure.phases[0]",
            "a crib cannot be made here: a crib needs a show phase to count it (and the hands kept), "
            "and there is none",
        )
    ]


def test_a_show_without_a_crib_is_refused() -> None:
    genome = with_phases(get_game("cribbage"), CountPhase(), ShowPhase())
    assert errors(genome) == [
        (
            "turn_structure.phases[1]",
            "a show counts the hands kept from a crib phase and the starter, and there is none",
        )
    ]


def test_a_crib_beside_a_claim_pile_or_twice_is_refused() -> None:
    cribbage = get_game("cribbage")
    genome = with_phases(cribbage, CribPhase(), ClaimPhase(), CountPhase(), ShowPhase())
    reason = "a crib cannot be made here: a claim or dealer phase uses the face-down pile where the crib lies"
    assert ("turn_structure.phases[0]", reason) in errors(genome)
    twice = with_phases(cribbage, CribPhase(), CribPhase(), CountPhase(), ShowPhase(), ShowPhase())
    found = errors(twice)
    assert (
        "turn_structure.phases[1]",
        "a crib cannot be made here: a second crib phase (the crib is made once a hand)",
    ) in found
    assert ("turn_structure.phases[4]", "a second show phase (the hands are counted once a hand)") in found


def test_a_crib_too_big_to_count_or_without_a_starter_is_refused() -> None:
    # Eight players laying two away make a crib of 16 cards: more than the seven a show counts.
    cribbage = get_game("cribbage")
    found = errors(cribbage.replace(player_count=8))
    reason = "a crib cannot be made here: a show counts at most 7 cards and the starter"
    assert ("turn_structure.phases[0]", reason) in found
    # Four players of 13 cards: all 52 dealt, one each laid away fills the crib, and the starter would
    # be a 53rd card; the 12 cards kept are more than seven to count, too.
    setup = dataclasses.replace(cribbage.setup, cards_per_player=13)
    genome = with_phases(
        cribbage.replace(player_count=4, setup=setup), CribPhase(count=1), CountPhase(), ShowPhase()
    )
    found = errors(genome)
    assert ("turn_structure.phases[0]", reason) in found
    need = "a crib cannot be made here: the deal, the crib and the starter need 53 cards, the deck has 52"
    assert ("turn_structure.phases[0]", need) in found

"""The genome side of the count phase (``CountPhase``, Cribbage's play): JSON, bytecode (docs/bytecode.md,
opcode 24), validation, the rulebook and the three counting operators."""

from __future__ import annotations

import dataclasses
import random

from darwindeck.evolve.mutations import counting
from darwindeck.evolve.operators import OPERATORS
from darwindeck.genome.bytecode import HEADER_SIZE, SECTIONS, compile_genome, parse_bytecode
from darwindeck.genome.identity import genome_to_dict
from darwindeck.genome.library import get_game
from darwindeck.genome.phases import CountPhase
from darwindeck.genome.serialization import from_json, to_json
from darwindeck.genome.validation import validate
from darwindeck.rulebook import render_markdown

OFFSETS_AT = 20


def phases_section(data: bytes) -> list[int]:
    index = SECTIONS.index("phases")
    start = HEADER_SIZE + int.from_bytes(data[OFFSETS_AT + 2 * index : OFFSETS_AT + 2 * index + 2], "big")
    return list(data[start:])


def test_json_writes_the_count_kind_as_version_2_and_round_trips() -> None:
    crib = get_game("cribbage-play")
    data = genome_to_dict(crib)
    assert data["schema_version"] == 2
    assert data["turn_structure"]["phases"] == [
        {"kind": "count", "limit": 31, "go_points": 1, "combos": True}
    ]
    assert from_json(to_json(crib)) == crib


def test_bytecode_is_opcode_24_limit_go_and_flags() -> None:
    crib = get_game("cribbage-play")
    data = compile_genome(crib)
    # The phase list: [count 1] ... the count phase [24][limit 31][go 1][flags: combos].
    assert phases_section(data)[2:6] == [24, 31, 1, 1]
    assert parse_bytecode(data).replace(name=crib.name, description=crib.description) == crib


def test_a_limit_a_ten_cannot_fit_is_an_error() -> None:
    crib = get_game("cribbage-play")
    low = crib.replace(turn_structure=dataclasses.replace(crib.turn_structure, phases=(CountPhase(limit=9),)))
    errors = {p.path: p.reason for p in validate(low).errors}
    assert errors["turn_structure.phases[0].limit"].startswith("must be 10..255")


def test_the_rulebook_states_the_count_the_go_and_the_combos() -> None:
    text = render_markdown(get_game("cribbage-play"))
    assert "The count may never go over 31." in text
    assert 'If none of your cards fits, say "go"' in text
    assert "making the count 15 scores 2, and exactly 31 scores 2" in text
    # The hand ends with the hands, not the deck (44 cards stay undealt).
    assert "A hand ends when every player's hand is empty (the deck is not played out)." in text
    assert "every hand and the deck are empty" not in text


def test_the_counting_operators_add_tune_and_remove_it() -> None:
    names = {"AddCountPhaseMutation", "RemoveCountPhaseMutation", "MutateCountPhaseMutation"}
    assert names <= set(OPERATORS)
    war = get_game("war")
    added = counting.add_count_phase(war, random.Random(0))
    assert added.phases == (CountPhase(), *war.phases)
    assert counting.remove_count_phase(added, random.Random(0)) == war
    crib = get_game("cribbage-play")
    assert counting.remove_count_phase(crib, random.Random(0)) == crib  # it would leave no phase
    assert counting.add_count_phase(get_game("hearts"), random.Random(0)) == get_game("hearts")  # tricks
    seen = set()
    for seed in range(30):
        (phase,) = counting.mutate_count_phase(crib, random.Random(seed)).phases
        assert isinstance(phase, CountPhase) and phase != crib.phases[0]
        assert phase.limit in (21, 31, 41, 51) and phase.go_points in (0, 1, 2)
        seen.add("limit" if phase.limit != 31 else "go" if phase.go_points != 1 else "combos")
    assert seen == {"limit", "go", "combos"}

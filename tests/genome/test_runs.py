"""The genome side of Rummy's runs: ``PlayPhase.runs`` and the ``extends_meld`` condition in JSON,
bytecode (docs/bytecode.md), the schema version, validation, the rulebook and the mutations."""

from __future__ import annotations

import dataclasses
import random

from darwindeck.evolve.mutations import structure
from darwindeck.genome.bytecode import compile_genome, parse_bytecode
from darwindeck.genome.cards import Location
from darwindeck.genome.conditions import Condition, ConditionType
from darwindeck.genome.identity import genome_to_dict
from darwindeck.genome.library import get_game
from darwindeck.genome.phases import PlayPhase
from darwindeck.genome.serialization import from_json, genome_from_dict, to_json
from darwindeck.genome.validation import validate
from darwindeck.rulebook import render_markdown

MELD_AT = 1  # Rummy's phases: draw, meld, lay off, discard


def test_rummy_writes_runs_and_extends_meld_and_round_trips() -> None:
    rummy = get_game("rummy")
    data = genome_to_dict(rummy)
    assert data["schema_version"] == 2
    meld, lay_off = data["turn_structure"]["phases"][1:3]
    assert meld["runs"] is True and "runs" not in lay_off  # written only when set
    assert lay_off["valid_play_condition"]["type"] == "extends_meld"
    assert from_json(to_json(rummy)) == rummy


def test_a_play_without_runs_keeps_its_json_and_loads_from_before_the_key() -> None:
    crazy = get_game("crazy-eights")
    assert '"runs"' not in to_json(crazy)
    assert genome_from_dict(genome_to_dict(crazy)) == crazy


def test_runs_is_bit_2_of_the_play_flags() -> None:
    rummy = get_game("rummy")
    data = compile_genome(rummy)
    # The meld phase: [11][target TABLEAU][min 3][max 7][flags]: optional (bit 0 clear), pass if unable
    # (bit 1 set), runs (bit 2 set) = 0b110.
    at = bytes(data).index(bytes([11, Location.TABLEAU.code, 3, 7]))
    assert data[at + 4] == 0b110
    assert parse_bytecode(data).replace(name=rummy.name, description=rummy.description) == rummy


def test_an_extends_meld_test_alone_makes_a_genome_version_2() -> None:
    crazy = get_game("crazy-eights")
    assert crazy.schema_version == 1
    (play_at,) = [i for i, p in enumerate(crazy.phases) if isinstance(p, PlayPhase)]
    play = dataclasses.replace(
        crazy.phases[play_at], valid_play_condition=Condition(ConditionType.EXTENDS_MELD)
    )
    phases = (*crazy.phases[:play_at], play, *crazy.phases[play_at + 1 :])
    changed = crazy.replace(turn_structure=dataclasses.replace(crazy.turn_structure, phases=phases))
    assert changed.schema_version == 2


def test_runs_that_can_never_be_made_are_warned_about() -> None:
    rummy = get_game("rummy")
    meld = rummy.phases[MELD_AT]
    assert isinstance(meld, PlayPhase)
    short = dataclasses.replace(meld, max_cards=2, min_cards=2)
    phases = (*rummy.phases[:MELD_AT], short, *rummy.phases[MELD_AT + 1 :])
    report = validate(rummy.replace(turn_structure=dataclasses.replace(rummy.turn_structure, phases=phases)))
    assert {p.path: p.reason for p in report.warnings}["turn_structure.phases[1].runs"] == (
        "a run has at least 3 cards, but max_cards is 2"
    )


def test_the_rulebook_states_runs_and_the_lay_off() -> None:
    text = render_markdown(get_game("rummy"))
    assert "Play 3 to 4 cards of the same rank, or a run of 3 to 7 cards of one suit in sequence" in text
    assert "K-A-2 is not a run" in text
    assert "a set of its rank, or a run of its suit that it continues at either end" in text


def test_the_phase_mutation_can_toggle_runs() -> None:
    rummy = get_game("rummy")
    toggled = set()
    for seed in range(200):
        child = structure.mutate_phase(rummy, random.Random(seed))
        meld = child.phases[MELD_AT]
        if isinstance(meld, PlayPhase) and meld.min_cards == 3 and meld.target is Location.TABLEAU:
            toggled.add(meld.runs)
    assert toggled == {True, False}

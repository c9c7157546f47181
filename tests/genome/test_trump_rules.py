"""The genome side of Euchre's mechanisms: the trump phase, top trumps (bowers) and maker scoring in
JSON, bytecode (docs/bytecode.md), validation and the mutation operators."""

from __future__ import annotations

import dataclasses
import json
import random

import pytest

from darwindeck.errors import BytecodeError, GenomeFormatError
from darwindeck.evolve.mutations import trumps
from darwindeck.evolve.operators import OPERATORS
from darwindeck.evolve.repair import fix_trump_making
from darwindeck.genome.bytecode import HEADER_SIZE, SECTIONS, compile_genome, parse_bytecode
from darwindeck.genome.cards import Rank
from darwindeck.genome.identity import genome_to_dict
from darwindeck.genome.library import get_game
from darwindeck.genome.phases import TopTrump, TrickPhase, TrumpPhase, TrumpRelation
from darwindeck.genome.schema import GameGenome, MakerScoring
from darwindeck.genome.serialization import from_json, genome_from_dict, to_json
from darwindeck.genome.validation import validate

OFFSETS_AT = 20


def section_start(data: bytes, name: str) -> int:
    index = SECTIONS.index(name)
    return HEADER_SIZE + int.from_bytes(data[OFFSETS_AT + 2 * index : OFFSETS_AT + 2 * index + 2], "big")


def parse_error(data: bytes) -> BytecodeError:
    with pytest.raises(BytecodeError) as caught:
        parse_bytecode(data)
    return caught.value


def with_phases(genome: GameGenome, *phases: object) -> GameGenome:
    return genome.replace(turn_structure=dataclasses.replace(genome.turn_structure, phases=phases))


# -- JSON ---------------------------------------------------------------------------------------------


def test_euchre_json_round_trips_as_version_2() -> None:
    euchre = get_game("euchre")
    data = genome_to_dict(euchre)
    assert data["schema_version"] == 2
    trump, trick = data["turn_structure"]["phases"]
    assert trump == {"kind": "trump", "dealer_takes": True, "name_round": True, "stick_the_dealer": False}
    assert trick["top_trumps"] == [{"rank": "J", "suit": "trump"}, {"rank": "J", "suit": "same_colour"}]
    assert data["maker_scoring"] == {
        "made_tricks": 3,
        "made_points": 1,
        "march_points": 2,
        "euchre_points": 2,
    }
    assert from_json(to_json(euchre)) == euchre


def test_genomes_without_them_do_not_write_the_new_keys() -> None:
    for name in ("whist", "spades", "hearts"):
        text = to_json(get_game(name))
        assert '"top_trumps"' not in text and '"maker_scoring"' not in text


def test_older_documents_load_without_them() -> None:
    polignac = genome_to_dict(get_game("polignac"))
    assert polignac["schema_version"] == 1
    loaded = genome_from_dict(polignac)
    assert loaded.maker_scoring is None
    assert all(p.top_trumps == () for p in loaded.phases if isinstance(p, TrickPhase))
    # A version-2 document written before the keys existed (the late keys are simply absent).
    hearts = genome_to_dict(get_game("hearts"))
    assert hearts["schema_version"] == 2 and genome_from_dict(hearts) == get_game("hearts")


def test_a_bad_relation_is_a_format_error() -> None:
    data = genome_to_dict(get_game("euchre"))
    data["turn_structure"]["phases"][1]["top_trumps"][1]["suit"] = "same_color"
    with pytest.raises(GenomeFormatError) as caught:
        from_json(json.dumps(data))
    assert str(caught.value) == (
        "<string>:turn_structure.phases[1].top_trumps[1].suit: "
        'unknown TrumpRelation "same_color" (expected one of: trump, same_colour)'
    )


# -- bytecode -----------------------------------------------------------------------------------------


def test_euchre_bytecode_round_trips_with_the_documented_bytes() -> None:
    euchre = get_game("euchre")
    data = compile_genome(euchre)
    parsed = parse_bytecode(data)
    assert parsed.replace(name=euchre.name, description=euchre.description) == euchre
    phases = section_start(data, "phases")
    # [2][2 phases] [18][flags 0b011: dealer takes, name round] [13][flags 0b10011: lead suit, high
    # card, top trumps][trump none][breaking none][2 top trumps][J=9, trump=0][J=9, same colour=1]
    assert list(data[phases : phases + 13]) == [2, 2, 18, 3, 13, 19, 255, 255, 2, 9, 0, 9, 1]
    # The contract section holds only the maker block: [72][3][1][2][2]; header flag bit 4 is set.
    assert list(data[section_start(data, "contract") :]) == [72, 3, 1, 2, 2]
    assert data[17] & 0x10


def test_bad_trump_bytecode_fails_fast_with_its_offset() -> None:
    data = compile_genome(get_game("euchre"))
    phases = section_start(data, "phases")
    trump_flags, top_count, relation = phases + 3, phases + 8, phases + 12

    error = parse_error(data[:trump_flags] + bytes([0x08]) + data[trump_flags + 1 :])
    assert (error.section, error.offset) == ("phases", trump_flags)
    assert "reserved bits set" in str(error)

    error = parse_error(data[:top_count] + bytes([0]) + data[top_count + 1 :])
    assert (error.section, error.offset) == ("phases", top_count)
    assert "the count is 0" in str(error)

    error = parse_error(data[:relation] + bytes([2]) + data[relation + 1 :])
    assert (error.section, error.offset) == ("phases", relation)
    assert "TrumpRelation" in str(error)

    maker = section_start(data, "contract")
    error = parse_error(data[:maker] + bytes([71]) + data[maker + 1 :])
    assert (error.section, error.offset) == ("contract", maker)
    assert "expected opcode 72" in str(error)

    error = parse_error(data[:-1])
    assert error.section == "contract" and "truncated" in str(error)


def test_older_bytecode_still_parses() -> None:
    # Polignac has none of the new rules: its trick flags keep bit 4 clear and the header bit 4 too.
    polignac = get_game("polignac")
    data = compile_genome(polignac)
    assert not data[17] & 0x10
    parsed = parse_bytecode(data)
    assert parsed.replace(name=polignac.name, description=polignac.description) == polignac


# -- validation ---------------------------------------------------------------------------------------


def problems(genome: GameGenome) -> tuple[dict[str, str], dict[str, str]]:
    report = validate(genome)
    return (
        {p.path: p.reason for p in report.errors},
        {p.path: p.reason for p in report.warnings},
    )


def test_validation_of_the_trump_rules() -> None:
    euchre = get_game("euchre")
    assert problems(euchre) == ({}, {})
    errors, _ = problems(euchre.replace(setup=dataclasses.replace(euchre.setup, initial_discard_count=0)))
    assert "initial_discard_count is 0" in errors["turn_structure.phases[0]"]
    errors, _ = problems(with_phases(euchre, euchre.phases[1], TrumpPhase()))
    assert errors["turn_structure.phases[1]"] == "a trump phase needs a trick phase after it"
    errors, _ = problems(with_phases(euchre, euchre.phases[1]))
    assert errors["maker_scoring"] == "is given but no phase is a trump phase (nobody is ever a maker)"
    errors, warnings = problems(euchre.replace(maker_scoring=MakerScoring(made_tricks=6)))
    assert warnings["maker_scoring.made_tricks"] == "is 6 but a hand has at most 5 tricks: never made"
    bower = TopTrump(Rank.JACK, TrumpRelation.TRUMP)
    trick = dataclasses.replace(euchre.phases[1], top_trumps=(bower,) * 5)
    errors, warnings = problems(with_phases(euchre, euchre.phases[0], trick))
    assert errors["turn_structure.phases[1].top_trumps"] == "at most 4 top trumps, got 5"
    assert warnings["turn_structure.phases[1].top_trumps[1]"] == "is listed twice; only the first counts"


def test_top_trumps_without_any_trump_are_never_used() -> None:
    polignac = get_game("polignac")  # no trump suit, fixed or turned
    trick = dataclasses.replace(polignac.phases[0], trump_suit=None, top_trumps=trumps.BOWERS)
    no_trump = with_phases(polignac, trick)
    _, warnings = problems(no_trump)
    assert "never used" in warnings["turn_structure.phases[0].top_trumps"]


# -- mutations ----------------------------------------------------------------------------------------


def test_operators_add_tune_and_remove_the_trump_rules() -> None:
    rng = random.Random(3)
    whist = get_game("whist")  # 13 cards each from 52: no card left to turn up
    assert trumps.add_trump_phase(whist, rng) == whist
    five = whist.replace(setup=dataclasses.replace(whist.setup, cards_per_player=5))
    five = five.replace(turn_structure=dataclasses.replace(five.turn_structure, tricks_per_hand=5))
    made = trumps.add_trump_phase(five, rng)
    assert isinstance(made.phases[0], TrumpPhase) and made.setup.initial_discard_count == 1
    assert made.maker_scoring == MakerScoring(made_tricks=3)
    assert not validate(made).errors
    assert trumps.remove_trump_phase(made, rng).maker_scoring is None
    bowers = trumps.toggle_top_trumps(made, rng)
    assert bowers.phases[1].top_trumps == trumps.BOWERS  # type: ignore[union-attr]
    assert trumps.toggle_top_trumps(bowers, rng).phases[1].top_trumps == ()  # type: ignore[union-attr]
    for seed in range(20):
        for operator in (trumps.mutate_trump_phase, trumps.mutate_top_trumps, trumps.mutate_maker_scoring):
            child = operator(bowers, random.Random(seed))
            assert not validate(child).errors
    names = {"AddTrumpPhaseMutation", "MutateTopTrumpsMutation", "MutateMakerScoringMutation"}
    assert names <= set(OPERATORS)


def test_repair_drops_orphan_maker_scoring_and_turns_up_a_card() -> None:
    euchre = get_game("euchre")
    orphan = with_phases(euchre, euchre.phases[1])
    assert fix_trump_making(orphan).maker_scoring is None
    hidden = euchre.replace(setup=dataclasses.replace(euchre.setup, initial_discard_count=0))
    assert fix_trump_making(hidden) == euchre

"""Bytecode: exact bytes of each section, version handling, round trips, goldens, and a fuzzed parser."""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable
from pathlib import Path

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from darwindeck.engine import layout as L
from darwindeck.engine.state_api import GameState
from darwindeck.engine.tables import compile_program
from darwindeck.errors import BytecodeError
from darwindeck.genome.bytecode import (
    BYTECODE_VERSION,
    HEADER_SIZE,
    MAX_CONDITION_DEPTH,
    SECTIONS,
    V1_HEADER_SIZE,
    Op,
    compile_genome,
    parse_bytecode,
)
from darwindeck.genome.cards import CodedEnum, DeckType, Location, Rank, Suit, Visibility
from darwindeck.genome.conditions import (
    CompoundCondition,
    Condition,
    ConditionType,
    Logic,
    Operator,
    Reference,
)
from darwindeck.genome.library import game_names, get_game
from darwindeck.genome.phases import BiddingPhase, PlayPhase, TrickPhase, TrumpRelation, Vulnerability
from darwindeck.genome.schema import (
    ContractScoring,
    DeckEmptyAction,
    EffectType,
    EvaluationMethod,
    GameGenome,
    HandPattern,
    ScoringTrigger,
    SequenceDirection,
    SetupRules,
    SpecialEffect,
    TableauMode,
    TargetSelector,
    TurnedTrump,
    TurnStructure,
    WinCondition,
    WinType,
)
from golden.regenerate_bytecode import (
    GOLDEN_DIR,
    HAND_BUILT,
    golden_genomes,
    hand_draw_poker,
    hand_spades,
    hand_uno,
    hand_war,
)
from strategies import genomes

OFFSETS_AT = 20  # first section offset in a version-2 header


def section(data: bytes, name: str) -> list[int]:
    """The bytes of one section, located through the header's offsets."""
    offsets = [int.from_bytes(data[OFFSETS_AT + 2 * i : OFFSETS_AT + 2 * i + 2], "big") for i in range(7)]
    index = SECTIONS.index(name)
    start = HEADER_SIZE + offsets[index]
    end = HEADER_SIZE + offsets[index + 1] if index + 1 < len(SECTIONS) else len(data)
    return list(data[start:end])


def section_start(data: bytes, name: str) -> int:
    index = SECTIONS.index(name)
    return HEADER_SIZE + int.from_bytes(data[OFFSETS_AT + 2 * index : OFFSETS_AT + 2 * index + 2], "big")


def same_rules(parsed: GameGenome, original: GameGenome) -> bool:
    """Equal except name and description, which the bytecode does not carry."""
    return parsed.replace(name=original.name, description=original.description) == original


def parse_error(data: bytes) -> BytecodeError:
    with pytest.raises(BytecodeError) as caught:
        parse_bytecode(data)
    return caught.value


def with_byte(data: bytes, offset: int, value: int) -> bytes:
    changed = bytearray(data)
    changed[offset] = value
    return bytes(changed)


# ---------------------------------------------------------------------------------------------- header


def test_header_fields_sit_at_their_documented_offsets() -> None:
    genome = hand_spades()
    data = compile_genome(genome)
    assert data[0] == BYTECODE_VERSION == 2
    assert list(data[1:5]) == [0, 1, ord("D"), ord("D")]
    assert data[5:13] == bytes.fromhex(parse_bytecode(data).name.removeprefix("bytecode-"))
    assert list(data[13:20]) == [1, 4, 0x07, 0xD0, 0x0F, 13, 1]  # schema, players, 2000, flags, tricks, SKIP
    assert list(data[34:37]) == [0, 0, 0]
    assert list(data[37:39]) == [0, 2]  # NONE, BOTH
    assert section_start(data, "setup") == HEADER_SIZE
    assert len(data) == section_start(data, "contract") + 13


def test_flags_byte_is_zero_without_tricks_teams_or_contract() -> None:
    data = compile_genome(hand_war())
    assert list(data[13:20]) == [1, 2, 0x03, 0xE8, 0x00, 0, 1]


@pytest.mark.parametrize("mode", list(TableauMode))
@pytest.mark.parametrize("direction", list(SequenceDirection))
def test_tableau_mode_and_direction_are_bytes_37_and_38(
    mode: TableauMode, direction: SequenceDirection
) -> None:
    base = hand_war()
    genome = base.replace(
        setup=SetupRules(tableau_mode=mode, sequence_direction=direction, cards_per_player=5)
    )
    data = compile_genome(genome)
    assert (data[37], data[38]) == (mode.code, direction.code)
    assert same_rules(parse_bytecode(data), genome)


def test_header_enum_codes_are_the_seed_001_table() -> None:
    assert [m.code for m in TableauMode] == [0, 1, 2, 3]
    assert [m.name for m in TableauMode] == ["NONE", "WAR", "MATCH_RANK", "SEQUENCE"]
    assert [m.name for m in SequenceDirection] == ["ASCENDING", "DESCENDING", "BOTH"]


def test_version_1_stream_parses_with_tableau_mode_none() -> None:
    genome = hand_uno()
    data = compile_genome(genome)
    legacy = data[1:37] + data[39:]
    assert legacy[0:2] == b"\x00\x01" and len(legacy) == len(data) - 3
    parsed = parse_bytecode(legacy)
    assert parsed.setup.tableau_mode is TableauMode.NONE
    assert parsed.setup.sequence_direction is SequenceDirection.BOTH
    assert same_rules(parsed, genome)


def test_version_1_stream_section_offsets_are_relative_to_its_36_byte_header() -> None:
    data = compile_genome(hand_spades())
    legacy = bytearray(data[1:37] + data[39:])
    legacy[V1_HEADER_SIZE] = 99  # the setup opcode, right after the 36-byte header
    error = parse_error(bytes(legacy))
    assert (error.section, error.offset) == ("setup", 36)


@pytest.mark.parametrize("version", [1, 3, 4, 255])
def test_unknown_versions_are_refused_at_byte_0(version: int) -> None:
    error = parse_error(with_byte(compile_genome(hand_war()), 0, version))
    assert (error.section, error.offset) == ("header", 0)
    assert f"unknown bytecode version {version}" in str(error)


@pytest.mark.parametrize("value", [4, 255])
def test_reserved_tableau_modes_are_refused_with_their_offset(value: int) -> None:
    error = parse_error(with_byte(compile_genome(hand_war()), 37, value))
    assert (error.section, error.offset) == ("header", 37)
    assert str(error) == (
        f"bytecode header section, byte 37: tableau_mode value {value} at byte 37 is reserved (defined: 0..3)"
    )


@pytest.mark.parametrize("value", [3, 4, 255])
def test_reserved_sequence_directions_are_refused_with_their_offset(value: int) -> None:
    error = parse_error(with_byte(compile_genome(hand_war()), 38, value))
    assert (error.section, error.offset) == ("header", 38)
    assert "reserved" in str(error)


def test_empty_input_is_refused() -> None:
    error = parse_error(b"")
    assert (error.section, error.offset) == ("header", 0)


def test_a_hash_that_does_not_match_the_rules_is_refused() -> None:
    data = compile_genome(hand_war())
    error = parse_error(with_byte(data, 7, data[7] ^ 0xFF))
    assert (error.section, error.offset) == ("header", 5)
    assert "does not match" in str(error)


def test_reserved_header_flag_bits_are_refused() -> None:
    # Bit 7, the highest: bits 0-4 are in use (docs/bytecode.md), the reserved ones come from the top.
    error = parse_error(with_byte(compile_genome(hand_war()), 17, 0x80))
    assert (error.section, error.offset) == ("header", 17)


def test_a_section_offset_that_disagrees_with_the_stream_is_refused() -> None:
    data = compile_genome(hand_uno())
    wrong = with_byte(data, OFFSETS_AT + 2 * SECTIONS.index("effects") + 1, data[OFFSETS_AT + 9] + 1)
    error = parse_error(wrong)
    assert error.section == "effects"
    assert error.offset == section_start(data, "effects")


def test_trailing_garbage_is_refused() -> None:
    data = compile_genome(hand_spades())
    error = parse_error(data + b"\x00")
    assert (error.section, error.offset) == ("contract", len(data))
    assert "1 trailing byte" in str(error)


def test_parse_names_the_genome_after_its_hash_and_drops_the_description() -> None:
    data = compile_genome(hand_war().replace(description="a long description"))
    parsed = parse_bytecode(data)
    assert parsed.name == f"bytecode-{data[5:13].hex()}"
    assert parsed.description == ""


# ---------------------------------------------------------------------------------------------- sections


def test_setup_section_bytes() -> None:
    # opcode, 7 cards, standard_52, 1 discard, 1 wild: EIGHT(6), no trump, 0 chips, owner_only, top_only,
    # no refill, captures to CAPTURED(6)
    assert section(compile_genome(hand_uno()), "setup") == [1, 7, 0, 1, 1, 6, 255, 0, 0, 1, 2, 0, 6]


def test_phases_section_bytes_with_simple_conditions() -> None:
    assert section(compile_genome(hand_uno()), "phases") == [
        *(2, 2),
        *(10, 0, 1, 0b10),  # draw from DECK 1 card, not mandatory, loop
        *(21, 0, 0, 1, 0, 0, 10),  # hand_size EQ int 0, reference VALID_PLAYS
        *(11, 2, 1, 1, 0b10),  # play to DISCARD 1..1, not mandatory, pass_if_unable
        *(21, 11, 255, 0, 0),  # matches_or_wild, no operator, no value, TOP_DISCARD
    ]


def test_compound_conditions_are_a_prefix_tree() -> None:
    phases = section(compile_genome(hand_draw_poker()), "phases")
    discard_condition = [
        *(22, 2),  # AND of 2
        *(21, 14, 255, 0, 255),  # has_matching_pair
        *(23, 2),  # OR of 2
        *(21, 5, 255, 3, 0, 255),  # card_is_suit HEARTS
        *(21, 18, 255, 0, 3),  # card_beats_top LAST_PLAYED
    ]
    assert phases == [
        *(2, 4),
        *(15, 0, 10, 3),  # betting min 10, 3 raises
        *(12, 2, 3, 0),  # discard to DISCARD, 3, not mandatory
        *discard_condition,
        *(10, 0, 3, 0b01, 20),  # draw 3 from DECK, mandatory, no condition
        *(15, 0, 20, 2),
    ]


def test_scoring_section_bytes() -> None:
    values = [b for v in (2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10, 11) for b in (0, v)]
    assert section(compile_genome(hand_draw_poker()), "scoring") == [
        *(4, 1),
        *(2, 0xFF, 0xFD),  # trigger PLAY, -3 points
        *(21, 4, 255, 2, 12, 255),  # card_is_rank ACE
        *(1, 1, 13),  # hand evaluation present, POKER, 13 values
        *values,
        *(0b01, 0, 1, 0, 0),  # ace alternate 1, no bust threshold
        *(3, 1, 5, 8),  # PAIR, FLUSH, STRAIGHT_FLUSH
    ]


def test_win_conditions_section_bytes() -> None:
    assert section(compile_genome(hand_spades()), "win_conditions") == [3, 1, 3, 1, 0x01, 0xF4]
    assert section(compile_genome(hand_draw_poker()), "win_conditions") == [
        3,
        2,
        7,
        0,
        0,
        0,
        1,
        1,
        0x13,
        0x88,
    ]


def test_effects_section_for_the_seed_uno_example() -> None:
    # rank codes TWO=0 JACK=9 QUEEN=10 KING=11; effect codes SKIP_NEXT=0 REVERSE=1 DRAW_CARDS=2
    # EXTRA_TURN=3; target codes NEXT_PLAYER=0 ALL_OPPONENTS=4
    assert section(compile_genome(hand_uno()), "effects") == [
        *(60, 4),
        *(0, 2, 0, 2),
        *(9, 0, 0, 1),
        *(10, 1, 4, 1),
        *(11, 3, 0, 1),
    ]


def test_no_effects_is_the_header_and_a_zero_count() -> None:
    assert section(compile_genome(hand_war()), "effects") == [60, 0]


def test_teams_section_bytes() -> None:
    assert section(compile_genome(hand_spades()), "teams") == [80, 2, 2, 0, 2, 2, 1, 3]
    assert section(compile_genome(hand_war()), "teams") == [80, 0]


def test_bidding_phase_and_default_contract_block_bytes() -> None:
    data = compile_genome(hand_spades())
    # bidding opcode 70 (not spec 004's 60: that is EFFECT_HEADER), min 1, max 13, allow_nil; then the trick
    assert section(data, "phases") == [2, 2, 70, 1, 13, 1, 13, 0b11, 3, 3]
    assert section(data, "contract") == [71, 10, 1, 10, 0, 100, 0, 100, 10, 0, 100, 0, 0]


def test_a_genome_without_contract_scoring_has_an_empty_contract_section() -> None:
    assert section(compile_genome(hand_uno()), "contract") == []


def test_a_truncated_effects_section_names_effects_and_the_offset() -> None:
    data = compile_genome(hand_uno())
    start = section_start(data, "effects")
    error = parse_error(data[: start + 5])  # opcode, count, then 3 bytes of the first 4-byte entry
    assert (error.section, error.offset) == ("effects", start + 5)
    assert str(error) == (
        f"bytecode effects section, byte {start + 5}: truncated: effects[0].value needs 1 byte(s), 0 left"
    )


def test_reserved_contract_flag_bits_are_refused() -> None:
    # The contract block's last two bytes (spec 004's reserved uint16) are the flags (bit 0 ``exact``)
    # and ``made_bonus``: a classic Spades contract writes 0 0, and a flag bit above bit 0 is refused.
    data = compile_genome(hand_spades())
    assert list(data[-2:]) == [0, 0]
    error = parse_error(data[:-2] + b"\x02" + data[-1:])
    assert (error.section, error.offset) == ("contract", len(data) - 2)
    assert "reserved bits set" in str(error)


def test_too_deep_a_condition_is_refused_both_ways() -> None:
    condition: Condition | CompoundCondition = Condition(ConditionType.HAS_MATCHING_PAIR)
    for _ in range(MAX_CONDITION_DEPTH):
        condition = CompoundCondition(Logic.AND, (condition, Condition(ConditionType.HAS_TRUMP)))
    genome = hand_war().replace(
        turn_structure=TurnStructure(phases=(PlayPhase(valid_play_condition=condition),))
    )
    with pytest.raises(BytecodeError, match=r"valid_play_condition.*nests deeper than 32"):
        compile_genome(genome)
    assert isinstance(condition, CompoundCondition)
    deepest_allowed = genome.replace(
        turn_structure=TurnStructure(phases=(PlayPhase(valid_play_condition=condition.conditions[0]),))
    )
    assert same_rules(parse_bytecode(compile_genome(deepest_allowed)), deepest_allowed)
    nested = bytes([22, 1] * (MAX_CONDITION_DEPTH + 1) + [20])
    data = compile_genome(hand_uno())
    play_condition_at = section_start(data, "phases") + 13 + 5
    error = parse_error(data[:play_condition_at] + nested)
    assert error.section == "phases"
    assert error.offset == play_condition_at + 2 * MAX_CONDITION_DEPTH


# ------------------------------------------------------------------------------------------ compile errors


@pytest.mark.parametrize(
    ("change", "field"),
    [
        (lambda g: g.replace(setup=SetupRules(cards_per_player=256)), "setup.cards_per_player = 256"),
        (lambda g: g.replace(max_turns=70000), "max_turns = 70000 does not fit uint16"),
        (lambda g: g.replace(player_count=-1), "player_count = -1"),
        (
            lambda g: g.replace(
                special_effects=(
                    SpecialEffect(
                        g.special_effects[0].trigger_rank, g.special_effects[0].effect_type, value=300
                    ),
                )
            ),
            "special_effects[0].value = 300",
        ),
        (
            lambda g: g.replace(win_conditions=(WinCondition(WinType.HIGH_SCORE, 40000),)),
            "win_conditions[0].threshold = 40000 does not fit int16",
        ),
        (
            lambda g: g.replace(contract_scoring=ContractScoring(nil_bonus=-5)),
            "contract_scoring.nil_bonus = -5",
        ),
        (
            lambda g: g.replace(
                turn_structure=TurnStructure(phases=(BiddingPhase(max_bid=300), TrickPhase()))
            ),
            "turn_structure.phases[0].max_bid = 300",
        ),
    ],
)
def test_values_that_do_not_fit_are_refused_at_compile_time(
    change: Callable[[GameGenome], GameGenome], field: str
) -> None:
    with pytest.raises(BytecodeError, match=field.replace("[", r"\[").replace("]", r"\]")):
        compile_genome(change(hand_uno()))


# ---------------------------------------------------------------------------------------------- round trips


@settings(max_examples=200, derandomize=True, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(genomes())
def test_parse_inverts_compile(genome: GameGenome) -> None:
    parsed = parse_bytecode(compile_genome(genome))
    assert same_rules(parsed, genome)


@pytest.mark.parametrize("build", list(HAND_BUILT.values()), ids=list(HAND_BUILT))
def test_hand_built_genomes_round_trip(build: Callable[[], GameGenome]) -> None:
    genome = build()
    assert same_rules(parse_bytecode(compile_genome(genome)), genome)


@pytest.mark.parametrize("name", game_names())
def test_every_library_game_round_trips(name: str) -> None:
    genome = get_game(name)
    assert same_rules(parse_bytecode(compile_genome(genome)), genome)


def played(genome: GameGenome, seed: int) -> tuple[list[int], tuple[object, ...]]:
    """A whole game of ``genome`` dealt from ``seed``, each decision a seeded random legal action: the
    actions taken and the outcome (winner, winning team, how it ended, turns, scores, team scores)."""
    state = GameState.new(genome, seed)
    rng = random.Random(seed)
    actions: list[int] = []
    while not state.is_terminal():
        action = rng.choice(state.legal_actions())
        actions.append(action)
        state.apply_action(action)
    ended_by = int(state.array[L.S_ENDED_BY])
    turns = int(state.array[L.S_TURN])
    return actions, (state.winner, state.winning_team, ended_by, turns, state.scores(), state.team_scores())


@pytest.mark.parametrize("name", game_names())
def test_every_library_game_plays_the_same_from_its_bytecode(name: str) -> None:
    """Spec 000's integration test: compile → parse → play, move for move the game the genome plays."""
    genome = get_game(name)
    parsed = parse_bytecode(compile_genome(genome))
    assert np.array_equal(compile_program(parsed), compile_program(genome))
    decided = 0
    for seed in (1, 2, 3):
        actions, outcome = played(parsed, seed)
        decided += len(actions)
        assert (actions, outcome) == played(genome, seed)
    # A game may end before any decision (Blackjack's seed 2: the dealer's natural at the deal), not all.
    assert decided, "games with no decision test nothing"


def test_library_games_compile_to_the_seed_bytes() -> None:
    seed_effects = section(compile_genome(hand_uno()), "effects")  # spec 000's four example effects
    wild_ace = [12, 5, 0, 1]  # rank A, NAME_SUIT, NEXT_PLAYER, value 1
    assert section(compile_genome(get_game("uno-style")), "effects") == [60, 5, *seed_effects[2:], *wild_ace]
    library_spades = get_game("spades")
    (bidding,) = [p for p in library_spades.phases if isinstance(p, BiddingPhase)]
    seed_bidding = dataclasses.replace(bidding, blind_nil=False)  # spec 004's Spades has no blind Nil
    phases = tuple(seed_bidding if p is bidding else p for p in library_spades.phases)
    seed_spades = library_spades.replace(
        turn_structure=dataclasses.replace(library_spades.turn_structure, phases=phases)
    )
    spades = compile_genome(seed_spades)
    assert section(spades, "phases")[2:6] == [70, 1, 13, 1]
    assert section(compile_genome(library_spades), "phases")[2:6] == [70, 1, 13, 0b101]  # + blind Nil
    assert section(spades, "contract") == [71, 10, 1, 10, 0, 100, 0, 100, 10, 0, 100, 0, 0]
    assert list(compile_genome(get_game("fan-tan"))[37:39]) == [3, 2]  # SEQUENCE, BOTH
    assert list(compile_genome(get_game("war"))[37:39]) == [1, 2]  # WAR
    assert compile_genome(get_game("scopa"))[37] == 2  # MATCH_RANK


@pytest.mark.golden
@pytest.mark.parametrize(("stem", "genome"), list(golden_genomes().items()))
def test_compile_matches_golden_file(stem: str, genome: GameGenome) -> None:
    path: Path = GOLDEN_DIR / f"{stem}.bin"
    assert path.exists(), f"missing golden {path}: run tests/golden/regenerate_bytecode.py"
    expected = path.read_bytes()
    assert compile_genome(genome) == expected
    assert same_rules(parse_bytecode(expected), genome)


# ---------------------------------------------------------------------------------------------- fuzzing

VALID_STREAMS = [compile_genome(build()) for build in HAND_BUILT.values()]
FUZZ = settings(max_examples=300, derandomize=True, deadline=None)


def parse_or_bytecode_error(data: bytes) -> None:
    """Parsing either succeeds or raises BytecodeError; any other exception fails the test."""
    try:
        parse_bytecode(data)
    except BytecodeError as error:
        assert 0 <= error.offset <= len(data)
        assert error.section in ("header", *SECTIONS)


@FUZZ
@given(st.binary(max_size=300))
def test_fuzz_random_bytes(data: bytes) -> None:
    parse_or_bytecode_error(data)


@FUZZ
@given(st.sampled_from([b"\x02\x00\x01DD", b"\x00\x01DD"]), st.binary(max_size=300))
def test_fuzz_random_bytes_after_a_valid_prefix(prefix: bytes, tail: bytes) -> None:
    parse_or_bytecode_error(prefix + tail)


@FUZZ
@given(
    st.sampled_from(VALID_STREAMS),
    st.lists(st.tuples(st.integers(0, 10_000), st.integers(0, 255)), min_size=1, max_size=4),
)
def test_fuzz_mutated_valid_streams(data: bytes, changes: list[tuple[int, int]]) -> None:
    mutated = bytearray(data)
    for position, value in changes:
        mutated[position % len(mutated)] = value
    parse_or_bytecode_error(bytes(mutated))


@FUZZ
@given(st.sampled_from(VALID_STREAMS), st.integers(0, 10_000), st.binary(min_size=0, max_size=3))
def test_fuzz_spliced_valid_streams(data: bytes, position: int, inserted: bytes) -> None:
    cut = position % len(data)
    parse_or_bytecode_error(data[:cut] + inserted + data[cut + 1 :])


@FUZZ
@given(st.sampled_from(VALID_STREAMS), st.integers(0, 10_000))
def test_every_truncation_is_refused(data: bytes, position: int) -> None:
    cut = position % len(data)
    with pytest.raises(BytecodeError):
        parse_bytecode(data[:cut])


# ---------------------------------------------------------------------------------------------- the document

DOC = Path(__file__).resolve().parents[2] / "docs" / "bytecode.md"
DOCUMENTED_ENUMS: tuple[type[CodedEnum], ...] = (
    Rank,
    Suit,
    DeckType,
    Location,
    Visibility,
    ConditionType,
    Operator,
    Reference,
    Logic,
    TableauMode,
    SequenceDirection,
    DeckEmptyAction,
    EffectType,
    TargetSelector,
    WinType,
    ScoringTrigger,
    EvaluationMethod,
    HandPattern,
    TrumpRelation,
    TurnedTrump,
    Vulnerability,
)


@pytest.mark.parametrize("enum_type", DOCUMENTED_ENUMS, ids=lambda e: e.__name__)
def test_doc_enum_tables_match_the_code(enum_type: type[CodedEnum]) -> None:
    codes = ", ".join(f"{member.code} `{member.name}`" for member in enum_type)
    assert f"**{enum_type.__name__}**: {codes}\n" in DOC.read_text(encoding="utf-8")


def test_doc_lists_every_opcode() -> None:
    text = DOC.read_text(encoding="utf-8")
    for op in Op:
        assert f"| {op.value} | `{op.name}` |" in text

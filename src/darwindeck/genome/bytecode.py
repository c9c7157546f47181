"""Compile a ``GameGenome`` to the bytecode of spec 000 and parse it back (format: ``docs/bytecode.md``).

Rules of the format (version ``BYTECODE_VERSION`` = 2):

* Big-endian. Every enum is written as its ``.code`` (``CodedEnum``); an absent optional enum (a trump
  suit, an operator, a reference) is ``NONE_CODE`` = 255.
* A 39-byte header: byte 0 the version (2), bytes 1-36 the 36-byte base header (legacy layout version
  0x0001, magic ``DD``, the first 8 bytes of ``genome.identity``, schema version, player count, max turns,
  flags, tricks per hand, deck-empty action, seven uint16 section offsets, 3 reserved zero bytes), byte 37
  ``tableau_mode``, byte 38 ``sequence_direction`` (spec 001). A version-1 stream is the 36-byte base
  header alone (it begins with the legacy version's 0x00 byte): it parses with tableau mode NONE and
  direction BOTH. Any other first byte is refused, as are the reserved enum values at bytes 37/38.
* Then seven sections, contiguous and in this order, each at the body offset its header entry gives:
  setup (opcode 1), phases (2), win conditions (3), scoring (4), effects (60, spec 000), teams (80),
  contract scoring (71 + the 12-byte block of spec 004, or nothing when the genome has none; then, when
  header flag bit 4 says so, maker scoring: 72 + 4 bytes; then, when header flag bit 5 says so, book
  scoring: 73 + 2 bytes). The setup's flag byte has bit 1 set when a ``turned_trump`` is given; its
  ``TurnedTrump`` code then follows the setup's last byte; bit 2 when ``jokers`` or ``kitty`` is not 0,
  and then their two bytes follow (jokers, kitty). Phases are one opcode each (10-19, then 24
  count, 25 auction, 26 dealer, 27 crib, 28 board, 29 show, 30 call, 31 climb; the bidding phase is
  70, because spec 000 already gives 60/61 to effects), then
  their fields in the order their declaration lays them out (``genome.declare``: one generic writer
  and reader serve every phase kind); a trick phase with top trumps sets its flag bit 4 and lists them
  (count, then rank and ``TrumpRelation`` codes); conditions are a prefix tree (20 none, 21 simple, 22
  AND, 23 OR).
* The bytecode carries every rule. It does not carry ``name`` or ``description``: ``parse_bytecode``
  names the genome ``"bytecode-<16 hex digits of the header hash>"`` with an empty description.
* ``compile_genome`` refuses a value that does not fit its width with a ``BytecodeError`` naming the
  field. ``parse_bytecode`` checks every read: truncated or malformed input, trailing bytes, a section
  that is not where the header says, or a genome whose identity does not match the header hash raise
  ``BytecodeError(section, offset, reason)``, and nothing else escapes.
"""

from __future__ import annotations

import dataclasses
import types
import typing
from collections.abc import Callable
from dataclasses import dataclass
from enum import IntEnum
from typing import TypeVar

from darwindeck.errors import BytecodeError
from darwindeck.genome._bytes import ByteReader, ByteWriter
from darwindeck.genome.cards import CodedEnum, DeckType, Location, Rank, Suit, Visibility
from darwindeck.genome.conditions import (
    CompoundCondition,
    Condition,
    ConditionLike,
    ConditionType,
    ConditionValue,
    Logic,
    Operator,
    Reference,
)
from darwindeck.genome.declare import (
    FieldFacts,
    Flags,
    PhaseKind,
    Present,
    field_facts,
    field_types,
    phase_kinds,
)
from darwindeck.genome.phases import (
    Phase,
)
from darwindeck.genome.schema import (
    BookScoring,
    CardScoringRule,
    ContractScoring,
    DeckEmptyAction,
    EffectType,
    EvaluationMethod,
    GameGenome,
    HandEvaluation,
    HandPattern,
    MakerScoring,
    Scoring,
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

__all__ = [
    "BYTECODE_VERSION",
    "HEADER_SIZE",
    "SECTIONS",
    "V1_HEADER_SIZE",
    "Op",
    "compile_genome",
    "parse_bytecode",
]

BYTECODE_VERSION = 2
#: The layout version of the 36-byte base header (what a version-1 stream starts with).
LEGACY_HEADER_VERSION = 1
MAGIC = b"DD"
V1_HEADER_SIZE = 36
HEADER_SIZE = 39
HASH_SIZE = 8
NONE_CODE = 255
#: Deepest condition nesting compiled or parsed (a simple condition at top level has depth 1).
MAX_CONDITION_DEPTH = 32

_RESERVED_SIZE = 3

# Header flag bits (byte 17 of a version-2 stream).
FLAG_TRICK_BASED = 0x01
FLAG_TEAM_MODE = 0x02
FLAG_HAS_TRICKS_PER_HAND = 0x04
FLAG_HAS_CONTRACT = 0x08
FLAG_HAS_MAKER = 0x10
FLAG_HAS_BOOK = 0x20
_HEADER_FLAGS = (
    FLAG_TRICK_BASED
    | FLAG_TEAM_MODE
    | FLAG_HAS_TRICKS_PER_HAND
    | FLAG_HAS_CONTRACT
    | FLAG_HAS_MAKER
    | FLAG_HAS_BOOK
)


class Op(IntEnum):
    """Every opcode of the format except the phase kinds': section tags, condition nodes, the blocks of
    the contract section. A phase kind's opcode is declared with it (``genome.phases``, ``genome.declare``:
    10-19 draw, play, discard, trick, claim, betting, knock, pass, trump, ask; 24 count; 25 auction; 70
    bidding)."""

    SETUP = 1
    PHASES = 2
    WIN_CONDITIONS = 3
    SCORING = 4
    CONDITION_NONE = 20
    CONDITION_SIMPLE = 21
    CONDITION_AND = 22
    CONDITION_OR = 23
    EFFECT_HEADER = 60
    #: Reserved by spec 000; never written: effect entries are positional 4-byte records.
    EFFECT_ENTRY = 61
    CONTRACT_SCORING = 71
    MAKER_SCORING = 72
    BOOK_SCORING = 73
    TEAMS = 80


class ValueKind(IntEnum):
    """The kind byte before a simple condition's value."""

    NONE = 0
    INT = 1
    RANK = 2
    SUIT = 3


#: Section names in stream order; the header's offsets follow this order.
SECTIONS: tuple[str, ...] = (
    "setup",
    "phases",
    "win_conditions",
    "scoring",
    "effects",
    "teams",
    "contract",
)

_E = TypeVar("_E", bound=CodedEnum)


# --------------------------------------------------------------------------------------------------
# Shared helpers


def _genome_hash(genome: GameGenome) -> bytes:
    """The first ``HASH_SIZE`` bytes of the genome's identity (SHA-256 of its canonical rules JSON)."""
    return bytes.fromhex(genome.identity[: 2 * HASH_SIZE])


def _pack_flags(*bits: bool) -> int:
    return sum(1 << index for index, bit in enumerate(bits) if bit)


def _optional_code(member: CodedEnum | None) -> int:
    return NONE_CODE if member is None else member.code


def _member(reader: ByteReader, enum_type: type[_E], code: int, field: str, offset: int) -> _E:
    members = list(enum_type)
    if code >= len(members):
        reader.fail(f"{field}: {code} is not a {enum_type.__name__} code (0..{len(members) - 1})", offset)
    return members[code]


def _read_enum(reader: ByteReader, enum_type: type[_E], field: str) -> _E:
    offset = reader.pos
    return _member(reader, enum_type, reader.u8(field), field, offset)


def _read_optional_enum(reader: ByteReader, enum_type: type[_E], field: str) -> _E | None:
    offset = reader.pos
    code = reader.u8(field)
    return None if code == NONE_CODE else _member(reader, enum_type, code, field, offset)


def _read_flags(reader: ByteReader, field: str, count: int) -> tuple[bool, ...]:
    offset = reader.pos
    flags = reader.u8(field)
    if flags >> count:
        reader.fail(f"{field}: reserved bits set in {flags:#04x} (only the low {count} are defined)", offset)
    return tuple(bool(flags >> index & 1) for index in range(count))


def _read_bool(reader: ByteReader, field: str) -> bool:
    return _read_flags(reader, field, 1)[0]


def _expect_op(reader: ByteReader, op: Op) -> None:
    offset = reader.pos
    found = reader.u8(f"{op.name} opcode")
    if found != op:
        reader.fail(f"expected opcode {op.value} ({op.name}), found {found}", offset)


# --------------------------------------------------------------------------------------------------
# Compiling


def compile_genome(genome: GameGenome) -> bytes:
    """The version-2 bytecode of ``genome``; ``BytecodeError`` names any value that does not fit."""
    writer = ByteWriter()
    writer.raw(bytes(HEADER_SIZE))
    offsets: list[int] = []
    for name, write_section in _SECTION_WRITERS:
        writer.section = name
        offsets.append(len(writer) - HEADER_SIZE)
        write_section(writer, genome)
    writer.patch_raw(0, _compile_header(genome, offsets))
    return writer.getvalue()


def _compile_header(genome: GameGenome, offsets: list[int]) -> bytes:
    writer = ByteWriter()
    turns = genome.turn_structure
    writer.u8(BYTECODE_VERSION, "version")
    writer.u16(LEGACY_HEADER_VERSION, "legacy_version")
    writer.raw(MAGIC)
    writer.raw(_genome_hash(genome))
    writer.u8(genome.schema_version, "schema_version")
    writer.u8(genome.player_count, "player_count")
    writer.u16(genome.max_turns, "max_turns")
    flags = (
        (FLAG_TRICK_BASED if turns.is_trick_based else 0)
        | (FLAG_TEAM_MODE if genome.team_mode else 0)
        | (FLAG_HAS_TRICKS_PER_HAND if turns.tricks_per_hand is not None else 0)
        | (FLAG_HAS_CONTRACT if genome.contract_scoring is not None else 0)
        | (FLAG_HAS_MAKER if genome.maker_scoring is not None else 0)
        | (FLAG_HAS_BOOK if genome.book_scoring is not None else 0)
    )
    writer.u8(flags, "flags")
    writer.u8(turns.tricks_per_hand or 0, "turn_structure.tricks_per_hand")
    writer.u8(turns.deck_empty.code, "turn_structure.deck_empty")
    for name, offset in zip(SECTIONS, offsets, strict=True):
        writer.u16(offset, f"{name} section offset (the body is longer than 65535 bytes)")
    writer.raw(bytes(_RESERVED_SIZE))
    writer.u8(genome.setup.tableau_mode.code, "setup.tableau_mode")
    writer.u8(genome.setup.sequence_direction.code, "setup.sequence_direction")
    return writer.getvalue()


def _write_setup(writer: ByteWriter, genome: GameGenome) -> None:
    setup = genome.setup
    writer.u8(Op.SETUP, "opcode")
    writer.u8(setup.cards_per_player, "setup.cards_per_player")
    writer.u8(setup.initial_deck.code, "setup.initial_deck")
    writer.u8(setup.initial_discard_count, "setup.initial_discard_count")
    writer.u8(len(setup.wild_cards), "setup.wild_cards count")
    for rank in setup.wild_cards:
        writer.u8(rank.code, "setup.wild_cards")
    writer.u8(_optional_code(setup.trump_suit), "setup.trump_suit")
    writer.u16(setup.starting_chips, "setup.starting_chips")
    writer.u8(setup.hand_visibility.code, "setup.hand_visibility")
    writer.u8(setup.discard_visibility.code, "setup.discard_visibility")
    turned = setup.turned_trump
    climbing = bool(setup.jokers or setup.kitty)
    writer.u8(_pack_flags(setup.refill_hands, turned is not None, climbing), "setup flags")
    writer.u8(setup.captures_to.code, "setup.captures_to")
    if turned is not None:
        writer.u8(turned.code, "setup.turned_trump")
    if climbing:
        writer.u8(setup.jokers, "setup.jokers")
        writer.u8(setup.kitty, "setup.kitty")


def _write_condition(writer: ByteWriter, condition: ConditionLike | None, field: str, depth: int = 1) -> None:
    if condition is None:
        writer.u8(Op.CONDITION_NONE, field)
        return
    if depth > MAX_CONDITION_DEPTH:
        writer.fail(f"{field} nests deeper than {MAX_CONDITION_DEPTH} levels")
    if isinstance(condition, Condition):
        writer.u8(Op.CONDITION_SIMPLE, field)
        writer.u8(condition.type.code, f"{field}.type")
        writer.u8(_optional_code(condition.operator), f"{field}.operator")
        _write_condition_value(writer, condition.value, f"{field}.value")
        writer.u8(_optional_code(condition.reference), f"{field}.reference")
        return
    writer.u8(Op.CONDITION_AND + condition.logic.code, field)
    writer.u8(len(condition.conditions), f"{field}.conditions count")
    for index, child in enumerate(condition.conditions):
        _write_condition(writer, child, f"{field}.conditions[{index}]", depth + 1)


def _write_condition_value(writer: ByteWriter, value: ConditionValue, field: str) -> None:
    if value is None:
        writer.u8(ValueKind.NONE, field)
    elif isinstance(value, Rank):
        writer.u8(ValueKind.RANK, field)
        writer.u8(value.code, field)
    elif isinstance(value, Suit):
        writer.u8(ValueKind.SUIT, field)
        writer.u8(value.code, field)
    else:
        writer.u8(ValueKind.INT, field)
        writer.i16(value, field)


def _write_phases(writer: ByteWriter, genome: GameGenome) -> None:
    phases = genome.turn_structure.phases
    writer.u8(Op.PHASES, "opcode")
    writer.u8(len(phases), "turn_structure.phases count")
    for index, phase in enumerate(phases):
        _write_phase(writer, phase, f"turn_structure.phases[{index}]")


def _write_phase(writer: ByteWriter, phase: Phase, field: str) -> None:
    """A phase as its declaration lays it out (``genome.declare``): the opcode, then each field."""
    declared = phase_kinds().get(type(phase))
    if declared is None:
        writer.fail(f"{field}: {phase!r} is not a phase")
    writer.u8(declared.opcode, field)
    hints = field_types(type(phase))
    optional = {bit.name for bit in _bits(declared) if isinstance(bit, Present)}
    for item in declared.layout:
        if isinstance(item, Flags):
            bits = (_flag_bit(phase, bit) for bit in item.bits)
            writer.u8(_pack_flags(*bits), f"{field} flags")
        elif item not in optional or _flag_bit(phase, Present(item)):
            _write_field(writer, getattr(phase, item), hints[item], _facts_of(phase, item), f"{field}.{item}")


def _flag_bit(phase: Phase, bit: str | Present) -> bool:
    value = getattr(phase, bit.name if isinstance(bit, Present) else bit)
    return bool(value) if isinstance(bit, Present) else bool(value is True)


def _write_field(writer: ByteWriter, value: object, annotation: object, facts: FieldFacts, path: str) -> None:
    """One declared field by its type (a field behind a ``Present`` bit is written only when present:
    the reader knows from the bit)."""
    if annotation == ConditionLike | None:
        _write_condition(writer, value, path)  # type: ignore[arg-type]
    elif _is_enum(annotation):
        writer.u8(_optional_code(value), path)  # type: ignore[arg-type]
    elif annotation is int:
        (writer.u16 if facts.width == 2 else writer.u8)(value, path)  # type: ignore[arg-type]
    elif _card_type(annotation) and isinstance(value, tuple):
        writer.u8(value[0].code, f"{path} rank")
        writer.u8(value[1].code, f"{path} suit")
    else:
        _write_items(writer, value, _item_type(annotation), path)  # type: ignore[arg-type]


def _write_items(writer: ByteWriter, items: tuple[object, ...], item_type: type, path: str) -> None:
    writer.u8(len(items), f"{path} count")
    for index, item in enumerate(items):
        if dataclasses.is_dataclass(item):
            for part in dataclasses.fields(item):
                writer.u8(getattr(item, part.name).code, f"{path}[{index}].{part.name}")
        else:
            writer.u8(item.code, f"{path}[{index}]")  # type: ignore[attr-defined]


def _facts_of(phase: Phase | type, name: str) -> FieldFacts:
    cls = phase if isinstance(phase, type) else type(phase)
    return next(field_facts(f) for f in dataclasses.fields(cls) if f.name == name)


def _is_enum(annotation: object) -> bool:
    """A (possibly optional) coded enum."""
    kinds = _union_members(annotation)
    return len(kinds) == 1 and isinstance(kinds[0], type) and issubclass(kinds[0], CodedEnum)


def _union_members(annotation: object) -> tuple[object, ...]:
    if typing.get_origin(annotation) in (typing.Union, types.UnionType):
        return tuple(kind for kind in typing.get_args(annotation) if kind is not type(None))
    return (annotation,)


def _card_type(annotation: object) -> bool:
    return any(typing.get_args(kind) == (Rank, Suit) for kind in _union_members(annotation))


def _item_type(annotation: object) -> type:
    item = typing.get_args(annotation)[0]
    assert isinstance(item, type)
    return item


def _write_win_conditions(writer: ByteWriter, genome: GameGenome) -> None:
    writer.u8(Op.WIN_CONDITIONS, "opcode")
    writer.u8(len(genome.win_conditions), "win_conditions count")
    for index, win in enumerate(genome.win_conditions):
        field = f"win_conditions[{index}]"
        writer.u8(win.type.code, f"{field}.type")
        writer.u8(_pack_flags(win.threshold is not None), f"{field} flags")
        writer.i16(win.threshold or 0, f"{field}.threshold")


def _write_scoring(writer: ByteWriter, genome: GameGenome) -> None:
    scoring = genome.scoring
    writer.u8(Op.SCORING, "opcode")
    writer.u8(len(scoring.card_rules), "scoring.card_rules count")
    for index, rule in enumerate(scoring.card_rules):
        field = f"scoring.card_rules[{index}]"
        writer.u8(rule.trigger.code, f"{field}.trigger")
        writer.i16(rule.points, f"{field}.points")
        _write_condition(writer, rule.condition, f"{field}.condition")
    evaluation = scoring.hand_evaluation
    flags = _pack_flags(evaluation is not None, scoring.shoot_the_moon)
    writer.u8(flags, "scoring flags (hand_evaluation present, shoot_the_moon)")
    if evaluation is not None:
        _write_hand_evaluation(writer, evaluation)


def _write_hand_evaluation(writer: ByteWriter, evaluation: HandEvaluation) -> None:
    field = "scoring.hand_evaluation"
    writer.u8(evaluation.method.code, f"{field}.method")
    writer.u8(len(evaluation.card_values), f"{field}.card_values count")
    for value in evaluation.card_values:
        writer.i16(value, f"{field}.card_values")
    flags = _pack_flags(evaluation.ace_alternate_value is not None, evaluation.bust_threshold is not None)
    writer.u8(flags, f"{field} flags")
    writer.i16(evaluation.ace_alternate_value or 0, f"{field}.ace_alternate_value")
    writer.i16(evaluation.bust_threshold or 0, f"{field}.bust_threshold")
    writer.u8(len(evaluation.patterns), f"{field}.patterns count")
    for pattern in evaluation.patterns:
        writer.u8(pattern.code, f"{field}.patterns")


def _write_effects(writer: ByteWriter, genome: GameGenome) -> None:
    writer.u8(Op.EFFECT_HEADER, "opcode")
    writer.u8(len(genome.special_effects), "special_effects count")
    for index, effect in enumerate(genome.special_effects):
        field = f"special_effects[{index}]"
        writer.u8(effect.trigger_rank.code, f"{field}.trigger_rank")
        writer.u8(effect.effect_type.code, f"{field}.effect_type")
        writer.u8(effect.target.code, f"{field}.target")
        writer.u8(effect.value, f"{field}.value")


def _write_teams(writer: ByteWriter, genome: GameGenome) -> None:
    writer.u8(Op.TEAMS, "opcode")
    writer.u8(len(genome.teams), "teams count")
    for index, team in enumerate(genome.teams):
        writer.u8(len(team), f"teams[{index}] size")
        for player in team:
            writer.u8(player, f"teams[{index}] player")


def _write_contract(writer: ByteWriter, genome: GameGenome) -> None:
    contract = genome.contract_scoring
    if contract is None:
        return
    writer.u8(Op.CONTRACT_SCORING, "opcode")
    writer.u8(contract.points_per_trick_bid, "contract_scoring.points_per_trick_bid")
    writer.u8(contract.overtrick_points, "contract_scoring.overtrick_points")
    writer.u8(contract.failed_contract_penalty, "contract_scoring.failed_contract_penalty")
    writer.u16(contract.nil_bonus, "contract_scoring.nil_bonus")
    writer.u16(contract.nil_penalty, "contract_scoring.nil_penalty")
    writer.u8(contract.bag_limit, "contract_scoring.bag_limit")
    writer.u16(contract.bag_penalty, "contract_scoring.bag_penalty")
    writer.u8(_pack_flags(contract.exact), "contract_scoring flags")
    writer.u8(contract.made_bonus, "contract_scoring.made_bonus")


def _write_contract_section(writer: ByteWriter, genome: GameGenome) -> None:
    """The contract section: the contract block (spec 004), then the maker block and the book block,
    each when there is one."""
    _write_contract(writer, genome)
    maker = genome.maker_scoring
    if maker is not None:
        writer.u8(Op.MAKER_SCORING, "opcode")
        for name in _MAKER_FIELDS:
            writer.u8(getattr(maker, name), f"maker_scoring.{name}")
    book = genome.book_scoring
    if book is not None:
        writer.u8(Op.BOOK_SCORING, "opcode")
        for name in _BOOK_FIELDS:
            writer.u8(getattr(book, name), f"book_scoring.{name}")


#: The maker block's bytes after its opcode, one u8 each, in this order.
_MAKER_FIELDS = ("made_tricks", "made_points", "march_points", "euchre_points")
#: The book block's bytes after its opcode, one u8 each, in this order.
_BOOK_FIELDS = ("book", "points_per_trick")


_SECTION_WRITERS: tuple[tuple[str, Callable[[ByteWriter, GameGenome], None]], ...] = (
    ("setup", _write_setup),
    ("phases", _write_phases),
    ("win_conditions", _write_win_conditions),
    ("scoring", _write_scoring),
    ("effects", _write_effects),
    ("teams", _write_teams),
    ("contract", _write_contract_section),
)


# --------------------------------------------------------------------------------------------------
# Parsing


@dataclass(frozen=True)
class _Header:
    body_start: int
    genome_hash: bytes
    hash_offset: int
    schema_version: int
    player_count: int
    max_turns: int
    is_trick_based: bool
    team_mode: bool
    has_contract: bool
    has_maker: bool
    has_book: bool
    tricks_per_hand: int | None
    deck_empty: DeckEmptyAction
    section_offsets: tuple[int, ...]
    tableau_mode: TableauMode
    sequence_direction: SequenceDirection


def parse_bytecode(data: bytes) -> GameGenome:
    """The genome compiled into ``data`` (version 2, or version 1 with tableau mode NONE).

    Raises ``BytecodeError(section, offset, reason)`` for anything malformed; see the module docstring.
    """
    reader = ByteReader(bytes(data))
    header = _read_header(reader)
    _enter_section(reader, header, "setup")
    setup = _read_setup(reader, header)
    _enter_section(reader, header, "phases")
    phases = _read_phases(reader)
    _enter_section(reader, header, "win_conditions")
    win_conditions = _read_win_conditions(reader)
    _enter_section(reader, header, "scoring")
    scoring = _read_scoring(reader)
    _enter_section(reader, header, "effects")
    effects = _read_effects(reader)
    _enter_section(reader, header, "teams")
    teams = _read_teams(reader)
    _enter_section(reader, header, "contract")
    contract = _read_contract(reader) if header.has_contract else None
    maker = _read_maker(reader) if header.has_maker else None
    book = _read_book(reader) if header.has_book else None
    if reader.remaining:
        reader.fail(f"{reader.remaining} trailing byte(s) after the last section")
    genome = GameGenome(
        name=f"bytecode-{header.genome_hash.hex()}",
        setup=setup,
        turn_structure=TurnStructure(
            phases=phases,
            is_trick_based=header.is_trick_based,
            tricks_per_hand=header.tricks_per_hand,
            deck_empty=header.deck_empty,
        ),
        win_conditions=win_conditions,
        special_effects=effects,
        scoring=scoring,
        max_turns=header.max_turns,
        player_count=header.player_count,
        team_mode=header.team_mode,
        teams=teams,
        contract_scoring=contract,
        maker_scoring=maker,
        book_scoring=book,
    )
    if genome.schema_version != header.schema_version:
        raise BytecodeError(
            "header",
            header.hash_offset + HASH_SIZE,
            f"schema_version {header.schema_version} does not match the parsed rules "
            f"(version {genome.schema_version})",
        )
    actual_hash = _genome_hash(genome)
    if actual_hash != header.genome_hash:
        raise BytecodeError(
            "header",
            header.hash_offset,
            f"genome hash {header.genome_hash.hex()} does not match the parsed rules ({actual_hash.hex()})",
        )
    return genome


def _read_version(reader: ByteReader) -> int:
    if reader.remaining == 0:
        reader.fail("empty bytecode: no version byte")
    first = reader.take(1, "version")[0]
    if first == BYTECODE_VERSION:
        return BYTECODE_VERSION
    if first == 0:
        reader.pos = 0
        return 1
    reader.fail(
        f"unknown bytecode version {first}: version 2 starts with byte 2, version 1 with the legacy "
        "layout version 0x0001",
        0,
    )


def _read_header(reader: ByteReader) -> _Header:
    version = _read_version(reader)
    legacy_offset = reader.pos
    legacy = reader.u16("legacy_version")
    if legacy != LEGACY_HEADER_VERSION:
        reader.fail(f"legacy layout version {legacy}, expected {LEGACY_HEADER_VERSION}", legacy_offset)
    magic_offset = reader.pos
    if reader.take(len(MAGIC), "magic") != MAGIC:
        reader.fail(f"bad magic: expected {MAGIC!r}", magic_offset)
    hash_offset = reader.pos
    genome_hash = reader.take(HASH_SIZE, "genome hash")
    schema_version = reader.u8("schema_version")
    player_count = reader.u8("player_count")
    max_turns = reader.u16("max_turns")
    flags_offset = reader.pos
    flags = reader.u8("flags")
    if flags & ~_HEADER_FLAGS:
        reader.fail(f"flags: reserved bits set in {flags:#04x}", flags_offset)
    has_tricks = bool(flags & FLAG_HAS_TRICKS_PER_HAND)
    tricks_offset = reader.pos
    tricks = reader.u8("tricks_per_hand")
    if not has_tricks and tricks:
        reader.fail(f"tricks_per_hand is {tricks} but the flags say it is absent", tricks_offset)
    deck_empty = _read_enum(reader, DeckEmptyAction, "deck_empty")
    offsets = tuple(reader.u16(f"{name} section offset") for name in SECTIONS)
    reserved_offset = reader.pos
    if any(reader.take(_RESERVED_SIZE, "reserved header bytes")):
        reader.fail("reserved header bytes must be zero", reserved_offset)
    tableau_mode, direction = _read_tableau(reader, version)
    return _Header(
        body_start=reader.pos,
        genome_hash=genome_hash,
        hash_offset=hash_offset,
        schema_version=schema_version,
        player_count=player_count,
        max_turns=max_turns,
        is_trick_based=bool(flags & FLAG_TRICK_BASED),
        team_mode=bool(flags & FLAG_TEAM_MODE),
        has_contract=bool(flags & FLAG_HAS_CONTRACT),
        has_maker=bool(flags & FLAG_HAS_MAKER),
        has_book=bool(flags & FLAG_HAS_BOOK),
        tricks_per_hand=tricks if has_tricks else None,
        deck_empty=deck_empty,
        section_offsets=offsets,
        tableau_mode=tableau_mode,
        sequence_direction=direction,
    )


def _read_tableau(reader: ByteReader, version: int) -> tuple[TableauMode, SequenceDirection]:
    if version == 1:
        return TableauMode.NONE, SequenceDirection.BOTH
    return (
        _read_reserved_enum(reader, TableauMode, "tableau_mode"),
        _read_reserved_enum(reader, SequenceDirection, "sequence_direction"),
    )


def _read_reserved_enum(reader: ByteReader, enum_type: type[_E], field: str) -> _E:
    offset = reader.pos
    code = reader.u8(field)
    members = list(enum_type)
    if code >= len(members):
        reader.fail(
            f"{field} value {code} at byte {offset} is reserved (defined: 0..{len(members) - 1})", offset
        )
    return members[code]


def _enter_section(reader: ByteReader, header: _Header, name: str) -> None:
    """Name ``name`` in errors from here on, and check the section starts where the header says."""
    reader.section = name
    expected = header.body_start + header.section_offsets[SECTIONS.index(name)]
    if reader.pos != expected:
        reader.fail(f"section starts at byte {reader.pos} but the header puts it at byte {expected}")


def _read_setup(reader: ByteReader, header: _Header) -> SetupRules:
    _expect_op(reader, Op.SETUP)
    cards_per_player = reader.u8("cards_per_player")
    deck = _read_enum(reader, DeckType, "initial_deck")
    discard_count = reader.u8("initial_discard_count")
    wild_count = reader.u8("wild_cards count")
    wild_cards = tuple(_read_enum(reader, Rank, "wild_cards") for _ in range(wild_count))
    trump = _read_optional_enum(reader, Suit, "trump_suit")
    chips = reader.u16("starting_chips")
    hand_visibility = _read_enum(reader, Visibility, "hand_visibility")
    discard_visibility = _read_enum(reader, Visibility, "discard_visibility")
    refill, has_turned, climbing = _read_flags(reader, "setup flags", 3)
    captures_to = _read_enum(reader, Location, "captures_to")
    turned = _read_enum(reader, TurnedTrump, "turned_trump") if has_turned else None
    jokers, kitty = (reader.u8("jokers"), reader.u8("kitty")) if climbing else (0, 0)
    return SetupRules(
        cards_per_player=cards_per_player,
        initial_deck=deck,
        initial_discard_count=discard_count,
        wild_cards=wild_cards,
        trump_suit=trump,
        starting_chips=chips,
        hand_visibility=hand_visibility,
        discard_visibility=discard_visibility,
        tableau_mode=header.tableau_mode,
        sequence_direction=header.sequence_direction,
        refill_hands=refill,
        captures_to=captures_to,
        turned_trump=turned,
        jokers=jokers,
        kitty=kitty,
    )


def _read_condition(reader: ByteReader, field: str, depth: int = 1) -> ConditionLike | None:
    offset = reader.pos
    op = reader.u8(f"{field} opcode")
    if op == Op.CONDITION_NONE:
        return None
    if depth > MAX_CONDITION_DEPTH:
        reader.fail(f"{field} nests deeper than {MAX_CONDITION_DEPTH} levels", offset)
    if op == Op.CONDITION_SIMPLE:
        return Condition(
            type=_read_enum(reader, ConditionType, f"{field}.type"),
            operator=_read_optional_enum(reader, Operator, f"{field}.operator"),
            value=_read_condition_value(reader, f"{field}.value"),
            reference=_read_optional_enum(reader, Reference, f"{field}.reference"),
        )
    if op in (Op.CONDITION_AND, Op.CONDITION_OR):
        count = reader.u8(f"{field}.conditions count")
        children = tuple(
            _read_required_condition(reader, f"{field}.conditions[{index}]", depth + 1)
            for index in range(count)
        )
        return CompoundCondition(logic=Logic.from_code(op - Op.CONDITION_AND), conditions=children)
    reader.fail(f"{field}: unknown condition opcode {op}", offset)


def _read_required_condition(reader: ByteReader, field: str, depth: int = 1) -> ConditionLike:
    offset = reader.pos
    condition = _read_condition(reader, field, depth)
    if condition is None:
        reader.fail(f"{field} is required but the stream has CONDITION_NONE", offset)
    return condition


def _read_condition_value(reader: ByteReader, field: str) -> ConditionValue:
    offset = reader.pos
    kind = reader.u8(f"{field} kind")
    if kind == ValueKind.NONE:
        return None
    if kind == ValueKind.INT:
        return reader.i16(field)
    if kind == ValueKind.RANK:
        return _read_enum(reader, Rank, field)
    if kind == ValueKind.SUIT:
        return _read_enum(reader, Suit, field)
    reader.fail(f"{field}: unknown value kind {kind}", offset)


def _read_phases(reader: ByteReader) -> tuple[Phase, ...]:
    _expect_op(reader, Op.PHASES)
    count = reader.u8("phases count")
    return tuple(_read_phase(reader, f"phases[{index}]") for index in range(count))


def _read_phase(reader: ByteReader, field: str) -> Phase:
    """A phase as its declaration lays it out (the inverse of ``_write_phase``)."""
    offset = reader.pos
    op = reader.u8(f"{field} opcode")
    declared = _PHASES_BY_OPCODE.get(op)
    if declared is None:
        reader.fail(f"{field}: unknown phase opcode {op}", offset)
    hints = field_types(declared.cls)
    values: dict[str, object] = {}
    present: set[str] = set()
    for item in declared.layout:
        if isinstance(item, Flags):
            flags = _read_flags(reader, f"{field} flags", len(item.bits))
            for bit, value in zip(item.bits, flags, strict=True):
                if isinstance(bit, Present):
                    present.add(bit.name) if value else None
                else:
                    values[bit] = value
            continue
        behind_bit = any(isinstance(bit, Present) and bit.name == item for bit in _bits(declared))
        if behind_bit and item not in present:
            continue
        path = f"{field}.{item}"
        values[item] = _read_field(reader, hints[item], _facts_of(declared.cls, item), path, behind_bit)
    phase: Phase = declared.cls(**values)
    return phase


def _bits(declared: PhaseKind) -> tuple[str | Present, ...]:
    return tuple(bit for item in declared.layout if isinstance(item, Flags) for bit in item.bits)


def _read_field(
    reader: ByteReader, annotation: object, facts: FieldFacts, path: str, behind_bit: bool
) -> object:
    """One declared field by its type (the inverse of ``_write_field``); a tuple behind a ``Present`` bit
    has at least one item."""
    if annotation == ConditionLike | None:
        return _read_condition(reader, path)
    if _is_enum(annotation):
        enum_type = _union_members(annotation)[0]
        assert isinstance(enum_type, type) and issubclass(enum_type, CodedEnum)
        if annotation is enum_type:
            return _read_enum(reader, enum_type, path)
        return _read_optional_enum(reader, enum_type, path)
    if annotation is int:
        return reader.u16(path) if facts.width == 2 else reader.u8(path)
    if _card_type(annotation):
        rank = _read_enum(reader, Rank, f"{path} rank")
        return (rank, _read_enum(reader, Suit, f"{path} suit"))
    return _read_items(reader, _item_type(annotation), path, behind_bit)


def _read_items(reader: ByteReader, item_type: type, path: str, at_least_one: bool) -> tuple[object, ...]:
    offset = reader.pos
    count = reader.u8(f"{path} count")
    if at_least_one and count == 0:
        what = path.rsplit(".", 1)[-1].replace("_", " ")
        reader.fail(f"{path}: the flags say {what} follow, but the count is 0", offset)
    if dataclasses.is_dataclass(item_type):
        parts = field_types(item_type)
        return tuple(
            item_type(
                **{name: _read_enum(reader, kind, f"{path}[{i}].{name}") for name, kind in parts.items()}
            )
            for i in range(count)
        )
    assert issubclass(item_type, CodedEnum)
    return tuple(_read_enum(reader, item_type, f"{path}[{i}]") for i in range(count))


#: The declared phase kinds by their opcode.
_PHASES_BY_OPCODE: dict[int, PhaseKind] = {kind.opcode: kind for kind in phase_kinds().values()}


def _read_win_conditions(reader: ByteReader) -> tuple[WinCondition, ...]:
    _expect_op(reader, Op.WIN_CONDITIONS)
    count = reader.u8("win_conditions count")
    return tuple(_read_win_condition(reader, f"win_conditions[{index}]") for index in range(count))


def _read_win_condition(reader: ByteReader, field: str) -> WinCondition:
    win_type = _read_enum(reader, WinType, f"{field}.type")
    has_threshold = _read_bool(reader, f"{field} flags")
    threshold_offset = reader.pos
    threshold = reader.i16(f"{field}.threshold")
    if not has_threshold and threshold:
        reader.fail(f"{field}.threshold is {threshold} but the flags say it is absent", threshold_offset)
    return WinCondition(type=win_type, threshold=threshold if has_threshold else None)


def _read_scoring(reader: ByteReader) -> Scoring:
    _expect_op(reader, Op.SCORING)
    count = reader.u8("card_rules count")
    rules = tuple(_read_card_rule(reader, f"card_rules[{index}]") for index in range(count))
    has_evaluation, moon = _read_flags(reader, "scoring flags", 2)
    evaluation = _read_hand_evaluation(reader) if has_evaluation else None
    return Scoring(card_rules=rules, hand_evaluation=evaluation, shoot_the_moon=moon)


def _read_card_rule(reader: ByteReader, field: str) -> CardScoringRule:
    trigger = _read_enum(reader, ScoringTrigger, f"{field}.trigger")
    points = reader.i16(f"{field}.points")
    condition = _read_required_condition(reader, f"{field}.condition")
    return CardScoringRule(condition=condition, points=points, trigger=trigger)


def _read_hand_evaluation(reader: ByteReader) -> HandEvaluation:
    method = _read_enum(reader, EvaluationMethod, "hand_evaluation.method")
    value_count = reader.u8("hand_evaluation.card_values count")
    values = tuple(reader.i16("hand_evaluation.card_values") for _ in range(value_count))
    has_ace, has_bust = _read_flags(reader, "hand_evaluation flags", 2)
    ace = _read_optional_i16(reader, has_ace, "hand_evaluation.ace_alternate_value")
    bust = _read_optional_i16(reader, has_bust, "hand_evaluation.bust_threshold")
    pattern_count = reader.u8("hand_evaluation.patterns count")
    patterns = tuple(
        _read_enum(reader, HandPattern, "hand_evaluation.patterns") for _ in range(pattern_count)
    )
    return HandEvaluation(
        method=method,
        card_values=values,
        ace_alternate_value=ace,
        bust_threshold=bust,
        patterns=patterns,
    )


def _read_optional_i16(reader: ByteReader, present: bool, field: str) -> int | None:
    offset = reader.pos
    value = reader.i16(field)
    if not present and value:
        reader.fail(f"{field} is {value} but the flags say it is absent", offset)
    return value if present else None


def _read_effects(reader: ByteReader) -> tuple[SpecialEffect, ...]:
    _expect_op(reader, Op.EFFECT_HEADER)
    count = reader.u8("effect count")
    return tuple(_read_effect(reader, f"effects[{index}]") for index in range(count))


def _read_effect(reader: ByteReader, field: str) -> SpecialEffect:
    return SpecialEffect(
        trigger_rank=_read_enum(reader, Rank, f"{field}.trigger_rank"),
        effect_type=_read_enum(reader, EffectType, f"{field}.effect_type"),
        target=_read_enum(reader, TargetSelector, f"{field}.target"),
        value=reader.u8(f"{field}.value"),
    )


def _read_teams(reader: ByteReader) -> tuple[tuple[int, ...], ...]:
    _expect_op(reader, Op.TEAMS)
    count = reader.u8("teams count")
    return tuple(_read_team(reader, f"teams[{index}]") for index in range(count))


def _read_team(reader: ByteReader, field: str) -> tuple[int, ...]:
    size = reader.u8(f"{field} size")
    return tuple(reader.u8(f"{field} player") for _ in range(size))


def _read_contract(reader: ByteReader) -> ContractScoring:
    _expect_op(reader, Op.CONTRACT_SCORING)
    contract = ContractScoring(
        points_per_trick_bid=reader.u8("points_per_trick_bid"),
        overtrick_points=reader.u8("overtrick_points"),
        failed_contract_penalty=reader.u8("failed_contract_penalty"),
        nil_bonus=reader.u16("nil_bonus"),
        nil_penalty=reader.u16("nil_penalty"),
        bag_limit=reader.u8("bag_limit"),
        bag_penalty=reader.u16("bag_penalty"),
    )
    (exact,) = _read_flags(reader, "contract_scoring flags", 1)
    made_bonus = reader.u8("made_bonus")
    return dataclasses.replace(contract, exact=exact, made_bonus=made_bonus)


def _read_maker(reader: ByteReader) -> MakerScoring:
    _expect_op(reader, Op.MAKER_SCORING)
    values = {name: reader.u8(f"maker_scoring.{name}") for name in _MAKER_FIELDS}
    return MakerScoring(**values)


def _read_book(reader: ByteReader) -> BookScoring:
    _expect_op(reader, Op.BOOK_SCORING)
    values = {name: reader.u8(f"book_scoring.{name}") for name in _BOOK_FIELDS}
    return BookScoring(**values)

"""Genome JSON: a lossless, versioned file format and its migrations.

Format (``schema_version`` 2). One JSON object whose keys are the ``GameGenome`` fields, every one
always written (except the late version-2 keys at their defaults, below), ``schema_version`` first and
then in the dataclasses' field order. A genome is written
in the oldest version that holds its rules (``GameGenome.schema_version``): one that uses nothing added
in version 2 (pass, knock, trump and ask phases, a trick phase's ``first_lead`` / ``clean_first_trick`` /
``top_trumps``, a draw phase's ``stand``, a discard phase's ``no_return``, ``scoring.shoot_the_moon``,
``maker_scoring``, ``setup.turned_trump``, ``book_scoring``, a bidding hook or blind Nil, runs, an
``extends_meld``
test, an exact contract or a made bonus) is
written as version 1, without those keys,
byte for byte as before, so its identity did not change when version 2 came.

* enums by *value*, never by name: ``"tableau_mode": "match_rank"``, ``"trigger_rank": "Q"``,
  ``"trump_suit": "S"``; ``null`` for an absent optional value; tuples as arrays, ``teams`` as an array
  of arrays of player indices.
* a phase is an object tagged by ``"kind"`` (``draw``, ``play``, ``discard``, ``trick``, ``claim``,
  ``betting``, ``bidding``, ``knock``, ``pass``, ``trump``, ``ask``, ``count``, ``auction``, ``dealer``,
  ``board``, ``crib``, ``show``, ``call``, ``climb``) followed by
  every field of its dataclass:
  ``{"kind": "play", "target": "discard", "valid_play_condition": {...}, "min_cards": 1, ...}``. The
  phases are read and written from their declarations (``genome.declare``): the tag, each field's form
  from its type, and which keys a version leaves out (``since``, ``late``); no phase has a reader of its
  own here.
* a card (a trick phase's ``first_lead``) is ``[rank, suit]``: ``["2", "C"]``; a top trump is
  ``{"rank": "J", "suit": "trump"}`` (``suit``: ``trump`` or ``same_colour``).
* a simple condition is ``{"type", "operator", "value", "reference"}``; its ``value`` keeps its kind as
  decided by the condition type (``conditions.RANK_VALUED``: a rank such as ``"Q"``; ``SUIT_VALUED``: a
  suit such as ``"S"``; otherwise a JSON integer). A compound condition is
  ``{"logic": "and"|"or", "conditions": [...]}`` and nests.
* ``scoring`` is ``{"card_rules": [...], "hand_evaluation": null | {...}}``; ``contract_scoring`` is
  ``null`` or an object of its seven integers; ``maker_scoring`` ``null`` or an object of its four;
  ``book_scoring`` ``null`` or ``{"book": 6, "points_per_trick": 1}``.

``to_json`` writes this with indent 2 and a trailing newline; ``canonical_json`` writes the same object
with sorted keys, no whitespace and ASCII escapes, so equal genomes give byte-equal text on every
machine. The data form, ``canonical_json`` and ``genome_identity`` (the SHA-256 of the canonical JSON
without ``name`` and ``description``) live in ``genome.identity``; this module writes and reads files.

Reading is strict. Malformed JSON, a wrong JSON type (a bool or a float where an int belongs), an unknown
enum value, an unknown phase kind, a missing key, an unknown key or a duplicated key raises
``GenomeFormatError(where, reason)``, where ``where`` is the source (a file path, ``<string>``) and the
JSON path, e.g. ``games/x.json:turn_structure.phases[2].min_cards``. With ``validate=True`` (the
default) the genome is then validated and any error raises ``GenomeValidationError`` listing them all.

Versions. ``schema_version`` 0 is the base format of the genome before specs 000, 001, 003 and 004: no
``special_effects``, no ``setup.tableau_mode`` / ``setup.sequence_direction``, no ``team_mode`` /
``teams``, no ``contract_scoring``. An older file is upgraded step by step by ``_MIGRATIONS`` (one small
function per seed: effects → none, tableau mode → NONE with direction BOTH, teams → individual play,
contract scoring → none; version 1 → 2: trick phases get no first lead and no clean first trick,
scoring does not shoot the moon, trick phases have no top trumps, no maker scoring) and then read as the
current version. Keys added to version 2 after it first shipped (a trick phase's ``top_trumps``,
``maker_scoring``, then ``setup.turned_trump``, ``book_scoring``, a bidding phase's ``hook`` and
``blind_nil``, a play phase's ``runs`` and the contract's ``exact`` and ``made_bonus``, then
``setup.jokers`` and ``setup.kitty``) are written only when they differ from their defaults (no top
trumps, null, false, 0) and read as those defaults
when absent (``_LATE_VERSION_2``), so every genome that does not use them kept its JSON and identity,
and files written before them still load. A version newer than ``SCHEMA_VERSION`` is refused with a message
naming both versions. DarwinDeck's own files (``"schema_version": "1.0"``) are not this format:
``darwindeck.genome.importer`` converts them.
"""

from __future__ import annotations

import copy
import dataclasses
import json
import os
import tempfile
import types
import typing
from collections.abc import Callable
from enum import Enum
from pathlib import Path
from typing import Any, TypeVar

from darwindeck.errors import BytecodeError, GenomeFormatError
from darwindeck.genome.cards import DeckType, Location, Rank, Suit, Visibility
from darwindeck.genome.conditions import (
    RANK_VALUED,
    SUIT_VALUED,
    CompoundCondition,
    Condition,
    ConditionLike,
    ConditionType,
    ConditionValue,
    Logic,
    Operator,
    Reference,
)
from darwindeck.genome.declare import FieldFacts, field_facts, field_types, phase_kinds
from darwindeck.genome.identity import encode, genome_to_dict
from darwindeck.genome.phases import (
    Phase,
)
from darwindeck.genome.schema import (
    SCHEMA_VERSION,
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
from darwindeck.genome.validation import ensure_valid

E = TypeVar("E", bound=Enum)
T = TypeVar("T")

# ----------------------------------------------------------------------------------------------- writing


def to_json(genome: GameGenome) -> str:
    """The genome as JSON text: stable key order, indent 2, a trailing newline."""
    return json.dumps(genome_to_dict(genome), indent=2, ensure_ascii=False) + "\n"


def save_genome(genome: GameGenome, path: str | os.PathLike[str]) -> None:
    """Write ``to_json(genome)`` to ``path`` atomically: a temporary file in the same directory is
    written, flushed and renamed over ``path``; on any failure it is removed and ``path`` is untouched."""
    target = Path(path)
    text = to_json(genome)
    descriptor, temporary = tempfile.mkstemp(dir=target.parent, prefix=f".{target.name}.", suffix=".tmp")
    try:
        with os.fdopen(descriptor, "w", encoding="utf-8") as handle:
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(temporary, target)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise


# ----------------------------------------------------------------------------------------------- reading


def _describe(raw: object) -> str:
    """A short description of a JSON value for error messages."""
    if raw is None:
        return "null"
    if isinstance(raw, bool):
        return "true" if raw else "false"
    if isinstance(raw, dict):
        return "an object"
    if isinstance(raw, list):
        return "an array"
    return json.dumps(raw, ensure_ascii=False)


@dataclasses.dataclass(frozen=True)
class JsonValue:
    """A JSON value at a known place; each ``as_*`` checks its kind and names the place on failure."""

    raw: object
    source: str
    path: str

    def fail(self, reason: str) -> GenomeFormatError:
        return GenomeFormatError(f"{self.source}:{self.path}" if self.path else self.source, reason)

    def as_int(self) -> int:
        if isinstance(self.raw, bool) or not isinstance(self.raw, int):
            raise self.fail(f"expected an integer, got {_describe(self.raw)}")
        return self.raw

    def as_bool(self) -> bool:
        if not isinstance(self.raw, bool):
            raise self.fail(f"expected true or false, got {_describe(self.raw)}")
        return self.raw

    def as_str(self) -> str:
        if not isinstance(self.raw, str):
            raise self.fail(f"expected a string, got {_describe(self.raw)}")
        return self.raw

    def as_enum(self, enum: type[E]) -> E:
        if isinstance(self.raw, str):
            for member in enum:
                if member.value == self.raw:
                    return member
        allowed = ", ".join(str(member.value) for member in enum)
        raise self.fail(f"unknown {enum.__name__} {_describe(self.raw)} (expected one of: {allowed})")

    def as_list(self) -> list[JsonValue]:
        if not isinstance(self.raw, list):
            raise self.fail(f"expected an array, got {_describe(self.raw)}")
        return [JsonValue(item, self.source, f"{self.path}[{i}]") for i, item in enumerate(self.raw)]

    def as_object(self) -> JsonObject:
        if not isinstance(self.raw, dict):
            raise self.fail(f"expected an object, got {_describe(self.raw)}")
        return JsonObject(self.raw, self)

    def optional(self, read: Callable[[JsonValue], T]) -> T | None:
        """``None`` for JSON null, otherwise ``read(self)``."""
        return None if self.raw is None else read(self)


class JsonObject:
    """A JSON object being read: ``get`` requires a key, ``done`` refuses keys nobody read."""

    def __init__(self, data: dict[str, object], at: JsonValue) -> None:
        self._data = data
        self._at = at
        self._read: set[str] = set()

    @property
    def data(self) -> dict[str, object]:
        return self._data

    def has(self, key: str) -> bool:
        return key in self._data

    def get(self, key: str) -> JsonValue:
        if key not in self._data:
            raise self._at.fail(f"missing key {key!r}")
        self._read.add(key)
        path = f"{self._at.path}.{key}" if self._at.path else key
        return JsonValue(self._data[key], self._at.source, path)

    def done(self) -> None:
        unknown = sorted(set(self._data) - self._read)
        if unknown:
            raise self.get(unknown[0]).fail(f"unknown key {unknown[0]!r}")


def _read_condition(value: JsonValue) -> ConditionLike:
    obj = value.as_object()
    if obj.has("logic"):
        compound = CompoundCondition(
            logic=obj.get("logic").as_enum(Logic),
            conditions=tuple(_read_condition(item) for item in obj.get("conditions").as_list()),
        )
        obj.done()
        return compound
    kind = obj.get("type").as_enum(ConditionType)
    condition = Condition(
        type=kind,
        operator=obj.get("operator").optional(lambda v: v.as_enum(Operator)),
        value=obj.get("value").optional(lambda v: _read_condition_value(v, kind)),
        reference=obj.get("reference").optional(lambda v: v.as_enum(Reference)),
    )
    obj.done()
    return condition


def _read_condition_value(value: JsonValue, kind: ConditionType) -> ConditionValue:
    """A rank, a suit or an int, as the condition type decides."""
    if kind in RANK_VALUED:
        return value.as_enum(Rank)
    if kind in SUIT_VALUED:
        return value.as_enum(Suit)
    return value.as_int()


def _optional_condition(obj: JsonObject, key: str) -> ConditionLike | None:
    return obj.get(key).optional(_read_condition)


def _read_card(value: JsonValue) -> tuple[Rank, Suit]:
    """A card as ``[rank, suit]``: ``["2", "C"]``."""
    items = value.as_list()
    if len(items) != 2:
        raise value.fail(f"a card is [rank, suit], got {len(items)} item(s)")
    return items[0].as_enum(Rank), items[1].as_enum(Suit)


def _read_typed(value: JsonValue, annotation: object) -> Any:
    """A value of a declared phase field (or of a record inside one) read by its type: see
    ``genome.declare`` for the JSON form of each type."""
    if annotation == ConditionLike:
        return _read_condition(value)
    if typing.get_origin(annotation) in (typing.Union, types.UnionType):
        present = tuple(kind for kind in typing.get_args(annotation) if kind is not type(None))
        inner: object = present[0] if len(present) == 1 else typing.Union[present]  # noqa: UP007
        return value.optional(lambda v: _read_typed(v, inner))
    if annotation is bool:
        return value.as_bool()
    if annotation is int:
        return value.as_int()
    if isinstance(annotation, type) and issubclass(annotation, Enum):
        return value.as_enum(annotation)
    if isinstance(annotation, type) and dataclasses.is_dataclass(annotation):
        return _read_whole(value, lambda obj: _read_record(obj, annotation))
    items = typing.get_args(annotation)
    if items == (Rank, Suit):
        return _read_card(value)
    if len(items) == 2 and items[1] is Ellipsis:
        return tuple(_read_typed(item, items[0]) for item in value.as_list())
    raise TypeError(f"no JSON form is declared for {annotation!r}")


def _read_record(obj: JsonObject, cls: type[T]) -> T:
    """A dataclass read field by field, in field order, each by its declared type."""
    return cls(**{name: _read_typed(obj.get(name), kind) for name, kind in field_types(cls).items()})


_PHASE_CLASSES: dict[str, type[Phase]] = {kind.kind: cls for cls, kind in phase_kinds().items()}


def _read_phase(value: JsonValue) -> Phase:
    obj = value.as_object()
    kind_value = obj.get("kind")
    kind = kind_value.as_str()
    cls = _PHASE_CLASSES.get(kind)
    if cls is None:
        allowed = ", ".join(_PHASE_CLASSES)
        raise kind_value.fail(f"unknown phase kind {kind!r} (expected one of: {allowed})")
    phase = _read_record(obj, cls)
    obj.done()
    return phase


def _read_turn_structure(obj: JsonObject) -> TurnStructure:
    return TurnStructure(
        phases=tuple(_read_phase(item) for item in obj.get("phases").as_list()),
        is_trick_based=obj.get("is_trick_based").as_bool(),
        tricks_per_hand=obj.get("tricks_per_hand").optional(JsonValue.as_int),
        deck_empty=obj.get("deck_empty").as_enum(DeckEmptyAction),
    )


def _read_setup(obj: JsonObject) -> SetupRules:
    return SetupRules(
        cards_per_player=obj.get("cards_per_player").as_int(),
        initial_deck=obj.get("initial_deck").as_enum(DeckType),
        initial_discard_count=obj.get("initial_discard_count").as_int(),
        wild_cards=tuple(item.as_enum(Rank) for item in obj.get("wild_cards").as_list()),
        trump_suit=obj.get("trump_suit").optional(lambda v: v.as_enum(Suit)),
        starting_chips=obj.get("starting_chips").as_int(),
        hand_visibility=obj.get("hand_visibility").as_enum(Visibility),
        discard_visibility=obj.get("discard_visibility").as_enum(Visibility),
        tableau_mode=obj.get("tableau_mode").as_enum(TableauMode),
        sequence_direction=obj.get("sequence_direction").as_enum(SequenceDirection),
        refill_hands=obj.get("refill_hands").as_bool(),
        captures_to=obj.get("captures_to").as_enum(Location),
        turned_trump=obj.get("turned_trump").optional(lambda v: v.as_enum(TurnedTrump)),
        jokers=obj.get("jokers").as_int(),
        kitty=obj.get("kitty").as_int(),
    )


def _read_win_condition(obj: JsonObject) -> WinCondition:
    return WinCondition(
        type=obj.get("type").as_enum(WinType),
        threshold=obj.get("threshold").optional(JsonValue.as_int),
    )


def _read_effect(obj: JsonObject) -> SpecialEffect:
    return SpecialEffect(
        trigger_rank=obj.get("trigger_rank").as_enum(Rank),
        effect_type=obj.get("effect_type").as_enum(EffectType),
        target=obj.get("target").as_enum(TargetSelector),
        value=obj.get("value").as_int(),
    )


def _read_card_rule(obj: JsonObject) -> CardScoringRule:
    return CardScoringRule(
        condition=_read_condition(obj.get("condition")),
        points=obj.get("points").as_int(),
        trigger=obj.get("trigger").as_enum(ScoringTrigger),
    )


def _read_hand_evaluation(obj: JsonObject) -> HandEvaluation:
    return HandEvaluation(
        method=obj.get("method").as_enum(EvaluationMethod),
        card_values=tuple(item.as_int() for item in obj.get("card_values").as_list()),
        ace_alternate_value=obj.get("ace_alternate_value").optional(JsonValue.as_int),
        bust_threshold=obj.get("bust_threshold").optional(JsonValue.as_int),
        patterns=tuple(item.as_enum(HandPattern) for item in obj.get("patterns").as_list()),
    )


def _read_scoring(obj: JsonObject) -> Scoring:
    return Scoring(
        card_rules=tuple(_read_all(obj.get("card_rules"), _read_card_rule)),
        hand_evaluation=obj.get("hand_evaluation").optional(lambda v: _read_whole(v, _read_hand_evaluation)),
        shoot_the_moon=obj.get("shoot_the_moon").as_bool(),
    )


def _read_contract_scoring(obj: JsonObject) -> ContractScoring:
    numbers = [field.name for field in dataclasses.fields(ContractScoring) if field.name != "exact"]
    return ContractScoring(
        exact=obj.get("exact").as_bool(), **{name: obj.get(name).as_int() for name in numbers}
    )


def _read_maker_scoring(obj: JsonObject) -> MakerScoring:
    return MakerScoring(
        **{field.name: obj.get(field.name).as_int() for field in dataclasses.fields(MakerScoring)}
    )


def _read_book_scoring(obj: JsonObject) -> BookScoring:
    return BookScoring(
        **{field.name: obj.get(field.name).as_int() for field in dataclasses.fields(BookScoring)}
    )


def _read_whole(value: JsonValue, read: Callable[[JsonObject], T]) -> T:
    """Read one object with ``read`` and refuse any key it did not use."""
    obj = value.as_object()
    result = read(obj)
    obj.done()
    return result


def _read_all(value: JsonValue, read: Callable[[JsonObject], T]) -> list[T]:
    return [_read_whole(item, read) for item in value.as_list()]


def _read_genome(obj: JsonObject) -> GameGenome:
    obj.get("schema_version")  # read by the migration; the genome derives its own
    return GameGenome(
        name=obj.get("name").as_str(),
        setup=_read_whole(obj.get("setup"), _read_setup),
        turn_structure=_read_whole(obj.get("turn_structure"), _read_turn_structure),
        win_conditions=tuple(_read_all(obj.get("win_conditions"), _read_win_condition)),
        special_effects=tuple(_read_all(obj.get("special_effects"), _read_effect)),
        scoring=_read_whole(obj.get("scoring"), _read_scoring),
        max_turns=obj.get("max_turns").as_int(),
        player_count=obj.get("player_count").as_int(),
        team_mode=obj.get("team_mode").as_bool(),
        teams=tuple(tuple(seat.as_int() for seat in team.as_list()) for team in obj.get("teams").as_list()),
        contract_scoring=obj.get("contract_scoring").optional(
            lambda v: _read_whole(v, _read_contract_scoring)
        ),
        maker_scoring=obj.get("maker_scoring").optional(lambda v: _read_whole(v, _read_maker_scoring)),
        book_scoring=obj.get("book_scoring").optional(lambda v: _read_whole(v, _read_book_scoring)),
        description=obj.get("description").as_str(),
    )


# -------------------------------------------------------------------------------------------- migrations


def _object_at(data: dict[str, Any], key: str) -> dict[str, Any] | None:
    """``data[key]`` when it is an object (a migration leaves anything else for the reader to refuse)."""
    found = data.get(key)
    return found if isinstance(found, dict) else None


def _add_special_effects(data: dict[str, Any]) -> None:
    """Spec 000: a genome without effects has none."""
    data.setdefault("special_effects", [])


def _add_tableau_mode(data: dict[str, Any]) -> None:
    """Spec 001: a file without ``tableau_mode`` loads as NONE (direction BOTH, the default)."""
    setup = _object_at(data, "setup")
    if setup is not None:
        setup.setdefault("tableau_mode", TableauMode.NONE.value)
        setup.setdefault("sequence_direction", SequenceDirection.BOTH.value)


def _add_teams(data: dict[str, Any]) -> None:
    """Spec 003: a file without teams is individual play."""
    data.setdefault("team_mode", False)
    data.setdefault("teams", [])


def _add_contract_scoring(data: dict[str, Any]) -> None:
    """Spec 004: a file without contract scoring has none (and so no bidding)."""
    data.setdefault("contract_scoring", None)


def _phase_objects(data: dict[str, Any]) -> list[dict[str, Any]]:
    """The phase objects of a document being migrated (anything malformed is left to the reader)."""
    turns = _object_at(data, "turn_structure")
    phases = turns.get("phases") if turns is not None else None
    return [phase for phase in phases if isinstance(phase, dict)] if isinstance(phases, list) else []


def _add_version_2_phase_keys(data: dict[str, Any]) -> None:
    """Version 2: the keys version 2 added to a phase kind of version 1 hold their defaults in an older
    file (a trick phase has no first lead and no clean first trick, a draw phase does not stand, a
    discard phase lets a card taken from the discard pile go straight back: ``since=2``)."""
    _add_phase_defaults(data, lambda declared: declared.since == 2 and not declared.late)


def _add_late_phase_keys(data: dict[str, Any]) -> None:
    """Version 2, keys added late: absent, they hold their defaults (no top trumps, no bidding hook or
    blind Nil, no runs)."""
    _add_phase_defaults(data, lambda declared: declared.late)


def _add_phase_defaults(data: dict[str, Any], chosen: Callable[[FieldFacts], bool]) -> None:
    for phase in _phase_objects(data):
        kind = phase.get("kind")
        cls = _PHASE_CLASSES.get(kind) if isinstance(kind, str) else None
        for field in dataclasses.fields(cls) if cls is not None else ():
            if chosen(field_facts(field)):
                phase.setdefault(field.name, encode(field.default))


def _add_shoot_the_moon(data: dict[str, Any]) -> None:
    """Version 2: an older file's scoring does not shoot the moon."""
    scoring = _object_at(data, "scoring")
    if scoring is not None:
        scoring.setdefault("shoot_the_moon", False)


def _add_trump_rules(data: dict[str, Any]) -> None:
    """Version 2 (added late): no maker scoring."""
    data.setdefault("maker_scoring", None)


def _add_book_and_turned_trump(data: dict[str, Any]) -> None:
    """Version 2 (added late, Whist, Oh Hell, Rummy and Spades; then Dou Dizhu): no turned trump, no
    jokers, no kitty, no book scoring, contracts not exact and without a made bonus."""
    setup = _object_at(data, "setup")
    if setup is not None:
        setup.setdefault("turned_trump", None)
        setup.setdefault("jokers", 0)
        setup.setdefault("kitty", 0)
    data.setdefault("book_scoring", None)
    contract = _object_at(data, "contract_scoring")
    if contract is not None:
        contract.setdefault("exact", False)
        contract.setdefault("made_bonus", 0)


#: Defaults for keys version 2 gained after it first shipped; applied to every document read.
_LATE_VERSION_2: tuple[Callable[[dict[str, Any]], None], ...] = (
    _add_late_phase_keys,
    _add_trump_rules,
    _add_book_and_turned_trump,
)

#: ``_MIGRATIONS[v]`` upgrades a version-``v`` document to version ``v + 1``, one seed or feature per step.
_MIGRATIONS: dict[int, tuple[Callable[[dict[str, Any]], None], ...]] = {
    0: (_add_special_effects, _add_tableau_mode, _add_teams, _add_contract_scoring),
    1: (_add_version_2_phase_keys, _add_shoot_the_moon),
}


def _migrate(data: dict[str, object], version: JsonValue) -> dict[str, object]:
    """``data`` upgraded to ``SCHEMA_VERSION`` (a copy; the caller's dict is not changed)."""
    raw_version = version.raw
    if isinstance(raw_version, str):
        raise version.fail(
            f"schema_version {raw_version!r} is a string: this looks like a DarwinDeck genome; "
            "convert it with `darwindeck import`"
        )
    number = version.as_int()
    if number > SCHEMA_VERSION:
        raise version.fail(
            f"schema_version {number} is newer than this version of darwindeck reads "
            f"(up to {SCHEMA_VERSION}); upgrade darwindeck to load it"
        )
    if number < 0:
        raise version.fail(f"schema_version {number} is not a version (0..{SCHEMA_VERSION})")
    upgraded = copy.deepcopy(data)
    for step_from in range(number, SCHEMA_VERSION):
        for step in _MIGRATIONS[step_from]:
            step(upgraded)
    for step in _LATE_VERSION_2:
        step(upgraded)
    upgraded["schema_version"] = SCHEMA_VERSION
    return upgraded


# ------------------------------------------------------------------------------------------- public API


def genome_from_dict(data: object, *, source: str = "<dict>", validate: bool = True) -> GameGenome:
    """Read JSON data (as ``json.loads`` returns it) into a genome, migrating older versions.

    Raises ``GenomeFormatError`` for anything that is not a well-formed genome document and, when
    ``validate``, ``GenomeValidationError`` listing every validation error.
    """
    root = JsonValue(data, source, "").as_object()
    upgraded = _migrate(root.data, root.get("schema_version"))
    document = JsonValue(upgraded, source, "").as_object()
    genome = _read_genome(document)
    document.done()
    if validate:
        ensure_valid(genome)
    return genome


def _refuse_duplicate_keys(source: str) -> Callable[[list[tuple[str, Any]]], dict[str, Any]]:
    def build(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
        built: dict[str, Any] = {}
        for key, value in pairs:
            if key in built:
                raise GenomeFormatError(source, f"duplicate key {key!r} in one object")
            built[key] = value
        return built

    return build


def from_json(text: str, *, source: str = "<string>", validate: bool = True) -> GameGenome:
    """Read genome JSON text (see ``genome_from_dict`` for the errors raised)."""
    return genome_from_dict(_parse_json(text, source), source=source, validate=validate)


def _parse_json(text: str, source: str) -> object:
    """``text`` parsed, refusing duplicate keys; a ``GenomeFormatError`` at the line and column."""
    try:
        return json.loads(text, object_pairs_hook=_refuse_duplicate_keys(source))
    except json.JSONDecodeError as error:
        raise GenomeFormatError(
            f"{source}:{error.lineno}:{error.colno}", f"malformed JSON: {error.msg}"
        ) from None


#: Converts a DarwinDeck export (its parsed JSON and the file's name) into a genome:
#: ``importer.import_genome``, handed in by callers above the importer so imports stay one-way.
ExportReader = Callable[[object, str], GameGenome]


def is_bytecode(data: bytes) -> bool:
    """Whether a file's bytes are bytecode (docs/bytecode.md) rather than JSON text: a version-2 stream
    starts with its version byte 2, a version-1 stream with the legacy layout version 0x0001 (byte 0);
    JSON text never starts with either byte."""
    return data[:1] in (b"\x02", b"\x00")


def load_genome(
    path: str | os.PathLike[str], *, validate: bool = True, exports: ExportReader | None = None
) -> GameGenome:
    """The one reader of genome files: our JSON, bytecode (recognised by ``is_bytecode``; the genome
    takes the file's stem as its name, which bytecode does not carry) or, when ``exports`` is given, a
    DarwinDeck export (a string ``schema_version``). A missing, unreadable or malformed file is a
    ``GenomeFormatError`` naming the file; duplicate keys are refused in every JSON document."""
    source = os.fspath(path)
    try:
        raw = Path(path).read_bytes()
    except OSError as error:
        raise GenomeFormatError(source, f"cannot read the file: {error.strerror or error}") from None
    if is_bytecode(raw):
        return _genome_from_bytecode(raw, source, Path(path).stem, validate)
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as error:
        raise GenomeFormatError(source, f"not UTF-8 text (byte {error.start})") from None
    if exports is None:
        return from_json(text, source=source, validate=validate)
    data = _parse_json(text, source)
    if isinstance(data, dict) and isinstance(data.get("schema_version"), str):
        return exports(data, source)
    return genome_from_dict(data, source=source, validate=validate)


def _genome_from_bytecode(raw: bytes, source: str, name: str, validate: bool) -> GameGenome:
    from darwindeck.genome.bytecode import parse_bytecode

    try:
        genome = dataclasses.replace(parse_bytecode(raw), name=name)
    except BytecodeError as error:
        raise GenomeFormatError(source, str(error)) from None
    if validate:
        from darwindeck.genome.validation import ensure_valid

        ensure_valid(genome)
    return genome

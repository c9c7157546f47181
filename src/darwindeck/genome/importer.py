"""Import of genomes written by the public DarwinDeck project (its JSON "v1" and "2.0" formats).

Formats read:

* **v1** (``"schema_version": "1.0"``): the genome object itself. Phases are ``{"type": "DrawPhase" |
  "PlayPhase" | "DiscardPhase" | "TrickPhase" | "ClaimPhase" | "BettingPhase" | "BiddingPhase", <fields>}``;
  conditions ``{"type": "simple", "condition_type", "operator", "value", "reference"}`` or
  ``{"type": "compound", "logic", "conditions": [...]}``.
* **2.0**: ``{"schema_version": "2.0", "genome": {...}}``; inside, types are lowercase (``"draw"``,
  ``"play"``, ... or the lowercased v1 names) and the parameters of a phase or a condition sit in a
  ``"data"`` object: ``{"type": "play", "data": {"target": "tableau", ...}}``,
  ``{"type": "compound", "data": {"logic": "or", "conditions": [...]}}``.

An enum is read by its NAME (``"HEARTS"``, ``"ACE"``, ``"SKIP_NEXT"``, ``"GT"``), its lowercased name, or
its value here (``"H"``, ``"A"``): v1 files mix names and raw values (``"low_score"``, ``"valid_plays"``),
and no spelling of one member is another member's, so each string means one member. A rank stays that
rank (``"QUEEN"`` is the queen, never an index); an integer where a rank or suit belongs is refused.

Mapping of the rules (fields not named keep this project's documented default):

* ``genome_id`` → ``name``; ``scoring_rules`` must be empty (v1 never wrote one in a form this schema
  has); PlayPhase ``min_cards`` 0 means "may play no card", which is ``min_cards`` 1 with
  ``mandatory`` False here; v1 carries no tableau mode, so it is NONE as spec 001 prescribes for files
  without one (the old simulator's implicit War / Scopa behaviour is not guessed); a compound of one
  condition (AND or OR alike) is that condition.
* Not rules, dropped: ``generation``, ``min_turns``, ``fitness``, ``fitness_metrics``, ``fitness_rank``,
  ``skill_evaluation``, ``skill_rank``, ``skill_eval_timed_out``, ``mcts_win_rate``, ``mcts_wins_as_p1``,
  ``mcts_wins_as_p2``. Any other unknown key is refused: it might be a rule.
* ``"Unknown"`` phases. DarwinDeck's writer emitted ``{"type": "Unknown"}`` for any phase class it could
  not serialize. In the reference corpus every file with one comes from the runs of 2026-01-11 09:00 to
  13:12, the runs from 13:30 on write ``ClaimPhase`` instead and never ``Unknown``, the same turn shapes
  recur with ``ClaimPhase`` in place of ``Unknown``, and every such game that carries fitness metrics
  has a non-zero ``bluffing_depth`` (claim games do; games without a claim phase have it at zero). So
  ``Unknown`` is imported as a claim phase. Its parameters were not written; it gets
  ``ClaimPhase()``'s defaults (1-4 cards, sequential rank, challenges, pile penalty), which are
  DarwinDeck's own defaults and what 127 of the 147 written claim phases hold. This is an assumption, so
  ``ImportReport.assumed`` lists each file it was made for.

Normalisations. Two turn-structure fields carry no rule of their own when they disagree with the
phases, and DarwinDeck wrote them from its templates whatever the phases were (281 of the 697 files say
``is_trick_based`` with no trick phase). The importer brings them in line with the phases; neither
changes what the game does, and ``ImportReport.adjusted`` lists each one with a one-line reason:

* ``is_trick_based`` is set to whether a phase is a trick phase (the flag is derived from the phases:
  see ``validation``);
* ``tricks_per_hand`` is dropped when no phase is a trick phase (there are no tricks to count).

Nothing else is changed: no rule is invented (no scoring, no hand evaluation) and no count is clamped.

Every imported genome is then validated; a genome this project cannot play (more cards dealt than the
deck holds, a negative discard count, a play phase of 2..1 cards, no win condition that can ever fire)
is refused with the validation errors as the reason; warnings (a dead win condition beside a live one,
more tricks per hand than cards) do not refuse it. Refusals are ``GenomeFormatError`` /
``GenomeValidationError``.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from enum import Enum
from pathlib import Path
from typing import TypeVar

from darwindeck.errors import DarwinDeckError, GenomeFormatError
from darwindeck.genome.cards import DeckType, Location, Rank, Suit
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
from darwindeck.genome.phases import (
    BettingPhase,
    BiddingPhase,
    ClaimPhase,
    DiscardPhase,
    DrawPhase,
    Phase,
    PlayPhase,
    TrickPhase,
)
from darwindeck.genome.schema import (
    EffectType,
    GameGenome,
    SequenceDirection,
    SetupRules,
    SpecialEffect,
    TableauMode,
    TargetSelector,
    TurnStructure,
    WinCondition,
    WinType,
)
from darwindeck.genome.serialization import JsonObject, JsonValue, save_genome
from darwindeck.genome.validation import ensure_valid

E = TypeVar("E", bound=Enum)

#: Top-level keys of DarwinDeck files that record evolution results, not rules.
METADATA_KEYS = frozenset(
    {
        "generation",
        "min_turns",
        "fitness",
        "fitness_metrics",
        "fitness_rank",
        "skill_evaluation",
        "skill_rank",
        "skill_eval_timed_out",
        "mcts_win_rate",
        "mcts_wins_as_p1",
        "mcts_wins_as_p2",
    }
)
UNKNOWN_PHASE = "Unknown"


@dataclass(frozen=True)
class _Dialect:
    """What differs between v1 and 2.0: the phase type names and whether parameters sit in ``data``."""

    phase_types: dict[str, str]
    data_blocks: bool


_KINDS = ("draw", "play", "discard", "trick", "claim", "betting", "bidding")
_V1 = _Dialect({f"{kind.capitalize()}Phase": kind for kind in _KINDS}, data_blocks=False)
_V2 = _Dialect(
    {**{kind: kind for kind in _KINDS}, **{f"{kind}phase": kind for kind in _KINDS}}, data_blocks=True
)


def _member(value: JsonValue, enum: type[E]) -> E:
    """The member spelled by its NAME, lowercased name, or value; anything else is refused."""
    if isinstance(value.raw, str):
        for member in enum:
            if value.raw in (member.name, member.name.lower(), member.value):
                return member
    names = ", ".join(member.name for member in enum)
    raise value.fail(f"unknown {enum.__name__} {json.dumps(value.raw)} (expected one of: {names})")


def _optional_member(value: JsonValue, enum: type[E]) -> E | None:
    return value.optional(lambda v: _member(v, enum))


class _Reader:
    """Reads one DarwinDeck document of one dialect into this project's dataclasses."""

    def __init__(self, dialect: _Dialect) -> None:
        self.dialect = dialect
        self.unknown_phases = 0

    def parameters(self, outer: JsonObject) -> tuple[str, JsonObject]:
        """(the object's ``type``, the object holding its parameters: itself in v1, ``data`` in 2.0)."""
        kind = outer.get("type").as_str()
        return kind, outer.get("data").as_object() if self.dialect.data_blocks else outer

    def condition(self, value: JsonValue) -> ConditionLike:
        outer = value.as_object()
        kind, inner = self.parameters(outer)
        result: ConditionLike
        if kind == "compound":
            logic = _member(inner.get("logic"), Logic)
            children = tuple(self.condition(item) for item in inner.get("conditions").as_list())
            result = children[0] if len(children) == 1 else CompoundCondition(logic, children)
        elif kind == "simple":
            condition_type = _member(inner.get("condition_type"), ConditionType)
            result = Condition(
                type=condition_type,
                operator=_optional_member(inner.get("operator"), Operator),
                value=inner.get("value").optional(lambda v: _condition_value(v, condition_type)),
                reference=_optional_member(inner.get("reference"), Reference),
            )
        else:
            raise outer.get("type").fail(f"unknown condition type {kind!r} (expected simple or compound)")
        _finish(outer, inner)
        return result

    def optional_condition(self, obj: JsonObject, key: str) -> ConditionLike | None:
        return obj.get(key).optional(self.condition) if obj.has(key) else None

    def phase(self, value: JsonValue) -> Phase:
        outer = value.as_object()
        kind, inner = (outer.get("type").as_str(), outer) if _is_unknown(outer) else self.parameters(outer)
        if kind == UNKNOWN_PHASE:
            outer.done()
            self.unknown_phases += 1
            return ClaimPhase()
        reader = _PHASE_READERS.get(self.dialect.phase_types.get(kind, ""))
        if reader is None:
            allowed = ", ".join([*self.dialect.phase_types, UNKNOWN_PHASE])
            raise outer.get("type").fail(f"unknown phase type {kind!r} (expected one of: {allowed})")
        phase = reader(self, inner)
        _finish(outer, inner)
        return phase

    def genome(self, obj: JsonObject, source: str) -> GameGenome:
        for key in METADATA_KEYS:
            if obj.has(key):
                obj.get(key)
        name = obj.get("genome_id").as_str()
        scoring_rules = obj.get("scoring_rules").as_list()
        if scoring_rules:
            raise scoring_rules[0].fail("DarwinDeck scoring rules have no equivalent here")
        turns = obj.get("turn_structure").as_object()
        genome = GameGenome(
            name=name,
            setup=_setup(obj.get("setup").as_object()),
            turn_structure=TurnStructure(
                phases=tuple(self.phase(item) for item in turns.get("phases").as_list()),
                is_trick_based=turns.get("is_trick_based").as_bool(),
                tricks_per_hand=turns.get("tricks_per_hand").optional(JsonValue.as_int),
            ),
            win_conditions=tuple(
                _win_condition(item.as_object()) for item in obj.get("win_conditions").as_list()
            ),
            special_effects=tuple(_effect(item.as_object()) for item in obj.get("special_effects").as_list()),
            max_turns=obj.get("max_turns").as_int(),
            player_count=obj.get("player_count").as_int(),
            team_mode=obj.get("team_mode").as_bool() if obj.has("team_mode") else False,
            teams=_teams(obj) if obj.has("teams") else (),
            description=f"Imported from DarwinDeck ({Path(source).name}).",
        )
        turns.done()
        obj.done()
        return genome


def _is_unknown(obj: JsonObject) -> bool:
    return obj.has("type") and obj.data["type"] == UNKNOWN_PHASE


def _finish(outer: JsonObject, inner: JsonObject) -> None:
    """Refuse unread keys in the parameter object and in its wrapper (the same object in v1)."""
    inner.done()
    if outer is not inner:
        outer.done()


def _condition_value(value: JsonValue, condition_type: ConditionType) -> ConditionValue:
    if condition_type in RANK_VALUED:
        return _member(value, Rank)
    if condition_type in SUIT_VALUED:
        return _member(value, Suit)
    return value.as_int()


def _draw(reader: _Reader, obj: JsonObject) -> DrawPhase:
    return DrawPhase(
        source=_member(obj.get("source"), Location),
        count=obj.get("count").as_int(),
        mandatory=obj.get("mandatory").as_bool(),
        condition=reader.optional_condition(obj, "condition"),
    )


def _play(reader: _Reader, obj: JsonObject) -> PlayPhase:
    min_cards = obj.get("min_cards").as_int()
    mandatory = obj.get("mandatory").as_bool()
    return PlayPhase(
        target=_member(obj.get("target"), Location),
        valid_play_condition=reader.optional_condition(obj, "valid_play_condition"),
        min_cards=max(min_cards, 1),
        max_cards=obj.get("max_cards").as_int(),
        mandatory=mandatory and min_cards > 0,
    )


def _discard(reader: _Reader, obj: JsonObject) -> DiscardPhase:
    return DiscardPhase(
        target=_member(obj.get("target"), Location),
        count=obj.get("count").as_int(),
        mandatory=obj.get("mandatory").as_bool(),
        matching_condition=reader.optional_condition(obj, "matching_condition"),
    )


def _trick(reader: _Reader, obj: JsonObject) -> TrickPhase:
    return TrickPhase(
        lead_suit_required=obj.get("lead_suit_required").as_bool(),
        trump_suit=_optional_member(obj.get("trump_suit"), Suit),
        high_card_wins=obj.get("high_card_wins").as_bool(),
        breaking_suit=_optional_member(obj.get("breaking_suit"), Suit),
    )


def _claim(reader: _Reader, obj: JsonObject) -> ClaimPhase:
    return ClaimPhase(
        min_cards=obj.get("min_cards").as_int(),
        max_cards=obj.get("max_cards").as_int(),
        sequential_rank=obj.get("sequential_rank").as_bool(),
        allow_challenge=obj.get("allow_challenge").as_bool(),
        pile_penalty=obj.get("pile_penalty").as_bool(),
    )


def _betting(reader: _Reader, obj: JsonObject) -> BettingPhase:
    return BettingPhase(min_bet=obj.get("min_bet").as_int(), max_raises=obj.get("max_raises").as_int())


def _bidding(reader: _Reader, obj: JsonObject) -> BiddingPhase:
    return BiddingPhase(
        min_bid=obj.get("min_bid").as_int(),
        max_bid=obj.get("max_bid").as_int(),
        allow_nil=obj.get("allow_nil").as_bool(),
    )


_PHASE_READERS: dict[str, Callable[[_Reader, JsonObject], Phase]] = {
    "draw": _draw,
    "play": _play,
    "discard": _discard,
    "trick": _trick,
    "claim": _claim,
    "betting": _betting,
    "bidding": _bidding,
}


def _setup(obj: JsonObject) -> SetupRules:
    setup = SetupRules(
        cards_per_player=obj.get("cards_per_player").as_int(),
        initial_deck=_member(obj.get("initial_deck"), DeckType),
        initial_discard_count=obj.get("initial_discard_count").as_int(),
        trump_suit=_optional_member(obj.get("trump_suit"), Suit) if obj.has("trump_suit") else None,
        starting_chips=obj.get("starting_chips").as_int() if obj.has("starting_chips") else 0,
        tableau_mode=_member(obj.get("tableau_mode"), TableauMode)
        if obj.has("tableau_mode")
        else TableauMode.NONE,
        sequence_direction=(
            _member(obj.get("sequence_direction"), SequenceDirection)
            if obj.has("sequence_direction")
            else SequenceDirection.BOTH
        ),
    )
    obj.done()
    return setup


def _win_condition(obj: JsonObject) -> WinCondition:
    win = WinCondition(_member(obj.get("type"), WinType), obj.get("threshold").optional(JsonValue.as_int))
    obj.done()
    return win


def _effect(obj: JsonObject) -> SpecialEffect:
    effect = SpecialEffect(
        trigger_rank=_member(obj.get("trigger_rank"), Rank),
        effect_type=_member(obj.get("effect_type"), EffectType),
        target=_member(obj.get("target"), TargetSelector),
        value=obj.get("value").as_int(),
    )
    obj.done()
    return effect


def _teams(obj: JsonObject) -> tuple[tuple[int, ...], ...]:
    return tuple(tuple(seat.as_int() for seat in team.as_list()) for team in obj.get("teams").as_list())


# ------------------------------------------------------------------------------------------- public API


def _dialect_and_body(data: object, source: str) -> tuple[_Dialect, JsonObject]:
    root = JsonValue(data, source, "").as_object()
    version = root.get("schema_version")
    if version.raw == "1.0":
        return _V1, root
    if version.raw == "2.0":
        body = root.get("genome").as_object()
        root.done()
        return _V2, body
    raise version.fail(
        f'not a DarwinDeck genome version: {json.dumps(version.raw)} (expected "1.0" or "2.0")'
    )


def _normalised_turns(turns: TurnStructure) -> tuple[TurnStructure, tuple[str, ...]]:
    """The turn structure with its derived fields in line with its phases, and a reason per change."""
    tricks = [i for i, phase in enumerate(turns.phases) if isinstance(phase, TrickPhase)]
    adjustments: list[str] = []
    if turns.is_trick_based != bool(tricks):
        why = (
            f"turn_structure.phases[{tricks[0]}] is a trick phase" if tricks else "no phase is a trick phase"
        )
        adjustments.append(
            f"is_trick_based set to {bool(tricks)}: {why} (the flag is derived from the phases)"
        )
    tricks_per_hand = turns.tricks_per_hand
    if tricks_per_hand is not None and not tricks:
        adjustments.append(f"tricks_per_hand {tricks_per_hand} dropped: no phase is a trick phase")
        tricks_per_hand = None
    normalised = replace(turns, is_trick_based=bool(tricks), tricks_per_hand=tricks_per_hand)
    return normalised, tuple(adjustments)


@dataclass(frozen=True)
class _Conversion:
    """One converted genome, how many ``Unknown`` phases became claim phases, and the normalisations."""

    genome: GameGenome
    unknown_phases: int
    adjustments: tuple[str, ...]


def _import(data: object, source: str) -> _Conversion:
    dialect, body = _dialect_and_body(data, source)
    reader = _Reader(dialect)
    genome = reader.genome(body, source)
    turns, adjustments = _normalised_turns(genome.turn_structure)
    genome = genome.replace(turn_structure=turns)
    ensure_valid(genome)
    return _Conversion(genome, reader.unknown_phases, adjustments)


def import_genome(data: object, *, source: str) -> GameGenome:
    """Convert one DarwinDeck genome (parsed JSON, v1 or 2.0) into a validated ``GameGenome``.

    Raises ``GenomeFormatError`` for what cannot be represented (naming the JSON path) and
    ``GenomeValidationError`` for a genome this project cannot play.
    """
    return _import(data, source).genome


def _read_json(path: Path) -> object:
    source = str(path)
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except json.JSONDecodeError as error:
        raise GenomeFormatError(
            f"{source}:{error.lineno}:{error.colno}", f"malformed JSON: {error.msg}"
        ) from None
    except UnicodeDecodeError as error:
        raise GenomeFormatError(source, f"not UTF-8 text (byte {error.start})") from None
    except OSError as error:
        raise GenomeFormatError(source, f"cannot read the file: {error.strerror or error}") from None


def import_file(path: str | os.PathLike[str]) -> GameGenome:
    """Read and convert one DarwinDeck genome file."""
    target = Path(path)
    return import_genome(_read_json(target), source=str(target))


@dataclass
class ImportReport:
    """What ``import_path`` did, as (file name, detail) pairs: files written (detail: the path written),
    files refused (the reason), assumptions made and normalisations applied (one pair per adjustment,
    detail: its one-line reason), each in file order."""

    imported: list[tuple[str, str]] = field(default_factory=list)
    refused: list[tuple[str, str]] = field(default_factory=list)
    assumed: list[tuple[str, str]] = field(default_factory=list)
    adjusted: list[tuple[str, str]] = field(default_factory=list)

    @property
    def imported_count(self) -> int:
        return len(self.imported)

    @property
    def refused_count(self) -> int:
        return len(self.refused)


def import_path(path: str | os.PathLike[str], out_dir: str | os.PathLike[str]) -> ImportReport:
    """Import a file, or every ``*.json`` file of a directory (sorted), into ``out_dir``.

    Each imported genome is written atomically as ``out_dir/<file name>`` in this project's JSON
    (``save_genome``); a refused file writes nothing and is listed with its reason.
    """
    source = Path(path)
    if source.is_dir():
        files = sorted(source.glob("*.json"))
    elif source.is_file():
        files = [source]
    else:
        raise GenomeFormatError(str(source), "no such file or directory")
    target_dir = Path(out_dir)
    target_dir.mkdir(parents=True, exist_ok=True)
    report = ImportReport()
    for file in files:
        try:
            conversion = _import(_read_json(file), str(file))
        except DarwinDeckError as error:
            report.refused.append((file.name, str(error)))
            continue
        written = target_dir / file.name
        save_genome(conversion.genome, written)
        report.imported.append((file.name, str(written)))
        if conversion.unknown_phases:
            reason = f"{conversion.unknown_phases} 'Unknown' phase(s) read as claim phases"
            report.assumed.append((file.name, reason))
        report.adjusted += [(file.name, reason) for reason in conversion.adjustments]
    return report

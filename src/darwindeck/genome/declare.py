"""Phase kinds declared once: the vocabulary every phase class uses to state its kind name, its opcode,
its fields' ranges and encodings, and where its hand-written parts live.

A phase class is a frozen dataclass decorated with ``phase_kind(...)``; its fields carry their facts
(``FieldFacts``) in ``dataclasses.field(metadata=...)`` made by ``declared_field(...)``. From these
declarations, and nothing else:

* the JSON reader and writer (``genome.serialization``): the ``"kind"`` tag, each field's JSON form from
  its type (an int, a bool, an enum's value, an optional value as ``null``, a condition, a card as
  ``[rank, suit]``, a tuple as an array, a record as an object), the keys a version-1 file leaves out
  (``since=2``) and the keys written only when they differ from their default (``late``);
* the bytecode writer and reader (``genome.bytecode``, spec 000's format): the opcode, then the fields
  in ``layout`` order, each by its type: an int as ``u8`` (``u16`` with ``width=2``), an enum as its
  code byte (an absent optional enum as 255), the bools named in a ``Flags`` group packed into one byte
  (bit 0 first), a ``Present(name)`` bit in a group saying an optional part follows (written after the
  group, where ``layout`` names the field), a tuple of enums as a count byte then the codes, a tuple of
  records as a count byte then each record's codes, a condition as its prefix tree;
* the range checks of validation (``genome.validation``): an int within ``[low, high]`` or among
  ``choices``, a bool, an enum member (or None where the type is optional).

What cannot be derived is written by hand where ``PhaseKind.semantics`` points: the engine's rules, the
rulebook's sentences, the narration, the mutation operators and the relations between fields (min ≤ max,
"needs a trick phase after it"). ``docs/architecture.md`` has the checklist for adding a phase kind.
"""

from __future__ import annotations

import dataclasses
import typing
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, TypeVar

__all__ = [
    "FieldFacts",
    "Flags",
    "PhaseKind",
    "Present",
    "declared_field",
    "field_facts",
    "field_types",
    "phase_kind",
    "phase_kinds",
    "phase_version",
]

_C = TypeVar("_C", bound=type)

#: The metadata key under which a field's ``FieldFacts`` is kept.
_KEY = "darwindeck"


@dataclass(frozen=True)
class FieldFacts:
    """The facts of one phase field that are not in its type.

    ``low``/``high``: the range validation allows an int (``high`` None: no upper bound in validation;
    the bytecode writer refuses a value beyond its width); ``choices``: the only values allowed instead
    of a range; ``note``: added to the range error (with ``choices``: the whole description of the
    allowed values); ``width``: bytes of an int in the bytecode; ``since``: the
    schema version whose files first carry the key; ``late``: the key came late to its version and is
    written only when it differs from the default."""

    low: int = 0
    high: int | None = None
    choices: tuple[int, ...] = ()
    note: str = ""
    width: int = 1
    since: int = 1
    late: bool = False


_NO_FACTS = FieldFacts()


def declared_field(
    default: Any,
    *,
    low: int = 0,
    high: int | None = None,
    choices: tuple[int, ...] = (),
    note: str = "",
    width: int = 1,
    since: int = 1,
    late: bool = False,
) -> Any:
    """A dataclass field with ``default`` and its declared facts (see ``FieldFacts``)."""
    facts = FieldFacts(low, high, choices, note, width, since, late)
    return dataclasses.field(default=default, metadata={_KEY: facts})


def field_facts(field: dataclasses.Field[Any]) -> FieldFacts:
    """The declared facts of a field (the defaults when it declares none)."""
    found = field.metadata.get(_KEY)
    return found if isinstance(found, FieldFacts) else _NO_FACTS


@dataclass(frozen=True)
class Present:
    """A flag bit that is set when the optional field ``name`` holds a value (not None, not empty)."""

    name: str


@dataclass(frozen=True)
class Flags:
    """One byte of flag bits, bit 0 first: bool fields, and ``Present`` bits for optional parts."""

    bits: tuple[str | Present, ...]

    def __init__(self, *bits: str | Present) -> None:
        object.__setattr__(self, "bits", bits)


@dataclass(frozen=True)
class PhaseKind:
    """A phase kind's declaration: its JSON ``kind`` tag, its bytecode ``opcode``, its class, the order of
    its fields in the bytecode (``layout``: field names and ``Flags`` groups; a field behind a ``Present``
    bit is written only when present), the schema version that introduced it, and ``semantics``: the
    modules that hold what is written by hand for it (engine, rulebook, narration, mutations)."""

    kind: str
    opcode: int
    cls: type
    layout: tuple[str | Flags, ...]
    since: int
    semantics: tuple[str, ...]

    def fields(self) -> tuple[dataclasses.Field[Any], ...]:
        return dataclasses.fields(self.cls)


_KINDS: dict[type, PhaseKind] = {}


def phase_kind(
    kind: str, *, opcode: int, layout: tuple[str | Flags, ...], since: int = 1, semantics: tuple[str, ...]
) -> Callable[[_C], _C]:
    """Declare the decorated dataclass a phase kind (see the module docstring). The layout must name each
    field exactly once, in a ``Flags`` group for a bool and outside one otherwise."""

    def register(cls: _C) -> _C:
        declared = PhaseKind(kind, opcode, cls, layout, since, semantics)
        _check_layout(declared)
        if any(other.kind == kind or other.opcode == opcode for other in _KINDS.values()):
            raise ValueError(f"phase kind {kind!r} or opcode {opcode} is declared twice")
        _KINDS[cls] = declared
        return cls

    return register


def _check_layout(declared: PhaseKind) -> None:
    named: list[str] = []
    for item in declared.layout:
        if isinstance(item, Flags):
            named.extend(bit for bit in item.bits if isinstance(bit, str))
        else:
            named.append(item)
    fields = [field.name for field in dataclasses.fields(declared.cls)]
    if sorted(named) != sorted(fields):
        raise ValueError(f"{declared.cls.__name__}: the layout names {named}, the fields are {fields}")


def phase_version(phase: object) -> int:
    """The oldest schema version that holds ``phase``: its kind's, or a later field's that holds a value
    other than its default (1 for a value that is not a declared phase: validation reports it)."""
    declared = _KINDS.get(type(phase))
    if declared is None:
        return 1
    fields = (f for f in declared.fields() if getattr(phase, f.name) != f.default)
    return max((declared.since, *(field_facts(f).since for f in fields)))


_TYPES: dict[type, dict[str, Any]] = {}


def field_types(cls: type) -> dict[str, Any]:
    """The resolved type of each field of a dataclass (``typing.get_type_hints``, remembered)."""
    if cls not in _TYPES:
        _TYPES[cls] = typing.get_type_hints(cls)
    return _TYPES[cls]


def phase_kinds() -> Mapping[type, PhaseKind]:
    """Every declared phase kind, by class, in declaration order."""
    return _KINDS

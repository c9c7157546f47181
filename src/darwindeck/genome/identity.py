"""A genome's canonical data form and its identity.

* ``genome_to_dict`` is the genome as plain JSON data, the object every genome file holds
  (``genome.serialization`` states the format): ``schema_version`` first, then every field in the
  dataclasses' order, enums by value, tuples as lists, each phase tagged by its ``"kind"``
  (``PHASE_KIND_NAMES``). A genome is written in the oldest version that holds its rules: a version-1 genome
  leaves out the keys version 2 added (the phase fields declared ``since=2``, ``scoring.shoot_the_moon``),
  and the keys added late to version 2 are left out while they hold their defaults (phase fields
  declared ``late``, and a few outside the phases), so no genome's identity changed when they came.
* ``canonical_json`` is that object with sorted keys, no whitespace and ASCII escapes: equal genomes give
  byte-equal text on every machine.
* ``genome_identity`` is the SHA-256 hex digest of the canonical JSON without ``name`` and
  ``description`` (``IDENTITY_EXCLUDED``): renaming or re-describing a game keeps its identity, any rule
  change alters it. ``GameGenome.identity`` is this digest.

The module reads a genome only through its dataclass fields and ``schema_version``, and imports the
phase declarations but not the schema, so ``schema`` can offer ``identity`` without an import circle
(``schema`` → ``identity``; ``serialization`` → ``identity``, ``schema``, ``validation``).
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
from enum import Enum
from typing import Any, Protocol

from darwindeck.genome.declare import field_facts, phase_kinds


class Genome(Protocol):
    """What this module reads of a ``GameGenome``: a frozen dataclass with a ``schema_version``."""

    @property
    def schema_version(self) -> int: ...


#: The ``"kind"`` tag of each phase class in JSON (declared with the class: ``genome.declare``).
PHASE_KIND_NAMES: dict[type, str] = {cls: kind.kind for cls, kind in phase_kinds().items()}
_PHASE_CLASSES: dict[str, type] = {kind: cls for cls, kind in PHASE_KIND_NAMES.items()}

#: Fields left out of the identity hash: they describe the game to people, they are not rules.
IDENTITY_EXCLUDED = ("name", "description")


def encode(value: object) -> Any:
    """The JSON form of one genome value (see the module docstring)."""
    if isinstance(value, Enum):
        return value.value
    if isinstance(value, tuple):
        return [encode(item) for item in value]
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        encoded: dict[str, Any] = {}
        kind = PHASE_KIND_NAMES.get(type(value))
        if kind is not None:
            encoded["kind"] = kind
        for field in dataclasses.fields(value):
            encoded[field.name] = encode(getattr(value, field.name))
        return encoded
    return value


def genome_to_dict(genome: Genome) -> dict[str, Any]:
    """The genome as plain JSON data: ``schema_version`` first, then every field in field order, in the
    oldest version that holds the rules (a version-1 genome is written without the version-2 keys)."""
    fields: dict[str, Any] = encode(genome)
    version = genome.schema_version
    for phase in fields["turn_structure"]["phases"]:
        _drop_phase_keys(phase, version)
    if version == 1:
        del fields["scoring"]["shoot_the_moon"]
    _drop_unused_late_keys(fields)
    return {"schema_version": version, **fields}


def _drop_phase_keys(phase: dict[str, Any], version: int) -> None:
    """Leave out the keys of an encoded phase that its declaration says a file of ``version`` does not
    carry: keys newer than the version, and late keys holding their defaults."""
    for field in dataclasses.fields(_PHASE_CLASSES[phase["kind"]]):
        declared = field_facts(field)
        if declared.since > version or (declared.late and phase[field.name] == encode(field.default)):
            del phase[field.name]


def _drop_unused_late_keys(fields: dict[str, Any]) -> None:
    """Leave out the keys added late to version 2 outside the phases while they hold their defaults (no
    maker scoring, no turned trump, no jokers, no kitty, no book scoring, an inexact contract without a
    made bonus), so the identity of every genome that does not use them stayed what it was."""
    setup = fields["setup"]
    if setup["turned_trump"] is None:
        del setup["turned_trump"]
    for key in ("jokers", "kitty"):
        if setup[key] == 0:
            del setup[key]
    contract = fields["contract_scoring"]
    if contract is not None:
        if not contract["exact"]:
            del contract["exact"]
        if contract["made_bonus"] == 0:
            del contract["made_bonus"]
    for key in ("maker_scoring", "book_scoring"):
        if fields[key] is None:
            del fields[key]


def canonical_json(genome: Genome) -> str:
    """Byte-stable JSON of the genome: sorted keys, no whitespace, ASCII only."""
    return _canonical(genome_to_dict(genome))


def _canonical(data: dict[str, Any]) -> str:
    return json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=True)


def genome_identity(genome: Genome) -> str:
    """SHA-256 hex digest of the canonical JSON of the rules (``name`` and ``description`` left out)."""
    rules = genome_to_dict(genome)
    for key in IDENTITY_EXCLUDED:
        del rules[key]
    return hashlib.sha256(_canonical(rules).encode("ascii")).hexdigest()

"""The phase codecs derived from the declarations (``genome.declare``) write and read exactly what the
hand-written codecs did: JSON and bytecode of every genome of the corpus (``golden/codec_corpus.py``)
are byte-identical to their fingerprints taken at the commit before the change; and the declarations
themselves are consistent (each field laid out once, each ``semantics`` module real)."""

from __future__ import annotations

import dataclasses
import importlib
import json

import pytest

from darwindeck.genome.declare import Flags, phase_kind, phase_kinds
from golden.codec_corpus import CORPUS, FINGERPRINTS, corpus, fingerprint

EXPECTED: dict[str, str] = json.loads(FINGERPRINTS.read_text(encoding="utf-8"))


def test_every_genome_of_the_corpus_keeps_its_json_and_bytecode() -> None:
    seen = 0
    changed = []
    for label, genome in corpus():
        seen += 1
        if fingerprint(genome) != EXPECTED.get(label):
            changed.append(label)
    assert changed == []
    # the library, its variants and the hand-built goldens are always there; the imported DarwinDeck
    # genomes only where the reference data is
    imported = sum(label.startswith("darwindeck:") for label in EXPECTED)
    assert seen == len(EXPECTED) - (0 if CORPUS.is_dir() else imported)


def test_the_corpus_covers_every_field_of_every_phase_kind_with_a_non_default_value() -> None:
    changed: set[tuple[str, str]] = set()
    for _, genome in corpus():
        for phase in genome.turn_structure.phases:
            kind = phase_kinds()[type(phase)].kind
            for field in dataclasses.fields(phase):
                if getattr(phase, field.name) != field.default:
                    changed.add((kind, field.name))
    declared = {(kind.kind, f.name) for kind in phase_kinds().values() for f in kind.fields()}
    assert declared - changed == set()


@pytest.mark.parametrize("declared", list(phase_kinds().values()), ids=lambda kind: kind.kind)
def test_each_semantics_pointer_names_a_module(declared: object) -> None:
    for module in declared.semantics:  # type: ignore[attr-defined]
        importlib.import_module(f"darwindeck.{module}")


def test_a_layout_must_name_every_field_once() -> None:
    @dataclasses.dataclass(frozen=True)
    class Toy:
        count: int = 1
        loop: bool = False

    with pytest.raises(ValueError, match="the layout names"):
        phase_kind("toy", opcode=200, layout=("count",), semantics=())(Toy)
    with pytest.raises(ValueError, match="declared twice"):
        phase_kind("draw", opcode=201, layout=("count", Flags("loop")), semantics=())(Toy)

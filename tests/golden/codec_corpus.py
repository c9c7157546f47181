"""The genomes whose JSON and bytecode must stay byte-identical when the codecs change (spec 000's
bytecode, the project's JSON format), and their fingerprints.

The corpus: every library game; every library game with each field of each of its phases set, one at a
time, to each of a few other values (``phase_variants``: so every field of every phase kind the library
uses is written and read with a value other than its default, flags, optional parts and lists included);
the hand-built genomes of the bytecode goldens; the genomes of phase kinds no library game uses yet
(``_NOT_IN_THE_LIBRARY``), with their variants; and, where the reference data is present, every
DarwinDeck genome that imports. A variant need not be a valid game: the codecs write and read any genome
whose values fit their widths, and one that does not fit is fingerprinted by its error.

``fingerprint(genome)`` is the SHA-256 of ``to_json`` (which also fixes the identity), of the bytecode,
and the parsed bytecode's JSON (the reader's output), or the error a step raises. The fingerprints of the
corpus at the commit before the phase codecs were derived from declarations are in
``codec_fingerprints.json``; ``python tests/golden/codec_corpus.py`` rewrites that file, which is only
right after a deliberate format change.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
import types
import typing
from collections.abc import Iterator
from pathlib import Path

from darwindeck.errors import DarwinDeckError
from darwindeck.genome.bytecode import compile_genome, parse_bytecode
from darwindeck.genome.cards import CodedEnum, Rank, Suit
from darwindeck.genome.conditions import (
    CompoundCondition,
    Condition,
    ConditionType,
    Logic,
    Operator,
    Reference,
)
from darwindeck.genome.importer import import_file
from darwindeck.genome.library import all_games
from darwindeck.genome.library.climbing import dou_dizhu
from darwindeck.genome.phases import Combo, PassDirection, TopTrump, TrumpRelation
from darwindeck.genome.schema import GameGenome
from darwindeck.genome.serialization import to_json
from golden.regenerate_bytecode import HAND_BUILT

HERE = Path(__file__).resolve().parent
FINGERPRINTS = HERE / "codec_fingerprints.json"
CORPUS = HERE.parents[2] / "shared" / "reference" / "darwindeck-genomes"

_ALTERNATIVE_CONDITION = Condition(
    ConditionType.CARD_MATCHES_SUIT, Operator.EQ, Suit.HEARTS, Reference.TOP_DISCARD
)


def _alternatives(annotation: object, value: object) -> list[object]:
    """A few values of the field's declared type other than ``value``."""
    options: list[object] = []
    union = typing.get_origin(annotation) in (typing.Union, types.UnionType)
    for kind in typing.get_args(annotation) if union else (annotation,):
        if kind is type(None):
            options.append(None)
        elif kind is bool:
            options.append(not value)
        elif kind is int:
            options.extend([0, 2, 255, 300])
        elif isinstance(kind, type) and issubclass(kind, CodedEnum):
            options.extend(list(kind)[:3])
        elif kind is Condition:
            options.append(_ALTERNATIVE_CONDITION)
        elif kind is CompoundCondition:
            options.append(CompoundCondition(Logic.OR, (_ALTERNATIVE_CONDITION, _ALTERNATIVE_CONDITION)))
        elif typing.get_args(kind) == (Rank, Suit):
            options.append((Rank.ACE, Suit.HEARTS))
        elif typing.get_args(kind) == (TopTrump, ...):
            options.extend([(), (TopTrump(Rank.JACK), TopTrump(Rank.JACK, TrumpRelation.SAME_COLOUR))])
        elif typing.get_args(kind) == (PassDirection, ...):
            options.extend([(), (PassDirection.ACROSS,), (PassDirection.LEFT, PassDirection.HOLD)])
        elif typing.get_args(kind) == (Combo, ...):
            options.extend([(), (Combo.ROCKET,), (Combo.BOMB, Combo.SOLO, Combo.BOMB)])
    return [option for option in options if option != value]


def phase_variants(genome: GameGenome) -> Iterator[tuple[str, GameGenome]]:
    """``genome`` with one field of one phase replaced, for every field and a few values each."""
    phases = genome.turn_structure.phases
    for index, phase in enumerate(phases):
        hints = typing.get_type_hints(type(phase))
        for field in dataclasses.fields(phase):
            for alternative in _alternatives(hints[field.name], getattr(phase, field.name)):
                try:
                    changed = dataclasses.replace(phase, **{field.name: alternative})
                except (TypeError, ValueError):
                    continue
                turns = dataclasses.replace(
                    genome.turn_structure, phases=(*phases[:index], changed, *phases[index + 1 :])
                )
                label = f"phases[{index}].{field.name}={alternative!r}"
                yield label, dataclasses.replace(genome, turn_structure=turns)


#: Genomes of phase kinds no library game uses yet, each with its variants (Dou Dizhu's call and climb,
#: its jokers and kitty: ``genome.library.climbing``).
_NOT_IN_THE_LIBRARY = {"climbing:dou-dizhu": dou_dizhu()}


def corpus() -> Iterator[tuple[str, GameGenome]]:
    """Every genome of the corpus, with a stable label."""
    for name, genome in sorted(all_games().items()):
        yield name, genome
        for label, variant in phase_variants(genome):
            yield f"{name}:{label}", variant
    for name, build in sorted(HAND_BUILT.items()):
        yield f"golden:{name}", build()
    for name, genome in _NOT_IN_THE_LIBRARY.items():
        yield name, genome
        for label, variant in phase_variants(genome):
            yield f"{name}:{label}", variant
    if CORPUS.is_dir():
        for path in sorted(CORPUS.glob("*.json")):
            try:
                genome = import_file(path)
            except DarwinDeckError:
                continue
            yield f"darwindeck:{path.name}", genome


def _digest(text: bytes) -> str:
    return hashlib.sha256(text).hexdigest()[:16]


def fingerprint(genome: GameGenome) -> str:
    """The JSON, the bytecode and the parsed bytecode's JSON, each as a short SHA-256, or the error."""
    parts = []
    try:
        parts.append(_digest(to_json(genome).encode()))
        data = compile_genome(genome)
        parts.append(_digest(data))
        parts.append(_digest(to_json(parse_bytecode(data)).encode()))
    except DarwinDeckError as error:
        parts.append(f"{type(error).__name__}: {error}")
    return " ".join(parts)


def fingerprints() -> dict[str, str]:
    return {label: fingerprint(genome) for label, genome in corpus()}


if __name__ == "__main__":
    FINGERPRINTS.write_text(json.dumps(fingerprints(), indent=1, sort_keys=True, ensure_ascii=False) + "\n")
    print(f"wrote {FINGERPRINTS}")

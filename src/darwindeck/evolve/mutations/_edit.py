"""Small editing helpers shared by the operator families: copy a genome with one part changed.

``with_phases`` keeps ``turn_structure.is_trick_based`` equal to "a trick phase is present" and drops
``tricks_per_hand`` when no trick phase is left, so that editing the phases never introduces the
warnings validation raises for those two fields.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Sequence
from typing import Any, TypeVar

from darwindeck.genome.phases import Phase, TrickPhase
from darwindeck.genome.schema import GameGenome
from darwindeck.genome.validation import UINT8_MAX

T = TypeVar("T")


def with_phases(genome: GameGenome, phases: Sequence[Phase]) -> GameGenome:
    """``genome`` with these phases; the trick flag follows the phases."""
    has_tricks = any(isinstance(phase, TrickPhase) for phase in phases)
    turns = genome.turn_structure
    tricks = turns.tricks_per_hand if has_tricks else None
    new_turns = type(turns)(
        phases=tuple(phases),
        is_trick_based=has_tricks,
        tricks_per_hand=tricks,
        deck_empty=turns.deck_empty,
    )
    return genome.replace(turn_structure=new_turns)


def with_turn_phase_first(genome: GameGenome, phase: Phase) -> GameGenome:
    """``genome`` with ``phase`` put at the start of the turn, unless it already has a phase of that kind
    or plays tricks (a trick hand has no turn of its own for it): then unchanged."""
    if indices_of(genome.phases, (type(phase), TrickPhase)):
        return genome
    return with_phases(genome, (phase, *genome.phases))


def without_phases_of(genome: GameGenome, kind: type[Phase]) -> GameGenome:
    """``genome`` without its phases of ``kind``; unchanged when it has none or they are all it has."""
    kept = tuple(phase for phase in genome.phases if not isinstance(phase, kind))
    if not kept or len(kept) == len(genome.phases):
        return genome
    return with_phases(genome, kept)


def with_setup(genome: GameGenome, **changes: Any) -> GameGenome:
    """``genome`` with these setup fields changed."""
    return genome.replace(setup=dataclasses.replace(genome.setup, **changes))


def replaced_at(items: Sequence[T], index: int, item: T) -> tuple[T, ...]:
    """``items`` as a tuple with position ``index`` replaced by ``item``."""
    return (*items[:index], item, *items[index + 1 :])


def removed_at(items: Sequence[T], index: int) -> tuple[T, ...]:
    """``items`` as a tuple without position ``index``."""
    return (*items[:index], *items[index + 1 :])


def indices_of(phases: Sequence[Phase], kind: type[Phase] | tuple[type[Phase], ...]) -> list[int]:
    """Positions of the phases of ``kind``."""
    return [i for i, phase in enumerate(phases) if isinstance(phase, kind)]


def other_choice(rng: random.Random, options: Sequence[T], current: T) -> T:
    """A member of ``options`` other than ``current`` (``current`` itself when it is the only one)."""
    others = [option for option in options if option != current]
    return rng.choice(others) if others else current


def nudge(rng: random.Random, value: int, low: int, high: int, step: int = 1) -> int:
    """``value`` moved by ±1..``step``, kept in ``low..high``."""
    delta = rng.randint(1, step) * rng.choice((-1, 1))
    moved = min(high, max(low, value + delta))
    if moved == value:
        moved = min(high, max(low, value - delta))
    return moved


def scaled(rng: random.Random, value: int, low: int, high: int) -> int:
    """``value`` scaled by one of ×½, ×⅘, ×1¼, ×2 (at least ±1), kept in ``low..high``."""
    factor = rng.choice((0.5, 0.8, 1.25, 2.0))
    target = round(value * factor)
    if target == value:
        target = value + (1 if factor > 1 else -1)
    return min(high, max(low, target))


def hand_tricks(genome: GameGenome) -> int:
    """``genome.hand_tricks`` within 1..255 (what a one-byte trick count can hold)."""
    return max(1, min(UINT8_MAX, genome.hand_tricks))

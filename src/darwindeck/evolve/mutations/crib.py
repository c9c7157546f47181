"""Crib operators: Cribbage's crib and show (``CribPhase``, ``ShowPhase``) as a mechanism evolution may
add, tune and remove; the two go together (validation refuses either alone).

* ``add_crib`` (``AddCribMutation``): for a game with neither, puts ``CribPhase()`` (two cards each laid
  away, his heels 2) at the start of the turn and ``ShowPhase()`` (nobs, Pagat's crib flush) at its
  end, when validation lets the game have them (no claim or dealer phase, no tableau, hands and crib of
  at most seven cards, a card left for the starter); otherwise unchanged.
* ``remove_crib`` (``RemoveCribMutation``): removes every crib and show phase, unless that would leave no
  phase at all; none → unchanged.
* ``mutate_crib`` (``MutateCribMutation``): one of: the crib's ``count`` to another of 1..3, its
  ``heels`` to another of 0..3, the show's ``nobs`` or ``crib_four_flush`` toggled; the result must
  still be valid for the crib, else unchanged.
"""

from __future__ import annotations

import dataclasses
import random

from darwindeck.evolve.mutations._edit import indices_of, other_choice, replaced_at, with_phases
from darwindeck.genome.phases import CribPhase, ShowPhase
from darwindeck.genome.schema import GameGenome
from darwindeck.genome.validation import validate

_COUNTS = (1, 2, 3)
_HEELS = (0, 1, 2, 3)
_FIELDS = ("count", "heels", "nobs", "crib_four_flush")


def _refused(child: GameGenome, *indices: int) -> bool:
    """Validation refuses one of the phases at ``indices`` of ``child``."""
    paths = tuple(f"turn_structure.phases[{i}]" for i in indices)
    return any(problem.path.startswith(paths) for problem in validate(child).errors)


def add_crib(genome: GameGenome, rng: random.Random) -> GameGenome:
    if indices_of(genome.phases, (CribPhase, ShowPhase)):
        return genome
    child = with_phases(genome, (CribPhase(), *genome.phases, ShowPhase()))
    return genome if _refused(child, 0, len(child.phases) - 1) else child


def remove_crib(genome: GameGenome, rng: random.Random) -> GameGenome:
    kept = tuple(phase for phase in genome.phases if not isinstance(phase, (CribPhase, ShowPhase)))
    if not kept or len(kept) == len(genome.phases):
        return genome
    return with_phases(genome, kept)


def mutate_crib(genome: GameGenome, rng: random.Random) -> GameGenome:
    cribs, shows = indices_of(genome.phases, CribPhase), indices_of(genome.phases, ShowPhase)
    if not cribs or not shows:
        return genome
    field = rng.choice(_FIELDS)
    at = cribs[0] if field in ("count", "heels") else shows[0]
    phase = genome.phases[at]
    changed: CribPhase | ShowPhase
    if isinstance(phase, CribPhase):
        options = _COUNTS if field == "count" else _HEELS
        changed = dataclasses.replace(phase, **{field: other_choice(rng, options, getattr(phase, field))})
    else:
        assert isinstance(phase, ShowPhase)
        changed = dataclasses.replace(phase, **{field: not getattr(phase, field)})
    child = with_phases(genome, replaced_at(genome.phases, at, changed))
    return genome if _refused(child, at) else child

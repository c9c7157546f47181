"""Pass-phase operators: Hearts' passing as a mechanism evolution may add, tune and remove.

* ``add_pass_phase`` (``AddPassPhaseMutation``): for a game with no pass phase: inserts
  ``PassPhase(count=min(3, cards_per_player))`` at the start of the turn, passing left, right, across
  and holding in turn (left, right and holding with an odd number of players). Unchanged with no
  cards dealt.
* ``remove_pass_phase`` (``RemovePassPhaseMutation``): removes every pass phase; none → unchanged.
* ``mutate_pass_phase`` (``MutatePassPhaseMutation``): one pass phase, one of: ``count`` to another value
  of 1..4 (at most the cards dealt), or the direction cycle rotated by one hand.
"""

from __future__ import annotations

import dataclasses
import random

from darwindeck.evolve.mutations._edit import indices_of, other_choice, replaced_at, with_phases
from darwindeck.genome.phases import PassDirection, PassPhase
from darwindeck.genome.schema import GameGenome

PASS_COUNTS = (1, 2, 3, 4)


def _cycle(players: int) -> tuple[PassDirection, ...]:
    if players % 2:
        return (PassDirection.LEFT, PassDirection.RIGHT, PassDirection.HOLD)
    return (PassDirection.LEFT, PassDirection.RIGHT, PassDirection.ACROSS, PassDirection.HOLD)


def add_pass_phase(genome: GameGenome, rng: random.Random) -> GameGenome:
    dealt = genome.setup.cards_per_player
    if dealt < 1 or indices_of(genome.phases, PassPhase):
        return genome
    phase = PassPhase(count=min(3, dealt), directions=_cycle(genome.player_count))
    return with_phases(genome, (phase, *genome.phases))


def remove_pass_phase(genome: GameGenome, rng: random.Random) -> GameGenome:
    if not indices_of(genome.phases, PassPhase):
        return genome
    return with_phases(genome, [phase for phase in genome.phases if not isinstance(phase, PassPhase)])


def mutate_pass_phase(genome: GameGenome, rng: random.Random) -> GameGenome:
    passes = indices_of(genome.phases, PassPhase)
    if not passes:
        return genome
    index = rng.choice(passes)
    phase = genome.phases[index]
    assert isinstance(phase, PassPhase)
    counts = [n for n in PASS_COUNTS if n <= max(1, genome.setup.cards_per_player)]
    if rng.random() < 0.5 and len(counts) > 1:
        mutated = dataclasses.replace(phase, count=other_choice(rng, counts, phase.count))
    else:
        mutated = dataclasses.replace(phase, directions=(*phase.directions[1:], phase.directions[0]))
    return with_phases(genome, replaced_at(genome.phases, index, mutated))

"""Spec 001's tableau operators.

* ``mutate_tableau_mode`` (``MutateTableauModeMutation``, a low rate): a new mode chosen uniformly among
  the other modes; WAR is a choice only for exactly 2 players. Leaving SEQUENCE resets the sequence
  direction to its default BOTH (the direction means nothing outside SEQUENCE).
* ``mutate_sequence_direction`` (``MutateSequenceDirectionMutation``): only when the mode is SEQUENCE,
  another direction chosen uniformly; any other mode → unchanged.
"""

from __future__ import annotations

import random

from darwindeck.evolve.mutations._edit import other_choice, with_setup
from darwindeck.genome.schema import GameGenome, SequenceDirection, TableauMode


def tableau_modes_for(player_count: int) -> tuple[TableauMode, ...]:
    """The tableau modes a game of ``player_count`` players may have (WAR needs exactly 2)."""
    return tuple(mode for mode in TableauMode if mode is not TableauMode.WAR or player_count == 2)


def mutate_tableau_mode(genome: GameGenome, rng: random.Random) -> GameGenome:
    current = genome.setup.tableau_mode
    mode = other_choice(rng, tableau_modes_for(genome.player_count), current)
    if mode is current:
        return genome
    direction = genome.setup.sequence_direction
    if current is TableauMode.SEQUENCE:
        direction = SequenceDirection.BOTH
    return with_setup(genome, tableau_mode=mode, sequence_direction=direction)


def mutate_sequence_direction(genome: GameGenome, rng: random.Random) -> GameGenome:
    if genome.setup.tableau_mode is not TableauMode.SEQUENCE:
        return genome
    direction = other_choice(rng, tuple(SequenceDirection), genome.setup.sequence_direction)
    return with_setup(genome, sequence_direction=direction)

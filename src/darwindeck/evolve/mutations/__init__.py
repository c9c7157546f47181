"""Mutation operators, one module per family of the genome.

* ``effects``: spec 000's special effects (add / remove / mutate).
* ``tableau``: spec 001's tableau mode and sequence direction.
* ``teams``: spec 003's team play (enable / disable / reassign).
* ``bidding``: spec 004's bidding phase and contract scoring.
* ``structure``: the phases of a turn (add / remove / replace / swap / tweak) and orphan cleanup.
* ``parameters``: the numbers (cards per player, max turns, player count, deck, draw counts).
* ``conditions``: the conditions of phases and scoring rules.
* ``scoring``: card-scoring rules.
* ``wins``: win conditions and their thresholds.
* ``betting``: betting phases and chips.
* ``knock``: the knock phase (Gin Rummy's way to end a hand).
* ``passing``: the pass phase (Hearts' passing before a hand).
* ``trumps``: the trump phase (Euchre's making trump), top trumps (bowers) and maker scoring.
* ``asking``: the ask phase (Go Fish's asks).
* ``counting``: the count phase (Cribbage's play).
* ``auction``: Bridge's auction, dummy and contract score.
* ``dealer``: Blackjack's house dealer (add / remove / tune).
* ``crib``: Cribbage's crib and show, together (add / remove / tune).
* ``board``: Texas Hold'em's community cards (add / remove / tune / re-cut the streets).
* ``_edit``: small helpers the families share to copy a genome with one part changed.

The contract every operator keeps: a plain function ``(genome, rng) -> genome`` that draws all of its
randomness from ``rng``, never changes its input (genomes are frozen), and returns the genome unchanged
when it does not apply (``RemoveEffectMutation`` on a game without effects). Operators aim to build valid
genomes, but need not: the pipeline in ``darwindeck.evolve.operators`` validates every result, repairs it
(``darwindeck.evolve.repair``) or rejects it.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import TypeAlias

from darwindeck.genome.schema import GameGenome

MutationFunction: TypeAlias = Callable[[GameGenome, random.Random], GameGenome]
"""An operator: the parent genome and the caller's seeded generator in, the child genome out."""

__all__ = ["MutationFunction"]

"""Test doubles for the evolution tests: cheap deterministic fitness functions computed from a genome.

They stand in for ``darwindeck.evolve.fitness.evaluate_fitness`` (same shape: genome, settings, seed →
a result with ``total``, ``breakdown``, ``gate_reason``) so the GA and the evaluators are tested in
seconds. They are module-level functions so process pools can pickle them (tests import this module as
``evolve.conftest``; ``tests`` is on the Python path).
"""

from __future__ import annotations

import random
import time
from typing import Any

from darwindeck.evolve.store import Evaluation
from darwindeck.genome.schema import GameGenome


def structural_fitness(genome: GameGenome, settings: Any, seed: int) -> Evaluation:
    """A score from the genome's structure plus a small seeded jitter (so the seed visibly matters).

    Parts: phases (count / 6), effects (count / 4), players (count / 6), length (max_turns / 500, capped
    at 1), jitter (uniform in [0, 0.01) from ``seed``). Total: their mean. Games for more than 5 players
    are gated to 0 with the reason ``"test gate: 6 players"``.
    """
    if genome.player_count > 5:
        return Evaluation(0.0, {}, f"test gate: {genome.player_count} players")
    breakdown = {
        "phases": len(genome.turn_structure.phases) / 6,
        "effects": len(genome.special_effects) / 4,
        "players": genome.player_count / 6,
        "length": min(genome.max_turns, 500) / 500,
        "jitter": random.Random(seed).random() / 100,
    }
    return Evaluation(sum(breakdown.values()) / len(breakdown), breakdown, None)


def slow_structural_fitness(genome: GameGenome, settings: Any, seed: int) -> Evaluation:
    """``structural_fitness`` after a 40 ms sleep: slow enough to kill a run in the middle of a generation."""
    time.sleep(0.04)
    return structural_fitness(genome, settings, seed)


def capped_fitness(genome: GameGenome, settings: Any, seed: int) -> Evaluation:
    """``min(player_count, 3)``: the library already holds the best value, so a run can only plateau."""
    return Evaluation(float(min(genome.player_count, 3)), {"players": float(genome.player_count)}, None)


def exploding_fitness(genome: GameGenome, settings: Any, seed: int) -> Evaluation:
    """Raises for trick-taking genomes (a crashing evaluation), scores the others by player count."""
    if genome.turn_structure.is_trick_based:
        raise RuntimeError(f"engine fault in {genome.name}")
    return Evaluation(float(genome.player_count), {}, None)

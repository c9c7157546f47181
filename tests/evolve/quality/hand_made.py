"""Hand-made play profiles for the idle-rule tests (``test_idle``, ``test_simplify``): a test states how
each of ``DEALS`` games ended and how many of its decisions were meaningful, and ``quality.idle`` reads
the profile built from those rows as it reads a measured one.

Plain functions in a plain module (as ``tests/engine/scenario.py``), not fixtures in a ``conftest.py``:
the tests call them at import time to build module constants, which fixtures cannot serve, and pytest
loads a ``conftest.py`` itself as a plugin.
"""

from __future__ import annotations

import numpy as np

from darwindeck.agents import batch as B
from darwindeck.evolve.quality.idle import Profile
from darwindeck.evolve.quality.play import Games
from darwindeck.genome.phases import PassPhase
from darwindeck.genome.schema import GameGenome

#: Games in a hand-made profile.
DEALS = 40


def stats_rows(winners: list[int], meaningful: list[int]) -> np.ndarray:
    """Stats rows of hand-made games: game d won by ``winners[d]`` (−1 a draw) with ``meaningful[d]``
    meaningful decisions of 20 (the rest forced) in 20 turns."""
    stats = np.zeros((len(winners), B.N_STATS), dtype=np.int64)
    stats[:, B.STAT_WINNER] = winners
    stats[:, B.STAT_WINNING_TEAM] = -1
    stats[:, B.STAT_TURNS] = 20
    stats[:, B.STAT_DECISIONS] = 20
    stats[:, B.STAT_FORCED] = [20 - m for m in meaningful]
    return stats


def hand_profile(genome: GameGenome, greedy: np.ndarray) -> Profile:
    """A profile whose greedy self-play is ``greedy`` and whose rung 0 has every deal won by its strong
    side (the strong side is seat ``side`` in replay ``side``)."""
    replays = []
    for side in range(genome.player_count):
        won = greedy.copy()
        won[:, B.STAT_WINNER] = side
        replays.append(Games(genome, won))
    return Profile(genome, Games(genome, greedy), tuple(replays))


def rotating_winners() -> list[int]:
    """Winners of ``DEALS`` games of four players: each seat in turn, so no seat is favoured."""
    return [deal % 4 for deal in range(DEALS)]


def has_pass(genome: GameGenome) -> bool:
    """Whether the genome has a pass phase (the rule the tests knock out of Hearts)."""
    return any(isinstance(phase, PassPhase) for phase in genome.phases)

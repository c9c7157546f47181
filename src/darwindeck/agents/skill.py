"""Does skill matter in a game? Skilled agents against random players, and the first player's edge.

``evaluate_skill(genome, games, seed, iterations=100, workers=1)`` plays three batches of ``games``
games each:

* *greedy vs random* and *MCTS vs random* (``mcts.search`` with ``iterations`` iterations, UCB constant
  ``mcts.DEFAULT_UCB``, random rollouts of ``mcts.DEFAULT_DEPTH`` actions): the skilled agent takes
  each *side* in turn (a seat; in a team game every seat of one team, so partners share the skill)
  against random players, side ``k`` for ``games // S + (1 if k < games % S else 0)`` games (S sides);
* *random self-play*: every seat random, for the first-player advantage and the forced fraction.

Batch seeds: the first 4 bytes (big-endian) of SHA-256 of ``"{seed}:{purpose}"`` with purpose
``greedy:{k}``, ``mcts:{k}`` or ``random``; the same arguments give the same report for any
``workers``.

Rates. A skilled side's *rate* is its wins over the decided games (draws, turn-limit endings included,
are left out: nobody won them), compared with the chance share ``1/S``. ``low``/``high`` are the 95 %
Wilson interval; ``p_value`` is the exact one-sided binomial test of "wins ≥ observed" when each decided
game is won with probability ``1/S``: ``Σ_{k≥w} C(n,k) pᵏ(1−p)ⁿ⁻ᵏ``, each term computed in log space
with ``math.lgamma`` (no underflow for thousands of games). The *first-player advantage* is seat 0's
side's share of the decided self-play games minus ``1/S`` (signed).

A game with no decisions (every decision in self-play had one legal action, e.g. War) is reported as
such: ``has_decisions`` false, ``skill`` 0, and no skilled batches are played. Otherwise ``skill`` is
the MCTS rate above chance, scaled so chance is 0 and always winning 1 (``(rate − 1/S) / (1 − 1/S)``,
clamped to [0, 1]).

``mcts_skill(genome, seed)`` is the evolution fitness hook (``evaluate_fitness(..., mcts_skill=...)``):
the same ``skill`` from the MCTS batch alone, ``MCTS_SKILL_GAMES`` (20) games of MCTS-100.
"""

from __future__ import annotations

import hashlib
import math
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from darwindeck.agents.mcts import DEFAULT_DEPTH, DEFAULT_UCB, default_params
from darwindeck.engine import batch as B
from darwindeck.engine.simulate import simulate_rows, summarise, wilson_interval
from darwindeck.errors import DarwinDeckError
from darwindeck.genome.schema import GameGenome

Int64Array = npt.NDArray[np.int64]

MCTS_SKILL_GAMES = 20
MCTS_SKILL_ITERATIONS = 100
#: Games per worker call in skilled batches (searching games are slow; small chunks spread the work).
SKILL_CHUNK_GAMES = 10


@dataclass(frozen=True)
class SkillRate:
    """How often one agent's side won the decided games, against the chance share."""

    agent: str
    games: int
    decided: int
    wins: int
    rate: float
    low: float
    high: float
    chance: float
    p_value: float


@dataclass(frozen=True)
class SkillReport:
    """``evaluate_skill``'s result (see the module docstring)."""

    game: str
    players: int
    sides: int
    games: int
    iterations: int
    seed: int
    forced_fraction: float
    has_decisions: bool
    skill: float
    first_player_advantage: float
    first_player: SkillRate
    greedy: SkillRate | None
    mcts: SkillRate | None


def batch_seed(seed: int, purpose: str) -> int:
    return int.from_bytes(hashlib.sha256(f"{seed}:{purpose}".encode()).digest()[:4], "big")


def binomial_tail(wins: int, trials: int, chance: float) -> float:
    """``P(X ≥ wins)`` for ``X ~ Binomial(trials, chance)``, summed in log space.

    >>> round(binomial_tail(8, 10, 0.5), 4)
    0.0547
    """
    if wins <= 0:
        return 1.0
    if wins > trials:
        return 0.0
    if chance <= 0.0 or chance >= 1.0:
        return 0.0 if chance <= 0.0 else 1.0
    log_p, log_q = math.log(chance), math.log1p(-chance)
    base = math.lgamma(trials + 1)
    total = 0.0
    for k in range(wins, trials + 1):
        log_term = base - math.lgamma(k + 1) - math.lgamma(trials - k + 1) + k * log_p + (trials - k) * log_q
        total += math.exp(log_term)
    return min(1.0, total)


def side_count(genome: GameGenome) -> int:
    return len(genome.teams) if genome.team_mode else genome.player_count


def side_seats(genome: GameGenome, side: int) -> tuple[int, ...]:
    """The seats that play for ``side`` (a team's members, or the seat itself)."""
    return tuple(genome.teams[side]) if genome.team_mode else (side,)


def _side_wins(genome: GameGenome, rows: Int64Array, side: int) -> tuple[int, int]:
    """(wins of ``side``, decided games) in the stats ``rows``."""
    column = B.STAT_WINNING_TEAM if genome.team_mode else B.STAT_WINNER
    winners = rows[:, column]
    return int((winners == side).sum()), int((winners >= 0).sum())


def rate_of(agent: str, games: int, wins: int, decided: int, sides: int) -> SkillRate:
    chance = 1.0 / sides
    low, high = wilson_interval(wins, decided)
    rate = wins / decided if decided else 0.0
    return SkillRate(
        agent, games, decided, wins, rate, low, high, chance, binomial_tail(wins, decided, chance)
    )


def skill_above_chance(rate: float, sides: int) -> float:
    chance = 1.0 / sides
    return min(1.0, max(0.0, (rate - chance) / (1.0 - chance)))


def skilled_rate(
    genome: GameGenome, agent: str, games: int, seed: int, iterations: int, workers: int
) -> SkillRate:
    """``agent`` (greedy or mcts) on each side in turn against random players (module rules)."""
    sides = side_count(genome)
    params = default_params(iterations, DEFAULT_UCB, 0, DEFAULT_DEPTH)
    wins = decided = 0
    for side in range(sides):
        count = games // sides + (1 if side < games % sides else 0)
        if count == 0:
            continue
        agents = ["random"] * genome.player_count
        for seat in side_seats(genome, side):
            agents[seat] = agent
        chunk = max(1, min(SKILL_CHUNK_GAMES, count // max(1, workers)))
        rows = simulate_rows(
            genome,
            count,
            agents,
            batch_seed(seed, f"{agent}:{side}"),
            workers,
            mcts_params=params,
            chunk_games=chunk,
        )
        won, done = _side_wins(genome, rows, side)
        wins += won
        decided += done
    return rate_of(agent, games, wins, decided, sides)


def evaluate_skill(
    genome: GameGenome, games: int, seed: int, iterations: int = 100, workers: int = 1
) -> SkillReport:
    """Greedy and MCTS against random players, and the first player's edge (module docstring)."""
    if games < 1:
        raise DarwinDeckError(f"games: must be at least 1, got {games}")
    if iterations < 1:
        raise DarwinDeckError(f"iterations: must be at least 1, got {iterations}")
    sides = side_count(genome)
    rows = simulate_rows(genome, games, ["random"], batch_seed(seed, "random"), workers)
    stats = summarise(genome, rows)
    first_side = 0 if not genome.team_mode else next(k for k in range(sides) if 0 in genome.teams[k])
    won, decided = _side_wins(genome, rows, first_side)
    first = rate_of("random (seat 0)", games, won, decided, sides)
    has_decisions = stats.forced_fraction < 1.0
    greedy = mcts = None
    skill = 0.0
    if has_decisions:
        greedy = skilled_rate(genome, "greedy", games, seed, iterations, workers)
        mcts = skilled_rate(genome, "mcts", games, seed, iterations, workers)
        skill = skill_above_chance(mcts.rate, sides)
    return SkillReport(
        game=genome.name,
        players=genome.player_count,
        sides=sides,
        games=games,
        iterations=iterations,
        seed=seed,
        forced_fraction=stats.forced_fraction,
        has_decisions=has_decisions,
        skill=skill,
        first_player_advantage=first.rate - first.chance if decided else 0.0,
        first_player=first,
        greedy=greedy,
        mcts=mcts,
    )


def mcts_skill(genome: GameGenome, seed: int) -> float:
    """The fitness hook: MCTS-100 against random players over 20 games, as skill above chance."""
    rate = skilled_rate(genome, "mcts", MCTS_SKILL_GAMES, seed, MCTS_SKILL_ITERATIONS, 1)
    return skill_above_chance(rate.rate, side_count(genome))

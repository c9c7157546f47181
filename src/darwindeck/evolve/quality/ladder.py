"""The skill ladder: does better play win more, rung after rung? And how much does the deal decide?

**Ladder.** The rungs are ``random → greedy → MCTS-25 → MCTS-100 → MCTS-400`` (``LADDER``; the MCTS is
the competent configuration of ``quality.play``). The perfect-information Monte Carlo ladder
(``PIMC_LADDER``, ``search="pimc"``) climbs ``random → greedy → PIMC-8 → PIMC-16 → PIMC-32`` instead
(worlds per card play, ``quality.play.pimc``). A rung is a *duplicate match* between its weaker and
its stronger policy: ``deals`` deals, each played once per side with the stronger policy taking that side
(every seat of it) and the weaker policy every other seat. Game ``d`` of every replay is dealt from the
same seed, so each deal is played with the strong policy in every position (duplicate bridge). The
strong side's *rate* is its wins over the decided replays; the rung is *significant* when the exact
one-sided binomial test of "the strong side wins with the chance share 1/S" gives p < ``ALPHA`` (0.05).
A game's **skill depth** is the number of consecutive significant rungs from the bottom: War 0 (no
decisions), a game where greedy beats random but search does not beat greedy 1, and so on.

**Luck and skill from duplicate deals.** Each replay of a deal is won by one *hand* (the side whose seats
hold the cards that won) or drawn. Model every decided replay as settled by one of three causes: the
deal (its favoured hand wins, probability ``L``), play (the strong side wins, ``K``), or neither (a
uniformly random side wins, ``N = 1 − L − K``). Then, with S sides and the strong policy rotated:

* the strong side's rate ``w = K + (1 − K)/S``, so ``K = (w − 1/S) / (1 − 1/S)``;
* two replays of one deal with the strong policy on different sides are won by the same hand with
  probability ``P = L²(1 − 1/S) + (1 − K²)/S``, so ``L = sqrt((P − (1 − K²)/S) / (1 − 1/S))``.

``skill`` = K and ``luck`` = L are estimated from the measured w and P (each clamped to [0, 1], L to at
most 1 − K); pure chance gives L = 1 (one hand always wins), pure skill K = 1, L = 0. The game's *luck
share* is the L of its greedy → MCTS-25 rung (two competent players: what the cards decide between
them), or of the first rung when the game stops there, and 1 for a game without decisions.

**Hidden information** (``hidden_information``): the same duplicate match between an MCTS player and
one of equal budget that searches the true state (it sees every card); the value is that player's K.
Near 0 the hidden cards are decoration; near 1 the game is guesswork without them.

**Cost.** A rung with MCTS costs about (meaningful decisions per game) × (searching seats / players) ×
iterations × replays MCTS iterations; ``measure_ladder`` skips a rung whose projected cost (from the
previous rung's game lengths) exceeds ``budget`` iterations and records it as over budget, so an
evaluation's cost is bounded and deterministic (it counts game results, not seconds).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from darwindeck.evolve.quality.play import (
    GREEDY,
    RANDOM,
    Games,
    Policy,
    batch_seed,
    mcts,
    pimc,
    play,
    side_count,
    strong_seating,
)
from darwindeck.genome.schema import GameGenome
from darwindeck.stats import binomial_tail, wilson_interval

ALPHA = 0.05
#: The ladder's policies, weakest first; rung k pits LADDER[k] against LADDER[k + 1].
LADDER: tuple[Policy, ...] = (RANDOM, GREEDY, mcts(25), mcts(100), mcts(400))
#: The perfect-information Monte Carlo ladder (worlds per card play).
PIMC_LADDER: tuple[Policy, ...] = (RANDOM, GREEDY, pimc(8), pimc(16), pimc(32))
LADDERS: dict[str, tuple[Policy, ...]] = {"mcts": LADDER, "pimc": PIMC_LADDER}
#: The rung whose luck share describes the game (greedy → MCTS-25).
LUCK_RUNG = 1


def clamp(value: float, low: float = 0.0, high: float = 1.0) -> float:
    return min(high, max(low, value))


@dataclass(frozen=True)
class Rung:
    """A duplicate match: ``strong`` against ``weak`` over ``deals`` deals, once per side each."""

    weak: str
    strong: str
    sides: int
    deals: int
    replays: int
    decided: int
    wins: int
    same_hand_pairs: int
    pairs: int
    mcts_iterations: float
    meaningful_decisions: float

    @property
    def chance(self) -> float:
        return 1.0 / self.sides

    @property
    def rate(self) -> float:
        return self.wins / self.decided if self.decided else 0.0

    @property
    def interval(self) -> tuple[float, float]:
        return wilson_interval(self.wins, self.decided)

    @property
    def p_value(self) -> float:
        return binomial_tail(self.wins, self.decided, self.chance)

    @property
    def significant(self) -> bool:
        return self.decided > 0 and self.p_value < ALPHA

    @property
    def skill(self) -> float:
        """K: the share of decided replays that play decided (module docstring)."""
        return clamp((self.rate - self.chance) / (1.0 - self.chance)) if self.decided else 0.0

    @property
    def same_hand(self) -> float:
        """P: how often two replays of a deal were won by the same hand."""
        return self.same_hand_pairs / self.pairs if self.pairs else 0.0

    @property
    def luck(self) -> float:
        """L: the share of decided replays that the deal decided (module docstring)."""
        if not self.pairs:
            return 0.0
        k = self.skill
        squared = (self.same_hand - (1.0 - k * k) / self.sides) / (1.0 - self.chance)
        return clamp(math.sqrt(max(0.0, squared)), 0.0, 1.0 - k)


def _searching_iterations(games: Games, policies: Sequence[Policy]) -> float:
    """MCTS iterations the searching seats spent on meaningful decisions (their share of them)."""
    players = len(policies)
    per_seat = float(games.meaningful_decisions.sum()) / players
    return per_seat * sum(policy.iterations for policy in policies if policy.kind == "mcts")


def duplicate_games(
    genome: GameGenome, strong: Policy, weak: Policy, deals: int, seed: int, start: int = 0
) -> tuple[Games, ...]:
    """Every replay of a duplicate match: entry ``side`` holds the ``deals`` games (from deal ``start``)
    with ``strong`` on that side (module docstring); game ``d`` of every entry is dealt alike."""
    return tuple(
        play(genome, strong_seating(genome, side, strong, weak), deals, seed, start)
        for side in range(side_count(genome))
    )


def rung_of(genome: GameGenome, strong: Policy, weak: Policy, replays: Sequence[Games]) -> Rung:
    """The rung measured by the replays of a duplicate match (``duplicate_games``, or a subset of its
    deals taken alike from every side)."""
    sides = side_count(genome)
    deals = replays[0].count
    winners = np.stack([games.winners for games in replays])
    wins = sum(int((games.winners == side).sum()) for side, games in enumerate(replays))
    seatings = [strong_seating(genome, side, strong, weak) for side in range(sides)]
    iterations = sum(
        _searching_iterations(games, seats) for games, seats in zip(replays, seatings, strict=True)
    )
    meaningful = sum(float(games.meaningful_decisions.sum()) for games in replays)
    same = pairs = 0
    for first in range(sides):
        for second in range(first + 1, sides):
            both = (winners[first] >= 0) & (winners[second] >= 0)
            pairs += int(both.sum())
            same += int((both & (winners[first] == winners[second])).sum())
    total = deals * sides
    decided = sum(games.decided for games in replays)
    return Rung(
        weak.name,
        strong.name,
        sides,
        deals,
        total,
        decided,
        wins,
        same,
        pairs,
        iterations,
        meaningful / total if total else 0.0,
    )


def duplicate_match(genome: GameGenome, strong: Policy, weak: Policy, deals: int, seed: int) -> Rung:
    """``strong`` against ``weak`` on ``deals`` deals, each played once per side (module docstring)."""
    return rung_of(genome, strong, weak, duplicate_games(genome, strong, weak, deals, seed))


@dataclass(frozen=True)
class Ladder:
    """The rungs measured, bottom first; ``over_budget`` names a rung skipped for its cost."""

    rungs: tuple[Rung, ...]
    has_decisions: bool
    over_budget: str | None = None

    @property
    def depth(self) -> int:
        """Consecutive significant rungs from the bottom."""
        depth = 0
        for rung in self.rungs:
            if not rung.significant:
                break
            depth += 1
        return depth

    @property
    def luck(self) -> float:
        """The game's luck share (module docstring): 1 without decisions."""
        if not self.has_decisions or not self.rungs:
            return 1.0
        return self.rungs[min(LUCK_RUNG, len(self.rungs) - 1)].luck

    @property
    def mcts_iterations(self) -> float:
        return sum(rung.mcts_iterations for rung in self.rungs)


def rung_cost(
    genome: GameGenome, weak: Policy, strong: Policy, deals: int, decisions_per_game: float
) -> float:
    """The MCTS iterations a rung is projected to spend: meaningful decisions per game × replays × the
    seats' mean iterations per decision."""
    sides = side_count(genome)
    strong_seats = genome.player_count / sides
    per_decision = strong_seats * strong.iterations + (genome.player_count - strong_seats) * weak.iterations
    return decisions_per_game * deals * sides * per_decision / genome.player_count


def measure_ladder(
    genome: GameGenome,
    seed: int,
    deals: int,
    top: int = len(LADDER) - 1,
    budget: float = math.inf,
    has_decisions: bool = True,
    stop_early: bool = True,
    search: str = "mcts",
) -> Ladder:
    """The rungs 0..``top``-1 of the ladder ``LADDERS[search]`` on ``deals`` deals each; with
    ``stop_early`` the climb stops at the first rung that is not significant (depth is then known). A
    rung whose projected MCTS cost exceeds ``budget`` iterations is skipped (``over_budget``)."""
    if not has_decisions:
        return Ladder((), False)
    ladder = LADDERS[search]
    rungs: list[Rung] = []
    for k in range(top):
        weak, strong = ladder[k], ladder[k + 1]
        if rungs and rung_cost(genome, weak, strong, deals, rungs[-1].meaningful_decisions) > budget:
            return Ladder(tuple(rungs), True, f"{weak.name} → {strong.name}")
        rung = duplicate_match(genome, strong, weak, deals, batch_seed(seed, f"ladder:{k}"))
        rungs.append(rung)
        if stop_early and not rung.significant:
            break
    return Ladder(tuple(rungs), True)


def hidden_information(genome: GameGenome, seed: int, deals: int, iterations: int = 25) -> Rung:
    """MCTS that sees every card against MCTS of equal budget that does not (module docstring)."""
    return duplicate_match(
        genome, mcts(iterations, sees_all=True), mcts(iterations), deals, batch_seed(seed, "hidden")
    )

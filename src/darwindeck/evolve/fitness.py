"""Fitness: how good a genome is as a game, measured by playing it (``evaluate_fitness``).

``evaluate_fitness(genome, settings, seed)`` reads only ``settings.style`` and
``settings.games_per_genome`` (G) of the settings, which ``ga.FITNESS_FIELDS`` covers. It plays:

1. *random self-play*: G games, every seat ``random``, engine seed ``batch_seed(seed, "random")``;
2. *greedy vs random*: G games in all, seat-rotated: the greedy player sits in seat k for
   ``G // N + (1 if k < G % N else 0)`` games (N players; seats with no games are skipped), engine seed
   ``batch_seed(seed, f"greedy:{k}")``.

``batch_seed(seed, purpose)`` is the first 4 bytes (big-endian) of SHA-256 of ``"{seed}:{purpose}"``, so
the result is a function of (genome, style, G, seed) only.

**Playability gate.** The total is 0 and ``gate_reason`` says why when the engine cannot run the genome
(it raises a ``DarwinDeckError``), or when in random self-play, or in the greedy runs pooled, the share
of games ending in an engine error exceeds ``MAX_ERROR_RATE`` (0: any error), in a draw (no winner,
including turn-limit endings) exceeds ``MAX_DRAW_RATE`` (0.4), or at the step budget exceeds
``MAX_TIMEOUT_RATE`` (0.05); or when random self-play has fewer than ``MIN_MEANINGFUL_DECISIONS`` (3)
meaningful decisions (more than one legal move) per game. Greedy runs are played only after random
self-play passed.

**Score.** ``weighted_sum`` = Σ weight × metric over the style's weight table (``styles``) and the metrics
of ``metrics`` (each in [0, 1]); then

``total = weighted_sum × coherence_factor × novelty_factor``

* *coherence* (seed 001's table, multiplicative, each recorded as ``penalty.<name>`` = its factor):
  a WAR tableau with an ``empty_hand`` win ×0.7, MATCH_RANK with ``capture_all`` ×0.8, SEQUENCE with
  ``capture_all`` ×0.7.
* *novelty*: d = ``novelty.novelty`` distance to the nearest library game (reported as
  ``novelty_library_distance``); ``novelty_factor = 0.1 + 0.9 × min(1, d / 0.15)``, so a library game,
  or a relabelled copy of one (d = 0), keeps a tenth of its score and cannot win a run, while a game at
  0.15 or more from every library game keeps all of it. The distance to the rest of the population is
  not part of the total: a fitness sees one genome (and the GA caches it by identity), so a
  population-relative term would change with the population the cache does not know.

**Skill.** The greedy player's skill (``greedy_skill``) is the ``skill`` metric unless the caller passes
``mcts_skill`` (a function ``(genome, seed) -> float`` in [0, 1], e.g. MCTS-vs-random on the same
scale); then that value is the ``skill`` metric and both are reported.

The breakdown holds every metric, every weight (``weight.<metric>``), ``weighted_sum``, the measured
numbers behind them (rates, shares, decisions, turns), the coherence and novelty factors and penalties.
Results are deterministic: the same genome, settings and seed give the same result, bit for bit.
"""

from __future__ import annotations

import functools
import hashlib
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field

from darwindeck.engine.simulate import BatchStats, simulate
from darwindeck.errors import DarwinDeckError
from darwindeck.evolve.ga import EvolutionSettings
from darwindeck.evolve.metrics import (
    GreedyRun,
    first_player_advantage,
    greedy_share,
    meaningful_decisions,
    measure,
    side_count,
    skill_above_chance,
)
from darwindeck.evolve.novelty import Novelty, novelty
from darwindeck.evolve.styles import style_weights
from darwindeck.genome.library import all_games
from darwindeck.genome.schema import GameGenome, TableauMode, WinType

SkillHook = Callable[[GameGenome, int], float]
"""``mcts_skill(genome, seed) -> skill in [0, 1]``: a stronger skill evaluation to use instead of greedy."""

MAX_ERROR_RATE = 0.0
MAX_DRAW_RATE = 0.4
MAX_TIMEOUT_RATE = 0.05
MIN_MEANINGFUL_DECISIONS = 3.0

NOVELTY_FLOOR = 0.1
NOVELTY_FULL_DISTANCE = 0.15


@dataclass(frozen=True)
class CoherenceRule:
    """Seed 001: a tableau mode that fits badly with a win type costs a share of the fitness."""

    name: str
    mode: TableauMode
    win: WinType
    factor: float


COHERENCE_RULES = (
    CoherenceRule("war_with_empty_hand", TableauMode.WAR, WinType.EMPTY_HAND, 0.7),
    CoherenceRule("match_rank_with_capture_all", TableauMode.MATCH_RANK, WinType.CAPTURE_ALL, 0.8),
    CoherenceRule("sequence_with_capture_all", TableauMode.SEQUENCE, WinType.CAPTURE_ALL, 0.7),
)


@dataclass(frozen=True)
class Penalty:
    """A multiplicative penalty applied to a genome's score, with its reason."""

    name: str
    factor: float
    reason: str


@dataclass(frozen=True)
class FitnessResult:
    """A genome's fitness: the total, every part of it, and why a gate or penalty applied."""

    total: float
    breakdown: dict[str, float] = field(default_factory=dict)
    gate_reason: str | None = None
    penalties: tuple[Penalty, ...] = ()
    nearest_library_game: str = ""


def batch_seed(seed: int, purpose: str) -> int:
    """The engine seed of one batch of an evaluation (see the module docstring)."""
    return int.from_bytes(hashlib.sha256(f"{seed}:{purpose}".encode()).digest()[:4], "big")


def coherence_penalties(genome: GameGenome) -> tuple[Penalty, ...]:
    """Seed 001's coherence penalties that apply to ``genome``, in table order."""
    mode = genome.setup.tableau_mode
    wins = {condition.type for condition in genome.win_conditions}
    return tuple(
        Penalty(
            rule.name,
            rule.factor,
            f"{rule.mode.value} tableau with the {rule.win.value} win condition: ×{rule.factor:g} (seed 001)",
        )
        for rule in COHERENCE_RULES
        if mode is rule.mode and rule.win in wins
    )


@functools.cache
def _library() -> Mapping[str, GameGenome]:
    return all_games()


def library_novelty(genome: GameGenome) -> Novelty:
    """The nearest library game and its distance (no population)."""
    return novelty(genome, _library(), ())


def novelty_factor(distance: float) -> float:
    """``0.1 + 0.9 × min(1, distance / 0.15)``."""
    return NOVELTY_FLOOR + (1.0 - NOVELTY_FLOOR) * min(1.0, distance / NOVELTY_FULL_DISTANCE)


# ------------------------------------------------------------------------------------------------ gate


@dataclass(frozen=True)
class _Outcomes:
    """Game endings counted over one or more batches."""

    games: int
    errors: int
    draws: int
    timeouts: int

    @classmethod
    def of(cls, batches: Sequence[BatchStats]) -> _Outcomes:
        return cls(
            sum(b.games for b in batches),
            sum(b.errors for b in batches),
            sum(b.draws for b in batches),
            sum(b.timeouts for b in batches),
        )

    def rates(self) -> dict[str, float]:
        return {
            "error_rate": self.errors / self.games,
            "draw_rate": self.draws / self.games,
            "timeout_rate": self.timeouts / self.games,
        }


_LIMITS = {"error_rate": MAX_ERROR_RATE, "draw_rate": MAX_DRAW_RATE, "timeout_rate": MAX_TIMEOUT_RATE}


def gate_reason(outcomes: Mapping[str, float], label: str) -> str | None:
    """Why the rates of ``outcomes`` (``error_rate``, ``draw_rate``, ``timeout_rate``) fail the gate."""
    for name, limit in _LIMITS.items():
        if outcomes[name] > limit:
            words = name.replace("_", " ")
            return f"{label}: {words} {outcomes[name]:.2f} above the limit {limit:.2f}"
    return None


def decisions_reason(meaningful: float) -> str | None:
    """Why too few meaningful decisions per game fail the gate."""
    if meaningful < MIN_MEANINGFUL_DECISIONS:
        return (
            f"random self-play: {meaningful:.2f} meaningful decisions per game, fewer than "
            f"{MIN_MEANINGFUL_DECISIONS:g}"
        )
    return None


# ------------------------------------------------------------------------------------------------- play


def _greedy_runs(genome: GameGenome, games: int, seed: int) -> list[GreedyRun]:
    players = genome.player_count
    runs = []
    for seat in range(players):
        count = games // players + (1 if seat < games % players else 0)
        if count:
            agents = ["random"] * players
            agents[seat] = "greedy"
            stats = simulate(genome, games=count, agents=agents, seed=batch_seed(seed, f"greedy:{seat}"))
            runs.append(GreedyRun(seat, stats))
    return runs


@dataclass
class _Scoring:
    """What an evaluation knows so far: the breakdown and penalties, and the factors of the total."""

    genome: GameGenome
    breakdown: dict[str, float]
    penalties: tuple[Penalty, ...]
    nearest: str

    def gated(self, reason: str) -> FitnessResult:
        return FitnessResult(0.0, self.breakdown, reason, self.penalties, self.nearest)

    def scored(self, weighted_sum: float) -> FitnessResult:
        total = weighted_sum * self.breakdown["coherence_factor"] * self.breakdown["novelty_factor"]
        self.breakdown["weighted_sum"] = weighted_sum
        return FitnessResult(total, self.breakdown, None, self.penalties, self.nearest)


def _start(genome: GameGenome) -> _Scoring:
    """The parts known without playing: novelty and coherence."""
    found = library_novelty(genome)
    penalties = coherence_penalties(genome)
    coherence = 1.0
    breakdown = {
        "novelty_library_distance": found.library_distance,
        "novelty_factor": novelty_factor(found.library_distance),
    }
    for penalty in penalties:
        coherence *= penalty.factor
        breakdown[f"penalty.{penalty.name}"] = penalty.factor
    breakdown["coherence_factor"] = coherence
    return _Scoring(genome, breakdown, penalties, found.nearest_library_game)


def evaluate_fitness(
    genome: GameGenome,
    settings: EvolutionSettings,
    seed: int,
    *,
    mcts_skill: SkillHook | None = None,
) -> FitnessResult:
    """The fitness of ``genome`` under ``settings.style`` from ``settings.games_per_genome`` games per
    kind of play; see the module docstring."""
    weights = style_weights(settings.style)
    games = settings.games_per_genome
    scoring = _start(genome)
    breakdown = scoring.breakdown
    try:
        self_play = simulate(genome, games=games, agents=("random",), seed=batch_seed(seed, "random"))
    except DarwinDeckError as error:
        message = " ".join(line.strip() for line in str(error).splitlines())
        return scoring.gated(f"the engine cannot run this game: {message}")
    rates = _Outcomes.of([self_play]).rates()
    breakdown.update(rates)
    breakdown["meaningful_decisions"] = meaningful_decisions(self_play)
    breakdown["avg_turns"] = self_play.avg_turns
    reason = gate_reason(rates, "random self-play") or decisions_reason(breakdown["meaningful_decisions"])
    if reason:
        return scoring.gated(reason)
    runs = _greedy_runs(genome, games, seed)
    greedy_rates = _Outcomes.of([run.stats for run in runs]).rates()
    breakdown.update({f"greedy_{name}": value for name, value in greedy_rates.items()})
    reason = gate_reason(greedy_rates, "greedy vs random")
    if reason:
        return scoring.gated(reason)
    share = greedy_share(runs, genome)
    breakdown["greedy_win_share"] = share
    breakdown["greedy_skill"] = skill_above_chance(share, side_count(genome))
    breakdown["first_player_advantage"] = first_player_advantage(self_play, genome)
    skill = breakdown["greedy_skill"]
    if mcts_skill is not None:
        skill = breakdown["mcts_skill"] = float(mcts_skill(genome, seed))
    metrics = measure(genome, self_play, skill).as_dict()
    breakdown.update(metrics)
    breakdown.update({f"weight.{name}": weight for name, weight in weights.items()})
    return scoring.scored(sum(weights[name] * value for name, value in metrics.items()))

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

``total = weighted_sum × coherence_factor × novelty_factor × length_factor``

* *coherence* (seed 001's table, multiplicative, each recorded as ``penalty.<name>`` = its factor):
  a WAR tableau with an ``empty_hand`` win ×0.7, MATCH_RANK with ``capture_all`` ×0.8, SEQUENCE with
  ``capture_all`` ×0.7; and one rule of this project's own, ``betting_without_showdown`` ×0.5: a betting
  phase in a game with no ``best_hand`` win condition. Only a showdown makes staying in or folding
  matter, and no win type counts chips, so there the chips decide nothing and a fold just sits out the
  hand. (The second recorded run's five leaders were Hearts variants with such a round: it earned
  ``betting_engagement``, folds counting as interaction, and added nothing to play; removing it from
  the leader left its MCTS and greedy win rates against random players at 1.0.)
* *length* (``length_penalty``): a game should take 10–200 decisions (``avg_decisions`` of random
  self-play, forced ones included); outside that band it keeps ``d / 10`` (below) or ``200 / d`` (above)
  of its score, recorded as ``penalty.decisions_per_game``. Without it the metrics saturate for
  degenerate marathons: ``decision_density`` is clamped at 1 however many choices a turn holds, and
  ``session_length`` counts turns, so a game of 130 turns and 800 decisions scored like a tight one
  (in the first recorded experiment the five leaders took 390–950 meaningful decisions per game).
* *novelty*: d = ``novelty.novelty`` distance of the live genome (``metrics.live_genome``: without
  special effects that can never fire; ``inert_effects`` counts those dropped) to the nearest library
  game (reported as ``novelty_library_distance``); ``novelty_factor = 0.1 + 0.9 × min(1, d / 0.15)``,
  so a library game, or a relabelled copy of one (d = 0), keeps a tenth of its score and cannot win a
  run, while a game at 0.15 or more from every library game keeps all of it. The distance to the rest
  of the population is not part of the total: a fitness sees one genome (and the GA caches it by
  identity), so a population-relative term would change with the population the cache does not know.

**Skill.** The greedy player's skill (``greedy_skill``) is the ``skill`` metric unless the caller passes
``mcts_skill`` (a function ``(genome, seed)`` returning a skill in [0, 1], e.g. ``agents.skill.mcts_skill``,
or an ``MctsMeasurement``); then the breakdown carries the mark ``mcts`` = 1 (this evaluation took the
MCTS path, whatever came of it) and either the measured ``mcts_skill``, which becomes the ``skill``
metric, or, for a measurement stopped by its budget, ``mcts_over_budget`` = 1 and the greedy skill stays.

**MCTS measurement** (``measure_mcts_skill``, what the GA's MCTS step uses through
``evaluate_fitness_mcts``): ``settings.mcts_games`` games of MCTS with ``settings.mcts_iterations``
iterations (``agents.mcts`` defaults otherwise) against random players, the MCTS agent taking each side
in turn as in ``agents.skill`` (side k plays ``games // S + (1 if k < games % S else 0)`` games; in a
team game every seat of the side searches). Game j of side k is one engine game seeded
``batch_seed(seed, f"mcts:{k}:{j}")``. Skill = the MCTS side's share of the decided games, against
chance (``metrics.skill_above_chance``). *Budget*: every game's length is bounded by the engine's step
budget and every search by its iterations and rollout depth, so a measurement always ends; to bound its
*cost*, each game adds ``(decisions − forced decisions) × seats of the side / players × iterations``
(the searching side's share of the meaningful decisions, in MCTS iterations) and the measurement stops
after the game that takes the sum above ``MCTS_ITERATION_BUDGET`` (1,000,000: about 10 s of one core at
the measured ~1 ms per MCTS-100 decision). It is then *over budget*: no skill, ``mcts_over_budget`` = 1
with the iterations spent as ``mcts_cost`` and the games played as ``mcts_games_played``. Everything
counted is a game result, not a clock, so the outcome is deterministic.

The breakdown holds every metric, every weight (``weight.<metric>``), ``weighted_sum``, the measured
numbers behind them (rates, shares, decisions, turns), the coherence and novelty factors and penalties.
Results are deterministic: the same genome, settings and seed give the same result, bit for bit.
"""

from __future__ import annotations

import functools
import hashlib
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field

import numpy as np
import numpy.typing as npt

from darwindeck.agents.mcts import default_params
from darwindeck.engine import batch as B
from darwindeck.engine.simulate import BatchStats, simulate, simulate_rows
from darwindeck.errors import DarwinDeckError
from darwindeck.evolve.ga import EvolutionSettings
from darwindeck.evolve.metrics import (
    GreedyRun,
    first_player_advantage,
    greedy_share,
    live_genome,
    meaningful_decisions,
    measure,
    side_count,
    skill_above_chance,
)
from darwindeck.evolve.novelty import Novelty, novelty
from darwindeck.evolve.styles import style_weights
from darwindeck.genome.library import all_games
from darwindeck.genome.phases import BettingPhase
from darwindeck.genome.schema import GameGenome, TableauMode, WinType

#: MCTS iterations one measurement may spend on meaningful decisions (see the module docstring).
MCTS_ITERATION_BUDGET = 1_000_000

Int64Array = npt.NDArray[np.int64]


@dataclass(frozen=True)
class MctsMeasurement:
    """An MCTS-vs-random measurement: the skill (``None`` when the budget stopped it), the MCTS
    iterations it spent on meaningful decisions, and the games it played."""

    skill: float | None
    cost: float
    games_played: int


SkillHook = Callable[[GameGenome, int], float | MctsMeasurement]
"""``mcts_skill(genome, seed)``: a stronger skill evaluation (a skill in [0, 1], or a measurement)."""

MAX_ERROR_RATE = 0.0
MAX_DRAW_RATE = 0.4
MAX_TIMEOUT_RATE = 0.05
MIN_MEANINGFUL_DECISIONS = 3.0

#: Decisions per game (random self-play) a game should take; outside, the length penalty applies.
DECISION_BAND = (10.0, 200.0)

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


BETTING_WITHOUT_SHOWDOWN = Penalty(
    "betting_without_showdown",
    0.5,
    "betting phase without a best_hand win condition: the chips decide nothing and folding only sits out "
    "the hand: ×0.5",
)


def coherence_penalties(genome: GameGenome) -> tuple[Penalty, ...]:
    """Seed 001's coherence penalties that apply to ``genome``, in table order, then
    ``BETTING_WITHOUT_SHOWDOWN`` when it applies (module docstring)."""
    mode = genome.setup.tableau_mode
    wins = {condition.type for condition in genome.win_conditions}
    betting = any(isinstance(phase, BettingPhase) for phase in genome.phases)
    stakeless = (BETTING_WITHOUT_SHOWDOWN,) if betting and WinType.BEST_HAND not in wins else ()
    seed_rules = tuple(
        Penalty(
            rule.name,
            rule.factor,
            f"{rule.mode.value} tableau with the {rule.win.value} win condition: ×{rule.factor:g} (seed 001)",
        )
        for rule in COHERENCE_RULES
        if mode is rule.mode and rule.win in wins
    )
    return seed_rules + stakeless


def length_penalty(avg_decisions: float) -> Penalty | None:
    """The length penalty of a game taking ``avg_decisions`` decisions per game (module docstring)."""
    low, high = DECISION_BAND
    if avg_decisions > high:
        factor, side = high / avg_decisions, f"above {high:g}"
    elif avg_decisions < low:
        factor, side = avg_decisions / low, f"below {low:g}"
    else:
        return None
    return Penalty(
        "decisions_per_game",
        factor,
        f"{avg_decisions:.1f} decisions per game in random self-play, {side}: ×{factor:g}",
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

    def scored(self, weighted_sum: float, avg_decisions: float) -> FitnessResult:
        total = weighted_sum * self.breakdown["coherence_factor"] * self.breakdown["novelty_factor"]
        length = length_penalty(avg_decisions)
        if length is not None:
            total *= length.factor
            self.breakdown[f"penalty.{length.name}"] = length.factor
            self.penalties = (*self.penalties, length)
        self.breakdown["weighted_sum"] = weighted_sum
        return FitnessResult(total, self.breakdown, None, self.penalties, self.nearest)


def _start(genome: GameGenome) -> _Scoring:
    """The parts known without playing: novelty (of the live genome) and coherence."""
    live = live_genome(genome)
    found = library_novelty(live)
    penalties = coherence_penalties(genome)
    coherence = 1.0
    breakdown = {
        "novelty_library_distance": found.library_distance,
        "novelty_factor": novelty_factor(found.library_distance),
        "inert_effects": float(len(genome.special_effects) - len(live.special_effects)),
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
    if mcts_skill is not None:
        breakdown["mcts"] = 1.0
    try:
        self_play = simulate(genome, games=games, agents=("random",), seed=batch_seed(seed, "random"))
    except DarwinDeckError as error:
        message = " ".join(line.strip() for line in str(error).splitlines())
        return scoring.gated(f"the engine cannot run this game: {message}")
    rates = _Outcomes.of([self_play]).rates()
    breakdown.update(rates)
    breakdown["meaningful_decisions"] = meaningful_decisions(self_play)
    breakdown["avg_turns"] = self_play.avg_turns
    breakdown["avg_decisions"] = self_play.avg_decisions
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
        skill = _record_mcts(breakdown, mcts_skill(genome, seed), skill)
    metrics = measure(genome, self_play, skill).as_dict()
    breakdown.update(metrics)
    breakdown.update({f"weight.{name}": weight for name, weight in weights.items()})
    weighted_sum = sum(weights[name] * value for name, value in metrics.items())
    return scoring.scored(weighted_sum, self_play.avg_decisions)


# ------------------------------------------------------------------------------------------------- MCTS


def _record_mcts(breakdown: dict[str, float], measured: float | MctsMeasurement, greedy: float) -> float:
    """Put an MCTS result in the breakdown; the skill metric to use (greedy when over budget)."""
    if not isinstance(measured, MctsMeasurement):
        breakdown["mcts_skill"] = float(measured)
        return breakdown["mcts_skill"]
    breakdown["mcts_cost"] = measured.cost
    breakdown["mcts_games_played"] = float(measured.games_played)
    if measured.skill is None:
        breakdown["mcts_over_budget"] = 1.0
        return greedy
    breakdown["mcts_skill"] = measured.skill
    return measured.skill


def _searched_iterations(rows: Int64Array, genome: GameGenome, seats: int, iterations: int) -> float:
    """The searching side's share of the meaningful decisions of ``rows``, in MCTS iterations."""
    meaningful = int(rows[:, B.STAT_DECISIONS].sum() - rows[:, B.STAT_FORCED].sum())
    return meaningful * seats / genome.player_count * iterations


def measure_mcts_skill(
    genome: GameGenome, seed: int, games: int, iterations: int, budget: float = MCTS_ITERATION_BUDGET
) -> MctsMeasurement:
    """MCTS against random players within an iteration budget (see the module docstring)."""
    sides = side_count(genome)
    params = default_params(iterations)
    column = B.STAT_WINNING_TEAM if genome.team_mode else B.STAT_WINNER
    wins = decided = played = 0
    cost = 0.0
    for side in range(sides):
        seats = tuple(genome.teams[side]) if genome.team_mode else (side,)
        agents = ["mcts" if seat in seats else "random" for seat in range(genome.player_count)]
        for game in range(games // sides + (1 if side < games % sides else 0)):
            rows = simulate_rows(
                genome, 1, agents, batch_seed(seed, f"mcts:{side}:{game}"), 1, mcts_params=params
            )
            played += 1
            cost += _searched_iterations(rows, genome, len(seats), iterations)
            if cost > budget:
                return MctsMeasurement(None, cost, played)
            winner = int(rows[0, column])
            wins += int(winner == side)
            decided += int(winner >= 0)
    share = wins / decided if decided else 0.0
    return MctsMeasurement(skill_above_chance(share, sides), cost, played)


def evaluate_fitness_mcts(genome: GameGenome, settings: EvolutionSettings, seed: int) -> FitnessResult:
    """``evaluate_fitness`` with the budgeted MCTS measurement of ``settings.mcts_games`` games of
    MCTS-``settings.mcts_iterations`` as the skill: the re-scoring of the GA's MCTS step."""
    hook = functools.partial(
        measure_mcts_skill, games=settings.mcts_games, iterations=settings.mcts_iterations
    )
    return evaluate_fitness(genome, settings, seed, mcts_skill=hook)

"""Evolution settings: everything a run is configured by (the seed apart), and the names they use.

* ``EvolutionSettings`` is checked on construction: a bad value raises ``DarwinDeckError`` naming the
  setting, the rule and the value (``evolution setting population: must be a whole number ≥ 2, got 1``).
  ``to_dict`` / ``from_dict`` are its JSON form in the run store; unknown keys are refused. ``brief`` is a
  steered run's brief (``evolve.brief``) as JSON text, "" for none; a non-empty brief joins the fitness cache
  key (an empty one leaves the keys of unsteered runs as they were).
* ``STYLES`` are the fitness styles (the weight tables of ``evolve.styles``), in that order.
* ``FITNESS_FIELDS`` are the settings a genome's fitness depends on; with the run seed and the package
  version they make the evaluation cache key ``fitness_hash`` (SHA-256 of their sorted JSON).
* ``MCTS_MARK`` and ``JUDGING_COST`` are the breakdown entries the fitness writes and the GA reads: the
  mark of an evaluation re-scored by the judging step, and the rollout steps that step is projected to cost.

The module sits below ``ga``, ``fitness`` and ``styles`` and imports none of them, so those three no
longer import one another in a circle.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from darwindeck import __version__
from darwindeck.errors import DarwinDeckError

#: Fitness styles (weight tables of ``darwindeck.evolve.fitness``).
STYLES = ("balanced", "strategic", "party", "trick-taking", "bluffing")

#: Settings the fitness of a genome depends on; they (with the seed and version) make the cache key.
FITNESS_FIELDS = (
    "style",
    "min_players",
    "max_players",
    "games_per_genome",
    "mcts_top_fraction",
    "mcts_iterations",
    "mcts_games",
    "mcts_step_budget",
)
#: The breakdown mark of an evaluation re-scored by the MCTS step.
MCTS_MARK = "mcts"
#: The breakdown entry of the rollout steps a genome's judging is projected to spend (set by the fitness).
JUDGING_COST = "judging_cost"


def _setting_error(name: str, reason: str, value: object) -> DarwinDeckError:
    return DarwinDeckError(f"evolution setting {name}: {reason}, got {value!r}")


def _whole(name: str, value: object, low: int, high: int | None = None) -> None:
    if (
        isinstance(value, bool)
        or not isinstance(value, int)
        or value < low
        or (high is not None and value > high)
    ):
        bound = f"between {low} and {high}" if high is not None else f"≥ {low}"
        raise _setting_error(name, f"must be a whole number {bound}", value)


def _fraction(name: str, value: object, high: float = 1.0) -> None:
    if isinstance(value, bool) or not isinstance(value, int | float) or not 0.0 <= value <= high:
        raise _setting_error(name, f"must be a number between 0 and {high:g}", value)


@dataclass(frozen=True)
class EvolutionSettings:
    """Everything a run is configured by (the seed apart); checked on construction."""

    population: int = 100
    generations: int = 50
    style: str = "balanced"
    min_players: int = 2
    max_players: int = 4
    games_per_genome: int = 100
    elitism: int = 2
    tournament_size: int = 3
    crossover_rate: float = 0.7
    plateau_patience: int = 10
    hall_of_fame_size: int = 10
    diversity_threshold: float = 0.2
    diversity_sample: int = 30
    novelty_weight: float = 0.25
    mcts_top_fraction: float = 0.1
    mcts_iterations: int = 25
    mcts_games: int = 20
    mcts_step_budget: int = 20_000_000
    mcts_steps_per_member: int = 320_000
    archive_rate: float = 0.5
    #: The run's brief (``evolve.brief``) as canonical JSON; empty for an unsteered run.
    brief: str = ""

    def __post_init__(self) -> None:
        _whole("population", self.population, 2)
        _whole("generations", self.generations, 1)
        if self.style not in STYLES:
            raise _setting_error("style", f"must be one of {', '.join(STYLES)}", self.style)
        _whole("min_players", self.min_players, 2, 6)
        _whole("max_players", self.max_players, self.min_players, 6)
        _whole("games_per_genome", self.games_per_genome, 1)
        _whole("elitism", self.elitism, 0, self.population - 1)
        _whole("tournament_size", self.tournament_size, 1)
        _fraction("crossover_rate", self.crossover_rate)
        _whole("plateau_patience", self.plateau_patience, 1)
        _whole("hall_of_fame_size", self.hall_of_fame_size, 1)
        _fraction("diversity_threshold", self.diversity_threshold)
        _whole("diversity_sample", self.diversity_sample, 2)
        _fraction("novelty_weight", self.novelty_weight)
        _fraction("mcts_top_fraction", self.mcts_top_fraction)
        _whole("mcts_iterations", self.mcts_iterations, 1)
        _whole("mcts_games", self.mcts_games, 1)
        _whole("mcts_step_budget", self.mcts_step_budget, 1)
        _whole("mcts_steps_per_member", self.mcts_steps_per_member, 0)
        _fraction("archive_rate", self.archive_rate)
        if not isinstance(self.brief, str):
            raise _setting_error("brief", "must be the brief's JSON text", self.brief)

    def to_dict(self) -> dict[str, Any]:
        """The settings as JSON data (field name → value)."""
        return dataclasses.asdict(self)

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> EvolutionSettings:
        """Settings from ``to_dict`` data; unknown keys are refused, missing ones take the defaults."""
        known = {f.name for f in dataclasses.fields(cls)}
        unknown = sorted(set(data) - known)
        if unknown:
            raise DarwinDeckError(f"evolution settings: unknown setting(s) {', '.join(unknown)}")
        return cls(**data)

    def fitness_hash(self, seed: int, mcts: bool = False) -> str:
        """The evaluation cache key: SHA-256 of the fitness settings, the run seed and the version (and,
        for the MCTS step's re-scorings, ``mcts``: true)."""
        key: dict[str, Any] = {name: getattr(self, name) for name in FITNESS_FIELDS}
        key.update(seed=seed, version=__version__)
        if self.brief:
            key.update(brief=self.brief)
        if mcts:
            key.update(mcts=True)
        return hashlib.sha256(json.dumps(key, sort_keys=True).encode()).hexdigest()

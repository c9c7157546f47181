"""The games the web app offers: the classic library and the best games of every run in the store.

Keys: a library game is its slug (``hearts``); an evolved game is ``run-R-<first 12 hex digits of its
identity>``. For each run, the games offered are the ``RUN_GAMES`` best distinct identities of its last
completed generation (by their stored fitness: the judged evaluation where there is one, else the
screening), each with its fitness, skill depth and meaningful decisions per game from the breakdown.
Mechanics are the library's own list for a classic game and the mechanics family
(``evolve.quality.descriptors.family``) for an evolved one.
"""

from __future__ import annotations

from dataclasses import dataclass

from darwindeck.evolve.ga import EvolutionSettings
from darwindeck.evolve.quality.descriptors import family
from darwindeck.evolve.store import Evaluation, RunStore
from darwindeck.genome.library import GAME_INFO, get_game
from darwindeck.genome.schema import GameGenome
from darwindeck.genome.serialization import genome_identity

RUN_GAMES = 10


@dataclass(frozen=True)
class Entry:
    """One game of the gallery."""

    key: str
    name: str
    source: str
    genome: GameGenome
    mechanics: tuple[str, ...]
    fitness: float | None = None
    skill_depth: float | None = None
    decisions: float | None = None

    @property
    def players(self) -> int:
        return self.genome.player_count


def library_entries() -> list[Entry]:
    return [
        Entry(slug, get_game(slug).name, "library", get_game(slug), tuple(GAME_INFO[slug].mechanics))
        for slug in sorted(GAME_INFO)
    ]


def _evaluation(store: RunStore, identity: str, settings: EvolutionSettings, seed: int) -> Evaluation | None:
    judged = store.cached_evaluation(identity, settings.fitness_hash(seed, mcts=True))
    return judged or store.cached_evaluation(identity, settings.fitness_hash(seed))


def run_entries(store: RunStore) -> list[Entry]:
    """The best games of every run (module docstring)."""
    entries = []
    for run in store.list_runs():
        last = run.last_completed
        if last is None:
            continue
        settings = EvolutionSettings.from_dict(run.settings)
        scored: dict[str, tuple[float, GameGenome, Evaluation]] = {}
        for member in store.load_population(run.run_id, last):
            identity = genome_identity(member.genome)
            evaluation = _evaluation(store, identity, settings, run.seed)
            if evaluation is not None and evaluation.total > 0 and identity not in scored:
                scored[identity] = (evaluation.total, member.genome, evaluation)
        best = sorted(scored.items(), key=lambda item: -item[1][0])[:RUN_GAMES]
        for identity, (total, genome, evaluation) in best:
            b = evaluation.breakdown
            entries.append(
                Entry(
                    f"run-{run.run_id}-{identity[:12]}",
                    genome.name,
                    f"run {run.run_id}",
                    genome,
                    (family(genome),),
                    total,
                    b.get("skill_depth"),
                    b.get("meaningful_decisions"),
                )
            )
    return entries


def catalog(store: RunStore) -> dict[str, Entry]:
    """Every game on offer, by key."""
    return {entry.key: entry for entry in [*library_entries(), *run_entries(store)]}

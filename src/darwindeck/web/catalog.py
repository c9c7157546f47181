"""The games the web app offers: the classic library and the best games of every run in the store.

Keys: a library game is its slug (``hearts``); an evolved game is ``run-R-<first 12 hex digits of its
identity>``. For each run, the games offered are its gallery: the quality-diversity archive
(``evolve.archive``) rebuilt from the store, every genome of every completed generation offered in order
with its stored fitness (the judged evaluation where there is one, else the screening), so the best game
of every niche, each with its fitness, skill depth and meaningful decisions per game. Mechanics are the
library's own list for a classic game and the mechanics family (``evolve.quality.descriptors``) for an
evolved one.

Names: an evolved game is never listed under a library game's name. One whose genome identity is a
library game's (evolution seeds its population with the library) is that game, listed once, as the
library game; one that differs but kept a library name (a mutant keeps its parent's name) is listed as
``<name> variant <first 6 hex digits of its identity>``.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from darwindeck.evolve.archive import Archive, Elite
from darwindeck.evolve.settings import EvolutionSettings
from darwindeck.evolve.store import Evaluation, RunInfo, RunStore
from darwindeck.genome.identity import genome_identity
from darwindeck.genome.library import GAME_INFO, get_game
from darwindeck.genome.schema import GameGenome


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


@cache
def _library_identities() -> frozenset[str]:
    return frozenset(genome_identity(entry.genome) for entry in library_entries())


def _evaluation(store: RunStore, identity: str, settings: EvolutionSettings, seed: int) -> Evaluation | None:
    judged = store.cached_evaluation(identity, settings.fitness_hash(seed, mcts=True))
    return judged or store.cached_evaluation(identity, settings.fitness_hash(seed))


#: Rebuilt archives by (store URL, run, last completed generation): a run's gallery changes only when it
#: completes another generation.
_ARCHIVES: dict[tuple[str, int, int], list[Elite]] = {}


def run_gallery(store: RunStore, run: RunInfo) -> list[Elite]:
    """The run's quality-diversity archive rebuilt from the store: every genome of every completed
    generation offered (in order) with its stored evaluation, the judged one where there is one."""
    if run.last_completed is None:
        return []
    key = (store.url, run.run_id, run.last_completed)
    if key not in _ARCHIVES:
        settings = EvolutionSettings.from_dict(run.settings)
        archive = Archive.for_settings(settings)
        seen: set[str] = set()
        for index in range(run.last_completed + 1):
            for member in store.load_population(run.run_id, index):
                identity = genome_identity(member.genome)
                if identity in seen:
                    continue
                seen.add(identity)
                evaluation = _evaluation(store, identity, settings, run.seed)
                if evaluation is not None:
                    archive.offer(identity, member.genome, evaluation)
        _ARCHIVES[key] = archive.elites()
    return _ARCHIVES[key]


def run_entries(store: RunStore) -> list[Entry]:
    """The gallery of every run, named apart from the library (module docstring)."""
    library_names = {entry.name.casefold() for entry in library_entries()}
    entries = []
    for run in store.list_runs():
        for elite in run_gallery(store, run):
            if elite.identity in _library_identities():
                continue
            name = elite.genome.name
            if name.casefold() in library_names:
                name = f"{name} variant {elite.identity[:6]}"
            b = elite.evaluation.breakdown
            entries.append(
                Entry(
                    f"run-{run.run_id}-{elite.identity[:12]}",
                    name,
                    f"run {run.run_id}",
                    elite.genome,
                    (elite.descriptors.family,),
                    elite.evaluation.total,
                    b.get("skill_depth"),
                    b.get("meaningful_decisions"),
                )
            )
    return entries


def catalog(store: RunStore) -> dict[str, Entry]:
    """Every game on offer, by key."""
    return {entry.key: entry for entry in [*library_entries(), *run_entries(store)]}

"""The quality-diversity archive: the best game of every niche (MAP-Elites).

Rules:

* The archive has three *axes*, descriptors of ``quality.descriptors`` (``AXIS_BINS``); a genome's
  *niche* is its values on them (``Descriptors.cell``). Without a brief they are (mechanics family,
  players, length); a run's brief replaces each axis it fixes (``for_settings``: ``brief.niche_axes`` of
  the run's ``EvolutionSettings.brief``, ``quality.descriptors`` says by what and why), so a steered run
  keeps three axes of several bins each. Every elite carries the axes (``Elite.axes``), which the
  gallery's heat map is drawn on.
* ``offer(member, evaluation)``: a genome with a positive total enters its niche when the niche is
  empty or its total beats the elite's (a tie keeps the elite: the first comer stays). A genome whose
  fingerprint (``breakdown["fingerprint"]``: the games it plays) is already an elite's elsewhere does not
  enter a second niche: one game, one entry.
* ``refresh(fitness)``: an elite's total follows its current evaluation (the GA's judging re-scores the
  best candidates); an elite whose total fell to 0 leaves.
* ``choose(rng)``: a niche drawn uniformly over the occupied niches in sorted order, and its elite:
  every niche gets the same share of parents whatever its size, so one family cannot take the run.
* The archive is a function of its axes and the offers in order, and its axes of the run's stored
  settings, so a resumed run rebuilds it by offering the stored generations again.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Mapping
from dataclasses import dataclass, field

from darwindeck.evolve.quality.descriptors import DEFAULT_AXES, Axes, Descriptors, Niche, describe
from darwindeck.evolve.settings import EvolutionSettings
from darwindeck.evolve.store import Evaluation
from darwindeck.genome.schema import GameGenome


@dataclass(frozen=True)
class Elite:
    """The best game of one niche."""

    identity: str
    genome: GameGenome
    evaluation: Evaluation
    descriptors: Descriptors
    axes: Axes = DEFAULT_AXES

    @property
    def fingerprint(self) -> float | None:
        return self.evaluation.breakdown.get("fingerprint")

    @property
    def niche(self) -> Niche:
        """The elite's niche on the archive's axes."""
        return self.descriptors.cell(self.axes)


@dataclass
class Archive:
    """Niche → elite (module rules)."""

    axes: Axes = DEFAULT_AXES
    cells: dict[Niche, Elite] = field(default_factory=dict)

    @classmethod
    def for_settings(cls, settings: EvolutionSettings) -> Archive:
        """The archive of a run with ``settings``: the default axes, or those its brief leaves."""
        if not settings.brief:
            return cls()
        # Imported here: the brief reads the fitness, which loads the engine; an unsteered run need not.
        from darwindeck.evolve.brief import brief_of, niche_axes

        return cls(niche_axes(brief_of(settings)))

    def _holder_of(self, fingerprint: float | None) -> Niche | None:
        if fingerprint is None:
            return None
        return next((niche for niche, elite in self.cells.items() if elite.fingerprint == fingerprint), None)

    def offer(self, identity: str, genome: GameGenome, evaluation: Evaluation) -> bool:
        """Offer a scored genome; whether it entered."""
        if evaluation.total <= 0.0:
            return False
        descriptors = describe(genome, evaluation.breakdown)
        niche = descriptors.cell(self.axes)
        holder = self._holder_of(evaluation.breakdown.get("fingerprint"))
        if holder is not None and holder != niche:
            return False
        elite = self.cells.get(niche)
        if elite is not None and (elite.identity == identity or evaluation.total <= elite.evaluation.total):
            return False
        self.cells[niche] = Elite(identity, genome, evaluation, descriptors, self.axes)
        return True

    def refresh(self, fitness: Mapping[str, Evaluation]) -> None:
        """Elites take their current evaluation; those at 0 leave."""
        for niche, elite in list(self.cells.items()):
            current = fitness.get(elite.identity, elite.evaluation)
            if current.total <= 0.0:
                del self.cells[niche]
            else:
                self.cells[niche] = dataclasses.replace(elite, evaluation=current)

    def choose(self, rng: random.Random) -> Elite:
        """A uniformly drawn niche's elite (the archive must not be empty)."""
        return self.cells[rng.choice(sorted(self.cells))]

    def elites(self) -> list[Elite]:
        """Every elite, best first (ties: niche order)."""
        ranked = sorted(self.cells.items(), key=lambda item: (-item[1].evaluation.total, item[0]))
        return [elite for _, elite in ranked]

    def __len__(self) -> int:
        return len(self.cells)

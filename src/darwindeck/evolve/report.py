"""Run outputs: what an evolution leaves in its output folder (``write_run_outputs``).

For the top N genomes of the hall of fame (best first; rank r written as two digits, ``id`` the first 12
hex digits of the identity):

==========================  =============================================================================
file                        content
==========================  =============================================================================
``NN-<id>.json``            the genome (``serialization.save_genome``)
``NN-<id>.md``              its rulebook (``rulebook.render_markdown``)
``fitness.md``              a Markdown table: rank, name, identity, total, every weighted metric, the
                            novelty distance from the nearest library game, the coherence factor, and
                            notes: the gate reason, or the penalties applied and how far the game was
                            judged (``judged`` when the search rungs were measured, ``judged (MCTS over
                            budget)`` when the budget skipped some, nothing after the screening only)
``fitness.png``             best and mean fitness (left axis) and diversity (right axis) per generation
``ratings.md``              (``write_ratings``, when people rated games of the run in the browser) each
                            rated game's mean stars and number of ratings next to its measured fitness
``ratings.png``             mean stars against fitness, one point per rated game (from 3 rated games)
==========================  =============================================================================

Every file is written atomically (a temporary file renamed over the target), so a crash leaves either
the previous file or the new one. The plot is drawn with matplotlib's Agg canvas on a ``Figure`` of its
own (no pyplot state), so it works without a display.
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure

from darwindeck.evolve.ga import GenerationStats, HallOfFameEntry, RunResult
from darwindeck.evolve.styles import METRIC_NAMES
from darwindeck.fileio import write_atomic
from darwindeck.genome.serialization import save_genome
from darwindeck.rulebook import render_markdown

#: Short column titles of the weighted metrics, in ``METRIC_NAMES`` order.
METRIC_TITLES = (
    "density",
    "comeback",
    "tension",
    "interaction",
    "skill",
    "balance",
    "control",
    "complexity",
    "engagement",
    "tricks",
)
BREAKDOWN_COLUMNS = ("#", "name", "identity", "total", *METRIC_TITLES, "novelty", "coherence", "notes")


@dataclass(frozen=True)
class RunOutputs:
    """The files a run wrote: genome and rulebook per top genome, the table and the plot."""

    genomes: tuple[Path, ...]
    rulebooks: tuple[Path, ...]
    table: Path
    plot: Path


def _number(breakdown: dict[str, float], name: str) -> str:
    return f"{breakdown[name]:.3f}" if name in breakdown else "–"


def _notes(entry: HallOfFameEntry) -> str:
    evaluation = entry.evaluation
    if evaluation.gate_reason is not None:
        return f"gated: {evaluation.gate_reason}"
    notes = sorted(
        name.removeprefix("penalty.") for name in evaluation.breakdown if name.startswith("penalty.")
    )
    if "mcts_over_budget" in evaluation.breakdown:
        notes.append("judged (MCTS over budget)")
    elif "mcts" in evaluation.breakdown:
        notes.append("judged")
    return ", ".join(notes) or "–"


def breakdown_rows(entries: Sequence[HallOfFameEntry]) -> list[list[str]]:
    """One row of ``BREAKDOWN_COLUMNS`` per entry, ranked from 1."""
    rows = []
    for rank, entry in enumerate(entries, start=1):
        breakdown = entry.evaluation.breakdown
        rows.append(
            [
                str(rank),
                entry.individual.genome.name,
                entry.individual.identity[:12],
                f"{entry.evaluation.total:.4f}",
                *(_number(breakdown, name) for name in METRIC_NAMES),
                _number(breakdown, "novelty_library_distance"),
                _number(breakdown, "coherence_factor"),
                _notes(entry),
            ]
        )
    return rows


def _cell(text: str) -> str:
    return text.replace("\\", "\\\\").replace("|", "\\|").replace("\n", " ")


def breakdown_markdown(entries: Sequence[HallOfFameEntry]) -> str:
    """The fitness-breakdown table of ``entries`` as a Markdown document."""
    lines = [
        "# Fitness breakdown",
        "",
        "Weighted metrics are in [0, 1] (see docs/fitness.md);",
        "total = weighted sum × skill factor × length factor × coherence factor × novelty factor.",
        "",
        "| " + " | ".join(BREAKDOWN_COLUMNS) + " |",
        "|" + "|".join("---" for _ in BREAKDOWN_COLUMNS) + "|",
    ]
    lines.extend("| " + " | ".join(_cell(cell) for cell in row) + " |" for row in breakdown_rows(entries))
    return "\n".join(lines) + "\n"


def fitness_plot_png(generations: Sequence[GenerationStats]) -> bytes:
    """Best and mean fitness and diversity per generation, as PNG bytes."""
    figure = Figure(figsize=(8, 4.5), dpi=100)
    FigureCanvasAgg(figure)
    axes = figure.add_subplot()
    indices = [stats.index for stats in generations]
    axes.plot(indices, [stats.best for stats in generations], marker="o", label="best fitness")
    axes.plot(indices, [stats.mean for stats in generations], marker="s", label="mean fitness")
    axes.set_xlabel("generation")
    axes.set_ylabel("fitness")
    diversity_axes = axes.twinx()
    diversity_axes.plot(
        indices,
        [stats.diversity for stats in generations],
        color="tab:green",
        linestyle="--",
        label="diversity",
    )
    diversity_axes.set_ylabel("diversity")
    handles, labels = axes.get_legend_handles_labels()
    more_handles, more_labels = diversity_axes.get_legend_handles_labels()
    axes.legend(handles + more_handles, labels + more_labels, loc="best")
    axes.set_title("Evolution: fitness and diversity per generation")
    figure.tight_layout()
    buffer = io.BytesIO()
    figure.savefig(buffer, format="png", metadata={"Software": None})
    return buffer.getvalue()


def write_run_outputs(out_dir: Path, result: RunResult, top: int) -> RunOutputs:
    """Write the top ``top`` genomes of ``result`` with their rulebooks, the table and the plot."""
    out_dir.mkdir(parents=True, exist_ok=True)
    entries = result.hall_of_fame[:top]
    genomes, rulebooks = [], []
    for rank, entry in enumerate(entries, start=1):
        stem = f"{rank:02d}-{entry.individual.identity[:12]}"
        genome_path = out_dir / f"{stem}.json"
        save_genome(entry.individual.genome, genome_path)
        genomes.append(genome_path)
        rulebooks.append(write_atomic(out_dir / f"{stem}.md", render_markdown(entry.individual.genome)))
    table = write_atomic(out_dir / "fitness.md", breakdown_markdown(entries))
    plot = write_atomic(out_dir / "fitness.png", fitness_plot_png(result.generations))
    return RunOutputs(tuple(genomes), tuple(rulebooks), table, plot)


#: Rated games needed before the rating-versus-fitness scatter plot is drawn.
SCATTER_MIN_GAMES = 3


@dataclass(frozen=True)
class Rated:
    """A game of the run that people rated: its name, identity, measured fitness, ratings, mean stars."""

    name: str
    identity: str
    fitness: float
    ratings: int
    mean_stars: float


def ratings_markdown(rated: Sequence[Rated]) -> str:
    """Human rating next to measured fitness, one row per rated game of the run."""
    lines = [
        "# Human ratings and measured fitness",
        "",
        "| name | identity | fitness | mean stars | ratings |",
        "|---|---|---:|---:|---:|",
    ]
    for game in rated:
        lines.append(
            f"| {_cell(game.name)} | {game.identity[:12]} | {game.fitness:.4f} | {game.mean_stars:.2f} | "
            f"{game.ratings} |"
        )
    return "\n".join(lines) + "\n"


def ratings_scatter_png(rated: Sequence[Rated]) -> bytes:
    """Mean stars against measured fitness, one point per rated game, as PNG bytes."""
    figure = Figure(figsize=(6, 4.5), dpi=100)
    FigureCanvasAgg(figure)
    axes = figure.add_subplot()
    axes.scatter([game.fitness for game in rated], [game.mean_stars for game in rated])
    for game in rated:
        axes.annotate(
            game.name, (game.fitness, game.mean_stars), fontsize=7, xytext=(3, 3), textcoords="offset points"
        )
    axes.set_xlabel("measured fitness")
    axes.set_ylabel("mean stars (1-5)")
    axes.set_ylim(0.5, 5.5)
    axes.set_title("Do people like what the fitness likes?")
    figure.tight_layout()
    buffer = io.BytesIO()
    figure.savefig(buffer, format="png", metadata={"Software": None})
    return buffer.getvalue()


def write_ratings(out_dir: Path, rated: Sequence[Rated]) -> list[Path]:
    """``ratings.md`` when any game of the run was rated, and ``ratings.png`` from three rated games."""
    if not rated:
        return []
    written = [write_atomic(out_dir / "ratings.md", ratings_markdown(rated))]
    if len(rated) >= SCATTER_MIN_GAMES:
        written.append(write_atomic(out_dir / "ratings.png", ratings_scatter_png(rated)))
    return written

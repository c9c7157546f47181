"""The gallery of a run: the best game of every niche of the archive, as files, text and a heat map.

``write_gallery(out_dir, elites)`` writes, for elite r (best first, two digits; ``id`` the first 12 hex
digits of the identity):

==============================  =======================================================================
file                            content
==============================  =======================================================================
``gallery/NN-<id>.json``        the live genome (``serialization.save_genome``)
``gallery/NN-<id>.md``          its rulebook (``rulebook.render_markdown``)
``gallery.md``                  two Markdown tables, **novel games** and **rediscoveries**: rank, name,
                                family, players, length, fitness, skill depth, luck share, first-player
                                advantage, meaningful decisions per game, hidden information, the bar,
                                and the nearest published game with its distance and how the game
                                differs ("0.125: Whist, with a Cheat claim after every trick")
``archive.png``                 a heat map of the archive on its axes (``Elite.axes``; by default
                                families down, (players, length) across), each occupied niche
                                coloured by its elite's fitness and labelled
==============================  =======================================================================

``gallery_lines(elites)`` is the same gallery as plain text of at most 80 columns for the terminal (no
table that a narrow terminal would truncate): two lines of measures per game, then its nearest published
game, wrapped; ``showcase(elites, n)`` picks the n games a terminal shows: among the novel games, the
best of each family first (a game of at least half the best fitness), then the best of the rest, in
gallery order; rediscoveries only when fewer than n games are novel, chosen the same way.

**Nearest published game** (``nearest(elite)``): ``published.nearest_known`` of the live genome over the
published corpus (the library and the described published games). A game closer than
``published.REDISCOVERY_DISTANCE`` (0.08) to one of them is a **rediscovery**: it is listed apart, under
"Rediscoveries", never in the novel section, and the terminal shows it only when the novel games run
out.

A game **meets the bar** (``meets_bar``; ✔ in both) when it was judged and has skill depth ≥ 2 (search
beats greedy, greedy beats random), a first-player advantage within ±0.10, and 10–200 meaningful
decisions per game in greedy self-play.
"""

from __future__ import annotations

import io
import textwrap
from collections.abc import Sequence
from pathlib import Path

import numpy as np
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure

from darwindeck.evolve.archive import Elite
from darwindeck.evolve.published import REDISCOVERY_DISTANCE, Nearest, nearest_known
from darwindeck.evolve.quality.descriptors import AXIS_BINS, DEFAULT_AXES, Axes
from darwindeck.fileio import write_atomic
from darwindeck.genome.serialization import save_genome
from darwindeck.rulebook import render_markdown

NAME_WIDTH = 28
LINE_WIDTH = 80
GALLERY_COLUMNS = (
    "#",
    "name",
    "family",
    "players",
    "length",
    "fitness",
    "skill depth",
    "luck",
    "first-player adv.",
    "decisions/game",
    "hidden info",
    "bar",
    "nearest published game",
)
BAR_DEPTH = 2
BAR_ADVANTAGE = 0.10
BAR_DECISIONS = (10.0, 200.0)


def meets_bar(elite: Elite) -> bool:
    """Judged, skill depth ≥ 2, |first-player advantage| ≤ 0.10, 10–200 meaningful decisions a game."""
    b = elite.evaluation.breakdown
    low, high = BAR_DECISIONS
    return (
        b.get("mcts") == 1.0
        and b.get("skill_depth", 0.0) >= BAR_DEPTH
        and abs(b.get("first_player_advantage", 1.0)) <= BAR_ADVANTAGE
        and low <= b.get("meaningful_decisions", 0.0) <= high
    )


def nearest(elite: Elite) -> Nearest:
    """The elite's nearest published game (module docstring)."""
    return nearest_known(elite.genome)


def _value(elite: Elite, name: str, spec: str = ".2f") -> str:
    value = elite.evaluation.breakdown.get(name)
    return "–" if value is None else format(value, spec)


def _row(rank: int, elite: Elite) -> list[str]:
    d = elite.descriptors
    return [
        str(rank),
        elite.genome.name,
        d.family,
        d.players,
        d.length,
        f"{elite.evaluation.total:.3f}",
        _value(elite, "skill_depth", ".0f"),
        _value(elite, "luck"),
        _value(elite, "first_player_advantage", "+.2f"),
        _value(elite, "meaningful_decisions", ".0f"),
        _value(elite, "hidden_information"),
        "✔" if meets_bar(elite) else "",
        _nearest_cell(nearest(elite)),
    ]


def _nearest_cell(found: Nearest) -> str:
    return f"{found.distance:.3f}: {found.difference}"


def _table(rows: Sequence[tuple[int, Elite]]) -> list[str]:
    if not rows:
        return ["None.", ""]
    lines = ["| " + " | ".join(GALLERY_COLUMNS) + " |", "|" + "|".join("---" for _ in GALLERY_COLUMNS) + "|"]
    for rank, elite in rows:
        cells = [cell.replace("|", "\\|") for cell in _row(rank, elite)]
        lines.append("| " + " | ".join(cells) + " |")
    return [*lines, ""]


def gallery_markdown(elites: Sequence[Elite]) -> str:
    ranked = list(enumerate(elites, start=1))
    novel = [(rank, elite) for rank, elite in ranked if not nearest(elite).rediscovery]
    found = [(rank, elite) for rank, elite in ranked if nearest(elite).rediscovery]
    lines = [
        "# Gallery: the best game of every niche",
        "",
        f"Niche = ({', '.join(heat_map_axes(elites)[0])}); see docs/fitness.md for every measure.",
        "",
        "## Novel games",
        "",
        *_table(novel),
        "## Rediscoveries",
        "",
        f"Games closer than {REDISCOVERY_DISTANCE} to a published game (docs/fitness.md, novelty).",
        "",
        *_table(found),
    ]
    return "\n".join(lines).rstrip() + "\n"


def _short(name: str, width: int) -> str:
    return name if len(name) <= width else name[: width - 1] + "…"


#: ``showcase`` puts a family forward only for a game of at least this share of the best game's fitness.
SHOWCASE_FLOOR = 0.5


def showcase(elites: Sequence[Elite], count: int) -> list[int]:
    """The gallery ranks (from 1, ascending) of ``count`` games to show a reader: among the novel games,
    the best game of each family whose fitness reaches ``SHOWCASE_FLOOR`` of the best game's, then the
    best of the rest, so a run whose leaders share one family still shows its range, and no weak game only
    for its family; rediscoveries, chosen the same way, only when the novel games are fewer than
    ``count``."""
    floor = SHOWCASE_FLOOR * max((elite.evaluation.total for elite in elites), default=0.0)
    ranked = list(enumerate(elites, start=1))
    novel = [(rank, elite) for rank, elite in ranked if not nearest(elite).rediscovery]
    found = [(rank, elite) for rank, elite in ranked if nearest(elite).rediscovery]
    chosen = _pick(novel, count, floor)
    return sorted(chosen + _pick(found, count - len(chosen), floor))


def _pick(ranked: Sequence[tuple[int, Elite]], count: int, floor: float) -> list[int]:
    firsts: dict[str, int] = {}
    for rank, elite in ranked:
        if elite.evaluation.total >= floor:
            firsts.setdefault(elite.descriptors.family, rank)
    chosen = sorted(firsts.values())[:count]
    rest = [rank for rank, _ in ranked if rank not in chosen]
    return chosen + rest[: count - len(chosen)]


def gallery_lines(elites: Sequence[Elite], ranks: Sequence[int] | None = None) -> list[str]:
    """Lines of at most 80 columns per elite (module docstring), numbered by ``ranks`` (default 1, 2,
    …)."""
    lines = []
    numbers = ranks if ranks is not None else range(1, len(elites) + 1)
    for rank, elite in zip(numbers, elites, strict=True):
        d = elite.descriptors
        name = _short(elite.genome.name, NAME_WIDTH)
        head = f"{rank:2d}. {name:<{NAME_WIDTH}} {elite.evaluation.total:.3f}"
        mark = " ✔" if meets_bar(elite) else ""
        lines.append(f"{head}  {d.family}, {d.players} players, {d.length}{mark}")
        lines.append(
            f"    skill depth {_value(elite, 'skill_depth', '.0f')}, luck {_value(elite, 'luck')}, "
            f"first player {_value(elite, 'first_player_advantage', '+.2f')}, "
            f"{_value(elite, 'meaningful_decisions', '.0f')} decisions/game"
        )
        lines += textwrap.wrap(
            nearest(elite).line, LINE_WIDTH, initial_indent="    ", subsequent_indent="      "
        )
    return lines


def heat_map_axes(elites: Sequence[Elite]) -> tuple[Axes, tuple[str, ...], list[tuple[str, str]]]:
    """The archive's axes (the elites', the default for none), the bins down (the first axis) and the
    pairs of bins across (the second and third)."""
    axes = elites[0].axes if elites else DEFAULT_AXES
    columns = [(second, third) for second in AXIS_BINS[axes[1]] for third in AXIS_BINS[axes[2]]]
    return axes, AXIS_BINS[axes[0]], columns


def archive_png(elites: Sequence[Elite]) -> bytes:
    """The heat map of the archive (module docstring), as PNG bytes."""
    names, rows, columns = heat_map_axes(elites)
    grid = np.full((len(rows), len(columns)), np.nan)
    for elite in elites:
        down, second, third = elite.niche
        grid[rows.index(down), columns.index((second, third))] = elite.evaluation.total
    figure = Figure(figsize=(10, 5.5), dpi=100)
    FigureCanvasAgg(figure)
    axes = figure.add_subplot()
    image = axes.imshow(np.ma.masked_invalid(grid), cmap="viridis", vmin=0.0, vmax=1.0, aspect="auto")
    for row, column in zip(*np.nonzero(~np.isnan(grid)), strict=True):
        label = f"{grid[row, column]:.2f}"
        axes.text(column, row, label, ha="center", va="center", color="white", fontsize=8)
    axes.set_xticks(range(len(columns)), [f"{b} {c}" for b, c in columns], rotation=45, ha="right")
    axes.set_yticks(range(len(rows)), rows)
    axes.set_xlabel(f"{names[1]}, {names[2]}")
    axes.set_ylabel(names[0])
    axes.set_title(f"Archive: best fitness per niche ({len(elites)} occupied)")
    figure.colorbar(image, ax=axes, label="fitness")
    figure.tight_layout()
    buffer = io.BytesIO()
    figure.savefig(buffer, format="png", metadata={"Software": None})
    return buffer.getvalue()


def write_gallery(out_dir: Path, elites: Sequence[Elite]) -> list[Path]:
    """Write the gallery files (module docstring); the paths written."""
    folder = out_dir / "gallery"
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    for rank, elite in enumerate(elites, start=1):
        stem = f"{rank:02d}-{elite.identity[:12]}"
        save_genome(elite.genome, folder / f"{stem}.json")
        written.append(folder / f"{stem}.json")
        written.append(write_atomic(folder / f"{stem}.md", render_markdown(elite.genome)))
    written.append(write_atomic(out_dir / "gallery.md", gallery_markdown(elites)))
    written.append(write_atomic(out_dir / "archive.png", archive_png(elites)))
    return written

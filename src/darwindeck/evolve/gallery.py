"""The gallery of a run: the best game of every niche of the archive, as files, text and a heat map.

``write_gallery(out_dir, elites)`` writes, for elite r (best first, two digits; ``id`` the first 12 hex
digits of the identity):

==============================  =======================================================================
file                            content
==============================  =======================================================================
``gallery/NN-<id>.json``        the live genome (``serialization.save_genome``), simplified when it is
                                one of the simplified games (below)
``gallery/NN-<id>.md``          its rulebook (``rulebook.render_markdown``), for a simplified game with a
                                closing line naming the rules dropped as idle
``gallery.md``                  two Markdown tables, **novel games** and **rediscoveries**: rank, name,
                                family, players, length, fitness, skill depth, luck share, first-player
                                advantage, meaningful decisions per game, hidden information, the bar,
                                and the nearest published game with its distance and how the game
                                differs ("0.125: Whist, with a Cheat claim after every trick"); then
                                **simplified games**, one line each: the rules dropped as idle (or "no
                                idle rule"), any kept, and the score as new before and after
``archive.png``                 a heat map of the archive on its axes (``Elite.axes``; by default
                                families down, (players, length) across), each occupied niche
                                coloured by its elite's fitness and labelled
==============================  =======================================================================

**Simplified games** (``simplify_gallery(elites, settings, run_seed, count)``, at write time, for the
``count`` best games that meet the bar, then the best of the rest when fewer meet it:
``simplified_ranks``; ``darwindeck evolve`` passes ``--top`` and its workers' ``map``, a game a task):
each game's idle rules are dropped one at a time (``quality.simplify``: the idle test on the fitness's
screening profile, the least useful rule first, the test run again after each drop, the genome settled by
``fitness.strip_dead_rules``), and each drop is kept only while the game's score as new, re-scored as the
run scored it (the run's settings, the original's seed ``evaluator.evaluation_seed(run_seed, identity)``,
judged when the original was), stays within ``quality.simplify.TOLERANCE`` (5 %) of the original's and a
game that met the bar still meets it (a drop that loses the bar scores 0: the rule is kept). The novelty
factor is left out of that comparison: an idle rule's only effect can be the distance to a published
game, and a game that is a known game once its idle rules are gone is shown as the rediscovery it is.
Only these games are simplified: the idle test costs a screening per removable rule and round, too much
for every genome of a run; and none is when the run plays fewer than ``quality.simplify.MIN_DEALS`` (20)
games per genome, where the idle test has no power. A simplified game keeps the run's identity (its
files' names, the store's records), and its row shows the simplified game's own measures, re-scored; the
heat map stays the run's archive.

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

**Outside the brief** (``meets_brief``; a run steered by a brief, ``evolve.brief``): every game keeps the
brief's hard parts (the fitness gates the others), but the archive takes any game for an empty niche, so
a game can miss a soft part (a wanted mechanic, the playing time) and still hold one. Such a game is
listed apart in ``gallery.md``, under "Outside the brief" with what it misses, never among the novel
games or the rediscoveries; the terminal shows it only when those run out (``sections`` gives the
three groups), and the simplified games are the best that meet the bar and the brief first.

A game **meets the bar** (``meets_bar``; ✔ in both) when it was judged and has skill depth ≥ 2 (search
beats greedy, greedy beats random), a first-player advantage within ±0.10, and 10–200 meaningful
decisions per game in greedy self-play.
"""

from __future__ import annotations

import dataclasses
import functools
import io
import textwrap
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

import numpy as np
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure

from darwindeck.evolve.archive import Elite
from darwindeck.evolve.evaluator import evaluation_seed
from darwindeck.evolve.fitness import (
    FitnessResult,
    evaluate_fitness,
    idle_games,
    screening_profile,
    strip_dead_rules,
)
from darwindeck.evolve.published import REDISCOVERY_DISTANCE, Nearest, nearest_known
from darwindeck.evolve.quality.descriptors import (
    AXIS_BINS,
    DEFAULT_AXES,
    Axes,
    describe,
)
from darwindeck.evolve.quality.play import batch_seed
from darwindeck.evolve.quality.simplify import MIN_DEALS, TOLERANCE, Simplification, simplify
from darwindeck.evolve.settings import EvolutionSettings
from darwindeck.evolve.store import Evaluation
from darwindeck.fileio import write_atomic
from darwindeck.genome.schema import GameGenome
from darwindeck.genome.serialization import save_genome
from darwindeck.rulebook import render_markdown

NAME_WIDTH = 28
#: Gallery games numbered from 1, as ``gallery.md`` numbers them.
Ranked = list[tuple[int, Elite]]
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
    return bar_met(elite.evaluation.breakdown)


def bar_met(b: Mapping[str, float]) -> bool:
    """``meets_bar`` read from a fitness breakdown."""
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


def meets_brief(elite: Elite) -> bool:
    """Whether the game meets every soft part of the run's brief (no ``brief_factor`` below 1: the wanted
    mechanics are there and it plays within the brief's time band); true in a run without a brief."""
    return elite.evaluation.breakdown.get("brief_factor", 1.0) >= 1.0


def sections(elites: Sequence[Elite]) -> tuple[Ranked, Ranked, Ranked]:
    """The gallery's games, numbered from 1, in three groups (module docstring): the novel games, the
    rediscoveries, and the games outside the brief."""
    ranked = list(enumerate(elites, start=1))
    inside = [(rank, elite) for rank, elite in ranked if meets_brief(elite)]
    novel = [(rank, elite) for rank, elite in inside if not nearest(elite).rediscovery]
    found = [(rank, elite) for rank, elite in inside if nearest(elite).rediscovery]
    outside = [(rank, elite) for rank, elite in ranked if not meets_brief(elite)]
    return novel, found, outside


def _brief_misses(elite: Elite) -> str:
    b = elite.evaluation.breakdown
    misses = []
    if b.get("penalty.brief_wanted", 1.0) < 1.0:
        misses.append("a wanted mechanic missing")
    if b.get("penalty.brief_time", 1.0) < 1.0:
        minutes = round(b.get("brief_minutes", 0.0))
        misses.append(f"plays in {minutes} minute{'' if minutes == 1 else 's'}")
    return ", ".join(misses) or "a soft part missed"


def gallery_markdown(elites: Sequence[Elite]) -> str:
    novel, found, outside = sections(elites)
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
    if outside:
        lines += [
            "## Outside the brief",
            "",
            "Games that keep the brief's players, deck and refusals but miss a soft part (a wanted "
            "mechanic, the playing time): charged by the fitness, kept by the archive for their niche.",
            "",
            *[f"- #{rank} {elite.genome.name}: {_brief_misses(elite)}" for rank, elite in outside],
            "",
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
    ``count``; games outside the brief last, the same way."""
    floor = SHOWCASE_FLOOR * max((elite.evaluation.total for elite in elites), default=0.0)
    chosen: list[int] = []
    for group in sections(elites):
        chosen += _pick(group, count - len(chosen), floor)
    return sorted(chosen)


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


# ------------------------------------------------------------------------------------------ simplified


@dataclass(frozen=True)
class Shown:
    """What the gallery shows for one of the run's elites (module docstring, *simplified games*):
    ``elite`` keeps the run's identity and carries the simplified genome, its evaluation and descriptors
    (the run's elite itself when nothing was dropped)."""

    elite: Elite
    simplification: Simplification

    @property
    def line(self) -> str:
        """One short line: what was dropped (and kept), with the score as new before and after."""
        s = self.simplification
        parts = []
        if s.dropped:
            parts.append("dropped as idle: " + "; ".join(rule.text for rule in s.dropped))
        if s.kept:
            parts.append("idle but kept (the score falls without it): " + "; ".join(r.text for r in s.kept))
        if s.score_before is not None and s.score_after is not None:
            parts.append(f"score as new {s.score_before:.3f} → {s.score_after:.3f}")
        return ", ".join(parts) if parts else "no idle rule"


#: How the gallery's games are simplified: ``map_fn(task, games)``, results in order (``Evaluator.map``).
MapFn = Callable[[Callable[[Elite], Shown], Sequence[Elite]], list[Shown]]


def _serial_map(task: Callable[[Elite], Shown], games: Sequence[Elite]) -> list[Shown]:
    """One game after another, in this process (the default of ``simplify_gallery``)."""
    return [task(game) for game in games]


def simplify_elite(elite: Elite, settings: EvolutionSettings, run_seed: int) -> Shown:
    """``elite`` with its idle rules dropped (``quality.simplify``) and re-scored as the run scored it:
    the same settings, the seed of the original's evaluation (``evaluator.evaluation_seed``), the judging
    when the original was judged; the score compared is the score as new (module docstring), 0 for a
    game that no longer meets the bar when the original did, so no drop costs a game its bar."""
    seed = evaluation_seed(run_seed, elite.identity)
    judged = elite.evaluation.breakdown.get("mcts") == 1.0
    results: dict[GameGenome, FitnessResult] = {}

    def rescored(genome: GameGenome) -> FitnessResult:
        if genome not in results:
            results[genome] = evaluate_fitness(genome, settings, seed, judge=judged)
        return results[genome]

    def score(genome: GameGenome) -> float:
        if genome == elite.genome and "total_as_new" in elite.evaluation.breakdown:
            return elite.evaluation.breakdown["total_as_new"]
        breakdown = rescored(genome).breakdown
        if meets_bar(elite) and not bar_met(breakdown):
            return 0.0  # a drop that loses the bar is never kept
        return breakdown.get("total_as_new", 0.0)

    idle_seed = batch_seed(seed, "idle")
    found = simplify(
        elite.genome, lambda genome: screening_profile(genome, settings, idle_seed), strip_dead_rules, score
    )
    if found.genome == elite.genome:
        return Shown(elite, found)
    evaluation = Evaluation.of(rescored(found.genome))
    descriptors = describe(found.genome, evaluation.breakdown)
    shown = dataclasses.replace(elite, genome=found.genome, evaluation=evaluation, descriptors=descriptors)
    return Shown(shown, found)


def simplified_ranks(elites: Sequence[Elite], count: int) -> list[int]:
    """The gallery ranks (from 1) simplified before writing: the ``count`` best games that meet the bar
    (those that meet the brief first), then, when fewer meet it, the best of the rest, in gallery
    order."""
    ranked = list(enumerate(elites, start=1))
    first = [rank for rank, elite in ranked if meets_bar(elite) and meets_brief(elite)]
    second = [rank for rank, elite in ranked if meets_bar(elite) and not meets_brief(elite)]
    chosen = (first + second)[:count]
    rest = [rank for rank, _ in ranked if rank not in chosen]
    return sorted(chosen + rest[: count - len(chosen)])


def simplify_gallery(
    elites: Sequence[Elite],
    settings: EvolutionSettings,
    run_seed: int,
    count: int,
    map_fn: MapFn = _serial_map,
) -> dict[str, Shown]:
    """The ``simplified_ranks`` games simplified (``simplify_elite``), by the run's identity; none when the
    idle test's batches have fewer than ``quality.simplify.MIN_DEALS`` deals (too few to tell). The games
    are simplified through ``map_fn`` (a run's ``Evaluator.map``: one task a game, on its workers); each
    game's simplification is a function of the game, the settings and the seed, so the result is the
    same for every ``map_fn``."""
    if idle_games(settings) < MIN_DEALS:
        return {}
    chosen = [elites[rank - 1] for rank in simplified_ranks(elites, count)]
    task = functools.partial(simplify_elite, settings=settings, run_seed=run_seed)
    return {elite.identity: shown for elite, shown in zip(chosen, map_fn(task, chosen), strict=True)}


def _simplified_section(elites: Sequence[Elite], shown: Mapping[str, Shown]) -> list[str]:
    lines = [
        "## Simplified games",
        "",
        "Idle rules dropped one at a time (docs/fitness.md §6, *Idle rules*), each drop kept while the "
        f"score as new stays within {TOLERANCE * 100:.0f} % of the original's; these games are shown, and "
        "written, simplified.",
        "",
    ]
    for rank, elite in enumerate(elites, start=1):
        if elite.identity in shown:
            lines.append(f"- #{rank} {shown[elite.identity].elite.genome.name}: {shown[elite.identity].line}")
    return [*lines, ""]


def rulebook_of(shown: Elite, simplified: Shown | None) -> str:
    """The rulebook of a gallery game, with a closing line on the rules dropped when it was simplified."""
    text = render_markdown(shown.genome)
    if simplified is None or not simplified.simplification.dropped:
        return text
    rules = "; ".join(rule.text for rule in simplified.simplification.dropped)
    note = f"*Simplified for the gallery: dropped as idle (no play measure drops without it): {rules}.*"
    return text.rstrip() + "\n\n" + note + "\n"


def write_gallery(
    out_dir: Path, elites: Sequence[Elite], shown: Mapping[str, Shown] | None = None
) -> list[Path]:
    """Write the gallery files (module docstring), each game of ``shown`` (``simplify_gallery``) as its
    simplified form; the paths written."""
    shown = shown or {}
    folder = out_dir / "gallery"
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    games = [shown[elite.identity].elite if elite.identity in shown else elite for elite in elites]
    for rank, game in enumerate(games, start=1):
        stem = f"{rank:02d}-{game.identity[:12]}"
        save_genome(game.genome, folder / f"{stem}.json")
        written.append(folder / f"{stem}.json")
        written.append(write_atomic(folder / f"{stem}.md", rulebook_of(game, shown.get(game.identity))))
    text = gallery_markdown(games)
    if shown:
        text = text.rstrip() + "\n\n" + "\n".join(_simplified_section(elites, shown)).rstrip() + "\n"
    written.append(write_atomic(out_dir / "gallery.md", text))
    written.append(write_atomic(out_dir / "archive.png", archive_png(elites)))
    return written

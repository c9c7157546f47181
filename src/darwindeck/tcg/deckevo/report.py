"""What a deck-evolution run leaves behind: final win-rate tables, the matrix plot, the best decks.

Rules:

* The *final field* is the best ``top`` distinct decks of the last generation followed by the reference
  decks (the field of the run; for ``--field self`` the six ready decks). An evolved deck equal to a
  reference deck is listed once, under the reference deck's name.
* A final table plays every unordered pair of distinct entries once (``fitness.MatchTask``, seats
  alternated) with fresh seeds (``match_seed`` over ``"final:{agent}:{seed}"``), so its numbers are not
  the ones selection saw. The diagonal is not played: with seats alternated a deck scores 1/2 against
  itself by construction.
* Per best deck, ``NAME.json`` (``evolved-RANK-ENERGY-POKEMON``) is a deck file
  ``{"cards": [...], "energy": [...]}`` that ``darwindeck battle`` loads, and ``NAME.md`` says which
  cards it relies on (share of the final population holding the card's name; *fitness lift*: mean
  fitness of the run's distinct decks holding the name minus that of the decks without it) and its
  win rate against each reference deck with a 95% Wilson interval and the number of battles, for each
  table.
* ``matrix.png`` draws each table's matrix (row deck's score against the column deck).
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from darwindeck.seeding import derive
from darwindeck.tcg.deckevo.fitness import MatchRecord, MatchTask, match_seed, play_match_task
from darwindeck.tcg.deckevo.ga import DeckRunResult, FieldDeck, Mapper, Member
from darwindeck.tcg.deckevo.genome import DeckGenome
from darwindeck.tcg.deckevo.pool import CardPool


@dataclass(frozen=True)
class Entry:
    name: str
    genome: DeckGenome
    evolved: bool


@dataclass(frozen=True)
class FinalTable:
    agent: str
    games: int
    entries: tuple[Entry, ...]
    records: dict[tuple[int, int], MatchRecord]

    @property
    def label(self) -> str:
        return self.agent

    def record(self, row: int, column: int) -> MatchRecord | None:
        return self.records.get((row, column))


def slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")


def deck_name(rank: int, genome: DeckGenome, pool: CardPool) -> str:
    """``evolved-RANK-ENERGY-POKEMON``: the deck's highest-stage, then highest-HP Pokémon names it."""
    stage = {"basic": 0, "stage1": 1, "stage2": 2}
    pokemon = [pool.card(c) for c in genome.cards if pool.is_pokemon(c)]
    lead = max(pokemon, key=lambda c: (stage.get(c.stage.value if c.stage else "", 0), c.hp, c.id))
    energy = "-".join(t.value for t in genome.energy)
    return f"evolved-{rank}-{energy}-{slug(lead.name)}"


def final_entries(
    result: DeckRunResult, reference: Sequence[FieldDeck], top: int, pool: CardPool
) -> list[Entry]:
    known = {d.genome.identity for d in reference}
    best = [m for m in result.ranked() if m.genome.identity not in known][:top]
    evolved = [Entry(deck_name(i + 1, m.genome, pool), m.genome, True) for i, m in enumerate(best)]
    return evolved + [Entry(d.name, d.genome, False) for d in reference]


def final_table(
    entries: Sequence[Entry], agent: str, games: int, iterations: int, seed: int, mapper: Mapper
) -> FinalTable:
    pairs = [(i, j) for i in range(len(entries)) for j in range(i + 1, len(entries))]
    run_seed = f"final:{agent}:{seed}"
    tasks = [
        MatchTask(
            entries[i].genome.to_deck(entries[i].name),
            entries[j].genome.to_deck(entries[j].name),
            games,
            match_seed(hash_seed(run_seed), entries[i].genome.identity, entries[j].genome.identity),
            agent,
            iterations,
        )
        for i, j in pairs
    ]
    records: dict[tuple[int, int], MatchRecord] = {}
    for (i, j), record in zip(pairs, mapper.map(play_match_task, tasks), strict=True):
        records[(i, j)], records[(j, i)] = record, record.flipped()
    label = agent if agent == "greedy" else f"mcts-{iterations}"
    return FinalTable(label, games, tuple(entries), records)


def hash_seed(text: str) -> int:
    """A stable integer seed of a text (``seeding.derive(text)``: the first 8 bytes of its SHA-256)."""
    return derive(text)


# ------------------------------------------------------------------------------------------ card usage


def card_usage(result: DeckRunResult, pool: CardPool) -> dict[str, tuple[float, float]]:
    """Per card name: (share of the final population holding it, fitness lift over the run)."""
    final = result.final
    distinct: dict[str, Member] = {}
    for generation in result.history:
        for member in generation:
            distinct.setdefault(member.genome.identity, member)
    names = {pool.name(c) for m in distinct.values() for c in m.genome.cards}
    usage = {}
    for name in sorted(names):
        holds = [name in pool.names(m.genome.cards) for m in distinct.values()]
        share = sum(name in pool.names(m.genome.cards) for m in final) / len(final)
        usage[name] = (share, _lift(list(distinct.values()), holds))
    return usage


def _lift(members: list[Member], holds: list[bool]) -> float:
    with_ = [m.fitness for m, h in zip(members, holds, strict=True) if h]
    without = [m.fitness for m, h in zip(members, holds, strict=True) if not h]
    if not with_ or not without:
        return 0.0
    return sum(with_) / len(with_) - sum(without) / len(without)


# -------------------------------------------------------------------------------------------- markdown


def _rate_row(name: str, record: MatchRecord) -> str:
    rate, low, high = record.interval()
    return (
        f"| {name} | {rate:.1%} | {low:.1%} – {high:.1%} | {record.games} | "
        f"{record.wins} / {record.draws} / {record.losses} |"
    )


def field_lines(table: FinalTable, row: int) -> list[str]:
    lines = [
        f"### {table.label} players ({table.games} battles per opponent, seats alternated, draws count half)",
        "",
        "| opponent | win rate | 95% interval | battles | won / drawn / lost |",
        "|---|---:|---|---:|---|",
    ]
    total = MatchRecord()
    for column, entry in enumerate(table.entries):
        record = table.record(row, column)
        if entry.evolved or record is None:
            continue
        lines.append(_rate_row(entry.name, record))
        total = total + record
    lines.append(_rate_row("**whole field**", total))
    return [*lines, ""]


def card_lines(genome: DeckGenome, usage: dict[str, tuple[float, float]], pool: CardPool) -> list[str]:
    counts = pool.names(genome.cards)
    ids: dict[str, list[str]] = {}
    for card in genome.cards:
        ids.setdefault(pool.name(card), []).append(card)
    ranked = sorted(counts, key=lambda n: (-usage.get(n, (0, 0))[1], n))
    lines = [
        "| copies | card | ids | in the final population | fitness lift |",
        "|---:|---|---|---:|---:|",
    ]
    for name in ranked:
        share, lift = usage.get(name, (0.0, 0.0))
        lines.append(
            f"| {counts[name]} | {name} | {', '.join(sorted(set(ids[name])))} | {share:.0%} | {lift:+.3f} |"
        )
    top = ", ".join(ranked[:3])
    return [f"It relies most on {top} (largest fitness lift among its cards).", "", *lines, ""]


def deck_markdown(
    entry: Entry,
    member: Member,
    result: DeckRunResult,
    tables: Sequence[tuple[FinalTable, int]],
    usage: dict[str, tuple[float, float]],
    pool: CardPool,
) -> str:
    s = result.settings
    field = "itself (co-evolving metagame)" if s.field == "self" else ", ".join(d.name for d in s.field_decks)
    lines = [
        f"# {entry.name}",
        "",
        f"Evolved by `darwindeck decks evolve` (seed {result.seed}, population {s.population}, "
        f"{s.generations} generations, {s.games} {s.agent} battles per opponent) against {field}. "
        f"Fitness in the run: {member.fitness:.3f}. Energy Zone: "
        f"{', '.join(t.value for t in entry.genome.energy)}. Load it with "
        f"`darwindeck battle {entry.name}.json --vs ...`.",
        "",
        "## Cards",
        "",
        *card_lines(entry.genome, usage, pool),
        "## Against the reference decks (fresh battles after the run)",
        "",
    ]
    for table, row in tables:
        lines += field_lines(table, row)
    return "\n".join(lines)


def matrix_markdown(table: FinalTable) -> list[str]:
    names = [e.name for e in table.entries]
    lines = [
        f"### {table.label} ({table.games} battles per pair)",
        "",
        "| deck | " + " | ".join(names) + " | mean |",
        "|---|" + "---:|" * (len(names) + 1),
    ]
    for i, name in enumerate(names):
        scores = [table.record(i, j) for j in range(len(names))]
        cells = ["–" if r is None else f"{r.score:.0%}" for r in scores]
        played = [r.score for r in scores if r is not None]
        lines.append(f"| {name} | " + " | ".join(cells) + f" | {sum(played) / max(1, len(played)):.1%} |")
    return [*lines, ""]


# ------------------------------------------------------------------------------------------------ plot


def plot_matrices(path: Path, tables: Sequence[FinalTable]) -> Path:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    size = len(tables[0].entries)
    figure, axes = plt.subplots(1, len(tables), figsize=(1 + 0.9 * size * len(tables), 1.5 + 0.8 * size))
    for axis, table in zip(axes if len(tables) > 1 else [axes], tables, strict=True):
        _plot_one(axis, table)
    figure.tight_layout()
    figure.savefig(path, dpi=110)
    plt.close(figure)
    return path


def _plot_one(axis: object, table: FinalTable) -> None:
    size = len(table.entries)
    grid = [[table.record(i, j) for j in range(size)] for i in range(size)]
    values = [[0.5 if r is None else r.score for r in row] for row in grid]
    ax: Any = axis
    image = ax.imshow(values, vmin=0, vmax=1, cmap="RdYlGn")
    names = [e.name for e in table.entries]
    ax.set_xticks(range(size), names, rotation=60, ha="right", fontsize=7)
    ax.set_yticks(range(size), names, fontsize=7)
    for i in range(size):
        for j in range(size):
            text = "–" if grid[i][j] is None else f"{values[i][j]:.0%}"
            ax.text(j, i, text, ha="center", va="center", fontsize=7)
    ax.set_title(f"row's win rate vs column, {table.label}, {table.games} battles per pair", fontsize=8)
    ax.figure.colorbar(image, ax=ax, fraction=0.04)


# ------------------------------------------------------------------------------------------------ write


def write_outputs(
    folder: Path,
    result: DeckRunResult,
    tables: Sequence[FinalTable],
    pool: CardPool,
) -> list[Path]:
    """The best decks' JSON and Markdown, ``summary.md`` and ``matrix.png``; returns the deck files."""
    folder.mkdir(parents=True, exist_ok=True)
    usage = card_usage(result, pool)
    by_identity = {m.genome.identity: m for m in result.ranked()}
    written = []
    for entry in tables[0].entries:
        if not entry.evolved:
            continue
        rows = [
            (t, [e.genome.identity for e in t.entries].index(entry.genome.identity))
            for t in tables
            if entry.genome.identity in [e.genome.identity for e in t.entries]
        ]
        deck_path = folder / f"{entry.name}.json"
        deck_path.write_text(json.dumps(entry.genome.deck_json(), indent=1) + "\n", encoding="utf-8")
        note = deck_markdown(entry, by_identity[entry.genome.identity], result, rows, usage, pool)
        (folder / f"{entry.name}.md").write_text(note + "\n", encoding="utf-8")
        written.append(deck_path)
    summary = ["# Final win-rate tables", "", *[line for t in tables for line in matrix_markdown(t)]]
    (folder / "summary.md").write_text("\n".join(summary), encoding="utf-8")
    plot_matrices(folder / "matrix.png", tables)
    return written

"""Run outputs: the top genomes as JSON, their rulebooks, the breakdown table and the fitness plot.

The run is a tiny GA run with the structural test fitness (``evolve.conftest``), so no engine is needed."""

from __future__ import annotations

import struct
from pathlib import Path

import pytest

from darwindeck.evolve.evaluator import LocalEvaluator
from darwindeck.evolve.ga import (
    EvolutionSettings,
    GenerationStats,
    HallOfFameEntry,
    Individual,
    RunResult,
    evolve,
)
from darwindeck.evolve.report import BREAKDOWN_COLUMNS, breakdown_markdown, breakdown_rows, write_run_outputs
from darwindeck.evolve.store import Evaluation, RunStore
from darwindeck.genome.library import get_game
from darwindeck.genome.serialization import load_genome
from darwindeck.rulebook import render_markdown
from evolve.conftest import structural_fitness

TINY = EvolutionSettings(population=6, generations=3, elitism=1, hall_of_fame_size=4, diversity_sample=6)


@pytest.fixture(scope="module")
def run(tmp_path_factory: pytest.TempPathFactory) -> RunResult:
    store = RunStore(str(tmp_path_factory.mktemp("store") / "runs.db"))
    with LocalEvaluator(workers=1) as evaluator:
        result = evolve(TINY, 5, store, evaluator, fitness_fn=structural_fitness)
    store.close()
    return result


def png_size(data: bytes) -> tuple[int, int]:
    """Width and height from a PNG's IHDR chunk."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    assert data[12:16] == b"IHDR"
    width, height = struct.unpack(">II", data[16:24])
    return width, height


def test_the_top_genomes_and_their_rulebooks_are_written(run: RunResult, tmp_path: Path) -> None:
    outputs = write_run_outputs(tmp_path / "out", run, top=3)
    assert len(outputs.genomes) == len(outputs.rulebooks) == 3
    for rank, (genome_path, rulebook_path, entry) in enumerate(
        zip(outputs.genomes, outputs.rulebooks, run.hall_of_fame, strict=False), start=1
    ):
        stem = f"{rank:02d}-{entry.individual.identity[:12]}"
        assert genome_path == tmp_path / "out" / f"{stem}.json"
        assert rulebook_path == tmp_path / "out" / f"{stem}.md"
        assert load_genome(genome_path) == entry.individual.genome
        assert rulebook_path.read_text(encoding="utf-8") == render_markdown(entry.individual.genome)
    names = sorted(path.name for path in (tmp_path / "out").iterdir())
    assert len(names) == 3 * 2 + 2  # no temporary files left behind
    assert "fitness.md" in names
    assert "fitness.png" in names


def test_top_is_limited_by_the_hall_of_fame(run: RunResult, tmp_path: Path) -> None:
    outputs = write_run_outputs(tmp_path, run, top=50)
    assert len(outputs.genomes) == TINY.hall_of_fame_size


def test_the_breakdown_table_has_one_row_per_top_genome(run: RunResult, tmp_path: Path) -> None:
    outputs = write_run_outputs(tmp_path, run, top=2)
    lines = outputs.table.read_text(encoding="utf-8").splitlines()
    assert lines[0] == "# Fitness breakdown"
    header = "| " + " | ".join(BREAKDOWN_COLUMNS) + " |"
    rows = lines[lines.index(header) + 2 :]
    assert len(rows) == 2
    best = run.hall_of_fame[0]
    name, identity = best.individual.genome.name, best.individual.identity[:12]
    assert rows[0].startswith(f"| 1 | {name} | {identity} | {best.evaluation.total:.4f} |")


def test_the_plot_is_a_png_of_the_run(run: RunResult, tmp_path: Path) -> None:
    outputs = write_run_outputs(tmp_path, run, top=1)
    assert png_size(outputs.plot.read_bytes()) == (800, 450)
    assert len(run.generations) == 3


def test_rows_show_metrics_novelty_coherence_and_notes() -> None:
    genome = get_game("scopa").replace(name="Odd | Name")
    breakdown = {
        "decision_density": 0.5,
        "skill": 0.25,
        "novelty_library_distance": 0.0,
        "coherence_factor": 0.8,
        "penalty.match_rank_with_capture_all": 0.8,
    }
    scored = HallOfFameEntry(Individual.of(genome), Evaluation(0.125, breakdown, None))
    gated = HallOfFameEntry(Individual.of(get_game("war")), Evaluation(0.0, {}, "random self-play: draws"))
    rows = breakdown_rows([scored, gated])
    identity = Individual.of(genome).identity[:12]
    assert rows[0] == [
        "1",
        "Odd | Name",
        identity,
        "0.1250",
        "0.500",
        *["–"] * 3,
        "0.250",
        *["–"] * 5,
        "0.000",
        "0.800",
        "match_rank_with_capture_all",
    ]
    assert rows[1][0] == "2"
    assert rows[1][-1] == "gated: random self-play: draws"
    measured = HallOfFameEntry(Individual.of(genome), Evaluation(0.5, {**breakdown, "mcts": 1.0}, None))
    over = HallOfFameEntry(
        Individual.of(get_game("whist")), Evaluation(0.5, {"mcts": 1.0, "mcts_over_budget": 1.0}, None)
    )
    assert [row[-1] for row in breakdown_rows([measured, over])] == [
        "match_rank_with_capture_all, judged",
        "judged (MCTS over budget)",
    ]
    table = breakdown_markdown([scored])
    assert f"| 1 | Odd \\| Name | {identity} | 0.1250 |" in table


def test_a_run_with_one_generation_still_plots(tmp_path: Path) -> None:
    stats = GenerationStats(0, 0.5, 0.25, "ab" * 32, 0.4, False, 6, 0, 1.0)
    entry = HallOfFameEntry(Individual.of(get_game("whist")), Evaluation(0.5, {}, None))
    result = RunResult(1, "completed", (stats,), (entry,))
    outputs = write_run_outputs(tmp_path, result, top=5)
    assert len(outputs.genomes) == 1
    assert png_size(outputs.plot.read_bytes()) == (800, 450)

"""``evolve``, ``runs`` and ``runs show`` end to end on a tiny run (population 6, 2 generations, 5 games per
genome) in a temporary folder, with the engine-measured fitness; and the user errors.

The verbs are registered on a fresh Typer app (``evolve_verbs.register``); once the lead registers them
in ``darwindeck.cli``, ``test_main_turns_bad_arguments_into_one_line_and_exit_2`` also runs through
``darwindeck.cli.main``."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import typer
from typer.testing import CliRunner, Result

from darwindeck.cli import common, evolve_verbs
from darwindeck.cli.evolve_verbs import EvolveArgumentError, _chosen, parse_players
from darwindeck.errors import DarwinDeckError
from darwindeck.evolve.ga import EvolutionSettings
from darwindeck.evolve.store import RunStore, StoreError
from darwindeck.genome.serialization import load_genome

TINY = ("--population", "6", "--generations", "2", "--games", "5", "--seed", "3", "--workers", "1")


def invoke(*args: str) -> Result:
    app = typer.Typer()
    evolve_verbs.register(app)
    return CliRunner().invoke(app, list(args))


@pytest.fixture(scope="module")
def tiny_run(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path, Result]:
    """One tiny evolution: (store file, output folder, CLI result)."""
    folder = tmp_path_factory.mktemp("evolve")
    db, out = folder / "runs.db", folder / "out"
    result = invoke("evolve", *TINY, "--db", str(db), "--out", str(out), "--top", "3")
    return db, out, result


def test_evolve_writes_the_top_games_and_prints_the_summary(tiny_run: tuple[Path, Path, Result]) -> None:
    db, out, result = tiny_run
    assert result.exit_code == 0, result.output
    store = RunStore(str(db))
    summary = store.run_summary(1)
    store.close()
    assert summary.run.status == "completed"
    assert summary.run.seed == 3
    assert EvolutionSettings.from_dict(summary.run.settings) == EvolutionSettings(
        population=6, generations=2, games_per_genome=5
    )
    best = max(record.stats["best"] for record in summary.generations)
    assert (
        f"run 1 completed after 2 generations (seed 3, style balanced); best fitness {best:.4f}"
        in result.output
    )
    assert "generation 0: best" in result.output
    assert "generation 1: best" in result.output
    assert "Gallery of run 1:" in result.output
    gallery = result.output.split("Gallery of run 1:")[1].split("wrote the gallery")[0]
    assert all(len(line) <= 80 for line in gallery.splitlines())
    assert "top 3 games with fitness.md and fitness.png" in result.output
    names = sorted(path.name for path in out.iterdir())
    assert len([name for name in names if name.endswith(".json")]) == 3
    assert len([name for name in names if name.startswith("0") and name.endswith(".md")]) == 3
    assert {"fitness.md", "fitness.png", "gallery.md", "archive.png", "gallery"} <= set(names)
    best_file = next(name for name in names if name.startswith("01-"))
    best_genome = load_genome(out / best_file.replace(".md", ".json"))
    assert best_genome.identity[:12] in best_file
    assert f"# {best_genome.name}" in result.output  # the best game's rulebook is printed


def test_runs_lists_the_run(tiny_run: tuple[Path, Path, Result]) -> None:
    db, _, _ = tiny_run
    result = invoke("runs", "--db", str(db))
    assert result.exit_code == 0, result.output
    assert "completed" in result.output
    assert "2/2" in result.output
    assert "balanced" in result.output


def test_runs_show_prints_the_summary_and_the_lineage_of_the_best_game(
    tiny_run: tuple[Path, Path, Result],
) -> None:
    db, _, _ = tiny_run
    store = RunStore(str(db))
    summary = store.run_summary(1)
    best = min(summary.generations, key=lambda record: (-record.stats["best"], record.index))
    identity = best.stats["best_identity"]
    name = store.genome(identity).genome.name
    lineage = store.lineage(identity)
    store.close()
    for args in (("runs", "show", "1", "--db", str(db)), ("runs", "--db", str(db), "show", "1")):
        result = invoke(*args)
        assert result.exit_code == 0, result.output
        assert "run 1  completed" in result.output
        assert f"best game: {name} ({identity[:12]}), fitness {best.stats['best']:.4f}" in result.output
        assert f"Lineage of {identity[:12]} ({len(lineage)} genomes, nearest first)" in result.output


@pytest.mark.slow  # three generations with the MCTS step, about 10 s
def test_resume_extends_a_run_with_the_stored_settings(tmp_path: Path) -> None:
    db, out = tmp_path / "runs.db", tmp_path / "out"
    first = invoke("evolve", *TINY, "--db", str(db), "--out", str(out))
    assert first.exit_code == 0, first.output
    resumed = invoke(
        "evolve", "--resume", "1", "--generations", "3", "--workers", "1", "--db", str(db), "--out", str(out)
    )
    assert resumed.exit_code == 0, resumed.output
    assert "run 1 completed after 3 generations (seed 3, style balanced)" in resumed.output
    assert "generation 2: best" in resumed.output
    assert "generation 0: best" not in resumed.output
    store = RunStore(str(db))
    assert store.run_info(1).completed_generations == 3
    store.close()
    changed = invoke("evolve", "--resume", "1", "--population", "7", "--db", str(db), "--out", str(out))
    assert isinstance(changed.exception, DarwinDeckError)
    assert "settings differ from the stored ones (population)" in str(changed.exception)


def test_judging_options_become_the_judging_settings() -> None:
    chosen = _chosen(None, None, None, None, None, judge_deals=12, judge_budget=2.5)
    assert chosen == {"mcts_games": 12, "mcts_step_budget": 2_500_000}
    assert _chosen(None, None, None, None, None) == {}


def test_parse_players() -> None:
    assert parse_players("2-4") == (2, 4)
    assert parse_players("3") == (3, 3)
    assert parse_players(" 2 - 6 ") == (2, 6)


@pytest.mark.parametrize(
    ("args", "error", "message"),
    [
        (("--players", "5-2"), EvolveArgumentError, "--players '5-2': the minimum 5 is above the maximum 2"),
        (
            ("--players", "1-3"),
            EvolveArgumentError,
            "--players '1-3': player counts must lie between 2 and 6",
        ),
        (
            ("--players", "two"),
            EvolveArgumentError,
            "--players 'two': write MIN-MAX (e.g. 2-4) or one number",
        ),
        (
            ("--style", "nope"),
            EvolveArgumentError,
            "--style 'nope': unknown, use one of balanced, strategic, party, trick-taking, bluffing",
        ),
        (("--resume", "99"), StoreError, "no run with id 99"),
        (("--address", "x:1"), EvolveArgumentError, "--address: only for --backend ray"),
        (("--top", "0"), EvolveArgumentError, "--top 0: must be at least 1"),
        (("--workers", "0"), EvolveArgumentError, "--workers 0: must be at least 1"),
        (("--judge-deals", "0"), EvolveArgumentError, "--judge-deals 0: must be at least 1"),
        (
            ("--judge-budget", "-2"),
            EvolveArgumentError,
            "--judge-budget -2: must be above 0 (millions of steps)",
        ),
        (("--population", "1"), DarwinDeckError, "evolution setting population: must be a whole number ≥ 2"),
    ],
)
def test_bad_arguments_raise_one_line_errors(
    tmp_path: Path, args: tuple[str, ...], error: type[DarwinDeckError], message: str
) -> None:
    result = invoke("evolve", *args, "--db", str(tmp_path / "runs.db"), "--out", str(tmp_path / "out"))
    assert isinstance(result.exception, error)
    assert message in str(result.exception)
    assert "\n" not in str(result.exception)
    assert not (tmp_path / "out").exists()


def test_runs_show_of_an_unknown_run(tmp_path: Path) -> None:
    result = invoke("runs", "show", "7", "--db", str(tmp_path / "runs.db"))
    assert isinstance(result.exception, StoreError)
    assert "no run with id 7" in str(result.exception)


def test_main_turns_bad_arguments_into_one_line_and_exit_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from darwindeck import cli

    registered = {command.name for command in cli.app.registered_commands}
    if "evolve" not in registered:
        pytest.skip("evolve is not registered in darwindeck.cli yet (the lead registers it)")
    with pytest.raises(SystemExit) as stopped:
        cli.main(["evolve", "--players", "5-2", "--db", str(tmp_path / "runs.db")])
    assert stopped.value.code == 2
    err = capsys.readouterr().err
    assert err.strip().count("\n") == 0
    assert "the minimum 5 is above the maximum 2" in err


def test_the_stored_breakdown_is_json(tiny_run: tuple[Path, Path, Result]) -> None:
    db, out, _ = tiny_run
    table = (out / "fitness.md").read_text(encoding="utf-8")
    assert table.startswith("# Fitness breakdown\n")
    store = RunStore(str(db))
    info = store.run_info(1)
    settings_hash = EvolutionSettings.from_dict(info.settings).fitness_hash(info.seed)
    best_identity = store.run_summary(1).generations[-1].stats["best_identity"]
    evaluation = store.cached_evaluation(best_identity, settings_hash)
    settings = EvolutionSettings.from_dict(info.settings)
    rescored = store.cached_evaluation(best_identity, settings.fitness_hash(info.seed, mcts=True))
    store.close()
    assert evaluation is not None
    assert json.loads(json.dumps(evaluation.breakdown)) == evaluation.breakdown
    assert "novelty_library_distance" in evaluation.breakdown
    assert "mcts" not in evaluation.breakdown
    # the best game of a generation is in its top 10 %: the MCTS step re-scored it (marked "mcts")
    assert rescored is not None
    assert rescored.breakdown["mcts"] == 1.0


@pytest.mark.parametrize(("compiled", "expected"), [(False, common.FIRST_COMPILE_NOTICE + "\n"), (True, "")])
def test_a_first_run_says_that_the_engine_compiles_first(
    compiled: bool, expected: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr("darwindeck.engine.cache_guard.is_compiled", lambda: compiled)
    common.announce_first_compile()
    assert capsys.readouterr().out == expected
    assert len(common.FIRST_COMPILE_NOTICE) <= 80

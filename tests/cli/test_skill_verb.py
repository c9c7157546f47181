"""The ``skill`` verb: the ladder as a table and as JSON."""

from __future__ import annotations

import json

import typer
from rich.console import Console
from typer.testing import CliRunner

from darwindeck.cli import skill_verbs
from darwindeck.evolve.quality.ladder import measure_ladder
from darwindeck.genome.library import get_game


def _app() -> typer.Typer:
    app = typer.Typer()
    skill_verbs.register(app)
    app.command("noop")(lambda: None)
    return app


def test_war_has_no_decisions() -> None:
    result = CliRunner().invoke(_app(), ["skill", "war", "--deals", "4", "--json"])
    assert result.exit_code == 0, result.output
    report = json.loads(result.output)
    assert report["has_decisions"] is False
    assert (report["depth"], report["luck"], report["rungs"]) == (0, 1.0, [])


def test_the_ladder_table_names_every_rung() -> None:
    args = ["skill", "hearts", "--deals", "6", "--rungs", "1", "--seed", "2"]
    assert CliRunner().invoke(_app(), args).exit_code == 0
    ladder = measure_ladder(get_game("hearts"), 2, 6, 1, stop_early=False)
    console = Console(width=200, record=True)
    console.print(skill_verbs.ladder_table("Hearts", 6, 2, ladder, None))
    text = console.export_text()
    assert "greedy vs random" in text
    assert f"skill depth {ladder.depth}" in text


def test_the_json_report_holds_the_rung_numbers() -> None:
    args = ["skill", "scopa", "--deals", "5", "--rungs", "2", "--seed", "1", "--json"]
    report = json.loads(CliRunner().invoke(_app(), args).output)
    pairs = [(r["weak"], r["strong"]) for r in report["rungs"]]
    assert pairs == [("random", "greedy"), ("greedy", "MCTS-25")]
    first = report["rungs"][0]
    # Two sides, five deals played once per side: ten replays.
    assert first["replays"] == 10
    assert first["rate"] == first["wins"] / first["decided"]


def test_a_bad_rung_count_is_one_clear_error() -> None:
    result = CliRunner().invoke(_app(), ["skill", "scopa", "--rungs", "9"])
    assert result.exit_code == 2
    assert "Traceback" not in result.output

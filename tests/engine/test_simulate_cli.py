"""The ``simulate`` verb: results table, JSON, and one clear error for bad arguments."""

from __future__ import annotations

import json

import typer
from typer.testing import CliRunner

from darwindeck.cli import simulate_verbs


def make_app() -> typer.Typer:
    app = typer.Typer()
    simulate_verbs.register(app)

    @app.callback()
    def root() -> None:
        """Test root."""

    return app


def test_table_lists_every_seat_with_an_interval() -> None:
    result = CliRunner().invoke(make_app(), ["simulate", "crazy-eights", "--games", "50", "--seed", "2"])
    assert result.exit_code == 0, result.output
    for seat in range(4):
        assert f"seat {seat}" in result.output
    assert "draws" in result.output and "avg decisions" in result.output


def test_json_output_is_the_batch_stats() -> None:
    args = ["simulate", "hearts", "--games", "10", "--policies", "random,greedy,random,greedy", "--json"]
    result = CliRunner().invoke(make_app(), args)
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["games"] == 10
    assert sum(data["wins"]) + data["draws"] == 10


def test_same_seed_same_output() -> None:
    args = ["simulate", "scopa", "--games", "40", "--seed", "9", "--json"]
    first = CliRunner().invoke(make_app(), args).output
    assert first == CliRunner().invoke(make_app(), args).output

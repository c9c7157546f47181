"""The ``battle`` and ``cards`` verbs on a fresh Typer app."""

from __future__ import annotations

import json
from pathlib import Path

import typer
from typer.testing import CliRunner

from darwindeck.cli.battle_verbs import register
from darwindeck.errors import DarwinDeckError
from darwindeck.tcg.core.errors import InvalidDeckError


def _app() -> typer.Typer:
    app = typer.Typer()
    register(app)
    return app


def test_battle_prints_rates_turns_points_and_effects() -> None:
    args = ["battle", "grass-serperior-celebi", "--vs", "fire-charizard-ex", "--games", "6", "--seed", "2"]
    result = CliRunner().invoke(_app(), args)
    assert result.exit_code == 0, result.output
    assert "6 battles" in result.output and "95% interval" in result.output
    assert "average turns:" in result.output and "most used effects:" in result.output
    again = CliRunner().invoke(_app(), args)
    assert again.output == result.output


def test_battle_with_a_deck_file_and_random_players(tmp_path: Path) -> None:
    deck = json.loads(Path("src/darwindeck/tcg/decks/water-blastoise-ex.json").read_text())
    path = tmp_path / "mine.json"
    path.write_text(json.dumps(deck))
    result = CliRunner().invoke(
        _app(), ["battle", str(path), "--vs", "poison-weezing-muk", "--games", "3", "--players", "random"]
    )
    assert result.exit_code == 0 and "mine" in result.output


def test_bad_inputs_raise_darwindeck_errors(tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(["a1-001"] * 3))
    result = CliRunner().invoke(_app(), ["battle", str(bad), "--vs", "psychic-gardevoir", "--games", "1"])
    assert isinstance(result.exception, InvalidDeckError)
    assert "has 3 cards named 'Bulbasaur'" in str(result.exception)
    for args in (
        ["battle", "nope", "--vs", "psychic-gardevoir"],
        ["battle", "psychic-gardevoir", "--vs", "psychic-gardevoir", "--players", "smart"],
        ["cards", "--set", "B9"],
    ):
        outcome = CliRunner().invoke(_app(), args)
        assert isinstance(outcome.exception, DarwinDeckError), args


def test_cards_report() -> None:
    result = CliRunner().invoke(_app(), ["cards", "--set", "A1a"])
    assert result.exit_code == 0
    assert "86/86 cards implemented (A1a)" in result.output

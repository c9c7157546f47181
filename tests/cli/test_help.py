"""Every verb's ``--help`` states each option's default: Typer's own ``[default: …]`` for an option with a
value, the help text's ``[default: …]`` for a flag that is off or an option whose absence means something
(``--address``: start a local Ray). Required options have no default and say ``[required]``."""

from __future__ import annotations

import re

import pytest
import typer
from typer.testing import CliRunner

from darwindeck.cli import app


def _verbs() -> list[tuple[str, ...]]:
    found: list[tuple[str, ...]] = []

    def walk(command: object, path: tuple[str, ...]) -> None:
        children = getattr(command, "commands", None)
        if children is None:
            found.append(path)
            return
        for name, child in children.items():
            walk(child, (*path, name))

    walk(typer.main.get_command(app), ())
    return found


@pytest.mark.parametrize("verb", _verbs(), ids=" ".join)
def test_every_option_of_every_verb_shows_its_default(verb: tuple[str, ...]) -> None:
    result = CliRunner().invoke(app, [*verb, "--help"], env={"COLUMNS": "200", "NO_COLOR": "1"})
    assert result.exit_code == 0, result.output
    # One option per line at 200 columns: "│ --name  <type>  help … │".
    options = [line for line in result.output.splitlines() if re.match(r"│ (-\w, )?--(?!help)", line)]
    missing = [line.strip("│ ") for line in options if "[default:" not in line and "[required]" not in line]
    assert missing == []

"""The genome verbs end to end: games, show, validate, compile, import, rulebook, and user errors."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from darwindeck.cli import main
from darwindeck.genome.bytecode import parse_bytecode
from darwindeck.genome.library import game_names, get_game
from darwindeck.genome.serialization import from_json, save_genome, to_json

REFERENCE = Path(__file__).resolve().parents[3] / "shared" / "reference" / "darwindeck-genomes"


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    """Run the CLI in-process; returns (exit code, stdout, stderr)."""
    with pytest.raises(SystemExit) as stopped:
        main(list(args))
    captured = capsys.readouterr()
    code = stopped.value.code
    return (code if isinstance(code, int) else 0), captured.out, captured.err


def test_games_lists_every_library_game(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "games")
    assert code == 0
    for slug in game_names():
        assert slug in out


def test_show_json_is_the_genome(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "show", "spades", "--json")
    assert code == 0
    assert from_json(out) == get_game("spades")


def test_show_summary_names_the_teams(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "show", "Partnership Spades")
    assert code == 0
    assert "teams: ((0, 2), (1, 3))" in out


def test_unknown_game_is_one_line_exit_2(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "show", "hartes")
    assert code == 2
    assert out == ""
    assert err == "error: unknown game 'hartes'; did you mean: hearts? `darwindeck games` lists all games.\n"


def test_validate_accepts_a_valid_file(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "hearts.json"
    save_genome(get_game("hearts"), path)
    code, out, _ = run(capsys, "validate", str(path))
    assert code == 0
    assert out == f"{path}: valid (0 warning(s))\n"


def test_validate_lists_every_problem_and_exits_2(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    data = json.loads(to_json(get_game("war")))
    data["player_count"] = 3
    data["max_turns"] = 0
    path = tmp_path / "broken.json"
    path.write_text(json.dumps(data))
    code, out, _ = run(capsys, "validate", str(path))
    assert code == 2
    assert out.splitlines() == [
        "error setup.cards_per_player: 26 cards × 3 players + 0 to the discard = 78 cards, "
        "but the standard_52 deck has 52",
        "error setup.tableau_mode: war requires exactly 2 players, got 3",
        "error max_turns: must be 1..65535, got 0",
        f"{path}: 3 error(s), 0 warning(s)",
    ]


def test_validate_reports_bad_json_in_one_line(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "bad.json"
    path.write_text("{not json")
    code, _, err = run(capsys, "validate", str(path))
    assert code == 2
    # the one loader (serialization.load_genome) names the line and column
    assert err.startswith(f"error: {path}:1:2: malformed JSON: ")
    assert err.count("\n") == 1


def test_compile_writes_bytecode_that_parses_back(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    output = tmp_path / "out" / "uno.bin"
    code, out, _ = run(capsys, "compile", "uno-style", "-o", str(output))
    data = output.read_bytes()
    assert code == 0
    assert out == f"wrote {output} ({len(data)} bytes)\n"
    assert data[0] == 2
    assert parse_bytecode(data).special_effects == get_game("uno-style").special_effects


def test_compile_missing_file_leaves_nothing(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    output = tmp_path / "never.bin"
    code, _, err = run(capsys, "compile", str(tmp_path / "missing.json"), "-o", str(output))
    assert code == 2
    assert err == f"error: {tmp_path / 'missing.json'}: no such file\n"
    assert not output.exists()


def test_rulebook_to_file_in_html(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    output = tmp_path / "war.html"
    code, _, _ = run(capsys, "rulebook", "war", "--format", "html", "-o", str(output))
    assert code == 0
    assert output.read_text().startswith("<!DOCTYPE html>")


def test_rulebook_reads_a_genome_file(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "fan.json"
    save_genome(get_game("fan-tan"), path)
    code, out, _ = run(capsys, "rulebook", str(path))
    assert code == 0
    assert out.startswith("# Fan Tan\n")


@pytest.mark.skipif(
    not REFERENCE.is_dir(), reason="the DarwinDeck reference genomes are not beside this clone"
)
def test_import_one_reference_file(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    source = REFERENCE / "20260110-165332_rank01_StoneRune.json"
    code, out, _ = run(capsys, "import", str(source), "-o", str(tmp_path))
    assert code == 0
    assert out.splitlines()[-1].startswith("imported ")


def test_import_missing_path_is_a_user_error(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code, _, err = run(capsys, "import", str(tmp_path / "nope"), "-o", str(tmp_path / "out"))
    assert code == 2
    assert err == f"error: {tmp_path / 'nope'}: no such file or directory\n"


def test_console_script_shows_no_traceback() -> None:
    done = subprocess.run(
        [sys.executable, "-c", "from darwindeck.cli import main; main()", "rulebook", "no-such-game"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 2
    assert "Traceback" not in done.stderr
    assert done.stderr.startswith("error: unknown game 'no-such-game'")

"""The command line a newcomer meets (issue 27, item 5): the compile notice of ``play`` and ``serve``,
where the demo stores its run, bytecode and duplicate keys through the one loader, help texts that
name every policy and deck, text that is never read as Rich markup, and the rulebook the demo shows.

Nothing here plays a game: the engine is not compiled by these tests (the session and the server are
stubbed where a verb would start them)."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import pytest
from rich.table import Table
from typer.testing import CliRunner

from darwindeck.cli import app, common, demo_verbs, evolve_verbs, main, play_verbs, simulate_verbs
from darwindeck.engine.policies import POLICY_NAMES
from darwindeck.evolve.archive import Elite
from darwindeck.evolve.quality.descriptors import Descriptors
from darwindeck.evolve.store import Evaluation, default_store_url
from darwindeck.genome.bytecode import compile_genome
from darwindeck.genome.library import get_game
from darwindeck.genome.serialization import to_json
from darwindeck.tcg.core.decks import shipped_deck_names


def run_main(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    """``darwindeck ARGV`` as the console script runs it: (exit code, stdout, stderr)."""
    with pytest.raises(SystemExit) as raised:
        main(argv)
    captured = capsys.readouterr()
    code = raised.value.code
    return (code if isinstance(code, int) else 1), captured.out, captured.err


# ------------------------------------------------------------------------------ the compile notice


class _Session:
    """Stands in for ``PlaySession``: records what was printed before the game would start."""

    def __init__(self, *args: object) -> None:
        self.args = args

    def run(self) -> None:
        print("SESSION STARTS")


def test_play_says_the_engine_compiles_before_the_game_starts(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    monkeypatch.setattr("darwindeck.engine.cache_guard.is_compiled", lambda: False)
    monkeypatch.setattr(play_verbs, "PlaySession", _Session)
    code, out, _ = run_main(
        ["play", "crazy-eights", "--opponents", "random", "--results", str(tmp_path / "r.jsonl")], capsys
    )
    assert code == 0
    assert out.index(common.FIRST_COMPILE_NOTICE) < out.index("SESSION STARTS")


def test_serve_says_the_engine_compiles_before_it_listens(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    import uvicorn

    monkeypatch.setattr("darwindeck.engine.cache_guard.is_compiled", lambda: False)
    monkeypatch.setattr(uvicorn, "run", lambda *args, **kwargs: print("LISTENING"))
    code, out, _ = run_main(["serve", "--db", str(tmp_path / "runs.db")], capsys)
    assert code == 0
    assert out.index(common.FIRST_COMPILE_NOTICE) < out.index("LISTENING")


def test_simulate_says_the_engine_compiles_except_in_json(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr("darwindeck.engine.cache_guard.is_compiled", lambda: False)
    monkeypatch.setattr(simulate_verbs, "run_batch", lambda *args, **kwargs: print("BATCH") or 1 / 0)
    with pytest.raises(ZeroDivisionError):
        main(["simulate", "crazy-eights", "--games", "10"])
    out = capsys.readouterr().out
    assert out.index(common.FIRST_COMPILE_NOTICE) < out.index("BATCH")
    with pytest.raises(ZeroDivisionError):
        main(["simulate", "crazy-eights", "--games", "10", "--json"])
    assert capsys.readouterr().out == "BATCH\n"


def test_a_compiled_engine_is_not_announced(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr("darwindeck.engine.cache_guard.is_compiled", lambda: True)
    common.announce_first_compile()
    assert capsys.readouterr().out == ""


# -------------------------------------------------------------------------- where the demo's run is


def test_the_demo_stores_its_run_where_runs_and_serve_look(monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[dict[str, Any]] = []
    monkeypatch.setattr(demo_verbs, "evolve", lambda **kwargs: calls.append(kwargs))
    demo_verbs.demo()
    # `runs` and `serve` open RunStore(db) with db None, the default store: the demo must too.
    assert calls[0]["db"] is None
    assert calls[0]["out"] == Path("evolved") / "demo"


def test_the_run_names_its_store_and_the_command_that_shows_it() -> None:
    assert evolve_verbs.stored_line(4, default_store_url(), None) == (
        f"stored as run 4 in {default_store_url()}; see it with `darwindeck runs show 4`"
    )
    assert evolve_verbs.stored_line(2, "/tmp/x/runs.db", "/tmp/x/runs.db") == (
        "stored as run 2 in /tmp/x/runs.db; see it with `darwindeck runs show 2 --db /tmp/x/runs.db`"
    )


# ---------------------------------------------------------------------------- one loader, bytecode


def test_a_bytecode_file_is_a_game_argument(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "hearts.bin"
    path.write_bytes(compile_genome(get_game("hearts")))
    genome = common.resolve_game(str(path))
    # docs/bytecode.md: parse(compile(g)) equals g except name and description; the file names the game.
    assert genome.identity == get_game("hearts").identity
    assert genome.name == "hearts"
    code, out, err = run_main(["show", str(path)], capsys)
    assert (code, err) == (0, "")
    assert out.startswith(f"hearts  (identity {genome.identity[:12]})")


def test_a_bad_bytecode_file_is_one_error_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "cut.bin"
    path.write_bytes(compile_genome(get_game("hearts"))[:20])
    code, out, err = run_main(["simulate", str(path), "--games", "1"], capsys)
    assert code == 2
    assert out == ""
    lines = err.strip().splitlines()
    assert len(lines) == 1
    assert lines[0].startswith(f"error: {path}: bytecode header section, byte ")


def test_validate_refuses_a_duplicate_key(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    text = to_json(get_game("crazy-eights"))
    doubled = text.replace('"max_turns": ', '"max_turns": 7, "max_turns": ', 1)
    path = tmp_path / "twice.json"
    path.write_text(doubled, encoding="utf-8")
    code, out, err = run_main(["validate", str(path)], capsys)
    assert code == 2
    assert "valid" not in out
    assert err.strip() == f"error: {path}: duplicate key 'max_turns' in one object"


def test_validate_reads_bytecode_too(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "eights.bin"
    path.write_bytes(compile_genome(get_game("crazy-eights")))
    code, out, _ = run_main(["validate", str(path)], capsys)
    assert code == 0
    assert out.startswith(f"{path}: valid (")


# ------------------------------------------------------------------------------------- help texts


def _help(*verb: str) -> str:
    result = CliRunner().invoke(app, [*verb, "--help"], env={"COLUMNS": "400", "NO_COLOR": "1"})
    assert result.exit_code == 0, result.output
    return " ".join(result.output.split())


def test_simulate_help_names_every_policy() -> None:
    text = _help("simulate")
    assert POLICY_NAMES == ("random", "greedy", "mcts")
    assert "(random, greedy, mcts)" in text


def test_battle_help_lists_the_decks_and_players() -> None:
    text = _help("battle")
    assert len(shipped_deck_names()) == 6
    for deck in shipped_deck_names():
        assert deck in text
    assert "random, greedy, mcts" in text


def test_game_arguments_say_they_take_bytecode() -> None:
    for verb in ("simulate", "play", "show", "rulebook", "skill"):
        assert "bytecode" in _help(verb), verb


# ------------------------------------------------------------------------------------------ markup


def test_an_error_keeps_its_brackets(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run_main(["show", "decks/[F]x/[bold]y.json"], capsys)
    assert code == 2
    assert err.strip() == "error: decks/[F]x/[bold]y.json: no such file"


def test_the_ray_hint_keeps_its_extra(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(sys.modules, "ray", None)  # as without the extra: `import ray` fails
    code, _, err = run_main(["evolve", "--backend", "ray", "--db", str(tmp_path / "runs.db")], capsys)
    assert code == 2
    assert err.strip() == "error: the Ray back-end needs the optional extra: pip install 'darwindeck[ray]'"


def test_data_text_is_printed_as_written(capsys: pytest.CaptureFixture[str]) -> None:
    common.console.print("Energy [F][W]: attach to [bold]Onix[/bold]")
    assert capsys.readouterr().out == "Energy [F][W]: attach to [bold]Onix[/bold]\n"
    # tables too (simulate, skill, runs, cards print game and card names in tables)
    table = Table(title="Game [F]")
    table.add_column("name")
    table.add_row("Energy [W]")
    common.console.print(table)
    out = capsys.readouterr().out
    assert "Game [F]" in out and "Energy [W]" in out


# ------------------------------------------------------------------------------ the demo's rulebook


def _elite(identity: str, total: float, bar: bool) -> Elite:
    # gallery.meets_bar: judged (mcts 1), skill depth >= 2, |first-player advantage| <= 0.10, 10-200
    # meaningful decisions a game; the unjudged elite fails on the first condition.
    breakdown = {
        "mcts": 1.0 if bar else 0.0,
        "skill_depth": 2.0,
        "first_player_advantage": 0.05,
        "meaningful_decisions": 40.0,
    }
    descriptors = Descriptors("shedding", "2", "short", "low", "high", "hidden", "52", "2", "one")
    return Elite(identity, get_game("crazy-eights"), Evaluation(total, breakdown), descriptors)


def test_the_rulebook_shown_is_the_best_game_that_meets_the_bar(tmp_path: Path) -> None:
    gallery = [_elite("a" * 64, 0.9, False), _elite("b" * 64, 0.8, True), _elite("c" * 64, 0.7, True)]
    heading, path = evolve_verbs.shown_rulebook(gallery, tmp_path, [tmp_path / "01-aaaaaaaaaaaa.md"])
    assert path == tmp_path / "gallery" / "02-bbbbbbbbbbbb.md"
    assert heading == "Rulebook of the best game that meets the bar (gallery #2, 02-bbbbbbbbbbbb.md):"


def test_without_a_game_at_the_bar_the_best_fitness_is_shown_and_said(tmp_path: Path) -> None:
    gallery = [_elite("a" * 64, 0.9, False)]
    best = tmp_path / "01-dddddddddddd.md"
    heading, path = evolve_verbs.shown_rulebook(gallery, tmp_path, [best])
    assert path == best
    assert heading.startswith("No game of this run meets the bar (judged, skill depth 2 or more, ")
    assert heading.endswith("rulebook of the best fitness instead (01-dddddddddddd.md):")

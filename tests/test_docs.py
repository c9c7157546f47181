"""Every code block of ``README.md`` and ``docs/*.md`` runs (the rules are in ``docs/testing.md``).

* ``python`` blocks are doctests when they hold ``>>>`` prompts (their output must match), else they are
  executed as they stand.
* ``bash`` and ``console`` blocks hold ``darwindeck …`` commands, run through the real entry point
  (``darwindeck.cli.main``) in a temporary folder shared by the page's blocks; ``> FILE`` writes the
  command's output to FILE. In a ``console`` block a command starts with ``$ `` and the lines shown under it
  must each appear in its output, whitespace runs counted as one space (``…`` stands for lines left out);
  a command whose shown output starts with ``error:`` must exit with 2, every other with 0.
* A block preceded by the line ``<!-- docs-test: skip (REASON) -->`` is not run; the reason is required.
* Any other language (``text``, a diagram) is not code and is not run.

The maps: every package's ``__init__`` docstring lists each of its modules and subpackages on a line of its
own (``* ``name``: what it is``), so the list cannot silently fall behind the folder.
"""

from __future__ import annotations

import ast
import doctest
import itertools
import re
import shlex
from dataclasses import dataclass
from pathlib import Path

import pytest

from darwindeck.cli import main

ROOT = Path(__file__).resolve().parent.parent
SRC = ROOT / "src" / "darwindeck"
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
SKIP = re.compile(r"<!-- docs-test: skip \((?P<reason>[^)]+)\) -->")
FENCE = re.compile(r"^```(?P<language>[\w-]*)\n(?P<body>.*?)^```$", re.M | re.S)
RUN = {"python", "bash", "console"}


@dataclass(frozen=True)
class Block:
    """One fenced code block of a page."""

    page: Path
    line: int
    language: str
    body: str
    skip: str | None

    @property
    def where(self) -> str:
        return f"{self.page.relative_to(ROOT)}:{self.line}"


@dataclass(frozen=True)
class Command:
    """One ``darwindeck`` command of a block and the output lines shown under it."""

    argv: tuple[str, ...]
    redirect: str | None
    shown: tuple[str, ...]


def blocks(page: Path) -> list[Block]:
    text = page.read_text(encoding="utf-8")
    found = []
    for match in FENCE.finditer(text):
        before = text[: match.start()].rstrip("\n").splitlines()
        marker = SKIP.fullmatch(before[-1].strip()) if before else None
        line = text.count("\n", 0, match.start()) + 1
        skip = marker.group("reason") if marker else None
        found.append(Block(page, line, match.group("language"), match.group("body"), skip))
    return found


def _command(line: str, where: str) -> tuple[tuple[str, ...], str | None]:
    words = shlex.split(line, comments=True)
    if not words or words[0] != "darwindeck":
        raise AssertionError(f"{where}: {line!r} is not a darwindeck command; mark the block to skip")
    if ">" in words:
        at = words.index(">")
        return tuple(words[1:at]), words[at + 1]
    return tuple(words[1:]), None


def commands(block: Block) -> list[Command]:
    """The commands of a bash block (one a line) or a console block (``$ `` lines, output under them)."""
    found: list[Command] = []
    lines = block.body.splitlines()
    if block.language == "bash":
        for line in lines:
            if line.strip() and not line.strip().startswith("#"):
                argv, redirect = _command(line, block.where)
                found.append(Command(argv, redirect, ()))
        return found
    for index, line in enumerate(lines):
        if line.startswith("$ "):
            argv, redirect = _command(line[2:], block.where)
            rest = lines[index + 1 :]
            end = next((k for k, later in enumerate(rest) if later.startswith("$ ")), len(rest))
            shown = tuple(s.strip() for s in rest[:end] if s.strip() and s.strip() != "…")
            found.append(Command(argv, redirect, shown))
    return found


def _squeeze(text: str) -> str:
    return " ".join(text.split())


def run_command(command: Command, capsys: pytest.CaptureFixture[str], where: str) -> None:
    code = 0
    try:
        main(list(command.argv))
    except SystemExit as stopped:
        code = stopped.code if isinstance(stopped.code, int) else 1
    captured = capsys.readouterr()
    output = captured.out + captured.err
    expected = 2 if command.shown and command.shown[0].startswith("error:") else 0
    assert code == expected, f"{where}: darwindeck {' '.join(command.argv)} exited {code}:\n{output}"
    if command.redirect:
        Path(command.redirect).write_text(captured.out, encoding="utf-8")
    squeezed = _squeeze(output)
    missing = [line for line in command.shown if _squeeze(line) not in squeezed]
    assert missing == [], f"{where}: darwindeck {' '.join(command.argv)} did not print {missing}:\n{output}"


def run_python(block: Block) -> None:
    if ">>>" not in block.body:
        exec(compile(block.body, block.where, "exec"), {})
        return
    parser = doctest.DocTestParser()
    test = parser.get_doctest(block.body, {}, block.where, str(block.page), block.line)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    runner.run(test)
    assert runner.failures == 0, f"{block.where}: {runner.failures} doctest example(s) failed (output above)"


def test_every_skip_marker_gives_a_reason_and_stands_on_a_block() -> None:
    loose = []
    for page in PAGES:
        lines = page.read_text(encoding="utf-8").splitlines()
        for number, line in enumerate(lines[:-1], start=1):
            on_a_block = SKIP.fullmatch(line) and lines[number].startswith("```")
            if line.startswith("<!-- docs-test") and not on_a_block:
                loose.append(f"{page.name}:{number}")
    assert loose == []
    assert any(b.language == "python" and not b.skip for b in blocks(ROOT / "README.md"))


def test_the_block_reader_by_example() -> None:
    text = "$ darwindeck show x\nerror: no\n…\n\n$ darwindeck games\n"
    block = Block(ROOT / "README.md", 1, "console", text, None)
    assert commands(block) == [Command(("show", "x"), None, ("error: no",)), Command(("games",), None, ())]
    bash = Block(ROOT / "README.md", 1, "bash", "darwindeck show war --json > war.json  # a file\n", None)
    assert commands(bash) == [Command(("show", "war", "--json"), "war.json", ())]
    with pytest.raises(AssertionError, match="not a darwindeck command"):
        commands(Block(ROOT / "README.md", 1, "bash", "make demo\n", None))


@pytest.mark.parametrize("page", PAGES, ids=[p.name for p in PAGES])
def test_every_code_block_runs(
    page: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("COLUMNS", "100")
    for block in blocks(page):
        if block.skip or block.language not in RUN:
            continue
        if block.language == "python":
            run_python(block)
            continue
        for command in commands(block):
            run_command(command, capsys, block.where)


def unlisted(init: Path) -> list[str]:
    """The modules and subpackages of ``init``'s package that its docstring does not list."""
    doc = ast.get_docstring(ast.parse(init.read_text(encoding="utf-8"))) or ""
    folder = init.parent
    names = [p.stem for p in folder.glob("*.py") if p.name != "__init__.py"]
    names += [p.name for p in folder.iterdir() if (p / "__init__.py").is_file()]
    return sorted(n for n in names if not re.search(rf"^[*-] ``{re.escape(n)}``", doc, re.M))


def test_every_package_docstring_lists_every_module() -> None:
    missing = {
        str(init.parent.relative_to(SRC.parent)): names
        for init in sorted(SRC.rglob("__init__.py"))
        if (names := unlisted(init))
    }
    assert missing == {}


def test_the_map_check_catches_a_missing_module(tmp_path: Path) -> None:
    (tmp_path / "__init__.py").write_text('"""A package.\n\n* ``kept``: listed.\n"""\n')
    (tmp_path / "kept.py").write_text("")
    (tmp_path / "forgotten.py").write_text("")
    assert unlisted(tmp_path / "__init__.py") == ["forgotten"]


def test_the_action_table_of_the_layout_reaches_the_last_action() -> None:
    from darwindeck.engine import layout

    rows = re.findall(r"^(\d+)(?:–(\d+))?\s{2,}", layout.__doc__ or "", re.M)
    covered = [(int(low), int(high or low)) for low, high in rows]
    # the rows tile the ids from 0 with no gap, and end at the last action id
    assert covered[0][0] == 0
    assert all(nxt[0] == prev[1] + 1 for prev, nxt in itertools.pairwise(covered))
    assert covered[-1][1] == layout.N_ACTIONS - 1


def test_the_specification_is_never_called_a_seed() -> None:
    """ "Spec 000" … "spec 004" name the specification documents; "seed" means a random seed only."""
    pattern = re.compile(r"\b[Ss]eeds? 00[0-4]")
    files = [ROOT / "README.md", *(ROOT / "docs").rglob("*.md"), *(ROOT / "src").rglob("*.py")]
    found = [
        f"{path.relative_to(ROOT)}:{n}"
        for path in files
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if pattern.search(line)
    ]
    assert found == []

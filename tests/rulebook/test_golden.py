"""Golden rulebooks: every library game's Markdown must match its checked-in file byte for byte, and its
HTML must carry the same headings."""

from __future__ import annotations

import difflib
from html.parser import HTMLParser
from pathlib import Path

import pytest

from darwindeck.genome.library import game_names, get_game
from darwindeck.rulebook import build_rulebook, render_html, render_markdown

GOLDEN_DIR = Path(__file__).resolve().parent / "golden"
REGENERATE = ".venv/bin/python tests/rulebook/regenerate_golden.py"


@pytest.mark.golden
@pytest.mark.parametrize("slug", game_names())
def test_rulebook_matches_golden_file(slug: str) -> None:
    path = GOLDEN_DIR / f"{slug}.md"
    actual = render_markdown(get_game(slug))
    assert path.exists(), f"no golden rulebook for {slug!r}: run `{REGENERATE}` and review the new file"
    expected = path.read_text(encoding="utf-8")
    if actual != expected:
        diff = "".join(
            difflib.unified_diff(
                expected.splitlines(keepends=True),
                actual.splitlines(keepends=True),
                fromfile=f"golden/{slug}.md",
                tofile="generated",
            )
        )
        pytest.fail(
            f"rulebook of {slug!r} differs from its golden file.\n{diff}\n"
            f"If the change is intended, run `{REGENERATE}` and review the diff.",
            pytrace=False,
        )


@pytest.mark.golden
def test_every_golden_file_belongs_to_a_library_game() -> None:
    stale = sorted(path.stem for path in GOLDEN_DIR.glob("*.md") if path.stem not in game_names())
    assert stale == [], f"golden files of games not in the library: {stale}; run `{REGENERATE}`"


class HeadingCollector(HTMLParser):
    """Collects ``(level, text)`` of every h1-h3 and checks the document is well nested."""

    def __init__(self) -> None:
        super().__init__()
        self.headings: list[tuple[int, str]] = []
        self.open_tags: list[str] = []
        self._level: int | None = None
        self._text: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == "meta":
            return
        self.open_tags.append(tag)
        if tag in ("h1", "h2", "h3"):
            self._level = int(tag[1])
            self._text = []

    def handle_endtag(self, tag: str) -> None:
        assert self.open_tags and self.open_tags[-1] == tag, f"</{tag}> closes {self.open_tags[-1:]}"
        self.open_tags.pop()
        if self._level is not None and tag == f"h{self._level}":
            self.headings.append((self._level, "".join(self._text)))
            self._level = None

    def handle_data(self, data: str) -> None:
        if self._level is not None:
            self._text.append(data)


def markdown_headings(markdown: str) -> list[tuple[int, str]]:
    found = []
    for line in markdown.splitlines():
        hashes, _, text = line.partition(" ")
        if hashes and set(hashes) == {"#"}:
            found.append((len(hashes), text.replace("\\", "")))
    return found


@pytest.mark.parametrize("slug", game_names())
def test_html_is_standalone_and_has_the_markdown_headings(slug: str) -> None:
    genome = get_game(slug)
    document = render_html(genome)
    assert document.startswith('<!DOCTYPE html>\n<html lang="en">')
    assert document.endswith("</html>\n")
    parser = HeadingCollector()
    parser.feed(document)
    parser.close()
    assert parser.open_tags == []
    assert parser.headings == markdown_headings(render_markdown(genome))
    assert parser.headings == build_rulebook(genome).headings()

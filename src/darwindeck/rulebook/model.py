"""The rulebook's document model: what both renderers (Markdown and HTML) are built from.

A ``Rulebook`` is a title and an ordered tuple of ``Section``; a section has a title, blocks and
subsections (one level is enough: the Turn section's phases). A block is a ``Paragraph``, a
``BulletList`` or a ``Table``. All text is plain text (no markup); each renderer escapes it for its own
format, so a genome's name or description can never inject Markdown or HTML.

``Rulebook.statements`` holds the checkable statements beside the sentences (``rulebook.statements``):
the sentences about who acts, tricks per hand, the game's end and scoring are built from it.
``build_rulebook`` always sets it; a model built by hand (renderer tests) may leave it ``None``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TypeAlias

from darwindeck.rulebook.statements import Statements


@dataclass(frozen=True)
class Paragraph:
    text: str


@dataclass(frozen=True)
class BulletList:
    items: tuple[str, ...]


@dataclass(frozen=True)
class Table:
    header: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]


Block: TypeAlias = Paragraph | BulletList | Table


@dataclass(frozen=True)
class Section:
    title: str
    blocks: tuple[Block, ...]
    subsections: tuple[Section, ...] = ()


@dataclass(frozen=True)
class Rulebook:
    title: str
    sections: tuple[Section, ...]
    statements: Statements | None = None

    def headings(self) -> list[tuple[int, str]]:
        """Every heading as ``(level, text)`` in document order: 1 for the title, 2 and 3 below it."""
        found = [(1, self.title)]
        for section in self.sections:
            found.append((2, section.title))
            found.extend((3, sub.title) for sub in section.subsections)
        return found

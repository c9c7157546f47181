"""Render a ``Rulebook`` as Markdown (CommonMark with GitHub tables).

Rules: ``#`` for the title, ``##`` for sections, ``###`` for subsections; one blank line between blocks;
bullet lists with ``- ``; tables with a header row and ``---`` separators. Every piece of text is escaped
(``\\ ` * _ [ ] < > # |`` and a leading list or heading marker), so a genome's name or description is
shown literally. The output ends with exactly one newline.
"""

from __future__ import annotations

import re

from darwindeck.rulebook.model import Block, BulletList, Paragraph, Rulebook, Section, Table

_SPECIAL = re.compile(r"([\\`*_\[\]<>#|])")
_LEADING_MARKER = re.compile(r"^([-+=]|\d+(?=[.)]))")


def escape(text: str) -> str:
    """``text`` with every Markdown-special character backslash-escaped."""
    escaped = _SPECIAL.sub(r"\\\1", text)
    match = _LEADING_MARKER.match(escaped)
    if match is None:
        return escaped
    if match.group(1)[0].isdigit():
        end = match.end()
        return f"{escaped[:end]}\\{escaped[end:]}"
    return f"\\{escaped}"


def to_markdown(rulebook: Rulebook) -> str:
    """The whole rulebook as one Markdown document."""
    chunks = [f"# {escape(rulebook.title)}"]
    for section in rulebook.sections:
        chunks.extend(_section(section, level=2))
    return "\n\n".join(chunks) + "\n"


def _section(section: Section, level: int) -> list[str]:
    chunks = [f"{'#' * level} {escape(section.title)}"]
    chunks.extend(_block(block) for block in section.blocks)
    for subsection in section.subsections:
        chunks.extend(_section(subsection, level + 1))
    return chunks


def _block(block: Block) -> str:
    if isinstance(block, Paragraph):
        return escape(block.text)
    if isinstance(block, BulletList):
        return "\n".join(f"- {escape(item)}" for item in block.items)
    return _table(block)


def _table(table: Table) -> str:
    lines = [_row(table.header), "| " + " | ".join("---" for _ in table.header) + " |"]
    lines.extend(_row(row) for row in table.rows)
    return "\n".join(lines)


def _row(cells: tuple[str, ...]) -> str:
    return "| " + " | ".join(escape(cell) for cell in cells) + " |"

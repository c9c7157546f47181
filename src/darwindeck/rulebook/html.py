"""Render a ``Rulebook`` as one standalone HTML5 document.

Rules: the same section model as the Markdown renderer, so both carry the same headings in the same
order (``h1`` title, ``h2`` sections, ``h3`` subsections, each section in a ``<section>``). Every piece of
text goes through ``html.escape`` (quotes included); a small inline stylesheet makes the document
readable on its own, with no external resource. The output ends with exactly one newline.
"""

from __future__ import annotations

from html import escape

from darwindeck.rulebook.model import Block, BulletList, Paragraph, Rulebook, Section, Table

_STYLE = (
    "body{font-family:Georgia,serif;max-width:46em;margin:2em auto;padding:0 1em;line-height:1.5}"
    "table{border-collapse:collapse}th,td{border:1px solid #999;padding:.3em .6em;text-align:left}"
)


def to_html(rulebook: Rulebook) -> str:
    """The whole rulebook as a complete HTML document."""
    title = escape(rulebook.title)
    lines = [
        "<!DOCTYPE html>",
        '<html lang="en">',
        "<head>",
        '<meta charset="utf-8">',
        f"<title>{title}</title>",
        f"<style>{_STYLE}</style>",
        "</head>",
        "<body>",
        f"<h1>{title}</h1>",
    ]
    for section in rulebook.sections:
        lines.extend(_section(section, level=2))
    lines.extend(["</body>", "</html>"])
    return "\n".join(lines) + "\n"


def _section(section: Section, level: int) -> list[str]:
    lines = ["<section>", f"<h{level}>{escape(section.title)}</h{level}>"]
    for block in section.blocks:
        lines.extend(_block(block))
    for subsection in section.subsections:
        lines.extend(_section(subsection, level + 1))
    lines.append("</section>")
    return lines


def _block(block: Block) -> list[str]:
    if isinstance(block, Paragraph):
        return [f"<p>{escape(block.text)}</p>"]
    if isinstance(block, BulletList):
        return ["<ul>", *(f"<li>{escape(item)}</li>" for item in block.items), "</ul>"]
    return _table(block)


def _table(table: Table) -> list[str]:
    header = "".join(f"<th>{escape(cell)}</th>" for cell in table.header)
    lines = ["<table>", f"<thead><tr>{header}</tr></thead>", "<tbody>"]
    for row in table.rows:
        lines.append("<tr>" + "".join(f"<td>{escape(cell)}</td>" for cell in row) + "</tr>")
    lines.extend(["</tbody>", "</table>"])
    return lines

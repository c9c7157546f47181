"""Rulebooks: a genome → a Markdown or HTML rulebook a person can play from.

The text is generated only from what the genome states, with the semantics documented in the schema
modules (``darwindeck.genome.{cards,conditions,phases,schema}``) and the spec; it is deterministic (the
same genome always gives the same bytes). ``build_rulebook`` gives the section model both renderers use.

* ``model``: the document model both renderers are built from.
* ``statements``: the rulebook's checkable claims (who acts, tricks per hand, when the game ends), made from
  the same facts as its sentences.
* ``sections``: a genome's rulebook as ordered sections.
* ``turn``: the Turn section, one subsection per phase, and the order of play.
* ``conditions_text``: conditions as English clauses.
* ``describe``: win conditions and special effects as sentences.
* ``scoring_text``: contracts, card scoring and hand evaluation as sentences and tables.
* ``words``: how ranks, suits, places, targets and counts are written.
* ``markdown``: a rulebook rendered as Markdown.
* ``html``: a rulebook rendered as one standalone HTML5 document.

>>> from darwindeck.genome import GameGenome, PlayPhase, SetupRules, TurnStructure, WinCondition, WinType
>>> genome = GameGenome(
...     name="Tiny",
...     setup=SetupRules(cards_per_player=5),
...     turn_structure=TurnStructure(phases=(PlayPhase(),)),
...     win_conditions=(WinCondition(WinType.EMPTY_HAND),),
... )
>>> render_markdown(genome).splitlines()[0]
'# Tiny'
"""

from __future__ import annotations

from typing import Literal

from darwindeck.errors import DarwinDeckError
from darwindeck.genome.schema import GameGenome
from darwindeck.rulebook.html import to_html
from darwindeck.rulebook.markdown import to_markdown
from darwindeck.rulebook.model import BulletList, Paragraph, Rulebook, Section, Table
from darwindeck.rulebook.sections import build_rulebook

RulebookFormat = Literal["md", "html"]


def render_markdown(genome: GameGenome) -> str:
    """The rulebook of ``genome`` as Markdown."""
    return to_markdown(build_rulebook(genome))


def render_html(genome: GameGenome) -> str:
    """The rulebook of ``genome`` as a complete, standalone HTML document."""
    return to_html(build_rulebook(genome))


def render_rulebook(genome: GameGenome, fmt: RulebookFormat = "md") -> str:
    """The rulebook of ``genome`` in ``fmt`` ("md" or "html"); any other format is a ``DarwinDeckError``."""
    if fmt == "md":
        return render_markdown(genome)
    if fmt == "html":
        return render_html(genome)
    raise DarwinDeckError(f"rulebook format: {fmt!r} is not one of 'md', 'html'")


__all__ = [
    "BulletList",
    "Paragraph",
    "Rulebook",
    "RulebookFormat",
    "Section",
    "Table",
    "build_rulebook",
    "render_html",
    "render_markdown",
    "render_rulebook",
]

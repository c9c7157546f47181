"""Designer's reports kept for the web game page (``darwindeck explain GAME --db FILE``).

A report (``evolve.explain``) takes minutes to make, so the server never makes one on request (a client
could keep it busy): whoever runs the server makes it with ``darwindeck explain GAME --db FILE``, which
keeps it here, and the game's page links to it (``/games/{key}/report``, the arc's plot at
``/games/{key}/report-arc.png``).

Table (created next to the run store's tables, in the same database):

==========  ===========================================================================================
reports     identity (the genome identity of the game explained) key, created (UTC ISO-8601), seed,
            markdown (the report, with the plot referred to as ``PLOT_NAME``), plot (PNG bytes, or null
            when the game had no arc to draw)
==========  ===========================================================================================

A new report of the same game replaces the old one. The page renders the Markdown with markdown-it-py
(the CommonMark parser Rich already brings, so no new dependency) with raw HTML off: a genome's name or
any text in the report is escaped, never run.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime

from markdown_it import MarkdownIt
from sqlalchemy import Integer, LargeBinary, String, Text
from sqlalchemy.engine import Engine
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column, sessionmaker

#: How the report's Markdown refers to its plot; the page serves it at ``/games/{key}/report-arc.png``.
PLOT_NAME = "report-arc.png"


class _Base(DeclarativeBase):
    pass


class _Report(_Base):
    __tablename__ = "reports"
    identity: Mapped[str] = mapped_column(String(64), primary_key=True)
    created: Mapped[str] = mapped_column(String(32))
    seed: Mapped[int] = mapped_column(Integer)
    markdown: Mapped[str] = mapped_column(Text)
    plot: Mapped[bytes | None] = mapped_column(LargeBinary, nullable=True)


@dataclass(frozen=True)
class Report:
    """A kept report: when and with which seed it was made, its Markdown and its plot."""

    identity: str
    created: str
    seed: int
    markdown: str
    plot: bytes | None


class ReportRecords:
    """The reports of the database of ``engine`` (module docstring)."""

    def __init__(self, engine: Engine) -> None:
        _Base.metadata.create_all(engine)
        self._session = sessionmaker(engine, expire_on_commit=False)

    def save(self, identity: str, seed: int, markdown: str, plot: bytes | None) -> None:
        """Keep the report of the game ``identity``, replacing an older one."""
        created = datetime.now(UTC).isoformat(timespec="seconds")
        with self._session.begin() as session:
            session.merge(
                _Report(identity=identity, created=created, seed=seed, markdown=markdown, plot=plot)
            )

    def load(self, identity: str) -> Report | None:
        """The kept report of the game ``identity``, if there is one."""
        with self._session() as session:
            row = session.get(_Report, identity)
            if row is None:
                return None
            return Report(row.identity, row.created, row.seed, row.markdown, row.plot)


def report_html(markdown: str) -> str:
    """The report's Markdown as HTML (tables on, raw HTML off: module docstring)."""
    html: str = MarkdownIt("commonmark", {"html": False}).enable("table").render(markdown)
    return html

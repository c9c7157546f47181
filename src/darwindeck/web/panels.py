"""Blind panels: a set of games people play and rate without knowing their names or where they came from.

A *panel* is made by whoever runs the server (``darwindeck panel new GAME … --db FILE``): its games are
put in a random order and shown only as "Game A", "Game B", … (``label``). A panelist opens the panel's
link (its id is a random 64-bit token: whoever has the link may rate), reads each game's rulebook with
the name and the description removed (``blind_genome``), plays it at a table against the computer, and
rates it on four scales of 1–5 (``SCALES``: how clear the rules were, how much the decisions mattered,
whether every rule earned its place, how much fun it was) with a comment. Only the panel's maker sees
the names again, in the results (``results``; ``darwindeck panel results ID``).

Tables (created next to the run store's tables, in the same database):

==============  ========================================================================================
panels          id (16 hex digits) key, created (UTC ISO-8601), title
panel_games     panel_id + label key, position (0 = "Game A"), game (the gallery key), identity (genome
                identity), genome (canonical JSON, as played: a later change to the gallery changes
                nothing of a panel)
panel_ratings   id key, created, panel_id, label, game, identity, rater (salted hash of the rating
                person's cookie token), web_game (the id of the game played before rating, or null),
                clarity, decisions, elegance, fun (1-5), comment; unique on (panel_id, label, rater)
==============  ========================================================================================

One verdict per person per game of a panel: rating again replaces it. A panel holds 1 to ``MAX_GAMES``
games, each gallery game at most once; a panel id that is not 16 hex digits is unknown, never looked up.
The order of the games is drawn from the operating system's secret randomness (``secrets``), or from a
given seed (tests), so a panelist cannot tell a library game from its position.
"""

from __future__ import annotations

import dataclasses
import random
import re
import secrets
import string
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime

from sqlalchemy import Index, Integer, String, Text, select
from sqlalchemy.engine import Engine
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column, sessionmaker

from darwindeck.errors import DarwinDeckError
from darwindeck.genome.identity import genome_identity
from darwindeck.genome.schema import GameGenome
from darwindeck.genome.serialization import from_json, to_json

#: The four scales of a verdict, in the order the form shows them, each with the question it asks.
SCALES: tuple[tuple[str, str], ...] = (
    ("clarity", "Were the rules clear from the rulebook?"),
    ("decisions", "Did your decisions matter?"),
    ("elegance", "Did every rule earn its place (nothing left over, nothing stapled on)?"),
    ("fun", "Would you enjoy playing it again?"),
)
MAX_GAMES = len(string.ascii_uppercase)
PANEL_ID = re.compile(r"[0-9a-f]{16}")


class PanelError(DarwinDeckError):
    """A panel that cannot be made or found (the message names the panel or game and the reason)."""


class _Base(DeclarativeBase):
    pass


class _Panel(_Base):
    __tablename__ = "panels"
    id: Mapped[str] = mapped_column(String(16), primary_key=True)
    created: Mapped[str] = mapped_column(String(32))
    title: Mapped[str] = mapped_column(String(200))


class _PanelGame(_Base):
    __tablename__ = "panel_games"
    panel_id: Mapped[str] = mapped_column(String(16), primary_key=True)
    label: Mapped[str] = mapped_column(String(1), primary_key=True)
    position: Mapped[int] = mapped_column(Integer)
    game: Mapped[str] = mapped_column(String(120))
    identity: Mapped[str] = mapped_column(String(64))
    genome: Mapped[str] = mapped_column(Text)


class _PanelRating(_Base):
    __tablename__ = "panel_ratings"
    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    created: Mapped[str] = mapped_column(String(32))
    panel_id: Mapped[str] = mapped_column(String(16))
    label: Mapped[str] = mapped_column(String(1))
    game: Mapped[str] = mapped_column(String(120))
    identity: Mapped[str] = mapped_column(String(64))
    rater: Mapped[str] = mapped_column(String(64))
    web_game: Mapped[str | None] = mapped_column(String(32), nullable=True)
    clarity: Mapped[int] = mapped_column(Integer)
    decisions: Mapped[int] = mapped_column(Integer)
    elegance: Mapped[int] = mapped_column(Integer)
    fun: Mapped[int] = mapped_column(Integer)
    comment: Mapped[str] = mapped_column(Text)
    __table_args__ = (Index("panel_ratings_one_per_rater", "panel_id", "label", "rater", unique=True),)


@dataclass(frozen=True)
class PanelGame:
    """One game of a panel: its blind label, and what only the panel's maker may see."""

    label: str
    game: str
    identity: str
    genome: GameGenome

    @property
    def blind_name(self) -> str:
        return f"Game {self.label}"


@dataclass(frozen=True)
class Panel:
    """A panel and its games in their blind order."""

    id: str
    title: str
    games: tuple[PanelGame, ...]

    def game(self, label: str) -> PanelGame:
        for game in self.games:
            if game.label == label:
                return game
        raise PanelError(f"panel {self.id}: has no game {label[:8]!r} (it has {self.labels()})")

    def labels(self) -> str:
        return ", ".join(game.label for game in self.games)


@dataclass(frozen=True)
class Verdict:
    """What one person said of one game of a panel: the four scales (1-5) and a comment."""

    clarity: int
    decisions: int
    elegance: int
    fun: int
    comment: str = ""

    def __post_init__(self) -> None:
        for name, _ in SCALES:
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= 5:
                raise PanelError(f"{name}: must be a whole number from 1 to 5, got {value!r}")


@dataclass(frozen=True)
class PanelResult:
    """One game's results in a panel: its name revealed, the number of verdicts and each scale's mean
    (None without verdicts), and the comments."""

    label: str
    game: str
    name: str
    identity: str
    verdicts: int
    means: dict[str, float | None]
    comments: tuple[str, ...]

    @property
    def overall(self) -> float | None:
        """The mean of the four scales' means (None without verdicts)."""
        values = [value for value in self.means.values() if value is not None]
        return sum(values) / len(values) if values else None


def blind_genome(genome: GameGenome, label: str) -> GameGenome:
    """``genome`` as a panelist reads it: named "Game ``label``" and with no description (a library
    game's description may name what it is, and an evolved game's says nothing the rules do not)."""
    return dataclasses.replace(genome, name=f"Game {label}", description="")


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


class PanelRecords:
    """Panels and their verdicts in the database of ``engine`` (module docstring)."""

    def __init__(self, engine: Engine) -> None:
        _Base.metadata.create_all(engine)
        self._session = sessionmaker(engine, expire_on_commit=False)

    def create(
        self, title: str, games: Sequence[tuple[str, GameGenome]], order_seed: int | None = None
    ) -> Panel:
        """A new panel of ``games`` (gallery key and genome) in a random order (module docstring)."""
        if not 1 <= len(games) <= MAX_GAMES:
            raise PanelError(f"a panel holds 1 to {MAX_GAMES} games, got {len(games)}")
        keys = [key for key, _ in games]
        twice = sorted({key for key in keys if keys.count(key) > 1})
        if twice:
            raise PanelError(f"game {twice[0]!r}: given more than once")
        order = list(games)
        chooser = random.Random(order_seed) if order_seed is not None else secrets.SystemRandom()
        chooser.shuffle(order)
        panel_id = secrets.token_hex(8)
        with self._session.begin() as session:
            session.add(_Panel(id=panel_id, created=_now(), title=title))
            for position, (key, genome) in enumerate(order):
                label = string.ascii_uppercase[position]
                session.add(
                    _PanelGame(
                        panel_id=panel_id,
                        label=label,
                        position=position,
                        game=key,
                        identity=genome_identity(genome),
                        genome=to_json(genome),
                    )
                )
        return self.panel(panel_id)

    def panel(self, panel_id: str) -> Panel:
        """The panel ``panel_id`` (``PanelError`` when there is none)."""
        with self._session() as session:
            row = session.get(_Panel, panel_id) if PANEL_ID.fullmatch(panel_id) else None
            if row is None:
                raise PanelError(f"panel {panel_id[:20]!r}: no such panel")
            games = session.scalars(
                select(_PanelGame).where(_PanelGame.panel_id == panel_id).order_by(_PanelGame.position)
            ).all()
            return Panel(
                row.id,
                row.title,
                tuple(
                    PanelGame(
                        g.label,
                        g.game,
                        g.identity,
                        from_json(g.genome, source=f"panel {row.id} game {g.label}"),
                    )
                    for g in games
                ),
            )

    def rate(self, panel: Panel, label: str, rater: str, verdict: Verdict, web_game: str | None) -> None:
        """Keep ``rater``'s verdict on game ``label`` of ``panel``, replacing an earlier one of theirs."""
        try:
            self._rate(panel, label, rater, verdict, web_game)
        except IntegrityError:  # the same person's other request inserted first: replace that verdict
            self._rate(panel, label, rater, verdict, web_game)

    def _rate(self, panel: Panel, label: str, rater: str, verdict: Verdict, web_game: str | None) -> None:
        game = panel.game(label)
        with self._session.begin() as session:
            row = session.scalars(
                select(_PanelRating).where(
                    _PanelRating.panel_id == panel.id,
                    _PanelRating.label == label,
                    _PanelRating.rater == rater,
                )
            ).first()
            if row is None:
                row = _PanelRating(
                    panel_id=panel.id, label=label, game=game.game, identity=game.identity, rater=rater
                )
                session.add(row)
            row.created = _now()
            row.web_game = web_game
            row.comment = verdict.comment
            for name, _ in SCALES:
                setattr(row, name, getattr(verdict, name))

    def results(self, panel: Panel) -> list[PanelResult]:
        """Each game's results, in the panel's order, with its name revealed."""
        with self._session() as session:
            rows = session.scalars(
                select(_PanelRating).where(_PanelRating.panel_id == panel.id).order_by(_PanelRating.id)
            ).all()
        results = []
        for game in panel.games:
            mine = [row for row in rows if row.label == game.label]
            means = {
                name: (sum(getattr(row, name) for row in mine) / len(mine) if mine else None)
                for name, _ in SCALES
            }
            comments = tuple(row.comment for row in mine if row.comment)
            results.append(
                PanelResult(
                    game.label, game.game, game.genome.name, game.identity, len(mine), means, comments
                )
            )
        return results

    def verdicts(self) -> list[dict[str, object]]:
        """Every verdict of every panel as export data, oldest first (names revealed)."""
        with self._session() as session:
            rows = session.scalars(select(_PanelRating).order_by(_PanelRating.id)).all()
            return [
                {
                    "panel": row.panel_id,
                    "label": row.label,
                    "game": row.game,
                    "identity": row.identity,
                    "created": row.created,
                    **{name: getattr(row, name) for name, _ in SCALES},
                    "comment": row.comment,
                }
                for row in rows
            ]

    def rated_identities(self) -> dict[str, tuple[int, float, str]]:
        """Every game any panel rated, by genome identity: (verdicts, mean of the four scales over all
        its verdicts, genome JSON)."""
        with self._session() as session:
            rows = session.scalars(select(_PanelRating)).all()
            genomes = {g.identity: g.genome for g in session.scalars(select(_PanelGame)).all()}
        totals: dict[str, list[float]] = {}
        for row in rows:
            totals.setdefault(row.identity, []).append(
                sum(getattr(row, name) for name, _ in SCALES) / len(SCALES)
            )
        return {
            identity: (len(means), sum(means) / len(means), genomes[identity])
            for identity, means in totals.items()
            if identity in genomes
        }

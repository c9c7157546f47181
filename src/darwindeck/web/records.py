"""Browser games and ratings, kept in the run store's database (SQLAlchemy 2.0 ORM).

Tables (created next to the run store's tables, in the same database):

============  ============================================================================================
web_games     id (32 hex digits) key, created (UTC ISO-8601), game (the gallery key: a library slug or
              ``run-R-<identity prefix>``), identity (genome identity), genome (canonical JSON), seat,
              opponents, iterations, seed, actions (JSON array of action ids), version (= number of
              actions), result (``win`` / ``loss`` / ``draw``, null while playing), client (salted hash)
ratings       id key, created, game_id, game, identity, seat, opponents, iterations, seed, actions,
              result (``abandoned`` when rated before the end), stars (1-5), comment, broken, again, client,
              rater (salted hash of the rating person's cookie token; unique with game_id, null in
              ratings stored before raters were kept)
final_views   game_id key, view (JSON): the page's view of a finished game, written with its last move,
              so a finished game is answered without replaying it
hidden_games  game (gallery key) key, created: games an administrator hid from the gallery
============  ============================================================================================

One rating per person per game: ``rate`` replaces the rating the same rater gave the same game (a unique
index on (game_id, rater) holds it even for two requests at once). A database made before the ``rater``
column existed gets it on opening (``ALTER TABLE … ADD COLUMN``, the one migration here).

``save_move`` writes a game's new actions only if its stored version is the one the move was made on
(``UPDATE … WHERE version = old``): of two tabs moving at once exactly one wins, the other gets a
``WebGameError`` (409) and nothing is applied. Client addresses are stored only as SHA-256 of a salt
and the address; the salt comes from the environment (``DARWINDECK_SALT``) or is drawn once per server.
"""

from __future__ import annotations

import json
import uuid
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import JSON, Boolean, Index, Integer, String, Text, func, inspect, select, text, update
from sqlalchemy.engine import Engine
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import DeclarativeBase, Mapped, Session, mapped_column, sessionmaker

from darwindeck.web.session import GameSetup, WebGameError


class _Base(DeclarativeBase):
    pass


class _WebGame(_Base):
    __tablename__ = "web_games"
    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    created: Mapped[str] = mapped_column(String(32))
    game: Mapped[str] = mapped_column(String(120))
    identity: Mapped[str] = mapped_column(String(64))
    genome: Mapped[str] = mapped_column(Text)
    seat: Mapped[int] = mapped_column(Integer)
    opponents: Mapped[str] = mapped_column(String(16))
    iterations: Mapped[int] = mapped_column(Integer)
    seed: Mapped[int] = mapped_column(Integer)
    actions: Mapped[list[int]] = mapped_column(JSON)
    version: Mapped[int] = mapped_column(Integer)
    result: Mapped[str | None] = mapped_column(String(16), nullable=True)
    client: Mapped[str] = mapped_column(String(64))


#: One rating per rater per game (null raters, of ratings stored before raters were kept, never clash).
_ONE_PER_RATER = Index("ratings_one_per_rater", "game_id", "rater", unique=True)


class _Rating(_Base):
    __tablename__ = "ratings"
    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    created: Mapped[str] = mapped_column(String(32))
    game_id: Mapped[str] = mapped_column(String(32))
    game: Mapped[str] = mapped_column(String(120))
    identity: Mapped[str] = mapped_column(String(64))
    seat: Mapped[int] = mapped_column(Integer)
    opponents: Mapped[str] = mapped_column(String(16))
    iterations: Mapped[int] = mapped_column(Integer)
    seed: Mapped[int] = mapped_column(Integer)
    actions: Mapped[list[int]] = mapped_column(JSON)
    result: Mapped[str] = mapped_column(String(16))
    stars: Mapped[int] = mapped_column(Integer)
    comment: Mapped[str] = mapped_column(Text)
    broken: Mapped[bool] = mapped_column(Boolean)
    again: Mapped[bool] = mapped_column(Boolean)
    client: Mapped[str] = mapped_column(String(64))
    rater: Mapped[str | None] = mapped_column(String(64), nullable=True)
    __table_args__ = (_ONE_PER_RATER,)


class _FinalView(_Base):
    __tablename__ = "final_views"
    game_id: Mapped[str] = mapped_column(String(32), primary_key=True)
    view: Mapped[dict[str, Any]] = mapped_column(JSON)


class _Hidden(_Base):
    __tablename__ = "hidden_games"
    game: Mapped[str] = mapped_column(String(120), primary_key=True)
    created: Mapped[str] = mapped_column(String(32))


@dataclass(frozen=True)
class StoredGame:
    """A stored browser game."""

    id: str
    game: str
    identity: str
    genome_json: str
    seat: int
    opponents: str
    iterations: int
    seed: int
    actions: list[int]
    result: str | None


@dataclass(frozen=True)
class Opinion:
    """What a person said of a game: the result it had when rated (``abandoned`` before the end), stars
    (1-5), a comment, whether it felt broken, whether they would play again."""

    result: str
    stars: int
    comment: str
    broken: bool
    again: bool


@dataclass(frozen=True)
class RatingSummary:
    """How a game was rated: plays (games started), ratings and their mean stars."""

    plays: int
    ratings: int
    mean_stars: float | None


@dataclass(frozen=True)
class RatedGame:
    """A game as people rated it: its identity, gallery key, genome JSON, ratings and mean stars."""

    identity: str
    game: str
    genome_json: str
    ratings: int
    mean_stars: float


def _add_rater_column(engine: Engine) -> None:
    """Give a ``ratings`` table made before raters were kept its ``rater`` column and unique index."""
    if "rater" in {column["name"] for column in inspect(engine).get_columns("ratings")}:
        return
    with engine.begin() as connection:
        connection.execute(text("ALTER TABLE ratings ADD COLUMN rater VARCHAR(64)"))
    _ONE_PER_RATER.create(engine, checkfirst=True)


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


class WebRecords:
    """Browser games and ratings in the database of ``engine`` (module docstring)."""

    def __init__(self, engine: Engine) -> None:
        _Base.metadata.create_all(engine)
        _add_rater_column(engine)
        self._sessions = sessionmaker(engine, expire_on_commit=False)

    def _session(self) -> Session:
        return self._sessions()

    def create_game(
        self,
        game: str,
        identity: str,
        genome_json: str,
        setup: GameSetup,
        actions: Sequence[int],
        result: str | None,
        client: str,
        final: dict[str, Any] | None = None,
    ) -> str:
        """Store a new game; ``final`` is its view when it ended before the person's first choice."""
        game_id = uuid.uuid4().hex
        with self._session() as session, session.begin():
            if final is not None:
                session.add(_FinalView(game_id=game_id, view=final))
            session.add(
                _WebGame(
                    id=game_id,
                    created=_now(),
                    game=game,
                    identity=identity,
                    genome=genome_json,
                    seat=setup.seat,
                    opponents=setup.opponents,
                    iterations=setup.iterations,
                    seed=setup.seed,
                    actions=list(actions),
                    version=len(actions),
                    result=result,
                    client=client,
                )
            )
        return game_id

    def load_game(self, game_id: str) -> StoredGame | None:
        with self._session() as session:
            row = session.get(_WebGame, game_id)
            if row is None:
                return None
            return StoredGame(
                row.id,
                row.game,
                row.identity,
                row.genome,
                row.seat,
                row.opponents,
                row.iterations,
                row.seed,
                list(row.actions),
                row.result,
            )

    def save_move(
        self,
        game_id: str,
        old_version: int,
        actions: Sequence[int],
        result: str | None,
        final: dict[str, Any] | None = None,
    ) -> None:
        """Store the game's actions if it is still at ``old_version`` (module docstring), with its final
        view when this move ended it."""
        with self._session() as session, session.begin():
            if final is not None:
                session.merge(_FinalView(game_id=game_id, view=final))
            done = session.execute(
                update(_WebGame)
                .where(_WebGame.id == game_id, _WebGame.version == old_version)
                .values(actions=list(actions), version=len(actions), result=result)
            )
            if done.rowcount != 1:  # type: ignore[attr-defined]
                raise WebGameError("version: another page moved first; reload the page", 409)

    def final_view(self, game_id: str) -> dict[str, Any] | None:
        """The stored view of a finished game (None for a game still playing, or finished before views
        were stored)."""
        with self._session() as session:
            row = session.get(_FinalView, game_id)
            return None if row is None else dict(row.view)

    def save_final_view(self, game_id: str, view: dict[str, Any]) -> None:
        with self._session() as session, session.begin():
            session.merge(_FinalView(game_id=game_id, view=view))

    def rate(self, stored: StoredGame, opinion: Opinion, client: str, rater: str) -> int:
        """Store ``rater``'s rating of ``stored`` (replacing theirs of the same game); its id."""
        try:
            return self._rate(stored, opinion, client, rater)
        except IntegrityError:  # the same rater's other request inserted first: replace that rating
            return self._rate(stored, opinion, client, rater)

    def _rate(self, stored: StoredGame, opinion: Opinion, client: str, rater: str) -> int:
        with self._session() as session, session.begin():
            rating = session.scalars(
                select(_Rating).where(_Rating.game_id == stored.id, _Rating.rater == rater)
            ).first()
            if rating is None:
                rating = _Rating(game_id=stored.id, rater=rater)
                session.add(rating)
            rating.created = _now()
            rating.game = stored.game
            rating.identity = stored.identity
            rating.seat = stored.seat
            rating.opponents = stored.opponents
            rating.iterations = stored.iterations
            rating.seed = stored.seed
            rating.actions = list(stored.actions)
            rating.result = opinion.result
            rating.stars = opinion.stars
            rating.comment = opinion.comment
            rating.broken = opinion.broken
            rating.again = opinion.again
            rating.client = client
            session.flush()
            return int(rating.id)

    def summaries(self) -> dict[str, RatingSummary]:
        """Per gallery key: plays, ratings, mean stars."""
        with self._session() as session:
            started = session.execute(select(_WebGame.game, func.count()).group_by(_WebGame.game))
            plays: dict[str, int] = {game: int(count) for game, count in started}
            rated = session.execute(
                select(_Rating.game, func.count(), func.avg(_Rating.stars)).group_by(_Rating.game)
            )
            stars = {game: (int(count), float(mean)) for game, count, mean in rated}
        return {
            key: RatingSummary(
                plays.get(key, 0),
                stars[key][0] if key in stars else 0,
                stars[key][1] if key in stars else None,
            )
            for key in set(plays) | set(stars)
        }

    def hide(self, game: str) -> None:
        """Hide ``game`` from the gallery (kept across restarts)."""
        with self._session() as session, session.begin():
            if session.get(_Hidden, game) is None:
                session.add(_Hidden(game=game, created=_now()))

    def hidden(self) -> set[str]:
        with self._session() as session:
            return set(session.scalars(select(_Hidden.game)))

    def rated_games(self) -> list[RatedGame]:
        """Every rated game by identity, best mean stars first (then more ratings, then identity)."""
        with self._session() as session:
            rows = session.execute(
                select(
                    _Rating.identity, func.min(_Rating.game), func.count(), func.avg(_Rating.stars)
                ).group_by(_Rating.identity)
            ).all()
            games = []
            for identity, game, count, mean in rows:
                genome = session.scalars(select(_WebGame.genome).where(_WebGame.identity == identity)).first()
                if genome is None:  # rated only at tables
                    genome = session.scalars(select(_Table.genome).where(_Table.identity == identity)).first()
                if genome is not None:
                    games.append(RatedGame(identity, game, genome, int(count), float(mean)))
        return sorted(games, key=lambda g: (-g.mean_stars, -g.ratings, g.identity))

    def ratings(self) -> Iterator[dict[str, Any]]:
        """Every rating as export data, oldest first."""
        with self._session() as session:
            for row in session.scalars(select(_Rating).order_by(_Rating.id)):
                yield {
                    "id": row.id,
                    "created": row.created,
                    "game": row.game,
                    "identity": row.identity,
                    "seat": row.seat,
                    "opponents": row.opponents,
                    "iterations": row.iterations,
                    "seed": row.seed,
                    "actions": json.dumps(list(row.actions)),
                    "result": row.result,
                    "stars": row.stars,
                    "comment": row.comment,
                    "broken": row.broken,
                    "again": row.again,
                }


# --- Tables for several people (web.tables) -------------------------------------------------------------
#
# web_tables   id (32 hex digits) key, created, game (gallery key), identity, genome (canonical JSON),
#              seed, seats (JSON: per seat [kind, iterations], kind "person" or a computer kind),
#              stand_in (JSON [kind, iterations] or null), tokens (JSON: per seat the SHA-256 hex of its
#              link's token, null for computer seats), actions (JSON), version, handovers (JSON:
#              [seat, version] pairs), over (the game ended), rated (JSON: seats that rated), client.
#
# ``save_table`` writes new actions and hand-overs only if the stored version is the one the change was
# made on, as ``save_move`` does for games. A table's ratings go to ``ratings`` like a game's, one per
# person (``mark_rated`` refuses a seat's second), with game_id the table's id and opponents "table".


class _Table(_Base):
    __tablename__ = "web_tables"
    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    created: Mapped[str] = mapped_column(String(32))
    game: Mapped[str] = mapped_column(String(120))
    identity: Mapped[str] = mapped_column(String(64))
    genome: Mapped[str] = mapped_column(Text)
    seed: Mapped[int] = mapped_column(Integer)
    seats: Mapped[list[list[Any]]] = mapped_column(JSON)
    stand_in: Mapped[list[Any] | None] = mapped_column(JSON, nullable=True)
    tokens: Mapped[list[str | None]] = mapped_column(JSON)
    actions: Mapped[list[int]] = mapped_column(JSON)
    version: Mapped[int] = mapped_column(Integer)
    handovers: Mapped[list[list[int]]] = mapped_column(JSON)
    over: Mapped[bool] = mapped_column(Boolean)
    rated: Mapped[list[int]] = mapped_column(JSON)
    client: Mapped[str] = mapped_column(String(64))


@dataclass(frozen=True)
class StoredTable:
    """A stored table (the block comment above ``_Table``)."""

    id: str
    game: str
    identity: str
    genome_json: str
    seed: int
    seats: list[tuple[str, int]]
    stand_in: tuple[str, int] | None
    tokens: list[str | None]
    actions: list[int]
    handovers: list[tuple[int, int]]
    over: bool
    rated: list[int]


class TableRecords:
    """Tables in the database of ``engine`` (the block comment above ``_Table``)."""

    def __init__(self, engine: Engine) -> None:
        _Base.metadata.create_all(engine)
        self._sessions = sessionmaker(engine, expire_on_commit=False)

    def create_table(self, table: StoredTable, client: str) -> None:
        with self._sessions() as session, session.begin():
            session.add(
                _Table(
                    id=table.id,
                    created=_now(),
                    game=table.game,
                    identity=table.identity,
                    genome=table.genome_json,
                    seed=table.seed,
                    seats=[list(seat) for seat in table.seats],
                    stand_in=list(table.stand_in) if table.stand_in else None,
                    tokens=list(table.tokens),
                    actions=list(table.actions),
                    version=len(table.actions),
                    handovers=[list(h) for h in table.handovers],
                    over=table.over,
                    rated=list(table.rated),
                    client=client,
                )
            )

    def load_table(self, table_id: str) -> StoredTable | None:
        with self._sessions() as session:
            row = session.get(_Table, table_id)
            if row is None:
                return None
            return StoredTable(
                row.id,
                row.game,
                row.identity,
                row.genome,
                row.seed,
                [(str(kind), int(iterations)) for kind, iterations in row.seats],
                (str(row.stand_in[0]), int(row.stand_in[1])) if row.stand_in else None,
                list(row.tokens),
                list(row.actions),
                [(int(seat), int(version)) for seat, version in row.handovers],
                row.over,
                list(row.rated),
            )

    def save_table(
        self,
        table_id: str,
        old_version: int,
        actions: Sequence[int],
        handovers: Sequence[tuple[int, int]],
        over: bool,
    ) -> None:
        """Store the table's actions and hand-overs if it is still at ``old_version``."""
        with self._sessions() as session, session.begin():
            done = session.execute(
                update(_Table)
                .where(_Table.id == table_id, _Table.version == old_version)
                .values(
                    actions=list(actions),
                    version=len(actions),
                    handovers=[list(h) for h in handovers],
                    over=over,
                )
            )
            if done.rowcount != 1:  # type: ignore[attr-defined]
                raise WebGameError("version: another person moved first; the page will catch up", 409)

    def mark_rated(self, table_id: str, seat: int) -> None:
        """Record that ``seat`` rated the table, or a ``WebGameError`` (409) if it already did."""
        with self._sessions() as session, session.begin():
            row = session.get(_Table, table_id, with_for_update=True)
            if row is None:
                raise WebGameError(f"table {table_id!r}: no such table", 404)
            if seat in row.rated:
                raise WebGameError(f"seat {seat}: has already rated this game", 409)
            row.rated = [*row.rated, seat]

"""The run store of deck evolution: runs and their completed generations in SQLite (SQLAlchemy 2.0).

Rules:

* ``DeckRunStore(path)`` opens (or creates, folder included) an SQLite file; ``"://"`` in the argument
  means any SQLAlchemy URL. Its tables are its own (``deck_runs``, ``deck_generations``), so it may share
  a database with ``evolve.store.RunStore`` without touching that store's tables.
* A generation is written in one transaction, all or nothing, with its whole population (each member's
  cards, energy, fitness, parents' identities and operators) and its statistics. A killed run thus holds
  every generation before the one it was working on, and ``last_generation`` is where a resumed run
  continues. Writing a generation twice is refused (``DeckStoreError``).
* ``find_run(settings, seed)`` is the latest run with exactly these settings and seed: ``--resume``
  continues it.

=================  ======================================================================================
deck_runs          id, created (UTC ISO-8601), settings (JSON object), seed, status (running, completed)
deck_generations   (run_id, idx) key, members (JSON array of member objects), stats (JSON object)
=================  ======================================================================================
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from sqlalchemy import JSON, ForeignKey, Integer, String, create_engine, select
from sqlalchemy.exc import ArgumentError, IntegrityError, SQLAlchemyError
from sqlalchemy.orm import DeclarativeBase, Mapped, Session, mapped_column, sessionmaker

from darwindeck.errors import DarwinDeckError

RUNNING = "running"
COMPLETED = "completed"


class DeckStoreError(DarwinDeckError):
    """A store that cannot be opened or written, a missing run, a generation written twice."""


class _Base(DeclarativeBase):
    pass


class _DeckRun(_Base):
    __tablename__ = "deck_runs"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    created: Mapped[str] = mapped_column(String(40))
    settings: Mapped[dict[str, Any]] = mapped_column(JSON)
    seed: Mapped[int] = mapped_column(Integer)
    status: Mapped[str] = mapped_column(String(20))


class _DeckGeneration(_Base):
    __tablename__ = "deck_generations"
    run_id: Mapped[int] = mapped_column(ForeignKey("deck_runs.id"), primary_key=True)
    idx: Mapped[int] = mapped_column(Integer, primary_key=True)
    members: Mapped[list[dict[str, Any]]] = mapped_column(JSON)
    stats: Mapped[dict[str, Any]] = mapped_column(JSON)


class DeckRunStore:
    """Deck-evolution runs in one database; see the module rules."""

    def __init__(self, path: str | Path) -> None:
        url = str(path)
        if "://" not in url:
            Path(url).expanduser().parent.mkdir(parents=True, exist_ok=True)
            url = f"sqlite:///{Path(url).expanduser()}"
        try:
            self._engine = create_engine(url)
            _Base.metadata.create_all(self._engine)
        except (ArgumentError, ImportError, SQLAlchemyError) as error:
            raise DeckStoreError(f"deck run store {path}: cannot open ({error})") from None
        self._sessions = sessionmaker(self._engine, expire_on_commit=False)

    def close(self) -> None:
        self._engine.dispose()

    @contextmanager
    def _transaction(self) -> Iterator[Session]:
        try:
            with self._sessions() as session, session.begin():
                yield session
        except IntegrityError as error:
            raise DeckStoreError(f"deck run store: refused, nothing written ({error.orig})") from None
        except SQLAlchemyError as error:
            raise DeckStoreError(f"deck run store: write failed, nothing written ({error})") from None

    def create_run(self, settings: Mapping[str, Any], seed: int) -> int:
        with self._transaction() as session:
            run = _DeckRun(
                created=datetime.now(UTC).isoformat(), settings=dict(settings), seed=seed, status=RUNNING
            )
            session.add(run)
            session.flush()
            return run.id

    def find_run(self, settings: Mapping[str, Any], seed: int) -> int | None:
        with self._sessions() as session:
            runs = session.scalars(select(_DeckRun).where(_DeckRun.seed == seed).order_by(_DeckRun.id))
            found = [run.id for run in runs if run.settings == dict(settings)]
        return found[-1] if found else None

    def set_status(self, run_id: int, status: str) -> None:
        with self._transaction() as session:
            run = session.get(_DeckRun, run_id)
            if run is None:
                raise DeckStoreError(f"deck run store: no run {run_id}")
            run.status = status

    def status(self, run_id: int) -> str:
        with self._sessions() as session:
            run = session.get(_DeckRun, run_id)
            if run is None:
                raise DeckStoreError(f"deck run store: no run {run_id}")
            return run.status

    def record_generation(
        self, run_id: int, index: int, members: list[dict[str, Any]], stats: Mapping[str, Any]
    ) -> None:
        with self._transaction() as session:
            session.add(_DeckGeneration(run_id=run_id, idx=index, members=members, stats=dict(stats)))

    def last_generation(self, run_id: int) -> int | None:
        with self._sessions() as session:
            indices = session.scalars(select(_DeckGeneration.idx).where(_DeckGeneration.run_id == run_id))
            return max(indices, default=None)

    def generation(self, run_id: int, index: int) -> tuple[list[dict[str, Any]], dict[str, Any]]:
        with self._sessions() as session:
            row = session.get(_DeckGeneration, (run_id, index))
            if row is None:
                raise DeckStoreError(f"deck run store: run {run_id} has no generation {index}")
            return list(row.members), dict(row.stats)

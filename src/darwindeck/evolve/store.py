"""The run store: evolution runs persisted in a relational database (SQLAlchemy 2.0 ORM), for every kind
of genome the evolutionary loop (``evolve.loop``) breeds.

Rules:

* ``GenomeStore(url, codec, kind)`` accepts any SQLAlchemy URL (``postgresql://…``) or a plain file path,
  which means an SQLite file (its folder is created). ``default_store_url()`` is the embedded default:
  ``runs.db`` in the user's data folder. SQLite files run in WAL mode so a reader (``darwindeck runs``)
  can watch a live run. The ``codec`` (``GenomeCodec``) gives a genome's identity, canonical JSON and name
  and reads the JSON back; ``kind`` names the genomes (``games``: card games, ``decks``: battle decks).
  A store sees, lists and writes only the runs of its own kind, so kinds may share one database.
  ``RunStore(url)`` is the card games' store (``GAME_CODEC``, kind ``games``).
* A generation is all-or-nothing: ``record_generation`` writes its genomes, population, new evaluations,
  per-slot notes and the completed generation row in ONE transaction. A crash at any point leaves either
  the whole generation or none of it; ``last_completed_generation`` is the point a resumed run continues
  from. Recording a generation that is already completed is refused (``StoreError``), so no generation is
  ever stored twice.
* ``begin_generation`` marks a generation as started (``completed`` false) so a live or killed run shows
  where it was; it holds no population and is overwritten by ``record_generation``.
* Genomes are stored once, by identity (content hash), with their canonical JSON, name, the identities of
  their parents and the operators that made them; the first record of an identity wins. Evaluations are
  keyed by (identity, settings hash): the same genome scored under the same fitness settings and seed is
  never scored twice, across runs sharing the store. A kind whose fitness is not a function of the genome
  alone (a deck's grows with the battles it has played) keeps it per slot in the notes instead.
* A resumed run is replayed from its stored generations (``evolve.loop``); when this version replays one
  otherwise than the run went (a fitness it cannot find under its own cache key, another choice of games
  to judge: the run was made by other code, e.g. a run with a brief from before the archive's axes
  followed the brief, or another version number, which the evaluation cache key holds), ``replay_refused``
  is the one error: it names the run, the generation, what differs, the version and day the run was
  started, and what to do (start a new run; the stored games stay readable). Nothing is written before it
  is raised.
* Old databases open: the tables are created when missing, and a ``runs`` table without the ``kind``
  column (written before deck evolution shared this store) gets it, every old run being a card game's.

Tables and encodings:

=============  =========================================================================================
runs           id (int), created (UTC ISO-8601 text), settings (JSON object), seed, version, status
               (``running``, ``completed``, ``plateau``), kind (``games``, ``decks``)
generations    (run_id, idx) key, stats (JSON object), completed (bool)
genomes        identity (SHA-256 hex) key, json (genome JSON text), name, parents and operators (JSON
               arrays of strings)
members        (run_id, generation, slot) key → identity: slot ``i`` of the population of a generation
evaluations    (identity, settings_hash) key → total (float), breakdown (JSON object name → float),
               gate_reason (text or null)
member_notes   (run_id, generation, slot) key → data (JSON object the genome kind defines for one slot)
=============  =========================================================================================
"""

from __future__ import annotations

import json
import math
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, Generic, Protocol, TypeVar

from platformdirs import user_data_dir
from sqlalchemy import (
    JSON,
    Boolean,
    Float,
    ForeignKey,
    Integer,
    String,
    Text,
    create_engine,
    event,
    func,
    inspect,
    select,
    text,
)
from sqlalchemy.engine import Engine
from sqlalchemy.exc import ArgumentError, SQLAlchemyError
from sqlalchemy.orm import DeclarativeBase, Mapped, Session, mapped_column, sessionmaker

from darwindeck import __version__
from darwindeck.errors import DarwinDeckError
from darwindeck.genome.identity import canonical_json, genome_identity
from darwindeck.genome.schema import GameGenome
from darwindeck.genome.serialization import genome_from_dict

#: Run status values.
RUNNING = "running"
COMPLETED = "completed"
PLATEAU = "plateau"
#: Run kinds: what the genomes of a run are.
GAMES = "games"
DECKS = "decks"

G = TypeVar("G")


class StoreError(DarwinDeckError):
    """A store that cannot be opened, a missing run or generation, or a write the rules refuse."""


class ReplayError(StoreError):
    """A stored run that this version replays otherwise than it went, so it cannot be resumed."""


class FitnessLike(Protocol):
    """What the store keeps of a fitness result (``fitness.FitnessResult`` satisfies it)."""

    @property
    def total(self) -> float: ...

    @property
    def breakdown(self) -> Mapping[str, float]: ...

    @property
    def gate_reason(self) -> str | None: ...


@dataclass(frozen=True)
class Evaluation:
    """A fitness result as stored: the total, its named parts, and why a gate zeroed it (if it did)."""

    total: float
    breakdown: dict[str, float] = field(default_factory=dict)
    gate_reason: str | None = None

    @classmethod
    def of(cls, result: FitnessLike) -> Evaluation:
        """The stored form of any fitness result (floats kept exactly)."""
        breakdown = {str(name): float(value) for name, value in result.breakdown.items()}
        return cls(float(result.total), breakdown, result.gate_reason)


@dataclass(frozen=True)
class Lineage:
    """One genome of a family tree: its identity, name, parents (identities) and the operators applied."""

    identity: str
    name: str
    parents: tuple[str, ...]
    operators: tuple[str, ...]


@dataclass(frozen=True)
class StoredGenome(Generic[G]):
    """A genome with the lineage the store recorded for it (parents' identities, operators applied)."""

    genome: G
    parents: tuple[str, ...] = ()
    operators: tuple[str, ...] = ()


class GenomeCodec(Protocol[G]):
    """How a store keeps one kind of genome: its identity, canonical JSON text and name, and the way back
    from the JSON (``source`` names the stored record in an error)."""

    def identity(self, genome: G) -> str: ...

    def encode(self, genome: G) -> str: ...

    def decode(self, text: str, source: str) -> G: ...

    def name(self, genome: G) -> str: ...


class GameCodec:
    """The card games' codec: ``genome.identity`` and the genome JSON of ``genome.serialization``."""

    def identity(self, genome: GameGenome) -> str:
        return genome_identity(genome)

    def encode(self, genome: GameGenome) -> str:
        return canonical_json(genome)

    def decode(self, text: str, source: str) -> GameGenome:
        return genome_from_dict(json.loads(text), source=source)

    def name(self, genome: GameGenome) -> str:
        return genome.name


GAME_CODEC = GameCodec()


@dataclass(frozen=True)
class RunInfo:
    """One row of ``runs`` plus its progress: completed generations and the last completed index."""

    run_id: int
    created: str
    settings: dict[str, Any]
    seed: int
    version: str
    status: str
    completed_generations: int
    last_completed: int | None


@dataclass(frozen=True)
class GenerationRecord:
    """One completed generation of a run: its index and stats."""

    index: int
    stats: dict[str, Any]


@dataclass(frozen=True)
class RunSummary:
    """A run and the stats of each completed generation, in index order."""

    run: RunInfo
    generations: tuple[GenerationRecord, ...]


class _Base(DeclarativeBase):
    pass


class _Run(_Base):
    __tablename__ = "runs"
    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    created: Mapped[str] = mapped_column(String(40))
    settings: Mapped[dict[str, Any]] = mapped_column(JSON)
    seed: Mapped[int] = mapped_column(Integer)
    version: Mapped[str] = mapped_column(String(40))
    status: Mapped[str] = mapped_column(String(20))
    kind: Mapped[str] = mapped_column(String(20), default=GAMES, server_default=GAMES)


class _Generation(_Base):
    __tablename__ = "generations"
    run_id: Mapped[int] = mapped_column(ForeignKey("runs.id"), primary_key=True)
    idx: Mapped[int] = mapped_column(Integer, primary_key=True)
    stats: Mapped[dict[str, Any]] = mapped_column(JSON)
    completed: Mapped[bool] = mapped_column(Boolean)


class _Genome(_Base):
    __tablename__ = "genomes"
    identity: Mapped[str] = mapped_column(String(64), primary_key=True)
    json: Mapped[str] = mapped_column(Text)
    name: Mapped[str] = mapped_column(String(200))
    parents: Mapped[list[str]] = mapped_column(JSON)
    operators: Mapped[list[str]] = mapped_column(JSON)


class _Member(_Base):
    __tablename__ = "members"
    run_id: Mapped[int] = mapped_column(ForeignKey("runs.id"), primary_key=True)
    generation: Mapped[int] = mapped_column(Integer, primary_key=True)
    slot: Mapped[int] = mapped_column(Integer, primary_key=True)
    identity: Mapped[str] = mapped_column(ForeignKey("genomes.identity"))


class _Evaluation(_Base):
    __tablename__ = "evaluations"
    identity: Mapped[str] = mapped_column(ForeignKey("genomes.identity"), primary_key=True)
    settings_hash: Mapped[str] = mapped_column(String(64), primary_key=True)
    total: Mapped[float] = mapped_column(Float)
    breakdown: Mapped[dict[str, float]] = mapped_column(JSON)
    gate_reason: Mapped[str | None] = mapped_column(Text, nullable=True)


class _MemberNote(_Base):
    __tablename__ = "member_notes"
    run_id: Mapped[int] = mapped_column(ForeignKey("runs.id"), primary_key=True)
    generation: Mapped[int] = mapped_column(Integer, primary_key=True)
    slot: Mapped[int] = mapped_column(Integer, primary_key=True)
    data: Mapped[dict[str, Any]] = mapped_column(JSON)


def default_store_url() -> str:
    """The embedded default store: ``runs.db`` in the user's DarwinDeck data folder."""
    return str(Path(user_data_dir("darwindeck")) / "runs.db")


def _engine_for(url: str) -> Engine:
    """An engine for a SQLAlchemy URL or an SQLite file path (its folder created, WAL journal)."""
    is_url = "://" in url
    if not is_url:
        path = Path(url).expanduser()
        path.parent.mkdir(parents=True, exist_ok=True)
        url = f"sqlite:///{path}"
    try:
        engine = create_engine(url)
    except (ArgumentError, ImportError, SQLAlchemyError) as error:
        raise StoreError(f"run store {url!r}: cannot open ({error})") from error
    if engine.dialect.name == "sqlite":
        event.listen(engine, "connect", _sqlite_pragmas)
    return engine


def _sqlite_pragmas(connection: Any, _record: Any) -> None:
    """Foreign keys on, WAL journal (readers never block the writer), a patient busy timeout."""
    cursor = connection.cursor()
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA busy_timeout=30000")
    cursor.close()


def _add_kind_column(engine: Engine) -> None:
    """Migrate a ``runs`` table written before runs had a kind: add the column, every old run a game's."""
    columns = {column["name"] for column in inspect(engine).get_columns("runs")}
    if "kind" not in columns:
        with engine.begin() as connection:
            column = f"kind VARCHAR(20) NOT NULL DEFAULT '{GAMES}'"
            connection.execute(text(f"ALTER TABLE runs ADD COLUMN {column}"))


def _check_finite(value: float, where: str) -> float:
    if not math.isfinite(value):
        raise StoreError(f"{where}: fitness must be a finite number, got {value!r}")
    return value


class GenomeStore(Generic[G]):
    """Evolution runs of one kind of genome in one database; see the module docstring for the tables and
    the rules."""

    def __init__(self, url: str | None, codec: GenomeCodec[G], kind: str) -> None:
        self.url = url if url is not None else default_store_url()
        self.codec = codec
        self.kind = kind
        self._engine = _engine_for(self.url)
        try:
            _Base.metadata.create_all(self._engine)
            _add_kind_column(self._engine)
        except SQLAlchemyError as error:
            raise StoreError(f"run store {self.url!r}: cannot create the tables ({error})") from error
        self._sessions = sessionmaker(self._engine, expire_on_commit=False)

    @property
    def engine(self) -> Engine:
        """The database engine (other tables of the same database, e.g. the web app's, use it too)."""
        return self._engine

    def close(self) -> None:
        """Release the database connections."""
        self._engine.dispose()

    @contextmanager
    def _transaction(self) -> Iterator[Session]:
        """One session in one transaction: committed at the end, rolled back on any error (a database
        error becomes a ``StoreError``)."""
        try:
            with self._sessions() as session, session.begin():
                yield session
        except SQLAlchemyError as error:
            raise StoreError(f"run store {self.url!r}: write failed, nothing written ({error})") from error

    # ------------------------------------------------------------------------------------------ runs

    def create_run(self, settings: Mapping[str, Any], seed: int) -> int:
        """Store a new run (status ``running``) and return its id."""
        created = datetime.now(UTC).isoformat(timespec="seconds")
        run = _Run(
            created=created,
            settings=dict(settings),
            seed=seed,
            version=__version__,
            status=RUNNING,
            kind=self.kind,
        )
        with self._transaction() as session:
            session.add(run)
            session.flush()
            return run.id

    def set_status(self, run_id: int, status: str) -> None:
        """Change a run's status (``running``, ``completed``, ``plateau``)."""
        with self._transaction() as session:
            self._run(session, run_id).status = status

    def _run(self, session: Session, run_id: int) -> _Run:
        run = session.get(_Run, run_id)
        if run is None or run.kind != self.kind:
            raise StoreError(f"run store {self.url!r}: no run with id {run_id} of kind {self.kind}")
        return run

    def replay_refused(self, run_id: int, generation: int, reason: str) -> ReplayError:
        """The error that refuses to resume run ``run_id``: replaying its ``generation``, ``reason`` (what
        this version does otherwise than the run did); see the module docstring."""
        info = self.run_info(run_id)
        return ReplayError(
            f"run {run_id} cannot be resumed: replaying its generation {generation}, {reason}. The run was "
            f"made (started {info.created[:10]} by DarwinDeck {info.version}) by code that evolved "
            "otherwise (for one, the archive's axes of a run with a brief now follow the brief), so this "
            f"version cannot continue it. Its games stay in the store (darwindeck runs show {run_id}); start "
            "a new run with the same options instead, without --resume."
        )

    def list_runs(self) -> list[RunInfo]:
        """Every run of the store's kind, oldest first, with its progress."""
        with self._sessions() as session:
            runs = session.scalars(select(_Run).where(_Run.kind == self.kind).order_by(_Run.id)).all()
            return [self._info(session, run) for run in runs]

    def find_run(self, settings: Mapping[str, Any], seed: int) -> int | None:
        """The latest run of the store's kind started with exactly these settings and seed, if any."""
        matching = [run.run_id for run in self.list_runs() if run.seed == seed and run.settings == settings]
        return matching[-1] if matching else None

    def run_info(self, run_id: int) -> RunInfo:
        """One run with its progress; ``StoreError`` if there is no such run."""
        with self._sessions() as session:
            return self._info(session, self._run(session, run_id))

    def _info(self, session: Session, run: _Run) -> RunInfo:
        count, last = session.execute(
            select(func.count(), func.max(_Generation.idx)).where(
                _Generation.run_id == run.id, _Generation.completed.is_(True)
            )
        ).one()
        return RunInfo(
            run.id, run.created, dict(run.settings), run.seed, run.version, run.status, count, last
        )

    def run_summary(self, run_id: int) -> RunSummary:
        """A run and the stats of every completed generation, in index order."""
        with self._sessions() as session:
            info = self._info(session, self._run(session, run_id))
            rows = session.scalars(
                select(_Generation)
                .where(_Generation.run_id == run_id, _Generation.completed.is_(True))
                .order_by(_Generation.idx)
            ).all()
            generations = tuple(GenerationRecord(row.idx, dict(row.stats)) for row in rows)
        return RunSummary(info, generations)

    # ----------------------------------------------------------------------------------- generations

    def last_completed_generation(self, run_id: int) -> int | None:
        """The index of the run's last completed generation, ``None`` when none is complete."""
        return self.run_info(run_id).last_completed

    def begin_generation(self, run_id: int, index: int) -> None:
        """Mark generation ``index`` as started (not completed); a no-op if it is already marked."""
        with self._transaction() as session:
            self._run(session, run_id)
            row = session.get(_Generation, (run_id, index))
            if row is None:
                session.add(_Generation(run_id=run_id, idx=index, stats={}, completed=False))
            elif row.completed:
                raise StoreError(f"run {run_id}: generation {index} is already completed")

    def record_generation(
        self,
        run_id: int,
        index: int,
        population: Sequence[StoredGenome[G]],
        evaluations: Mapping[tuple[str, str], FitnessLike],
        stats: Mapping[str, Any],
        notes: Sequence[Mapping[str, Any]] = (),
    ) -> None:
        """Write generation ``index`` whole, in one transaction: its genomes (new identities only), the
        population (slot ``i`` = ``population[i]``), the new ``evaluations`` ((identity, settings hash) →
        result; entries already stored are kept), the ``notes`` (slot ``i`` = ``notes[i]``; none, or one
        per slot) and the completed generation row with ``stats``. Refused when the generation is already
        completed; on any error nothing of it is written."""
        if notes and len(notes) != len(population):
            raise StoreError(
                f"run {run_id}: generation {index} has {len(notes)} notes for {len(population)} slots"
            )
        with self._transaction() as session:
            self._run(session, run_id)
            row = session.get(_Generation, (run_id, index))
            if row is not None and row.completed:
                raise StoreError(f"run {run_id}: generation {index} is already completed")
            for slot, member in enumerate(population):
                identity = self._add_genome(session, member)
                session.add(_Member(run_id=run_id, generation=index, slot=slot, identity=identity))
            for (identity, settings_hash), result in evaluations.items():
                self._add_evaluation(session, identity, settings_hash, Evaluation.of(result))
            for slot, note in enumerate(notes):
                session.add(_MemberNote(run_id=run_id, generation=index, slot=slot, data=dict(note)))
            if row is None:
                session.add(_Generation(run_id=run_id, idx=index, stats=dict(stats), completed=True))
            else:
                row.stats = dict(stats)
                row.completed = True

    def _add_genome(self, session: Session, member: StoredGenome[G]) -> str:
        identity = self.codec.identity(member.genome)
        if session.get(_Genome, identity) is None:
            session.add(
                _Genome(
                    identity=identity,
                    json=self.codec.encode(member.genome),
                    name=self.codec.name(member.genome),
                    parents=list(member.parents),
                    operators=list(member.operators),
                )
            )
            session.flush()
        return identity

    def _add_evaluation(
        self, session: Session, identity: str, settings_hash: str, result: Evaluation
    ) -> None:
        if session.get(_Evaluation, (identity, settings_hash)) is not None:
            return
        total = _check_finite(result.total, f"evaluation of {identity[:12]} total")
        for name, value in result.breakdown.items():
            _check_finite(value, f"evaluation of {identity[:12]} breakdown {name!r}")
        session.add(
            _Evaluation(
                identity=identity,
                settings_hash=settings_hash,
                total=total,
                breakdown=dict(result.breakdown),
                gate_reason=result.gate_reason,
            )
        )

    def load_population(self, run_id: int, index: int) -> list[StoredGenome[G]]:
        """The population of a completed generation, slot by slot, with each genome's lineage."""
        with self._sessions() as session:
            row = session.get(_Generation, (run_id, index))
            if row is None or not row.completed:
                self._run(session, run_id)
                raise StoreError(f"run {run_id}: generation {index} is not completed")
            rows = session.execute(
                select(_Genome)
                .join(_Member, _Member.identity == _Genome.identity)
                .where(_Member.run_id == run_id, _Member.generation == index)
                .order_by(_Member.slot)
            ).scalars()
            return [self._stored(genome) for genome in rows]

    def load_notes(self, run_id: int, index: int) -> list[dict[str, Any]]:
        """The per-slot notes of a completed generation, slot by slot (empty when it has none)."""
        self.load_population(run_id, index)  # the same refusal for a missing or unfinished generation
        with self._sessions() as session:
            rows = session.scalars(
                select(_MemberNote)
                .where(_MemberNote.run_id == run_id, _MemberNote.generation == index)
                .order_by(_MemberNote.slot)
            )
            return [dict(row.data) for row in rows]

    def _stored(self, row: _Genome) -> StoredGenome[G]:
        genome = self.codec.decode(row.json, f"store genome {row.identity[:12]}")
        return StoredGenome(genome, tuple(row.parents), tuple(row.operators))

    # ------------------------------------------------------------------------------ genomes and fitness

    def genome(self, identity: str) -> StoredGenome[G]:
        """The stored genome with this identity; ``StoreError`` if it is not stored."""
        with self._sessions() as session:
            row = session.get(_Genome, identity)
            if row is None:
                raise StoreError(f"run store: no genome with identity {identity!r}")
            return self._stored(row)

    def cached_evaluation(self, identity: str, settings_hash: str) -> Evaluation | None:
        """The stored fitness of a genome under these settings, ``None`` when it was never scored."""
        with self._sessions() as session:
            row = session.get(_Evaluation, (identity, settings_hash))
            if row is None:
                return None
            return Evaluation(row.total, dict(row.breakdown), row.gate_reason)

    def lineage(self, identity: str) -> list[Lineage]:
        """The genome and all its stored ancestors through their parents, breadth first, each once.
        Ancestors the store never saw (a parent from another store) are left out."""
        with self._sessions() as session:
            found: list[Lineage] = []
            seen = {identity}
            queue = [identity]
            while queue:
                row = session.get(_Genome, queue.pop(0))
                if row is None:
                    continue
                found.append(Lineage(row.identity, row.name, tuple(row.parents), tuple(row.operators)))
                for parent in row.parents:
                    if parent not in seen:
                        seen.add(parent)
                        queue.append(parent)
        if not found:
            raise StoreError(f"run store: no genome with identity {identity!r}")
        return found


class RunStore(GenomeStore[GameGenome]):
    """The card games' run store (``GAME_CODEC``, kind ``games``): what ``darwindeck evolve``, ``runs``,
    the gallery and the web app open."""

    def __init__(self, url: str | None = None) -> None:
        super().__init__(url, GAME_CODEC, GAMES)

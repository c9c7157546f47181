"""Tables for several people: one game, people at some seats, the computer at the others, a secret link
per person.

Rules:

* A table is a ``web.session.WebGame`` whose ``GameSetup.seats`` names who plays each seat: a person, or
  the computer (``random``, ``greedy``, ``mcts`` with iterations). The same driver plays one-person
  games and tables; this module adds the people: their tokens, their streams, leaving, rating.
* Each person's seat has a secret token (``secrets.token_urlsafe(TOKEN_BYTES)``), given once, at
  creation, in the seat's link (``/tables/{id}/{seat}#{token}``: the token is in the fragment, which a
  browser never sends in a request line, so it stays out of access logs; the page sends it in the header
  ``X-Seat-Token``). The server keeps only its SHA-256 and compares digests with
  ``hmac.compare_digest``. Without the seat's token, nothing of the seat is answered (403), and every
  answer for a seat is that seat's view (``WebGame.view_of``): nobody reads another seat's cards.
* Leaving: a person may leave (their seat goes to the computer at once), and a seat is handed to the
  computer automatically when the table waits for its move and its person has had no open stream and
  made no request for ``IDLE_SECONDS`` (checked on every request and every heartbeat of anyone at the
  table). The computer that takes over plays at the table's ``stand_in`` strength, chosen at creation.
  A seat handed over stays the computer's; its link still shows the seat (its own cards only), without
  moves, and may rate the game.
* ``revision`` counts every change a person can see (moves, hand-overs, ratings); after each, ``publish``
  builds every person's view once (``snapshot``) and wakes the table's streams (``wakers``), and each
  sends its seat's view when it is newer than the last it sent. Nothing polls.
* Streams (``web.tables_api``): one open stream per seat (a newer one ends the older: a person who reopens
  the tab takes over their own stream), at most ``STREAMS_PER_CLIENT`` per client over all tables.
* Ratings: every person (every seat that had a link) rates once, after the game ends or after leaving;
  the rating goes to the ratings of ``web.records`` like a one-person game's (game_id the table's id,
  opponents ``table``), with the seat's result.
* A table lives in the database (``web.records.TableRecords``) and is rebuilt by replay after a restart
  (``WebGame.restore`` with its hand-overs); at most ``LIVE_TABLES`` are kept in memory.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import secrets
import threading
import time
import uuid
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from darwindeck.genome.identity import genome_identity
from darwindeck.genome.schema import GameGenome
from darwindeck.genome.serialization import from_json, to_json
from darwindeck.web.records import Opinion, StoredGame, StoredTable, TableRecords, WebRecords
from darwindeck.web.session import PERSON, GameSetup, SeatPlan, WebGame, WebGameError

TOKEN_BYTES = 24
#: A person who has been away this long while the table waits for them is replaced by the computer.
IDLE_SECONDS = 300.0
#: Open streams one client may hold over all tables.
STREAMS_PER_CLIENT = 8
#: Tables kept in memory (the rest replay from the store when they are asked for).
LIVE_TABLES = 200


def token_digest(token: str) -> str:
    """The stored form of a seat's token: SHA-256, hex."""
    return hashlib.sha256(token.encode()).hexdigest()


def seat_label(plan: SeatPlan) -> str:
    """Who plays a seat, as the page says it: "person", "computer (greedy)", "computer (MCTS 200)"."""
    if plan.kind == PERSON:
        return "person"
    return (
        "computer (MCTS " + str(plan.iterations) + ")" if plan.kind == "mcts" else f"computer ({plan.kind})"
    )


@dataclass
class Table:
    """A table in play (module rules)."""

    id: str
    key: str
    identity: str
    genome_json: str
    game: WebGame
    tokens: tuple[str | None, ...]
    rated: set[int] = field(default_factory=set)
    revision: int = 0
    lock: threading.Lock = field(default_factory=threading.Lock)
    seen: dict[int, float] = field(default_factory=dict)
    streams: dict[int, int] = field(default_factory=dict)
    snapshot: tuple[int, bool, dict[int, str]] = (0, False, {})
    #: One per open stream: wakes it (from any thread) when the snapshot changes or it is replaced.
    wakers: set[Callable[[], None]] = field(default_factory=set)

    def __post_init__(self) -> None:
        now = time.monotonic()
        self.seen = {seat: now for seat in self.game.watchers}
        self.publish()

    def publish(self) -> None:
        """Count a change and build every person's view as JSON for the streams, which read only this
        snapshot (one attribute, replaced whole), never the game while a move changes it."""
        self.revision += 1
        views = {seat: json.dumps(self.view(seat), ensure_ascii=False) for seat in self.game.watchers}
        self.snapshot = (self.revision, self.over, views)
        self.wake()

    def wake(self) -> None:
        """Wake every open stream of the table."""
        for waker in list(self.wakers):
            waker()

    def check(self, seat: int, token: str | None) -> None:
        """Refuse (403) unless ``token`` is the token of ``seat``, a person's seat of this table."""
        digest = self.tokens[seat] if 0 <= seat < len(self.tokens) else None
        given = token_digest(token or "")
        if digest is None or not token or not hmac.compare_digest(given, digest):
            raise WebGameError(f"seat {seat}: this link's token is not the seat's", 403)
        self.seen[seat] = time.monotonic()

    @property
    def over(self) -> bool:
        return self.game.state.is_terminal()

    def view(self, seat: int) -> dict[str, Any]:
        """What the person at ``seat`` may see: the seat's view and who plays each seat."""
        game = self.game
        return {
            "table": self.id,
            "game": self.key,
            "revision": self.revision,
            "players": [seat_label(plan) for plan in game.players],
            "left": game.players[seat].kind != PERSON,
            "can_leave": game.setup.stand_in is not None and not self.over,
            "rated": seat in self.rated,
            **game.view_of(seat),
        }

    def published(self, seat: int) -> str:
        """The seat's view as JSON, as the last ``publish`` built it (the streams send the same text)."""
        return self.snapshot[2][seat]

    def result(self, seat: int) -> str:
        """``win`` / ``loss`` / ``draw`` for ``seat`` at the end; ``abandoned`` before it."""
        return self.game.seen_from(seat).result or "abandoned"

    def stored_game(self, seat: int) -> StoredGame:
        """The table as one seat's game, in the shape the ratings take."""
        setup = self.game.setup
        return StoredGame(
            self.id,
            self.key,
            self.identity,
            self.genome_json,
            seat,
            "table",
            0,
            setup.seed,
            list(self.game.actions),
            self.result(seat),
        )

    def idle_seat(self, now: float) -> int | None:
        """The seat the table waits for, when its person has been away ``IDLE_SECONDS`` (module rules)."""
        game = self.game
        if self.over or game.setup.stand_in is None:
            return None
        seat = game.state.current_player
        if game.players[seat].kind != PERSON or seat in self.streams:
            return None
        return seat if now - self.seen.get(seat, now) > IDLE_SECONDS else None


class TableHall:
    """Every table of one app: creation, the live cache, persistence, streams per client; whether a
    client may choose the seed (``client_seeds``: for tests and benchmarks only)."""

    def __init__(
        self,
        records: WebRecords,
        tables: TableRecords,
        streams_per_client: int = STREAMS_PER_CLIENT,
        client_seeds: bool = False,
    ) -> None:
        self.records = records
        self.client_seeds = client_seeds
        self.store = tables
        self.streams_per_client = streams_per_client
        self.live: OrderedDict[str, Table] = OrderedDict()
        self.client_streams: dict[str, int] = {}
        self.lock = threading.Lock()

    def create(
        self,
        key: str,
        genome: GameGenome,
        seats: tuple[SeatPlan, ...],
        stand_in: SeatPlan | None,
        seed: int,
        client: str,
    ) -> tuple[Table, dict[int, str]]:
        """A new table and the token of each person's seat (given only here)."""
        people = [seat for seat, plan in enumerate(seats) if plan.kind == PERSON]
        if not people:
            raise WebGameError("seats: at least one seat must be a person's", 422)
        setup = GameSetup(genome, people[0], "table", 0, seed, seats, stand_in)
        game = WebGame.start(setup)
        tokens = {seat: secrets.token_urlsafe(TOKEN_BYTES) for seat in people}
        digests = tuple(token_digest(tokens[s]) if s in tokens else None for s in range(len(seats)))
        table = Table(uuid.uuid4().hex, key, genome_identity(genome), to_json(genome), game, digests)
        self.store.create_table(
            StoredTable(
                table.id,
                key,
                table.identity,
                table.genome_json,
                seed,
                [(plan.kind, plan.iterations) for plan in seats],
                (stand_in.kind, stand_in.iterations) if stand_in else None,
                list(digests),
                list(game.actions),
                [],
                table.over,
                [],
            ),
            client,
        )
        self._keep(table)
        return table, tokens

    def table(self, table_id: str) -> Table:
        """The live table ``table_id``, replayed from the store when it is not in memory (404 if none)."""
        with self.lock:
            cached = self.live.get(table_id)
            if cached is not None:
                self.live.move_to_end(table_id)
                return cached
        stored = self.store.load_table(table_id) if len(table_id) == 32 else None
        if stored is None:
            raise WebGameError(f"table {table_id!r}: no such table", 404)
        return self._keep(_restored(stored))

    def _keep(self, table: Table) -> Table:
        """Keep ``table`` live (or the one already kept under its id, if another request restored it
        first); the least recently used beyond ``LIVE_TABLES`` leave memory."""
        with self.lock:
            table = self.live.setdefault(table.id, table)
            # The least recently used go first, never one with an open stream (its page watches it).
            idle = [key for key, kept in self.live.items() if not kept.streams]
            for key in idle[: max(0, len(self.live) - LIVE_TABLES)]:
                del self.live[key]
        return table

    def move(self, table: Table, seat: int, action: int, version: int) -> str:
        """The person at ``seat`` moves; the computer answers; the seat's new view (JSON)."""
        with table.lock:
            if table.game.players[seat].kind != PERSON:
                raise WebGameError(f"seat {seat}: the computer plays this seat now", 409)
            old = table.game.version
            table.game.move(action, version, seat)
            self._save(table, old)
            return table.published(seat)

    def leave(self, table: Table, seat: int) -> str:
        """The person at ``seat`` leaves: the computer plays the seat from now on; the seat's view (JSON)."""
        with table.lock:
            self._hand_over(table, seat)
            return table.published(seat)

    def hand_over_idle(self, table: Table) -> None:
        """Give the seat the table waits for to the computer when its person is away (module rules)."""
        with table.lock:
            seat = table.idle_seat(time.monotonic())
            if seat is not None:
                self._hand_over(table, seat)

    def _hand_over(self, table: Table, seat: int) -> None:
        if table.over:
            raise WebGameError("the game is over", 409)
        old = table.game.version
        table.game.hand_over(seat)
        table.game.advance()
        self._save(table, old)

    def _save(self, table: Table, old_version: int) -> None:
        game = table.game
        try:
            self.store.save_table(table.id, old_version, game.actions, game.handovers, table.over)
        except WebGameError:
            with self.lock:
                self.live.pop(table.id, None)
            raise
        table.publish()

    def rate(
        self, table: Table, seat: int, stars: int, comment: str, broken: bool, again: bool, client: str
    ) -> int:
        """The person at ``seat`` rates the game, once, after its end or after leaving."""
        with table.lock:
            if not table.over and table.game.players[seat].kind == PERSON:
                raise WebGameError("rating: rate the game when it is over (or after leaving it)", 409)
            self.store.mark_rated(table.id, seat)
            table.rated.add(seat)
            table.publish()
            stored = table.stored_game(seat)
            opinion = Opinion(stored.result or "", stars, comment, broken, again)
            # one rating per person: a table's person is its seat (their link), so the seat is the rater
            return self.records.rate(stored, opinion, client, rater=f"table seat {seat}")

    def open_stream(self, table: Table, seat: int, client: str) -> int:
        """Register a stream of ``seat``; its number (a newer stream of the seat ends this one)."""
        with self.lock:
            if self.client_streams.get(client, 0) >= self.streams_per_client:
                raise WebGameError(f"too many open streams: at most {self.streams_per_client} a client", 429)
            self.client_streams[client] = self.client_streams.get(client, 0) + 1
            number = table.streams.get(seat, 0) + 1
            table.streams[seat] = number
        table.wake()  # the seat's older stream, if any, sees that it is replaced
        return number

    def close_stream(self, table: Table, seat: int, client: str, number: int) -> None:
        with self.lock:
            left = self.client_streams.get(client, 1) - 1
            if left:
                self.client_streams[client] = left
            else:
                self.client_streams.pop(client, None)
            if table.streams.get(seat) == number:
                del table.streams[seat]
                table.seen[seat] = time.monotonic()


def _restored(stored: StoredTable) -> Table:
    """A stored table, replayed (its computer seats are seeded, so they play as they did)."""
    genome = from_json(stored.genome_json, source=f"stored table {stored.id}")
    seats = tuple(SeatPlan(kind, iterations) for kind, iterations in stored.seats)
    stand_in = SeatPlan(*stored.stand_in) if stored.stand_in else None
    people = [seat for seat, plan in enumerate(seats) if plan.kind == PERSON]
    setup = GameSetup(genome, people[0], "table", 0, stored.seed, seats, stand_in)
    game = WebGame.restore(setup, stored.actions, stored.handovers)
    table = Table(stored.id, stored.game, stored.identity, stored.genome_json, game, tuple(stored.tokens))
    table.rated = set(stored.rated)
    return table

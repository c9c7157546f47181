"""The routes of tables for several people (``web.tables``): pages, JSON and each seat's event stream.

=================================================  =====================================================
``GET /games/{key}/table``                         the page that creates a table of game ``key``
``GET /tables/{id}/{seat}``                        a person's page (the token is in the link's fragment)
``POST /api/tables``                               ``{game, seats: [{kind, iterations}], stand_in, seed}``
                                                   → ``{id, links: [{seat, name, url}]}``; ``kind`` is
                                                   ``person``, ``random``, ``greedy`` or ``mcts``
``GET /api/tables/{id}/seats/{seat}``              the seat's view (``Table.view``)
``POST /api/tables/{id}/seats/{seat}/moves``       ``{action, version}`` → the seat's new view
``POST /api/tables/{id}/seats/{seat}/leave``       the computer takes the seat → the seat's view
``POST /api/tables/{id}/seats/{seat}/rating``      ``{stars, comment, broken, again}``, once a seat
``GET /api/tables/{id}/seats/{seat}/events``       ``text/event-stream`` of the seat's views
=================================================  =====================================================

Every ``/api/tables/{id}/seats/{seat}`` route needs the header ``X-Seat-Token`` with the seat's token
(403 otherwise, whatever the seat). Errors are ``{"detail": ...}`` with a 4xx status, as in ``web.app``.

The stream (server-sent events): ``event: view`` with the seat's view as JSON (``id:`` the table's
revision) at once and after every change; a comment line ``: heartbeat`` every ``HEARTBEAT_SECONDS``;
``event: end`` and the end of the stream when the game is over (after its last view), when a newer
stream of the same seat opens (``event: replaced``), or after ``STREAM_SECONDS`` (the page reconnects).
A stream sleeps until the table wakes it (``Table.wakers``: after every change, from the thread that made
it) or its next heartbeat is due, then sends the table's published snapshot: it never touches the game,
so a slow computer move blocks no stream, and nothing polls. A client gone away is noticed at the next
wake or heartbeat. Limits: one stream per seat, at most
``tables.STREAMS_PER_CLIENT`` per client (429).

Seeds: the deal is drawn from ``secrets`` unless the hall allows client seeds (``TableHall.client_seeds``,
for tests and benchmarks); a seed sent otherwise is refused (422), since whoever chooses the seed can
compute every hand.
"""

from __future__ import annotations

import asyncio
import contextlib
import secrets
import threading
import time
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Annotated, Any, Literal

from fastapi import APIRouter, Header, HTTPException, Request
from fastapi.concurrency import run_in_threadpool
from fastapi.responses import HTMLResponse, Response, StreamingResponse
from fastapi.templating import Jinja2Templates
from pydantic import BaseModel, Field

from darwindeck.play.view import seat_names
from darwindeck.web.records import TableRecords
from darwindeck.web.session import PERSON, SeatPlan
from darwindeck.web.tables import Table, TableHall

MAX_SEED = 2**31 - 1
MAX_COMMENT = 2000
HEARTBEAT_SECONDS = 15.0
STREAM_SECONDS = 3600.0

router = APIRouter()
_HALL_LOCK = threading.Lock()
_TEMPLATES = Jinja2Templates(directory=Path(__file__).parent / "templates")


class SeatRequest(BaseModel):
    kind: Literal["person", "random", "greedy", "mcts"]
    iterations: int = Field(default=100, ge=1, le=2000)


class StandInRequest(BaseModel):
    kind: Literal["random", "greedy", "mcts"] = "greedy"
    iterations: int = Field(default=100, ge=1, le=2000)


class TableRequest(BaseModel):
    game: str = Field(min_length=1, max_length=120)
    seats: list[SeatRequest] = Field(min_length=1, max_length=8)
    stand_in: StandInRequest | None = StandInRequest()
    seed: int | None = Field(default=None, ge=0, le=MAX_SEED)


class MoveRequest(BaseModel):
    action: int = Field(ge=0)
    version: int = Field(ge=0)


class RatingRequest(BaseModel):
    stars: int = Field(ge=1, le=5)
    comment: str = Field(default="", max_length=MAX_COMMENT)
    broken: bool = False
    again: bool = False


Token = Annotated[str | None, Header(alias="X-Seat-Token")]


def hall(request: Request) -> TableHall:
    """The app's tables (made on first use over the app's store; a test may set its own first)."""
    state = request.app.state
    with _HALL_LOCK:
        found: TableHall | None = getattr(state, "tables", None)
        if found is None:
            web = state.web
            engine = web.store.engine
            found = TableHall(web.records, TableRecords(engine), client_seeds=web.allow_client_seeds)
            state.tables = found
    return found


def _page(request: Request, name: str, context: dict[str, Any]) -> HTMLResponse:
    return _TEMPLATES.TemplateResponse(request, name, context)


def _json(text: str) -> Response:
    """A view already serialised by ``Table.publish`` (built once per change, for the streams too)."""
    return Response(content=text, media_type="application/json")


def _seat(request: Request, table_id: str, seat: int, token: str | None) -> tuple[TableHall, Table]:
    """The hall and the table, once ``token`` is ``seat``'s (403 otherwise, 404 for no such table)."""
    tables = hall(request)
    table = tables.table(table_id)
    table.check(seat, token)
    return tables, table


@router.get("/games/{key}/table", response_class=HTMLResponse)
def create_page(request: Request, key: str) -> HTMLResponse:
    entry = request.app.state.web.entry(key)
    names = seat_names(entry.players)
    return _page(request, "table.html", {"entry": entry, "names": names, "table_id": "", "seat": ""})


@router.get("/tables/{table_id}/{seat}", response_class=HTMLResponse)
def seat_page(request: Request, table_id: str, seat: int) -> HTMLResponse:
    table = hall(request).table(table_id)
    if not 0 <= seat < len(table.tokens) or table.tokens[seat] is None:
        raise HTTPException(404, f"seat {seat}: no person sits there")
    context = {"entry": None, "names": (), "table_id": table_id, "seat": seat, "game": table.key}
    return _page(request, "table.html", context)


@router.post("/api/tables")
def create(request: Request, body: TableRequest) -> dict[str, Any]:
    web = request.app.state.web
    tables = hall(request)
    client = web.client(request)
    if not web.starts.allow(client):
        raise HTTPException(429, f"too many games started: at most {web.starts.limit} a minute")
    entry = web.entry(body.game)
    if len(body.seats) != entry.players:
        raise HTTPException(
            422, f"seats: {entry.name} has {entry.players} seats, {len(body.seats)} were given"
        )
    if body.seed is not None and not tables.client_seeds:
        raise HTTPException(422, "seed: this server deals from its own secret seed; leave the seed out")
    seed = secrets.randbelow(MAX_SEED + 1) if body.seed is None else body.seed
    plans = tuple(
        SeatPlan(PERSON) if s.kind == PERSON else SeatPlan.computer(s.kind, s.iterations) for s in body.seats
    )
    stand_in = SeatPlan.computer(body.stand_in.kind, body.stand_in.iterations) if body.stand_in else None
    table, tokens = tables.create(entry.key, entry.genome, plans, stand_in, seed, client)
    names = seat_names(entry.players)
    links = [
        {"seat": seat, "name": names[seat], "url": f"/tables/{table.id}/{seat}#{token}"}
        for seat, token in sorted(tokens.items())
    ]
    return {"id": table.id, "links": links}


@router.get("/api/tables/{table_id}/seats/{seat}")
def view(request: Request, table_id: str, seat: int, x_seat_token: Token = None) -> Response:
    tables, table = _seat(request, table_id, seat, x_seat_token)
    tables.hand_over_idle(table)
    return _json(table.published(seat))


@router.post("/api/tables/{table_id}/seats/{seat}/moves")
def move(
    request: Request, table_id: str, seat: int, body: MoveRequest, x_seat_token: Token = None
) -> Response:
    tables, table = _seat(request, table_id, seat, x_seat_token)
    return _json(tables.move(table, seat, body.action, body.version))


@router.post("/api/tables/{table_id}/seats/{seat}/leave")
def leave(request: Request, table_id: str, seat: int, x_seat_token: Token = None) -> Response:
    tables, table = _seat(request, table_id, seat, x_seat_token)
    return _json(tables.leave(table, seat))


@router.post("/api/tables/{table_id}/seats/{seat}/rating")
def rate(
    request: Request, table_id: str, seat: int, body: RatingRequest, x_seat_token: Token = None
) -> dict[str, Any]:
    tables, table = _seat(request, table_id, seat, x_seat_token)
    client = request.app.state.web.client(request)
    rating = tables.rate(table, seat, body.stars, body.comment.strip(), body.broken, body.again, client)
    return {"rating": rating, "game": table.key, "result": table.result(seat)}


@router.get("/api/tables/{table_id}/seats/{seat}/events")
def events(request: Request, table_id: str, seat: int, x_seat_token: Token = None) -> StreamingResponse:
    tables, table = _seat(request, table_id, seat, x_seat_token)
    client = request.app.state.web.client(request)
    number = tables.open_stream(table, seat, client)
    headers = {"Cache-Control": "no-store", "X-Accel-Buffering": "no"}
    stream = _stream(request, tables, table, seat, client, number)
    return StreamingResponse(stream, media_type="text/event-stream", headers=headers)


async def _stream(
    request: Request, tables: TableHall, table: Table, seat: int, client: str, number: int
) -> AsyncIterator[str]:
    """The seat's events (module docstring); the stream is closed in the hall however it ends."""
    try:
        async for event in _events(request, tables, table, seat, number):
            yield event
    finally:
        tables.close_stream(table, seat, client, number)


async def _events(
    request: Request, tables: TableHall, table: Table, seat: int, number: int
) -> AsyncIterator[str]:
    loop = asyncio.get_running_loop()
    changed = asyncio.Event()

    def wake() -> None:
        with contextlib.suppress(RuntimeError):  # the server is shutting down: nobody to wake
            loop.call_soon_threadsafe(changed.set)

    table.wakers.add(wake)
    try:
        sent = 0
        opened = beat = time.monotonic()
        while True:
            changed.clear()
            if table.streams.get(seat) != number:
                yield "event: replaced\ndata: {}\n\n"
                return
            revision, over, views = table.snapshot
            if revision != sent:
                sent = revision
                yield f"event: view\nid: {revision}\ndata: {views[seat]}\n\n"
                if over:
                    yield "event: end\ndata: {}\n\n"
                    return
            now = time.monotonic()
            if now - beat >= HEARTBEAT_SECONDS:
                beat = now
                table.seen[seat] = now
                yield ": heartbeat\n\n"
                if table.idle_seat(now) is not None:
                    await run_in_threadpool(tables.hand_over_idle, table)
            if now - opened >= STREAM_SECONDS or await request.is_disconnected():
                return
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(changed.wait(), HEARTBEAT_SECONDS - (now - beat))
    finally:
        table.wakers.discard(wake)

"""Load test of tables for several people on loopback: many tables of two people each, played to the end
over HTTP, each person following their seat's event stream.

Run: ``.venv/bin/python -m benchmarks.web_tables_load [--tables 50] [--game crazy-eights]
[--computer greedy] [--timeout 600]``. The server is a separate process (uvicorn over ``make_app``, a
temporary SQLite store), so the clients do not share its interpreter. Each table has people at seats 0
and 2 and the computer (``--computer``) at the others; each person is a client thread that opens the
seat's stream (``GET …/events``) and, whenever a view shows the seat's moves, plays the first legal move
(``POST …/moves``); the stream ends with the game. Every request has a 60 s timeout and the whole test
is bounded by ``--timeout`` seconds (then it stops and reports what it has). Every move must answer 200
(a 409 from a stale view is counted apart: it happens only if a stream's view lags a move), every table
must end, and afterwards the store is checked: each table over, with its moves (nothing lost).

The latency of a move is one ``POST …/moves`` round trip; it includes the computer's replies up to the
next person's turn. The report gives its median, p95 and maximum. The server allows ``--tables`` × 2
open streams from one client (loopback is one client) and client-chosen seeds (seed = table number).
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
from fastapi import FastAPI

from benchmarks.evolve import commit
from benchmarks.web_load import _free_port
from darwindeck.evolve.store import RunStore
from darwindeck.web.app import create_app
from darwindeck.web.records import TableRecords
from darwindeck.web.tables import TableHall

PEOPLE = (0, 2)
#: A connection idle this long is not reused: uvicorn closes idle keep-alive connections after 5 s, and
#: a request sent as it closes them fails with "connection reset" (a client's race, not the server's).
LIMITS = httpx.Limits(keepalive_expiry=2.0)


def make_app() -> FastAPI:
    """The app the benchmark serves (``uvicorn --factory``): the store at ``$WEB_TABLES_DB``, client seeds
    and ``$WEB_TABLES_STREAMS`` streams a client."""
    app = create_app(os.environ["WEB_TABLES_DB"], salt="load", start_limit=100_000)
    web = app.state.web
    streams = int(os.environ.get("WEB_TABLES_STREAMS", "200"))
    app.state.tables = TableHall(web.records, TableRecords(web.store.engine), streams, client_seeds=True)
    return app


@dataclass
class Person:
    """One person's side of a table: the moves' latencies and what went wrong."""

    latencies: list[float] = field(default_factory=list)
    stale: int = 0
    result: str | None = None


def _views(response: httpx.Response) -> Iterator[dict[str, Any]]:
    """The views of an event stream, in order, until it ends."""
    event, data = "", ""
    for line in response.iter_lines():
        if line.startswith("event: "):
            event = line[7:]
        elif line.startswith("data: "):
            data = line[6:]
        elif line == "" and event:
            if event == "view":
                yield json.loads(data)
            event, data = "", ""


def _play_turns(client: httpx.Client, path: str, view: dict[str, Any], person: Person, acted: int) -> int:
    """Play the first legal move while ``view`` shows the seat's turn at a version not yet played; the
    last version played."""
    while view["moves"] and view["version"] > acted:
        acted = view["version"]
        started = time.perf_counter()
        answer = client.post(path, json={"action": view["moves"][0]["action"], "version": acted})
        person.latencies.append(time.perf_counter() - started)
        if answer.status_code == 409:
            person.stale += 1
            return acted
        answer.raise_for_status()
        view = answer.json()
        person.result = view["result"]
    return acted


def play_seat(base: str, table: str, seat: int, token: str, deadline: float) -> Person:
    """Follow the seat's stream and play its first legal move whenever it is the seat's turn; an error
    says when it came and how far the person got."""
    started = time.perf_counter()
    person = Person()
    try:
        return _follow(base, table, seat, token, deadline, person)
    except httpx.HTTPError as error:
        when = time.perf_counter() - started
        raise RuntimeError(
            f"seat {seat}, after {when:.1f} s and {len(person.latencies)} moves: {error!r}"
        ) from None


def _follow(base: str, table: str, seat: int, token: str, deadline: float, person: Person) -> Person:
    path = f"/api/tables/{table}/seats/{seat}"
    headers = {"X-Seat-Token": token}
    acted = -1
    with (
        httpx.Client(base_url=base, timeout=60.0, headers=headers, limits=LIMITS) as client,
        client.stream("GET", f"{path}/events") as stream,
    ):
        stream.raise_for_status()
        for view in _views(stream):
            person.result = view["result"]
            acted = _play_turns(client, f"{path}/moves", view, person, acted)
            if time.monotonic() >= deadline:
                break
    return person


def create_table(
    base: str, game: str, computer: str, seed: int, n_players: int
) -> tuple[str, dict[int, str]]:
    seats = [{"kind": "person"} if s in PEOPLE else {"kind": computer} for s in range(n_players)]
    response = httpx.post(f"{base}/api/tables", json={"game": game, "seats": seats, "seed": seed}, timeout=60)
    response.raise_for_status()
    created = response.json()
    return created["id"], {link["seat"]: link["url"].split("#", 1)[1] for link in created["links"]}


@dataclass
class Outcome:
    """What a run measured."""

    tables: list[str]
    people: list[Person]
    errors: list[str]
    wall: float

    @property
    def latencies(self) -> list[float]:
        return sorted(latency for person in self.people for latency in person.latencies)


def run(base: str, tables: int, game: str, computer: str, n_players: int, timeout: float) -> Outcome:
    """Create ``tables`` tables and play them all at once (module docstring)."""
    started = time.perf_counter()
    deadline = time.monotonic() + timeout
    created = [create_table(base, game, computer, seed, n_players) for seed in range(tables)]
    errors: list[str] = []
    people: list[Person] = []
    with ThreadPoolExecutor(max_workers=2 * tables) as pool:
        futures = [
            pool.submit(play_seat, base, table, seat, token, deadline)
            for table, tokens in created
            for seat, token in tokens.items()
        ]
        for future in futures:
            try:
                people.append(future.result(timeout=max(1.0, deadline - time.monotonic() + 60)))
            except Exception as error:  # every failure is counted and printed, the test goes on
                errors.append(f"{type(error).__name__}: {error}")
    return Outcome([table for table, _ in created], people, errors, time.perf_counter() - started)


def lost_tables(db: str, outcome: Outcome) -> list[str]:
    """The tables the store does not hold as over."""
    store = TableRecords(RunStore(db).engine)
    return [t for t in outcome.tables if (stored := store.load_table(t)) is None or not stored.over]


def p95(latencies: list[float]) -> float:
    return latencies[int(0.95 * (len(latencies) - 1))] if latencies else 0.0


def _serve(db: str, port: int, streams: int) -> subprocess.Popen[bytes]:
    env = {**os.environ, "WEB_TABLES_DB": db, "WEB_TABLES_STREAMS": str(streams)}
    command = [sys.executable, "-m", "uvicorn", "--factory", "benchmarks.web_tables_load:make_app"]
    command += ["--host", "127.0.0.1", "--port", str(port), "--log-level", "warning"]
    server = subprocess.Popen(command, env=env)
    for _ in range(600):
        try:
            httpx.get(f"http://127.0.0.1:{port}/static/style.css", timeout=1)
            return server
        except httpx.HTTPError:
            time.sleep(0.1)
    server.terminate()
    raise SystemExit("the server did not start within 60 s")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--tables", type=int, default=50)
    parser.add_argument("--game", default="crazy-eights")
    parser.add_argument("--computer", default="greedy", choices=("random", "greedy"))
    parser.add_argument("--players", type=int, default=4, help="the game's number of seats")
    parser.add_argument("--timeout", type=float, default=600.0)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        db = str(Path(folder) / "tables.db")
        port = _free_port()
        server = _serve(db, port, 2 * args.tables)
        try:
            outcome = run(
                f"http://127.0.0.1:{port}", args.tables, args.game, args.computer, args.players, args.timeout
            )
        finally:
            server.terminate()
            server.wait(30)
        lost = lost_tables(db, outcome)
    latencies = outcome.latencies
    stale = sum(person.stale for person in outcome.people)
    print(
        f"{args.tables} tables of {args.game}, people at seats 0 and 2, computer {args.computer}: "
        f"{len(outcome.people)} people finished, {len(outcome.errors)} errors, {stale} stale, "
        f"{len(lost)} tables not over, {len(latencies)} moves in {outcome.wall:.1f} s"
    )
    for error in outcome.errors[:5]:
        print("  error:", error)
    if latencies:
        print(
            f"move latency (a person's move and the computer's replies): median "
            f"{statistics.median(latencies) * 1000:.0f} ms, p95 {p95(latencies) * 1000:.0f} ms, "
            f"max {latencies[-1] * 1000:.0f} ms"
        )
        later = sorted(latency for person in outcome.people for latency in person.latencies[1:])
        print(
            f"without each person's first move (the {args.tables} tables start at once): {len(later)} moves, "
            f"median {statistics.median(later) * 1000:.0f} ms, p95 {p95(later) * 1000:.0f} ms"
        )
    print(f"\n{datetime.date.today()}, commit {commit()}")


if __name__ == "__main__":
    main()

"""A short run of the tables load test (``benchmarks/web_tables_load.py``): three tables of two people,
each person following their stream, played to the end over HTTP on loopback; nothing lost."""

from __future__ import annotations

import threading
import time
from pathlib import Path

import uvicorn
from benchmarks.web_load import _free_port
from benchmarks.web_tables_load import lost_tables, run

from darwindeck.web.app import create_app
from darwindeck.web.records import TableRecords
from darwindeck.web.tables import TableHall

TABLES = 3


def test_three_tables_of_two_people_end_with_nothing_lost(tmp_path: Path) -> None:
    db = str(tmp_path / "tables.db")
    app = create_app(db, salt="smoke", start_limit=1000)
    web = app.state.web
    app.state.tables = TableHall(web.records, TableRecords(web.store.engine), client_seeds=True)
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=_free_port(), log_level="error"))
    threading.Thread(target=server.run, daemon=True).start()
    deadline = time.monotonic() + 30
    while not server.started:
        assert time.monotonic() < deadline
        time.sleep(0.05)
    try:
        outcome = run(f"http://127.0.0.1:{server.config.port}", TABLES, "crazy-eights", "greedy", 4, 120.0)
    finally:
        server.should_exit = True
    assert outcome.errors == [] and len(outcome.tables) == TABLES
    assert len(outcome.people) == 2 * TABLES  # each table's two people followed it to the end
    assert all(person.result in ("win", "loss", "draw") for person in outcome.people)
    assert all(person.stale == 0 for person in outcome.people)
    assert lost_tables(db, outcome) == []
    assert len(outcome.latencies) >= TABLES  # at least one move a table was timed

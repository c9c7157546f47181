"""Fifty concurrent games played to the end over HTTP on loopback: no error, nothing lost."""

from __future__ import annotations

import threading
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest
import uvicorn
from benchmarks.web_load import _free_port, play_one

from darwindeck.evolve.store import RunStore
from darwindeck.web.app import create_app
from darwindeck.web.records import WebRecords

GAMES = 50


@pytest.mark.slow
def test_fifty_concurrent_games_end_with_nothing_lost(tmp_path: Path) -> None:
    db = str(tmp_path / "load.db")
    port = _free_port()
    server = uvicorn.Server(
        uvicorn.Config(
            create_app(db, salt="t", start_limit=10_000, allow_client_seeds=True),
            host="127.0.0.1",
            port=port,
            log_level="error",
        )
    )
    threading.Thread(target=server.run, daemon=True).start()
    deadline = time.monotonic() + 30
    while not server.started:
        assert time.monotonic() < deadline
        time.sleep(0.05)
    try:
        with ThreadPoolExecutor(max_workers=GAMES) as pool:
            futures = [
                pool.submit(play_one, f"http://127.0.0.1:{port}", "crazy-eights", "greedy", 1, seed)
                for seed in range(GAMES)
            ]
            results = [future.result(timeout=120) for future in futures]
    finally:
        server.should_exit = True
    records = WebRecords(RunStore(db).engine)
    assert len({game_id for game_id, _ in results}) == GAMES
    for game_id, moves in results:
        stored = records.load_game(game_id)
        assert stored is not None and stored.result in ("win", "loss", "draw")
        assert len(stored.actions) >= len(moves)  # every move of the person is stored, with the replies

"""Load test of ``darwindeck serve`` on loopback: many concurrent games played to the end over HTTP.

Run: ``.venv/bin/python -m benchmarks.web_load [--games 50] [--opponents mcts] [--iterations 100]
[--game crazy-eights] [--timeout 900]``. A uvicorn server runs the app (a temporary SQLite store) in a
thread; ``--games`` client threads each start a game (a different seed each) and play it to the end by
always choosing the first legal move, every request with a 60 s timeout and the whole test bounded by
``--timeout`` seconds. Every response must be 200 and every game must end; afterwards the store is
checked: each game stored with all of its moves and a result (nothing lost). The latency of a move is
the time of one ``POST /moves`` round trip, which includes the opponents' replies (MCTS searches) up to
the person's next choice; the report gives its median, p95 and maximum, and the errors (0 to pass).
"""

from __future__ import annotations

import argparse
import datetime
import socket
import statistics
import tempfile
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import httpx
import uvicorn

from benchmarks.evolve import commit
from darwindeck.evolve.store import RunStore
from darwindeck.web.app import create_app
from darwindeck.web.records import WebRecords


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def play_one(base: str, game: str, opponents: str, iterations: int, seed: int) -> tuple[str, list[float]]:
    """Play one game to the end; its id and the latency of every move."""
    latencies = []
    with httpx.Client(base_url=base, timeout=60.0) as client:
        body = {"game": game, "opponents": opponents, "iterations": iterations, "seed": seed}
        response = client.post("/api/games", json=body)
        response.raise_for_status()
        view = response.json()
        while view["result"] is None:
            started = time.perf_counter()
            response = client.post(
                f"/api/games/{view['id']}/moves",
                json={"action": view["moves"][0]["action"], "version": view["version"]},
            )
            latencies.append(time.perf_counter() - started)
            response.raise_for_status()
            view = response.json()
    return view["id"], latencies


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=50)
    parser.add_argument("--game", default="crazy-eights")
    parser.add_argument("--opponents", default="mcts")
    parser.add_argument("--iterations", type=int, default=100)
    parser.add_argument("--timeout", type=float, default=900.0)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        db = str(Path(folder) / "load.db")
        port = _free_port()
        config = uvicorn.Config(
            create_app(db, salt="load", start_limit=10_000, allow_client_seeds=True),
            host="127.0.0.1",
            port=port,
            log_level="warning",
        )
        server = uvicorn.Server(config)
        threading.Thread(target=server.run, daemon=True).start()
        while not server.started:
            time.sleep(0.05)
        base = f"http://127.0.0.1:{port}"
        started = time.perf_counter()
        errors: list[str] = []
        results: list[tuple[str, list[float]]] = []
        with ThreadPoolExecutor(max_workers=args.games) as pool:
            futures = [
                pool.submit(play_one, base, args.game, args.opponents, args.iterations, seed)
                for seed in range(args.games)
            ]
            for future in futures:
                try:
                    results.append(
                        future.result(timeout=max(1.0, args.timeout - (time.perf_counter() - started)))
                    )
                except Exception as failure:  # every failure is counted and printed, the test goes on
                    errors.append(f"{type(failure).__name__}: {failure}")
        wall = time.perf_counter() - started
        server.should_exit = True
        records = WebRecords(RunStore(db).engine)
        lost = [
            game_id
            for game_id, _ in results
            if (stored := records.load_game(game_id)) is None or not stored.result
        ]
    latencies = sorted(latency for _, game in results for latency in game)
    p95 = latencies[int(0.95 * (len(latencies) - 1))] if latencies else 0.0
    print(
        f"{args.games} concurrent {args.game} games, opponents {args.opponents}"
        + (f"-{args.iterations}" if args.opponents == "mcts" else "")
        + f": {len(results)} finished, {len(errors)} errors, {len(lost)} lost, {len(latencies)} moves in "
        f"{wall:.1f} s"
    )
    for error in errors[:5]:
        print("  error:", error)
    if latencies:
        print(
            f"move latency (the person's move and the opponents' replies): median "
            f"{statistics.median(latencies) * 1000:.0f} ms, p95 {p95 * 1000:.0f} ms, "
            f"max {latencies[-1] * 1000:.0f} ms"
        )
    print(f"\n{datetime.date.today()}, commit {commit()}")


if __name__ == "__main__":
    main()

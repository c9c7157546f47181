"""The web server under a hostile client: strict JSON, size limits, headers, seeds, proxies, ratings, replay.

Each test names the fault it guards against (issue 27, "A server that holds under abuse").
"""

from __future__ import annotations

import json
import socket
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from darwindeck.evolve.store import RunStore
from darwindeck.web.app import create_app
from darwindeck.web.records import WebRecords


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    app = create_app(str(tmp_path / "abuse.db"), salt="abuse", allow_client_seeds=True)
    with TestClient(app) as test_client:
        yield test_client


def _start(client: TestClient, **body: Any) -> dict[str, Any]:
    response = client.post("/api/games", json={"game": "crazy-eights", "opponents": "greedy", **body})
    assert response.status_code == 200, response.text
    data: dict[str, Any] = response.json()
    return data


def _raw(client: TestClient, path: str, text: str) -> Any:
    return client.post(path, content=text.encode(), headers={"Content-Type": "application/json"})


@pytest.mark.parametrize("number", ["NaN", "Infinity", "-Infinity"])
def test_nan_and_infinity_are_refused_with_422_anywhere_in_the_body(client: TestClient, number: str) -> None:
    # Python's json reads these three words as floats; they are not JSON (RFC 8259, section 6). Today a
    # NaN in a number field answers 500 (the 422 cannot be written, it would echo the NaN).
    game = _start(client, seed=3)["id"]
    for path, text in (
        ("/api/games", f'{{"game": "crazy-eights", "iterations": {number}}}'),
        (f"/api/games/{game}/moves", f'{{"action": {number}, "version": 0}}'),
        (f"/api/games/{game}/rating", f'{{"stars": 3, "comment": "ok", "extra": {number}}}'),
    ):
        answer = _raw(client, path, text)
        assert answer.status_code == 422, (path, answer.text)
        (error,) = answer.json()["detail"]
        assert error["type"] == "json_invalid" and "NaN and Infinity" in error["msg"]


def test_a_boolean_is_not_a_move_number(client: TestClient) -> None:
    # JSON true is not the integer 1: strict fields refuse it (today `true` plays move 1).
    view = _start(client, seed=3)
    answer = client.post(f"/api/games/{view['id']}/moves", json={"action": True, "version": 0})
    assert answer.status_code == 422
    assert [error["loc"] for error in answer.json()["detail"]] == [["body", "action"]]
    stars = client.post(f"/api/games/{view['id']}/rating", json={"stars": True})
    assert stars.status_code == 422 and stars.json()["detail"][0]["loc"] == ["body", "stars"]
    seat = client.post("/api/games", json={"game": "hearts", "seat": False})
    assert seat.status_code == 422 and seat.json()["detail"][0]["loc"] == ["body", "seat"]
    assert client.get(f"/api/games/{view['id']}").json()["version"] == 0  # nothing was played


def test_a_body_over_64_kib_is_refused_with_413_before_it_is_read(client: TestClient) -> None:
    # The limit is 64 KiB = 65,536 bytes (web.guard.MAX_BODY); a 20 MB comment used to be parsed whole.
    game = _start(client, seed=3)["id"]
    big = {"stars": 3, "comment": "x" * 70_000}
    declared = client.post(f"/api/games/{game}/rating", json=big)
    assert declared.status_code == 413
    assert declared.json() == {"detail": "request body: larger than the limit of 64 KiB"}

    def chunks() -> Iterator[bytes]:  # no Content-Length: the body arrives in pieces (chunked)
        yield b'{"stars": 3, "comment": "'
        for _ in range(20):
            yield b"y" * 4096
        yield b'"}'

    streamed = client.post(
        f"/api/games/{game}/rating", content=chunks(), headers={"Content-Type": "application/json"}
    )
    assert streamed.status_code == 413
    just_under = _raw(client, f"/api/games/{game}/rating", '{"stars": 3, "comment": "' + "z" * 65_000 + '"}')
    assert just_under.status_code == 422  # read (65,027 bytes), then refused by the 2,000-character rule


def test_errors_never_echo_a_large_input(client: TestClient) -> None:
    game = _start(client, seed=3)["id"]
    long = "q" * 50_000
    for body in ({"stars": 3, "comment": long}, {"comment": long}, {"stars": long}):
        answer = client.post(f"/api/games/{game}/rating", json=body)
        assert answer.status_code == 422
        assert "qqqq" not in answer.text and len(answer.text) < 400, answer.text[:200]
        assert all(set(error) == {"type", "loc", "msg"} for error in answer.json()["detail"])
    unknown = client.get("/games/" + "k" * 5000)
    assert unknown.status_code == 404 and len(unknown.text) < 400
    no_game = client.get("/api/games/" + "0" * 3000)
    assert no_game.status_code == 404 and len(no_game.text) < 400


def _policy(header: str) -> dict[str, str]:
    """A Content-Security-Policy as {directive: sources}."""
    parts = (part.strip().split(" ", 1) for part in header.split(";") if part.strip())
    return {part[0]: part[1] if len(part) > 1 else "" for part in parts}


def test_every_response_carries_the_security_headers(client: TestClient) -> None:
    game = _start(client, seed=3)["id"]
    answers = [
        client.get("/"),
        client.get("/games/hearts"),
        client.get(f"/play/{game}"),
        client.get("/battle"),
        client.get("/static/play.js"),
        client.get(f"/api/games/{game}"),
        client.get("/api/games/" + "0" * 32),  # a 404
        client.post("/api/games", json={"game": 1}),  # a 422 of the route
        _raw(client, "/api/games", '{"seed": NaN}'),  # a 422 of the guard
    ]
    for answer in answers:
        policy = _policy(answer.headers["content-security-policy"])
        # Only this app's own scripts and styles (no inline code, no other origin), and no framing.
        assert policy["script-src"] == "'self'" and policy["style-src"] == "'self'", answer.url
        assert policy["default-src"] == "'self'" and policy["frame-ancestors"] == "'none'"
        assert answer.headers["x-content-type-options"] == "nosniff"
        assert answer.headers["referrer-policy"] == "same-origin"
    # The rulebook is framed by the game page: same origin only, and its one inline stylesheet is
    # allowed by its hash, nothing else loads.
    rulebook = client.get("/games/hearts/rulebook")
    policy = _policy(rulebook.headers["content-security-policy"])
    assert policy["frame-ancestors"] == "'self'" and policy["default-src"] == "'none'"
    assert (
        policy["style-src"].startswith("'sha256-") and rulebook.headers["x-content-type-options"] == "nosniff"
    )


def test_the_api_schema_and_docs_are_served_only_when_asked(tmp_path: Path, client: TestClient) -> None:
    for path in ("/openapi.json", "/docs", "/redoc"):
        assert client.get(path).status_code == 404, path
    with TestClient(create_app(str(tmp_path / "open.db"), salt="o", openapi=True)) as open_client:
        schema = open_client.get("/openapi.json")
        assert schema.status_code == 200 and "/api/games" in schema.json()["paths"]
        assert open_client.get("/docs").status_code == 404  # Swagger UI would load scripts from a CDN


def test_a_client_may_choose_the_deal_only_when_the_server_allows_it(tmp_path: Path) -> None:
    db = str(tmp_path / "secret.db")
    with TestClient(create_app(db, salt="s")) as server:
        chosen = server.post("/api/games", json={"game": "crazy-eights", "opponents": "greedy", "seed": 0})
        assert chosen.status_code == 422 and chosen.json()["detail"].startswith("seed: this server deals")
        assert 'name="seed"' not in server.get("/games/crazy-eights").text  # the form offers no seed
        views = [_start(server) for _ in range(2)]
    records = WebRecords(RunStore(db).engine)
    seeds = [stored.seed for view in views if (stored := records.load_game(view["id"])) is not None]
    # Two seeds drawn from 2**31 values are equal with probability 2**-31.
    assert len(seeds) == 2 and seeds[0] != seeds[1]
    with TestClient(create_app(str(tmp_path / "open.db"), salt="s", allow_client_seeds=True)) as open_server:
        assert 'name="seed"' in open_server.get("/games/crazy-eights").text
        # The recorded seed replays the game: started again with it, the same page is shown.
        for view, seed in zip(views, seeds, strict=True):
            again = _start(open_server, seed=seed)
            assert {**again, "id": view["id"]} == view


def _rate_from(client: TestClient, game: str, address: str) -> int:
    answer = client.post(f"/api/games/{game}/rating", json={"stars": 3}, headers={"X-Forwarded-For": address})
    return int(answer.status_code)


def test_x_forwarded_for_counts_only_behind_a_proxy(tmp_path: Path) -> None:
    # Two ratings a minute per client: a third from the same socket is refused, whatever address the
    # client writes in X-Forwarded-For, unless the server was told it runs behind a proxy (which appends
    # the address it saw last in the header).
    with TestClient(create_app(str(tmp_path / "a.db"), salt="p", rate_limit=2)) as direct:
        game = _start(direct)["id"]
        assert [_rate_from(direct, game, f"10.0.0.{n}") for n in range(3)] == [200, 200, 429]
    with TestClient(create_app(str(tmp_path / "b.db"), salt="p", rate_limit=2, behind_proxy=True)) as proxied:
        game = _start(proxied)["id"]
        assert [_rate_from(proxied, game, f"10.0.0.{n}") for n in range(3)] == [200, 200, 200]
        spoofed = [_rate_from(proxied, game, f"6.6.6.{n}, 10.0.0.9") for n in range(3)]
        assert spoofed == [200, 200, 429]  # what the client wrote before the proxy's entry is ignored


def test_serve_lets_no_local_client_choose_its_address(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # `darwindeck serve` without --behind-proxy: a client on loopback that writes a fresh X-Forwarded-For
    # on every request still gets the one limit of its socket address (10 ratings a minute). Uvicorn's
    # own proxy handling, on by default for loopback, used to give it a fresh limit each time.
    import httpx
    import uvicorn

    from darwindeck.cli.web_verbs import serve

    captured: dict[str, Any] = {}
    monkeypatch.setattr(uvicorn, "run", lambda app, **options: captured.update(app=app, **options))
    with socket.socket() as probe:  # a free loopback port
        probe.bind(("127.0.0.1", 0))
        port = int(probe.getsockname()[1])
    serve(host="127.0.0.1", port=port, db=str(tmp_path / "serve.db"))
    options = {key: value for key, value in captured.items() if key not in ("app", "log_level")}
    server = uvicorn.Server(uvicorn.Config(captured["app"], log_level="error", **options))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 30
    while not server.started:
        assert time.monotonic() < deadline, "the server did not start"
        time.sleep(0.05)
    try:
        with httpx.Client(base_url=f"http://127.0.0.1:{port}", timeout=60) as http:
            game = http.post("/api/games", json={"game": "crazy-eights", "opponents": "greedy"}).json()["id"]
            codes = [
                http.post(
                    f"/api/games/{game}/rating", json={"stars": 2}, headers={"X-Forwarded-For": f"10.1.1.{n}"}
                ).status_code
                for n in range(11)
            ]
    finally:
        server.should_exit = True
        thread.join(10)
    assert codes == [200] * 10 + [429]


def test_the_csv_export_neutralises_formulas_and_control_characters(
    client: TestClient, tmp_path: Path
) -> None:
    import csv
    import io

    from darwindeck.cli.web_verbs import ExportFormat, csv_cell, export_text

    game = _start(client, seed=3)["id"]
    comments = ['=HYPERLINK("http://evil.example","x")', "a\x00b\x07c", "+1", "-2 stars", "@SUM(A1)", "fine"]
    for stars, comment in enumerate(comments, start=1):  # one rating per person: a fresh browser each
        client.cookies.clear()
        rated = client.post(f"/api/games/{game}/rating", json={"stars": 1 + stars % 5, "comment": comment})
        assert rated.status_code == 200, rated.text
    rows = list(WebRecords(RunStore(str(tmp_path / "abuse.db")).engine).ratings())
    text = export_text(rows, ExportFormat.CSV)
    assert "\x00" not in text and "\x07" not in text
    cells = [row["comment"] for row in csv.DictReader(io.StringIO(text))]
    # Each formula start (OWASP's list for CSV injection: = + - @ tab CR) gets a leading apostrophe.
    assert cells == [
        '\'=HYPERLINK("http://evil.example","x")',
        "abc",
        "'+1",
        "'-2 stars",
        "'@SUM(A1)",
        "fine",
    ]
    # The stars column holds numbers, untouched; JSON Lines keeps the comment as it was written.
    assert [row["stars"] for row in csv.DictReader(io.StringIO(text))] == ["2", "3", "4", "5", "1", "2"]
    assert json.loads(export_text(rows, ExportFormat.JSONL).splitlines()[1])["comment"] == "a\x00b\x07c"
    # A comment is stored stripped, so tab and CR starts come only from other text columns.
    assert [csv_cell(text) for text in ("\tx", "\r=1", "x\ty", 7)] == ["'\tx", "'\r=1", "x\ty", 7]


def test_rating_a_game_again_replaces_the_earlier_rating(client: TestClient, tmp_path: Path) -> None:
    game = _start(client, seed=3)["id"]
    first = client.post(f"/api/games/{game}/rating", json={"stars": 2, "comment": "slow"})
    cookie = first.headers["set-cookie"].lower()
    assert "darwindeck_rater=" in cookie and "httponly" in cookie and "samesite=lax" in cookie
    again = client.post(f"/api/games/{game}/rating", json={"stars": 5, "comment": "grew on me"})
    assert again.json()["rating"] == first.json()["rating"]
    client.cookies.clear()  # another person (a browser without the cookie) rates the same game
    other = client.post(f"/api/games/{game}/rating", json={"stars": 1})
    assert other.json()["rating"] != first.json()["rating"]
    rows = list(WebRecords(RunStore(str(tmp_path / "abuse.db")).engine).ratings())
    assert [(row["stars"], row["comment"]) for row in rows] == [(5, "grew on me"), (1, "")]
    assert "3.0 ★ (2)" in client.get("/").text  # (5 + 1) / 2 from two people


def test_a_finished_game_is_answered_from_the_store_without_asking_the_opponents(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Every opponent is wrapped to count its decisions. After the game ends, a GET (after a restart,
    # so nothing is cached) and a move sent to it must not ask the opponents anything.
    import darwindeck.web.session as session

    asked: list[int] = []
    real = session.make_opponent

    class Counting:
        def __init__(self, *args: Any) -> None:
            self.inner = real(*args)

        def start(self, state: Any) -> None:
            self.inner.start(state)

        def choose(self, state: Any) -> int:
            asked.append(1)
            return int(self.inner.choose(state))

        def observe(self, before: Any, state: Any, action: int) -> None:
            self.inner.observe(before, state, action)

    monkeypatch.setattr(session, "make_opponent", Counting)
    db = str(tmp_path / "done.db")
    with TestClient(create_app(db, salt="d", allow_client_seeds=True)) as first:
        view = _start(first, seed=3)
        while view["result"] is None:
            move = {"action": view["moves"][0]["action"], "version": view["version"]}
            view = first.post(f"/api/games/{view['id']}/moves", json=move).json()
    assert asked  # the greedy opponents played
    asked.clear()
    with TestClient(create_app(db, salt="d")) as second:
        assert second.get(f"/api/games/{view['id']}").json() == view
        late = second.post(f"/api/games/{view['id']}/moves", json={"action": 0, "version": view["version"]})
        assert late.status_code == 409 and late.json() == {"detail": "the game is over"}
    assert asked == []


def test_battles_never_wait_for_the_move_lock_and_the_cache_is_bounded(client: TestClient) -> None:
    from concurrent.futures import ThreadPoolExecutor

    from darwindeck.web.app import BATTLE_CACHE

    web = client.app.state.web  # type: ignore[attr-defined]
    query = "deck0=grass-serperior-celebi&deck1=fire-charizard-ex"
    with ThreadPoolExecutor(1) as pool, web.lock:  # the lock every move takes is held meanwhile
        stepped = pool.submit(client.get, f"/api/battle?{query}&seed=1&step=3").result(timeout=120)
    assert stepped.status_code == 200 and stepped.json()["step"] == 3
    for seed in range(2, BATTLE_CACHE + 6):  # BATTLE_CACHE + 5 battles viewed in all
        assert client.get(f"/api/battle?{query}&seed={seed}&step=0").status_code == 200
    assert len(web.battles) == BATTLE_CACHE
    # Least recently viewed first out: seeds 1 to 5 left, 6 onwards stay.
    assert sorted(setup.seed for setup in web.battles) == list(range(6, BATTLE_CACHE + 6))


def test_a_ratings_table_from_before_raters_gets_the_column_and_keeps_its_rows(tmp_path: Path) -> None:
    from sqlalchemy import create_engine, text

    db = tmp_path / "old.db"
    old = create_engine(f"sqlite:///{db}")
    columns = (
        "id INTEGER PRIMARY KEY, created VARCHAR(32), game_id VARCHAR(32), game VARCHAR(120), "
        "identity VARCHAR(64), seat INTEGER, opponents VARCHAR(16), iterations INTEGER, seed INTEGER, "
        "actions JSON, result VARCHAR(16), stars INTEGER, comment TEXT, broken BOOLEAN, again BOOLEAN, "
        "client VARCHAR(64)"
    )
    with old.begin() as connection:  # the table as 356f731 made it, with one rating
        connection.execute(text(f"CREATE TABLE ratings ({columns})"))
        connection.execute(
            text(
                "INSERT INTO ratings VALUES (1, '2026-11-20T10:00:00+00:00', 'a', 'war', 'i', 0, 'random', "
                "100, 4, '[]', 'win', 4, 'old', 0, 1, 'c')"
            )
        )
    old.dispose()
    with TestClient(create_app(str(db), salt="m", allow_client_seeds=True)) as client:
        game = _start(client, seed=3)["id"]
        for stars in (2, 3):  # the same person twice: one rating
            assert client.post(f"/api/games/{game}/rating", json={"stars": stars}).status_code == 200
    rows = list(WebRecords(RunStore(str(db)).engine).ratings())
    assert [(row["id"], row["game"], row["stars"], row["comment"]) for row in rows] == [
        (1, "war", 4, "old"),
        (2, "crazy-eights", 3, ""),
    ]

"""Tables for several people through the JSON API (FastAPI's test client): tokens, seats, leaving,
ratings, restarts. The streams are tested over a real server in ``test_tables_stream.py``."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

from darwindeck.engine.state_api import GameState
from darwindeck.genome.cards import card_name
from darwindeck.genome.library import get_game
from darwindeck.web.app import create_app
from darwindeck.web.records import TableRecords
from darwindeck.web.tables import TableHall

#: Hearts with people at North and South (seats 0 and 2), the computer (greedy) at East and West.
HEARTS = [{"kind": "person"}, {"kind": "greedy"}, {"kind": "person"}, {"kind": "greedy"}]


def make_app(db: str, client_seeds: bool = True) -> FastAPI:
    app = create_app(db, salt="tables")
    web = app.state.web
    app.state.tables = TableHall(web.records, TableRecords(web.store.engine), client_seeds=client_seeds)
    return app


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with TestClient(make_app(str(tmp_path / "web.db"))) as test_client:
        yield test_client


def create(
    client: TestClient, game: str = "hearts", seats: list[dict[str, Any]] | None = None, **body: Any
) -> Any:
    response = client.post("/api/tables", json={"game": game, "seats": seats or HEARTS, "seed": 4, **body})
    assert response.status_code == 200, response.text
    return response.json()


def tokens_of(created: dict[str, Any]) -> dict[int, str]:
    """Each person's seat and the token in its link (after the ``#``)."""
    return {link["seat"]: link["url"].split("#", 1)[1] for link in created["links"]}


def seat_view(client: TestClient, table: str, seat: int, token: str) -> Any:
    response = client.get(f"/api/tables/{table}/seats/{seat}", headers={"X-Seat-Token": token})
    assert response.status_code == 200, response.text
    return response.json()


def test_a_table_gives_one_link_per_person_with_a_secret_token(client: TestClient) -> None:
    created = create(client)
    table = created["id"]
    assert [(link["seat"], link["name"]) for link in created["links"]] == [(0, "North"), (2, "South")]
    tokens = tokens_of(created)
    for seat, link in zip((0, 2), created["links"], strict=True):
        assert link["url"].startswith(f"/tables/{table}/{seat}#")
    # token_urlsafe(24): 24 random bytes, 32 base64url characters; the two seats' tokens differ.
    assert all(len(token) == 32 for token in tokens.values()) and tokens[0] != tokens[2]
    north = seat_view(client, table, 0, tokens[0])
    assert north["seat"] == 0 and north["players"] == [
        "person",
        "computer (greedy)",
        "person",
        "computer (greedy)",
    ]
    # Hearts deals 13 cards to each seat; North's hand is North's own, as the seeded deal has it.
    state = GameState.new(get_game("hearts"), 4)
    assert sorted(north["hand"] + north["to_pass"]) == sorted(card_name(c) for c in state.hand(0))


def test_without_the_seats_token_nothing_is_answered(client: TestClient) -> None:
    created = create(client)
    table, tokens = created["id"], tokens_of(created)
    path = f"/api/tables/{table}/seats"
    cases = [
        ("GET", f"{path}/0", None),  # no token
        ("GET", f"{path}/0", "x" * 32),  # a wrong token
        ("GET", f"{path}/2", tokens[0]),  # North's token for South's seat
        ("GET", f"{path}/1", tokens[0]),  # a computer's seat has no token at all
        ("GET", f"{path}/9", tokens[0]),  # no such seat
        ("POST", f"{path}/2/moves", tokens[0]),
        ("POST", f"{path}/2/leave", tokens[0]),
        ("POST", f"{path}/2/rating", tokens[0]),
        ("GET", f"{path}/2/events", tokens[0]),
    ]
    for method, url, token in cases:
        headers = {"X-Seat-Token": token} if token else {}
        body = {"action": 0, "version": 0} if url.endswith("moves") else {"stars": 3}
        response = client.request(method, url, headers=headers, json=body if method == "POST" else None)
        assert response.status_code == 403, (method, url, response.text)
        assert response.json()["detail"].endswith("this link's token is not the seat's")
    assert (
        client.get(f"/api/tables/{'0' * 32}/seats/0", headers={"X-Seat-Token": tokens[0]}).status_code == 404
    )


def test_people_move_in_turn_and_each_sees_the_others_move(client: TestClient) -> None:
    created = create(client)
    table, tokens = created["id"], tokens_of(created)
    # Hearts opens by passing three cards (North passes left): both people choose theirs at once.
    north = seat_view(client, table, 0, tokens[0])
    assert north["current"] == 0 and len(north["moves"]) == 13
    south = seat_view(client, table, 2, tokens[2])
    assert south["moves"] == [] and south["version"] == north["version"]
    # South may not move for North, nor move out of turn.
    refused = client.post(
        f"/api/tables/{table}/seats/2/moves",
        json={"action": north["moves"][0]["action"], "version": north["version"]},
        headers={"X-Seat-Token": tokens[2]},
    )
    assert refused.status_code == 400
    card = north["moves"][0]
    moved = client.post(
        f"/api/tables/{table}/seats/0/moves",
        json={"action": card["action"], "version": north["version"]},
        headers={"X-Seat-Token": tokens[0]},
    ).json()
    assert moved["version"] > north["version"] and card["text"][5:] in moved["to_pass"]
    # South sees that North chose a card, never which one.
    south = seat_view(client, table, 2, tokens[2])
    assert south["version"] == moved["version"] and "North chooses a card to pass" in south["log"]
    assert card["text"][5:] not in str(south)
    # A stale version is refused and nothing is applied.
    stale = client.post(
        f"/api/tables/{table}/seats/0/moves",
        json={"action": moved["moves"][0]["action"], "version": north["version"]},
        headers={"X-Seat-Token": tokens[0]},
    )
    assert stale.status_code == 409 and seat_view(client, table, 0, tokens[0])["version"] == moved["version"]


def play_to_the_end(
    client: TestClient, table: str, tokens: dict[int, str], limit: int = 3000
) -> dict[int, Any]:
    """Every person plays their first legal move whenever it is their turn; the last views."""
    views = {seat: seat_view(client, table, seat, token) for seat, token in tokens.items()}
    for _ in range(limit):
        if all(view["result"] for view in views.values()):
            return views
        seat = next((s for s, v in views.items() if v["moves"] and not v["left"]), None)
        if seat is None:
            views = {s: seat_view(client, table, s, t) for s, t in tokens.items()}
            continue
        view = views[seat]
        response = client.post(
            f"/api/tables/{table}/seats/{seat}/moves",
            json={"action": view["moves"][0]["action"], "version": view["version"]},
            headers={"X-Seat-Token": tokens[seat]},
        )
        assert response.status_code == 200, response.text
        views = {s: seat_view(client, table, s, t) for s, t in tokens.items()}
    raise AssertionError("the table did not end")


def test_a_person_who_leaves_is_replaced_and_the_seat_is_taken(client: TestClient) -> None:
    created = create(client, stand_in={"kind": "random"})
    table, tokens = created["id"], tokens_of(created)
    north = seat_view(client, table, 0, tokens[0])
    assert north["can_leave"] and not north["left"]
    left = client.post(f"/api/tables/{table}/seats/0/leave", headers={"X-Seat-Token": tokens[0]}).json()
    # The computer (random, the stand-in) took North's turn at once: the passing went on to South.
    assert left["left"] and left["moves"] == [] and left["players"][0] == "computer (random)"
    assert left["version"] > north["version"]
    # The seat is taken: North's link may look at its own seat but no longer move or leave it.
    taken = client.post(
        f"/api/tables/{table}/seats/0/moves",
        json={"action": 0, "version": left["version"]},
        headers={"X-Seat-Token": tokens[0]},
    )
    assert taken.status_code == 409 and taken.json()["detail"] == "seat 0: the computer plays this seat now"
    again = client.post(f"/api/tables/{table}/seats/0/leave", headers={"X-Seat-Token": tokens[0]})
    assert again.status_code == 409
    # North, having left, rates once; South must wait for the end.
    rate = {"stars": 4, "comment": "left early"}
    first = client.post(f"/api/tables/{table}/seats/0/rating", json=rate, headers={"X-Seat-Token": tokens[0]})
    assert first.status_code == 200 and first.json()["result"] == "abandoned"
    second = client.post(
        f"/api/tables/{table}/seats/0/rating", json=rate, headers={"X-Seat-Token": tokens[0]}
    )
    assert second.status_code == 409
    early = client.post(f"/api/tables/{table}/seats/2/rating", json=rate, headers={"X-Seat-Token": tokens[2]})
    assert early.status_code == 409 and "when it is over" in early.json()["detail"]


def test_a_table_survives_a_restart_and_every_person_rates_it(tmp_path: Path) -> None:
    db = str(tmp_path / "web.db")
    seats = [{"kind": "person"}, {"kind": "random"}, {"kind": "person"}, {"kind": "random"}]
    with TestClient(make_app(db)) as first:
        created = create(first, game="crazy-eights", seats=seats)
        table, tokens = created["id"], tokens_of(created)
        before = {seat: seat_view(first, table, seat, token) for seat, token in tokens.items()}
        mover = next(seat for seat, view in before.items() if view["moves"])
        first.post(
            f"/api/tables/{table}/seats/{mover}/moves",
            json={"action": before[mover]["moves"][-1]["action"], "version": before[mover]["version"]},
            headers={"X-Seat-Token": tokens[mover]},
        )
        kept = {seat: seat_view(first, table, seat, token) for seat, token in tokens.items()}
    # A new server over the same database: the same seats, hands, logs and turn (a replay), and the
    # tokens still open them.
    with TestClient(make_app(db)) as second:
        again = {seat: seat_view(second, table, seat, token) for seat, token in tokens.items()}
        for seat in tokens:
            assert again[seat]["version"] == kept[seat]["version"] > before[seat]["version"]
            for key in ("hand", "log", "moves", "current", "hand_sizes", "discard_top"):
                assert again[seat][key] == kept[seat][key], (seat, key)
        ends = play_to_the_end(second, table, tokens)
        results = {seat: view["result"] for seat, view in ends.items()}
        assert set(results.values()) <= {"win", "loss", "draw"}
        for seat, token in tokens.items():
            rated = second.post(
                f"/api/tables/{table}/seats/{seat}/rating", json={"stars": 5}, headers={"X-Seat-Token": token}
            )
            assert rated.status_code == 200 and rated.json()["result"] == results[seat]
    ratings = list(second.app.state.web.records.ratings())  # type: ignore[attr-defined]
    assert sorted((r["seat"], r["result"], r["opponents"]) for r in ratings) == [
        (0, results[0], "table"),
        (2, results[2], "table"),
    ]
    # The ratings reach evolution's rated games (two ratings of 5 stars) though no one-person game exists.
    rated = second.app.state.web.records.rated_games()  # type: ignore[attr-defined]
    assert [(game.game, game.ratings, game.mean_stars) for game in rated] == [("crazy-eights", 2, 5.0)]


def test_bad_tables_are_refused_with_the_reason(tmp_path: Path) -> None:
    with TestClient(make_app(str(tmp_path / "web.db"), client_seeds=False)) as client:
        seeded = client.post("/api/tables", json={"game": "hearts", "seats": HEARTS, "seed": 4})
        assert seeded.status_code == 422 and seeded.json()["detail"].startswith("seed:")
        unseeded = client.post("/api/tables", json={"game": "hearts", "seats": HEARTS})
        assert unseeded.status_code == 200
        three = client.post("/api/tables", json={"game": "hearts", "seats": HEARTS[:3]})
        assert (
            three.status_code == 422 and three.json()["detail"] == "seats: Hearts has 4 seats, 3 were given"
        )
        nobody = client.post("/api/tables", json={"game": "hearts", "seats": [{"kind": "greedy"}] * 4})
        assert (
            nobody.status_code == 422
            and nobody.json()["detail"] == "seats: at least one seat must be a person's"
        )
        wizard = client.post("/api/tables", json={"game": "hearts", "seats": [{"kind": "wizard"}] * 4})
        assert wizard.status_code == 422 and wizard.json()["detail"][0]["loc"][:2] == ["body", "seats"]
        unknown = client.post("/api/tables", json={"game": "hartes", "seats": HEARTS})
        assert unknown.status_code == 404


def test_a_person_away_while_the_table_waits_is_replaced(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    created = create(client)
    table, tokens = created["id"], tokens_of(created)
    hall = client.app.state.tables  # type: ignore[attr-defined]
    live = hall.table(table)
    # Hearts opens with North's passing: the table waits for North, who has no page open.
    assert live.game.state.current_player == 0
    monkeypatch.setattr("darwindeck.web.tables.IDLE_SECONDS", 60.0)
    live.seen[0] -= 61.0  # North's last sign of life was 61 s ago
    live.streams[0] = 1  # ... but North's page is open (a stream): North keeps the seat
    assert seat_view(client, table, 2, tokens[2])["players"][0] == "person"
    del live.streams[0]
    south = seat_view(client, table, 2, tokens[2])  # any request at the table looks for idle seats
    assert south["players"][0] == "computer (greedy)" and live.game.handovers == [(0, 0)]
    # The stand-in (greedy) passed North's three cards at once; South has moved on to its own passing.
    assert south["version"] >= 3 and south["moves"]


def test_a_hand_over_survives_a_restart(tmp_path: Path) -> None:
    db = str(tmp_path / "web.db")
    with TestClient(make_app(db)) as first:
        created = create(first, stand_in={"kind": "random"})
        table, tokens = created["id"], tokens_of(created)
        left = first.post(f"/api/tables/{table}/seats/0/leave", headers={"X-Seat-Token": tokens[0]}).json()
        south = seat_view(first, table, 2, tokens[2])
    with TestClient(make_app(db)) as second:
        again = seat_view(second, table, 2, tokens[2])
        assert again["players"][0] == "computer (random)" and seat_view(second, table, 0, tokens[0])["left"]
        assert (again["version"], again["hand"], again["log"]) == (
            south["version"],
            south["hand"],
            south["log"],
        )
        assert again["version"] == left["version"]
        # The game goes on: South passes a card, and the replayed computers answer.
        moved = second.post(
            f"/api/tables/{table}/seats/2/moves",
            json={"action": again["moves"][0]["action"], "version": again["version"]},
            headers={"X-Seat-Token": tokens[2]},
        )
        assert moved.status_code == 200 and moved.json()["version"] > again["version"]

"""Each seat's event stream over a real server on loopback (uvicorn in a thread, httpx clients): no card
of another seat in any event of any seat's stream over whole games, the heartbeat, one stream per seat,
the limit per client, and the end of the streams with the game."""

from __future__ import annotations

import json
import re
import threading
import time
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
import uvicorn
from benchmarks.web_load import _free_port

from darwindeck.engine.state_api import GameState
from darwindeck.genome.cards import card_name
from darwindeck.genome.library import get_game
from darwindeck.play.narrate import completed_trick
from darwindeck.play.view import Revealed, build_view, cards_turned_up
from darwindeck.web import tables_api
from darwindeck.web.app import create_app
from darwindeck.web.records import TableRecords
from darwindeck.web.tables import TableHall

CARD = re.compile(r"(?:10|[2-9JQKA])[♥♦♣♠]")
PEOPLE_AT_0_AND_2 = [{"kind": "person"}, {"kind": "greedy"}, {"kind": "person"}, {"kind": "greedy"}]


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, TableHall]]:
    app = create_app(str(tmp_path_factory.mktemp("tables") / "web.db"), salt="streams", start_limit=1000)
    web = app.state.web
    hall = TableHall(web.records, TableRecords(web.store.engine), client_seeds=True)
    app.state.tables = hall
    port = _free_port()
    running = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning"))
    thread = threading.Thread(target=running.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 30
    while not running.started:
        assert time.monotonic() < deadline, "the server did not start"
        time.sleep(0.05)
    yield f"http://127.0.0.1:{port}", hall
    running.should_exit = True
    thread.join(10)


def create(base: str, game: str, seed: int) -> tuple[str, dict[int, str]]:
    body = {"game": game, "seats": PEOPLE_AT_0_AND_2, "seed": seed}
    created = httpx.post(f"{base}/api/tables", json=body).json()
    return created["id"], {link["seat"]: link["url"].split("#", 1)[1] for link in created["links"]}


def read_events(url: str, token: str, into: list[tuple[str, str]], limit: float = 300.0) -> None:
    """Append every (event, data) of the stream at ``url`` to ``into`` until it ends; comments (the
    heartbeat) as ("comment", text)."""
    event, data = "message", ""
    with httpx.stream("GET", url, headers={"X-Seat-Token": token}, timeout=limit) as response:
        assert response.status_code == 200, response.read()
        assert response.headers["content-type"].startswith("text/event-stream")
        for line in response.iter_lines():
            if line.startswith(":"):
                into.append(("comment", line[1:].strip()))
            elif line.startswith("event: "):
                event = line[7:]
            elif line.startswith("data: "):
                data = line[6:]
            elif line == "":
                if data:
                    into.append((event, data))
                event, data = "message", ""


def listen(base: str, table: str, seat: int, token: str) -> tuple[threading.Thread, list[tuple[str, str]]]:
    events: list[tuple[str, str]] = []
    url = f"{base}/api/tables/{table}/seats/{seat}/events"
    thread = threading.Thread(target=read_events, args=(url, token, events), daemon=True)
    thread.start()
    return thread, events


def forbidden_cards(
    game: str, seed: int, actions: list[int], seats: tuple[int, ...]
) -> dict[int, list[set[str]]]:
    """Per person's seat and version: the cards in another seat's hand or the deck that the seat's own
    one-seat view (``build_view``: its hand, the cards face up, and each completed trick) has not shown it,
    and the rules have not turned face up (``cards_turned_up``: a challenged claim, a set's cards), up to
    that version (a card played face up in an earlier hand may be dealt to another seat later, and the
    log still names it)."""
    state = GameState.new(get_game(game), seed)
    known: dict[int, set[int]] = {seat: set() for seat in seats}
    forbidden: dict[int, list[set[str]]] = {seat: [] for seat in seats}
    for version in range(len(actions) + 1):
        for seat in seats:
            view = build_view(state, seat)
            shown = [*(view.hand or ()), *view.to_pass, *view.dummy_hand, *(c for _, c in view.trick)]
            shown += [c for pile in view.tableau for c in pile]
            shown += [] if view.discard_top is None else [view.discard_top]
            known[seat].update(shown)
            others = {c for other in range(state.n_players) if other != seat for c in state.hand(other)}
            concealed = (others | set(state.deck())) - known[seat]
            forbidden[seat].append({card_name(c) for c in concealed})
        if version < len(actions):
            befores = {seat: build_view(state, seat) for seat in seats}
            shown_to_all = _turned_up(cards_turned_up(state, actions[version]))
            for seat in seats:  # the rules turn these face up for everyone (a challenged claim, ...)
                known[seat].update(shown_to_all)
            state.apply_action(actions[version])
            for seat, before in befores.items():  # the card that completes a trick is seen in the last trick
                trick = completed_trick(before, actions[version], build_view(state, seat))
                known[seat].update(card for _, card in trick)
    return forbidden


def _turned_up(revealed: Revealed) -> set[int]:
    """Every card ``revealed`` shows at the table."""
    hands = (card for hand in revealed.hands if hand is not None for card in hand)
    books = (card for _, book in revealed.books for card in book)
    return {*revealed.claim, *hands, *books, *revealed.laid}


def play(base: str, table: str, tokens: dict[int, str]) -> list[tuple[int, dict[str, Any]]]:
    """Both people play their first legal move on their turn until the game ends; every response."""
    client = httpx.Client(base_url=base, timeout=60)
    answers: list[tuple[int, dict[str, Any]]] = []

    def look(seat: int) -> dict[str, Any]:
        view: dict[str, Any] = client.get(
            f"/api/tables/{table}/seats/{seat}", headers={"X-Seat-Token": tokens[seat]}
        ).json()
        answers.append((seat, view))
        return view

    for _ in range(3000):
        views = {seat: look(seat) for seat in tokens}
        if all(view["result"] for view in views.values()):
            return answers
        for seat, view in views.items():
            if view["moves"]:  # one move, then both look again (the other's view is now stale)
                response = client.post(
                    f"/api/tables/{table}/seats/{seat}/moves",
                    json={"action": view["moves"][0]["action"], "version": view["version"]},
                    headers={"X-Seat-Token": tokens[seat]},
                )
                assert response.status_code == 200, response.text
                answers.append((seat, response.json()))
                break
    raise AssertionError("the table did not end")


@pytest.mark.slow
@pytest.mark.parametrize(("game", "seed"), [("hearts", 7), ("cheat", 3)])
def test_no_stream_ever_carries_another_seats_card(
    server: tuple[str, TableHall], game: str, seed: int
) -> None:
    base, hall = server
    table, tokens = create(base, game, seed)
    listeners = {seat: listen(base, table, seat, token) for seat, token in tokens.items()}
    answers = play(base, table, tokens)
    for thread, _ in listeners.values():
        thread.join(30)
        assert not thread.is_alive(), "a stream did not end with the game"
    actions = hall.table(table).game.actions
    forbidden = forbidden_cards(game, seed, actions, tuple(tokens))
    # Both games deal all 52 cards, 13 to each of 4 seats: at the deal a seat may not see 3 x 13 = 39.
    assert [len(forbidden[seat][0]) for seat in tokens] == [39, 39]
    received = [
        (seat, json.loads(data))
        for seat, (_, events) in listeners.items()
        for kind, data in events
        if kind == "view"
    ]
    for _, events in listeners.values():
        kinds = [kind for kind, _ in events if kind != "comment"]
        assert kinds[-1] == "end" and kinds.count("view") >= 2  # the first view, and the last
        assert json.loads([d for k, d in events if k == "view"][-1])["result"] in ("win", "loss", "draw")
    for seat, view in received + answers:
        assert view["seat"] == seat
        named = set(CARD.findall(json.dumps(view, ensure_ascii=False)))
        leaked = named & forbidden[seat][view["version"]]
        assert not leaked, f"seat {seat}, version {view['version']}: sent {sorted(leaked)}"
    assert len(received) + len(answers) > 100  # a whole game was looked at, not one screen


def test_a_stream_beats_and_a_newer_one_replaces_it(
    server: tuple[str, TableHall], monkeypatch: pytest.MonkeyPatch
) -> None:
    base, _ = server
    monkeypatch.setattr(tables_api, "HEARTBEAT_SECONDS", 0.3)
    table, tokens = create(base, "hearts", 2)
    first, first_events = listen(base, table, 0, tokens[0])
    deadline = time.monotonic() + 20
    while ("comment", "heartbeat") not in first_events:
        assert time.monotonic() < deadline, first_events
        time.sleep(0.05)
    assert first_events[0][0] == "view" and json.loads(first_events[0][1])["seat"] == 0
    # The person reopens the tab: the new stream starts with the view, the old one is told and ends.
    second, second_events = listen(base, table, 0, tokens[0])
    first.join(10)
    assert not first.is_alive() and first_events[-1][0] == "replaced"
    while not second_events:
        assert time.monotonic() < deadline
        time.sleep(0.05)
    assert second_events[0][0] == "view"
    httpx.post(f"{base}/api/tables/{table}/seats/0/leave", headers={"X-Seat-Token": tokens[0]})
    httpx.post(f"{base}/api/tables/{table}/seats/2/leave", headers={"X-Seat-Token": tokens[2]})
    second.join(60)  # both people left: the computer plays the game out and the stream ends with it
    assert not second.is_alive() and second_events[-1][0] == "end"


def test_open_streams_are_limited_per_client(server: tuple[str, TableHall]) -> None:
    base, hall = server
    hall.streams_per_client = 2
    try:
        table, tokens = create(base, "hearts", 5)
        other, other_tokens = create(base, "hearts", 6)
        listeners = [listen(base, table, 0, tokens[0]), listen(base, table, 2, tokens[2])]
        deadline = time.monotonic() + 20
        while not all(events for _, events in listeners):
            assert time.monotonic() < deadline
            time.sleep(0.05)
        refused = httpx.get(
            f"{base}/api/tables/{other}/seats/0/events", headers={"X-Seat-Token": other_tokens[0]}
        )
        assert (
            refused.status_code == 429
            and refused.json()["detail"] == "too many open streams: at most 2 a client"
        )
        for seat in (0, 2):
            httpx.post(
                f"{base}/api/tables/{table}/seats/{seat}/leave", headers={"X-Seat-Token": tokens[seat]}
            )
        for thread, _ in listeners:
            thread.join(60)
            assert not thread.is_alive()
    finally:
        hall.streams_per_client = 8


def test_a_closed_page_frees_its_stream_and_comes_back(
    server: tuple[str, TableHall], monkeypatch: pytest.MonkeyPatch
) -> None:
    base, hall = server
    monkeypatch.setattr(tables_api, "HEARTBEAT_SECONDS", 0.3)
    table, tokens = create(base, "hearts", 8)
    url = f"{base}/api/tables/{table}/seats/2/events"
    with httpx.stream("GET", url, headers={"X-Seat-Token": tokens[2]}, timeout=30) as response:
        lines = response.iter_lines()  # kept: a dropped line iterator closes the response
        assert next(lines) == "event: view"
        assert hall.table(table).streams == {2: 1}
    # The tab is closed: the server notices at the next heartbeat at the latest and frees the slot.
    deadline = time.monotonic() + 10
    while hall.table(table).streams or hall.client_streams:
        assert time.monotonic() < deadline, (hall.table(table).streams, hall.client_streams)
        time.sleep(0.05)
    # The person comes back with the same link: the same seat, at the table's current version.
    thread, events = listen(base, table, 2, tokens[2])
    while not events:
        assert time.monotonic() < deadline
        time.sleep(0.05)
    view = json.loads(events[0][1])
    assert view["seat"] == 2 and view["version"] == hall.table(table).game.version
    for seat in (0, 2):
        httpx.post(f"{base}/api/tables/{table}/seats/{seat}/leave", headers={"X-Seat-Token": tokens[seat]})
    thread.join(60)
    assert not thread.is_alive()

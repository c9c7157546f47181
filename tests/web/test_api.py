"""The web app's JSON API through FastAPI's test client: start, move, refuse, replay, rate, export."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from markupsafe import escape

from darwindeck.cli.web_verbs import ExportFormat, export_text
from darwindeck.engine.state_api import GameState
from darwindeck.evolve.published import nearest_known
from darwindeck.evolve.store import RunStore
from darwindeck.genome.cards import card_name
from darwindeck.genome.identity import genome_identity
from darwindeck.genome.library import GAME_INFO, get_game
from darwindeck.web.app import create_app
from darwindeck.web.records import WebRecords

CARD = re.compile(r"(?:10|[2-9JQKA])[♥♦♣♠]")


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    app = create_app(str(tmp_path / "web.db"), salt="test", admin_key="secret", allow_client_seeds=True)
    with TestClient(app) as test_client:
        yield test_client


def start(client: TestClient, **body: Any) -> dict[str, Any]:
    response = client.post("/api/games", json={"game": "crazy-eights", "opponents": "greedy", **body})
    assert response.status_code == 200, response.text
    data: dict[str, Any] = response.json()
    return data


def test_a_game_starts_at_the_persons_first_choice(client: TestClient) -> None:
    view = start(client, seed=3)
    # Crazy Eights: 4 players, North (seat 0) leads with more than one playable card at seed 3.
    assert view["seat"] == 0 and view["names"] == ["North", "East", "South", "West"]
    assert view["current"] == 0 and len(view["moves"]) > 1
    assert view["version"] == 0 and view["log"] == []
    assert len(view["hand"]) == view["hand_sizes"][0]
    assert view["discard_top"] is not None  # the opening discard is shown from the first move


@pytest.mark.parametrize("game", ["crazy-eights", "cheat", "hearts"])
def test_a_whole_game_never_shows_a_hidden_card(client: TestClient, game: str) -> None:
    """Every response of a whole game is searched for card names: each must be one the seat has seen."""
    view = start(client, game=game, seed=11)
    game_id = view["id"]
    seen: set[str] = set()
    steps = 0
    while True:
        seen.update(view["hand"] or [])
        seen.update(view["to_pass"])
        for pile in view["tableau"]:
            seen.update(pile)
        seen.update(card for _, card in view["trick"])
        if view["discard_top"]:
            seen.add(view["discard_top"])
        text = json.dumps(view, ensure_ascii=False)
        # Cards named in the log were played face up, turned up by a challenge, or drawn by the seat.
        for line in view["log"]:
            public = (" plays ", " leads ", "You play", "You lead", " cheat: ")  # a challenge: face up
            if line.startswith(("You draw", "You pass")) or any(word in line for word in public):
                seen.update(CARD.findall(line))
        hidden = set(CARD.findall(text)) - seen
        assert not hidden, f"step {steps}: the page was sent {sorted(hidden)}"
        # And against the server's true state: the hand shown is the seat's, and no card now in another
        # hand or in the deck appears unless it was shown face up before.
        web = client.app.state.web  # type: ignore[attr-defined]
        state = web.live(web.stored(game_id)).state
        # The hand is shown without the cards chosen to pass (they are listed apart).
        shown = view["hand"] + view["to_pass"]
        assert sorted(shown) == sorted(card_name(c) for c in state.hand(0))
        concealed = {card_name(c) for seat in (1, 2, 3) for c in state.hand(seat)} | {
            card_name(c) for c in state.deck()
        }
        assert not (concealed - seen) & set(CARD.findall(text)), f"step {steps}"
        if view["result"] is not None:
            break
        response = client.post(
            f"/api/games/{game_id}/moves",
            json={"action": view["moves"][0]["action"], "version": view["version"]},
        )
        assert response.status_code == 200, response.text
        view = response.json()
        steps += 1
        assert steps < 2000
    assert view["result"] in ("win", "loss", "draw")
    assert view["moves"] == []


def test_the_cards_never_seen_stay_hidden_at_the_first_move(client: TestClient) -> None:
    view = start(client, seed=5)
    state = GameState.new(get_game("crazy-eights"), 5)
    opponent_hand = {card_name(card) for seat in (1, 2, 3) for card in state.hand(seat)}
    text = json.dumps(view, ensure_ascii=False)
    assert not opponent_hand & set(CARD.findall(text)) - set(view["hand"]) - {view["discard_top"]}


def test_an_illegal_move_and_a_stale_page_are_refused(client: TestClient) -> None:
    view = start(client, seed=3)
    game_id, version = view["id"], view["version"]
    legal = {move["action"] for move in view["moves"]}
    illegal = next(action for action in range(52) if action not in legal)
    refused = client.post(f"/api/games/{game_id}/moves", json={"action": illegal, "version": version})
    assert refused.status_code == 400
    assert refused.json() == {"detail": f"action: {illegal} is not a legal move now"}
    stale = client.post(f"/api/games/{game_id}/moves", json={"action": min(legal), "version": version + 7})
    assert stale.status_code == 409
    assert "reload the page" in stale.json()["detail"]
    assert client.get(f"/api/games/{game_id}").json()["version"] == version  # nothing was applied


def test_bad_requests_name_the_field(client: TestClient) -> None:
    unknown = client.post("/api/games", json={"game": "hartes"})
    assert unknown.status_code == 404 and "hartes" in unknown.json()["detail"]
    seat = client.post("/api/games", json={"game": "hearts", "seat": 5})
    assert seat.status_code == 422 and seat.json()["detail"].startswith("seat:")
    bad = client.post("/api/games", json={"game": "crazy-eights", "opponents": "wizard"})
    assert bad.status_code == 422 and bad.json()["detail"][0]["loc"] == ["body", "opponents"]
    not_json = client.post("/api/games", content=b"{nope", headers={"Content-Type": "application/json"})
    assert not_json.status_code == 422
    assert client.get("/api/games/0123456789abcdef0123456789abcdef").status_code == 404
    long = client.post(f"/api/games/{start(client)['id']}/rating", json={"stars": 3, "comment": "x" * 2001})
    assert long.status_code == 422 and long.json()["detail"][0]["loc"] == ["body", "comment"]


def test_a_game_survives_a_restart(tmp_path: Path) -> None:
    db = str(tmp_path / "web.db")
    with TestClient(create_app(db, salt="s", allow_client_seeds=True)) as first:
        view = start(first, seed=8)
        view = first.post(
            f"/api/games/{view['id']}/moves",
            json={"action": view["moves"][-1]["action"], "version": view["version"]},
        ).json()
    with TestClient(create_app(db, salt="s", allow_client_seeds=True)) as second:
        again = second.get(f"/api/games/{view['id']}").json()
    assert again == view


def test_ratings_are_stored_shown_and_exported(client: TestClient, tmp_path: Path) -> None:
    view = start(client, seed=4)
    rated = client.post(
        f"/api/games/{view['id']}/rating",
        json={"stars": 4, "comment": "tight", "broken": False, "again": True},
    )
    assert rated.json() == {"rating": 1, "game": "crazy-eights", "result": "abandoned"}
    page = client.get("/?sort=rating").text
    assert "4.0 ★ (1)" in page
    records = WebRecords(RunStore(str(tmp_path / "web.db")).engine)
    rows = list(records.ratings())
    assert [(r["game"], r["stars"], r["comment"], r["again"], r["seed"]) for r in rows] == [
        ("crazy-eights", 4, "tight", True, 4)
    ]
    assert json.loads(export_text(rows, ExportFormat.JSONL))["stars"] == 4
    assert export_text(rows, ExportFormat.CSV).splitlines()[0].startswith("id,created,game,identity,seat")


def test_the_admin_key_hides_a_game(client: TestClient) -> None:
    assert client.post("/api/admin/hidden/war").status_code == 403
    assert client.post("/api/admin/hidden/war", headers={"X-Admin-Key": "secret"}).json() == {"hidden": "war"}
    assert 'data-key="war"' not in client.get("/").text
    assert 'data-key="hearts"' in client.get("/").text


def test_pages_load_nothing_from_outside(client: TestClient) -> None:
    view = start(client)
    for path in ("/", "/games/hearts", "/games/hearts/rulebook", f"/play/{view['id']}"):
        page = client.get(path)
        assert page.status_code == 200, path
        assert "http://" not in page.text and "https://" not in page.text, path
    assert client.get("/static/play.js").status_code == 200


def test_starting_games_is_rate_limited(tmp_path: Path) -> None:
    with TestClient(create_app(str(tmp_path / "limit.db"), salt="x", start_limit=3)) as limited:
        # Crazy Eights against greedy stops at the person's first choice, so the four starts take well
        # under the limiter's minute even on a loaded machine (a War start plays the whole game).
        start = {"game": "crazy-eights", "opponents": "greedy"}
        codes = [limited.post("/api/games", json=start).status_code for _ in range(4)]
    assert codes == [200, 200, 200, 429]


def test_a_hidden_game_stays_hidden_after_a_restart_and_finished_games_leave_memory(tmp_path: Path) -> None:
    db = str(tmp_path / "hide.db")
    with TestClient(create_app(db, salt="h", admin_key="k", allow_client_seeds=True)) as first:
        assert first.post("/api/admin/hidden/war", headers={"X-Admin-Key": "k"}).status_code == 200
        finished = first.post("/api/games", json={"game": "hearts", "opponents": "random"}).json()
        assert finished["result"] is None
        web = first.app.state.web  # type: ignore[attr-defined]
        assert finished["id"] in web.games
        war = first.post("/api/games", json={"game": "old-maid", "opponents": "random", "seed": 1}).json()
        assert (war["result"] is None) == (war["id"] in web.games)
    with TestClient(create_app(db, salt="h")) as second:
        assert 'data-key="war"' not in second.get("/").text
        assert second.post("/api/games", json={"game": "war"}).status_code == 404


def test_a_battle_steps_forward_and_ends(client: TestClient) -> None:
    query = "deck0=grass-serperior-celebi&deck1=fire-charizard-ex&player0=greedy&player1=greedy&seed=2"
    first = client.get(f"/api/battle?{query}&step=0").json()
    assert first["step"] == 0 and len(first["players"]) == 2 and first["log"] == []
    one = client.get(f"/api/battle?{query}&step=1").json()
    assert one["step"] == 1 and len(one["log"]) == 1 and one["log"][0].startswith("Player ")
    end = client.get(f"/api/battle?{query}&step=5000").json()
    assert end["over"] and end["winner"] in (1, 2, None)
    again = client.get(f"/api/battle?{query}&step=1").json()  # a step back replays: the same first action
    assert again["log"] == one["log"]
    bad = client.get("/api/battle?deck0=nope&deck1=fire-charizard-ex")
    assert bad.status_code == 422 and bad.json()["detail"].startswith("deck0: 'nope' is not one of")
    assert "Watch a Pocket battle" in client.get("/battle").text


def test_the_last_trick_is_won_by_the_next_leader(client: TestClient) -> None:
    # In Hearts the winner of a trick leads the next one: whoever the page says won the last trick
    # must be the first to play in the trick now on the table (or be us, when the table is empty).
    view = start(client, game="hearts", seed=6)
    checked = 0
    for _ in range(20):
        last = view["last_trick"]
        if last is not None:
            assert len(last["cards"]) == 4
            leader = view["trick"][0][0] if view["trick"] else view["names"][view["current"]]
            assert last["winner"] == leader
            checked += 1
        if view["trick"]:
            assert view["winning"] in [name for name, _ in view["trick"]]
        view = client.post(
            f"/api/games/{view['id']}/moves",
            json={"action": view["moves"][0]["action"], "version": view["version"]},
        ).json()
    assert checked >= 10


def test_the_gallery_shows_each_runs_archive(tmp_path: Path) -> None:
    # A tiny run with the structural test fitness: the web gallery offers the best game of each of its
    # niches (the archive rebuilt from the store), and one of them can be played.
    from darwindeck.evolve.evaluator import LocalEvaluator
    from darwindeck.evolve.ga import EvolutionSettings, evolve
    from evolve.conftest import structural_fitness

    db = str(tmp_path / "runs.db")
    settings = EvolutionSettings(
        population=6, generations=2, elitism=1, hall_of_fame_size=3, diversity_sample=6
    )
    with LocalEvaluator(workers=1) as evaluator:
        result = evolve(settings, 4, RunStore(db), evaluator, fitness_fn=structural_fitness)
    with TestClient(create_app(db, salt="g")) as web:
        page = web.get("/").text
        keys = re.findall(r'data-key="(run-1-[0-9a-f]{12})"', page)
        # A library game kept unchanged by the run is listed once, as the library game.
        library = {genome_identity(get_game(slug)) for slug in GAME_INFO}
        offered = [elite for elite in result.gallery if elite.identity not in library]
        assert len(keys) == len(offered) > 0
        assert {key[6:] for key in keys} == {elite.identity[:12] for elite in offered}
        assert start(web, game=keys[0], opponents="random")["version"] >= 0
        # An evolved game's page names its nearest published game, as the gallery file does; a library
        # game's page does not (it is a published game).
        elite = next(e for e in offered if e.identity.startswith(keys[0][6:]))
        nearest = nearest_known(elite.genome)
        # The page escapes the name as its templates do ("Texas Hold&#39;em").
        shown = str(escape(nearest.game.name))
        assert f"Nearest published game: <b>{shown}</b>" in web.get(f"/games/{keys[0]}").text
        assert 'id="nearest"' not in web.get("/games/hearts").text


def test_an_ask_names_the_players_as_the_table_does(client: TestClient) -> None:
    # Go Fish: North (seat 0) asks first; every opponent holds five cards, so any of the three may be
    # asked, each named as the page names the seats (the engine's own text is "ask player 1").
    view = start(client, game="go-fish", seed=5)
    assert view["current"] == 0 and view["names"] == ["North", "East", "South", "West"]
    assert sorted(move["text"] for move in view["moves"]) == ["ask East", "ask South", "ask West"]


def test_the_page_shows_the_running_count_of_cribbages_play(client: TestClient) -> None:
    # Before any card the count is not shown. The person plays a card, the greedy opponent answers with
    # one (the count is at most 10, so any of its cards fits): the page shows the two values' sum (ace 1,
    # court cards 10).
    view = start(client, game="cribbage-play", seed=2)
    assert view["count"] is None and view["current"] == 0
    card = next(move for move in view["moves"] if move["text"].startswith("card "))
    after = client.post(
        f"/api/games/{view['id']}/moves", json={"action": card["action"], "version": 0}
    ).json()
    (answer,) = [line for line in after["log"] if line.startswith("Player 2 plays ")]
    theirs = answer.removeprefix("Player 2 plays ").split(":")[0]
    assert after["count"] == count_value(card["text"].removeprefix("card ")) + count_value(theirs)


def count_value(card: str) -> int:
    rank = card[:-1]
    return {"A": 1, "J": 10, "Q": 10, "K": 10}.get(rank) or int(rank)


def test_the_person_declares_and_plays_the_dummy_from_the_page(client: TestClient) -> None:
    # Bridge at North: West (the dealer) has called; North bids 7NT, which nobody can overbid; whatever
    # the greedy opponents call after it (pass or double), North declares, South is the dummy and East
    # leads. Then the page shows the dummy's cards face up and offers North the dummy's cards to play.
    view = start(client, game="bridge", seed=1)
    assert view["current"] == 0 and view["contract"] in (None, *(f"last bid {b} by West" for b in BIDS))
    seven = next(move for move in view["moves"] if move["text"] == "bid 7NT")
    game, version = view["id"], view["version"]
    view = client.post(
        f"/api/games/{game}/moves", json={"action": seven["action"], "version": version}
    ).json()
    while view["dummy"] is None:  # the opponents pass or double; North may pass or redouble
        calls = [move for move in view["moves"] if move["text"] in ("pass", "redouble")]
        move = {"action": calls[0]["action"], "version": view["version"]}
        view = client.post(f"/api/games/{game}/moves", json=move).json()
    assert view["contract"].startswith("contract 7NT") and view["contract"].endswith("you declare")
    assert view["dummy"]["name"] == "South" and view["from_dummy"] is True
    assert {move["text"].removeprefix("card ") for move in view["moves"]} <= set(view["dummy"]["cards"])
    assert any(line.startswith("East leads") for line in view["log"])
    # No bags in Bridge (they are Spades' overtricks); the hand is sorted by suit, ♠ ♥ ♣ ♦, as in the
    # terminal.
    assert view["bags"] == []
    suits = ["♠♥♣♦".index(card[-1]) for card in view["hand"]]
    assert suits == sorted(suits)


BIDS = [f"{level}{strain}" for level in range(1, 8) for strain in ("♣", "♦", "♥", "♠", "NT")]

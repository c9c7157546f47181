"""Blind panels (``web.panels``, ``web.panels_api``, ``darwindeck panel``): games shown without names,
played, rated on four scales, one verdict per person, results only for the administrator."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from typer.testing import CliRunner

from darwindeck.cli import app as cli_app
from darwindeck.cli import main
from darwindeck.cli.evolve_verbs import _best_rated
from darwindeck.evolve.store import RunStore
from darwindeck.genome.identity import genome_identity
from darwindeck.genome.library import get_game
from darwindeck.web.app import create_app
from darwindeck.web.panels import PanelError, PanelRecords, Verdict

#: Games whose names a blind rulebook has no reason to print (Hearts and Spades name their suits).
GAMES = ("whist", "crazy_eights", "president")
NAMES = ("Whist", "Crazy Eights", "President")
ADMIN = "k" * 20


def _panel(db: str, seed: int = 7) -> tuple[str, dict[str, str]]:
    """A panel of ``GAMES`` in the order ``random.Random(seed).shuffle`` gives; its id and label → key."""
    store = RunStore(db)
    panel = PanelRecords(store.engine).create("Friday", [(k, get_game(k)) for k in GAMES], order_seed=seed)
    store.close()
    return panel.id, {game.label: game.game for game in panel.games}


def test_the_order_is_the_seeded_shuffle_and_labels_run_from_a(tmp_path: Path) -> None:
    _, labels = _panel(str(tmp_path / "runs.db"), seed=7)
    expected = list(GAMES)
    random.Random(7).shuffle(expected)  # the documented rule: the order is a shuffle by the given seed
    assert labels == dict(zip("ABC", expected, strict=True))


def test_no_page_or_view_of_a_panel_names_its_games(tmp_path: Path) -> None:
    db = str(tmp_path / "runs.db")
    panel_id, labels = _panel(db)
    with TestClient(create_app(db, salt="s")) as client:
        pages = [client.get(f"/panels/{panel_id}").text]
        for label in labels:
            pages.append(client.get(f"/panels/{panel_id}/{label}").text)
            pages.append(client.get(f"/panels/{panel_id}/{label}/rulebook").text)
            start = client.post(f"/api/panels/{panel_id}/{label}/games", json={"opponents": "random"})
            assert start.status_code == 200
            game = start.json()
            assert game["url"] == f"/panels/{panel_id}/{label}/play/{game['id']}"
            pages.append(client.get(game["url"]).text)
            pages.append(json.dumps(client.get(f"/api/games/{game['id']}").json()))
    for page in pages:
        for name, key in zip(NAMES, GAMES, strict=True):
            assert name not in page and key not in page
    assert "Game A" in pages[0] and "Game C" in pages[0]
    assert "<h1>Game B</h1>" in "".join(pages)


def test_a_verdict_is_one_per_person_and_the_results_are_the_administrators(tmp_path: Path) -> None:
    db = str(tmp_path / "runs.db")
    panel_id, labels = _panel(db)
    url = f"/api/panels/{panel_id}/A/verdict"
    with TestClient(create_app(db, salt="s", admin_key=ADMIN)) as first:
        assert (
            first.post(url, json={"clarity": 2, "decisions": 2, "elegance": 2, "fun": 2}).status_code == 200
        )
        # The same person again: the verdict is replaced, not added.
        again = {"clarity": 4, "decisions": 3, "elegance": 5, "fun": 4, "comment": "lean"}
        assert first.post(url, json=again).status_code == 200
        assert first.get(f"/api/panels/{panel_id}/results").status_code == 403
        assert (
            first.get(f"/api/panels/{panel_id}/results", headers={"X-Admin-Key": "wrong"}).status_code == 403
        )
    with TestClient(create_app(db, salt="s", admin_key=ADMIN)) as second:  # no cookie: another person
        assert (
            second.post(url, json={"clarity": 2, "decisions": 1, "elegance": 3, "fun": 2}).status_code == 200
        )
        results = second.get(f"/api/panels/{panel_id}/results", headers={"X-Admin-Key": ADMIN}).json()
    game_a = results["games"][0]
    # Two verdicts on Game A: (4, 3, 5, 4) and (2, 1, 3, 2): means 3, 2, 4, 3; overall (3+2+4+3)/4 = 3.
    assert game_a["name"] == get_game(labels["A"]).name
    assert (
        game_a["verdicts"],
        game_a["clarity"],
        game_a["decisions"],
        game_a["elegance"],
        game_a["fun"],
    ) == (
        2,
        3.0,
        2.0,
        4.0,
        3.0,
    )
    assert game_a["overall"] == 3.0 and game_a["comments"] == ["lean"]
    assert [g["verdicts"] for g in results["games"][1:]] == [0, 0]
    assert results["games"][1]["overall"] is None


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"clarity": 0, "decisions": 2, "elegance": 2, "fun": 2}, "clarity"),
        ({"clarity": 2, "decisions": 6, "elegance": 2, "fun": 2}, "decisions"),
        ({"clarity": True, "decisions": 2, "elegance": 2, "fun": 2}, "clarity"),
        ({"clarity": 2, "decisions": 2, "elegance": 2.5, "fun": 2}, "elegance"),
        ({"clarity": 2, "decisions": 2, "elegance": 2}, "fun"),
    ],
)
def test_a_bad_verdict_is_a_422_naming_the_scale(tmp_path: Path, body: dict[str, object], field: str) -> None:
    db = str(tmp_path / "runs.db")
    panel_id, _ = _panel(db)
    with TestClient(create_app(db, salt="s")) as client:
        answer = client.post(f"/api/panels/{panel_id}/A/verdict", json=body)
    assert answer.status_code == 422
    assert [error["loc"][-1] for error in answer.json()["detail"]] == [field]


def test_unknown_panels_games_and_foreign_game_ids_are_refused(tmp_path: Path) -> None:
    db = str(tmp_path / "runs.db")
    panel_id, _ = _panel(db)
    other_id, _ = _panel(db, seed=1)
    verdict = {"clarity": 3, "decisions": 3, "elegance": 3, "fun": 3}
    with TestClient(create_app(db, salt="s")) as client:
        assert client.get("/panels/0123456789abcdef").status_code == 404
        assert client.get("/panels/../../etc").status_code == 404
        assert (
            client.get(f"/panels/{panel_id}/Z").json()["detail"].endswith("has no game 'Z' (it has A, B, C)")
        )
        theirs = client.post(f"/api/panels/{other_id}/A/games", json={"opponents": "random"}).json()["id"]
        answer = client.post(f"/api/panels/{panel_id}/A/verdict", json={**verdict, "game": theirs})
        assert answer.status_code == 422 and "is not a game of panel" in answer.json()["detail"]
        assert client.get(f"/panels/{panel_id}/A/play/{theirs}").status_code == 404
        seat = client.post(f"/api/panels/{panel_id}/A/games", json={"seat": 5, "opponents": "random"})
        assert seat.status_code == 422 and seat.json()["detail"].startswith("seat: Game A has seats 0 to ")


def test_a_panel_needs_distinct_games_and_at_least_one(tmp_path: Path) -> None:
    records = PanelRecords(RunStore(str(tmp_path / "runs.db")).engine)
    with pytest.raises(PanelError, match="a panel holds 1 to 26 games, got 0"):
        records.create("x", [])
    with pytest.raises(PanelError, match="game 'war': given more than once"):
        records.create("x", [("war", get_game("war")), ("war", get_game("war"))])
    with pytest.raises(PanelError, match="fun: must be a whole number from 1 to 5, got 9"):
        Verdict(3, 3, 3, 9)


def test_the_cli_makes_a_panel_and_reads_its_results(tmp_path: Path) -> None:
    db = str(tmp_path / "runs.db")
    runner = CliRunner()
    made = runner.invoke(cli_app, ["panel", "new", "whist", "war", "--title", "Friday", "--db", db])
    assert made.exit_code == 0, made.output
    panel_id = re.search(r"panel ([0-9a-f]{16}): 2 games, shown as A, B", made.output)
    assert panel_id is not None
    with TestClient(create_app(db, salt="s")) as client:
        verdict = {"clarity": 5, "decisions": 4, "elegance": 4, "fun": 3, "comment": "=cmd"}
        assert client.post(f"/api/panels/{panel_id[1]}/A/verdict", json=verdict).status_code == 200
    table = runner.invoke(cli_app, ["panel", "results", panel_id[1], "--db", db])
    assert table.exit_code == 0, table.output
    # One verdict (5, 4, 4, 3) on Game A: overall (5 + 4 + 4 + 3) / 4 = 4.00.
    assert re.search(r"^A\s+\S.*\s1\s+5\.00\s+4\.00\s+4\.00\s+3\.00\s+4\.00$", table.output, re.MULTILINE)
    assert re.search(r"^B\s+\S.*\s0\s+–\s+–\s+–\s+–\s+–$", table.output, re.MULTILINE)
    csv_text = runner.invoke(cli_app, ["panel", "results", panel_id[1], "--format", "csv", "--db", db]).output
    assert (
        csv_text.splitlines()[0] == "panel,label,game,identity,created,clarity,decisions,elegance,fun,comment"
    )
    assert csv_text.splitlines()[1].endswith(",5,4,4,3,'=cmd")  # a formula-looking comment stays text


def test_a_panel_of_an_unknown_game_is_one_line_and_exit_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as stop:
        main(["panel", "new", "nonesuch", "--db", str(tmp_path / "runs.db")])
    assert stop.value.code == 2
    assert "error: game 'nonesuch': not in the gallery of " in capsys.readouterr().err


def test_from_rated_puts_panel_verdicts_before_browser_stars(tmp_path: Path) -> None:
    db = str(tmp_path / "runs.db")
    store = RunStore(db)
    records = PanelRecords(store.engine)
    panel = records.create("x", [("whist", get_game("whist")), ("war", get_game("war"))], order_seed=0)
    by_key = {game.game: game.label for game in panel.games}
    records.rate(panel, by_key["whist"], "r1", Verdict(4, 4, 5, 4), None)  # mean 4.25
    records.rate(panel, by_key["war"], "r1", Verdict(1, 1, 2, 2), None)  # mean 1.5: below 3, left out
    with TestClient(create_app(db, salt="s")) as client:
        started = client.post("/api/games", json={"game": "hearts", "opponents": "random"}).json()
        assert client.post(f"/api/games/{started['id']}/rating", json={"stars": 4}).status_code == 200
    starters = _best_rated(store)
    assert [genome_identity(g) for g in starters] == [
        genome_identity(get_game("whist")),
        genome_identity(get_game("hearts")),
    ]

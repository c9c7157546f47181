"""The web app in a real headless Chromium (Debian's ``chromium``), driven by Playwright for Python.

A uvicorn server runs the app on a free loopback port in a thread. The tests click through the pages as
a person would and save a screenshot of each page under the test's temporary folder. They skip, saying
why, where Chromium or Playwright is missing (``make test`` installs both on Debian).
"""

from __future__ import annotations

import shutil
import socket
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

playwright_api = pytest.importorskip("playwright.sync_api", reason="Playwright for Python is not installed")
CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
if not Path(CHROMIUM).exists():
    pytest.skip("Debian's chromium is not installed (make test installs it)", allow_module_level=True)

import uvicorn  # noqa: E402

from darwindeck.web.app import create_app  # noqa: E402

FLAGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


#: True once the page shows another version of the game than ``arg``.
CHANGED = "(old) => document.querySelector('#play').dataset.version !== old"


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def _store_an_evolved_run(db: Path) -> None:
    """A tiny evolution run (the structural test fitness) in the store, so the gallery holds evolved games."""
    from darwindeck.evolve.evaluator import LocalEvaluator
    from darwindeck.evolve.ga import EvolutionSettings, evolve
    from darwindeck.evolve.store import RunStore
    from evolve.conftest import structural_fitness

    settings = EvolutionSettings(
        population=6, generations=2, elitism=1, hall_of_fame_size=3, diversity_sample=6
    )
    with LocalEvaluator(workers=1) as evaluator:
        evolve(settings, 4, RunStore(str(db)), evaluator, fitness_fn=structural_fitness)


@pytest.fixture(scope="module")
def web_db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    db = tmp_path_factory.mktemp("web") / "web.db"
    _store_an_evolved_run(db)
    return db


@pytest.fixture(scope="module")
def server(web_db: Path) -> Iterator[str]:
    db = web_db
    port = _free_port()
    config = uvicorn.Config(
        create_app(str(db), salt="browser", allow_client_seeds=True),
        host="127.0.0.1",
        port=port,
        log_level="warning",
    )
    running = uvicorn.Server(config)
    thread = threading.Thread(target=running.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 30
    while not running.started:
        assert time.monotonic() < deadline, "the server did not start"
        time.sleep(0.05)
    yield f"http://127.0.0.1:{port}"
    running.should_exit = True
    thread.join(10)


@pytest.fixture(scope="module")
def browser() -> Iterator[object]:
    with playwright_api.sync_playwright() as driver:
        launched = driver.chromium.launch(executable_path=CHROMIUM, args=FLAGS, headless=True)
        yield launched
        launched.close()


def _play_to_the_end(page: object, limit: int) -> int:
    """Click the first legal move until the game is over (the rating form shows); the clicks made."""
    clicks = 0
    while page.locator("#rate").is_hidden():  # type: ignore[attr-defined]
        button = page.locator("#moves button").first  # type: ignore[attr-defined]
        button.wait_for(timeout=20_000)
        version = page.get_attribute("#play", "data-version")  # type: ignore[attr-defined]
        button.click()
        page.wait_for_function(CHANGED, arg=version)  # type: ignore[attr-defined]
        clicks += 1
        assert clicks < limit
    assert page.locator("#result").inner_text().startswith("Result: ")  # type: ignore[attr-defined]
    return clicks


def _start(page: object, server: str, game: str, opponents: str, seed: int) -> None:
    page.goto(f"{server}/games/{game}")  # type: ignore[attr-defined]
    page.select_option('select[name="opponents"]', opponents)  # type: ignore[attr-defined]
    page.fill('input[name="seed"]', str(seed))  # type: ignore[attr-defined]
    page.click("#play-button")  # type: ignore[attr-defined]
    page.wait_for_url("**/play/*")  # type: ignore[attr-defined]
    page.wait_for_selector("#moves button")  # type: ignore[attr-defined]


@pytest.mark.slow
def test_play_hearts_to_the_end(server: str, browser: object, tmp_path: Path) -> None:
    # Real Hearts to 100 points: each hand starts by passing three cards, then thirteen tricks.
    page = browser.new_page()  # type: ignore[attr-defined]
    _start(page, server, "hearts", "greedy", 5)
    # The hand opens with the passing: every one of the thirteen cards may be passed.
    assert page.locator("#moves button").count() == 13
    page.screenshot(path=str(tmp_path / "hearts-pass.png"), full_page=True)
    clicks = _play_to_the_end(page, 1000)
    assert clicks >= 16  # a whole hand at least: three passes and thirteen cards
    page.screenshot(path=str(tmp_path / "hearts-end.png"), full_page=True)


@pytest.mark.slow
def test_play_partnership_spades_to_the_end(server: str, browser: object, tmp_path: Path) -> None:
    # The first button of the bidding is Nil; bidding it every hand and playing the first legal card
    # loses (a failed Nil costs 100): the game ends at the -200 floor or at 500, either way to the end.
    page = browser.new_page()  # type: ignore[attr-defined]
    _start(page, server, "partnership-spades", "greedy", 2)
    _play_to_the_end(page, 2000)
    page.screenshot(path=str(tmp_path / "spades-end.png"), full_page=True)


@pytest.mark.slow
def test_play_an_evolved_game_from_the_store_to_the_end(server: str, browser: object, tmp_path: Path) -> None:
    page = browser.new_page()  # type: ignore[attr-defined]
    page.goto(server + "/")
    evolved = page.locator('tr[data-key^="run-1-"] a').first
    evolved.wait_for(timeout=60_000)  # the run's archive is rebuilt from the store on the first visit
    evolved.click()
    page.wait_for_url("**/games/run-1-*")
    page.select_option('select[name="opponents"]', "random")
    page.click("#play-button")
    page.wait_for_url("**/play/*")
    _play_to_the_end(page, 3000)
    page.screenshot(path=str(tmp_path / "evolved-end.png"), full_page=True)


@pytest.mark.slow
def test_play_crazy_eights_to_the_end_and_rate_it(server: str, browser: object, tmp_path: Path) -> None:
    page = browser.new_page(viewport={"width": 390, "height": 844})  # type: ignore[attr-defined]
    page.goto(server + "/")
    assert page.locator('tr[data-key="crazy-eights"]').count() == 1
    assert page.evaluate("() => document.documentElement.scrollWidth <= window.innerWidth")
    page.screenshot(path=str(tmp_path / "gallery.png"), full_page=True)
    page.click('tr[data-key="crazy-eights"] a')
    page.wait_for_url("**/games/crazy-eights")
    assert page.locator("h1").inner_text() == "Crazy Eights"
    rulebook = page.frame_locator("#rulebook")
    assert "eight" in rulebook.locator("body").inner_text().lower()  # the rulebook is on the page
    page.select_option('select[name="opponents"]', "greedy")
    page.fill('input[name="seed"]', "11")
    page.screenshot(path=str(tmp_path / "game.png"), full_page=True)
    page.click("#play-button")
    page.wait_for_url("**/play/*")
    page.wait_for_selector("#hand .card")
    assert page.locator("#table").inner_text().count("(you)") == 1
    # Phone width: nothing sticks out sideways.
    assert page.evaluate("() => document.documentElement.scrollWidth <= window.innerWidth")
    page.screenshot(path=str(tmp_path / "play.png"), full_page=True)
    _play_to_the_end(page, 300)
    assert page.locator("#result").inner_text().startswith("Result: you ")
    page.check('input[name="stars"][value="5"]')
    page.fill('textarea[name="comment"]', "played to the end in the browser")
    page.check('input[name="again"]')
    page.click("#rate-button")
    page.wait_for_selector("#rated:has-text('saved')")
    page.screenshot(path=str(tmp_path / "rated.png"), full_page=True)
    page.goto(server + "/?sort=rating")
    assert "5.0 ★ (1)" in page.locator('tr[data-key="crazy-eights"] .rating').inner_text()
    assert (tmp_path / "rated.png").stat().st_size > 1000


@pytest.mark.slow
def test_an_illegal_move_is_refused_with_a_message(server: str, browser: object) -> None:
    page = browser.new_page()  # type: ignore[attr-defined]
    page.goto(server + "/games/crazy-eights")
    page.fill(
        'input[name="seat"]' if page.locator('input[name="seat"]').count() else 'input[name="seed"]', "3"
    )
    page.select_option('select[name="opponents"]', "random")
    page.click("#play-button")
    page.wait_for_selector("#moves button")
    game_id = page.url.rsplit("/", 1)[1]
    answer = page.evaluate(
        """async (id) => {
            const r = await fetch(`/api/games/${id}/moves`, {method: "POST",
              headers: {"Content-Type": "application/json"}, body: JSON.stringify({action: 0, version: 99})});
            return [r.status, (await r.json()).detail];
        }""",
        game_id,
    )
    assert answer[0] == 409 and "reload the page" in answer[1]


@pytest.mark.slow
def test_one_hand_of_partnership_spades_with_a_bid(server: str, browser: object, tmp_path: Path) -> None:
    page = browser.new_page()  # type: ignore[attr-defined]
    page.goto(server + "/games/partnership-spades")
    page.select_option('select[name="opponents"]', "greedy")
    page.click("#play-button")
    page.wait_for_selector("#moves button")
    bids = page.locator("#moves button", has_text="bid")
    assert bids.count() >= 2  # the hand starts with the bidding: Nil, 1, 2, …
    page.screenshot(path=str(tmp_path / "bidding.png"), full_page=True)
    version = page.get_attribute("#play", "data-version")
    page.locator("#moves button", has_text="bid 3").first.click()
    page.wait_for_function(CHANGED, arg=version)
    assert "You bid 3" in page.locator("#log").inner_text()
    clicks = 0
    while "Hand 1" in page.locator("#table h2").inner_text():
        version = page.get_attribute("#play", "data-version")
        page.locator("#moves button").first.click()
        page.wait_for_function(CHANGED, arg=version)
        clicks += 1
        assert clicks <= 13  # thirteen tricks, one card of ours in each
    page.screenshot(path=str(tmp_path / "second-hand.png"), full_page=True)
    assert "Hand 2" in page.locator("#table h2").inner_text()


@pytest.mark.slow
def test_team_scores_are_drawn_only_where_the_game_scores(server: str, browser: object) -> None:
    # Scopone is won by the side with more captured cards and scores no points: partners, the captured
    # cards, no score column, no team score. Partnership Spades scores by team (spec 004): 0 for each
    # side at the first bid.
    page = browser.new_page()  # type: ignore[attr-defined]
    _start(page, server, "scopone", "greedy", 1)
    assert page.locator("#teams").inner_text() == "Teams: North+South (you) · East+West"
    assert page.locator("table.seats th").all_inner_texts() == ["seat", "cards", "captured"]
    _start(page, server, "partnership-spades", "greedy", 1)
    teams = "Teams: North+South (you) 0, 0 tricks, 0 bags · East+West 0, 0 tricks, 0 bags"
    assert page.locator("#teams").inner_text() == teams
    assert page.locator("table.seats th").all_inner_texts() == ["seat", "cards"]  # no bid made yet


@pytest.mark.slow
def test_step_through_a_battle(server: str, browser: object, tmp_path: Path) -> None:
    page = browser.new_page()  # type: ignore[attr-defined]
    page.goto(server + "/battle")
    page.click("#battle-start")
    page.wait_for_selector("#board h2")
    assert page.locator("#board h2").inner_text().endswith("action 0")
    for step in (1, 2, 3):
        page.click("#battle-next")
        page.wait_for_function(f"() => document.querySelectorAll('#battle-log li').length === {step}")
    assert "HP" in page.locator("#board").inner_text()
    page.screenshot(path=str(tmp_path / "battle.png"), full_page=True)
    page.click("#battle-end")
    page.wait_for_selector("#board h2:has-text('Over after')")


def test_a_blind_panel_game_is_played_and_given_a_verdict(
    server: str, web_db: Path, browser: object, tmp_path: Path
) -> None:
    from darwindeck.evolve.store import RunStore
    from darwindeck.genome.library import get_game
    from darwindeck.web.panels import PanelRecords

    store = RunStore(str(web_db))
    panel = PanelRecords(store.engine).create("Friday", [("whist", get_game("whist"))], order_seed=0)
    store.close()
    page = browser.new_page()  # type: ignore[attr-defined]
    page.goto(f"{server}/panels/{panel.id}")
    page.click("#panel-games a")
    page.wait_for_url(f"**/panels/{panel.id}/A")
    assert page.locator("h1").inner_text() == "Game A"
    assert page.frame_locator("#rulebook").locator("h1").inner_text() == "Game A"
    page.select_option('select[name="opponents"]', "random")
    page.click("#play-button")
    page.wait_for_url(f"**/panels/{panel.id}/A/play/*")
    page.wait_for_selector("#moves button")
    page.click("#quit")
    for scale, value in (("clarity", 4), ("decisions", 3), ("elegance", 5), ("fun", 2)):
        page.check(f'input[name="{scale}"][value="{value}"]')
    page.click("#rate-button")
    page.wait_for_selector("#rated:has-text('saved')")
    page.screenshot(path=str(tmp_path / "panel-verdict.png"), full_page=True)
    assert "Whist" not in page.content()
    store = RunStore(str(web_db))
    results = PanelRecords(store.engine).results(PanelRecords(store.engine).panel(panel.id))
    store.close()
    assert (results[0].name, results[0].verdicts, results[0].means) == (
        "Whist",
        1,
        {"clarity": 4.0, "decisions": 3.0, "elegance": 5.0, "fun": 2.0},
    )

"""A table of two people in a real headless Chromium (Debian's ``chromium``, Playwright for Python): one
hand of Hearts with people at North and South (two browser contexts, so two people who share nothing)
and the computer (greedy) at East and West. Each page must see the other person's moves arrive without a
reload. Skips, saying why, where Chromium or Playwright is missing (as ``test_browser.py`` does)."""

from __future__ import annotations

import shutil
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
from benchmarks.web_load import _free_port  # noqa: E402

from darwindeck.web.app import create_app  # noqa: E402

FLAGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
]
VERSION = "() => Number(document.querySelector('#seat-page').dataset.version ?? -1)"
#: True once the page shows a version later than ``arg``.
MOVED = "(at) => Number(document.querySelector('#seat-page').dataset.version ?? -1) > at"
#: True once the page shows the game at version ``arg`` or later.
CAUGHT_UP = "(at) => Number(document.querySelector('#seat-page').dataset.version ?? -1) >= at"


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    db = tmp_path_factory.mktemp("table") / "web.db"
    port = _free_port()
    config = uvicorn.Config(
        create_app(str(db), salt="table"), host="127.0.0.1", port=port, log_level="warning"
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


def _hand_number(page: object) -> str:
    return str(page.locator("#table h2").inner_text())  # type: ignore[attr-defined]


@pytest.mark.slow
def test_two_people_play_a_hand_of_hearts_and_see_each_other_move(server: str, tmp_path: Path) -> None:
    with playwright_api.sync_playwright() as driver:
        browser = driver.chromium.launch(executable_path=CHROMIUM, args=FLAGS, headless=True)
        north_context, south_context = browser.new_context(), browser.new_context()
        north = north_context.new_page()
        north.goto(f"{server}/games/hearts")
        north.click("#table-link")
        north.wait_for_url("**/games/hearts/table")
        for seat, kind in enumerate(("person", "greedy", "person", "greedy")):
            north.select_option(f'select[name="kind-{seat}"]', kind)
        north.click("#table-button")
        north.wait_for_selector("#link-list li")
        links = {
            int(item.get_attribute("data-seat")): item.locator("a").get_attribute("href")
            for item in north.locator("#link-list li").all()
        }
        assert sorted(links) == [0, 2] and all("#" in link for link in links.values())
        north.screenshot(path=str(tmp_path / "links.png"), full_page=True)
        north.goto(links[0])
        south = south_context.new_page()
        south.goto(links[2])
        pages = {0: north, 2: south}
        for page in pages.values():
            page.wait_for_selector("#table h2")
            page.evaluate("() => { window.notReloaded = true; }")
        assert north.locator("#players").inner_text() == (
            "Seats: North: you · East: computer (greedy) · South: person · West: computer (greedy)"
        )
        assert "North: person" in south.locator("#players").inner_text()
        assert "South: you" in south.locator("#players").inner_text()
        clicks = {0: 0, 2: 0}
        while "Hand 1" in _hand_number(north) and "Hand 1" in _hand_number(south):
            for seat, page in pages.items():
                other = pages[2 - seat]
                button = page.locator("#moves button:enabled").first
                if not button.count() or "Hand 1" not in _hand_number(page):
                    continue  # not this person's turn, or the hand is over (no click in the next)
                version = page.evaluate(VERSION)
                button.click()
                page.wait_for_function(
                    f"() => Number(document.querySelector('#seat-page').dataset.version) > {version}"
                )
                clicks[seat] += 1
                # The other person's page catches up by itself (the stream), without a reload.
                other.wait_for_function(CAUGHT_UP, arg=page.evaluate(VERSION), timeout=10_000)
            assert sum(clicks.values()) < 80
        # A hand of Hearts: each person chooses three cards to pass (from 13, 12 and 11: never forced, so
        # clicked) and plays 13 cards, clicked or, when it is the only legal card, made for them and told.
        assert all(count >= 3 for count in clicks.values()), clicks
        for seat, page in pages.items():
            assert page.evaluate("() => window.notReloaded === true")
            log = page.locator("#log").inner_text()
            played = [line for line in log.splitlines() if line.startswith(("You play ", "You lead "))]
            assert len(played) == 13, played
            assert clicks[seat] == 3 + 13 - sum("only legal card" in line for line in played)
            assert (
                ("South plays" in log or "South leads" in log)
                if seat == 0
                else ("North plays" in log or "North leads" in log)
            )
            page.screenshot(path=str(tmp_path / f"seat-{seat}.png"), full_page=True)
        browser.close()

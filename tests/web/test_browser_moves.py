"""The play page while a move is in flight, in Debian's headless Chromium (as tests/web/test_browser.py).

The server's answer to a move is held back by a gate (a thin ASGI wrapper around the app) until the test
opens it, so the page is seen mid-move without timing guesses.
"""

from __future__ import annotations

import shutil
import socket
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

playwright_api = pytest.importorskip("playwright.sync_api", reason="Playwright for Python is not installed")
CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
if not Path(CHROMIUM).exists():
    pytest.skip("Debian's chromium is not installed (make test installs it)", allow_module_level=True)

import anyio.to_thread  # noqa: E402
import uvicorn  # noqa: E402

from darwindeck.web.app import create_app  # noqa: E402


class MoveGate:
    """Holds every ``POST …/moves`` until ``opened`` is set; counts them."""

    def __init__(self, app: Any) -> None:
        self.app = app
        self.opened = threading.Event()
        self.moves = 0

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        if scope["type"] == "http" and scope["method"] == "POST" and scope["path"].endswith("/moves"):
            self.moves += 1
            await anyio.to_thread.run_sync(self.opened.wait)
        await self.app(scope, receive, send)


@pytest.fixture
def gated(tmp_path: Path) -> Iterator[tuple[str, MoveGate]]:
    gate = MoveGate(create_app(str(tmp_path / "gate.db"), salt="gate", allow_client_seeds=True))
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = int(probe.getsockname()[1])
    server = uvicorn.Server(uvicorn.Config(gate, host="127.0.0.1", port=port, log_level="warning"))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 30
    while not server.started:
        assert time.monotonic() < deadline, "the server did not start"
        time.sleep(0.05)
    yield f"http://127.0.0.1:{port}", gate
    gate.opened.set()
    server.should_exit = True
    thread.join(10)


@pytest.mark.slow
def test_a_second_click_during_a_move_does_nothing_and_thinking_shows(gated: tuple[str, MoveGate]) -> None:
    base, gate = gated
    with playwright_api.sync_playwright() as driver:
        browser = driver.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"], headless=True)
        page = browser.new_page()
        page.goto(f"{base}/games/crazy-eights")
        page.select_option('select[name="opponents"]', "greedy")
        page.fill('input[name="seed"]', "3")  # North has more than one legal move at version 0
        page.click("#play-button")
        page.wait_for_url("**/play/*")
        page.wait_for_selector("#moves button")
        assert page.locator("#moves button").count() > 1 and page.locator("#thinking").is_hidden()
        page.locator("#moves button").first.click()
        page.wait_for_selector("#thinking", state="visible")
        assert page.locator("#thinking").inner_text() == "The computer is thinking…"
        assert page.eval_on_selector_all("#moves button", "buttons => buttons.every((b) => b.disabled)")
        page.locator("#moves button").nth(1).click(force=True)  # a disabled button: no second request
        gate.opened.set()
        page.wait_for_function("() => document.querySelector('#play').dataset.version !== '0'")
        page.wait_for_selector("#thinking", state="hidden")
        assert page.locator("#move-error").inner_text() == ""
        assert gate.moves == 1
        browser.close()

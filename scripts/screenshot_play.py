"""Save the README's screenshot of the play page (docs/images/play-page.png).

Starts the web app on a free loopback port, opens Hearts against greedy opponents in Debian's Chromium
(Playwright), plays the passing and a few tricks by clicking the first legal move, and saves the page.

    .venv/bin/python scripts/screenshot_play.py [OUT.png]
"""

from __future__ import annotations

import socket
import sys
import tempfile
import threading
import time
from pathlib import Path

import uvicorn
from playwright.sync_api import sync_playwright

from darwindeck.web.app import create_app

CHANGED = "(old) => document.querySelector('#play').dataset.version !== old"


def _serve(db: Path) -> tuple[str, uvicorn.Server]:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = int(probe.getsockname()[1])
    server = uvicorn.Server(uvicorn.Config(create_app(str(db), salt="shot"), port=port, log_level="warning"))
    threading.Thread(target=server.run, daemon=True).start()
    while not server.started:
        time.sleep(0.05)
    return f"http://127.0.0.1:{port}", server


def main(out: Path) -> None:
    with tempfile.TemporaryDirectory() as folder:
        url, server = _serve(Path(folder) / "shot.db")
        with sync_playwright() as driver:
            browser = driver.chromium.launch(executable_path="/usr/bin/chromium", args=["--no-sandbox"])
            page = browser.new_page(viewport={"width": 1100, "height": 820})
            page.goto(url + "/games/hearts")
            page.select_option('select[name="opponents"]', "greedy")
            page.fill('input[name="seed"]', "5")
            page.click("#play-button")
            page.wait_for_selector("#moves button")
            for _ in range(7):  # the three passes and four cards: a trick in progress
                version = page.get_attribute("#play", "data-version")
                page.locator("#moves button").first.click()
                page.wait_for_function(CHANGED, arg=version)
            page.screenshot(path=str(out), full_page=True)
            browser.close()
        server.should_exit = True
    print(f"wrote {out}")


if __name__ == "__main__":
    main(Path(sys.argv[1]) if len(sys.argv) > 1 else Path("docs/images/play-page.png"))

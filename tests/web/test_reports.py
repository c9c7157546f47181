"""Designer's reports on the web game page (``web.reports``, ``explain --db``): kept by the operator,
never made on request, rendered with raw HTML escaped."""

from __future__ import annotations

from pathlib import Path

from fastapi.testclient import TestClient
from typer.testing import CliRunner

from darwindeck.cli import app as cli_app
from darwindeck.evolve.store import RunStore
from darwindeck.genome.identity import genome_identity
from darwindeck.genome.library import get_game
from darwindeck.web.app import create_app
from darwindeck.web.reports import ReportRecords, report_html

#: The eight bytes every PNG file starts with (the PNG specification, section 5.2).
PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


def test_a_game_without_a_report_says_how_to_make_one(tmp_path: Path) -> None:
    with TestClient(create_app(str(tmp_path / "runs.db"), salt="s")) as client:
        page = client.get("/games/whist/report")
        assert page.status_code == 200 and "darwindeck explain GAME --db FILE" in page.text
        assert 'id="report-link"' not in client.get("/games/whist").text
        assert client.get("/games/whist/report-arc.png").status_code == 404
        assert client.get("/games/nonesuch/report").status_code == 404


def test_a_kept_report_is_on_the_game_page_with_its_plot(tmp_path: Path) -> None:
    db = str(tmp_path / "runs.db")
    store = RunStore(db)
    records = ReportRecords(store.engine)
    markdown = "# Whist\n\n| rule | lost |\n|---|---|\n| trump | 0.12 |\n\n![arc](report-arc.png)\n"
    records.save(genome_identity(get_game("whist")), 3, markdown, PNG_SIGNATURE + b"rest")
    records.save(genome_identity(get_game("whist")), 4, markdown, PNG_SIGNATURE + b"newer")  # replaces
    store.close()
    with TestClient(create_app(db, salt="s")) as client:
        assert 'href="/games/whist/report" id="report-link"' in client.get("/games/whist").text
        page = client.get("/games/whist/report").text
        assert "with seed 4." in page
        assert "<td>trump</td>" in page and "<td>0.12</td>" in page
        assert '<img src="report-arc.png" alt="arc"' in page
        plot = client.get("/games/whist/report-arc.png")
        assert plot.headers["content-type"] == "image/png" and plot.content == PNG_SIGNATURE + b"newer"


def test_raw_html_in_a_report_is_shown_as_text() -> None:
    assert report_html("A <script>x()</script> game") == "<p>A &lt;script&gt;x()&lt;/script&gt; game</p>\n"


def test_explain_with_db_keeps_the_report_the_game_page_shows(tmp_path: Path) -> None:
    db = str(tmp_path / "runs.db")
    done = CliRunner().invoke(cli_app, ["explain", "war", "--format", "md", "--db", db])
    assert done.exit_code == 0, done.output
    with TestClient(create_app(db, salt="s")) as client:
        page = client.get("/games/war/report").text
        # War is gated (no decision has two legal moves), as tests/evolve/test_explain.py works out.
        assert "<h1>Designer's report: War</h1>" in page and "with seed 0." in page
        assert client.get("/games/war/report-arc.png").content[:8] == PNG_SIGNATURE

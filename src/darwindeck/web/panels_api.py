"""The routes of blind panels (``web.panels``): the panelist's pages, starting a game, verdicts, results.

=================================================  =====================================================
``GET /panels/{id}``                               the panel: its games as "Game A", "Game B", …
``GET /panels/{id}/{label}``                       one game: its blind rulebook, a form to play it
``GET /panels/{id}/{label}/rulebook``              the blind rulebook (``panels.blind_genome``)
``GET /panels/{id}/{label}/play/{game}``           the game in play, with the panel's verdict form
``POST /api/panels/{id}/{label}/games``            ``{seat, opponents, iterations}`` → ``{id, url}``
``POST /api/panels/{id}/{label}/verdict``          ``{clarity, decisions, elegance, fun (1-5), comment,
                                                   game}`` → the verdict kept (one per person: again
                                                   replaces it)
``GET /api/panels/{id}/results``                   each game's name and means (header ``X-Admin-Key``)
=================================================  =====================================================

A panel game is played against the computer like any browser game (``web.session.WebGame``, stored by
``web.records``), but from the *blind* genome: its name is "Game A" and it has no description, so no
page, view or log line of it can name the game. Its gallery key in the store is ``panel-{id}-{label}``,
never the game's own. Starting a game and giving a verdict count against the client's limits of
``web.app`` (games started and ratings a minute). A verdict's ``game`` must be a game of this panel's
``label`` (or null, for a verdict given without playing to the end). Errors are ``{"detail": ...}`` with a
4xx status; the names appear only in the results, which need the administrator's key.
"""

from __future__ import annotations

import secrets
from pathlib import Path
from typing import Annotated, Any, Literal

from fastapi import APIRouter, Header, HTTPException, Request
from fastapi.responses import HTMLResponse, Response
from fastapi.templating import Jinja2Templates
from pydantic import BaseModel, ConfigDict, Field

from darwindeck.rulebook import render_html
from darwindeck.web.guard import rater_token, rulebook_response
from darwindeck.web.panels import SCALES, Panel, PanelError, PanelGame, PanelRecords, Verdict, blind_genome
from darwindeck.web.session import GameSetup

MAX_COMMENT = 2000

router = APIRouter()
_TEMPLATES = Jinja2Templates(directory=Path(__file__).parent / "templates")


class PanelStart(BaseModel):
    model_config = ConfigDict(strict=True)

    seat: int = Field(default=0, ge=0, le=5)
    opponents: Literal["random", "greedy", "mcts"] = "mcts"
    iterations: int = Field(default=100, ge=1, le=2000)


class VerdictRequest(BaseModel):
    model_config = ConfigDict(strict=True)

    clarity: int = Field(ge=1, le=5)
    decisions: int = Field(ge=1, le=5)
    elegance: int = Field(ge=1, le=5)
    fun: int = Field(ge=1, le=5)
    comment: str = Field(default="", max_length=MAX_COMMENT)
    game: str | None = Field(default=None, min_length=32, max_length=32)


def panel_records(request: Request) -> PanelRecords:
    """The panels of the app's store (made on first use)."""
    state = request.app.state
    found: PanelRecords | None = getattr(state, "panels", None)
    if found is None:
        found = PanelRecords(state.web.store.engine)
        state.panels = found
    return found


def _panel(request: Request, panel_id: str) -> Panel:
    try:
        return panel_records(request).panel(panel_id)
    except PanelError as error:
        raise HTTPException(404, str(error)) from None


def _game(request: Request, panel_id: str, label: str) -> tuple[Panel, PanelGame]:
    panel = _panel(request, panel_id)
    try:
        return panel, panel.game(label)
    except PanelError as error:
        raise HTTPException(404, str(error)) from None


def _key(panel: Panel, label: str) -> str:
    """The gallery key a panel game's browser games are stored under (module docstring)."""
    return f"panel-{panel.id}-{label}"


def _page(request: Request, name: str, context: dict[str, Any]) -> HTMLResponse:
    return _TEMPLATES.TemplateResponse(request, name, context)


@router.get("/panels/{panel_id}", response_class=HTMLResponse)
def panel_page(request: Request, panel_id: str) -> HTMLResponse:
    panel = _panel(request, panel_id)
    return _page(request, "panel.html", {"panel": panel, "scales": SCALES})


@router.get("/panels/{panel_id}/{label}", response_class=HTMLResponse)
def panel_game_page(request: Request, panel_id: str, label: str) -> HTMLResponse:
    panel, game = _game(request, panel_id, label)
    context = {"panel": panel, "game": game, "players": game.genome.player_count}
    return _page(request, "panel_game.html", context)


@router.get("/panels/{panel_id}/{label}/rulebook", response_class=HTMLResponse)
def panel_rulebook(request: Request, panel_id: str, label: str) -> HTMLResponse:
    _, game = _game(request, panel_id, label)
    return rulebook_response(render_html(blind_genome(game.genome, game.label)))


@router.get("/panels/{panel_id}/{label}/play/{game_id}", response_class=HTMLResponse)
def panel_play_page(request: Request, panel_id: str, label: str, game_id: str) -> HTMLResponse:
    panel, game = _game(request, panel_id, label)
    stored = request.app.state.web.stored(game_id)
    if stored.game != _key(panel, label):
        raise HTTPException(404, f"game id {game_id[:40]!r}: not a game of panel {panel.id} game {label}")
    base = f"/panels/{panel.id}/{label}"
    context = {
        "game_id": game_id,
        "rulebook_url": f"{base}/rulebook",
        "page_url": base,
        "page_name": f"{game.blind_name} of the panel",
        "verdict_url": f"/api/panels/{panel.id}/{label}/verdict",
        "scales": SCALES,
    }
    return _page(request, "play.html", context)


@router.post("/api/panels/{panel_id}/{label}/games")
def panel_start(request: Request, panel_id: str, label: str, body: PanelStart) -> dict[str, Any]:
    web = request.app.state.web
    panel, game = _game(request, panel_id, label)
    client = web.client(request)
    if not web.starts.allow(client):
        raise HTTPException(429, f"too many games started: at most {web.starts.limit} a minute")
    players = game.genome.player_count
    if body.seat >= players:
        raise HTTPException(422, f"seat: {game.blind_name} has seats 0 to {players - 1}, got {body.seat}")
    genome = blind_genome(game.genome, game.label)
    setup = GameSetup(genome, body.seat, body.opponents, body.iterations, web.seed(None))
    game_id, _ = web.start(_key(panel, label), setup, client)
    return {"id": game_id, "url": f"/panels/{panel.id}/{label}/play/{game_id}"}


@router.post("/api/panels/{panel_id}/{label}/verdict")
def panel_verdict(
    request: Request, response: Response, panel_id: str, label: str, body: VerdictRequest
) -> dict[str, Any]:
    web = request.app.state.web
    panel, _ = _game(request, panel_id, label)
    if not web.rates.allow(web.client(request)):
        raise HTTPException(429, f"too many ratings: at most {web.rates.limit} a minute")
    if body.game is not None and web.stored(body.game).game != _key(panel, label):
        raise HTTPException(422, f"game: {body.game!r} is not a game of panel {panel.id} game {label}")
    verdict = Verdict(body.clarity, body.decisions, body.elegance, body.fun, body.comment.strip())
    rater = web.hashed(rater_token(request, response))
    panel_records(request).rate(panel, label, rater, verdict, body.game)
    return {"panel": panel.id, "label": label, **{name: getattr(verdict, name) for name, _ in SCALES}}


@router.get("/api/panels/{panel_id}/results")
def panel_results(
    request: Request, panel_id: str, x_admin_key: Annotated[str | None, Header()] = None
) -> dict[str, Any]:
    admin = request.app.state.web.admin_key
    if not admin or not x_admin_key or not secrets.compare_digest(x_admin_key, admin):
        raise HTTPException(403, "X-Admin-Key: missing or wrong")
    panel = _panel(request, panel_id)
    games = [
        {
            "label": result.label,
            "game": result.game,
            "name": result.name,
            "verdicts": result.verdicts,
            **result.means,
            "overall": result.overall,
            "comments": list(result.comments),
        }
        for result in panel_records(request).results(panel)
    ]
    return {"panel": panel.id, "title": panel.title, "games": games}

"""The web app of ``darwindeck serve``: a gallery, a page per game, play in the browser, ratings.

Stack and why: FastAPI and uvicorn on the server; pages are server-rendered Jinja2 templates with one
small script (``static/play.js``, no framework, no build step) that draws the play page from the JSON
API. Everything a page loads comes from this app: no CDN, no web font.

Pages: ``/`` the gallery (``?players=N``, ``?mechanic=M``, ``?sort=rating|name``), ``/games/{key}`` a
game's page (summary, play form, the rulebook one click away at ``/games/{key}/rulebook``),
``/play/{id}`` a game in progress, ``/battle`` a Pocket-style battle between two shipped decks, stepped
through action by action (``web.battle``; JSON at ``GET /api/battle?deck0&deck1&agent0&agent1&seed&step``).

JSON API (every error is ``{"detail": ...}`` naming the field or the reason, with a 4xx status; FastAPI
reports a malformed body as 422 with the field's location):

=======================================  ================================================================
``POST /api/games``                      start: ``{game, seat, opponents, iterations, seed}`` → the view
``GET /api/games/{id}``                  the view (``web.session.WebGame.view``) and ``id``
``POST /api/games/{id}/moves``           ``{action, version}`` → the new view; 400 illegal, 409 stale
``POST /api/games/{id}/rating``          ``{stars 1-5, comment ≤ 2000 characters, broken, again}``
``POST /api/admin/hidden/{key}``         hide a game from the gallery (header ``X-Admin-Key``)
=======================================  ================================================================

Limits: each client (by salted address hash) may start ``START_LIMIT`` games and send ``RATE_LIMIT``
ratings per minute (429 beyond). A game's state lives in the database (``web.records``) and is rebuilt
by replay after a restart; an in-memory cache keeps at most ``LIVE_GAMES`` unfinished ``WebGame``
objects (a finished game leaves it). A hidden game stays hidden across restarts (``hidden_games``).
"""

from __future__ import annotations

import hashlib
import os
import secrets
import threading
import time
from collections import defaultdict, deque
from pathlib import Path
from typing import Annotated, Any, Literal

from fastapi import FastAPI, Header, HTTPException, Request
from fastapi.responses import HTMLResponse, JSONResponse
from fastapi.staticfiles import StaticFiles
from fastapi.templating import Jinja2Templates
from pydantic import BaseModel, Field

from darwindeck.errors import DarwinDeckError
from darwindeck.evolve.store import RunStore
from darwindeck.genome.serialization import from_json, genome_identity, to_json
from darwindeck.rulebook import render_html
from darwindeck.tcg.core.decks import shipped_deck_names
from darwindeck.web.battle import BATTLE_AGENTS, BattleReplay, BattleSetup
from darwindeck.web.catalog import Entry, catalog
from darwindeck.web.records import StoredGame, WebRecords
from darwindeck.web.session import GameSetup, WebGame, WebGameError
from darwindeck.web.tables_api import router as tables_router

HERE = Path(__file__).parent
START_LIMIT = 30
RATE_LIMIT = 10
WINDOW_SECONDS = 60.0
MAX_COMMENT = 2000
MAX_SEED = 2**31 - 1
#: Live games kept in memory at most (the rest replay from the store on their next request).
LIVE_GAMES = 500


class StartRequest(BaseModel):
    game: str = Field(min_length=1, max_length=120)
    seat: int = Field(default=0, ge=0, le=5)
    opponents: Literal["random", "greedy", "mcts"] = "mcts"
    iterations: int = Field(default=100, ge=1, le=2000)
    seed: int = Field(default=0, ge=0, le=MAX_SEED)


class MoveRequest(BaseModel):
    action: int = Field(ge=0)
    version: int = Field(ge=0)


class RatingRequest(BaseModel):
    stars: int = Field(ge=1, le=5)
    comment: str = Field(default="", max_length=MAX_COMMENT)
    broken: bool = False
    again: bool = False


class _Limiter:
    """At most ``limit`` events per client in any ``WINDOW_SECONDS``."""

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self.events: dict[str, deque[float]] = defaultdict(deque)
        self.lock = threading.Lock()

    def allow(self, client: str) -> bool:
        now = time.monotonic()
        with self.lock:
            events = self.events[client]
            while events and now - events[0] > WINDOW_SECONDS:
                events.popleft()
            if len(events) >= self.limit:
                return False
            events.append(now)
            return True


class WebApp:
    """The app's state: the store, the records, the live games, the limits."""

    def __init__(
        self, db: str | None, salt: str | None, admin_key: str | None, start_limit: int, rate_limit: int
    ) -> None:
        self.store = RunStore(db)
        self.records = WebRecords(self.store.engine)
        self.salt = salt or os.environ.get("DARWINDECK_SALT") or secrets.token_hex(16)
        self.admin_key = admin_key if admin_key is not None else os.environ.get("DARWINDECK_ADMIN_KEY")
        self.games: dict[str, WebGame] = {}
        self.lock = threading.Lock()
        self.starts = _Limiter(start_limit)
        self.rates = _Limiter(rate_limit)
        self.battles: dict[BattleSetup, BattleReplay] = {}

    def battle(self, setup: BattleSetup, step: int) -> BattleReplay:
        """The battle of ``setup`` after ``step`` actions (``web.battle``), kept for the next step."""
        cached = self.battles.get(setup)
        try:
            replay = (cached or BattleReplay.new(setup)).at(step)
        except DarwinDeckError as error:
            raise HTTPException(422, str(error)) from None
        self.battles[setup] = replay
        return replay

    def client(self, request: Request) -> str:
        address = request.client.host if request.client else "unknown"
        return hashlib.sha256(f"{self.salt}:{address}".encode()).hexdigest()

    def entries(self) -> dict[str, Entry]:
        hidden = self.records.hidden()
        return {key: entry for key, entry in catalog(self.store).items() if key not in hidden}

    def entry(self, key: str) -> Entry:
        found = self.entries().get(key)
        if found is None:
            raise HTTPException(404, f"game {key!r}: unknown; the gallery at / lists every game")
        return found

    def stored(self, game_id: str) -> StoredGame:
        stored = self.records.load_game(game_id) if len(game_id) == 32 else None
        if stored is None:
            raise HTTPException(404, f"game id {game_id!r}: no such game")
        return stored

    def live(self, stored: StoredGame) -> WebGame:
        """The live game of ``stored``: the cached one if it is at the stored version, else a replay."""
        cached = self.games.get(stored.id)
        if cached is not None and cached.actions == stored.actions:
            return cached
        setup = GameSetup(
            from_json(stored.genome_json, source=f"stored game {stored.id}"),
            stored.seat,
            stored.opponents,
            stored.iterations,
            stored.seed,
        )
        game = WebGame.restore(setup, stored.actions)
        self.keep(stored.id, game)
        return game

    def keep(self, game_id: str, game: WebGame) -> None:
        """Cache a live game; a finished one leaves the cache (the store has it), and the cache never
        holds more than ``LIVE_GAMES`` (the oldest go first: they replay from the store if they return)."""
        if game.result is not None:
            self.games.pop(game_id, None)
            return
        self.games[game_id] = game
        while len(self.games) > LIVE_GAMES:
            del self.games[next(iter(self.games))]


def _view(game_id: str, game: WebGame) -> dict[str, Any]:
    return {"id": game_id, **game.view()}


def create_app(
    db: str | None = None,
    salt: str | None = None,
    admin_key: str | None = None,
    start_limit: int = START_LIMIT,
    rate_limit: int = RATE_LIMIT,
) -> FastAPI:
    """The app over the run store at ``db`` (module docstring); the limits are per client and minute."""
    web = WebApp(db, salt, admin_key, start_limit, rate_limit)
    app = FastAPI(title="DarwinDeck", docs_url=None, redoc_url=None)
    app.state.web = web
    app.mount("/static", StaticFiles(directory=HERE / "static"), name="static")
    app.include_router(tables_router)
    templates = Jinja2Templates(directory=HERE / "templates")

    @app.exception_handler(WebGameError)
    async def refused(_: Request, error: WebGameError) -> JSONResponse:
        return JSONResponse({"detail": str(error)}, status_code=error.status)

    @app.get("/", response_class=HTMLResponse)
    def gallery(
        request: Request, players: int | None = None, mechanic: str | None = None, sort: str = "rating"
    ) -> HTMLResponse:
        summaries = web.records.summaries()
        rows = [
            (entry, summaries.get(key))
            for key, entry in web.entries().items()
            if (players is None or entry.players == players)
            and (mechanic is None or mechanic in entry.mechanics)
        ]
        if sort == "name":
            rows.sort(key=lambda row: row[0].name)
        else:
            rows.sort(key=lambda row: (-(row[1].mean_stars or 0.0) if row[1] else 0.0, row[0].name))
        mechanics = sorted({m for entry in web.entries().values() for m in entry.mechanics})
        context = {
            "rows": rows,
            "players": players,
            "mechanic": mechanic,
            "sort": sort,
            "mechanics": mechanics,
        }
        return templates.TemplateResponse(request, "gallery.html", context)

    @app.get("/games/{key}", response_class=HTMLResponse)
    def game_page(request: Request, key: str) -> HTMLResponse:
        entry = web.entry(key)
        summary = web.records.summaries().get(key)
        return templates.TemplateResponse(request, "game.html", {"entry": entry, "summary": summary})

    @app.get("/games/{key}/rulebook", response_class=HTMLResponse)
    def rulebook(key: str) -> HTMLResponse:
        return HTMLResponse(render_html(web.entry(key).genome))

    @app.get("/play/{game_id}", response_class=HTMLResponse)
    def play_page(request: Request, game_id: str) -> HTMLResponse:
        stored = web.stored(game_id)
        return templates.TemplateResponse(request, "play.html", {"game_id": game_id, "game": stored.game})

    @app.post("/api/games")
    def start(request: Request, body: StartRequest) -> dict[str, Any]:
        client = web.client(request)
        if not web.starts.allow(client):
            raise HTTPException(
                429,
                f"too many games started: at most {web.starts.limit} a minute",
                headers={"Retry-After": str(int(WINDOW_SECONDS))},
            )
        entry = web.entry(body.game)
        if body.seat >= entry.players:
            raise HTTPException(
                422, f"seat: {entry.name} has seats 0 to {entry.players - 1}, got {body.seat}"
            )
        setup = GameSetup(entry.genome, body.seat, body.opponents, body.iterations, body.seed)
        game = WebGame.start(setup)
        game_id = web.records.create_game(
            entry.key,
            genome_identity(entry.genome),
            to_json(entry.genome),
            setup,
            game.actions,
            game.result,
            client,
        )
        web.keep(game_id, game)
        return _view(game_id, game)

    @app.get("/api/games/{game_id}")
    def state(game_id: str) -> dict[str, Any]:
        return _view(game_id, web.live(web.stored(game_id)))

    @app.post("/api/games/{game_id}/moves")
    def move(game_id: str, body: MoveRequest) -> dict[str, Any]:
        with web.lock:
            stored = web.stored(game_id)
            game = web.live(stored)
            old = game.version
            game.move(body.action, body.version)
            try:
                web.records.save_move(game_id, old, game.actions, game.result)
            except WebGameError:
                web.games.pop(game_id, None)
                raise
            web.keep(game_id, game)
            return _view(game_id, game)

    @app.post("/api/games/{game_id}/rating")
    def rate(request: Request, game_id: str, body: RatingRequest) -> dict[str, Any]:
        client = web.client(request)
        if not web.rates.allow(client):
            raise HTTPException(
                429,
                f"too many ratings: at most {web.rates.limit} a minute",
                headers={"Retry-After": str(int(WINDOW_SECONDS))},
            )
        stored = web.stored(game_id)
        result = stored.result or "abandoned"
        rating = web.records.add_rating(
            stored, result, body.stars, body.comment.strip(), body.broken, body.again, client
        )
        return {"rating": rating, "game": stored.game, "result": result}

    @app.get("/battle", response_class=HTMLResponse)
    def battle_page(request: Request) -> HTMLResponse:
        context = {"decks": shipped_deck_names(), "agents": BATTLE_AGENTS}
        return templates.TemplateResponse(request, "battle.html", context)

    @app.get("/api/battle")
    def battle_step(
        deck0: str, deck1: str, agent0: str = "greedy", agent1: str = "greedy", seed: int = 0, step: int = 0
    ) -> dict[str, Any]:
        if not 0 <= seed <= MAX_SEED or step < 0:
            raise HTTPException(422, "seed and step: must be whole numbers ≥ 0")
        with web.lock:
            return web.battle(BattleSetup(deck0, deck1, agent0, agent1, seed), step).snapshot()

    @app.post("/api/admin/hidden/{key}")
    def hide(key: str, x_admin_key: Annotated[str | None, Header()] = None) -> dict[str, Any]:
        if not web.admin_key or not x_admin_key or not secrets.compare_digest(x_admin_key, web.admin_key):
            raise HTTPException(403, "X-Admin-Key: missing or wrong")
        web.entry(key)
        web.records.hide(key)
        return {"hidden": key}

    return app

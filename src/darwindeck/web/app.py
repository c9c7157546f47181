"""The web app of ``darwindeck serve``: a gallery, a page per game, play in the browser, ratings.

Stack and why: FastAPI and uvicorn on the server; pages are server-rendered Jinja2 templates with one
small script (``static/play.js``, no framework, no build step) that draws the play page from the JSON
API. Everything a page loads comes from this app: no CDN, no web font.

Pages: ``/`` the gallery (``?players=N``, ``?mechanic=M``, ``?sort=rating|name``), ``/games/{key}`` a
game's page (summary, an evolved game's nearest published game and how it differs, play form, the
rulebook one click away at ``/games/{key}/rulebook``),
``/games/{key}/report`` the designer's report when one is kept (``web.reports``: made by
``darwindeck explain GAME --db FILE``, never on request), ``/play/{id}`` a game in progress,
``/battle`` a Pocket-style battle between two shipped decks, stepped through action by action
(``web.battle``; JSON at ``GET /api/battle?deck0&deck1&player0&player1&seed&step``).

JSON API (every error is ``{"detail": ...}`` naming the field or the reason, with a 4xx status; a
malformed body is a 422 listing each error's ``type``, ``loc`` and ``msg``, never the input; request
fields are strict: ``true`` is not ``1``; ``web.guard`` refuses NaN and Infinity and bodies over 64 KiB):

=======================================  ================================================================
``POST /api/games``                      start: ``{game, seat, opponents, iterations[, seed]}`` → view
``GET /api/games/{id}``                  the view (``web.session.WebGame.view``) and ``id``
``POST /api/games/{id}/moves``           ``{action, version}`` → the new view; 400 illegal, 409 stale
                                         or over
``POST /api/games/{id}/rating``          ``{stars 1-5, comment ≤ 2000 characters, broken, again}``
``POST /api/admin/hidden/{key}``         hide a game from the gallery (header ``X-Admin-Key``)
=======================================  ================================================================

Seeds: a game's seed is drawn from the operating system's secret randomness and recorded (the game
replays from it); a client may send ``seed`` only when the app is made with ``allow_client_seeds``
(``serve --allow-client-seeds``, for tests), else that is a 422.

Limits: each client (the salted hash of the socket peer's address; of the last ``X-Forwarded-For``
entry only with ``behind_proxy``) may start ``START_LIMIT`` games and send ``RATE_LIMIT`` ratings per
minute (429 beyond). A person (a random ``darwindeck_rater`` cookie, HttpOnly, SameSite=Lax) has one
rating per game: rating it again replaces it. A game's state lives in the database (``web.records``)
and is rebuilt by replay after a restart; an in-memory cache keeps at most ``LIVE_GAMES`` unfinished
``WebGame`` objects (a finished game leaves it, and is answered from its stored final view, never
replayed). Battles are stepped outside the lock moves take, kept in an LRU of ``BATTLE_CACHE``. A hidden
game stays hidden across restarts (``hidden_games``). ``/openapi.json`` is served only with ``openapi``;
``/docs`` and ``/redoc`` never (they load scripts from a CDN). docs/web.md lists every limit and flag.
"""

from __future__ import annotations

import hashlib
import os
import secrets
import threading
import time
from collections import OrderedDict, defaultdict, deque
from pathlib import Path
from typing import Annotated, Any, Literal

from fastapi import FastAPI, Header, HTTPException, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import HTMLResponse, JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from fastapi.templating import Jinja2Templates
from pydantic import BaseModel, ConfigDict, Field

from darwindeck.errors import DarwinDeckError
from darwindeck.evolve.published import nearest_known
from darwindeck.evolve.store import RunStore
from darwindeck.genome.identity import genome_identity
from darwindeck.genome.serialization import from_json, to_json
from darwindeck.rulebook import render_html
from darwindeck.tcg.core.decks import shipped_deck_names
from darwindeck.web.battle import BATTLE_PLAYERS, BattleReplay, BattleSetup
from darwindeck.web.catalog import Entry, catalog
from darwindeck.web.guard import (
    BodyGuard,
    SecurityHeaders,
    rater_token,
    rulebook_response,
    validation_error,
)
from darwindeck.web.panels_api import router as panels_router
from darwindeck.web.records import Opinion, StoredGame, WebRecords
from darwindeck.web.reports import ReportRecords, report_html
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
#: Battles kept in memory for their next step at most (least recently viewed leave first); about 40 kB
#: each (300 battles took 11 MB).
BATTLE_CACHE = 64
#: At most this many characters of a client's value are quoted back in an error.
SHOWN = 60


class StartRequest(BaseModel):
    model_config = ConfigDict(strict=True)

    game: str = Field(min_length=1, max_length=120)
    seat: int = Field(default=0, ge=0, le=5)
    opponents: Literal["random", "greedy", "mcts"] = "mcts"
    iterations: int = Field(default=100, ge=1, le=2000)
    seed: int | None = Field(default=None, ge=0, le=MAX_SEED)


class MoveRequest(BaseModel):
    model_config = ConfigDict(strict=True)

    action: int = Field(ge=0)
    version: int = Field(ge=0)


class RatingRequest(BaseModel):
    model_config = ConfigDict(strict=True)

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
        self,
        db: str | None,
        salt: str | None,
        admin_key: str | None,
        limits: tuple[int, int],
        *,
        allow_client_seeds: bool,
        behind_proxy: bool,
    ) -> None:
        self.store = RunStore(db)
        self.records = WebRecords(self.store.engine)
        self.reports = ReportRecords(self.store.engine)
        self.salt = salt or os.environ.get("DARWINDECK_SALT") or secrets.token_hex(16)
        self.admin_key = admin_key if admin_key is not None else os.environ.get("DARWINDECK_ADMIN_KEY")
        self.games: dict[str, WebGame] = {}
        self.lock = threading.Lock()
        self.starts = _Limiter(limits[0])
        self.rates = _Limiter(limits[1])
        self.allow_client_seeds = allow_client_seeds
        self.behind_proxy = behind_proxy
        self.battles: OrderedDict[BattleSetup, BattleReplay] = OrderedDict()
        self.battle_lock = threading.Lock()

    def battle(self, setup: BattleSetup, step: int) -> dict[str, Any]:
        """The snapshot of the battle of ``setup`` after ``step`` actions (``web.battle``). The replay is
        taken out of the cache while it is played (a second viewer of the same battle meanwhile starts
        its own), then put back as the most recent; the oldest leave beyond ``BATTLE_CACHE``. Only the
        cache's own lock is held, and only to take and put: never the lock moves take."""
        with self.battle_lock:
            cached = self.battles.pop(setup, None)
        try:
            replay = (cached or BattleReplay.new(setup)).at(step)
        except DarwinDeckError as error:
            raise HTTPException(422, str(error)) from None
        snapshot = replay.snapshot()
        with self.battle_lock:
            self.battles[setup] = replay
            self.battles.move_to_end(setup)
            while len(self.battles) > BATTLE_CACHE:
                self.battles.popitem(last=False)
        return snapshot

    def seed(self, chosen: int | None) -> int:
        """The seed of a new game: drawn from the operating system's secret randomness, or the client's
        choice where the server allows it (else a 422 naming the field)."""
        if chosen is None:
            return secrets.randbelow(MAX_SEED + 1)
        if not self.allow_client_seeds:
            raise HTTPException(
                422,
                "seed: this server deals from its own secret seed; a client may choose one only when "
                "the server runs with --allow-client-seeds",
            )
        return chosen

    def hashed(self, value: str) -> str:
        """``value`` as the store keeps it: the SHA-256 of the server's salt and the value."""
        return hashlib.sha256(f"{self.salt}:{value}".encode()).hexdigest()

    def client(self, request: Request) -> str:
        """Who is asking, for the limits: the salted hash of the socket peer's address, or, behind a
        proxy, of the last address in ``X-Forwarded-For`` (the one the proxy itself appended; what a
        client writes there comes before it). Without ``behind_proxy`` the header is ignored."""
        address = request.client.host if request.client else "unknown"
        forwarded = request.headers.get("x-forwarded-for", "").split(",")[-1].strip()
        if self.behind_proxy and forwarded:
            address = forwarded
        return self.hashed(address)

    def entries(self) -> dict[str, Entry]:
        hidden = self.records.hidden()
        return {key: entry for key, entry in catalog(self.store).items() if key not in hidden}

    def entry(self, key: str) -> Entry:
        found = self.entries().get(key)
        if found is None:
            raise HTTPException(404, f"game {_shown(key)}: unknown; the gallery at / lists every game")
        return found

    def stored(self, game_id: str) -> StoredGame:
        stored = self.records.load_game(game_id) if len(game_id) == 32 else None
        if stored is None:
            raise HTTPException(404, f"game id {_shown(game_id)}: no such game")
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

    def final_view(self, stored: StoredGame) -> dict[str, Any]:
        """The view of a finished game, from the store: replayed (and then stored) only for a game that
        finished before final views were kept."""
        view = self.records.final_view(stored.id)
        if view is None:
            view = self.live(stored).view()
            self.records.save_final_view(stored.id, view)
        return view

    def start(self, key: str, setup: GameSetup, client: str) -> tuple[str, WebGame]:
        """A new browser game of ``setup`` under the gallery key ``key``: played to the person's first
        decision, stored and kept; its id and the game."""
        game = WebGame.start(setup)
        game_id = self.records.create_game(
            key,
            genome_identity(setup.genome),
            to_json(setup.genome),
            setup,
            game.actions,
            game.result,
            client,
            game.view() if game.result is not None else None,
        )
        self.keep(game_id, game)
        return game_id, game

    def keep(self, game_id: str, game: WebGame) -> None:
        """Cache a live game; a finished one leaves the cache (the store has it), and the cache never
        holds more than ``LIVE_GAMES`` (the oldest go first: they replay from the store if they return)."""
        if game.result is not None:
            self.games.pop(game_id, None)
            return
        self.games[game_id] = game
        while len(self.games) > LIVE_GAMES:
            del self.games[next(iter(self.games))]


def _shown(value: str) -> str:
    """``value`` quoted for an error message, cut to ``SHOWN`` characters: an error never echoes a large
    input."""
    return repr(value if len(value) <= SHOWN else value[:SHOWN] + "…")


def _view(game_id: str, game: WebGame) -> dict[str, Any]:
    return {"id": game_id, **game.view()}


def create_app(
    db: str | None = None,
    salt: str | None = None,
    admin_key: str | None = None,
    start_limit: int = START_LIMIT,
    rate_limit: int = RATE_LIMIT,
    openapi: bool = False,
    allow_client_seeds: bool = False,
    behind_proxy: bool = False,
) -> FastAPI:
    """The app over the run store at ``db`` (module docstring); the limits are per client and minute.
    ``openapi`` serves ``/openapi.json``; ``allow_client_seeds`` lets a client choose a game's seed;
    ``behind_proxy`` takes the client's address from ``X-Forwarded-For`` (``WebApp.client``)."""
    web = WebApp(
        db,
        salt,
        admin_key,
        (start_limit, rate_limit),
        allow_client_seeds=allow_client_seeds,
        behind_proxy=behind_proxy,
    )
    app = FastAPI(
        title="DarwinDeck", docs_url=None, redoc_url=None, openapi_url="/openapi.json" if openapi else None
    )
    app.state.web = web
    app.add_middleware(BodyGuard)
    app.add_middleware(SecurityHeaders)  # added last, so outermost: the guard's refusals get the headers
    app.mount("/static", StaticFiles(directory=HERE / "static"), name="static")
    app.include_router(tables_router)
    app.include_router(panels_router)
    templates = Jinja2Templates(directory=HERE / "templates")

    app.add_exception_handler(RequestValidationError, validation_error)

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
        reported = web.reports.load(genome_identity(entry.genome)) is not None
        nearest = None if entry.source == "library" else nearest_known(entry.genome)
        context = {
            "entry": entry,
            "summary": summary,
            "seeds": web.allow_client_seeds,
            "reported": reported,
            "nearest": nearest,
        }
        return templates.TemplateResponse(request, "game.html", context)

    @app.get("/games/{key}/report", response_class=HTMLResponse)
    def report(request: Request, key: str) -> HTMLResponse:
        entry = web.entry(key)
        kept = web.reports.load(genome_identity(entry.genome))
        body = report_html(kept.markdown) if kept is not None else None
        context = {"entry": entry, "report": kept, "body": body}
        return templates.TemplateResponse(request, "report.html", context)

    @app.get("/games/{key}/report-arc.png")
    def report_plot(key: str) -> Response:
        kept = web.reports.load(genome_identity(web.entry(key).genome))
        if kept is None or kept.plot is None:
            raise HTTPException(404, f"game {_shown(key)}: no report with a plot is kept")
        return Response(kept.plot, media_type="image/png")

    @app.get("/games/{key}/rulebook", response_class=HTMLResponse)
    def rulebook(key: str) -> HTMLResponse:
        page = render_html(web.entry(key).genome)
        return rulebook_response(page)

    @app.get("/play/{game_id}", response_class=HTMLResponse)
    def play_page(request: Request, game_id: str) -> HTMLResponse:
        stored = web.stored(game_id)
        context = {
            "game_id": game_id,
            "rulebook_url": f"/games/{stored.game}/rulebook",
            "page_url": f"/games/{stored.game}",
            "page_name": "Game page",
            "verdict_url": None,
        }
        return templates.TemplateResponse(request, "play.html", context)

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
        setup = GameSetup(entry.genome, body.seat, body.opponents, body.iterations, web.seed(body.seed))
        game_id, game = web.start(entry.key, setup, client)
        return _view(game_id, game)

    @app.get("/api/games/{game_id}")
    def state(game_id: str) -> dict[str, Any]:
        stored = web.stored(game_id)
        if stored.result is not None:
            return {"id": game_id, **web.final_view(stored)}
        return _view(game_id, web.live(stored))

    @app.post("/api/games/{game_id}/moves")
    def move(game_id: str, body: MoveRequest) -> dict[str, Any]:
        with web.lock:
            stored = web.stored(game_id)
            if stored.result is not None:  # answered from the store: a finished game never replays
                raise WebGameError("the game is over", 409)
            game = web.live(stored)
            old = game.version
            game.move(body.action, body.version)
            final = game.view() if game.result is not None else None
            try:
                web.records.save_move(game_id, old, game.actions, game.result, final)
            except WebGameError:
                web.games.pop(game_id, None)
                raise
            web.keep(game_id, game)
            return _view(game_id, game)

    @app.post("/api/games/{game_id}/rating")
    def rate(request: Request, response: Response, game_id: str, body: RatingRequest) -> dict[str, Any]:
        client = web.client(request)
        if not web.rates.allow(client):
            raise HTTPException(
                429,
                f"too many ratings: at most {web.rates.limit} a minute",
                headers={"Retry-After": str(int(WINDOW_SECONDS))},
            )
        stored = web.stored(game_id)
        result = stored.result or "abandoned"
        token = rater_token(request, response)
        opinion = Opinion(result, body.stars, body.comment.strip(), body.broken, body.again)
        rating = web.records.rate(stored, opinion, client, web.hashed(token))
        return {"rating": rating, "game": stored.game, "result": result}

    @app.get("/battle", response_class=HTMLResponse)
    def battle_page(request: Request) -> HTMLResponse:
        context = {"decks": shipped_deck_names(), "players": BATTLE_PLAYERS}
        return templates.TemplateResponse(request, "battle.html", context)

    @app.get("/api/battle")
    def battle_step(
        deck0: str, deck1: str, player0: str = "greedy", player1: str = "greedy", seed: int = 0, step: int = 0
    ) -> dict[str, Any]:
        if not 0 <= seed <= MAX_SEED or step < 0:
            raise HTTPException(422, "seed and step: must be whole numbers ≥ 0")
        return web.battle(BattleSetup(deck0, deck1, player0, player1, seed), step)

    @app.post("/api/admin/hidden/{key}")
    def hide(key: str, x_admin_key: Annotated[str | None, Header()] = None) -> dict[str, Any]:
        if not web.admin_key or not x_admin_key or not secrets.compare_digest(x_admin_key, web.admin_key):
            raise HTTPException(403, "X-Admin-Key: missing or wrong")
        web.entry(key)
        web.records.hide(key)
        return {"hidden": key}

    return app

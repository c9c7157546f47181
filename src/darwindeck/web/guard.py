"""What every HTTP request and response of the web app passes through, whatever its route.

Rules (``BodyGuard`` and ``SecurityHeaders`` are plain ASGI middleware, so a router included into the app
later gets them too; websocket and lifespan traffic passes untouched):

* A request body is at most ``MAX_BODY`` bytes (64 KiB): a larger ``Content-Length``, or a body that
  grows past the limit while it streams in, is answered ``413`` before any route sees it.
* A JSON body (``Content-Type`` ``application/json`` or ``…+json``, or none, as FastAPI reads it) must be
  strict JSON: ``NaN``, ``Infinity`` and ``-Infinity`` (which Python's ``json`` accepts) are refused with
  ``422``, decoded by ``pydantic_core.from_json(allow_inf_nan=False)``.
* Validation errors (``422``) carry each error's ``type``, ``loc`` and ``msg`` only: never the ``input``
  (which can be the whole body) nor ``ctx``.
* Every HTTP response carries ``SECURITY_HEADERS``: a Content-Security-Policy allowing only this app's own
  scripts, styles, images and connections and no framing (``frame-ancestors 'none'``),
  ``X-Content-Type-Options: nosniff``, ``Referrer-Policy: same-origin`` and ``X-Frame-Options: DENY``. A
  route may set its own policy (the rulebook, framed by the game page, does); the middleware adds only
  the headers a response does not have.
"""

from __future__ import annotations

import base64
import hashlib
import json
import re
import secrets
from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any

import pydantic_core
from fastapi.exceptions import RequestValidationError
from fastapi.responses import HTMLResponse, JSONResponse, Response
from starlette.requests import Request

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]

#: The largest request body accepted, in bytes.
MAX_BODY = 64 * 1024

CSP = (
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self'; connect-src 'self'; "
    "frame-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"
)
SECURITY_HEADERS = (
    ("content-security-policy", CSP),
    ("x-content-type-options", "nosniff"),
    ("referrer-policy", "same-origin"),
    ("x-frame-options", "DENY"),
)


def _is_json(scope: Scope) -> bool:
    """Whether FastAPI would read this request's body as JSON (no content type, or a JSON one)."""
    for name, value in scope.get("headers", []):
        if name == b"content-type":
            media = bytes(value).decode("latin-1").split(";")[0].strip().lower()
            return media == "application/json" or (
                media.startswith("application/") and media.endswith("+json")
            )
    return True


def _declared_length(scope: Scope) -> int | None:
    for name, value in scope.get("headers", []):
        if name == b"content-length":
            try:
                return int(value)
            except ValueError:
                return None
    return None


async def _refuse(send: Send, status: int, detail: object) -> None:
    body = json.dumps({"detail": detail}).encode()
    headers = [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())]
    await send({"type": "http.response.start", "status": status, "headers": headers})
    await send({"type": "http.response.body", "body": body})


def _too_large() -> str:
    return f"request body: larger than the limit of {MAX_BODY // 1024} KiB"


class BodyGuard:
    """The body size limit and strict JSON (module rules)."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        declared = _declared_length(scope)
        if declared is not None and declared > MAX_BODY:
            await _refuse(send, 413, _too_large())
            return
        chunks: list[bytes] = []
        size = 0
        while True:
            message = await receive()
            if message["type"] != "http.request":
                await self.app(scope, _replay(b"", message, receive), send)
                return
            chunk = message.get("body", b"")
            size += len(chunk)
            if size > MAX_BODY:
                await _refuse(send, 413, _too_large())
                return
            chunks.append(chunk)
            if not message.get("more_body", False):
                break
        body = b"".join(chunks)
        if body and _is_json(scope):
            try:
                pydantic_core.from_json(body, allow_inf_nan=False)
            except ValueError as error:
                problem = f"JSON decode error (NaN and Infinity are not JSON numbers): {error}"
                await _refuse(send, 422, [{"type": "json_invalid", "loc": ["body"], "msg": problem}])
                return
        await self.app(scope, _replay(body, None, receive), send)


def _replay(body: bytes, pending: Message | None, receive: Receive) -> Receive:
    """A ``receive`` that gives the buffered body (or the message read instead of one) first."""
    first: list[Message] = [pending or {"type": "http.request", "body": body, "more_body": False}]

    async def replayed() -> Message:
        if first:
            return first.pop()
        return await receive()

    return replayed


class SecurityHeaders:
    """Adds ``SECURITY_HEADERS`` to every HTTP response that does not set them itself."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = list(message.get("headers", []))
                present = {name.lower() for name, _ in headers}
                for name, value in SECURITY_HEADERS:
                    if name.encode() not in present:
                        headers.append((name.encode(), value.encode()))
                message["headers"] = headers
            await send(message)

        await self.app(scope, receive, with_headers)


async def validation_error(_: Request, error: Exception) -> JSONResponse:
    """A 422 naming each error's place and reason, never echoing the input (module rules)."""
    errors = error.errors() if isinstance(error, RequestValidationError) else []
    detail = [
        {
            "type": str(e.get("type", "")),
            "loc": [p if isinstance(p, int) else str(p) for p in e["loc"]],
            "msg": str(e["msg"]),
        }
        for e in errors
    ]
    return JSONResponse({"detail": detail}, status_code=422)


def rulebook_policy(page: str) -> str:
    """The rulebook's Content-Security-Policy: nothing loads, its own inline stylesheet (by its SHA-256)
    applies, and only this app's pages may frame it (the game page shows it in a frame)."""
    hashes = " ".join(
        "'sha256-" + base64.b64encode(hashlib.sha256(style.encode()).digest()).decode() + "'"
        for style in re.findall(r"<style>(.*?)</style>", page, re.DOTALL)
    )
    styles = hashes or "'none'"
    return f"default-src 'none'; style-src {styles}; base-uri 'none'; frame-ancestors 'self'"


def rulebook_response(page: str) -> HTMLResponse:
    """A rulebook page with its own policy (``rulebook_policy``), framed only by this app's pages."""
    framing = {"Content-Security-Policy": rulebook_policy(page), "X-Frame-Options": "SAMEORIGIN"}
    return HTMLResponse(page, headers=framing)


#: The cookie that tells one person's ratings from another's (32 random hex digits, HttpOnly, SameSite=Lax).
RATER_COOKIE = "darwindeck_rater"
RATER_TOKEN = re.compile(r"[0-9a-f]{32}")
RATER_COOKIE_AGE = 5 * 365 * 24 * 3600


def rater_token(request: Request, response: Response) -> str:
    """The rating person's token: their cookie's, or a new one; the cookie is (re)set on ``response``."""
    token = request.cookies.get(RATER_COOKIE, "")
    if not RATER_TOKEN.fullmatch(token):
        token = secrets.token_hex(16)
    response.set_cookie(
        RATER_COOKIE, token, max_age=RATER_COOKIE_AGE, path="/", httponly=True, samesite="lax"
    )
    return token

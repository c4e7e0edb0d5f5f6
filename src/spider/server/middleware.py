"""Two small ASGI layers around every request: the player's cookie, and the body size limit."""

from __future__ import annotations

import hashlib
import re
import secrets
import time

from starlette import status
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from spider.server.errors import RequestError, error_response

PLAYER_COOKIE = "spider_player"
PLAYER_COOKIE_MAX_AGE = 400 * 24 * 3600  # the longest browsers keep a cookie
_TOKEN_PATTERN = re.compile(r"[A-Za-z0-9_-]{32,64}")


def new_token() -> str:
    """A player's secret: 32 random bytes, URL-safe."""
    return secrets.token_urlsafe(32)


def player_id(token: str) -> str:
    """The id a player is stored under: a hash of the token, so the database never holds a cookie."""
    return hashlib.sha256(token.encode("ascii")).hexdigest()


def _cookie_token(scope: Scope) -> str | None:
    """The player's token from the request's cookies, if it has a well-formed one."""
    for name, value in scope["headers"]:
        if name == b"cookie":
            text: str = value.decode("latin-1")
            for part in text.split(";"):
                key, _, token = part.strip().partition("=")
                token = token.strip('"')
                if key == PLAYER_COOKIE and _TOKEN_PATTERN.fullmatch(token):
                    return token
    return None


class PlayerCookie:
    """Recognises the player by the ``spider_player`` cookie, and gives a new player one.

    The handlers find the player's id in ``request.state.player``. Each load of the page sends the
    cookie again, so that it stays as long as the player keeps coming back (browsers cap a cookie's
    life at about a year however long it asks for).
    """

    def __init__(self, app: ASGIApp, *, secure: bool = False) -> None:
        self.app = app
        self.secure = secure

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        token = _cookie_token(scope)
        fresh = token is None
        if token is None:
            token = new_token()
        scope.setdefault("state", {})["player"] = player_id(token)
        if not fresh and scope["path"] != "/":
            await self.app(scope, receive, send)
            return
        attributes = f"Path=/; Max-Age={PLAYER_COOKIE_MAX_AGE}; HttpOnly; SameSite=Lax"
        if self.secure:
            attributes += "; Secure"
        set_cookie = f"{PLAYER_COOKIE}={token}; {attributes}".encode("latin-1")

        async def send_with_cookie(message: Message) -> None:
            if message["type"] == "http.response.start":
                message = dict(message)
                message["headers"] = [*message.get("headers", []), (b"set-cookie", set_cookie)]
            await send(message)

        await self.app(scope, receive, send_with_cookie)


class BodyLimit:
    """Refuses a request body larger than ``limit`` bytes with 413, whether announced or streamed."""

    def __init__(self, app: ASGIApp, *, limit: int) -> None:
        self.app = app
        self.limit = limit

    def too_large(self) -> RequestError:
        return RequestError(status.HTTP_413_CONTENT_TOO_LARGE, "server.body_too_large", limit=self.limit)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        for name, value in scope["headers"]:
            if name == b"content-length" and (not value.isdigit() or int(value) > self.limit):
                await self.refuse(scope, receive, send)
                return
        received = 0

        async def counting_receive() -> Message:
            nonlocal received
            message = await receive()
            if message["type"] == "http.request":
                received += len(message.get("body", b""))
                if received > self.limit:
                    raise self.too_large()  # turned into the 413 answer by the app's error table
            return message

        await self.app(scope, counting_receive, send)

    async def refuse(self, scope: Scope, receive: Receive, send: Send) -> None:
        error = self.too_large()
        response = error_response(error.status_code, error.text, error.message_id)
        response.headers["connection"] = "close"
        await response(scope, receive, send)


class SecurityHeaders:
    """Headers every answer carries: no MIME sniffing, no framing by other sites, no referrer leaks;
    and ``Server-Timing`` with the milliseconds the server spent on the request (for benchmarks and
    the browser's developer tools)."""

    HEADERS = [
        (b"x-content-type-options", b"nosniff"),
        (b"x-frame-options", b"DENY"),
        (b"referrer-policy", b"same-origin"),
    ]

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        began = time.perf_counter()

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                spent = f"app;dur={(time.perf_counter() - began) * 1000:.2f}".encode()
                headers = [*message.get("headers", []), *self.HEADERS, (b"server-timing", spent)]
                message = {**message, "headers": headers}
            await send(message)

        await self.app(scope, receive, send_with_headers)

"""Small ASGI layers around every request: the player's cookie and language, the requests one address has
under way, the body's read timeout and its size limit (the layers that keep other sites out are in ``security``)."""

from __future__ import annotations

import asyncio
import math
import time
from typing import Protocol

from starlette import status
from starlette.datastructures import MutableHeaders
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from spider.server.http.errors import RequestError, error_response, refused
from spider.server.http.identity import (
    PLAYER_COOKIE,
    PLAYER_COOKIE_MAX_AGE,
    bearer_token,
    client_address,
    cookie_token,
    header,
    new_token,
    player_id,
    request_language,
)
from spider.server.refusals import TooMany
from spider.text import speaking

DRAIN_LIMIT = 4 * 1024 * 1024
"""Bytes of a refused body read and thrown away, so that the client, still sending, can read the refusal
(closing a socket with unread data resets it, and the client loses the answer)."""
DRAIN_SECONDS = 5.0
"""Time given to that reading, whatever the body's size."""


def answer_headers(message: Message) -> MutableHeaders:
    """The headers of an answer's start, changed in place (the message is the answer's own, made for each send)."""
    message.setdefault("headers", [])
    return MutableHeaders(scope=message)


def _closing(send: Send, close: list[bool]) -> Send:
    """``send``, adding ``Connection: close`` to the answer once ``close[0]`` is set: after a refused
    or stalled body the connection is not worth keeping, and the client is told so."""

    async def send_closing(message: Message) -> None:
        if close[0] and message["type"] == "http.response.start":
            answer_headers(message)["connection"] = "close"
        await send(message)

    return send_closing


class Language:
    """Writes every text of an answer in the player's language (:func:`request_language`), errors
    included, and says which in ``Content-Language`` on the API's answers."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        lang = request_language(scope)
        tagged = scope["type"] == "http" and scope["path"].startswith("/api/")

        async def send_in_language(message: Message) -> None:
            if tagged and message["type"] == "http.response.start":
                headers = answer_headers(message)
                headers.append("content-language", lang)
                headers.append("vary", "Accept-Language, Cookie")
            await send(message)

        with speaking(lang):
            await self.app(scope, receive, send_in_language)


class InFlight:
    """Bounds the HTTP requests one client address (:func:`client_address`) has under way at once, in this
    process, to ``limit`` (0: no bound): one more gets 429 at once, with ``Retry-After: 1``.

    A client that connects directly is bounded before its head is read, by its connections (``connections``:
    uvicorn serves one request at a time on each). A trusted proxy's connections are many clients', and are not
    counted there: the client each request is from is known only once its head names it (``X-Forwarded-For``).
    So this is the bound that holds behind the proxy: one client there cannot hold every request the server
    serves. Duel sockets have their own bound (``sockets_per_address``).
    """

    def __init__(self, app: ASGIApp, *, limit: int) -> None:
        self.app = app
        self.limit = limit
        self.under_way: dict[str, int] = {}  # by address; an address with none is not kept

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or self.limit <= 0:
            await self.app(scope, receive, send)
            return
        address = client_address(scope)
        held = self.under_way.get(address, 0)
        if held >= self.limit:
            refusal = TooMany("server.too_many_at_once", retry_after=1, n=self.limit)
            await error_response(refusal)(scope, receive, send)
            return
        self.under_way[address] = held + 1
        try:
            await self.app(scope, receive, send)
        finally:
            left = self.under_way[address] - 1
            if left:
                self.under_way[address] = left
            else:
                del self.under_way[address]


class SignedIn(Protocol):
    """Which account a device's cookie is signed in to (``people.accounts.Accounts``)."""

    def signed_in(self, session: str) -> str | None:
        """The account of the session ``session`` (a hash of the cookie's token); ``None`` for a guest's cookie;
        ``""`` for a cookie that no longer holds (the device is then given a new one)."""
        ...

    def seen(self, session: str, at: float) -> None:
        """A request from the session (its ``last_seen``)."""
        ...


class PlayerCookie:
    """Recognises the player by the ``spider_player`` cookie, and gives a new player one.

    The handlers find the player's id in ``request.state.player``: the account the cookie is signed in to
    (``accounts``), else the guest the cookie itself is; ``request.state.session`` is the hash of the cookie's
    token either way. Each load of the page sends the cookie again, so that it stays as long as the player keeps
    coming back (browsers cap a cookie's life at about a year however long it asks for). The cookie is ``Secure``
    when the request came by HTTPS, or always with ``always_secure``. An answer that sets the cookie itself (a
    sign-in gives the device a new token) keeps its own.
    """

    def __init__(self, app: ASGIApp, *, always_secure: bool = False, accounts: SignedIn | None = None) -> None:
        self.app = app
        self.always_secure = always_secure
        self.accounts = accounts

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or bearer_token(scope) is not None:  # a bot: no cookie (``BotBearer``)
            await self.app(scope, receive, send)
            return
        token = cookie_token(scope)
        page = scope["path"] == "/"
        player = None if token is None else session_player(self.accounts, player_id(token))
        if token is not None and player is None and scope["path"].startswith("/api/"):
            # The first cookie of a guest who has just made an account, on a request sent before the new cookie
            # came (the page's clock, say): a new cookie here would replace the account's. The API refuses it,
            # and the page itself (``/``) gives the device a new guest's cookie.
            await error_response(refused("account.signed_out"))(scope, receive, send)
            return
        given = token is None or page  # a new player gets a cookie, and each load of the page renews it
        if token is None or player is None:  # a new guest (a page's file asked with a dead cookie: nobody's)
            token = new_token()
            player = player_id(token)
        state = scope.setdefault("state", {})
        state["player"], state["session"] = player, player_id(token)
        state["secure_cookie"] = secure = self.always_secure or scope.get("scheme") == "https"
        if not given:
            await self.app(scope, receive, send)
            return
        set_cookie = player_cookie(token, secure=secure)

        async def send_with_cookie(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = answer_headers(message)
                if not any(value.startswith(f"{PLAYER_COOKIE}=") for value in headers.getlist("set-cookie")):
                    headers.append("set-cookie", set_cookie)
            await send(message)

        await self.app(scope, receive, send_with_cookie)


def session_player(accounts: SignedIn | None, session: str) -> str | None:
    """The player a cookie's session is (``session``: the hash of its token): the account it is signed in to (a sign
    of life of the session), else the guest the cookie itself is; ``None`` when it no longer holds. The one answer
    for a request and for a socket."""
    if accounts is None:
        return session
    account = accounts.signed_in(session)
    if account is None:
        return session
    if not account:
        return None
    accounts.seen(session, time.time())
    return account


def player_cookie(token: str, *, secure: bool, name: str = PLAYER_COOKIE, max_age: int = PLAYER_COOKIE_MAX_AGE) -> str:
    """The ``Set-Cookie`` value that gives the device the cookie ``name`` (the player's) holding ``token``.

    Secure when the client came over HTTPS (uvicorn says so for a trusted proxy's X-Forwarded-Proto): a cookie
    that reached the player by HTTPS must never travel in clear text."""
    attributes = f"Path=/; Max-Age={max_age}; HttpOnly; SameSite=Lax"
    return f"{name}={token}; {attributes}; Secure" if secure else f"{name}={token}; {attributes}"


class BodyLimit:
    """Refuses a request body larger than ``limit`` bytes with 413, whether announced or streamed.

    Before answering it reads and throws away the rest of the body (up to ``DRAIN_LIMIT`` bytes and
    ``DRAIN_SECONDS``), then closes the connection: a client still sending when the socket closes
    would get a reset instead of the answer.
    """

    def __init__(self, app: ASGIApp, *, limit: int) -> None:
        self.app = app
        self.limit = limit

    def too_large(self) -> RequestError:
        return RequestError(status.HTTP_413_CONTENT_TOO_LARGE, "server.body_too_large", limit=self.limit)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        length = header(scope, b"content-length")
        if length is not None and (not length.isdigit() or int(length) > self.limit):
            await self.refuse(scope, receive, send)
            return
        received = 0
        close = [False]

        async def counting_receive() -> Message:
            nonlocal received
            message = await receive()
            if message["type"] == "http.request":
                received += len(message.get("body", b""))
                if received > self.limit:
                    close[0] = True
                    await _drain(receive, message.get("more_body", False))
                    raise self.too_large()  # turned into the 413 answer by the app's error table
            return message

        await self.app(scope, counting_receive, _closing(send, close))

    async def refuse(self, scope: Scope, receive: Receive, send: Send) -> None:
        # A client waiting for "100 Continue" has sent no body yet: answer at once, and it sends none.
        if (header(scope, b"expect") or "").lower() != "100-continue":
            await _drain(receive, True)
        await error_response(self.too_large(), {"connection": "close"})(scope, receive, send)


async def _drain(receive: Receive, more_body: bool) -> None:
    """Reads and forgets what is left of a request body, within ``DRAIN_LIMIT`` and ``DRAIN_SECONDS``."""
    drained = 0
    try:
        async with asyncio.timeout(DRAIN_SECONDS):
            while more_body and drained <= DRAIN_LIMIT:
                message = await receive()
                if message["type"] != "http.request":
                    return
                drained += len(message.get("body", b""))
                more_body = message.get("more_body", False)
    except (TimeoutError, RequestError):  # RequestError: the body timed out (BodyTimeout)
        return


class BodyTimeout:
    """Bounds each wait for a piece of the request body to ``seconds``, and the whole body to ``deadline``
    seconds: a client that stops sending in the middle of a body, or trickles it a byte at a time, gets
    408 and the connection is closed, instead of holding it for ever.

    Only the body is timed: once it is complete (or the answer has begun) ``receive`` is passed through,
    since waiting for the client to disconnect is then a normal thing to do.
    """

    def __init__(self, app: ASGIApp, *, seconds: float, deadline: float = 0.0) -> None:
        self.app = app
        self.seconds = seconds
        self.deadline = deadline

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or (self.seconds <= 0 and self.deadline <= 0):
            await self.app(scope, receive, send)
            return
        body_complete = False
        close = [False]
        loop = asyncio.get_running_loop()
        ends = loop.time() + self.deadline if self.deadline > 0 else math.inf

        async def bounded_receive() -> Message:
            nonlocal body_complete
            if body_complete:
                return await receive()
            piece = self.seconds if self.seconds > 0 else math.inf
            whole = ends - loop.time()
            try:
                async with asyncio.timeout(None if min(piece, whole) == math.inf else max(0.0, min(piece, whole))):
                    message = await receive()
            except TimeoutError:
                close[0] = True
                seconds = self.deadline if whole <= piece else self.seconds  # the bound that ran out
                raise RequestError(
                    status.HTTP_408_REQUEST_TIMEOUT, "server.body_timeout", seconds=f"{seconds:g}"
                ) from None
            if message["type"] != "http.request" or not message.get("more_body", False):
                body_complete = True
            return message

        closing = _closing(send, close)

        async def send_after_body(message: Message) -> None:
            nonlocal body_complete
            body_complete = True  # the answer has begun: the body is no longer awaited
            await closing(message)

        await self.app(scope, bounded_receive, send_after_body)

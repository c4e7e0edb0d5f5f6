"""Connections: uvicorn's HTTP/1.1 protocol (httptools' parser) with a deadline for each request's head, and a cap on
how many connections are served at once.

uvicorn closes a connection that stays idle after an answer (``timeout_keep_alive``), but not one
that was opened and never finished its request line and headers: a few hundred such clients would
hold as many sockets for as long as they like. Here a connection has ``header_timeout`` seconds,
from its opening or from its previous answer, to send a whole request head; the body is then timed
by ``middleware.BodyTimeout``. A request that arrives while more than ``max_connections`` are open
gets 503 with a sentence (and the security headers every answer has) and the connection is closed, so
that the server keeps answering the clients it has. And one client address may hold at most
``per_address`` connections: those beyond are closed as they open, before they can hold anything, so
that one client opening hundreds (idle, trickling, or never finishing a head) leaves the others their
room (an IPv6 address is counted by its /64: ``identity.address_key``). A trusted proxy's address (``proxies``)
is many clients', and is not counted here: which client a request through it is from is known only once its
head is read, and ``middleware.InFlight`` then bounds that client's requests under way.

A duel socket's incoming data is parsed a slice at a time: one whose client has sent more than
``MAX_UNREAD`` messages that the app has not read yet is flooding, and is closed at once (1008), its
unread messages dropped, so that a burst of tens of thousands of small frames costs a few slices'
parsing, not a second's. A duel socket the server has closed (so, or by the app) is parsed only
``CLOSING_BYTES`` further while the server waits for the client's reply to its close: what a client
that goes on sending is thrown away unparsed, the server ends its side of the connection (the client
reads the close frame and its reason, then the end), and cuts the connection if the client has not
closed it ``CLOSING_SECONDS`` later. Cutting it at once would lose the close frame: a connection
closed with unread data is reset.
"""

from __future__ import annotations

import asyncio
import contextlib
import ipaddress
from typing import Any, ClassVar

from starlette import status
from starlette.types import Receive, Scope, Send
from uvicorn.config import Config
from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol
from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol
from uvicorn.server import ServerState

from spider.server.http.errors import RequestError, close_code, error_response
from spider.server.http.identity import address_key, request_language
from spider.server.http.security import SecurityHeaders
from spider.text import speaking


async def _busy(scope: Scope, receive: Receive, send: Send) -> None:
    with speaking(request_language(scope)):  # before the app and its language middleware
        error = RequestError(
            status.HTTP_503_SERVICE_UNAVAILABLE, "server.busy", headers={"connection": "close", "retry-after": "1"}
        )
    await error_response(error)(scope, receive, send)


refuse_busy = SecurityHeaders(_busy)
"""The answer to a request beyond the connection limit (it never reaches the app and its middleware)."""


class GuardedProtocol(HttpToolsProtocol):
    """uvicorn's httptools protocol, with the head deadline and the connection cap (0 turns either off).

    httptools parses in C: under load it costs a fraction of what the pure-Python h11 parser does.
    """

    header_timeout: ClassVar[float] = 0.0
    max_connections: ClassVar[int] = 0
    per_address: ClassVar[int] = 0
    proxies: ClassVar[frozenset[str]] = frozenset()
    open_by_address: ClassVar[dict[str, int]] = {}  # a fresh one for each server: see guarded_protocol

    def __init__(
        self,
        config: Config,
        server_state: ServerState,
        app_state: dict[str, Any],
        _loop: asyncio.AbstractEventLoop | None = None,
    ) -> None:
        super().__init__(config, server_state, app_state, _loop)
        self._served_app = self.app
        self._head_deadline: asyncio.TimerHandle | None = None
        self._upgraded = False  # the socket went to the WebSocket protocol: no more request heads here
        self._counted: str | None = None  # the address this connection is counted under

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        super().connection_made(transport)  # type: ignore[arg-type]
        if self._count_address():
            self._watch_head()
        else:
            self.transport.close()

    def connection_lost(self, exc: Exception | None) -> None:
        self._stop_watching()
        self._uncount_address()
        super().connection_lost(exc)

    def _count_address(self) -> bool:
        """Counts the connection under its client's address: False when that address has too many."""
        host = self.client[0] if self.client else None
        if self.per_address <= 0 or host is None or _is_proxy(host, self.proxies):
            return True
        self._counted = key = address_key(host)
        self.open_by_address[key] = self.open_by_address.get(key, 0) + 1
        return self.open_by_address[key] <= self.per_address

    def _uncount_address(self) -> None:
        if self._counted is not None:
            left = self.open_by_address[self._counted] - 1
            if left:
                self.open_by_address[self._counted] = left
            else:
                del self.open_by_address[self._counted]
            self._counted = None

    def data_received(self, data: bytes) -> None:
        self._choose_app()
        super().data_received(data)
        self._watch_head()

    def on_response_complete(self) -> None:
        self._choose_app()  # a pipelined request waiting in the buffer starts in here
        super().on_response_complete()
        self._watch_head()

    def handle_websocket_upgrade(self) -> None:
        self._upgraded = True
        self._stop_watching()  # the socket now belongs to the WebSocket protocol
        self._uncount_address()  # which never tells this one it closed; sockets.py counts the sockets
        super().handle_websocket_upgrade()

    def _choose_app(self) -> None:
        # uvicorn hands a new request to ``self.app``; the choice is made as each piece of data comes in.
        crowded = 0 < self.max_connections < len(self.connections)
        self.app = refuse_busy if crowded else self._served_app

    def _watch_head(self) -> None:
        """Starts the head's deadline when no request is under way, stops it when one is."""
        under_way = self.cycle is not None and not self.cycle.response_complete
        if under_way or self._upgraded:
            self._stop_watching()
        elif self._head_deadline is None and self.header_timeout > 0 and not self.transport.is_closing():
            self._head_deadline = self.loop.call_later(self.header_timeout, self._head_too_late)

    def _stop_watching(self) -> None:
        if self._head_deadline is not None:
            self._head_deadline.cancel()
            self._head_deadline = None

    def _head_too_late(self) -> None:
        self._head_deadline = None
        if self.cycle is None or self.cycle.response_complete:
            self.transport.close()


CLOSING_BYTES = 64 * 1024
"""Bytes parsed from a duel socket after the server sent its close frame (the client's reply is a few)."""
CLOSING_SECONDS = 10.0
MAX_UNREAD = 256
"""Messages a duel socket may have waiting for the app (a page sends a few at a time)."""
SLICE = 16 * 1024
"""Bytes parsed between two looks at the unread messages (the event loop reads up to 256 KB at once)."""
FLOODED = "duel.socket_too_fast"  # the close's reason, as the app's own refusal gives it
FLOODED_CLOSE = close_code(FLOODED)


class GuardedWebSocket(WebSocketsSansIOProtocol):
    """uvicorn's WebSocket protocol (the websockets library's, sans I/O), which stops reading a socket
    that the server has closed once the client has sent ``CLOSING_BYTES`` more."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._after_close = 0

    def data_received(self, data: bytes) -> None:
        for start in range(0, len(data), SLICE):
            if not self.close_sent and self.queue.qsize() > MAX_UNREAD:
                self._refuse_flood()
            if self.close_sent:
                self._after_close += len(data) - start
                if self._after_close > CLOSING_BYTES:
                    self._stop_reading(self._after_close - (len(data) - start))
                    return
            super().data_received(data[start : start + SLICE])

    def _stop_reading(self, before: int) -> None:
        """Throws away what comes after ``CLOSING_BYTES``; ends the server's side the first time."""
        if before <= CLOSING_BYTES:
            if self.transport.can_write_eof():
                self.transport.write_eof()
            self.loop.call_later(CLOSING_SECONDS, self.transport.close)

    def _refuse_flood(self) -> None:
        """Closes the socket (1008) as uvicorn does when the app asks, its unread messages dropped."""
        while not self.queue.empty():
            self.queue.get_nowait()
        self.queue.put_nowait({"type": "websocket.disconnect", "code": FLOODED_CLOSE, "reason": FLOODED})
        self.conn.send_close(FLOODED_CLOSE, FLOODED)
        self.transport.write(b"".join(self.conn.data_to_send()))
        self.close_sent = True
        self.close_timer = self.loop.call_later(self.close_timeout, self.transport.close)


def _is_proxy(host: str, proxies: frozenset[str]) -> bool:
    """Whether ``host`` is named in ``proxies``, as uvicorn reads ``forwarded_allow_ips``: ``*``,
    addresses and networks (``10.0.0.0/8``).

    >>> _is_proxy("10.1.2.3", frozenset({"10.0.0.0/8"})), _is_proxy("127.0.0.2", frozenset({"127.0.0.1"}))
    (True, False)
    """
    if "*" in proxies or host in proxies:
        return True
    try:
        address = ipaddress.ip_address(host)
    except ValueError:
        return False
    for proxy in proxies:
        with contextlib.suppress(ValueError):
            if "/" in proxy and address in ipaddress.ip_network(proxy, strict=False):
                return True
    return False


def guarded_protocol(
    *, header_timeout: float, max_connections: int, per_address: int = 0, proxies: frozenset[str] = frozenset()
) -> type[GuardedProtocol]:
    """The protocol class to give uvicorn's ``http=``, with these limits."""

    class Guarded(GuardedProtocol):
        pass

    Guarded.header_timeout = header_timeout
    Guarded.max_connections = max_connections
    Guarded.per_address = per_address
    Guarded.proxies = proxies
    Guarded.open_by_address = {}
    return Guarded

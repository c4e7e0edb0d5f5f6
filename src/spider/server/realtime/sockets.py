"""The site's WebSocket: ``/api/socket``, one per page, for the cookie's player.

This module is the socket's plumbing and knows no domain: it accepts a socket from the site's own pages,
counts it within its limits, reads the page's messages, holds the socket's subscription to the broker's
topics, and answers with error frames and close codes. What is said on it is the domains': each registers
on the :class:`SocketTable` when the app is put together (``app``):

- the kinds of frame the page sends, each with its handler (the duels: ``follow``/``unfollow``, ``duel``;
  the arenas: ``follow_arena``/``unfollow_arena``, ``arena``); ``ping`` (answered ``pong``) is the socket's own;
- the kinds of message the broker brings, each with what it becomes for this socket's page (the duels'
  ``lobby``, ``relations``, ``duel_changed``, ``progress``, invitations; the arenas' standings); a message
  of a kind no domain registered reaches no page;
- hooks when a socket opens, then greets (the duels' ``hello`` frame, the lobby's topics), and closes (who
  is online: ``people.presence``).

The page sends JSON objects of at most ``MAX_MESSAGE`` bytes, each with its ``type`` (and a ``ref`` that
the answer's error frame carries back); it acts and finishes over HTTP, the one door for a duel's
actions, and hears of them here. A message that is too large or no JSON object closes the socket
(1009, 1007) after an ``error`` frame with the catalog's sentence; one that is an object of a kind no
domain registered, or one its handler finds malformed, gets an ``error`` frame (``duel.socket_bad_message``),
and a handler's refusal (``RequestError``, ``SpiderError``) gets its own. Every frame is built from public
views and progress only: never a face-down card.

No one socket may hold up the others. A frame announced larger than ``MAX_FRAME`` closes the socket at
the protocol (1009, uvicorn's ``ws_max_size``) before its payload is read. A player's messages, on all
their sockets (and in every process, with Redis), are a token bucket (``socket_messages_per_minute``,
``socket_burst``): past it the socket gets ``duel.socket_too_fast`` and is closed (1008), so that a
flood costs the server one message's work per token, not one per frame sent. A player may hold
``sockets_per_player`` sockets at once in a process, an address ``sockets_per_address``; one beyond
gets ``duel.socket_too_many`` and is closed (1008).

When the server stops, every socket is closed with 1001 (going away) once the message it is handling
has been answered (``Sockets.going_away``), so that pages reconnect to the next server and follow their
duels again; uvicorn's own close (1012) comes after, for sockets that did not close in time.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
from collections import Counter
from collections.abc import Awaitable, Callable, Mapping
from typing import Any, Literal, TypeVar, cast

from starlette import status
from starlette.websockets import WebSocket, WebSocketDisconnect, WebSocketState

from spider.errors import SpiderError
from spider.server.http.errors import RequestError, close_code, error_frame, refused
from spider.server.http.identity import client_address, cookie_token, player_id
from spider.server.http.limits import TokenBuckets
from spider.server.http.middleware import SignedIn, session_player
from spider.server.http.security import SameOrigin
from spider.server.realtime.broker import Broker, Message, Overflow, Subscription

MAX_MESSAGE = 1024
MAX_FRAME = 4 * MAX_MESSAGE
"""Larger frames are refused by the protocol, unread; up to it, the sentence above says why."""
CLOSING_SECONDS = 1.0
"""How long a stopping server waits for its sockets to answer what they handle and close."""
BAD_MESSAGE = "duel.socket_bad_message"
"""The refusal of a message that is a JSON object but of no kind registered, or malformed for its kind."""

Frame = dict[str, Any]
"""A message from the page: a JSON object, its kind in ``type``."""
Ref = int | str | None
"""The page's own mark on a message (``ref``), carried back by the error frame that answers it."""
SocketFrame = Literal["ping"]
"""The kinds of frame the socket answers itself; the domains register theirs (:class:`SocketTable`)."""

FrameHandler = Callable[["Connection", Frame, Ref], Awaitable[None]]
"""Answers one frame from the page; raises ``RequestError``/``SpiderError`` to answer with an error frame."""
EventHandler = Callable[["Connection", Message], Awaitable[None]]
"""Turns one message of the broker's into what this socket's page is sent (maybe nothing)."""
OpenHook = Callable[["Connection"], Awaitable[None]]
CloseHook = Callable[["Connection"], None]
Kind = TypeVar("Kind", bound=str)
Local = TypeVar("Local")


def malformed() -> RequestError:
    """The refusal of a frame its handler cannot read (a field missing or of the wrong type): the same error
    frame as a frame of a kind no domain registered."""
    return refused(BAD_MESSAGE)


async def pong(connection: Connection, request: Frame, ref: Ref) -> None:
    await connection.send({"type": "pong", "ref": ref})


class SocketTable:
    """What the domains say and hear on the socket, filled once when the app is put together.

    ``frames`` and ``events`` map a kind (the ``type`` of a frame from the page, of a message from the broker)
    to its one handler; a kind registered twice is a mistake, refused at once. The hooks run in the order
    registered: every ``opening`` hook when a socket opens (what a domain must know of the player before
    anything is said), then every ``greeting`` hook (the first frames, the topics followed from the start),
    and every ``closing`` hook when it closes.
    """

    def __init__(self) -> None:
        self.frames: dict[str, FrameHandler] = {}
        self.events: dict[str, EventHandler] = {}
        self.opening: list[OpenHook] = []
        self.greeting: list[OpenHook] = []
        self.closing: list[CloseHook] = []
        own: dict[SocketFrame, FrameHandler] = {"ping": pong}
        self.add_frames(own)

    def add_frames(self, handlers: Mapping[Kind, FrameHandler]) -> None:
        """Frames of these kinds from the page go to their handlers."""
        for kind, handler in handlers.items():
            if kind in self.frames:
                raise ValueError(f"the socket's frame kind {kind!r} is registered twice")
            self.frames[kind] = handler

    def add_events(self, handlers: Mapping[Kind, EventHandler]) -> None:
        """The broker's messages of these kinds go to their handlers."""
        for kind, handler in handlers.items():
            if kind in self.events:
                raise ValueError(f"the broker's message kind {kind!r} is registered twice")
            self.events[kind] = handler

    def add_hooks(
        self, *, opening: OpenHook | None = None, greeting: OpenHook | None = None, closing: CloseHook | None = None
    ) -> None:
        """Hooks run when a socket opens (``opening``, then every ``greeting``) and when it closes."""
        if opening is not None:
            self.opening.append(opening)
        if greeting is not None:
            self.greeting.append(greeting)
        if closing is not None:
            self.closing.append(closing)


class Connection:
    """One open socket: its player, its subscription to the broker's topics, each domain's state for it
    (:meth:`local`), and the frames it sends."""

    def __init__(
        self,
        websocket: WebSocket,
        table: SocketTable,
        player: str,
        subscription: Subscription,
        messages: TokenBuckets | None = None,
    ) -> None:
        self.websocket = websocket
        self.table = table
        self.player = player
        self.subscription = subscription
        self.messages = messages  # the player's bucket of messages
        self._locals: dict[type, object] = {}
        self.sending = asyncio.Lock()
        self.handling = asyncio.Lock()  # held while a message from the page is being answered

    def local(self, kind: type[Local]) -> Local:
        """This socket's state of one domain's (the duels it follows, say): ``kind()``, made on first use."""
        found = self._locals.get(kind)
        if found is None:
            found = self._locals[kind] = kind()
        return cast(Local, found)

    async def send(self, frame: Message) -> None:
        async with self.sending:
            await self.websocket.send_text(json.dumps(frame, separators=(",", ":")))

    async def close(self, message_id: str) -> None:
        """Ends the socket with the server's refusal ``message_id``: its error frame, then its close code."""
        await self.send(error_frame(refused(message_id)))
        await self.websocket.close(close_code(message_id), reason=message_id)

    async def go_away(self) -> None:
        """Closes the socket with 1001 once the message in hand, if any, has been answered."""
        async with self.handling, self.sending:
            if self.websocket.client_state == WebSocketState.CONNECTED:
                await self.websocket.close(status.WS_1001_GOING_AWAY)

    async def run(self) -> None:
        for hook in self.table.opening:
            await hook(self)
        for hook in self.table.greeting:
            await hook(self)
        tasks = [asyncio.create_task(job()) for job in (self.read, self.pump)]
        try:
            await asyncio.wait(tasks, return_when=asyncio.FIRST_COMPLETED)
        finally:
            for closing in self.table.closing:
                closing(self)
            for task in tasks:
                task.cancel()
            for task in tasks:
                with contextlib.suppress(asyncio.CancelledError, WebSocketDisconnect, RuntimeError, OSError):
                    await task

    # From the page.

    async def read(self) -> None:
        while True:
            received = await self.websocket.receive()
            if received["type"] == "websocket.disconnect":
                return
            raw = received.get("text")
            if raw is None:
                raw = (received.get("bytes") or b"").decode("utf-8", "replace")
            if len(raw.encode("utf-8", "replace")) > MAX_MESSAGE:
                await self.close("duel.socket_too_large")
                return
            if self.messages is not None and self.messages.wait(self.player) > 0:
                await self.close("duel.socket_too_fast")
                return
            try:
                parsed = json.loads(raw)
            except (ValueError, RecursionError):
                parsed = None
            if not isinstance(parsed, dict):
                await self.close("duel.socket_not_json")
                return
            async with self.handling:
                await self.handle(parsed)
            # Messages waiting in the queue are read without a pause: let the other requests and sockets
            # have their turn between two, so that a burst holds up no one for longer than one message.
            await asyncio.sleep(0)

    async def handle(self, request: Frame) -> None:
        """Answers one frame from the page through the handler registered for its kind."""
        kind, ref = request.get("type"), request.get("ref")
        if not isinstance(ref, (int, str, type(None))) or (isinstance(ref, str) and len(ref) > 64):
            ref = None
        handler = self.table.frames.get(kind) if isinstance(kind, str) else None
        try:
            if handler is None:
                raise malformed()
            await handler(self, request, ref)
        except (RequestError, SpiderError) as error:
            await self.send(error_frame(error, ref))

    # From the broker.

    async def pump(self) -> None:
        while True:
            try:
                event = await self.subscription.receive()
            except Overflow:
                await self.close("duel.socket_behind")
                return
            await self.deliver(event)

    async def deliver(self, event: Message) -> None:
        """Passes one message of the broker's to the handler registered for its kind (none: the page hears nothing)."""
        kind = event.get("type")
        if kind == SIGNED_OUT:
            await self.close("account.signed_out")
            return
        handler = self.table.events.get(kind) if isinstance(kind, str) else None
        if handler is not None:
            await handler(self, event)


SIGNED_OUT = "signed_out"
"""The message on a session's topic that its sign-in has ended (signed out, revoked, account deleted): each
socket of that session, in every process, is closed (``account.signed_out``) and its page reloads."""


def session_topic(session: str) -> str:
    """The broker's topic of one signed-in device (a hash of its cookie's token)."""
    return f"session:{session}"


async def forward(connection: Connection, event: Message) -> None:
    """Sends the broker's message to the page as it is (a message meant for this player, or public)."""
    await connection.send(event)


class Sockets:
    """The site's socket: the sockets open in this process, counted by player and by client address, within
    their limits (0: none), and kept so that a stopping server can close them; :meth:`socket` serves
    ``/api/socket``, each socket subscribed to ``broker`` and speaking as ``table`` says."""

    def __init__(
        self,
        broker: Broker,
        table: SocketTable,
        per_player: int = 0,
        per_address: int = 0,
        messages: TokenBuckets | None = None,
        accounts: SignedIn | None = None,
    ) -> None:
        self.broker = broker
        self.accounts = accounts  # which account a cookie is signed in to
        self.table = table
        self.per_player = per_player
        self.per_address = per_address
        self.messages = messages  # every player's bucket of messages
        self._players: Counter[str] = Counter()
        self._addresses: Counter[str] = Counter()
        self.open: set[Connection] = set()

    def enter(self, player: str, address: str) -> bool:
        """Counts a socket in: False (and not counted) when its player or its address has enough."""
        if 0 < self.per_player <= self._players[player] or 0 < self.per_address <= self._addresses[address]:
            return False
        self._players[player] += 1
        self._addresses[address] += 1
        return True

    def leave(self, player: str, address: str) -> None:
        for counts, key in ((self._players, player), (self._addresses, address)):
            counts[key] -= 1
            if counts[key] <= 0:
                del counts[key]  # so that memory follows the sockets open, not every player ever seen

    async def going_away(self, seconds: float = CLOSING_SECONDS) -> None:
        """Closes every socket with 1001, each once its message in hand is answered; gives up after ``seconds``."""
        closing = [asyncio.create_task(connection.go_away()) for connection in list(self.open)]
        if closing:
            await asyncio.wait(closing, timeout=seconds)
        for task in closing:
            task.cancel()

    async def socket(self, websocket: WebSocket) -> None:
        """``/api/socket``: what the domains say to the cookie's player, and hear from their page."""
        token = cookie_token(websocket.scope)
        if not SameOrigin.allowed(websocket.scope):
            await websocket.close(close_code("server.cross_site"), reason="server.cross_site")
            return
        await websocket.accept()
        if token is None:
            await websocket.send_text(json.dumps(error_frame(refused("duel.socket_no_player"))))
            await websocket.close(close_code("duel.socket_no_player"), reason="duel.socket_no_player")
            return
        session = player_id(token)
        player = session_player(self.accounts, session)
        if player is None:  # a cookie that no longer holds: the page reloads and gets a new one
            await websocket.send_text(json.dumps(error_frame(refused("account.signed_out"))))
            await websocket.close(close_code("account.signed_out"), reason="account.signed_out")
            return
        address = client_address(websocket.scope)
        if not self.enter(player, address):
            await websocket.send_text(json.dumps(error_frame(refused("duel.socket_too_many"))))
            await websocket.close(close_code("duel.socket_too_many"), reason="duel.socket_too_many")
            return
        try:
            async with self.broker.subscription() as subscription:
                await subscription.add(session_topic(session))  # told when the session ends (``SIGNED_OUT``)
                connection = Connection(websocket, self.table, player, subscription, self.messages)
                self.open.add(connection)
                try:
                    await connection.run()
                except WebSocketDisconnect:
                    pass
                finally:
                    self.open.discard(connection)
                    if websocket.client_state == WebSocketState.CONNECTED:
                        with contextlib.suppress(RuntimeError, OSError):
                            await websocket.close()
        finally:
            self.leave(player, address)

"""The WebSocket of the lobby and the duels: ``/api/socket``, one per page, for the cookie's player.

The server speaks first, ``{"type": "hello", "me", "lobby", "invitations", "friends"}``, then sends what
the broker brings: ``lobby`` (the open tables, without those of players kept apart by ignore),
``invitation``, ``invitation_answered``, ``duel_started``, ``relations``; and for each duel the page
follows, ``progress`` (a player's score, runs, cards turned up, finished), ``duel`` (the duel's state as
this player may see it, on every change of state) and ``watch`` (the opponent's view, once this
player's own game has ended).

The page sends JSON objects of at most ``MAX_MESSAGE`` bytes: ``{"type": "follow"|"unfollow", "duel"}``
``{"type": "follow_arena"|"unfollow_arena", "arena"}`` (the arena's standings, ``arena`` frames, now and
on each change) and ``{"type": "ping"}``; it acts and finishes over HTTP (``routes``), the one door for a duel's
actions, and hears of them here. A message that is too large or no JSON object closes the socket
(1009, 1007) after an ``error`` frame with the catalog's sentence; one that is an object but not a
known message gets an ``error`` frame. Every frame is built from public views and progress only: never
a face-down card.

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
from typing import Any

from starlette import status
from starlette.websockets import WebSocket, WebSocketDisconnect, WebSocketState

from spider.errors import SpiderError
from spider.server.arenas.messages import arena_topic, standings
from spider.server.duels.duels import Duels
from spider.server.duels.messages import LOBBY, duel_topic, player_topic
from spider.server.http.errors import close_code, error_frame, refused
from spider.server.http.identity import cookie_token, player_id
from spider.server.http.ids import token_shaped
from spider.server.http.limits import NewGames
from spider.server.http.security import SameOrigin
from spider.server.people.presence import Presence
from spider.server.realtime.broker import Message, Overflow, Subscription
from spider.server.refusals import Conflict

MAX_MESSAGE = 1024
MAX_FRAME = 4 * MAX_MESSAGE
"""Larger frames are refused by the protocol, unread; up to it, the sentence above says why."""
MAX_FOLLOWED = 16
MAX_ARENAS = 4
CLOSING_SECONDS = 1.0
"""How long a stopping server waits for its sockets to answer what they handle and close."""




class Connection:
    """One open socket: its player, the duels it follows, and the frames it sends."""

    def __init__(
        self,
        websocket: WebSocket,
        duels: Duels,
        presence: Presence,
        player: str,
        subscription: Subscription,
        messages: NewGames | None = None,
    ) -> None:
        self.websocket = websocket
        self.duels = duels
        self.presence = presence
        self.player = player
        self.subscription = subscription
        self.messages = messages  # the player's bucket of messages
        self.followed: set[str] = set()
        self.watching: set[str] = set()
        self.arenas: set[str] = set()
        self.apart: set[str] = set()
        self.sending = asyncio.Lock()
        self.handling = asyncio.Lock()  # held while a message from the page is being answered

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

    def _apart_names(self) -> set[str]:
        return {duelist.name for duelist in self.duels.people.many(list(self.duels.people.apart(self.player))).values()}

    async def hello(self) -> None:
        people = self.duels.people
        me = people.get(self.player, self.duels.clock())
        self.presence.arrive(self.player)
        self.apart = self._apart_names()
        await self.subscription.add(LOBBY)
        await self.subscription.add(player_topic(self.player))
        await self.send(
            {
                "type": "hello",
                "me": self.duels.player_info(me),
                "lobby": self.duels.open_tables(self.player),
                "invitations": self.duels.invitations(self.player),
                "friends": self.duels.friends(self.player),
            }
        )

    async def run(self) -> None:
        await self.hello()
        tasks = [asyncio.create_task(job()) for job in (self.read, self.pump)]
        try:
            await asyncio.wait(tasks, return_when=asyncio.FIRST_COMPLETED)
        finally:
            self.presence.leave(self.player)
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

    async def handle(self, request: dict[str, Any]) -> None:
        kind, ref, duel_id = request.get("type"), request.get("ref"), request.get("duel")
        if not isinstance(ref, (int, str, type(None))) or (isinstance(ref, str) and len(ref) > 64):
            ref = None
        if kind == "ping":
            await self.send({"type": "pong", "ref": ref})
            return
        if kind in ("follow_arena", "unfollow_arena") and isinstance(request.get("arena"), str):
            await self.follow_arena(request["arena"], kind == "follow_arena", ref)
            return
        if kind not in ("follow", "unfollow") or not isinstance(duel_id, str):
            await self.send(error_frame(refused("duel.socket_bad_message"), ref))
            return
        if not token_shaped(duel_id):  # a NUL or a lone surrogate would fail in the database or in Redis
            await self.send(error_frame(refused("duel.no_such_duel"), ref))
            return
        try:
            if kind == "follow":
                await self.follow(duel_id)
            else:
                self.followed.discard(duel_id)
                self.watching.discard(duel_id)
                await self.subscription.remove(duel_topic(duel_id))
        except SpiderError as error:
            await self.send(error_frame(error, ref))

    async def follow(self, duel_id: str) -> None:
        if duel_id not in self.followed and len(self.followed) >= MAX_FOLLOWED:
            raise Conflict("duel.socket_following", n=MAX_FOLLOWED)
        state = await self.duels.get(duel_id, self.player)
        self.followed.add(duel_id)
        await self.subscription.add(duel_topic(duel_id))
        await self._duel(state)

    async def follow_arena(self, arena_id: str, follow: bool, ref: Any) -> None:
        """An arena's standings, now and on every change (``arenas.messages``), or no more."""
        topic = arena_topic(arena_id)
        if not follow:
            self.arenas.discard(arena_id)
            await self.subscription.remove(topic)
            return
        if not token_shaped(arena_id) or (arena_id not in self.arenas and len(self.arenas) >= MAX_ARENAS):
            await self.send(error_frame(refused("arena.no_such_arena"), ref))
            return
        try:
            state = await self.websocket.app.state.arenas.show(arena_id, self.player)
        except SpiderError as error:
            await self.send(error_frame(error, ref))
            return
        self.arenas.add(arena_id)
        await self.subscription.add(topic)
        podium = state["podium"]
        await self.send(standings(arena_id, state["arena"]["state"], state["standings"], podium)[1])

    async def _duel(self, state: Any) -> None:
        seat = state["seat"]
        if seat is not None and state["players"][seat]["finished"] and state["watch"] is not None:
            self.watching.add(state["id"])
        await self.send({"type": "duel", "duel": state})

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
        kind = event.get("type")
        if kind == "lobby":
            # each table's creator comes beside it, for this side only: a player's id never leaves the server
            creators = event.get("creators") or [None] * len(event["tables"])
            tables = [
                {**table, "yours": creator == self.player}
                for table, creator in zip(event["tables"], creators, strict=True)
                if table["creator"] not in self.apart
            ]
            await self.send({"type": "lobby", "tables": tables})
        elif kind == "relations":
            self.apart = self._apart_names()
            await self.send({"type": "lobby", "tables": self.duels.open_tables(self.player)})
            await self.send({"type": "relations", "friends": self.duels.friends(self.player)})
        elif kind == "duel_changed":
            if event["duel"] in self.followed:
                await self._duel(await self.duels.get(event["duel"], self.player))
        elif kind == "progress":
            await self.send(event)
            if event["duel"] in self.watching:
                view = await self.duels.watch(event["duel"], self.player, event["seat"])
                if view is not None:
                    await self.send({"type": "watch", "duel": event["duel"], "view": view})
        else:  # invitation, invitation_answered, duel_started: for this player only, sent as they are
            await self.send(event)


class Sockets:
    """The sockets open in this process: counted by player and by client address, within their limits
    (0: none), and kept so that a stopping server can close them."""

    def __init__(self, per_player: int = 0, per_address: int = 0) -> None:
        self.per_player = per_player
        self.per_address = per_address
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


async def socket(websocket: WebSocket) -> None:
    """``/api/socket``: the lobby's and the duels' events for the cookie's player."""
    token = cookie_token(websocket.scope)
    if not SameOrigin.allowed(websocket.scope):
        await websocket.close(close_code("server.cross_site"), reason="server.cross_site")
        return
    await websocket.accept()
    duels: Duels = websocket.app.state.duels
    if token is None:
        await websocket.send_text(json.dumps(error_frame(refused("duel.socket_no_player"))))
        await websocket.close(close_code("duel.socket_no_player"), reason="duel.socket_no_player")
        return
    player = player_id(token)
    address = websocket.client.host if websocket.client is not None else ""
    sockets: Sockets = websocket.app.state.sockets
    if not sockets.enter(player, address):
        await websocket.send_text(json.dumps(error_frame(refused("duel.socket_too_many"))))
        await websocket.close(close_code("duel.socket_too_many"), reason="duel.socket_too_many")
        return
    try:
        async with duels.broker.subscription() as subscription:
            state = websocket.app.state
            connection = Connection(websocket, duels, state.presence, player, subscription, state.socket_messages)
            sockets.open.add(connection)
            try:
                await connection.run()
            except WebSocketDisconnect:
                pass
            finally:
                sockets.open.discard(connection)
                if websocket.client_state == WebSocketState.CONNECTED:
                    with contextlib.suppress(RuntimeError, OSError):
                        await websocket.close()
    finally:
        sockets.leave(player, address)

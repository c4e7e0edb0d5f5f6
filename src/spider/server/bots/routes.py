"""The bots' routes: a person makes, lists and revokes their bots; a bot reads its events as a stream.

``GET /api/bots/stream`` (a bot's bearer token) answers newline-delimited JSON, one object a line:

- ``hello``: the bot as others see it (``me``), its pending invitations, the duels it is playing;
- ``invitation`` and ``invitation_answered``, as the duel socket sends them;
- ``duel_started`` (the duel's state as the bot may see it), then for each duel it plays ``progress``
  (either player's score, runs, cards turned up), ``duel`` (the state, on every change) and ``duel_over``
  (the state with its result, once both games have ended);
- ``ping`` every ``bot_keepalive_seconds`` when nothing else is said (each also checks the token);
- a last ``error`` line when the stream ends: the token revoked (``bots.revoked``), the stream open for
  ``bot_stream_seconds`` (``bots.stream_time``: connect again), or the bot fell too far behind.

A bot holds at most ``bot_streams`` streams at once (across every process when Redis is shared:
``BotStreams``); while one is open the bot is online, so that its open tables stay in the lobby.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
from collections import Counter
from collections.abc import AsyncIterator, Awaitable, Callable
from http import HTTPStatus
from typing import Any, Literal, cast

from pydantic import with_config
from starlette import status
from starlette.requests import Request
from starlette.responses import Response, StreamingResponse
from typing_extensions import TypedDict

from spider.server.bots.access import bot_may
from spider.server.bots.service import Bot, Bots
from spider.server.duels.answers import PlayerInfo
from spider.server.duels.duels import Duels
from spider.server.duels.messages import DuelEvent, duel_topic, player_topic
from spider.server.duels.model import OVER
from spider.server.http.answers import FORBID
from spider.server.http.bodies import Nothing, json_object
from spider.server.http.errors import RequestError, error_frame, refused
from spider.server.http.identity import PLAYER_COOKIE
from spider.server.http.limits import UNREACHABLE, SharedCounts
from spider.server.http.openapi import Endpoint
from spider.server.http.parts import part, parts_of
from spider.server.http.replies import NO_STORE, answer, player_of
from spider.server.people.bodies import Name
from spider.server.people.presence import Presence
from spider.server.realtime.broker import Message, Overflow, Subscription
from spider.server.settings import Settings
from spider.view import iso_time

NDJSON = "application/x-ndjson"
BotEvent = Literal["bot_revoked"]
REVOKED: BotEvent = "bot_revoked"
"""The broker's message to a revoked bot's streams (on its player topic): they close at once."""
StreamEvent = DuelEvent | BotEvent
"""The kinds of the broker's messages a bot's stream reads."""


@with_config(FORBID)
class BotEntry(TypedDict):
    """One of your bots."""

    id: str
    name: str
    bot: bool
    created_at: str
    revoked: bool


@with_config(FORBID)
class NewBot(BotEntry):
    """A bot just made, with its token: shown this once, kept only as a hash."""

    token: str


@with_config(FORBID)
class BotList(TypedDict):
    bots: list[BotEntry]


def _entry(bot: Bot) -> BotEntry:
    return BotEntry(
        id=bot.key, name=bot.name, bot=True, created_at=iso_time(bot.created_at), revoked=bot.revoked_at is not None
    )


def _bots(request: Request) -> Bots:
    bots = part(request, Bots)
    return bots


def _duels(request: Request) -> Duels:
    duels = part(request, Duels)
    return duels


async def make_bot(request: Request) -> Response:
    body = Name.from_json(await json_object(request))
    bot, token = _bots(request).make(player_of(request), body.name, _duels(request).clock())
    return answer(NewBot(**_entry(bot), token=token), status.HTTP_201_CREATED)


async def list_bots(request: Request) -> Response:
    return answer(BotList(bots=[_entry(bot) for bot in _bots(request).of(player_of(request))]))


async def revoke_bot(request: Request) -> Response:
    Nothing.from_json(await json_object(request, required=False))
    duels = _duels(request)
    bot = _bots(request).revoke(player_of(request), request.path_params["bot_id"], duels.clock())
    await duels.outbox.send([(player_topic(bot.player), {"type": REVOKED})])
    return answer(_entry(bot))


class BotStreams:
    """The event streams open, counted by bot, within ``per_bot`` (0: no limit).

    With ``shared`` (Redis) each stream holds one of its bot's ``per_bot`` places there, so that the bound
    holds across every server process. A place is held for ``hold_seconds`` and held again while its stream
    lives (:meth:`keep`), so that the place of a stream whose process was killed is free again that long
    after. Redis out of reach, each process counts its own streams, as without Redis.
    """

    def __init__(self, per_bot: int, *, shared: SharedCounts | None = None, hold_seconds: float = 60.0) -> None:
        self.per_bot = per_bot
        self.shared = shared
        self.hold_seconds = hold_seconds
        self.open: Counter[str] = Counter()

    def _places(self, player: str) -> list[str]:
        return [f"stream:{player}:{place}" for place in range(self.per_bot)]

    def full(self, player: str) -> bool:
        if self.per_bot <= 0:
            return False
        if self.shared is not None:
            with contextlib.suppress(*UNREACHABLE):
                return self.shared.held(self._places(player)) >= self.per_bot
        return self.per_bot <= self.open[player]

    def enter(self, player: str) -> str | None:
        """Takes a place for a new stream of the bot's: its key (``""`` when counted in this process only), or
        None when every place is taken."""
        if self.per_bot <= 0:
            return ""
        if self.shared is not None:
            try:
                place = next((key for key in self._places(player) if self.shared.hold(key, self.hold_seconds)), None)
            except UNREACHABLE:
                place = ""  # counted here until Redis is back
            if place is None:
                return None
            if place:
                self.open[player] += 1
                return place
        if self.open[player] >= self.per_bot:
            return None
        self.open[player] += 1
        return ""

    def keep(self, place: str) -> None:
        """Holds the stream's place for another ``hold_seconds``."""
        if place and self.shared is not None:
            with contextlib.suppress(*UNREACHABLE):
                self.shared.keep(place, self.hold_seconds)

    def leave(self, player: str, place: str) -> None:
        self.open[player] -= 1
        if self.open[player] <= 0:
            del self.open[player]
        if place and self.shared is not None:
            with contextlib.suppress(*UNREACHABLE):  # else Redis frees it after hold_seconds
                self.shared.drop(place)


def _line(message: Any) -> bytes:
    return json.dumps(message, separators=(",", ":")).encode() + b"\n"


async def bot_stream(request: Request) -> Response:
    if not request.scope.get("state", {}).get("bot"):
        raise RequestError(status.HTTP_403_FORBIDDEN, "bots.not_a_bot")
    player = player_of(request)
    streams = part(request, BotStreams)
    if streams.full(player):
        raise RequestError(status.HTTP_429_TOO_MANY_REQUESTS, "bots.too_many_streams", n=streams.per_bot)
    return StreamingResponse(
        _events(request, player), media_type=NDJSON, headers={**NO_STORE, "x-accel-buffering": "no"}
    )


async def _events(request: Request, player: str) -> AsyncIterator[bytes]:
    streams = part(request, BotStreams)
    place = streams.enter(player)
    if place is None:
        yield _line(error_frame(RequestError(HTTPStatus.TOO_MANY_REQUESTS, "bots.too_many_streams", n=streams.per_bot)))
        return
    try:
        async for line in _follow(request, player, place):
            yield line
    finally:
        streams.leave(player, place)


async def _follow(request: Request, player: str, place: str) -> AsyncIterator[bytes]:
    parts = parts_of(request.app)
    streams, duels, bots, presence, settings = (
        parts[BotStreams], parts[Duels], parts[Bots], parts[Presence], parts[Settings]
    )
    loop = asyncio.get_running_loop()
    ends = loop.time() + settings.bot_stream_seconds
    async with duels.broker.subscription() as subscription:
        presence.arrive(player)
        try:
            await subscription.add(player_topic(player))
            me: PlayerInfo = duels.player_info(duels.people.get(player, duels.clock()))
            followed = duels.store.playing(player)
            hello = {"type": "hello", "me": me, "invitations": duels.invitations(player), "playing": followed}
            yield _line(hello)
            for duel_id in followed:
                await subscription.add(duel_topic(duel_id))
                yield _line({"type": "duel", "duel": await duels.get(duel_id, player)})
            following = set(followed)
            lines = _Lines(duels, player, following, subscription)
            kept = loop.time()
            while True:
                if loop.time() - kept >= settings.bot_keepalive_seconds:
                    streams.keep(place)  # the stream lives: its place stays held across the processes
                    kept = loop.time()
                left = ends - loop.time()
                if left <= 0:
                    yield _line(error_frame(refused_stream("bots.stream_time")))
                    return
                try:
                    async with asyncio.timeout(min(settings.bot_keepalive_seconds, left)):
                        event = await subscription.receive()
                except TimeoutError:
                    if not bots.live(player):
                        yield _line(error_frame(refused_stream("bots.revoked")))
                        return
                    if loop.time() < ends:
                        yield _line({"type": "ping"})
                    continue
                except Overflow:
                    yield _line(error_frame(refused("duel.socket_behind")))
                    return
                for line in await lines.of(event):
                    if line is None:
                        return
                    yield line
        finally:
            presence.leave(player)


def refused_stream(message_id: str, **params: Any) -> RequestError:
    """Why a stream ends, as its last line says."""
    code = status.HTTP_401_UNAUTHORIZED if message_id == "bots.revoked" else status.HTTP_408_REQUEST_TIMEOUT
    return RequestError(code, message_id, **params)


class _Lines:
    """What one bot's stream makes of the broker's messages: a table of their kinds (:data:`StreamEvent`),
    each to the lines it makes for the bot; a kind the table lacks (the lobby's, relations) makes none."""

    def __init__(self, duels: Duels, player: str, following: set[str], subscription: Subscription) -> None:
        self.duels = duels
        self.player = player
        self.following = following  # the duels the bot plays
        self.subscription = subscription
        self.table: dict[StreamEvent, Callable[[Message], Awaitable[list[bytes | None]]]] = {
            REVOKED: self.revoked,
            "invitation": self.as_it_is,
            "invitation_answered": self.as_it_is,
            "duel_started": self.duel_started,
            "duel_changed": self.duel_changed,
            "progress": self.progress,
        }

    async def of(self, event: Message) -> list[bytes | None]:
        """The lines one broker message makes for the bot; None ends the stream."""
        kind = event.get("type")
        handler = self.table.get(cast(StreamEvent, kind)) if isinstance(kind, str) else None  # others: none
        return [] if handler is None else await handler(event)

    async def revoked(self, event: Message) -> list[bytes | None]:
        return [_line(error_frame(refused_stream("bots.revoked"))), None]

    async def as_it_is(self, event: Message) -> list[bytes | None]:
        return [_line(event)]

    async def duel_started(self, event: Message) -> list[bytes | None]:
        duel_id = event["duel"]
        if duel_id in self.following:
            return []
        self.following.add(duel_id)
        await self.subscription.add(duel_topic(duel_id))
        return [_line({"type": "duel_started", "duel": await self.duels.get(duel_id, self.player)})]

    async def duel_changed(self, event: Message) -> list[bytes | None]:
        if event["duel"] not in self.following:
            return []
        duel = await self.duels.get(event["duel"], self.player)
        if duel["state"] == OVER:
            self.following.discard(duel["id"])
            await self.subscription.remove(duel_topic(duel["id"]))
            return [_line({"type": "duel_over", "duel": duel})]
        return [_line({"type": "duel", "duel": duel})]

    async def progress(self, event: Message) -> list[bytes | None]:
        return [_line(event)] if event["duel"] in self.following else []


BOTS, BOT = "/api/bots", "/api/bots/{bot_id}"
OK, CREATED, CONFLICT = HTTPStatus.OK, HTTPStatus.CREATED, HTTPStatus.CONFLICT
NOT_FOUND, FORBIDDEN, TOO_MANY = HTTPStatus.NOT_FOUND, HTTPStatus.FORBIDDEN, HTTPStatus.TOO_MANY_REQUESTS
UNAUTHORIZED = HTTPStatus.UNAUTHORIZED
BOT_API = (
    Endpoint("GET", f"{BOTS}/stream", bot_stream, "A bot's events as newline-delimited JSON: invitations, duel "
             "starts, both players' progress, each duel's end, keep-alive pings", str, media_type=NDJSON,
             refusals=(UNAUTHORIZED, FORBIDDEN, TOO_MANY),
             about="For a bot's bearer token only (403 bots.not_a_bot otherwise). Lines: hello, invitation, "
             "invitation_answered, duel_started, progress, duel, duel_over, ping; a last error line says why the "
             "stream ends (bots.revoked, bots.stream_time: connect again). 429 past SPIDER_BOT_STREAMS open at "
             "once. Described in docs/bots.md."),
    Endpoint("POST", BOTS, make_bot, "Makes a bot of yours: its id, name and token (shown this once)", NewBot,
             CREATED, body=Name, refusals=(CONFLICT,),
             about="For a player with a name of their own (409 bots.name_first). The bot's name follows the "
             "rules of players' names and is never one the server makes up; at most SPIDER_BOTS_PER_PLAYER live "
             "bots. The bot sends Authorization: Bearer TOKEN with every request; the server keeps a hash only."),
    Endpoint("GET", BOTS, list_bots, "Your bots, revoked ones too (never their tokens)", BotList),
    Endpoint("DELETE", BOT, revoke_bot, "Revokes a bot's token: its next request gets 401, its open streams close",
             BotEntry, body=Nothing, body_required=False, refusals=(NOT_FOUND,)),
)
BOT_SECURITY = {"bearerAuth": {"type": "http", "scheme": "bearer", "description": "A bot's token (POST /api/bots)"}}
ERROR_SCHEMA = "#/components/schemas/Error"
PLAYER_SECURITY = {"playerCookie": {"type": "apiKey", "in": "cookie", "name": PLAYER_COOKIE}}


def with_bearer(document: dict[str, Any]) -> dict[str, Any]:
    """The API's description with the bots' bearer scheme beside the player's cookie, each operation a bot
    may call marked with both (the stream with the bearer token alone), and their 401 answer."""
    components = document["components"]
    components["securitySchemes"] = {**BOT_SECURITY, **PLAYER_SECURITY}
    components["responses"].setdefault(
        "401",
        {"description": "Unauthorized", "content": {"application/json": {"schema": {"$ref": ERROR_SCHEMA}}}},
    )
    components["responses"].setdefault(
        "429",
        {
            "description": "Too Many Requests",
            "content": {"application/json": {"schema": {"$ref": ERROR_SCHEMA}}},
            "headers": {"Retry-After": {"description": "Seconds to wait before asking again.",
                                        "schema": {"type": "string", "pattern": "^[0-9]+$"}}},
        },
    )
    for path, operations in document["paths"].items():
        for method, operation in operations.items():
            if path == f"{BOTS}/stream":
                operation["security"] = [{"bearerAuth": []}]
            elif bot_may(method.upper(), path):
                operation["security"] = [{"playerCookie": []}, {"bearerAuth": []}]
            else:
                continue
            # a wrong token (401), past the token's budget or too many wrong ones from the address (429)
            for code in ("401", "429"):
                operation["responses"].setdefault(code, {"$ref": f"#/components/responses/{code}"})
    return document

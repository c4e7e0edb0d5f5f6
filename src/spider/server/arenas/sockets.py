"""The arenas on the site's socket (``realtime.sockets``): an arena's standings, now and on every change.

The page sends ``{"type": "follow_arena"|"unfollow_arena", "arena"}`` (:data:`ArenaFrame`); a followed
arena's standings come at once, then on each change (``messages``), as ``arena`` frames. A socket follows
at most ``MAX_ARENAS`` arenas at once.
"""

from __future__ import annotations

from typing import Literal

from spider.server.arenas.arenas import Arenas
from spider.server.arenas.messages import ARENA, ArenaEvent, arena_topic, standings
from spider.server.http.errors import refused
from spider.server.http.ids import token_shaped
from spider.server.realtime.sockets import (
    Connection,
    EventHandler,
    Frame,
    FrameHandler,
    Ref,
    SocketTable,
    forward,
    malformed,
)

MAX_ARENAS = 4
ArenaFrame = Literal["follow_arena", "unfollow_arena"]
"""The kinds of frame the page sends the arenas."""


class FollowedArenas(set[str]):
    """The arenas one socket follows."""


class ArenaSocket:
    """The arenas' handlers on the socket (:meth:`register`)."""

    def __init__(self, arenas: Arenas) -> None:
        self.arenas = arenas

    def register(self, table: SocketTable) -> None:
        frames: dict[ArenaFrame, FrameHandler] = {
            "follow_arena": self.follow_frame,
            "unfollow_arena": self.follow_frame,
        }
        events: dict[ArenaEvent, EventHandler] = {ARENA: forward}  # public: names and points only
        table.add_frames(frames)
        table.add_events(events)

    async def follow_frame(self, connection: Connection, request: Frame, ref: Ref) -> None:
        arena_id = request.get("arena")
        if not isinstance(arena_id, str):
            raise malformed()
        await self.follow(connection, arena_id, request["type"] == "follow_arena")

    async def follow(self, connection: Connection, arena_id: str, follow: bool) -> None:
        """An arena's standings, now and on every change, or no more."""
        followed, topic = connection.local(FollowedArenas), arena_topic(arena_id)
        if not follow:
            followed.discard(arena_id)
            await connection.subscription.remove(topic)
            return
        if not token_shaped(arena_id) or (arena_id not in followed and len(followed) >= MAX_ARENAS):
            raise refused("arena.no_such_arena")
        state = await self.arenas.show(arena_id, connection.player)
        followed.add(arena_id)
        await connection.subscription.add(topic)
        await connection.send(standings(arena_id, state["arena"]["state"], state["standings"], state["podium"])[1])

"""The duels on the site's socket (``realtime.sockets``): the lobby, invitations, and each duel a page follows.

When a socket opens, its player is made a duelist (the first time: a generated name), then greeted with
``{"type": "hello", "me", "lobby", "invitations", "friends"}`` and subscribed to the lobby and to their own
topic. The page sends ``{"type": "follow"|"unfollow", "duel"}`` (:data:`DuelFrame`): a duel followed
sends its state at once, then again on every change. From the broker (:data:`~spider.server.duels.messages.DuelEvent`)
the page gets ``lobby`` (the open tables, without those of players kept apart by ignore), ``invitation``,
``invitation_answered``, ``duel_started``, ``relations`` (with the lobby again); and for each duel it
follows, ``progress`` (a player's score, runs, cards turned up, finished), ``duel`` (the duel's state as
this player may see it, on every change of state) and ``watch`` (the opponent's view, once this
player's own game has ended).
"""

from __future__ import annotations

from typing import Literal

from spider.server.duels.answers import DuelState
from spider.server.duels.duels import Duels
from spider.server.duels.messages import LOBBY, DuelEvent, duel_topic, player_topic
from spider.server.http.errors import refused
from spider.server.http.ids import token_shaped
from spider.server.people.service import Duelist, shown_name
from spider.server.realtime.broker import Message
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
from spider.server.refusals import Conflict

MAX_FOLLOWED = 16
NAMED = ("by", "name")
"""The fields of the messages for one player that hold a player's name."""
DuelFrame = Literal["follow", "unfollow"]
"""The kinds of frame the page sends the duels."""


class Following:
    """One socket's part in the duels: its player as a duelist when it opened, the duels it follows, those
    it watches (its player's own game there has ended), and the players kept apart by ignore."""

    def __init__(self) -> None:
        self.me: Duelist | None = None
        self.followed: set[str] = set()
        self.watching: set[str] = set()
        self.apart: set[str] = set()


class DuelSocket:
    """The duels' handlers on the socket (:meth:`register`)."""

    def __init__(self, duels: Duels) -> None:
        self.duels = duels

    def register(self, table: SocketTable) -> None:
        frames: dict[DuelFrame, FrameHandler] = {"follow": self.follow_frame, "unfollow": self.follow_frame}
        events: dict[DuelEvent, EventHandler] = {
            "lobby": self.lobby,
            "relations": self.relations,
            "duel_changed": self.duel_changed,
            "progress": self.progress,
            # for this player only, sent as they are but for the names, in the reader's language
            "invitation": self.named,
            "invitation_answered": self.named,
            "duel_started": forward,
        }
        table.add_frames(frames)
        table.add_events(events)
        table.add_hooks(opening=self.enter, greeting=self.hello)

    async def enter(self, connection: Connection) -> None:
        """The socket's player as a duelist, made the first time (so that the hooks after find them)."""
        following = connection.local(Following)
        following.me = self.duels.people.get(connection.player, self.duels.clock())

    async def hello(self, connection: Connection) -> None:
        player, following = connection.player, connection.local(Following)
        me = following.me if following.me is not None else self.duels.people.get(player, self.duels.clock())
        following.apart = self.duels.people.apart(player)
        await connection.subscription.add(LOBBY)
        await connection.subscription.add(player_topic(player))
        await connection.send(
            {
                "type": "hello",
                "me": self.duels.player_info(me),
                "lobby": self.duels.open_tables(player),
                "invitations": self.duels.invitations(player),
                "friends": self.duels.friends(player),
            }
        )

    # From the page.

    async def follow_frame(self, connection: Connection, request: Frame, ref: Ref) -> None:
        duel_id = request.get("duel")
        if not isinstance(duel_id, str):
            raise malformed()
        if not token_shaped(duel_id):  # a NUL or a lone surrogate would fail in the database or in Redis
            raise refused("duel.no_such_duel")
        if request["type"] == "follow":
            await self.follow(connection, duel_id)
        else:
            following = connection.local(Following)
            following.followed.discard(duel_id)
            following.watching.discard(duel_id)
            await connection.subscription.remove(duel_topic(duel_id))

    async def follow(self, connection: Connection, duel_id: str) -> None:
        following = connection.local(Following)
        if duel_id not in following.followed and len(following.followed) >= MAX_FOLLOWED:
            raise Conflict("duel.socket_following", n=MAX_FOLLOWED)
        state = await self.duels.get(duel_id, connection.player)
        following.followed.add(duel_id)
        await connection.subscription.add(duel_topic(duel_id))
        await self._duel(connection, state)

    async def _duel(self, connection: Connection, state: DuelState) -> None:
        seat = state["seat"]
        if seat is not None and state["players"][seat]["finished"] and state["watch"] is not None:
            connection.local(Following).watching.add(state["id"])
        await connection.send({"type": "duel", "duel": state})

    # From the broker.

    async def lobby(self, connection: Connection, event: Message) -> None:
        # each table's creator comes beside it, for this side only: a player's id never leaves the server
        apart = connection.local(Following).apart
        creators = event.get("creators") or [None] * len(event["tables"])
        tables = [
            {**table, "creator": shown_name(table["creator"]), "yours": creator == connection.player}
            for table, creator in zip(event["tables"], creators, strict=True)
            if creator not in apart
        ]
        await connection.send({"type": "lobby", "tables": tables})

    async def relations(self, connection: Connection, event: Message) -> None:
        player = connection.player
        connection.local(Following).apart = self.duels.people.apart(player)
        await connection.send({"type": "lobby", "tables": self.duels.open_tables(player)})
        await connection.send({"type": "relations", "friends": self.duels.friends(player)})

    async def named(self, connection: Connection, event: Message) -> None:
        """A message for this player alone (an invitation, its answer), the player it names in the reader's
        language: it was written in the sender's."""
        await connection.send({key: shown_name(value) if key in NAMED else value for key, value in event.items()})

    async def duel_changed(self, connection: Connection, event: Message) -> None:
        if event["duel"] in connection.local(Following).followed:
            await self._duel(connection, await self.duels.get(event["duel"], connection.player))

    async def progress(self, connection: Connection, event: Message) -> None:
        await connection.send({**event, "player": {**event["player"], "name": shown_name(event["player"]["name"])}})
        if event["duel"] in connection.local(Following).watching:
            view = await self.duels.watch(event["duel"], connection.player, event["seat"])
            if view is not None:
                await connection.send({"type": "watch", "duel": event["duel"], "view": view})


"""Who is online: the players with a socket open in this process, told to the database together.

Each open socket used to store its own sign of life every 30 s; sockets opened together then all wrote
at the same moment, and the event loop stalled on hundreds of writes in a row. Now one task stores the
whole set in one statement every ``SEEN_EVERY`` seconds, whatever the number of sockets.

The site's socket tells presence of each socket that opens and closes through the hooks
:meth:`Presence.register` puts on its table (``realtime.sockets``); a bot's stream calls it itself.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections import Counter
from collections.abc import Callable

from spider.server.people.service import People
from spider.server.realtime.sockets import Connection, SocketTable

SEEN_EVERY = 30.0
"""Seconds between two signs of life stored for the players with an open socket (online: ``ONLINE_SECONDS``)."""

log = logging.getLogger("spider.duels")


class Presence:
    """The players with an open socket here, each counted once per socket; ``clock`` is the server's time
    in seconds (tests give one they move)."""

    def __init__(self, people: People, clock: Callable[[], float] = time.time) -> None:
        self.people = people
        self.clock = clock
        self.sockets: Counter[str] = Counter()

    def arrive(self, player: str) -> None:
        """A socket of the player's opens: they are online from now on."""
        self.sockets[player] += 1
        self.people.seen([player], self.clock())

    def leave(self, player: str) -> None:
        self.sockets[player] -= 1
        if self.sockets[player] <= 0:
            del self.sockets[player]

    def register(self, table: SocketTable) -> None:
        """A player with a socket open is online: counted in when it opens (after the hooks registered
        before this one: the duels make the player a duelist), out when it closes."""

        async def opening(connection: Connection) -> None:
            self.arrive(connection.player)

        def closing(connection: Connection) -> None:
            self.leave(connection.player)

        table.add_hooks(opening=opening, closing=closing)

    def store(self) -> None:
        """One round: a sign of life of every player here, in one statement."""
        if self.sockets:
            self.people.seen(list(self.sockets), self.clock())

    async def keep(self, every: float = SEEN_EVERY) -> None:
        """Stores a round every ``every`` seconds, until cancelled."""
        while True:
            await asyncio.sleep(every)
            try:
                self.store()
            except Exception:  # a database hiccup: the next round tells it again
                log.exception("storing who is online")

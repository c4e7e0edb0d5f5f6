"""What the games tell the packages above them: a game begun again, a hint given, a game ended.

``games`` names no package above it (``spider.server.LAYERS``): a package that cares about games subscribes
here when the app is put together (``results`` counts a game that ends, ``practice`` keeps an exercise solved,
``daily`` marks its board), as lila's modules subscribe to a game's end on its bus. A listener of a change to
the stored games runs inside that change's transaction, with its connection, so that what it writes stands or
falls with the change: a crash between the two never leaves one without the other.
"""

from __future__ import annotations

from collections.abc import Callable

from sqlalchemy import Connection

from spider.server.games.kinds import Kind
from spider.server.games.records import GameRecord

Also = Callable[[Connection, GameRecord], Kind | None]
"""What a new game's kind keeps beside it (a race, a daily deal's board), written in the transaction that stores
the game; it may answer the kind the game turned out to be (a daily deal's game that found the board taken
is played off it), which is stored with the game in the same transaction."""

Restarted = Callable[[Connection, GameRecord, GameRecord], None]
"""A listener of a game begun again from another (the old record, the new), in the new game's transaction."""

Hinted = Callable[[GameRecord], None]
"""A listener of a hint given in a game."""

Ended = Callable[[Connection, GameRecord], None]
"""A listener of a game that ended, its record as it ended: the deal known by then counts as known."""


class GameEvents:
    """The listeners of each event, called in the order they subscribed."""

    def __init__(self) -> None:
        self._restarted: list[Restarted] = []
        self._hinted: list[Hinted] = []
        self._ended: list[Ended] = []

    def on_restart(self, listener: Restarted) -> None:
        self._restarted.append(listener)

    def on_hint(self, listener: Hinted) -> None:
        self._hinted.append(listener)

    def on_end(self, listener: Ended) -> None:
        self._ended.append(listener)

    def restarted(self, connection: Connection, old: GameRecord, new: GameRecord) -> None:
        """Tells the listeners, in the new game's transaction."""
        for listener in self._restarted:
            listener(connection, old, new)

    def hinted(self, record: GameRecord) -> None:
        for listener in self._hinted:
            listener(record)

    def ended(self, connection: Connection, record: GameRecord) -> None:
        """Tells the listeners, in the transaction that ended the game."""
        for listener in self._ended:
            listener(connection, record)

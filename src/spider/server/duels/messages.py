"""Every message the duels publish, each kind built here and nowhere else, with the topic it goes out on;
and the outbox that publishes them once a change is stored.

Topics: ``lobby`` (the open tables), ``duel:<id>`` (a duel's progress and changes), ``player:<id>``
(invitations and news for one player). Their kinds are :data:`DuelEvent`: the duels' part of the site's
socket (``sockets``) and a bot's stream (``bots.routes``) dispatch on them, each from its table, and turn
them into the frames a page or a bot gets; a message never holds a face-down card nor a deal's code.

A broker that is away (Redis down) never turns a stored change into an error: the outbox keeps its
messages, in order, and the clock's tick (``catch_up``) sends them once it is back.
"""

from __future__ import annotations

import logging
from collections import deque
from typing import Any, Literal

from spider.server.duels.answers import DuelPlayer, Invitation, OpenTable
from spider.server.realtime.broker import Broker, Message, Unreachable

LOBBY = "lobby"
DuelEvent = Literal[
    "lobby", "duel_changed", "duel_started", "progress", "invitation", "invitation_answered", "relations"
]
"""The kinds of message the duels publish, each built below and nowhere else."""
UNSENT_LIMIT = 10_000
"""Messages kept while the broker is away; past that the oldest go (a page that missed them reads the
duel's state again when its socket comes back)."""

log = logging.getLogger("spider.server")

Note = tuple[str, Message]
"""A message and its topic."""
Notes = list[Note]
"""Messages to publish once a change is stored, in order."""


def _message(kind: DuelEvent, **fields: Any) -> Message:
    return {"type": kind, **fields}


def duel_topic(duel_id: str) -> str:
    return f"duel:{duel_id}"


def player_topic(player: str) -> str:
    return f"player:{player}"


def lobby(tables: list[tuple[str, OpenTable]]) -> Note:
    """The open tables changed, each with its creator: every socket leaves out those of players kept apart
    from its own, marks its player's own, and passes on the tables alone (``sockets``)."""
    return LOBBY, _message("lobby", tables=[table for _, table in tables], creators=[c for c, _ in tables])


def duel_changed(duel_id: str) -> Note:
    """The duel's state changed: every follower reads it again, as its player may see it."""
    return duel_topic(duel_id), _message("duel_changed", duel=duel_id)


def duel_started(duel_id: str, player: str) -> Note:
    return player_topic(player), _message("duel_started", duel=duel_id)


def progress(duel_id: str, seat: int, player: DuelPlayer, remaining_ms: int) -> Note:
    """One player's score, runs, cards turned up and end: progress only, never a card."""
    message = _message("progress", duel=duel_id, seat=seat, player=player, remaining_ms=remaining_ms)
    return duel_topic(duel_id), message


def invitation(player: str, invited: Invitation) -> Note:
    return player_topic(player), _message("invitation", **invited)


def invitation_answered(creator: str, duel_id: str, name: str, accepted: bool) -> Note:
    message = _message("invitation_answered", duel=duel_id, name=name, accepted=accepted)
    return player_topic(creator), message


def relations(player: str) -> Note:
    """The player's friends or ignored players changed."""
    return player_topic(player), _message("relations")


class Outbox:
    """Publishes through the broker; what it cannot take yet waits, oldest first."""

    def __init__(self, broker: Broker) -> None:
        self.broker = broker
        self.unsent: deque[Note] = deque(maxlen=UNSENT_LIMIT)

    async def send(self, notes: Notes) -> None:
        """Publishes what a stored change has to say. While earlier messages wait for the broker, these
        wait behind them (a request does not wait on a broker that is away; the clock's tick tries)."""
        if self.unsent:
            self.unsent.extend(notes)
            return
        for index, (topic, message) in enumerate(notes):
            try:
                await self.broker.publish(topic, message)
            except Unreachable as error:
                log.warning("the duels' events wait for the broker: %s", error)
                self.unsent.extend(notes[index:])
                return

    async def catch_up(self) -> int:
        """Sends the messages that waited for the broker, in order, as far as it takes them; how many."""
        sent = 0
        while self.unsent:
            topic, message = self.unsent[0]
            try:
                await self.broker.publish(topic, message)
            except Unreachable:
                break
            self.unsent.popleft()
            sent += 1
        return sent

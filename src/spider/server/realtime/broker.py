"""Events between server processes: publish a message on a topic, and every subscriber of that topic,
in whatever process, receives it.

Topics are short texts (``lobby``, ``duel:<id>``, ``player:<id>``); messages are JSON objects. Nothing in
the duels assumes that one process holds every connection: a socket subscribes to the topics it cares
about, and whoever changes a duel publishes on the duel's topic.

:class:`LocalBroker`, the embedded default, delivers within the process. A Redis broker fits the same
:class:`Broker` interface: ``publish`` is Redis' ``PUBLISH topic json``, and a subscription holds one
``pubsub`` whose ``subscribe``/``unsubscribe`` follow ``add``/``remove`` and whose messages, decoded,
are what ``receive`` returns; messages are JSON on the wire, so a local subscriber gets a copy too.

"""

from __future__ import annotations

import asyncio
import contextlib
import copy
from collections.abc import AsyncIterator
from typing import Any, Protocol

Message = dict[str, Any]

QUEUE_LIMIT = 256
"""Messages waiting for one slow subscriber; past that it is dropped (its socket is closed and the page
reloads), so that one stalled client never holds up the others."""


class Subscription(Protocol):
    """One subscriber's topics and its incoming messages."""

    async def add(self, topic: str) -> None: ...

    async def remove(self, topic: str) -> None: ...

    async def receive(self) -> Message:
        """The next message on any of its topics; raises :class:`Overflow` when it fell too far behind."""
        ...


class Broker(Protocol):
    async def publish(self, topic: str, message: Message) -> None:
        """Sends the message to the topic's subscribers; raises :class:`Unreachable` when it cannot."""
        ...

    def subscription(self) -> contextlib.AbstractAsyncContextManager[Subscription]: ...

    async def health(self) -> str | None:
        """For the health check: "ok" when the broker's server answers, else what went wrong; None when
        there is no server to reach."""
        ...

    async def close(self) -> None: ...


class Unreachable(Exception):
    """A message could not be published (the broker's server is away): the caller keeps it to send later."""


class Overflow(Exception):
    """A subscriber did not keep up: messages were lost, so it must start again from the state."""


class _LocalSubscription:
    def __init__(self, broker: LocalBroker) -> None:
        self.broker = broker
        self.topics: set[str] = set()
        self.queue: asyncio.Queue[Message | None] = asyncio.Queue()
        self.overflowed = False

    async def add(self, topic: str) -> None:
        self.topics.add(topic)
        self.broker.subscribers.setdefault(topic, set()).add(self)

    async def remove(self, topic: str) -> None:
        self.topics.discard(topic)
        self.broker.forget(topic, self)

    async def receive(self) -> Message:
        message = await self.queue.get()
        if message is None:
            raise Overflow()
        return message

    def deliver(self, message: Message) -> None:
        if self.overflowed:
            return
        if self.queue.qsize() >= QUEUE_LIMIT:
            self.overflowed = True
            self.queue.put_nowait(None)
            return
        self.queue.put_nowait(message)


class LocalBroker:
    """Delivers each message to the subscribers in this process (each gets its own copy)."""

    def __init__(self) -> None:
        self.subscribers: dict[str, set[_LocalSubscription]] = {}

    async def publish(self, topic: str, message: Message) -> None:
        for subscriber in list(self.subscribers.get(topic, ())):
            subscriber.deliver(copy.deepcopy(message))

    async def health(self) -> str | None:
        return None  # in process: no server to reach

    async def close(self) -> None:
        pass

    @contextlib.asynccontextmanager
    async def subscription(self) -> AsyncIterator[Subscription]:
        subscription = _LocalSubscription(self)
        try:
            yield subscription
        finally:
            for topic in list(subscription.topics):
                self.forget(topic, subscription)

    def forget(self, topic: str, subscription: _LocalSubscription) -> None:
        subscribers = self.subscribers.get(topic)
        if subscribers is not None:
            subscribers.discard(subscription)
            if not subscribers:
                del self.subscribers[topic]

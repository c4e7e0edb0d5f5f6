"""The broker across server processes (SPEC 3.1): Redis publish/subscribe behind the same
:class:`~spider.server.realtime.broker.Broker` interface as the in-process one, chosen by ``SPIDER_REDIS_URL``.

A message is published as JSON on its topic's channel (``PUBLISH``), so a subscriber in any process,
this one included, gets it. Each subscription is one Redis pub/sub connection whose channels follow its
``add`` and ``remove``. Redis closes a subscriber that reads too slowly (its output buffer limit); that
is the :class:`Overflow` of the local broker: the socket starts again from the state.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
from collections.abc import AsyncIterator
from typing import Any

from redis import asyncio as aioredis
from redis.exceptions import RedisError

from spider.server.realtime.broker import Message, Overflow, Subscription, Unreachable

CHANNEL_PREFIX = "spider:"
"""Channels are the topics with this prefix, so that a Redis shared with other programs stays tidy."""
POLL_SECONDS = 1.0


class _RedisSubscription:
    def __init__(self, pubsub: Any) -> None:
        self.pubsub = pubsub
        self.topics: set[str] = set()
        self.listening = asyncio.Event()

    async def add(self, topic: str) -> None:
        if topic not in self.topics:
            self.topics.add(topic)
            await self.pubsub.subscribe(CHANNEL_PREFIX + topic)
            self.listening.set()

    async def remove(self, topic: str) -> None:
        if topic in self.topics:
            self.topics.discard(topic)
            await self.pubsub.unsubscribe(CHANNEL_PREFIX + topic)

    async def receive(self) -> Message:
        while True:
            await self.listening.wait()  # no channel yet: nothing to read
            try:
                found = await self.pubsub.get_message(ignore_subscribe_messages=True, timeout=POLL_SECONDS)
            except (RedisError, OSError) as error:
                raise Overflow() from error
            # ``remove`` sends UNSUBSCRIBE without waiting for Redis to read it, and Redis may read another
            # connection's PUBLISH first: a message of a removed topic is dropped, so that nothing more of it is
            # heard once it is removed, as with the local broker.
            if found is not None and found["type"] == "message" and _topic(found["channel"]) in self.topics:
                message: Message = json.loads(found["data"])
                return message


def _topic(channel: bytes | str) -> str:
    """The topic of a Redis channel name (without :data:`CHANNEL_PREFIX`)."""
    name = channel.decode() if isinstance(channel, bytes) else channel
    return name.removeprefix(CHANNEL_PREFIX)


MAX_CONNECTIONS = 10_000
"""Redis connections a process may hold: one a socket (its subscription) and those that publish. redis-py's
own default, 100, refused the 101st socket of a process (bench/arena.py: 100 players a process), and the
messages waiting behind a refused publish held up every pairing's news."""


class RedisBroker:
    """Publishes to and subscribes through one Redis server."""

    def __init__(self, url: str) -> None:
        self.url = url
        self.client = aioredis.Redis.from_url(url, max_connections=MAX_CONNECTIONS)

    async def publish(self, topic: str, message: Message) -> None:
        try:
            await self.client.publish(CHANNEL_PREFIX + topic, json.dumps(message, separators=(",", ":")))
        except (RedisError, OSError) as error:
            raise Unreachable(str(error)) from error

    @contextlib.asynccontextmanager
    async def subscription(self) -> AsyncIterator[Subscription]:
        pubsub = self.client.pubsub()
        try:
            yield _RedisSubscription(pubsub)
        finally:
            with contextlib.suppress(RedisError, OSError):
                await pubsub.aclose()  # type: ignore[no-untyped-call,unused-ignore]  # annotated from redis-py 8 on

    async def reachable(self) -> str | None:
        """None when Redis answers, else what went wrong."""
        try:
            await self.client.ping()
        except (RedisError, OSError) as error:
            return f"{type(error).__name__}: {error}".splitlines()[0]
        return None

    async def health(self) -> str | None:
        return await self.reachable() or "ok"

    async def close(self) -> None:
        await self.client.aclose()

"""The in-process broker: a message reaches every subscriber of its topic, and only them, each with a
copy of its own; a subscriber that falls too far behind is told so rather than silently losing messages."""

from __future__ import annotations

import pytest

from spider.server.realtime.broker import QUEUE_LIMIT, LocalBroker, Overflow

from .test_fair_shares import run


def test_a_message_reaches_the_subscribers_of_its_topic_only() -> None:
    async def scenario() -> None:
        broker = LocalBroker()
        async with broker.subscription() as lobby, broker.subscription() as duel:
            await lobby.add("lobby")
            await duel.add("duel:1")
            await duel.add("lobby")
            message = {"type": "lobby", "tables": []}
            await broker.publish("lobby", message)
            await broker.publish("duel:1", {"type": "progress"})
            first, second = await lobby.receive(), await duel.receive()
            assert first == second == message and first is not second
            assert await duel.receive() == {"type": "progress"}
            assert broker.subscribers.keys() == {"lobby", "duel:1"}
            await duel.remove("duel:1")
            await broker.publish("duel:1", {"type": "progress"})
            assert "duel:1" not in broker.subscribers
        assert broker.subscribers == {}  # a subscription ended leaves no topic behind

    run(scenario())


def test_a_subscriber_that_falls_behind_is_told() -> None:
    async def scenario() -> None:
        broker = LocalBroker()
        async with broker.subscription() as slow:
            await slow.add("lobby")
            for number in range(QUEUE_LIMIT + 5):
                await broker.publish("lobby", {"n": number})
            for number in range(QUEUE_LIMIT):
                assert await slow.receive() == {"n": number}
            with pytest.raises(Overflow):
                await slow.receive()

    run(scenario())

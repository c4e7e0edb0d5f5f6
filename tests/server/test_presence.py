"""Who is online: every player with an open socket is kept online by one write a round, not one each."""

from __future__ import annotations

import asyncio

from starlette.testclient import TestClient

from spider.server.duels.people import ONLINE_SECONDS
from spider.server.duels.presence import Presence
from tests.own_loop import run


def test_each_round_keeps_the_players_with_an_open_socket_online_and_no_one_else(client: TestClient) -> None:
    people = client.app.state.duels.people  # type: ignore[attr-defined]
    for player in ("stays", "two-tabs", "leaves"):
        people.get(player, 0.0)
    presence = Presence(people)
    for player in ("stays", "two-tabs", "two-tabs", "leaves"):
        presence.arrive(player)
    presence.leave("two-tabs")  # one of its two pages closed: still online
    presence.leave("leaves")
    arrived = {player: people.get(player, 0.0).seen_at for player in ("stays", "two-tabs", "leaves")}

    async def one_round() -> None:
        keeping = asyncio.create_task(presence.keep(every=0.05))
        await asyncio.sleep(0.2)
        keeping.cancel()

    run(one_round())
    later = {player: people.get(player, 0.0).seen_at for player in ("stays", "two-tabs", "leaves")}
    assert later["stays"] > arrived["stays"] and later["two-tabs"] > arrived["two-tabs"]
    assert later["leaves"] == arrived["leaves"]
    assert people.get("leaves", 0.0).online(later["stays"] + ONLINE_SECONDS + 1) is False

"""Who is online: every player with an open socket is kept online by one write a round, not one each."""

from __future__ import annotations

from starlette.testclient import TestClient

from spider.server.duels.duels import Duels
from spider.server.http.parts import parts_of
from spider.server.people.presence import SEEN_EVERY, Presence
from spider.server.people.service import ONLINE_SECONDS

from .conftest import Clock


def test_each_round_keeps_the_players_with_an_open_socket_online_and_no_one_else(client: TestClient) -> None:
    people = parts_of(client.app)[Duels].people  # type: ignore[attr-defined]
    for player in ("stays", "two-tabs", "leaves"):
        people.get(player, 0.0)
    clock = Clock()
    presence = Presence(people, clock)
    for player in ("stays", "two-tabs", "two-tabs", "leaves"):
        presence.arrive(player)
    presence.leave("two-tabs")  # one of its two pages closed: still online
    presence.leave("leaves")
    arrived = {player: people.get(player, 0.0).seen_at for player in ("stays", "two-tabs", "leaves")}

    clock.now += SEEN_EVERY
    presence.store()  # the round ``keep`` makes every SEEN_EVERY seconds
    later = {player: people.get(player, 0.0).seen_at for player in ("stays", "two-tabs", "leaves")}
    assert later["stays"] > arrived["stays"] and later["two-tabs"] > arrived["two-tabs"]
    assert later["leaves"] == arrived["leaves"]
    assert people.get("leaves", 0.0).online(later["stays"] + ONLINE_SECONDS + 1) is False

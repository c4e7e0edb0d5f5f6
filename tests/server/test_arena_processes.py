"""An arena on two server processes (PostgreSQL and Redis): one process pairs it at a time, under a
lease; when that process is killed (kill -9) the other takes the arena over and pairs on; and however the
two race, no player is ever seated in two duels at once."""

from __future__ import annotations

import os
import time
from collections.abc import Callable
from typing import Any

import httpx
import pytest
from sqlalchemy import create_engine, func, select
from sqlalchemy.engine import Engine

from spider.databases import database_url as url_of
from spider.server.arenas.tables import arenas
from spider.server.duels.tables import duels
from spider.server.duels.tables import seats as duel_seats
from spider.server.http.identity import PLAYER_COOKIE

from .standing import in_good_standing

REDIS = os.environ.get("SPIDER_TEST_REDIS")


def wait_for(check: Callable[[], Any], seconds: float, what: str) -> Any:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        found = check()
        if found:
            return found
        time.sleep(0.2)
    raise AssertionError(f"{what} did not happen within {seconds:g} s")


def pairer(engine: Engine, arena_id: str) -> str | None:
    with engine.connect() as connection:
        owner: str | None = connection.execute(select(arenas.c.pairer).where(arenas.c.id == arena_id)).scalar()
        return owner


def most_duels_at_once(engine: Engine, arena_id: str) -> int:
    """The most duels in play that one player of the arena sits in."""
    with engine.connect() as connection:
        counts = connection.execute(
            select(func.count())
            .select_from(duel_seats.join(duels, duels.c.id == duel_seats.c.duel))
            .where(duels.c.arena == arena_id, duels.c.state == "playing")
            .group_by(duel_seats.c.player)
        ).scalars()
        return max(counts, default=0)


def duel_of(client: httpx.Client, arena_id: str) -> str | None:
    duel: str | None = client.get(f"/api/arenas/{arena_id}").json()["you"]["duel"]
    return duel


def test_the_pairing_process_killed_the_other_takes_the_arena_over(
    backend: str, database_url: str, serve: Callable[..., tuple[Any, str]]
) -> None:
    if backend == "sqlite" or REDIS is None:
        pytest.skip("needs PostgreSQL and Redis, which scripts/test starts")
    processes = [serve(SPIDER_REDIS_URL=REDIS, SPIDER_ACTIONS_PER_SECOND="0",
                           SPIDER_ACTIONS_PER_ADDRESS_PER_SECOND="0") for _ in range(2)]
    urls = [url for _, url in processes]
    engine = create_engine(url_of(database_url))
    players = [httpx.Client(base_url=urls[index % 2], timeout=10) for index in range(6)]
    try:
        for player in players:
            player.get("/api/me")  # its cookie
        # accounts in good standing: the first opens the arena, and each scores points
        in_good_standing(url_of(database_url), [player.cookies[PLAYER_COOKIE] for player in players])
        arena = players[0].post("/api/arenas", json={"suits": 1, "minutes": 3, "length": 30}).json()
        arena_id = arena["arena"]["id"]
        for player in players:  # each joins through one process or the other
            assert player.post(f"/api/arenas/{arena_id}/join").status_code == 200
        wait_for(lambda: all(duel_of(player, arena_id) for player in players), 15, "the first pairings")
        owner = wait_for(lambda: pairer(engine, arena_id), 5, "a lease")
        assert most_duels_at_once(engine, arena_id) == 1

        # kill -9 the process that pairs the arena; its lease lapses and the other one takes it over
        doomed = next(process for process, _ in processes if str(process.pid) == owner.split("-")[0])
        lasting = next(url for process, url in processes if process is not doomed)
        doomed.kill()
        doomed.wait(10)
        moved = [
            httpx.Client(base_url=lasting, timeout=10, cookies={PLAYER_COOKIE: player.cookies[PLAYER_COOKIE]})
            for player in players
        ]
        first_duels = {duel_of(player, arena_id) for player in moved}
        for player in moved:  # every duel played out through the process still there
            duel_id = duel_of(player, arena_id)
            assert player.post(f"/api/duels/{duel_id}/actions", json={"action": "d"}).status_code == 200
        for player in moved:
            player.post(f"/api/duels/{duel_of(player, arena_id)}/finish")
        # (two who just played each other may be left over, and wait: at least two new duels begin)
        wait_for(
            lambda: sum(duel_of(player, arena_id) not in (None, *first_duels) for player in moved) >= 4,
            20,
            "pairings by the process still running",
        )
        new_owner = pairer(engine, arena_id)
        assert new_owner is not None and new_owner != owner and new_owner.split("-")[0] != str(doomed.pid)
        assert most_duels_at_once(engine, arena_id) == 1
        standings = moved[0].get(f"/api/arenas/{arena_id}").json()["standings"]
        assert sorted(entry["duels"] for entry in standings) == [1] * 6  # each first duel counted once
        assert sum(entry["points"] for entry in standings) == 6  # three draws: 1 point each
        for player in moved:
            player.close()
    finally:
        for player in players:
            player.close()
        engine.dispose()


def test_two_processes_racing_never_seat_a_player_twice(
    backend: str, database_url: str, serve: Callable[..., tuple[Any, str]]
) -> None:
    if backend == "sqlite" or REDIS is None:
        pytest.skip("needs PostgreSQL and Redis, which scripts/test starts")
    urls = [serve(SPIDER_REDIS_URL=REDIS, SPIDER_ACTIONS_PER_SECOND="0",
                           SPIDER_ACTIONS_PER_ADDRESS_PER_SECOND="0")[1] for _ in range(2)]
    engine = create_engine(url_of(database_url))
    players = [httpx.Client(base_url=urls[index % 2], timeout=10) for index in range(8)]
    try:
        players[0].get("/api/me")
        in_good_standing(url_of(database_url), [players[0].cookies[PLAYER_COOKIE]])  # who opens an arena
        arena_id = players[0].post("/api/arenas", json={"suits": 1, "minutes": 3, "length": 30}).json()["arena"]["id"]
        for player in players:
            player.post(f"/api/arenas/{arena_id}/join")
        played = 0
        deadline = time.monotonic() + 30
        while played < 16 and time.monotonic() < deadline:
            # whoever is paired plays a move and finishes at once, on either process, as fast as it can
            for player in players:
                duel_id = duel_of(player, arena_id)
                if duel_id is None:
                    continue
                if player.post(f"/api/duels/{duel_id}/actions", json={"action": "d"}).status_code == 200:
                    player.post(f"/api/duels/{duel_id}/finish")
                    played += 1
                assert most_duels_at_once(engine, arena_id) <= 1
        assert played >= 16, "pairing went on"
        with engine.connect() as connection:
            owners = connection.execute(select(arenas.c.pairer).where(arenas.c.id == arena_id)).scalars().all()
        assert len(owners) == 1 and owners[0] is not None
    finally:
        for player in players:
            player.close()
        engine.dispose()

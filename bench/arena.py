"""Arena benchmark: many players in one arena on two ``spider serve`` processes (PostgreSQL and Redis).

Starts two real ``spider serve`` processes over a fresh PostgreSQL database with Redis between them (run it
where ``scripts/services`` has started both: ``SPIDER_TEST_POSTGRESQL``, ``SPIDER_TEST_REDIS``). N players
(default 200), half on each process, arriving over 15 s, open the socket, follow the arena's standings
and join one arena; from then on each plays every duel it is paired into as the page does (an action
every 0.5-1.5 s, over HTTP), finishes after a time of its own (``--duel`` seconds, give or take half), and
waits to be paired again, for ``--seconds`` (default 300). It prints:

- the delay from a duel's end (the ``duel`` frame saying it is over) to the player's next pairing (the
  ``duel_started`` frame), p50 and p99: the arena's tick pairs once a second;
- the action round trip (the request sent until its answer is read), p50 and p99;
- the standings' update delay: from a duel's end to the ``arena`` frame that counts it, p50 and p99.

    bash -c 'source scripts/services; PYTHONPATH=src nice .venv/bin/python bench/arena.py [--players 200]
             [--seconds 300] [--duel 40]'

With ``--idle N`` it measures instead what open arenas cost while nothing happens in them, in one process on a
SQLite file (no PostgreSQL nor Redis needed): the app's CPU time a second with no arena, then with N arenas
begun, each with one player waiting alone in it, and the statements on the arenas' tables a second; and the time
one look at every arena takes (what a tick walking every arena each second cost the event loop, a second).
Run it with ``PYTHONPATH`` on another checkout's ``src`` to compare two versions:

    PYTHONPATH=src .venv/bin/python bench/arena.py --idle 1000 [--seconds 5]

Everything runs on loopback, and every loop is bounded by time or count.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import time
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import websockets
from sqlalchemy import create_engine
from sqlalchemy.engine import make_url
from web import Connection, choose, percentile, spider_serve

ARRIVAL = 15.0
"""Seconds over which the players arrive: 200 sockets opened at the same instant each open a Redis
subscription (the broker's one per socket), and on a busy machine some time out connecting."""


class Player:
    def __init__(self, number: int, url: str) -> None:
        host, port = url.removeprefix("http://").split(":")
        self.url = url
        self.http = Connection(host, int(port))
        self.rng = random.Random(number)
        self.name = ""
        self.started: asyncio.Queue[tuple[float, str]] = asyncio.Queue()
        self.duel = ""
        self.over_at: dict[str, float] = {}  # each duel's end, as the socket told it
        self.last_over: float | None = None
        self.counted = 0  # duels the standings have counted
        self.pairing_delays: list[float] = []
        self.standings_delays: list[float] = []
        self.round_trips: list[float] = []
        self.errors: list[str] = []
        self.joined_at = 0.0
        self.first_pairing: float | None = None  # seconds from joining to the first pairing
        self.closed: str | None = None  # why the socket closed early, if it did
        self.reopened = 0
        self.seen: set[str] = set()

    async def read(self, socket: Any) -> None:
        try:
            await self._read(socket)
        except websockets.ConnectionClosed as closed:
            self.closed = str(closed.rcvd.reason if closed.rcvd else "closed")
            return
        self.closed = "closed"

    async def _read(self, socket: Any) -> None:
        async for text in socket:  # no pings from this side, as a browser sends none
            arrived = time.perf_counter()
            frame = json.loads(text)
            kind = frame["type"]
            if kind == "duel_started":
                if self.first_pairing is None:
                    self.first_pairing = arrived - self.joined_at
                self.started.put_nowait((arrived, frame["duel"]))
            elif kind == "error":
                self.errors.append(frame.get("message_id", "error"))
            elif kind == "duel" and frame["duel"]["state"] == "over":
                duel_id = frame["duel"]["id"]
                if duel_id not in self.over_at:
                    self.over_at[duel_id] = arrived
                    self.last_over = arrived
            elif kind == "arena":
                mine = next((entry for entry in frame["standings"] if entry["name"] == self.name), None)
                if mine is not None and mine["duels"] > self.counted:
                    self.counted = mine["duels"]
                    if self.last_over is not None:
                        self.standings_delays.append(arrived - self.last_over)

    async def run(self, arena_id: str, until: float, duel_seconds: float) -> None:
        await asyncio.sleep(self.rng.uniform(0, ARRIVAL))  # players arrive over some seconds, not at one instant
        self.joined_at = time.perf_counter()
        while time.monotonic() < until:  # as the page does, a socket that closes is opened again
            try:
                await self.session(arena_id, until, duel_seconds)
            except (OSError, TimeoutError, websockets.InvalidHandshake, websockets.ConnectionClosed) as error:
                self.closed = type(error).__name__
                self.reopened += 1
                await asyncio.sleep(1.0)

    async def session(self, arena_id: str, until: float, duel_seconds: float) -> None:
        """One socket's life: follow the standings, (re)join, and play every duel paired into."""
        address = self.url.replace("http://", "ws://") + "/api/socket"
        headers = {"Cookie": self.http.cookie}
        async with websockets.connect(
            address, additional_headers=headers, max_size=2**24, ping_interval=None, open_timeout=60
        ) as socket:
            reader = asyncio.create_task(self.read(socket))
            try:
                await socket.send(json.dumps({"type": "follow_arena", "arena": arena_id}))
                status, answer = await self.http.request("POST", f"/api/arenas/{arena_id}/join", {})
                if status != 200:
                    self.errors.append(answer["message_id"])
                elif answer["you"]["duel"] and answer["you"]["duel"] not in self.seen:
                    self.started.put_nowait((time.perf_counter(), answer["you"]["duel"]))  # paired while away
                while time.monotonic() < until and not reader.done():
                    try:
                        paired_at, duel_id = await asyncio.wait_for(self.started.get(), 1.0)
                    except TimeoutError:
                        continue
                    if duel_id in self.seen:
                        continue
                    self.seen.add(duel_id)
                    if self.last_over is not None:
                        self.pairing_delays.append(paired_at - self.last_over)
                    await socket.send(json.dumps({"type": "follow", "duel": duel_id}))
                    seconds = duel_seconds * self.rng.uniform(0.5, 1.5)
                    await self.play(duel_id, min(until, time.monotonic() + seconds))
                    for _ in range(600):  # the opponent finishes too, or the clock ends the duel
                        if duel_id in self.over_at or time.monotonic() > until or reader.done():
                            break
                        await asyncio.sleep(0.1)
                    await socket.send(json.dumps({"type": "unfollow", "duel": duel_id}))
            finally:
                reader.cancel()
            if reader.done() and time.monotonic() < until:
                raise websockets.ConnectionClosedError(None, None)

    async def play(self, duel_id: str, until: float) -> None:
        path = f"/api/duels/{duel_id}"
        status, state = await self.http.request("GET", path)
        view = state.get("you") if status == 200 else None
        while view is not None and time.monotonic() < until:
            await asyncio.sleep(self.rng.uniform(0.5, 1.5))
            action = f"f{view['flips'][0]}" if view["flips"] else choose(view, self.rng)
            if action is None:
                break
            sent = time.perf_counter()
            status, answer = await self.http.request(
                "POST", f"{path}/actions", {"action": action, "version": view["version"]}
            )
            if status == 200:
                self.round_trips.append(time.perf_counter() - sent)
                view = answer["view"]
            else:
                self.errors.append(answer["message_id"])
                if answer["message_id"].startswith("duel."):
                    return
        await self.http.request("POST", f"{path}/finish", {})


@contextlib.contextmanager
def fresh_database() -> Iterator[str]:
    server = os.environ.get("SPIDER_TEST_POSTGRESQL")
    if not server or not os.environ.get("SPIDER_TEST_REDIS"):
        raise SystemExit("needs PostgreSQL and Redis: run it under `source scripts/services`")
    name = f"spider_arena_{uuid.uuid4().hex[:8]}"
    admin = create_engine(server, isolation_level="AUTOCOMMIT")
    with admin.connect() as connection:
        connection.exec_driver_sql(f"CREATE DATABASE {name}")
    try:
        yield make_url(server).set(database=name).render_as_string(hide_password=False)
    finally:
        with admin.connect() as connection:
            connection.exec_driver_sql(f"DROP DATABASE {name} WITH (FORCE)")
        admin.dispose()


async def run(urls: list[str], count: int, seconds: float, duel_seconds: float) -> list[Player]:
    players = [Player(number, urls[number % 2]) for number in range(count)]
    for player in players:
        player.name = (await player.http.request("GET", "/api/me"))[1]["name"]
    body = {"suits": 1, "minutes": 3, "length": 120}
    status, arena = await players[0].http.request("POST", "/api/arenas", body)
    assert status == 201, arena
    until = time.monotonic() + seconds
    await asyncio.gather(*(player.run(arena["arena"]["id"], until, duel_seconds) for player in players))
    for player in players:
        player.http.close()
    return players


def cpu_a_second(seconds: float) -> float:
    """This process's CPU time a second (every thread: the app's event loop runs in the test client's), over
    ``seconds`` of the main thread asleep."""
    began, cpu = time.monotonic(), time.process_time()
    time.sleep(seconds)
    return (time.process_time() - cpu) / (time.monotonic() - began)


def idle(count: int, seconds: float) -> None:
    """What ``count`` open arenas where nothing happens cost a second (``--idle``)."""
    import re
    import tempfile
    import warnings

    from sqlalchemy import event

    from spider.server.app import create_app
    from spider.server.arenas.arenas import Arenas
    from spider.server.http.parts import parts_of
    from spider.server.settings import Settings

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        from starlette.testclient import TestClient

    tables = re.compile(r"\b(arenas|arena_players|arena_duels)\b", re.IGNORECASE)
    statements = [0]

    def heard(connection: Any, cursor: Any, statement: str, *args: Any) -> None:
        if tables.search(statement):
            statements[0] += 1

    with tempfile.TemporaryDirectory() as folder:
        settings = Settings(
            database=f"{folder}/idle.sqlite", pool_target=0, verify_seconds=0, solver_workers=0, gc_freeze_seconds=0
        )
        with TestClient(create_app(settings)) as client:
            arenas: Arenas = parts_of(client.app)[Arenas]  # type: ignore[attr-defined]
            time.sleep(2.0)  # the app started
            quiet = cpu_a_second(seconds)
            at = time.time()
            for number in range(count):
                arena_id = f"idle{number:012d}"
                arenas.store.add(
                    {
                        "id": arena_id, "creator": f"bench{number:011d}", "suits": 1, "minutes": 3,
                        "starts_at": at - 60, "ends_at": at + 3600, "computers": False, "created_at": at - 60,
                    }
                )
                arenas.store.join(arena_id, f"waiting{number:09d}", at - 60)
            event.listen(arenas.store.engine, "before_cursor_execute", heard)
            began = time.perf_counter()
            client.portal.call(arenas.tick)  # type: ignore[union-attr]
            one_look = time.perf_counter() - began
            looked, statements[0] = statements[0], 0
            time.sleep(2.0)  # whatever those looks asked for is done
            statements[0] = 0
            busy = cpu_a_second(seconds)
            per_second = statements[0] / seconds
            event.remove(arenas.store.engine, "before_cursor_execute", heard)
    print(f"{count} open arenas, one player waiting alone in each, one process on SQLite, {os.cpu_count()} cores")
    print(f"  one look at every arena: {one_look * 1000:.0f} ms of the event loop, {looked} statements")
    print(f"  CPU a second: {quiet * 1000:.1f} ms with no arena, {busy * 1000:.1f} ms with {count} idle arenas")
    print(f"  statements on the arenas' tables a second, while nothing happens: {per_second:.1f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--players", type=int, default=200)
    parser.add_argument("--seconds", type=float, default=300.0)
    parser.add_argument("--duel", type=float, default=40.0, help="seconds a player plays a duel, give or take half")
    parser.add_argument("--log", type=Path, help="where the first server's own messages go")
    parser.add_argument("--idle", type=int, help="instead: what this many open arenas cost while nothing happens")
    args = parser.parse_args()
    if args.idle is not None:
        idle(args.idle, min(args.seconds, 10.0))
        return
    # every player comes from this one address, and plays faster than any budget of actions
    for variable in (
        "SPIDER_NEW_GAMES_PER_ADDRESS_PER_MINUTE",
        "SPIDER_SOCKETS_PER_ADDRESS",
        "SPIDER_REQUESTS_IN_FLIGHT_PER_ADDRESS",
        "SPIDER_ACTIONS_PER_SECOND",
        "SPIDER_ACTIONS_PER_ADDRESS_PER_SECOND",
    ):
        os.environ[variable] = "0"
    os.environ["SPIDER_REDIS_URL"] = os.environ.get("SPIDER_TEST_REDIS", "")
    with (
        fresh_database() as database,
        spider_serve(database, args.log) as (first, _),
        spider_serve(database) as (second, _),
    ):
        print(
            f"two spider serve at {first} and {second}, {os.cpu_count()} cores, "
            f"load average before {os.getloadavg()[0]:.1f}"
        )
        began = time.monotonic()
        players = asyncio.run(run([first, second], args.players, args.seconds, args.duel))
        elapsed = time.monotonic() - began
    pairing = [value for player in players for value in player.pairing_delays]
    trips = [value for player in players for value in player.round_trips]
    standings = [value for player in players for value in player.standings_delays]
    errors = [error for player in players for error in player.errors]
    print(f"{args.players} players in one arena, two processes, {elapsed:.0f} s")
    print(
        f"  pairings after a duel: {len(pairing)}; actions: {len(trips)}; refused: {len(errors)} {sorted(set(errors))}"
    )
    first = [player.first_pairing for player in players if player.first_pairing is not None]
    closed = [player.closed for player in players if player.closed is not None]
    reopened = sum(player.reopened for player in players)
    print(
        f"  paired at least once: {len(first)} of {len(players)};",
        f"players whose socket closed: {len(closed)} {sorted(set(closed))}, opened again {reopened} times",
    )
    for label, values in (
        ("join to first pairing", first),
        ("duel's end to next pairing", pairing),
        ("action round trip", trips),
        ("standings' update delay", standings),
    ):
        if values:
            print(
                f"  {label}: p50 {percentile(values, 0.5) * 1000:.0f} ms, p99 {percentile(values, 0.99) * 1000:.0f} ms"
            )


if __name__ == "__main__":
    main()

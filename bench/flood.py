"""Fair shares benchmark: what one player's flood of solver work does to another player's hints.

Starts a real ``spider serve`` on a free loopback port over a fresh database, with an empty deal pool
(``SPIDER_POOL_TARGET=0``, so a verified 4-suit game is solved on the spot) and the default single
solver worker. Then, for each flood, for ``--seconds``:

- the flooder: ``--connections`` connections with one cookie ask, back to back, for
  ``new-games``: verified 4-suit games (``POST /api/games {"suits": 4, "deal": "verified"}``);
  ``hints``: hints on one 4-suit game of its own;
  ``fresh``: verified 4-suit games with no cookie, so that every request is a new player;
  ``stats``: its statistics (``GET /api/stats``), over a database that ``--games N`` fills first with
  N finished games (half of them the flooder's, all ended in the last 30 days);
  ``none``: nothing (the other player's figures on a quiet server, for comparison);
- the other player (its own cookie, its own 4-suit game, and one hint before the flood starts, not
  timed, so that the solver's workers are up) asks for a hint every 200 ms on one connection, and
  GETs its game every 200 ms on another.

It prints the other player's hint and GET latency p50/p99/max, its requests slower than 100 ms with
the second each was sent, and the flood's answers by status (and, for new games, how many were
verified). To measure another version of the code, put its ``src`` first on ``PYTHONPATH``.

    .venv/bin/python bench/flood.py [--flood new-games hints fresh stats none] [--seconds 20] [--connections 8]
    .venv/bin/python bench/flood.py --flood stats --games 306000

Every loop is bounded by time; a request still unanswered 60 s after the flood ends is given up.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import sqlite3
import tempfile
import time
from collections import Counter
from pathlib import Path

from web import Connection, percentile, spider_serve

from spider.server.games.store import Store
from spider.server.http.identity import PLAYER_COOKIE, player_id

FLOODER = "f" * 43  # the cookie token of the flooding player, whose games --games stores

TICK = 0.2  # the other player's pace: one hint and one GET every 200 ms
DRAIN = 60.0  # seconds a request may still take once the flood is over
VERIFIED_FOUR_SUITS = {"suits": 4, "deal": "verified"}


class Flood:
    """One flooding client: its answers by status, and how many new games were verified."""

    def __init__(self, kind: str) -> None:
        self.kind = kind
        self.answers: Counter[str] = Counter()

    async def run(self, host: str, port: int, connections: int, until: float) -> None:
        first = Connection(host, port)
        if self.kind == "stats":
            first.cookie = f"{PLAYER_COOKIE}={FLOODER}"  # the player of the games the database was filled with
        status, view = await first.request("POST", "/api/games", {"suits": 4})  # a cookie, and a game for hints
        assert status == 201, view
        links = [first] + [Connection(host, port) for _ in range(connections - 1)]
        for link in links:
            link.cookie = "" if self.kind == "fresh" else first.cookie
        try:
            await asyncio.gather(*(self.loop(link, view["id"], until) for link in links))
        finally:
            for link in links:
                link.close()

    async def loop(self, link: Connection, game_id: str, until: float) -> None:
        while time.monotonic() < until and self.kind != "none":
            if self.kind == "hints":
                status, answer = await link.request("GET", f"/api/games/{game_id}/hint")
            elif self.kind == "stats":
                status, answer = await link.request("GET", "/api/stats")
            else:
                if self.kind == "fresh":
                    link.cookie = ""  # a new player for every request
                status, answer = await link.request("POST", "/api/games", VERIFIED_FOUR_SUITS)
            label = str(status)
            if status == 201:
                label += " verified" if answer["verified"] else " random"
            self.answers[label] += 1
            if status >= 400:
                await asyncio.sleep(0.01)  # a refusal is immediate: do not spin the CPU the server needs


def fill(database: Path, count: int) -> None:
    """Stores ``count`` finished games straight into a new database: half of them the flooder's, the
    rest spread over 1000 other players, all ended in the last 30 days."""
    store = Store(f"sqlite:///{database}")
    store.close()
    now = time.time()
    players = [player_id(FLOODER)] + [f"{n:064x}" for n in range(1, 1001)]
    rows = []
    for n in range(count):
        player = players[0] if n % 2 == 0 else players[1 + n % 1000]
        ended = now - (n % 29) * 86400 - 60
        result = ("won", "resigned", "abandoned")[n % 3]
        rows.append((f"f{n:015d}", player, f"SP1-S{(1, 2, 4)[n % 3]}C-AAAAAAD", (1, 2, 4)[n % 3], "{}", 0, None, 0,
                     0, 0, ended - 600, ended, result, 500, 100 + n % 50, 600.0))
    with sqlite3.connect(database) as connection:
        connection.executemany("INSERT INTO players VALUES (?, ?)", [(player, now - 40 * 86400) for player in players])
        connection.executemany(
            "INSERT INTO games (id, player, code, suits, rules, verified, line, replay, typed, line_shown, created_at,"
            " finished_at, result, score, moves, seconds) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            rows,
        )
        # as a database from before the running tallies: the server's start counts these games once
        # (the migration 0007 does), and the statistics answer reads the tallies
        connection.execute("UPDATE alembic_version SET version_num = '0006'")


SLOW = 0.1  # seconds: a request slower than this is listed with the moment it was sent


async def warm_up(host: str, port: int) -> tuple[Connection, Connection, str]:
    """The other player's two connections and game, and one hint not timed: the solver's workers are
    up before anything is measured (a server starting under a flood is not what this measures)."""
    hints, gets = Connection(host, port), Connection(host, port)
    status, view = await hints.request("POST", "/api/games", {"suits": 4})
    assert status == 201, view
    status, hint = await hints.request("GET", f"/api/games/{view['id']}/hint")
    assert status == 200, hint
    gets.cookie = hints.cookie
    return hints, gets, view["id"]


async def other_player(
    hints: Connection, gets: Connection, game_id: str, until: float, slow: list[str]
) -> tuple[list[float], list[float], Counter[int]]:
    """The hint and GET latencies of a player who is not flooding, with its answers by status."""
    statuses = Counter[int]()
    hint_times: list[float] = []
    get_times: list[float] = []

    started = time.monotonic()

    async def every_tick(link: Connection, path: str, into: list[float]) -> None:
        while (began := time.monotonic()) < until:
            status, _ = await link.request("GET", path)
            into.append(time.monotonic() - began)
            if into[-1] > SLOW:
                slow.append(f"{path.rsplit('/', 1)[-1][:4]} {into[-1] * 1000:.0f} ms at {began - started:.1f} s")
            statuses[status] += 1
            await asyncio.sleep(max(0.0, began + TICK - time.monotonic()))

    try:
        await asyncio.gather(
            every_tick(hints, f"/api/games/{game_id}/hint", hint_times),
            every_tick(gets, f"/api/games/{game_id}", get_times),
        )
    finally:
        hints.close()
        gets.close()
    return hint_times, get_times, statuses


async def measure(url: str, kind: str, seconds: float, connections: int) -> None:
    host, port = url.removeprefix("http://").split(":")
    flood = Flood(kind)
    hints, gets, game_id = await warm_up(host, int(port))
    until = time.monotonic() + seconds
    flooding = asyncio.create_task(flood.run(host, int(port), connections, until))
    await asyncio.sleep(0.5)  # the flood is under way before the other player starts
    slow: list[str] = []
    try:
        hint_times, get_times, statuses = await asyncio.wait_for(
            other_player(hints, gets, game_id, until, slow), seconds + DRAIN
        )
    finally:
        try:
            await asyncio.wait_for(flooding, DRAIN)
        except TimeoutError:
            print("  (flood requests still unanswered were given up)")
    print(f"flood: {kind}, {connections} connections, {seconds:g} s")
    print(f"  flood answers: {dict(sorted(flood.answers.items()))}")
    print(f"  other player's answers: {dict(sorted(statuses.items()))}")
    for name, times in (("hint", hint_times), ("GET ", get_times)):
        print(
            f"  other player's {name}: {len(times)} requests, p50 {percentile(times, 0.5) * 1000:.0f} ms, "
            f"p99 {percentile(times, 0.99) * 1000:.0f} ms, max {max(times) * 1000:.0f} ms"
        )
    print(f"  other player's requests over {SLOW * 1000:.0f} ms: {', '.join(slow[:8]) or 'none'}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    kinds = ["new-games", "hints", "fresh", "stats", "none"]
    parser.add_argument("--flood", nargs="+", choices=kinds, default=kinds)
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--connections", type=int, default=8, help="the flooder's connections at once")
    parser.add_argument("--games", type=int, default=0, help="finished games the database holds first")
    args = parser.parse_args()
    os.environ["SPIDER_POOL_TARGET"] = "0"  # an empty pool: verified games are solved on the spot
    for kind in args.flood:
        with tempfile.TemporaryDirectory() as folder:
            database = Path(folder) / "flood.sqlite"
            if args.games:
                fill(database, args.games)
            began = time.monotonic()
            with spider_serve(database) as (url, _):
                if args.games:
                    print(f"server up in {time.monotonic() - began:.1f} s over {args.games} games")
                asyncio.run(measure(url, kind, args.seconds, args.connections))


if __name__ == "__main__":
    main()

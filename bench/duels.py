"""Duel benchmark: many duels at once, played as the page plays them, against one ``spider serve``.

Starts a real ``spider serve`` on a free loopback port over a fresh database; 2N players (default 200)
each take a cookie, N of them open a table and the others join one (over HTTP), then every player
opens the duel socket and follows its duel there, and plays as the page does: each action a
``POST /api/duels/{id}/actions`` (the one door for an action), thinking a random 0.5-1.5 s between
actions as a person would, then finishes (``POST .../finish``): each after a time of its own, between
``--together`` and 1 times the given seconds (default 0.8), as players end their games when they
choose; ``--together 1`` has all 200 finish in the same second, 100 duels ending at once. It prints:

- the action round trip (the request sent until its answer, the view and the duel's state, is read),
  p50 and p99. Target p99 <= 30 ms.
  The round trips of the actions sent while all play, and of those sent once the first player has
  finished (finishing: the game's result, both ratings stored, both players told), are also given apart;
- the delay from sending an action to the opponent's ``progress`` frame about it, p99. Target <= 50 ms;
- the server's CPU time per action (the process and its children, over the playing phase).

    nice .venv/bin/python bench/duels.py [--duels 100] [--seconds 30] [--together 0.8] [--log FILE]

Everything runs on loopback, and every loop is bounded by time or count.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import tempfile
import time
from pathlib import Path
from typing import Any

import websockets
from web import Connection, choose, cpu_seconds, percentile, spider_serve

FINISHING: list[float] = []
"""When each player sent its finish (the first of them ends the time when all are playing)."""


class Player:
    """One player: a cookie, a duel, a socket, and the times its actions and the opponent's news took."""

    def __init__(self, number: int, host: str, port: int) -> None:
        self.http = Connection(host, port)
        self.rng = random.Random(number)
        self.duel = ""
        self.seat = 0
        self.view: dict[str, Any] = {}
        self.round_trips: list[float] = []
        self.server_ms: list[float] = []  # what the server itself spent on each action
        self.sent_at: list[float] = []  # when each of its actions that were played was sent
        self.opponent_news: list[float] = []  # when each progress frame about the opponent arrived
        self.errors: list[str] = []

    async def read(self, socket: Any) -> None:
        async for text in socket:
            arrived = time.perf_counter()
            frame = json.loads(text)
            kind = frame["type"]
            if kind == "progress" and frame["seat"] != self.seat and not frame["player"]["finished"]:
                self.opponent_news.append(arrived)
            elif kind == "duel" and not self.view:
                self.view = frame["duel"]["you"]

    async def play(self, url: str, until: float) -> None:
        address = url.replace("http://", "ws://") + "/api/socket"
        async with websockets.connect(address, additional_headers={"Cookie": self.http.cookie}) as socket:
            reader = asyncio.create_task(self.read(socket))
            await socket.send(json.dumps({"type": "follow", "duel": self.duel}))
            for _ in range(200):
                if self.view:
                    break
                await asyncio.sleep(0.05)
            path = f"/api/duels/{self.duel}"
            while time.monotonic() < until and self.view:
                await asyncio.sleep(self.rng.uniform(0.5, 1.5))
                action = f"f{self.view['flips'][0]}" if self.view["flips"] else choose(self.view, self.rng)
                if action is None:
                    break
                sent = time.perf_counter()
                body = {"action": action, "version": self.view["version"]}
                status, answer = await self.http.request("POST", f"{path}/actions", body)
                if status == 200:
                    self.round_trips.append(time.perf_counter() - sent)
                    self.server_ms.append(self.http.server_ms)
                    self.sent_at.append(sent)
                    self.view = answer["view"]
                else:
                    self.errors.append(answer["message_id"])
                    if answer["message_id"].startswith("duel."):
                        break
            FINISHING.append(time.perf_counter())
            await self.http.request("POST", f"{path}/finish")
            await asyncio.sleep(1.0)  # the opponent's last news
            reader.cancel()


async def run(
    url: str, duels: int, seconds: float, together: float, pid: int
) -> tuple[list[Player], float, float, float]:
    host, port = url.removeprefix("http://").split(":")
    players = [Player(number, host, int(port)) for number in range(2 * duels)]
    for player in players:
        await player.http.request("GET", "/api/me")
    for number in range(duels):
        creator, opponent = players[2 * number], players[2 * number + 1]
        body = {"suits": 2, "minutes": 15, "opponent": {"kind": "person"}}
        status, table = await creator.http.request("POST", "/api/duels", body)
        assert status == 201, table
        status, joined = await opponent.http.request("POST", f"/api/duels/{table['id']}/join", {})
        assert status == 200, joined
        creator.duel = opponent.duel = table["id"]
        opponent.seat = 1
    cpu_before, began, own_before = cpu_seconds(pid), time.monotonic(), time.process_time()
    ends = [began + seconds * player.rng.uniform(together, 1.0) for player in players]
    await asyncio.gather(*(player.play(url, end) for player, end in zip(players, ends, strict=True)))
    cpu, own = cpu_seconds(pid) - cpu_before, time.process_time() - own_before
    for player in players:
        player.http.close()
    return players, cpu, own, time.monotonic() - began


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--duels", type=int, default=100)
    parser.add_argument("--seconds", type=float, default=30.0)
    parser.add_argument(
        "--together", type=float, default=0.8, help="the earliest a player finishes, as a share of --seconds"
    )
    parser.add_argument("--log", type=Path, help="where the server's own messages go")
    args = parser.parse_args()
    # every player comes from this one address
    for variable in ("NEW_GAMES_PER_ADDRESS_PER_MINUTE", "SOCKETS_PER_ADDRESS", "REQUESTS_IN_FLIGHT_PER_ADDRESS",
                     "ACTIONS_PER_ADDRESS_PER_SECOND"):
        os.environ[f"SPIDER_{variable}"] = "0"
    with (
        tempfile.TemporaryDirectory() as folder,
        spider_serve(str(Path(folder) / "duels.sqlite"), args.log) as (url, pid),
    ):
        print(f"spider serve at {url}, {os.cpu_count()} cores, load average before {os.getloadavg()[0]:.1f}")
        players, cpu, own, elapsed = asyncio.run(run(url, args.duels, args.seconds, args.together, pid))
    round_trips = [value for player in players for value in player.round_trips]
    delays = []
    for number in range(0, len(players), 2):
        for actor, watcher in ((players[number], players[number + 1]), (players[number + 1], players[number])):
            delays += [arrived - sent for sent, arrived in zip(actor.sent_at, watcher.opponent_news, strict=False)]
    errors = [error for player in players for error in player.errors]
    print(f"{args.duels} duels, {len(players)} players (acting over HTTP, following over WebSockets), {elapsed:.0f} s")
    print(f"  actions played: {len(round_trips)} ({len(round_trips) / elapsed:.0f} a second); refused: {len(errors)}")
    print(
        f"  action round trip: p50 {percentile(round_trips, 0.5) * 1000:.1f} ms,"
        f" p99 {percentile(round_trips, 0.99) * 1000:.1f} ms (target p99 <= 30 ms)"
    )
    first_finish = min(FINISHING, default=float("inf"))
    for phase, wanted in (("while all play", True), ("once players finish", False)):
        chosen = [
            trip
            for player in players
            for sent, trip in zip(player.sent_at, player.round_trips, strict=True)
            if (sent < first_finish) == wanted
        ]
        if not chosen:
            continue
        print(
            f"    {phase}: {len(chosen)} actions, p50 {percentile(chosen, 0.5) * 1000:.1f} ms,"
            f" p99 {percentile(chosen, 0.99) * 1000:.1f} ms"
        )
    handled = [value for player in players for value in player.server_ms]
    print(
        f"    of which in the server: p50 {percentile(handled, 0.5):.1f} ms, p99 {percentile(handled, 0.99):.1f} ms;"
        f" load average now {os.getloadavg()[0]:.1f}"
    )
    print(
        f"  opponent's progress update: p50 {percentile(delays, 0.5) * 1000:.1f} ms,"
        f" p99 {percentile(delays, 0.99) * 1000:.1f} ms (target p99 <= 50 ms)"
    )
    print(f"  server CPU: {cpu:.1f} s, {cpu / max(1, len(round_trips)) * 1000:.2f} ms per action")
    # the players' own process shares the machine: when it is near one whole core, its own delays
    # (reading frames late) are part of the round trips above
    print(f"  the players' process: {own:.1f} s of CPU, {own / elapsed * 100:.0f}% of one core")


if __name__ == "__main__":
    main()

"""Stall benchmark: what one client's sockets and connections do to everybody else.

Starts a real ``spider serve`` on a free loopback port over a fresh database, believing no proxy
(``SPIDER_FORWARDED_ALLOW_IPS=192.0.2.1``), so that the attacker, which connects from 127.0.0.2, is one
client address and the other player, from 127.0.0.1, another. Then, for each attack, for ``--seconds``:

- ``follow``: one cookie's duel socket sends ``follow`` frames back to back (20,000 a burst, 0.9 MB),
  opening a new socket whenever the server closes one;
- ``idle``: one cookie opens ``--sockets`` duel sockets (520) and holds them, answering pings;
- ``trickle``: ``--sockets`` connections each send a request body one byte every 8 s, reopened as
  they close;
- ``heads``: 600 connections each send half a request head, reopened as they close;
- ``none``: nothing (the other player's figures on a quiet server, for comparison);

while the other player, every 200 ms, asks ``GET /healthz`` on a new connection, plays an action in its
own game (``POST /api/games/{id}/actions``) on a kept one, and pings on its own duel socket. It prints
their latency p50/p99/max in milliseconds (and ``server``: the action's time inside the app, from its
``Server-Timing``, which the round trip exceeds by the waits in the event loop and on the machine),
their answers by status (``refused``: no answer, or a closed socket), and what the attacker managed. To
measure another version of the code, put its ``src`` first on ``PYTHONPATH``.

    .venv/bin/python bench/stall.py [--attack follow idle trickle heads none] [--seconds 20] [--sockets 520]

Every loop is bounded by time; a request unanswered 30 s after it was sent counts as ``refused``.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import multiprocessing
import os
import random
import tempfile
import time
from collections import Counter
from pathlib import Path
from typing import Any

from web import Connection, choose, percentile, spider_serve
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import WebSocketException

TICK = 0.2
PATIENCE = 30.0
ATTACKER = ("127.0.0.2", 0)  # the whole of 127/8 is this machine: another client address
FOLLOWS = 20_000


class Figures:
    """One measured kind of request: latencies of the answered ones, and answers by status."""

    def __init__(self) -> None:
        self.ms: list[float] = []
        self.answers: Counter[str] = Counter()

    async def time(self, job: Any) -> None:
        began = time.perf_counter()
        try:
            status = await asyncio.wait_for(job, PATIENCE)
        except (TimeoutError, OSError, ValueError, IndexError, asyncio.IncompleteReadError, WebSocketException):
            self.answers["refused"] += 1
            return
        self.ms.append((time.perf_counter() - began) * 1000)
        self.answers[str(status)] += 1

    def line(self, label: str) -> str:
        answers = " ".join(f"{status}:{count}" for status, count in sorted(self.answers.items()))
        if not self.ms:
            return f"  {label:<8} no answer  ({answers})"
        return (
            f"  {label:<8} p50 {percentile(self.ms, 0.5):8.1f}  p99 {percentile(self.ms, 0.99):8.1f}"
            f"  max {max(self.ms):8.1f}  ({answers})"
        )


async def cookie_of(host: str, port: int, local: tuple[str, int] | None = None) -> str:
    reader, writer = await asyncio.open_connection(host, port, local_addr=local)
    writer.write(f"GET /api/me HTTP/1.1\r\nHost: {host}\r\nConnection: close\r\n\r\n".encode())
    head = (await reader.read()).decode("latin-1")
    writer.close()
    found = (line.split(":", 1)[1] for line in head.split("\r\n") if line.lower().startswith("set-cookie"))
    return next(found).split(";")[0].strip()


async def healthz(host: str, port: int) -> int:
    reader, writer = await asyncio.open_connection(host, port)
    try:
        writer.write(f"GET /healthz HTTP/1.1\r\nHost: {host}\r\nConnection: close\r\n\r\n".encode())
        line = await reader.readline()
        return int(line.split()[1])
    finally:
        writer.close()


async def other_player(host: str, port: int, until: float) -> dict[str, Figures]:
    figures = {"healthz": Figures(), "action": Figures(), "ping": Figures(), "server": Figures()}
    link = Connection(host, port)
    status, view = await link.request("POST", "/api/games", {"suits": 1})
    assert status == 201, view
    rng = random.Random(1)
    socket = await connect(f"ws://{host}:{port}/api/socket", additional_headers={"Cookie": link.cookie})
    await socket.recv()  # hello
    ref = 0

    async def act() -> int:
        nonlocal view
        action = choose(view, rng)
        if action is None or view["over"]:  # a new game, timed as an action too
            status, view = await link.request("POST", "/api/games", {"suits": 1})
            return status
        body = {"action": action, "version": view["version"]}  # as the page sends it
        status, answer = await link.request("POST", f"/api/games/{view['id']}/actions", body)
        if status == 200:
            view = answer["view"]
        figures["server"].ms.append(link.server_ms)  # the action's own time in the server (Server-Timing)
        figures["server"].answers[str(status)] += 1
        return status

    async def ping() -> int:
        nonlocal ref
        ref += 1
        await socket.send(json.dumps({"type": "ping", "ref": ref}))
        while json.loads(await socket.recv()).get("ref") != ref:
            pass
        return 200

    try:
        while time.monotonic() < until:
            tick = time.monotonic() + TICK
            await asyncio.gather(
                figures["healthz"].time(healthz(host, port)),
                figures["action"].time(act()),
                figures["ping"].time(ping()),
            )
            await asyncio.sleep(max(0.0, tick - time.monotonic()))
    finally:
        link.close()
        await socket.close()
    return figures


async def follow_flood(host: str, port: int, until: float, done: Counter[str]) -> None:
    cookie = await cookie_of(host, port, ATTACKER)
    frame = json.dumps({"type": "follow", "duel": "no-such-duel"})
    while time.monotonic() < until:
        try:
            async with connect(
                f"ws://{host}:{port}/api/socket", additional_headers={"Cookie": cookie}, local_addr=ATTACKER
            ) as socket:
                done["sockets opened"] += 1
                while time.monotonic() < until:
                    for _ in range(FOLLOWS):  # a burst, without a pause to read
                        await socket.send(frame)
                    done["frames sent"] += FOLLOWS
                    await asyncio.sleep(0.1)  # the server's answers and close are read here
        except (OSError, WebSocketException):
            done["sockets closed by the server"] += 1
            await asyncio.sleep(0.01)


async def idle_sockets(host: str, port: int, until: float, count: int, done: Counter[str]) -> None:
    cookie = await cookie_of(host, port, ATTACKER)
    held: list[ClientConnection] = []

    async def one() -> None:
        try:
            socket = await connect(
                f"ws://{host}:{port}/api/socket", additional_headers={"Cookie": cookie}, local_addr=ATTACKER
            )
            frame = json.loads(await socket.recv())
            held.append(socket)
            done["held" if frame["type"] == "hello" else f"refused: {frame.get('message_id')}"] += 1
        except (OSError, WebSocketException, TimeoutError) as error:
            done[f"refused: {type(error).__name__}"] += 1

    await asyncio.gather(*(one() for _ in range(count)))
    await asyncio.sleep(max(0.0, until - time.monotonic()))
    await asyncio.gather(*(socket.close() for socket in held), return_exceptions=True)


async def slow_connections(host: str, port: int, until: float, count: int, kind: str, done: Counter[str]) -> None:
    async def one() -> None:
        while time.monotonic() < until:
            try:
                reader, writer = await asyncio.open_connection(host, port, local_addr=ATTACKER)
            except OSError:
                done["connect failed"] += 1
                await asyncio.sleep(0.1)
                continue
            done["opened"] += 1
            try:
                if kind == "heads":
                    writer.write(f"GET /api/presets HTTP/1.1\r\nHost: {host}\r\nX-Slow: ".encode())
                    await asyncio.wait_for(reader.read(), max(0.01, until - time.monotonic()))
                else:
                    writer.write(
                        f"POST /api/games HTTP/1.1\r\nHost: {host}\r\nContent-Type: application/json\r\n"
                        "Content-Length: 1000\r\n\r\n".encode()
                    )
                    while time.monotonic() < until and not reader.at_eof():
                        writer.write(b" ")
                        await writer.drain()
                        try:
                            answer = await asyncio.wait_for(reader.read(), 8.0)
                        except TimeoutError:
                            continue
                        if answer:
                            done[f"answered {answer.split()[1].decode()}"] += 1
                        break
                done["closed by the server"] += 1
            except TimeoutError:
                pass
            except OSError:
                done["closed by the server"] += 1
            finally:
                writer.close()

    await asyncio.gather(*(one() for _ in range(count)))


async def attack(host: str, port: int, kind: str, until: float, sockets: int) -> Counter[str]:
    done: Counter[str] = Counter()
    if kind == "follow":
        await follow_flood(host, port, until, done)
    elif kind == "idle":
        await idle_sockets(host, port, until, sockets, done)
    elif kind in ("trickle", "heads"):
        await slow_connections(host, port, until, sockets if kind == "trickle" else 600, kind, done)
    return done


def attacker(host: str, port: int, kind: str, seconds: float, sockets: int, results: Any) -> None:
    """The attack, in a process of its own: its work does not slow the other player's client."""
    results.put(dict(asyncio.run(attack(host, port, kind, time.monotonic() + seconds, sockets))))


def measure(host: str, port: int, kind: str, seconds: float, sockets: int) -> None:
    context = multiprocessing.get_context("spawn")
    results = context.Queue()
    process = context.Process(target=attacker, args=(host, port, kind, seconds + 1.0, sockets, results))
    process.start()
    time.sleep(1.0 if kind != "none" else 0.0)  # the attack under way before the other player starts
    figures = asyncio.run(other_player(host, port, time.monotonic() + seconds))
    done = results.get(timeout=PATIENCE * 2)
    process.join(PATIENCE)
    print(f"{kind}: " + ", ".join(f"{what} {count}" for what, count in sorted(done.items())))
    for label, found in figures.items():
        print(found.line(label))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--attack", nargs="+", default=["none", "follow", "idle", "trickle", "heads"])
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--sockets", type=int, default=520)
    args = parser.parse_args()
    os.environ["SPIDER_FORWARDED_ALLOW_IPS"] = "192.0.2.1"  # no proxy: each client address counts as one
    import spider

    print(f"spider from {Path(spider.__file__).parent}")
    for attack in args.attack:
        with tempfile.TemporaryDirectory() as folder, spider_serve(Path(folder) / "games.sqlite") as (url, _pid):
            port = int(url.rsplit(":", 1)[1])
            measure("127.0.0.1", port, attack, args.seconds, args.sockets)


if __name__ == "__main__":
    main()

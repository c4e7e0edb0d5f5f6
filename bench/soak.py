"""Soak: mixed play for a long while against two ``spider serve`` processes on PostgreSQL and Redis, with
one process killed with -9 every few minutes (and started again on its port) and Redis restarted once.

Players spread their requests over both processes, as a load balancer would: solo games (actions with
the ``version`` the page sends, a hint now and then, a new game when one is over), duels between two
people (one on each process) and duels against computer players. Every answer is checked afterwards:
each action answered 200 must be in the game the servers tell at the end. It prints:

- actions acknowledged, and acknowledged actions lost (target 0);
- 5xx answers outside the kill windows (a kill until its process answers again, plus a few seconds; the
  Redis restart likewise) (target 0), and those inside;
- the round trip of every answered request, p50 and p99;
- each process's memory over time (RSS: the server's own, and its worker processes'), and per life and
  part whether it grew once warm: from a third of the life (at least ``WARM`` seconds in) to its end,
  beyond what its cache of live games took meanwhile (bounded by ``SPIDER_CACHE_MEGABYTES``; ``/metrics``)
  and the worker processes started meanwhile (as many as their first did).

    nice -n 10 .venv/bin/python bench/soak.py [--minutes 30] [--kill-every 5] [--players 12]
        [--postgresql URL] [--redis-port PORT]

Without ``--postgresql`` it runs itself again inside ``scripts/services`` (a throwaway PostgreSQL);
it starts a Redis of its own, so that it can restart it. Every loop is bounded by time or count.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import shlex
import signal
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
from web import choose, free_port, percentile

ROOT = Path(__file__).resolve().parent.parent
GRACE = 5.0  # seconds after a process answers again (or Redis is back) still counted in its window
SAMPLE_EVERY = 30.0  # seconds between two memory samples
WARM = 120.0  # seconds after a process starts before its memory counts as warm
STEADY_MB = 5.0  # growth once warm within this is the noise of the allocator, not growth


@dataclass
class Tally:
    round_trips: list[float] = field(default_factory=list)
    # (cookie, path of the game or duel) -> the last version acknowledged
    acknowledged: dict[tuple[str, str], int] = field(default_factory=dict)
    acknowledged_count: int = 0
    server_errors: list[tuple[float, int, str]] = field(default_factory=list)
    windows: list[tuple[float, float]] = field(default_factory=list)  # (from, to); an open one ends at inf
    transport_errors: int = 0
    requests: int = 0

    def in_window(self, at: float) -> bool:
        return any(start <= at <= end + GRACE for start, end in self.windows)


class Servers:
    """The two server processes, their ports, and their memory over time."""

    def __init__(self, database: str, redis: str, log: Path) -> None:
        self.database, self.redis, self.log = database, redis, log
        self.ports = [free_port(), free_port()]
        self.processes: list[subprocess.Popen[bytes] | None] = [None, None]
        self.started = [0.0, 0.0]
        # (seconds since bench start, the server's MB, its workers' MB, life, its live games' MB as it counts
        # them, its worker processes)
        self.memory: list[list[tuple[float, float, float, int, float, int]]] = [[], []]
        self.lives = [0, 0]

    def url(self, index: int) -> str:
        return f"http://127.0.0.1:{self.ports[index]}"

    def start(self, index: int) -> None:
        env = {**os.environ, "SPIDER_REDIS_URL": self.redis, "SPIDER_POOL_TARGET": "0", "SPIDER_VERIFY_SECONDS": "0"}
        with self.log.open("ab") as log:
            self.processes[index] = subprocess.Popen(
                [sys.executable, "-m", "spider.cli", "serve", "--port", str(self.ports[index]),
                 "--database", self.database],
                env=env, stdout=subprocess.DEVNULL, stderr=log, start_new_session=True,
            )
        self.lives[index] += 1
        self.started[index] = time.monotonic()

    def wait_ready(self, index: int, seconds: float = 60.0) -> None:
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            try:
                if httpx.get(self.url(index) + "/healthz", timeout=2).status_code == 200:
                    return
            except httpx.TransportError:
                pass
            time.sleep(0.2)
        raise SystemExit(f"server {index + 1} did not start")

    def kill(self, index: int) -> None:
        process = self.processes[index]
        if process is not None:
            os.killpg(process.pid, signal.SIGKILL)  # the server and its workers, as a crash of the machine's
            process.wait(10)

    def stop(self) -> None:
        for process in self.processes:
            if process is not None and process.poll() is None:
                os.killpg(process.pid, signal.SIGTERM)
                try:
                    process.wait(15)
                except subprocess.TimeoutExpired:
                    os.killpg(process.pid, signal.SIGKILL)

    def sample(self, since: float) -> None:
        for index, process in enumerate(self.processes):
            if process is not None and process.poll() is None:
                own = rss(process.pid)
                children = descendants(process.pid)
                workers = sum(rss(child) for child in children)
                cached = live_games_mb(self.url(index))
                self.memory[index].append(
                    (time.monotonic() - since, own, workers, self.lives[index], cached, len(children))
                )


def live_games_mb(url: str) -> float:
    """The memory a server's live games take as its cache counts them (``/metrics``), in MB; 0 unanswered."""
    try:
        for line in httpx.get(url + "/metrics", timeout=2).text.splitlines():
            if line.startswith("spider_live_games_bytes "):
                return float(line.split()[1]) / 2**20
    except httpx.HTTPError:
        pass
    return 0.0


def descendants(pid: int) -> list[int]:
    """A process's children and theirs: those started by any of its threads (a solver's worker process is
    started by the thread that first asks for a search, not always the main one)."""
    found: list[int] = []
    for task in Path(f"/proc/{pid}/task").glob("*/children"):
        try:
            children = [int(child) for child in task.read_text().split()]
        except OSError:
            continue
        for child in children:
            found += [child, *descendants(child)]
    return found


def rss(pid: int) -> float:
    """A process's resident memory, in MB (0 when it is gone)."""
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    except OSError:
        pass
    return 0.0


class Client:
    """One player: a cookie, and requests to either process (the other one when one does not answer)."""

    def __init__(self, number: int, servers: Servers, tally: Tally) -> None:
        self.rng = random.Random(number)
        self.servers, self.tally = servers, tally
        self.http = httpx.AsyncClient(timeout=30)

    async def request(self, method: str, path: str, body: dict[str, Any] | None = None) -> tuple[int, Any]:
        """The answer, from whichever process answers (up to 60 s of tries); a 5xx is noted and returned."""
        first = self.rng.randrange(2)
        deadline = time.monotonic() + 60
        attempt = 0
        while time.monotonic() < deadline:
            index = (first + attempt) % 2
            attempt += 1
            began = time.monotonic()
            try:
                response = await self.http.request(method, self.servers.url(index) + path, json=body)
            except httpx.TransportError:
                self.tally.transport_errors += 1
                await asyncio.sleep(0.2)
                continue
            self.tally.requests += 1
            self.tally.round_trips.append(time.monotonic() - began)
            if response.status_code >= 500:
                self.tally.server_errors.append((time.monotonic(), response.status_code, f"{method} {path}"))
            try:
                answer = response.json()
            except ValueError:
                answer = None
            return response.status_code, answer
        return 0, None

    async def think(self, low: float = 0.3, high: float = 1.2) -> None:
        await asyncio.sleep(self.rng.uniform(low, high))

    @property
    def cookie(self) -> str:
        return self.http.cookies.get("spider_player") or ""

    def acknowledge(self, path: str, version: int) -> None:
        self.tally.acknowledged_count += 1
        key = (self.cookie, path)
        self.tally.acknowledged[key] = max(self.tally.acknowledged.get(key, 0), version)


async def solo(client: Client, until: float) -> None:
    suits = client.rng.choice((1, 2))
    while time.monotonic() < until:
        status, view = await client.request("POST", "/api/games", {"suits": suits})
        if status != 201:
            await client.think(1, 2)
            continue
        for _ in range(60):
            if time.monotonic() >= until or view["over"]:
                break
            await client.think()
            if client.rng.random() < 0.08:
                await client.request("GET", f"/api/games/{view['id']}/hint")
                continue
            action = f"f{view['flips'][0]}" if view.get("flips") else choose(view, client.rng)
            if action is None:
                break
            status, played = await client.request(
                "POST", f"/api/games/{view['id']}/actions", {"action": action, "version": view["version"]}
            )
            if status == 200:
                view = played["view"]
                client.acknowledge(f"/api/games/{view['id']}", view["version"])
            else:  # refused or changed (an answer lost in a kill): the game as stored
                status, fresh = await client.request("GET", f"/api/games/{view['id']}")
                if status != 200:
                    break
                view = fresh
        if not view["over"]:
            await client.request("POST", f"/api/games/{view['id']}/resign")


async def duel(client: Client, opponent: Client | None, until: float) -> None:
    """A duel against a person (``opponent``, who joins) or a computer player; both play, then finish."""
    while time.monotonic() < until:
        strength = client.rng.choice(("beginner", "casual"))
        kind = {"kind": "person"} if opponent else {"kind": "computer", "strength": strength}
        status, table = await client.request("POST", "/api/duels", {"suits": 1, "minutes": 5, "opponent": kind})
        if status != 201:
            await client.think(1, 3)
            continue
        players = [client]
        if opponent is not None:
            status, _ = await opponent.request("POST", f"/api/duels/{table['id']}/join")
            if status != 200:
                await client.request("POST", f"/api/duels/{table['id']}/leave")
                continue
            players.append(opponent)
        await asyncio.gather(*(duel_play(player, table["id"], until) for player in players))


async def duel_play(client: Client, duel_id: str, until: float) -> None:
    status, state = await client.request("GET", f"/api/duels/{duel_id}")
    if status != 200 or state.get("you") is None:
        return
    view = state["you"]
    for _ in range(client.rng.randrange(20, 60)):
        if time.monotonic() >= until or view["over"]:
            break
        await client.think()
        action = f"f{view['flips'][0]}" if view.get("flips") else choose(view, client.rng)
        if action is None:
            break
        status, played = await client.request("POST", f"/api/duels/{duel_id}/actions", {"action": action})
        if status == 200:
            view = played["view"]
            client.acknowledge(f"/api/duels/{duel_id}", view["version"])
        else:
            status, fresh = await client.request("GET", f"/api/duels/{duel_id}")
            if status != 200 or fresh.get("you") is None:
                break
            view = fresh["you"]
    await client.request("POST", f"/api/duels/{duel_id}/finish")


async def lost(clients: list[Client], tally: Tally) -> tuple[int, list[str]]:
    """Acknowledged actions the servers no longer tell: per game, the versions acknowledged beyond the stored one."""
    missing, notes = 0, []
    for client in clients:
        for (cookie, path), version in tally.acknowledged.items():
            if cookie != client.cookie:
                continue
            status, told = await client.request("GET", path)
            view = (told.get("you") if path.startswith("/api/duels/") else told) if status == 200 else None
            stored = view["version"] if view else None
            if stored is None or stored < version:
                missing += version - (stored or 0)
                notes.append(f"{path}: acknowledged version {version}, stored {stored} (answer {status})")
    return missing, notes


async def run_play(servers: Servers, tally: Tally, players: int, until: float) -> list[Client]:
    clients = [Client(number, servers, tally) for number in range(players)]
    jobs = []
    for number, client in enumerate(clients):
        role = number % 4
        if role == 0 and number + 1 < players:
            jobs.append(duel(client, clients[number + 1], until))  # the next player is the opponent
        elif role == 1:
            continue
        elif role == 2:
            jobs.append(duel(client, None, until))
        else:
            jobs.append(solo(client, until))
    await asyncio.gather(*jobs)
    return clients


async def conductor(
    servers: Servers, tally: Tally, redis: Redis, args: argparse.Namespace, began: float, until: float
) -> None:
    """Kills a process every ``--kill-every`` minutes (each in turn) and restarts it; restarts Redis once, halfway."""
    next_kill = began + args.kill_every * 60
    next_sample = began
    redis_at = began + args.minutes * 30 + args.kill_every * 30  # halfway, between two kills
    victim = 0
    while time.monotonic() < until:
        now = time.monotonic()
        if now >= next_sample:
            servers.sample(began)
            next_sample += SAMPLE_EVERY
        if now >= next_kill and now < until - 30:
            start = time.monotonic()
            tally.windows.append((start, float("inf")))
            servers.kill(victim)
            servers.start(victim)
            await asyncio.to_thread(servers.wait_ready, victim)
            tally.windows[-1] = (start, time.monotonic())
            print(f"{start - began:7.1f} s: killed server {victim + 1} (-9), back in {time.monotonic() - start:.1f} s",
                  flush=True)
            victim = 1 - victim
            next_kill += args.kill_every * 60
        if redis_at is not None and now >= redis_at:
            start = time.monotonic()
            tally.windows.append((start, float("inf")))
            await asyncio.to_thread(redis.restart)
            tally.windows[-1] = (start, time.monotonic())
            print(f"{start - began:7.1f} s: restarted Redis in {time.monotonic() - start:.1f} s", flush=True)
            redis_at = None
        await asyncio.sleep(1.0)


class Redis:
    """A Redis of the bench's own, so that it can be restarted."""

    def __init__(self, port: int) -> None:
        self.port = port
        self.process: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def start(self) -> None:
        self.process = subprocess.Popen(
            ["redis-server", "--port", str(self.port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
        )
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            answer = subprocess.run(["redis-cli", "-p", str(self.port), "ping"], capture_output=True).stdout
            if answer.strip() == b"PONG":
                return
            time.sleep(0.1)

    def restart(self) -> None:
        self.stop()
        time.sleep(2.0)  # Redis down for a moment, as a restart by its service manager
        self.start()

    def stop(self) -> None:
        if self.process is not None:
            self.process.terminate()
            self.process.wait(10)


def memory_report(servers: Servers) -> None:
    """Each process's samples, then per life and part its memory once warm, and a verdict for the run."""
    grew = []
    for index, samples in enumerate(servers.memory):
        print(f"server {index + 1} memory (MB, server+workers), every {SAMPLE_EVERY:.0f} s; | marks a restart:")
        line, life = [], 1
        for _, own, workers, sample_life, _, _ in samples:
            if sample_life != life:
                line.append("|")
                life = sample_life
            line.append(f"{own:.0f}+{workers:.0f}")
        print("  " + " ".join(line))
        for life in sorted({sample[3] for sample in samples}):
            lived = [(at, own, workers, cached, count) for at, own, workers, of_life, cached, count in samples
                     if of_life == life]
            warm_from = max(WARM, (lived[-1][0] - lived[0][0]) / 3)
            warm = [sample for sample in lived if sample[0] - lived[0][0] >= warm_from]
            if len(warm) < 2:
                print(f"  life {life}: too short to tell ({len(lived)} samples)")
                continue
            parts = []
            cache_growth = warm[-1][3] - warm[0][3]  # the live games' cache filling up to its bound is no leak
            started = warm[-1][4] - warm[0][4]  # worker processes are started as searches need them
            each = warm[0][2] / warm[0][4] if warm[0][4] else 0.0
            for name, part, allowed in (("server", 1, max(0.0, cache_growth)), ("workers", 2, max(0, started) * each)):
                first, last = warm[0][part], warm[-1][part]
                if last - first > STEADY_MB + allowed:
                    grew.append(f"server {index + 1} life {life} {name} {last - first - allowed:+.0f} MB")
                parts.append(f"{name} {first:.0f} -> {last:.0f} MB ({last - first:+.0f})")
            parts[0] += f", its live games {warm[0][3]:.0f} -> {warm[-1][3]:.0f} MB"
            parts[1] += f", {warm[0][4]} -> {warm[-1][4]} processes"
            print(f"  life {life}, from {warm[0][0] - lived[0][0]:.0f} s to {warm[-1][0] - lived[0][0]:.0f} s: "
                  + "; ".join(parts))
    if grew:
        print(f"memory once warm: GREW by more than {STEADY_MB:.0f} MB beyond the live games' cache and new workers in "
              + ", ".join(grew))
    else:
        print(f"memory once warm: no growth (within {STEADY_MB:.0f} MB in every life, server and workers, "
              "beyond the live games' cache filling up to SPIDER_CACHE_MEGABYTES and worker processes started)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--minutes", type=float, default=30.0)
    parser.add_argument("--kill-every", type=float, default=5.0, help="minutes between two kill -9")
    parser.add_argument("--players", type=int, default=12)
    parser.add_argument("--postgresql", help="a PostgreSQL URL (default: a throwaway one from scripts/services)")
    parser.add_argument("--redis-port", type=int, help="a free port for the bench's own Redis")
    parser.add_argument("--log", type=Path, default=Path("soak-servers.log"), help="the servers' stderr")
    args = parser.parse_args()
    if not args.postgresql:
        postgresql = os.environ.get("SPIDER_TEST_POSTGRESQL")
        if not postgresql:
            command = f"source {shlex.quote(str(ROOT / 'scripts/services'))} && " + shlex.join(
                [sys.executable, *sys.argv, "--postgresql", "FROM_SERVICES"]
            ).replace("FROM_SERVICES", '"$SPIDER_TEST_POSTGRESQL"')
            sys.exit(subprocess.run(["bash", "-c", command]).returncode)
        args.postgresql = postgresql
    redis = Redis(args.redis_port or free_port())
    redis.start()
    servers = Servers(args.postgresql, redis.url, args.log)
    tally = Tally()
    try:
        for index in range(2):  # one after the other: two first starts at once on a fresh database race
            servers.start(index)  # to add the computer players, and one fails (reported, not this bench's to fix)
            servers.wait_ready(index)
        began = time.monotonic()
        until = began + args.minutes * 60

        async def everything() -> list[Client]:
            conducting = asyncio.create_task(conductor(servers, tally, redis, args, began, until))
            clients = await run_play(servers, tally, args.players, until)
            await conducting
            missing, notes = await lost(clients, tally)
            for client in clients:
                await client.http.aclose()
            report(servers, tally, missing, notes, began)
            return clients

        asyncio.run(everything())
    finally:
        servers.stop()
        redis.stop()


def report(servers: Servers, tally: Tally, missing: int, notes: list[str], began: float) -> None:
    outside = [error for error in tally.server_errors if not tally.in_window(error[0])]
    inside = len(tally.server_errors) - len(outside)
    print(f"requests answered: {tally.requests}; "
          f"transport errors (a process down, tried again): {tally.transport_errors}")
    print(f"actions acknowledged: {tally.acknowledged_count}; acknowledged and lost: {missing}")
    for note in notes[:10]:
        print(f"  {note}")
    print(f"5xx outside the kill windows: {len(outside)}; inside: {inside}")
    for at, status, what in tally.server_errors[:20]:
        print(f"  {at - began:7.1f} s: {status} {what} ({'inside' if tally.in_window(at) else 'outside'})")
    trips = [seconds * 1000 for seconds in tally.round_trips]
    print(f"round trip: p50 {percentile(trips, 0.5):.1f} ms, p99 {percentile(trips, 0.99):.1f} ms")
    memory_report(servers)


if __name__ == "__main__":
    main()

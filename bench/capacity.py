"""Capacity benchmark (issue 52): each costly attack replayed against one server while a victim plays, side by
side with a quiet server (the same settings, no attack).

For each attack, two real ``spider serve`` processes start on free loopback ports, each over a fresh SQLite
file, with the production defaults except ``SPIDER_POOL_TARGET=0`` (no background filling of the deal pool, which
would spend both cores on both servers through the short runs) and what an attack needs (``past-daily``: a site
whose first day of daily deals is 400 days ago, so that there are past days to ask for). Every client comes
through 127.0.0.1, the proxy a server trusts by default, and names its own address in ``X-Forwarded-For``: the
victim 192.0.2.1; the throwaway clients, with ``--from many``, each an address of its own (a botnet), with
``--from one`` all the one address 203.0.113.66 (many cookies behind one address, the usual case).

The victim, on both servers at once, plays a 4-suit game (an action from the view every 0.2-0.6 s, as
``web.choose`` picks it), asks a hint and ``/healthz`` every five actions, and once asks for the review of a game
it finished before (100 actions of a computer player's game, resigned). The attacks, on one server only:

- ``arenas``: 200 throwaway cookies try to open arenas (only accounts in good standing may: 403) and join every
  arena not over, again and again;
- ``meter``: 30 cookies each play a 1-suit game and ask the win-chance meter (``GET /api/games/{id}/chance``)
  after every action, back to back;
- ``reviews``: 12 cookies each finish a game (up to 80 actions, resigned) and ask for its review, polling it;
- ``past-daily``: 30 clients at once each start past days' 4-suit daily deals, a day nobody asked for yet each
  time (each day's deal is chosen through the queue the first time);
- ``positions``: six connections post, back to back, the largest record ``POST /api/records/positions`` takes
  (1,000 actions); with ``--from one`` from one cookie, with ``--from many`` a fresh cookie and address each time;
- ``daily-routes``: 600 throwaway entries on today's 1-suit board (finished, resigned), then 32 connections
  hammer ``GET /api/daily`` and today's board.

Per attack it prints the victim's action p50/p95 on both servers and their ratio (goal: at most 2), the victim's
hints answered/asked (goal: all), its hint and ``/healthz`` p95, the seconds until its review started (goal:
10 s; the first progress, ``done > 0``, or ``running``), and the attackers' answers by status with the
``Retry-After`` values seen and each route's p50.

With ``--redis`` (needs ``redis-server``): a throwaway Redis on a free port, one server with ``SPIDER_REDIS_URL``
and ``SPIDER_SOLVER_WORKERS=0``, and two ``spider worker --processes 1``. A 100-action 4-suit game's review is
started, and the worker busiest at the time is killed with SIGKILL (its whole process group) once the review's
``done`` is above 0 and below its total: it prints whether the review still finishes, and when. Then a worker is
added again and 40 players ask hints back to back for ``--seconds``: hints answered a second, per worker process.

    nice -n 5 .venv/bin/python bench/capacity.py [--attacks arenas,meter,reviews,past-daily,positions,daily-routes]
        [--seconds 30] [--from many,one] [--redis] [--json PATH]

Everything runs on loopback, and every loop is bounded by time or count.
"""

from __future__ import annotations

import argparse
import asyncio
import datetime as dt
import json
import os
import random
import shlex
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Awaitable, Callable, Iterator
from contextlib import ExitStack, contextmanager, suppress
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from web import Connection, choose, cpu_seconds, free_port, percentile, spider_serve

from spider import Game
from spider.players import Player, play_game
from spider.replays import MAX_ACTIONS

ATTACKS = ("arenas", "meter", "reviews", "past-daily", "positions", "daily-routes")
VICTIM = "192.0.2.1"
ONE_ADDRESS = "203.0.113.66"
REVIEWED_CODE = "SP1-S4C-AAAAAAE"  # the casual computer player plays 138 actions of it: 100 are reviewed
REVIEWED_ACTIONS = 100
WARM = 2.0  # seconds the attack runs before the victim starts
PATIENCE = 60.0  # seconds a request may take before it counts as unanswered
PACE = 0.04  # seconds between the actions of a game played to be reviewed: within the 30 actions a second
LOGS = Path(tempfile.gettempdir()) / "capacity-bench"


def address(number: int, mode: str) -> str:
    """A throwaway client's address: its own (``many``), or the one every throwaway client shares (``one``)."""
    return ONE_ADDRESS if mode == "one" else f"10.{number // 65536 % 256}.{number // 256 % 256}.{number % 256}"


def ms(values: list[float], share: float) -> float | None:
    return None if not values else round(1000 * percentile(values, share), 1)


@dataclass
class Identity:
    """A throwaway client: its cookie jar and the address its requests name."""

    jar: dict[str, str]
    headers: dict[str, str]

    @classmethod
    def made(cls, number: int, mode: str) -> Identity:
        return cls({}, {"X-Forwarded-For": address(number, mode)})


@dataclass
class Tally:
    """The attackers' answers: by status, the ``Retry-After`` values seen, and each route's times."""

    statuses: Counter[str] = field(default_factory=Counter)
    retry_after: Counter[str] = field(default_factory=Counter)
    times: dict[str, list[float]] = field(default_factory=dict)

    async def ask(
        self, link: Connection, who: Identity, label: str, method: str, path: str, body: dict[str, Any] | None = None
    ) -> tuple[int, Any]:
        link.jar, link.headers = who.jar, who.headers
        began = time.perf_counter()
        try:
            status, answer = await asyncio.wait_for(link.request(method, path, body), PATIENCE)
        except (TimeoutError, OSError, ValueError, IndexError, asyncio.IncompleteReadError):
            link.close()
            link.writer = None
            self.statuses[f"{label} unanswered"] += 1
            return 0, None
        self.times.setdefault(label, []).append(time.perf_counter() - began)
        self.statuses[f"{label} {status}"] += 1
        if link.retry_after is not None:
            self.retry_after[link.retry_after] += 1
        if status >= 400:
            await asyncio.sleep(0.05)  # a refusal is at once: a loop would spin the CPU the server needs
        return status, answer

    def to_json(self) -> dict[str, Any]:
        return {
            "answers": dict(sorted(self.statuses.items())),
            "retry_after": dict(sorted(self.retry_after.items(), key=lambda item: float(item[0]))),
            "p50_ms": {label: ms(times, 0.5) for label, times in sorted(self.times.items())},
        }


def links(url: str, count: int) -> list[Connection]:
    host, port = url.removeprefix("http://").split(":")
    return [Connection(host, int(port)) for _ in range(count)]


async def lanes(count: int, until: float, work: Callable[[int], Awaitable[None]]) -> None:
    """``count`` attacking loops at once, each calling ``work`` with its number until the attack's end."""

    async def lane(number: int) -> None:
        while time.monotonic() < until:
            await work(number)

    await asyncio.gather(*(lane(number) for number in range(count)))


async def finished_game(tally: Tally, link: Connection, who: Identity, actions: int, suits: int = 4) -> str | None:
    """A game of ``who``'s played up to ``actions`` actions as ``web.choose`` picks them, then resigned: its id."""
    rng = random.Random(hash(who.headers["X-Forwarded-For"]) ^ len(who.jar))
    status, view = await tally.ask(link, who, "new game", "POST", "/api/games", {"suits": suits})
    if status != 201:
        return None
    for _ in range(actions):
        action = choose(view, rng) if not view["over"] else None
        if action is None:
            break
        await asyncio.sleep(PACE)
        body = {"action": action, "version": view["version"]}
        status, played = await tally.ask(link, who, "action", "POST", f"/api/games/{view['id']}/actions", body)
        if status != 200:
            break
        view = played["view"]
    await tally.ask(link, who, "resign", "POST", f"/api/games/{view['id']}/resign", {})
    game_id: str = view["id"]
    return game_id


def computer_line() -> list[str]:
    """The first ``REVIEWED_ACTIONS`` actions the casual computer player plays in ``REVIEWED_CODE``."""
    return list(play_game(Game.from_code(REVIEWED_CODE), Player("casual")).line)[:REVIEWED_ACTIONS]


async def reviewed_game(link: Connection, line: list[str]) -> str:
    """A game of ``REVIEWED_CODE`` with ``line`` played and resigned: its id, for a review."""
    status, view = await link.request("POST", "/api/games", {"code": REVIEWED_CODE})
    assert status == 201, view
    for action in line:
        await asyncio.sleep(PACE)
        status, played = await link.request("POST", f"/api/games/{view['id']}/actions",
                                            {"action": action, "version": view["version"]})
        assert status == 200, (action, played)
        view = played["view"]
    status, _ = await link.request("POST", f"/api/games/{view['id']}/resign", {})
    assert status == 200
    game_id: str = view["id"]
    return game_id


# The victim.


@dataclass
class Victim:
    """A player with a cookie and an address of its own, who plays, asks hints and asks one review."""

    url: str
    jar: dict[str, str] = field(default_factory=dict)
    actions: list[float] = field(default_factory=list)
    hints: list[float] = field(default_factory=list)
    health: list[float] = field(default_factory=list)
    answers: Counter[str] = field(default_factory=Counter)
    hints_asked: int = 0
    hints_answered: int = 0
    review_game: str = ""
    review_started: float | None = None
    review_state: str = "not asked"

    def link(self) -> Connection:
        host, port = self.url.removeprefix("http://").split(":")
        return Connection(host, int(port), headers={"X-Forwarded-For": VICTIM})

    async def prepare(self, line: list[str]) -> None:
        link = self.link()
        try:
            self.review_game = await reviewed_game(link, line)
            self.jar = link.jar
            # one hint, not timed: the server's solver worker is up before anything is measured (a server
            # starting its workers under an attack is not what this measures)
            status, view = await link.request("POST", "/api/games", {"suits": 4})
            assert status == 201, view
            status, hint = await link.request("GET", f"/api/games/{view['id']}/hint")
            assert status == 200, hint
        finally:
            link.close()

    async def timed(self, link: Connection, label: str, method: str, path: str, body: Any = None) -> tuple[int, Any]:
        try:
            status, answer = await asyncio.wait_for(link.request(method, path, body), PATIENCE)
        except (TimeoutError, OSError, ValueError, IndexError, asyncio.IncompleteReadError):
            link.close()
            link.writer = None
            self.answers[f"{label} unanswered"] += 1
            return 0, None
        self.answers[f"{label} {status}"] += 1
        return status, answer

    async def play(self, until: float) -> None:
        link, health = self.link(), self.link()
        link.jar = self.jar
        rng = random.Random(7)
        review = asyncio.create_task(self.review(until))
        try:
            status, view = await self.timed(link, "new game", "POST", "/api/games", {"suits": 4})
            played = 0
            while time.monotonic() < until and status in (200, 201):
                await asyncio.sleep(rng.uniform(0.2, 0.6))
                action = choose(view, rng) if not view["over"] else None
                if action is None:
                    status, view = await self.timed(link, "new game", "POST", "/api/games", {"suits": 4})
                    continue
                began = time.perf_counter()
                body = {"action": action, "version": view["version"]}
                status, answer = await self.timed(link, "action", "POST", f"/api/games/{view['id']}/actions", body)
                if status != 200:
                    status, view = await self.timed(link, "game", "GET", f"/api/games/{view['id']}")
                    continue
                self.actions.append(time.perf_counter() - began)
                view = answer["view"]
                played += 1
                if played % 5 == 0:
                    self.hints_asked += 1
                    began = time.perf_counter()
                    hint_status, _ = await self.timed(link, "hint", "GET", f"/api/games/{view['id']}/hint")
                    if hint_status == 200:
                        self.hints_answered += 1
                        self.hints.append(time.perf_counter() - began)
                    began = time.perf_counter()
                    if (await self.timed(health, "healthz", "GET", "/healthz"))[0] == 200:
                        self.health.append(time.perf_counter() - began)
        finally:
            await review
            link.close()
            health.close()

    async def review(self, until: float) -> None:
        """Asks the review of the finished game, and waits for its first progress until the attack's end."""
        link = self.link()
        link.jar = self.jar
        path = f"/api/games/{self.review_game}/review"
        asked = time.monotonic()
        try:
            status, answer = await self.timed(link, "review", "POST", path, {})
            while status == 429 and time.monotonic() < until:  # asked again after the wait the server names
                await asyncio.sleep(float(link.retry_after or 1))
                status, answer = await self.timed(link, "review", "POST", path, {})
            while status in (200, 202) and time.monotonic() < max(until, asked + 15):
                self.review_state = answer["state"]
                if answer["done"] > 0 or answer["state"] in ("running", "done"):
                    self.review_started = time.monotonic() - asked
                    return
                if answer["state"] == "failed":
                    return
                await asyncio.sleep(0.25)
                status, answer = await self.timed(link, "review progress", "GET", path)
            if status not in (200, 202):
                self.review_state = f"refused {status}"
        finally:
            link.close()

    def to_json(self) -> dict[str, Any]:
        return {
            "actions": len(self.actions), "action_p50_ms": ms(self.actions, 0.5),
            "action_p95_ms": ms(self.actions, 0.95),
            "hints_asked": self.hints_asked, "hints_answered": self.hints_answered, "hint_p95_ms": ms(self.hints, 0.95),
            "healthz_p95_ms": ms(self.health, 0.95), "healthz_max_ms": ms(self.health, 1.0),
            "review_started_s": None if self.review_started is None else round(self.review_started, 1),
            "review_state": self.review_state, "answers": dict(sorted(self.answers.items())),
        }


# The attacks: each prepares on the attacked server, then runs until the attack's end.


def today() -> dt.date:
    return dt.datetime.now(dt.UTC).date()


async def arenas(url: str, mode: str, until_ready: Callable[[], float], tally: Tally) -> None:
    people = [Identity.made(number, mode) for number in range(200)]
    lines = links(url, 32)
    turn = iter(range(10**9))
    body = {"suits": 1, "minutes": 3, "length": 120}

    async def work(lane: int) -> None:
        who = people[next(turn) % len(people)]
        link = lines[lane]
        await tally.ask(link, who, "open arena", "POST", "/api/arenas", body)
        status, listed = await tally.ask(link, who, "list arenas", "GET", "/api/arenas")
        for arena in listed["arenas"] if status == 200 else []:
            if arena["state"] != "over" and not arena["joined"]:
                await tally.ask(link, who, "join arena", "POST", f"/api/arenas/{arena['id']}/join", {})

    await lanes(len(lines), until_ready(), work)


async def meter(url: str, mode: str, until_ready: Callable[[], float], tally: Tally) -> None:
    people = [Identity.made(number, mode) for number in range(30)]
    lines = links(url, len(people))
    views: list[Any] = [None] * len(people)
    rng = random.Random(3)
    for number, who in enumerate(people):
        views[number] = (await tally.ask(lines[number], who, "new game", "POST", "/api/games", {"suits": 1}))[1]

    async def work(number: int) -> None:
        who, link, view = people[number], lines[number], views[number]
        action = choose(view, rng) if view is not None and not view["over"] else None
        if action is None:
            status, views[number] = await tally.ask(link, who, "new game", "POST", "/api/games", {"suits": 1})
            return
        body = {"action": action, "version": view["version"]}
        status, played = await tally.ask(link, who, "action", "POST", f"/api/games/{view['id']}/actions", body)
        if status == 200:
            views[number] = played["view"]
            await tally.ask(link, who, "meter", "GET", f"/api/games/{view['id']}/chance")
        else:
            views[number] = (await tally.ask(link, who, "game", "GET", f"/api/games/{view['id']}"))[1]

    await lanes(len(lines), until_ready(), work)


async def reviews(url: str, mode: str, until_ready: Callable[[], float], tally: Tally) -> None:
    people = [Identity.made(number, mode) for number in range(12)]
    lines = links(url, len(people))
    games = await asyncio.gather(*(finished_game(tally, lines[n], who, 80) for n, who in enumerate(people)))

    async def work(number: int) -> None:
        who, link, game_id = people[number], lines[number], games[number]
        if game_id is None:
            await asyncio.sleep(1)
            return
        path = f"/api/games/{game_id}/review"
        status, review = await tally.ask(link, who, "review", "POST", path, {})
        while status in (200, 202) and review["state"] in ("queued", "running") and time.monotonic() < until:
            await asyncio.sleep(1.0)
            status, review = await tally.ask(link, who, "review progress", "GET", path)
        if status in (200, 202) and review["state"] == "done":
            games[number] = await finished_game(tally, link, who, 80)  # another, to review next

    until = until_ready()  # the polling loops above end with the attack
    await lanes(len(lines), until, work)


async def past_daily(url: str, mode: str, until_ready: Callable[[], float], tally: Tally) -> None:
    people = [Identity.made(number, mode) for number in range(30)]
    lines = links(url, len(people))
    days = iter(range(1, 400))  # a day nobody asked for yet, each time
    asking: list[int | None] = [None] * len(people)  # each client's day, asked again until it is dealt

    async def work(number: int) -> None:
        if asking[number] is None:
            asking[number] = next(days, None)
        if asking[number] is None:  # every day asked for already
            await asyncio.sleep(1)
            return
        day = (today() - dt.timedelta(days=asking[number] or 0)).isoformat()
        body = {"daily": day, "suits": 4}
        status, _ = await tally.ask(lines[number], people[number], "past daily", "POST", "/api/games", body)
        if status == 201:
            asking[number] = None

    await lanes(len(lines), until_ready(), work)


async def positions(url: str, mode: str, until_ready: Callable[[], float], tally: Tally) -> None:
    body = {"code": REVIEWED_CODE, "actions": (["d", "u"] * MAX_ACTIONS)[:MAX_ACTIONS]}  # the most the route takes
    lines = links(url, 6)
    one = Identity.made(0, "one")
    fresh = iter(range(1, 10**9))

    async def work(lane: int) -> None:
        who = one if mode == "one" else Identity.made(next(fresh), "many")
        await tally.ask(lines[lane], who, "positions", "POST", "/api/records/positions", body)

    await lanes(len(lines), until_ready(), work)


async def daily_routes(url: str, mode: str, until_ready: Callable[[], float], tally: Tally) -> None:
    day = today().isoformat()
    people = [Identity.made(number, "many") for number in range(600)]  # entrants over a day, from anywhere
    lines = links(url, 32)
    entrants = iter(people)

    async def enter(lane: int) -> None:
        for who in entrants:
            status, view = await tally.ask(lines[lane], who, "daily game", "POST", "/api/games",
                                           {"daily": day, "suits": 1})
            if status == 201:
                await tally.ask(lines[lane], who, "resign", "POST", f"/api/games/{view['id']}/resign", {})

    await asyncio.gather(*(enter(lane) for lane in range(16)))
    if mode == "one":
        people = [Identity(who.jar, {"X-Forwarded-For": ONE_ADDRESS}) for who in people]
    turn = iter(range(10**9))

    async def work(lane: int) -> None:
        who = people[next(turn) % len(people)]
        await tally.ask(lines[lane], who, "GET /api/daily", "GET", "/api/daily")
        await tally.ask(lines[lane], who, "GET board", "GET", f"/api/daily/{day}/1")

    await lanes(len(lines), until_ready(), work)


ATTACKING: dict[str, Callable[[str, str, Callable[[], float], Tally], Awaitable[None]]] = {
    "arenas": arenas, "meter": meter, "reviews": reviews, "past-daily": past_daily, "positions": positions,
    "daily-routes": daily_routes,
}


def settings_for(attack: str) -> dict[str, str]:
    """The servers' settings: the production defaults but for the deal pool, and what the attack needs."""
    chosen = {"SPIDER_POOL_TARGET": "0"}
    if attack == "past-daily":
        chosen["SPIDER_DAILY_FIRST_DAY"] = (today() - dt.timedelta(days=400)).isoformat()
    return chosen


async def side_by_side(
    attack: str, mode: str, attacked: str, quiet: str, seconds: float, line: list[str]
) -> dict[str, Any]:
    victims = {"attacked": Victim(attacked), "quiet": Victim(quiet)}
    await asyncio.gather(*(victim.prepare(line) for victim in victims.values()))
    tally = Tally()
    ready = asyncio.Event()
    window: list[float] = []

    def until_ready() -> float:  # the attack's preparation is done: its window starts now
        window.append(time.monotonic() + WARM + seconds)
        ready.set()
        return window[0]

    began = time.monotonic()
    attacking = asyncio.create_task(ATTACKING[attack](attacked, mode, until_ready, tally))
    await asyncio.wait({attacking, asyncio.create_task(ready.wait())}, return_when=asyncio.FIRST_COMPLETED)
    if attacking.done() and not ready.is_set():
        attacking.result()
        raise SystemExit(f"{attack}: the attack ended before it began")
    prepared = time.monotonic() - began
    await asyncio.sleep(WARM)
    await asyncio.gather(*(victim.play(window[0]) for victim in victims.values()))
    with suppress(TimeoutError):
        await asyncio.wait_for(attacking, PATIENCE)
    return {
        "attack": attack, "from": mode, "seconds": seconds, "prepared_s": round(prepared, 1),
        "load_average": round(os.getloadavg()[0], 1),  # the machine's, as the attack ended: others share it
        "victim": {side: victim.to_json() for side, victim in victims.items()}, "attackers": tally.to_json(),
    }


def run_attack(attack: str, mode: str, seconds: float, line: list[str]) -> dict[str, Any]:
    LOGS.mkdir(exist_ok=True)
    with tempfile.TemporaryDirectory() as folder, ExitStack() as stack:
        settings = settings_for(attack)
        urls = [
            stack.enter_context(spider_serve(Path(folder) / f"{side}.sqlite", LOGS / f"{attack}-{mode}-{side}.log",
                                             settings=settings))[0]
            for side in ("attacked", "quiet")
        ]
        figures = asyncio.run(side_by_side(attack, mode, urls[0], urls[1], seconds, line))
        figures["settings"] = settings
        return figures


def report(figures: dict[str, Any], command: str) -> None:
    attacked, quiet = figures["victim"]["attacked"], figures["victim"]["quiet"]
    ratio = None
    if attacked["action_p95_ms"] and quiet["action_p95_ms"]:
        ratio = round(attacked["action_p95_ms"] / quiet["action_p95_ms"], 2)
    figures["p95_ratio"] = ratio
    settings = " ".join(f"{name}={value}" for name, value in figures["settings"].items())
    print(f"\n== {figures['attack']} (from {figures['from']} address{'es' if figures['from'] == 'many' else ''}), "
          f"{figures['seconds']:g} s, prepared in {figures['prepared_s']} s, load average "
          f"{figures['load_average']}; {settings}\n   $ {command}")
    print(f"   {'victim':<26}{'attacked':>14}{'quiet':>14}   goal")
    rows = [
        ("actions", "actions", ""), ("action p50 ms", "action_p50_ms", ""),
        ("action p95 ms", "action_p95_ms", f"<= 2x quiet: x{ratio}"),
        ("hints answered/asked", None, "all"), ("hint p95 ms", "hint_p95_ms", ""),
        ("healthz p95 ms", "healthz_p95_ms", ""), ("healthz max ms", "healthz_max_ms", ""),
        ("review started after s", "review_started_s", "<= 10"), ("review state", "review_state", ""),
    ]
    for label, key, goal in rows:
        if key is None:
            values = [f"{side['hints_answered']}/{side['hints_asked']}" for side in (attacked, quiet)]
        else:
            values = ["-" if side[key] is None else str(side[key]) for side in (attacked, quiet)]
        print(f"   {label:<26}{values[0]:>14}{values[1]:>14}   {goal}")
    for side in ("attacked", "quiet"):
        answers = figures["victim"][side]["answers"].items()
        odd = {key: count for key, count in answers if not key.endswith((" 200", " 201", " 202"))}
        if odd:
            print(f"   victim's other answers ({side}): {odd}")
    attackers = figures["attackers"]
    print(f"   attackers' answers: {attackers['answers']}")
    print(f"   Retry-After seen (s: count): {attackers['retry_after'] or 'none'}")
    print(f"   attackers' p50 ms: {attackers['p50_ms']}")


# Redis: two workers, one killed in the middle of a review; jobs a second per worker.


@contextmanager
def redis_server() -> Iterator[str]:
    """A throwaway ``redis-server`` on a free port, as ``scripts/services`` starts one, stopped at the end."""
    port = free_port()
    process = subprocess.Popen(
        ["redis-server", "--port", str(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )
    try:
        for _ in range(100):
            with socket.socket() as probe:
                if probe.connect_ex(("127.0.0.1", port)) == 0:
                    break
            time.sleep(0.05)
        yield f"redis://127.0.0.1:{port}/0"
    finally:
        process.terminate()
        process.wait(10)


def spider_worker(redis: str, log: Path) -> subprocess.Popen[bytes]:
    """``spider worker --processes 1`` in a process group of its own (so that it dies whole)."""
    return subprocess.Popen(
        [sys.executable, "-m", "spider.cli", "worker", "--processes", "1", "--redis", redis],
        stdout=subprocess.DEVNULL, stderr=log.open("ab"), start_new_session=True,
        env={**os.environ, "SPIDER_REDIS_URL": redis},
    )


def stop(process: subprocess.Popen[bytes]) -> None:
    if process.poll() is None:
        os.killpg(process.pid, signal.SIGTERM)
        try:
            process.wait(10)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait(10)


async def killed_review(url: str, workers: list[subprocess.Popen[bytes]], line: list[str]) -> dict[str, Any]:
    victim = Victim(url)
    link = victim.link()
    try:
        game_id = await reviewed_game(link, line)
        path = f"/api/games/{game_id}/review"
        asked = time.monotonic()
        status, review = await link.request("POST", path, {})
        assert status == 202, review
        killed_at: float | None = None
        killed_done = 0
        first: float | None = None
        while time.monotonic() < asked + 300 and review["state"] in ("queued", "running"):
            await asyncio.sleep(0.2)
            status, review = await link.request("GET", path)
            if first is None and review["done"] > 0:
                first = time.monotonic() - asked
            if killed_at is None and 0 < review["done"] < review["total"]:
                before = [cpu_seconds(worker.pid) for worker in workers]
                await asyncio.sleep(0.3)
                busy = max(range(len(workers)), key=lambda n: cpu_seconds(workers[n].pid) - before[n])
                os.killpg(workers[busy].pid, signal.SIGKILL)
                workers[busy].wait(10)
                killed_at, killed_done = time.monotonic(), review["done"]
        ended = time.monotonic()
        return {
            "total": review["total"], "state": review["state"], "done": review["done"],
            "first_progress_s": None if first is None else round(first, 1),
            "killed_at_done": killed_done,
            "killed_after_s": None if killed_at is None else round(killed_at - asked, 1),
            "finished_after_s": round(ended - asked, 1) if review["state"] == "done" else None,
            "after_kill_s": None if killed_at is None or review["state"] != "done" else round(ended - killed_at, 1),
        }
    finally:
        link.close()


async def hint_burst(url: str, seconds: float, players: int) -> dict[str, Any]:
    tally = Tally()
    people = [Identity.made(number, "many") for number in range(players)]
    lines = links(url, players)
    views = [(await tally.ask(lines[n], who, "new game", "POST", "/api/games", {"suits": 4}))[1]
             for n, who in enumerate(people)]
    asked = iter(range(10**9))
    began = time.monotonic()

    async def work(number: int) -> None:
        index = next(asked) % 3  # another of the position's moves each time: each a search of its own
        path = f"/api/games/{views[number]['id']}/hint?index={index}"
        await tally.ask(lines[number], people[number], "hint", "GET", path)

    await lanes(players, began + seconds, work)
    elapsed = time.monotonic() - began
    answered = tally.statuses["hint 200"]
    return {"players": players, "seconds": round(elapsed, 1), "hints_answered": answered,
            "hints_a_second": round(answered / elapsed, 1), "answers": tally.to_json()["answers"],
            "hint_p50_ms": ms(tally.times.get("hint", []), 0.5)}


def run_redis(seconds: float, line: list[str]) -> dict[str, Any]:
    LOGS.mkdir(exist_ok=True)
    with tempfile.TemporaryDirectory() as folder, ExitStack() as stack:
        redis = stack.enter_context(redis_server())
        settings = {"SPIDER_POOL_TARGET": "0", "SPIDER_REDIS_URL": redis, "SPIDER_SOLVER_WORKERS": "0"}
        url, _ = stack.enter_context(spider_serve(Path(folder) / "redis.sqlite", LOGS / "redis-server.log",
                                                  settings=settings))
        workers = [spider_worker(redis, LOGS / f"redis-worker-{n}.log") for n in range(2)]
        try:
            killed = asyncio.run(killed_review(url, workers, line))
            workers = [worker for worker in workers if worker.poll() is None]
            workers.append(spider_worker(redis, LOGS / "redis-worker-added.log"))  # two again
            time.sleep(3)  # the added worker is up
            burst = asyncio.run(hint_burst(url, seconds, 40))
            burst["worker_processes"] = len(workers)
            burst["jobs_a_second_per_worker"] = round(burst["hints_a_second"] / len(workers), 1)
        finally:
            for worker in workers:
                stop(worker)
        return {"settings": {key: value for key, value in settings.items() if key != "SPIDER_REDIS_URL"},
                "review_with_a_worker_killed": killed, "hint_burst": burst}


def report_redis(figures: dict[str, Any], command: str) -> None:
    killed, burst = figures["review_with_a_worker_killed"], figures["hint_burst"]
    print(f"\n== Redis: one server (SPIDER_SOLVER_WORKERS=0), two `spider worker --processes 1`\n   $ {command}")
    print(f"   review of {killed['total']} actions: first progress after {killed['first_progress_s']} s; a worker "
          f"killed (-9) after {killed['killed_after_s']} s at done {killed['killed_at_done']}/{killed['total']}")
    finished = killed["state"] == "done"
    print(f"   review finished: {'yes' if finished else 'NO (' + killed['state'] + ')'}"
          + (f", {killed['finished_after_s']} s after it was asked, {killed['after_kill_s']} s after the kill"
             if finished else ""))
    print(f"   hint burst: {burst['players']} players, {burst['seconds']} s: {burst['hints_answered']} hints answered, "
          f"{burst['hints_a_second']} a second, {burst['jobs_a_second_per_worker']} a second per worker process "
          f"({burst['worker_processes']}); hint p50 {burst['hint_p50_ms']} ms; answers {burst['answers']}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--attacks", default=",".join(ATTACKS), help="comma-separated, of: " + ",".join(ATTACKS))
    parser.add_argument("--seconds", type=float, default=30.0, help="each attack's length")
    parser.add_argument("--from", dest="modes", default="many,one",
                        help="the throwaway clients' addresses: many (one each), one (all one), or both")
    parser.add_argument("--redis", action="store_true", help="also the Redis section (needs redis-server)")
    parser.add_argument("--json", type=Path, help="also write the figures to this file as JSON")
    args = parser.parse_args()
    attacks = [name for name in args.attacks.split(",") if name]
    modes = [name for name in args.modes.split(",") if name]
    for name in attacks:
        if name not in ATTACKS:
            parser.error(f"--attacks: no attack {name!r}; the attacks are {', '.join(ATTACKS)}")
    for name in modes:
        if name not in ("many", "one"):
            parser.error(f"--from: {name!r} is neither many nor one")
    if args.seconds < 15:
        parser.error("--seconds: at least 15 (the victim's review needs time to start)")
    command = shlex.join(["python", *sys.argv])
    line = computer_line()
    results: dict[str, Any] = {"command": command, "started": dt.datetime.now(dt.UTC).isoformat(), "sections": []}
    for attack in attacks:
        for mode in modes:
            figures = run_attack(attack, mode, args.seconds, line)
            report(figures, command)
            results["sections"].append(figures)
            if args.json:
                args.json.write_text(json.dumps(results, indent=1))
    if args.redis:
        figures = run_redis(args.seconds, line)
        report_redis(figures, command)
        results["redis"] = figures
    if args.json:
        args.json.write_text(json.dumps(results, indent=1))


if __name__ == "__main__":
    main()

"""The work queue in Redis: the same order as in one process, a player's one job of a kind across server
processes, a job whose worker is killed finished by another, and ``spider worker`` answering a server's hints.

Each test has a Redis database of its own (the queue's keys have fixed names), so that tests running at once on
one Redis do not take each other's jobs."""

from __future__ import annotations

import asyncio
import itertools
import os
import pickle
import signal
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from multiprocessing import get_context
from pathlib import Path
from typing import Any

import pytest
import redis
from starlette.testclient import TestClient

from spider.server.work.fair import FairQueue, Job
from spider.server.work.jobs import Call, Client, Priority, Refused
from spider.server.work.scripts import AHEAD, ATTEMPTS, LEASE_MS, PREFIX, TAKE
from spider.server.work.service import PER_ADDRESS, bounds
from spider.server.work.shared import SharedWork
from spider.server.work.worker import serve_here
from tests.own_loop import run

from .conftest import new_game

REDIS = os.environ.get("SPIDER_TEST_REDIS")
pytestmark = pytest.mark.skipif(REDIS is None, reason="needs the Redis server scripts/test starts")
# Redis's databases 4 to 15, which other tests leave alone (they use 0): four for each test process
WORKER = int(os.environ.get("PYTEST_XDIST_WORKER", "gw0").removeprefix("gw") or 0) % 3
DATABASES = itertools.cycle(range(4 + 4 * WORKER, 8 + 4 * WORKER))  # a process runs its tests one at a time


@pytest.fixture
def queue_url() -> Iterator[str]:
    """A Redis database for this test alone, empty."""
    assert REDIS is not None
    url = f"{REDIS.rsplit('/', 1)[0]}/{next(DATABASES)}"
    client = redis.Redis.from_url(url)
    client.flushdb()
    yield url
    client.flushdb()
    client.close()


SECONDS = {"review": 2.0, "positions": 0.6, "hint": 0.2, "practice": 0.5, "chance": 1.0, "analysis": 3.0}
"""How long each job is said to take (so how much its client is charged)."""
JOBS = [  # (player, address, kind), in the order they are submitted
    ("ann", "1.1.1.1", "review"),
    ("ann", "1.1.1.1", "positions"),
    ("eve", "1.1.1.1", "review"),
    ("bob", "2.2.2.2", "review"),
    ("bob", "2.2.2.2", "hint"),
    ("cat", "3.3.3.3", "practice"),
    ("eve", "1.1.1.1", "chance"),
    ("dan", "1.1.1.1", "analysis"),
]


def submitted_in_redis(queue_url: str) -> None:
    """``JOBS`` submitted to the queue in Redis, in order."""
    work = SharedWork(queue_url, 1, bounds(1))  # one worker of its own: it submits without asking who works

    async def submitted() -> None:
        for player, address, kind in JOBS:
            await work.submit(
                Call(str, (f"{player} {kind}",)), kind=kind, client=Client(player, address), seconds=SECONDS[kind]
            )
        await work.close()

    run(submitted())


def submitted_here() -> FairQueue:
    """``JOBS`` put in an in-process queue, in order."""
    here = FairQueue(bounds(1))
    for player, address, kind in JOBS:
        here.put(Job(f"{player} {kind}", kind, Client(player, address), Call(str, ()), SECONDS[kind]))
    return here


def test_the_queue_takes_jobs_in_the_same_order_with_or_without_redis(queue_url: str) -> None:
    submitted_in_redis(queue_url)
    taker = redis.Redis.from_url(queue_url)
    take = taker.register_script(TAKE)
    from_redis = []
    while taken := take(args=[PREFIX, int(Priority.STUDY), "a test", LEASE_MS, ATTEMPTS]):
        from_redis.append(pickle.loads(taken[1])())
    taker.close()

    here = submitted_here()
    in_process = [job.id for job in iter(lambda: here.take(Priority.STUDY), None)]

    assert from_redis == in_process
    assert from_redis[:2] == ["bob hint", "eve chance"]  # the most urgent first
    # then between addresses, and within 1.1.1.1 between its players, before anyone's second job
    assert from_redis.index("bob review") < from_redis.index("eve review") < from_redis.index("ann positions")


def test_the_wait_a_newcomer_is_told_is_the_same_with_or_without_redis(queue_url: str) -> None:
    # the jobs that would go before a new job: a newcomer's is not all the work waiting, and both queues agree
    submitted_in_redis(queue_url)
    here = submitted_here()
    taker = redis.Redis.from_url(queue_url)
    take, ahead = taker.register_script(TAKE), taker.register_script(AHEAD)
    for _ in range(3):  # a few taken, so that the addresses have been charged unevenly
        take(args=[PREFIX, int(Priority.STUDY), "a test", LEASE_MS, ATTEMPTS])
        here.take(Priority.STUDY)
    asked = [(Client(name, address), priority) for name, address in (("new", "9.9.9.9"), ("ann", "1.1.1.1"),
             ("bob", "2.2.2.2")) for priority in (Priority.DEAL, Priority.STUDY)]
    from_redis = [float(ahead(args=[PREFIX, int(priority), client.address])) for client, priority in asked]
    taker.close()
    in_process = [here.ahead(client, priority) for client, priority in asked]
    assert from_redis == pytest.approx(in_process)
    waiting = sum(job.seconds for job in here.waiting(Priority.STUDY))
    assert in_process[1] < waiting  # a newcomer at STUDY waits for less than all of it


def test_a_players_job_of_a_kind_is_one_across_server_processes(queue_url: str) -> None:
    here, there = SharedWork(queue_url, 1, bounds(1)), SharedWork(queue_url, 1, bounds(1))  # as two processes

    async def scenario() -> list[str]:
        said = []
        await here.submit(Call(str, ("a",)), kind="hint", client=Client("ann", "1.1.1.1"))
        for work, client, kind in (
            (there, Client("ann", "1.1.1.1"), "hint"),  # the same player's second hint, on another process
            (there, Client("ann", "1.1.1.1"), "review"),  # another kind: taken
            (there, Client("bob", "1.1.1.1"), "hint"),  # another player: taken
        ):
            try:
                await work.submit(Call(str, ("b",)), kind=kind, client=client)
                said.append("taken")
            except Refused as refused:
                said.append(refused.reason)
        for _ in range(PER_ADDRESS):  # fresh cookies at one address: that address's share, then no more
            try:
                await there.submit(Call(str, ("c",)), kind="hint", client=Client(os.urandom(4).hex(), "9.9.9.9"))
            except Refused as refused:
                said.append(refused.reason)
        try:
            await here.submit(Call(str, ("d",)), kind="hint", client=Client("fresh", "9.9.9.9"))
        except Refused as refused:
            said.append(f"{refused.reason} {refused.retry_after}")
        await here.close()
        await there.close()
        return said

    said = run(scenario())
    assert said[:3] == ["player", "taken", "taken"]
    assert said[3:] == ["address 1"]  # room again within about a hint's time


def worker_process(url: str, lease_ms: int) -> Any:
    process = get_context("spawn").Process(target=serve_here, args=(url, False, 0, os.getpid(), lease_ms))
    process.start()
    return process


def test_a_job_whose_worker_is_killed_is_finished_by_another(queue_url: str) -> None:
    lease_ms = 1000
    workers = [worker_process(queue_url, lease_ms) for _ in range(2)]
    work = SharedWork(queue_url, 0, bounds(2))
    watch = redis.Redis.from_url(queue_url)
    try:

        async def scenario() -> Any:
            while not await work._workers_seen():
                await asyncio.sleep(0.05)
            answer = await work.submit(Call(sleep_and_say, (2.0, "done")), kind="review", client=Client("ann", "1"))
            job_id = next(iter(work._waiting))
            while (taker := watch.hget(f"{PREFIX}job:{job_id}", "worker")) is None:
                await asyncio.sleep(0.05)
            pid = int(taker.decode().rsplit(":", 1)[1])
            os.kill(pid, signal.SIGKILL)  # in the middle of the job
            found = await asyncio.wait_for(answer, 60)  # once the lease runs out, another worker does it again
            attempts = int(watch.hget(f"{PREFIX}job:{job_id}", "attempts") or 0)
            assert attempts == 2 and watch.hget(f"{PREFIX}job:{job_id}", "worker") != taker
            await work.close()
            return found

        assert run(scenario()) == "done"
    finally:
        for process in workers:
            process.kill()
            process.join(5)
        watch.close()


def sleep_and_say(seconds: float, said: str) -> str:
    time.sleep(seconds)
    return said


def test_spider_worker_answers_the_hints_of_a_server_with_none_of_its_own(
    queue_url: str, make_client: Callable[..., TestClient]
) -> None:
    client = make_client(redis_url=queue_url, solver_workers=0)
    game = new_game(client)
    refused = client.get(f"/api/games/{game['id']}/hint")  # no worker anywhere: said at once, not left waiting
    assert refused.status_code == 429 and refused.json()["message_id"] == "server.solver_busy"
    worker = subprocess.Popen(
        [Path(sys.executable).parent / "spider", "worker", "--processes", "2", "--redis", queue_url],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )
    try:
        deadline = time.monotonic() + 60
        while (hint := client.get(f"/api/games/{game['id']}/hint")).status_code == 429:
            assert time.monotonic() < deadline, hint.text
            time.sleep(0.2)
        assert hint.status_code == 200 and hint.json()["text"]
    finally:
        worker.send_signal(signal.SIGTERM)
        _, errors = worker.communicate(timeout=15)
    assert "2 processes taking jobs" in errors

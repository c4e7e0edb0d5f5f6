"""The queue in Redis (``SPIDER_REDIS_URL``): every server process submits to it, and worker processes on any
machine take from it (``worker``; ``spider worker`` starts them, and a server starts ``solver_workers`` of its
own). The order and the bounds are ``fair``'s, kept by ``scripts`` in one step each.

A server learns that a job is answered from ``spider:work:done`` (one subscription per process), and looks at its
waiting jobs once a second besides, so that an answer published while the subscription was down is not missed.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import multiprocessing
import os
import pickle
import time
import uuid
from collections.abc import Callable
from dataclasses import dataclass, field
from multiprocessing.process import BaseProcess
from typing import Any

from redis import asyncio as aioredis
from redis.exceptions import RedisError

from spider.server.work.fair import Bounds
from spider.server.work.jobs import KINDS, Call, Client, Priority, Refused, WorkFailed
from spider.server.work.local import ANY_NICENESS, MAX_WAIT, QUICK_NICENESS
from spider.server.work.scripts import AHEAD, DONE, PREFIX, SUBMIT
from spider.server.work.service import Work
from spider.server.work.worker import serve_here

LOG = logging.getLogger(__name__)
LOOK_SECONDS = 1.0
"""How often the waiting jobs are looked at in Redis (whether a worker took them, and answers whose news was
missed), besides the news of each answer."""
UNREACHABLE_SECONDS = 5.0
"""The wait a refusal tells while Redis is out of reach."""
SEEN_MS = 10_000
"""A worker not seen for this long is not counted among those working."""


@dataclass(eq=False)
class _Waiting:
    futures: list[asyncio.Future[Any]] = field(default_factory=list)
    on_start: list[Callable[[], None]] = field(default_factory=list)


def cancelled() -> bool:
    """Whether the running task is being cancelled (redis-py's reads may swallow the cancellation itself)."""
    task = asyncio.current_task()
    return task is not None and task.cancelling() > 0


class SharedWork(Work):
    def __init__(self, url: str, processes: int, bounds: Bounds) -> None:
        self.url = url
        self.processes = processes
        self.bounds = bounds
        self.redis = aioredis.Redis.from_url(url)
        self._submit = self.redis.register_script(SUBMIT)
        self._ahead = self.redis.register_script(AHEAD)
        self._waiting: dict[str, _Waiting] = {}
        self._listening: asyncio.Task[None] | None = None
        self._workers: list[BaseProcess] = []
        self._keeping: asyncio.Task[None] | None = None

    def start(self) -> None:
        for number in range(self.processes):
            self._workers.append(self._worker(number))
        if self.processes:
            self._keeping = asyncio.get_running_loop().create_task(self._keep_workers())

    def _worker(self, number: int) -> BaseProcess:
        quick = self.processes >= 2 and number == self.processes - 1
        process = multiprocessing.get_context("spawn").Process(
            target=serve_here,
            args=(self.url, quick, QUICK_NICENESS if quick else ANY_NICENESS, os.getpid()),
            name=f"spider-worker-{number}",
            daemon=True,
        )
        process.start()
        return process

    async def _keep_workers(self) -> None:
        """Starts a worker again when one dies (its job is taken up by another once its lease runs out)."""
        while True:
            await asyncio.sleep(1.0)
            for number, process in enumerate(self._workers):
                if not process.is_alive():
                    self._workers[number] = self._worker(number)

    async def close(self) -> None:
        for task in (self._keeping, self._listening):
            if task is not None:
                task.cancel()
        for process in self._workers:
            process.terminate()
        for process in self._workers:
            process.join(1.0)
            if process.is_alive():
                process.kill()
        self._workers.clear()
        for waiting in self._waiting.values():
            for future in waiting.futures:
                if not future.done():
                    future.set_exception(WorkFailed("the server is stopping"))
                    future.exception()  # told to nobody if nobody awaits it
        self._waiting.clear()
        with contextlib.suppress(RedisError, OSError):
            await self.redis.aclose()

    def busy(self) -> int:
        return len(self._waiting)

    async def submit(
        self,
        call: Call,
        *,
        kind: str,
        client: Client,
        key: str | None = None,
        seconds: float | None = None,
        continuing: bool = False,
        on_start: Callable[[], None] | None = None,
    ) -> asyncio.Future[Any]:
        priority = KINDS[kind].priority
        expected = KINDS[kind].seconds if seconds is None else seconds
        job_id = uuid.uuid4().hex
        try:
            if not self.processes and not await self._workers_seen():
                raise Refused("full", SEEN_MS / 1000)  # no worker of its own, and none seen lately: nobody would answer
            if priority >= Priority.DEAL and not continuing:  # the long jobs: so long a wait is asked for later
                wait = await self._newcomers_wait(client, priority)
                if wait > MAX_WAIT:
                    raise Refused("full", wait - MAX_WAIT / 2)
            said, found_id = await self._submit(
                args=[PREFIX, job_id, pickle.dumps(call), kind, int(priority), client.player, client.address, expected,
                      self.bounds.per_address, self.bounds.total[priority], int(continuing), key or ""]
            )
        except (RedisError, OSError):  # Redis out of reach: no queue to wait in, for a few seconds
            raise Refused("full", UNREACHABLE_SECONDS) from None
        said, found_id = said.decode(), found_id.decode()
        if said in ("ok", "joined"):
            future: asyncio.Future[Any] = asyncio.get_running_loop().create_future()
            waiting = self._waiting.setdefault(found_id, _Waiting())
            waiting.futures.append(future)
            if on_start is not None:
                waiting.on_start.append(on_start)
            if self._listening is None or self._listening.done():
                self._listening = asyncio.get_running_loop().create_task(self._listen())
            return future
        try:
            retry_after = await self._retry_after(said, priority, kind)
        except (RedisError, OSError):
            retry_after = UNREACHABLE_SECONDS
        raise Refused(said, retry_after)

    async def _workers_seen(self) -> int:
        """Workers seen within ``SEEN_MS``, by Redis's clock (the workers' machines' clocks may differ)."""
        seconds, micros = await self.redis.time()
        return int(await self.redis.zcount(f"{PREFIX}workers", seconds * 1000 + micros // 1000 - SEEN_MS, "+inf"))

    async def _wait(self, priority: Priority) -> float:
        """How long a job of this priority would wait: the work waiting at it or a more urgent one, shared between
        the workers seen lately."""
        workers = await self._workers_seen()
        found = await self.redis.mget([f"{PREFIX}seconds:{int(number)}" for number in Priority if number <= priority])
        return sum(float(seconds or 0) for seconds in found) / max(1, workers)

    async def _newcomers_wait(self, client: Client, priority: Priority) -> float:
        """How long a new job of the client's at this priority would wait: the jobs the queue would take before it
        (``AHEAD``, as ``fair.FairQueue.ahead`` reckons them), shared between the workers seen lately."""
        workers = await self._workers_seen()
        ahead = await self._ahead(args=[PREFIX, int(priority), client.address])
        return float(ahead) / max(1, workers)

    async def _retry_after(self, reason: str, priority: Priority, kind: str) -> float:
        """The seconds until there is room: for ``player``, until the player's job is done (the work waiting ahead
        of it and its own); otherwise until a job of this priority is taken (the work of more urgent ones)."""
        own = float(await self.redis.hget(f"{PREFIX}seconds", kind) or KINDS[kind].seconds)
        if reason == "player":
            return await self._wait(priority) + own
        return (await self._wait(Priority(priority - 1)) if priority else 0.0) + own

    async def _listen(self) -> None:
        """Settles the waiting jobs as their answers come (news on ``spider:work:done``, and a look each second)."""
        pubsub = self.redis.pubsub()
        looked = time.monotonic()
        try:
            await pubsub.subscribe(DONE)
            while self._waiting and not cancelled():
                with contextlib.suppress(RedisError, OSError):
                    message = await pubsub.get_message(ignore_subscribe_messages=True, timeout=LOOK_SECONDS)
                    if message is not None and message["type"] == "message":
                        await self._settle([message["data"].decode()])
                    if time.monotonic() - looked >= LOOK_SECONDS:
                        looked = time.monotonic()
                        await self._settle(list(self._waiting))
        finally:
            with contextlib.suppress(RedisError, OSError):
                await pubsub.aclose()

    async def _settle(self, ids: list[str]) -> None:
        ids = [job_id for job_id in ids if job_id in self._waiting]
        if not ids:
            return
        pipe = self.redis.pipeline()
        for job_id in ids:
            pipe.hmget(f"{PREFIX}job:{job_id}", "state", "answer")
        for job_id, (state, answer) in zip(ids, await pipe.execute(), strict=True):
            if state == b"running":
                for started in self._waiting[job_id].on_start:
                    started()
                self._waiting[job_id].on_start.clear()
            if state in (b"waiting", b"running"):
                continue
            waiting = self._waiting.pop(job_id, None)
            if waiting is None:
                continue
            for future in waiting.futures:
                if future.done():
                    continue
                if state == b"done":
                    future.set_result(pickle.loads(answer))
                elif state == b"failed":  # the job's own exception
                    future.set_exception(pickle.loads(answer))
                else:  # lost: workers died in it, or Redis forgot it
                    future.set_exception(WorkFailed("the workers stopped"))

"""The queue in the server's own process (no Redis): the jobs wait in a :class:`~spider.server.work.fair.FairQueue`
and worker processes beside the server take them one at a time, so that the order they run in is the queue's,
never a pool's first come first served.

``processes`` worker processes: with two or more, the last one takes only hints, "no more moves" and the meter
(``jobs.QUICK``) at a higher priority than the others', so that a hint never waits behind a review or a deal;
the others take any job, the most urgent first. A worker that dies (killed, out of memory) is started again and
its job taken again, once. With no processes (tests), each job runs inline, as it is submitted.
"""

from __future__ import annotations

import asyncio
import contextlib
import multiprocessing
import os
import threading
import time
from collections.abc import Callable
from concurrent.futures import Executor, Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass, field
from typing import Any

from spider.server.work.fair import Bounds, FairQueue, Job
from spider.server.work.jobs import KINDS, QUICK, Call, Client, Priority, Refused, Timings, WorkFailed, timed
from spider.server.work.service import Work
from spider.solver.workers import lower_priority, stop_workers, worker_process_setup

QUICK_NICENESS = 10  # below the server, so that requests come first
ANY_NICENESS = 15  # below the quick worker too: a hint wins the CPU from a review or a deal
ATTEMPTS = 2  # workers a job may die in before it fails
MAX_WAIT = 30.0
"""The longest a job may expect to wait for a worker: beyond it, 429 with the seconds until the wait is shorter."""


def ready() -> bool:
    """Answers as soon as a worker has started: asked once, so that it starts with the server."""
    return True


def _settle_future(future: asyncio.Future[Any], found: Any, error: Exception | None) -> None:
    if not future.done():
        if error is None:
            future.set_result(found)
        else:
            future.set_exception(error)


class Workers:
    """Worker processes for the queue: started when the server starts (not when the app is made), and started
    again when one of them dies, so that the jobs go on in new ones. ``count`` 0: none."""

    def __init__(self, count: int, niceness: int) -> None:
        self.count = count
        self.niceness = niceness
        self.executor: Executor | None = None

    def start(self) -> None:
        """Starts the processes now rather than on the first job; each lowers its priority from its first
        instruction, so that its imports do not hold up the server's first answers."""
        if self.count <= 0 or self.executor is not None:
            return
        executor = ProcessPoolExecutor(
            max_workers=self.count,
            mp_context=multiprocessing.get_context("spawn"),
            initializer=worker_process_setup,
            initargs=(self.niceness, os.getpid()),
        )
        executor.submit(ready)
        for process in list(getattr(executor, "_processes", {}).values()):
            if process.pid is not None:
                lower_priority(process.pid, self.niceness)
        self.executor = executor

    def restart(self) -> None:
        broken, self.executor = self.executor, None
        if broken is not None:
            broken.shutdown(wait=False, cancel_futures=True)
        self.start()

    def close(self) -> None:
        """Stops the processes, without waiting for a job to finish."""
        executor, self.executor = self.executor, None
        stop_workers(executor)


@dataclass(eq=False)
class _Pool:
    workers: Workers
    least_urgent: Priority
    capacity: int
    running: dict[Job, float] = field(default_factory=dict)
    """The jobs being worked out, with when each started."""


@dataclass(eq=False)
class _Waiting:
    job: Job
    key: str | None
    futures: list[asyncio.Future[Any]] = field(default_factory=list)
    on_start: Callable[[], None] | None = None


class LocalWork(Work):
    def __init__(self, processes: int, bounds: Bounds) -> None:
        quick = 1 if processes >= 2 else 0
        self.processes = processes
        self.queue = FairQueue(bounds)
        self.timings = Timings()
        self._pools = [  # the quick one first: a hint goes there, leaving the others free for longer work
            _Pool(Workers(quick, QUICK_NICENESS), QUICK, quick),
            _Pool(Workers(processes - quick, ANY_NICENESS), Priority.STUDY, processes - quick),
        ]
        self._jobs: dict[Job, _Waiting] = {}
        self._keys: dict[str, _Waiting] = {}
        self._count = 0
        # the workers' answers come in their pool's threads (and tests' clients each run an event loop of their
        # own): the queue is changed under this lock, and each future is settled in its own loop
        self._lock = threading.RLock()

    def start(self) -> None:
        for pool in self._pools:
            pool.workers.start()

    def pids(self) -> list[int]:
        """The worker processes' ids."""
        return [
            process.pid
            for pool in self._pools
            for process in getattr(pool.workers.executor, "_processes", {}).values()
            if process.pid is not None
        ]

    def run_in(self, quick: Executor, others: Executor) -> None:
        """Runs the jobs on these executors, one at a time each, rather than in worker processes (for tests that
        hold a job in flight)."""
        for pool, executor in zip(self._pools, (quick, others), strict=True):
            pool.workers.executor, pool.capacity = executor, 1

    async def close(self) -> None:
        for pool in self._pools:
            pool.workers.close()
        with self._lock:
            for waiting in list(self._jobs.values()):
                self._settle(waiting, error=WorkFailed("the server is stopping"))

    def busy(self) -> int:
        with self._lock:
            return sum(len(pool.running) for pool in self._pools) + sum(self.queue.count(p) for p in Priority)

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
        future: asyncio.Future[Any] = asyncio.get_running_loop().create_future()
        if all(pool.workers.executor is None for pool in self._pools):  # no workers (tests): here, now
            if on_start is not None:
                on_start()
            try:
                future.set_result(call())
            except Exception as error:
                future.set_exception(error)
            return future
        priority = KINDS[kind].priority
        with self._lock:
            if key is not None and key in self._keys:  # the same work asked for again: one job answers both
                self._keys[key].futures.append(future)
                return future
            reason = self.queue.refusal(client, kind, priority, continuing=continuing)
            if reason is not None:
                raise Refused(reason, self._retry_after(reason, client, kind, priority))
            wait = self._wait(client, priority)
            if wait > MAX_WAIT and not continuing:  # so long a wait that the answer had better be asked for later
                raise Refused("full", wait - MAX_WAIT / 2)
            self._count += 1
            expected = self.timings.seconds(kind) if seconds is None else seconds
            job = Job(f"{self._count}", kind, client, call, expected, continuing=continuing)
            waiting = self._jobs[job] = _Waiting(job, key, [future], on_start)
            if key is not None:
                self._keys[key] = waiting
            self.queue.put(job)
            self._pump()
        return future

    def _pump(self) -> None:
        """Hands waiting jobs to idle workers, in the queue's order."""
        for pool in self._pools:
            while pool.workers.executor is not None and len(pool.running) < pool.capacity:
                job = self.queue.take(pool.least_urgent)
                if job is None:
                    break
                self._start(pool, job)

    def _start(self, pool: _Pool, job: Job) -> None:
        executor = pool.workers.executor
        assert executor is not None
        job.attempts += 1
        pool.running[job] = time.monotonic()
        waiting = self._jobs[job]
        if waiting.on_start is not None:
            with contextlib.suppress(RuntimeError):  # its loop is closed: nobody waits for it any more
                waiting.futures[0].get_loop().call_soon_threadsafe(waiting.on_start)
            waiting.on_start = None
        try:
            done = executor.submit(timed, job.call)
        except (BrokenProcessPool, RuntimeError) as error:  # the pool broke, or was shut down
            done = Future()
            done.set_exception(error)
        done.add_done_callback(lambda found: self._finished(pool, job, found))

    def _finished(self, pool: _Pool, job: Job, done: Future[tuple[Any, float]]) -> None:
        with self._lock:
            self._answered(pool, job, done)

    def _answered(self, pool: _Pool, job: Job, done: Future[tuple[Any, float]]) -> None:
        pool.running.pop(job, None)
        waiting = self._jobs.get(job)
        if waiting is None:  # stopped meanwhile
            return
        error = None if done.cancelled() else done.exception()
        if done.cancelled() or isinstance(error, (BrokenProcessPool, RuntimeError)):
            if pool.workers.executor is not None and isinstance(error, BrokenProcessPool):
                pool.workers.restart()
            if job.attempts < ATTEMPTS and pool.workers.executor is not None:
                self.queue.put(job, front=True)  # another worker takes it up
            else:
                self._settle(waiting, error=WorkFailed("the worker stopped"))
        elif isinstance(error, Exception):  # the job's own refusal or failure, raised to whoever awaits it
            self._settle(waiting, error=error)
        else:
            found, seconds = done.result()
            self.timings.record(job.kind, seconds)
            self._settle(waiting, found=found)
        self._pump()

    def _settle(self, waiting: _Waiting, *, found: Any = None, error: Exception | None = None) -> None:
        self._jobs.pop(waiting.job, None)
        if waiting.key is not None and self._keys.get(waiting.key) is waiting:
            del self._keys[waiting.key]
        self.queue.done(waiting.job)
        for future in waiting.futures:
            with contextlib.suppress(RuntimeError):  # its loop is closed: nobody waits for it any more
                future.get_loop().call_soon_threadsafe(_settle_future, future, found, error)

    def _wait(self, client: Client, priority: Priority) -> float:
        """How long a new job of the client's at this priority would wait for a worker: until the soonest of the
        jobs being worked out ends, then the jobs the queue would take before it, shared between the workers
        that take it."""
        now = time.monotonic()
        serving = [pool for pool in self._pools if pool.least_urgent >= priority and pool.capacity]
        capacity = sum(pool.capacity for pool in serving) or 1
        if sum(len(pool.running) for pool in serving) < capacity:
            return 0.0
        soonest = min(max(0.0, job.seconds - (now - at)) for pool in serving for job, at in pool.running.items())
        return soonest + self.queue.ahead(client, priority) / capacity

    def _retry_after(self, reason: str, client: Client, kind: str, priority: Priority) -> float:
        """The seconds until the queue has room for the job: the player's own job done (``player``), or one more
        job of this priority taken by a worker (``address``, ``full``)."""
        now = time.monotonic()
        serving = [pool for pool in self._pools if pool.least_urgent >= priority and pool.capacity]
        capacity = sum(pool.capacity for pool in serving) or 1
        left = [max(0.0, job.seconds - (now - at)) for pool in serving for job, at in pool.running.items()]
        sooner = sum(job.seconds for job in self.queue.waiting(Priority(priority - 1))) if priority else 0.0
        if reason == "player":
            held = self.queue.held[client.player, kind]
            for pool in serving:
                if held in pool.running:
                    return max(0.0, held.seconds - (now - pool.running[held]))
            ahead = sum(job.seconds for job in self.queue.waiting(priority) if job is not held) + sum(left)
            return ahead / capacity + held.seconds
        return sooner / capacity + min(left, default=0.0)


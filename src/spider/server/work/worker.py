"""A worker process of the Redis queue: takes the next job it may (``scripts.TAKE``), works it out while renewing
its lease, and answers it (``scripts.FINISH``); ``spider worker`` runs several, on any machine that reaches the
Redis, and so does a server with ``SPIDER_REDIS_URL`` for its own ``solver_workers``.

Killed at any moment, it loses nothing: its job's lease runs out and another worker takes the job up. It imports
Redis, the queue's scripts and, when it unpickles a job, the job's own light module: never the web stack.

Jobs and answers are pickled: whoever can write to the Redis can have a worker run a function of its choosing, as
whoever can write to the database can change any game. Keep the Redis as private as the database.
"""

from __future__ import annotations

import os
import pickle
import socket
import threading
from collections.abc import Callable

import redis

from spider.server.work.jobs import QUICK, Priority, WorkFailed, timed
from spider.server.work.scripts import ATTEMPTS, FINISH, LEASE_MS, PREFIX, RENEW, TAKE

WAIT_SECONDS = 1
"""How long a worker with nothing to do waits for news of a job before looking again."""


def worker_name(quick: bool) -> str:
    return f"{'quick' if quick else 'any'}:{socket.gethostname()}:{os.getpid()}"


def serve(url: str, *, quick: bool, stop: Callable[[], bool] = lambda: False, lease_ms: int = LEASE_MS) -> None:
    """Takes and works out jobs until ``stop()`` says so (or for ever). ``quick``: hints, "no more moves" and the
    meter only. ``lease_ms``: how long the job it holds stays its own without renewing."""
    client = redis.Redis.from_url(url)
    take, renew, finish = (client.register_script(script) for script in (TAKE, RENEW, FINISH))
    name = worker_name(quick)
    least_urgent = int(QUICK if quick else Priority.STUDY)
    while not stop():
        taken = take(args=[PREFIX, least_urgent, name, lease_ms, ATTEMPTS])
        if not taken:
            client.blpop([PREFIX + "wake"], timeout=WAIT_SECONDS)
            continue
        job_id, payload = taken[0].decode(), taken[1]
        done = threading.Event()

        def keep_lease(job: str = job_id, finished: threading.Event = done) -> None:
            while not finished.wait(lease_ms / 3000):
                renew(args=[PREFIX, job, name, lease_ms])

        renewing = threading.Thread(target=keep_lease, name="spider-lease", daemon=True)
        renewing.start()
        try:
            found, seconds = timed(pickle.loads(payload))
            state, answer = "done", pickle.dumps(found)
        except Exception as error:  # the job's own refusal or failure: raised to whoever awaits it
            state, answer, seconds = "failed", raised(error), 0.0
        finally:
            done.set()
            renewing.join()
        finish(args=[PREFIX, job_id, state, answer, seconds])


def raised(error: Exception) -> bytes:
    """A job's exception as its answer: pickled, or, if it cannot be, a ``WorkFailed`` that names it."""
    try:
        return pickle.dumps(error)
    except Exception:
        return pickle.dumps(WorkFailed(f"{type(error).__name__}: {error}"))


def serve_here(url: str, quick: bool, niceness: int, starter: int, lease_ms: int = LEASE_MS) -> None:
    """A worker process started by a server or by ``spider worker``: lower in priority than it, and ended with it."""
    from spider.solver.workers import worker_process_setup

    worker_process_setup(niceness, starter)
    serve(url, quick=quick, lease_ms=lease_ms)

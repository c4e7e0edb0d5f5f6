"""The solver's worker processes: each ends with the process that started it (even one killed with
``kill -9``), and they are stopped at once, rather than after the searches they are in."""

from __future__ import annotations

import contextlib
import os
import threading
import time
from concurrent.futures import Executor, ProcessPoolExecutor

JOIN_SECONDS = 0.5


def stop_workers(executor: Executor | None) -> None:
    """Stops a worker pool without waiting for its searches to finish: queued ones are dropped, and a
    process still searching is ended (its answer is not wanted any more)."""
    if isinstance(executor, ProcessPoolExecutor):
        processes = list(getattr(executor, "_processes", {}).values())
        executor.shutdown(wait=False, cancel_futures=True)
        for process in processes:
            process.join(JOIN_SECONDS)
            if process.is_alive():
                process.terminate()


def worker_process_setup(niceness: int, starter: int) -> None:
    """For a worker process: a lower priority than its starter's (``niceness``), and an end when the
    starter (its process id: a server's or a ``spider verify`` run's) ends, even when it is
    killed (Linux: the parent-death signal; and if the starter died before the signal was set up, the
    process has a new parent and ends now)."""
    lower_priority(0, niceness)  # often done by the server as the process started (see server.solving)
    with contextlib.suppress(Exception):
        import ctypes
        import signal

        pr_set_pdeathsig = 1
        ctypes.CDLL(None, use_errno=True).prctl(pr_set_pdeathsig, signal.SIGTERM)
    if os.getppid() != starter:
        os._exit(0)

    def watch() -> None:  # for the cases the signal misses (it follows the thread that started us)
        while os.getppid() == starter:
            time.sleep(1.0)
        os._exit(0)

    threading.Thread(target=watch, name="spider-watch-starter", daemon=True).start()


def lower_priority(pid: int, niceness: int) -> None:
    """Sets a process's niceness to at least ``niceness`` (0 is this process)."""
    with contextlib.suppress(OSError):
        if os.getpriority(os.PRIO_PROCESS, pid) < niceness:
            os.setpriority(os.PRIO_PROCESS, pid, niceness)

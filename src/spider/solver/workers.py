"""Stopping the solver's worker processes at once, rather than after the searches they are in."""

from __future__ import annotations

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

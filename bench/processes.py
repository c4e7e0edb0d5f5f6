"""Start times of the processes that need no web stack: ``spider --help``, and a solver worker.

``spider --help`` runs in a fresh interpreter, as the ``spider`` script runs it. A worker is spawned as the
server spawns one (multiprocessing's spawn, the workers' set-up, then the function the server asks first) and
timed from its start to that first answer. Like the server's workers, it also runs its parent's main script
again: this script, which imports ``spider.cli`` as the ``spider`` script does. Each time is the median of
``--runs``, as wall time and as the CPU time the process spent (which the machine's other work disturbs
less); each count is the modules the process had loaded, with the web stack's among them.

    PYTHONPATH=src .venv/bin/python bench/processes.py --runs 11

It runs on trees from before the search workers had a module of their own (the worker then answers from
``spider.server.solving.searches``), so that the same command measures both.
"""

from __future__ import annotations

import argparse
import contextlib
import importlib
import json
import multiprocessing
import os
import resource
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor

import spider.cli  # noqa: F401  (the worker runs this script again, and so imports what the spider script does)
from spider.solver.workers import worker_process_setup

WEB_STACK = ("starlette", "pydantic", "sqlalchemy", "redis", "alembic", "prometheus_client", "uvicorn")
MODULES = "__import__('json').dumps(sorted(__import__('sys').modules))"  # evaluated in the process measured
CPU = "__import__('time').process_time()"
HELP = "import sys\nfrom spider.cli import main\nsys.exit(main())"  # what the spider script runs
HELP_MODULES = (
    "import contextlib, io\nfrom spider.cli import main\n"
    "with contextlib.redirect_stdout(io.StringIO()), contextlib.suppress(SystemExit):\n    main(['--help'])\n"
    f"print({MODULES})"
)


def first_answer() -> Callable[[], bool]:
    """The function a server's worker answers first, from the module it is in on this tree."""
    with contextlib.suppress(ModuleNotFoundError):
        ready: Callable[[], bool] = importlib.import_module("spider.server.solving.workers").ready
        return ready
    before: Callable[[], bool] = importlib.import_module("spider.server.solving.searches")._ready
    return before


def described(modules: list[str]) -> str:
    web = sorted({name.partition(".")[0] for name in modules} & set(WEB_STACK))
    return f"{len(modules)} modules, web stack: {', '.join(web) or 'none'}"


def children_cpu() -> float:
    used = resource.getrusage(resource.RUSAGE_CHILDREN)
    return used.ru_utime + used.ru_stime


def help_time() -> tuple[float, float]:
    """Wall and CPU seconds of one ``spider --help``."""
    began, cpu = time.perf_counter(), children_cpu()
    subprocess.run([sys.executable, "-c", HELP, "--help"], stdout=subprocess.DEVNULL, check=True)
    return time.perf_counter() - began, children_cpu() - cpu


def worker_time(answer: Callable[[], bool]) -> tuple[float, float, list[str]]:
    """Wall seconds from the spawn to the worker's first answer, the CPU seconds the worker spent until
    then, and the modules it had loaded."""
    began = time.perf_counter()
    executor = ProcessPoolExecutor(
        max_workers=1,
        mp_context=multiprocessing.get_context("spawn"),
        initializer=worker_process_setup,
        initargs=(0, os.getpid()),
    )
    try:
        assert executor.submit(answer).result()
        took = time.perf_counter() - began
        cpu: float = executor.submit(eval, CPU).result()
        modules: list[str] = json.loads(executor.submit(eval, MODULES).result())
    finally:
        executor.shutdown()
    return took, cpu, modules


def medians(runs: list[tuple[float, float]]) -> str:
    wall, cpu = statistics.median(wall for wall, _ in runs), statistics.median(cpu for _, cpu in runs)
    return f"{wall:.3f} s (CPU {cpu:.3f} s)"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=11, help="runs of each, of which the median is printed")
    args = parser.parse_args()
    answer = first_answer()
    print(f"spider from {os.path.dirname(spider.cli.__file__)}, {os.cpu_count()} cores, median of {args.runs} runs")

    times = [help_time() for _ in range(args.runs)]
    counted = subprocess.run([sys.executable, "-c", HELP_MODULES], capture_output=True, text=True, check=True)
    modules = json.loads(counted.stdout.splitlines()[-1])
    print(f"spider --help:        {medians(times)}, {described(modules)}")

    started = [worker_time(answer) for _ in range(args.runs)]
    print(
        f"solver worker start:  {medians([(wall, cpu) for wall, cpu, _ in started])}, {described(started[-1][2])} "
        f"(answering {answer.__module__}.{answer.__name__})"
    )


if __name__ == "__main__":
    main()

"""``spider worker``: worker processes that take jobs from the Redis queue, on any machine that reaches it.

Registering the command imports nothing of the web stack; running it imports the worker's loop only."""

from __future__ import annotations

import argparse
import multiprocessing
import os
import signal
import sys
import time
from typing import Any


def add_commands(subparsers: Any) -> None:
    """Registers ``spider worker`` on the ``spider`` command's sub-parsers."""
    parser: argparse.ArgumentParser = subparsers.add_parser(
        "worker",
        help="work out the servers' costly jobs (hints, deals, reviews) from the Redis queue",
        description=(
            "Start worker processes that take jobs from the work queue in Redis (SPIDER_REDIS_URL, or --redis), "
            "the queue every server process with that Redis submits to. Start as many as you like, on any machine, "
            "and stop or kill them at any time: a job whose worker died is taken up by another. With two or more "
            "processes, the last one takes only hints, \"no more moves\" and the win-chance meter."
        ),
    )
    parser.add_argument("--redis", metavar="URL", help="the Redis queue (default SPIDER_REDIS_URL)")
    parser.add_argument(
        "--processes", type=int, default=os.cpu_count() or 1, metavar="N",
        help="worker processes to run (default: one per core)",
    )
    parser.set_defaults(run=work)


def work(args: argparse.Namespace) -> int:
    from spider.server.work.local import ANY_NICENESS, QUICK_NICENESS
    from spider.server.work.worker import serve_here

    url = args.redis or os.environ.get("SPIDER_REDIS_URL", "")
    if not url:
        print("spider worker: no queue: set SPIDER_REDIS_URL or give --redis URL (without Redis, each server "
              "runs its own workers)", file=sys.stderr)
        return 2
    if args.processes < 1:
        print(f"spider worker: --processes must be 1 or more, not {args.processes}", file=sys.stderr)
        return 2
    context = multiprocessing.get_context("spawn")

    def started(number: int) -> multiprocessing.process.BaseProcess:
        quick = args.processes >= 2 and number == args.processes - 1
        process = context.Process(
            target=serve_here, args=(url, quick, QUICK_NICENESS if quick else ANY_NICENESS, os.getpid()),
            name=f"spider-worker-{number}",
        )
        process.start()
        return process

    processes = [started(number) for number in range(args.processes)]
    print(f"Spider worker: {args.processes} processes taking jobs from {url}", file=sys.stderr)
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(0))
    try:
        while True:  # one that dies (killed, out of memory) is started again
            time.sleep(1.0)
            for number, process in enumerate(processes):
                if not process.is_alive():
                    processes[number] = started(number)
    except (KeyboardInterrupt, SystemExit):
        return 0
    finally:
        for process in processes:
            process.terminate()
        for process in processes:
            process.join(2.0)

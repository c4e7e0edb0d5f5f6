"""``spider verify``, ``spider solve`` and ``spider hint``."""

from __future__ import annotations

import argparse
import json
import multiprocessing
import os
import shlex
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from typing import Any

from spider.cards import SUIT_COUNTS
from spider.codes import GameCode
from spider.game import Game, open_game
from spider.rules import PRESETS, TableRules
from spider.solver.hint import hint
from spider.solver.search import solve
from spider.solver.workers import stop_workers, worker_process_setup

DEFAULT_SECONDS = 60.0


def add_commands(subparsers: Any) -> None:
    """Registers the solver's commands on the ``spider`` command's sub-parsers."""
    parser: argparse.ArgumentParser = subparsers.add_parser(
        "verify",
        help="search random deals and keep the winnable ones in the verified-deal pool",
        description="Solve random shuffles on every core; each deal won is stored with its winning line.",
    )
    parser.add_argument("--suits", type=int, choices=SUIT_COUNTS, required=True)
    parser.add_argument("--count", type=int, required=True, help="how many verified deals to add")
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1, help="processes (default: every core)")
    parser.add_argument(
        "--database", metavar="PATH|URL", help="SQLite file or database URL of the pool (default: the server's file)"
    )
    parser.add_argument("--seconds", type=float, default=DEFAULT_SECONDS, help="search time per deal")
    parser.add_argument("--preset", choices=sorted(PRESETS), help="table rules of the deals (default classic)")
    parser.set_defaults(run=verify)

    parser = subparsers.add_parser("solve", help="search a deal for a winning line, knowing every card")
    parser.add_argument("code", help="game code, like SP1-S2C-ABCDEFG")
    parser.add_argument("--preset", choices=sorted(PRESETS), help="table rules of a preset (replace the code's)")
    parser.add_argument("--seconds", type=float, default=DEFAULT_SECONDS, help="time budget")
    parser.add_argument("--max-nodes", type=int, help="node budget")
    parser.add_argument("--moves", default="", help="actions to play first, as for spider replay")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.set_defaults(run=solve_command)

    parser = subparsers.add_parser("hint", help="the move a hint suggests, from what the player sees")
    parser.add_argument("code", help="game code, like SP1-S2C-ABCDEFG")
    parser.add_argument("--preset", choices=sorted(PRESETS), help="table rules of a preset (replace the code's)")
    parser.add_argument("--moves", default="", help='actions to play first: "3>7 d u r f3"')
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.set_defaults(run=hint_command)


def solve_command(args: argparse.Namespace) -> int:
    game = open_game(args.code, args.preset, shlex.split(args.moves))
    result = solve(game, max_nodes=args.max_nodes, seconds=args.seconds)
    if args.json:
        print(json.dumps({"code": game.code, **result.to_json()}))
    else:
        print(f"{game.code}: {result.verdict} ({result.nodes} nodes, {result.seconds:.2f} s)")
        if result.line:
            print(" ".join(result.line))
    return 0


def hint_command(args: argparse.Namespace) -> int:
    game = open_game(args.code, args.preset, shlex.split(args.moves))
    found = hint(game.public_position())
    if args.json:
        # "message" as the command always printed it, beside the API's "text"
        print(json.dumps({**found.to_json(), "message": found.message}))
    else:
        print(f"{found.action}  {found.message}" if found.action else found.message)
    return 0


def verify_one(code: str, seconds: float) -> tuple[str, str, list[str], int, float]:
    """Solves one deal (in a worker process)."""
    result = solve(Game.from_code(code), seconds=seconds)
    return code, result.verdict, result.line, result.nodes, result.seconds


def verify(args: argparse.Namespace) -> int:
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

    from spider.solver.pool import Pool  # here: the other commands, and the workers, need no SQLAlchemy

    pool = Pool(args.database)
    rules = TableRules.preset(args.preset) if args.preset else TableRules()
    known = pool.codes(args.suits)
    tried: set[str] = set()
    added = searched = unwinnable = 0
    workers = max(1, args.workers)

    def fresh_code() -> str:
        while True:
            code = str(GameCode.random(args.suits, rules))
            if code not in known and code not in tried:
                tried.add(code)
                return code

    columns = (
        TextColumn("[bold]verified"),
        BarColumn(),
        MofNCompleteColumn(),
        TextColumn("{task.fields[status]}"),
        TimeElapsedColumn(),
    )
    # spawned, not forked: a fork would copy the progress bar's thread mid-way and the pool's open
    # database connection into every worker
    executor = ProcessPoolExecutor(
        max_workers=workers,
        mp_context=multiprocessing.get_context("spawn"),
        initializer=worker_process_setup,
        initargs=(0, os.getpid()),  # ended with this run, even when it is killed
    )
    try:
        with Progress(*columns) as progress:
            task = progress.add_task("verify", total=args.count, status="")
            running: set[Future[tuple[str, str, list[str], int, float]]] = set()
            while added < args.count:
                while len(running) < workers:
                    running.add(executor.submit(verify_one, fresh_code(), args.seconds))
                done, running = wait(running, return_when=FIRST_COMPLETED)
                for future in done:
                    code, verdict, line, nodes, seconds = future.result()
                    searched += 1
                    if (
                        verdict == "win"
                        and added < args.count
                        and pool.add(code, args.suits, line, nodes=nodes, seconds=seconds)
                    ):
                        added += 1
                        progress.advance(task)
                    unwinnable += verdict == "no-win"
                    status = f"searched {searched}, proven unwinnable {unwinnable}"
                    progress.update(task, status=status)
        print(f"Added {added} verified {args.suits}-suit deals to {pool.where} ({pool.count(args.suits)} in the pool).")
    finally:
        stop_workers(executor)  # the searches still running when the count is reached are not wanted
        pool.close()
    return 0

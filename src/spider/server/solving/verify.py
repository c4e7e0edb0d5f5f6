"""``spider verify``: random deals searched on every core by the solver (``spider.solver.pool``), and
each one won kept with its winning line in the server's pool of verified deals (``deal_pool``)."""

from __future__ import annotations

import argparse
import os
from typing import Any

from spider.cards import SUIT_COUNTS
from spider.rules import PRESETS, TableRules
from spider.solver.pool import searched_deals

DEFAULT_SECONDS = 60.0


def add_commands(subparsers: Any) -> None:
    """Registers ``spider verify`` on the ``spider`` command's sub-parsers."""
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


def verify(args: argparse.Namespace) -> int:
    # the database and the progress bar are loaded when the command runs, not with every ``spider`` command
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

    from spider.server.solving.deal_pool import Pool

    pool = Pool(args.database)
    rules = TableRules.preset(args.preset) if args.preset else TableRules()
    added = searched = unwinnable = 0
    columns = (
        TextColumn("[bold]verified"),
        BarColumn(),
        MofNCompleteColumn(),
        TextColumn("{task.fields[status]}"),
        TimeElapsedColumn(),
    )
    deals = searched_deals(
        args.suits, rules, workers=max(1, args.workers), seconds=args.seconds, known=pool.codes(args.suits)
    )
    try:
        with Progress(*columns) as progress:
            task = progress.add_task("verify", total=args.count, status="")
            for deal in deals:
                searched += 1
                if deal.verdict == "win" and pool.add(
                    deal.code, args.suits, deal.line, nodes=deal.nodes, seconds=deal.seconds
                ):
                    added += 1
                    progress.advance(task)
                unwinnable += deal.verdict == "no-win"
                progress.update(task, status=f"searched {searched}, proven unwinnable {unwinnable}")
                if added == args.count:
                    break
        print(f"Added {added} verified {args.suits}-suit deals to {pool.where} ({pool.count(args.suits)} in the pool).")
    finally:
        deals.close()  # the searches still running when the count is reached are not wanted
        pool.close()
    return 0

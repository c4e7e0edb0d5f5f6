"""Choosing the daily deals: how long the solver takes to find each day's deal, per suit count, over a run
of days (the first request of a day for a suit count waits that long; every later one reads the kept deal),
and how many candidates it tried.

    PYTHONPATH=src .venv/bin/python bench/daily.py [--days 10] [--seconds 20]

It prints, per suit count, the median and the longest time and the most candidates tried.
"""

from __future__ import annotations

import argparse
import datetime as dt
import secrets
import statistics
import time

from spider import Game
from spider.server.daily.choosing import candidates
from spider.solver import replays_to_win, solve


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--days", type=int, default=10)
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--suits", type=int, nargs="*", default=[1, 2, 4])
    args = parser.parse_args()
    secret = secrets.token_bytes(32)
    first = dt.date(2026, 12, 5)
    for suits in args.suits:
        times, tries = [], []
        for n in range(args.days):
            began = time.perf_counter()
            tried = 0
            for code in candidates(secret, first + dt.timedelta(days=n), suits):
                tried += 1
                found = solve(Game.from_code(code), seconds=args.seconds)
                if found.verdict == "win" and replays_to_win(Game.from_code(code), found.line):
                    break
            times.append(time.perf_counter() - began)
            tries.append(tried)
        print(f"{suits} suit(s), {args.days} days: median {statistics.median(times):.2f} s, "
              f"longest {max(times):.2f} s, at most {max(tries)} candidate(s)")


if __name__ == "__main__":
    main()

"""Counting the results of a database from before the running tallies: how long a store takes to open
over N finished games stored straight into a new file (``bench/flood.py``'s ``fill``), with its tallies
to make. On this branch that is the one-off migration 0007; before it, every start of a server whose
tallies were empty did it.

    PYTHONPATH=src .venv/bin/python bench/tally.py [--games 30000] [--runs 3]

It prints the median time to open, and the flooder's games counted (half the games: the tallies are
complete).
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
import time
from pathlib import Path

from flood import FLOODER, fill

from spider.server.games.store import Store
from spider.server.http.middleware import player_id
from spider.server.results.stats import player_stats
from spider.server.results.store import ResultsStore


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=30_000)
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    times, counted = [], 0
    for _ in range(args.runs):
        with tempfile.TemporaryDirectory() as folder:
            database = Path(folder) / "tally.sqlite"
            fill(database, args.games)
            began = time.monotonic()
            store = Store(f"sqlite:///{database}")
            times.append(time.monotonic() - began)
            stats = player_stats(*ResultsStore(store.engine).tallies(player_id(FLOODER)))
            counted = sum(tally["games"] for tally in stats["by_suits"].values())
            store.close()
    print(
        f"{args.games} games: a store opens in {statistics.median(times):.2f} s (median of {args.runs}), "
        f"the flooder's {counted} games counted"
    )


if __name__ == "__main__":
    main()

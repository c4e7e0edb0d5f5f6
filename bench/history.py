"""The last games' answer over a big database: how long ``GET /api/history`` takes for a player with N
finished games (``bench/flood.py``'s ``fill``: half of them the flooder's), the first time (each listed
deal made known once) and after.

    PYTHONPATH=src .venv/bin/python bench/history.py [--games 30000] [--limit 50] [--runs 20]

It prints the first answer's time and the median of the next ``runs``, in milliseconds, and the games listed.
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
import time
import warnings
from pathlib import Path

from flood import FLOODER, fill

from spider.server.app import create_app
from spider.server.http.identity import PLAYER_COOKIE
from spider.server.settings import Settings

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=30_000)
    parser.add_argument("--limit", type=int, default=50)
    parser.add_argument("--runs", type=int, default=20)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        database = Path(folder) / "history.sqlite"
        fill(database, args.games)
        settings = Settings(database=str(database), pool_target=0, verify_seconds=0, solver_workers=0)
        with TestClient(create_app(settings)) as client:
            client.cookies.set(PLAYER_COOKIE, FLOODER)
            path = f"/api/history?suits=1&limit={args.limit}"
            times = []
            listed = 0
            for _ in range(args.runs + 1):
                began = time.perf_counter()
                response = client.get(path)
                times.append((time.perf_counter() - began) * 1000)
                assert response.status_code == 200, response.text
                listed = len(response.json()["games"])
    first, rest = times[0], times[1:]
    median = statistics.median(rest)
    print(f"games stored {args.games}, listed {listed}: first {first:.1f} ms, then median {median:.1f} ms")


if __name__ == "__main__":
    main()

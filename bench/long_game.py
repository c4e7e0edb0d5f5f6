"""A game at the action limit: how long a server takes to rebuild it, and how ``/healthz`` is answered
meanwhile (issue 35, item 9).

Starts ``spider serve`` on a fresh SQLite file, opens a game (undo unlimited), stores ``--actions``
actions for it straight into the database (a deal, then undo and redo in turn: each keeps its undo
history), and starts the server again, so that the game is in no memory. Then it asks for the game,
which rebuilds it from every stored action, while another thread asks for ``/healthz`` over and over.
Prints the first answer's time (the rebuild), a second one's (from memory), and the health checks'
times while the rebuild ran: with the rebuild off the event loop they stay in milliseconds.

    .venv/bin/python bench/long_game.py [--actions 20000]
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
import threading
import time
from pathlib import Path

import httpx
from sqlalchemy import create_engine, insert
from web import spider_serve

from spider import Game
from spider.server.games.tables import actions
from spider.server.settings import Settings

CODE = "SP1-S1C-AAAAAAD-UX"  # undo unlimited: every action stays in the undo history


def texts(count: int) -> list[str]:
    """A deal, then undo and redo in turn: ``count`` actions the engine accepts."""
    played = ["d"] + ["u" if n % 2 == 0 else "r" for n in range(count - 1)]
    Game.replay(CODE, None, played[:3])  # raises if the engine refuses one
    return played


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--actions", type=int, default=Settings().max_game_actions)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        database = Path(folder) / "long.sqlite"
        with spider_serve(database) as (url, _), httpx.Client(base_url=url, timeout=60) as client:
            game_id = client.post("/api/games", json={"code": CODE}).raise_for_status().json()["id"]
            cookies = dict(client.cookies)
        engine = create_engine(f"sqlite:///{database}")
        at = time.time()
        with engine.begin() as connection:
            connection.execute(
                insert(actions),
                [{"game_id": game_id, "seq": n, "text": t, "at": at} for n, t in enumerate(texts(args.actions), 1)],
            )
        engine.dispose()
        with spider_serve(database) as (url, _), httpx.Client(base_url=url, timeout=60, cookies=cookies) as client:
            health: list[tuple[float, float]] = []  # (asked at, seconds to answer)
            stop = threading.Event()

            def ask_health() -> None:
                with httpx.Client(base_url=url, timeout=60) as checker:
                    while not stop.is_set():
                        began = time.perf_counter()
                        checker.get("/healthz").raise_for_status()
                        health.append((began, time.perf_counter() - began))

            checker = threading.Thread(target=ask_health)
            checker.start()
            time.sleep(0.3)  # the checker's connection is open and warm
            began = time.perf_counter()
            view = client.get(f"/api/games/{game_id}").raise_for_status().json()
            rebuilt = time.perf_counter() - began
            began_again = time.perf_counter()
            client.get(f"/api/games/{game_id}").raise_for_status()
            again = time.perf_counter() - began_again
            stop.set()
            checker.join()
    during = [seconds for asked, seconds in health if began <= asked <= began + rebuilt]
    print(f"game of {view['version']:,} actions ({args.actions:,} asked)")
    print(f"first view (rebuilt from the database): {rebuilt * 1000:.0f} ms; again (in memory): {again * 1000:.1f} ms")
    if during:
        print(
            f"/healthz while rebuilding: {len(during)} answers, median {statistics.median(during) * 1000:.1f} ms, "
            f"max {max(during) * 1000:.1f} ms"
        )
    else:
        print("/healthz while rebuilding: no answer began during the rebuild")


if __name__ == "__main__":
    main()

"""The daily routes as a day's board grows: ``GET /api/daily``, a day's board and the streaks board, timed with
600 and 6,000 entries on today's 1-suit board (each player an account in good standing with a name of their own,
and an entry on each of the last ten days, so the streaks board is as full as the day's).

    PYTHONPATH=src .venv/bin/python bench/daily_boards.py [--entries 600 6000] [--repeat 20] [--own-deals]
        [--routes daily board streaks]

The database is made at schema revision 0014 (the last before the boards' index), filled, then the app starts and
brings it to its newest revision as a server would, so the same script times an older tree (``cd /work/main``)
and this one. The asking player is an entry half way down the board. It prints each route's median and slowest
time per board size, the median CPU the process spent on it, and the answer's size.

Every entry's player is asked their standing (``results.standing.ranked``), which walks each of their finished
games and asks of each whether another player had shared a link to its deal before it began
(``games.store.shared_by_another``). Until schema revision 0016 that look-up went through every game of the deal:
with a day's deal, every entry of the day, so a board cost the square of its entries; since, it looks among the
deal's shares by index (``shares_by_deal``). ``--own-deals`` stores each entry's game under a deal of its own, so
that no deal has more than one game: what the boards cost when that look-up costs nothing, whichever tree is timed.
"""

from __future__ import annotations

import argparse
import datetime as dt
import random
import statistics
import tempfile
import time
from pathlib import Path

from alembic import command
from sqlalchemy import create_engine, insert
from starlette.testclient import TestClient

from spider.server.app import create_app
from spider.server.daily.tables import daily_deals, daily_entries, daily_games
from spider.server.db import revisions
from spider.server.games.tables import games
from spider.server.http.identity import PLAYER_COOKIE, player_id
from spider.server.people.tables import accounts, duelists, players, sessions
from spider.server.settings import Settings

NOON = dt.datetime(2026, 12, 20, 12, 0, tzinfo=dt.UTC).timestamp()
TODAY = "2026-12-20"
DAYS = 10  # each player's entries: today and the nine days before


def fill(database: Path, count: int, me: str, seed: int = 1, *, own_deals: bool = False) -> None:
    """A database at revision 0014 with ``count`` players' entries on each of the last ten days' 1-suit boards."""
    engine = create_engine(f"sqlite:///{database}")
    with engine.begin() as connection:
        command.upgrade(revisions.config(connection), "0014")
    pick = random.Random(seed)
    ids = [f"bench-{n:06d}" for n in range(count)]
    ids[count // 2] = me
    rows: dict[str, list[dict[str, object]]] = {"players": [], "accounts": [], "duelists": [], "games": []}
    daily_rows: dict[str, list[dict[str, object]]] = {"games": [], "entries": []}
    days = [(dt.date.fromisoformat(TODAY) - dt.timedelta(days=back)).isoformat() for back in range(DAYS)]
    for n, player in enumerate(ids):
        rows["players"].append({"id": player, "created_at": NOON - 30 * 86400})
        rows["accounts"].append({"id": player, "handle": f"h{n}", "created_at": NOON - 30 * 86400, "deleted_at": None})
        rows["duelists"].append({
            "player": player, "name": f"Bencher {n}", "name_key": f"bencher{n}", "computer": None, "rating": 1500.0,
            "deviation": 350.0, "volatility": 0.06, "duels": 0, "wins": 0, "draws": 0, "losses": 0, "bot": False,
        })
        for back, day in enumerate(days):
            game = f"g{n:06d}d{back}"
            ended = NOON - back * 86400 - pick.uniform(60, 3600)
            seconds = pick.uniform(100, 1200)
            won = pick.random() < (0.9 if back < 3 else 0.6)
            rows["games"].append({
                "id": game, "player": player, "code": f"SP1-DAILY-{day}",
                "deal": f"DAILY-{day}" + (f"-{n}" if own_deals else ""), "suits": 1,
                "rules": {}, "verified": True, "line": None, "replay": False, "typed": False, "line_shown": False,
                "created_at": ended - seconds, "finished_at": ended, "result": "won" if won else "resigned",
                "score": pick.randint(300, 1200) if won else pick.randint(0, 400), "moves": pick.randint(60, 300),
                "seconds": seconds, "kind": "daily",
            })
            daily_rows["games"].append({"game_id": game, "player": player, "day": day, "suits": 1, "helped": False})
            daily_rows["entries"].append({"player": player, "day": day, "suits": 1, "game_id": game})
    with engine.begin() as connection:
        connection.execute(insert(players), rows["players"])
        connection.execute(insert(accounts), rows["accounts"])
        connection.execute(insert(duelists), rows["duelists"])
        # the asking player's cookie signed in to their account, as a test's account is (``tests.server.standing``)
        connection.execute(insert(sessions).values(
            id=me, account=me, device="bench", created_at=NOON - 30 * 86400, seen_at=NOON
        ))
        connection.execute(insert(games), rows["games"])
        connection.execute(insert(daily_games), daily_rows["games"])
        connection.execute(insert(daily_entries), daily_rows["entries"])
        connection.execute(insert(daily_deals), [
            {"day": day, "suits": 1, "code": f"SP1-DAILY-{day}", "line": [], "chosen_at": NOON - 86400 * DAYS}
            for day in days
        ])
    engine.dispose()


def timed(client: TestClient, path: str, repeat: int) -> tuple[float, float, float, int]:
    """The median and slowest milliseconds of ``repeat`` requests (after one to warm up), the median milliseconds of
    CPU the process spent on one (every thread's: the app's and the client's; less swayed than the time by what
    else the machine runs), and the answer's bytes."""
    response = client.get(path)
    assert response.status_code == 200, (path, response.text)
    times, cpu = [], []
    for _ in range(repeat):
        began, spent = time.perf_counter(), time.process_time()
        response = client.get(path)
        times.append((time.perf_counter() - began) * 1000)
        cpu.append((time.process_time() - spent) * 1000)
        assert response.status_code == 200
    return statistics.median(times), max(times), statistics.median(cpu), len(response.content)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--entries", type=int, nargs="*", default=[600, 6000])
    parser.add_argument("--repeat", type=int, default=20)
    parser.add_argument("--own-deals", action="store_true", help="each entry's game under a deal of its own")
    parser.add_argument("--routes", nargs="*", default=["daily", "board", "streaks"], help="which routes to time")
    args = parser.parse_args()
    token = "bench" + "0" * 38
    me = player_id(token)
    for count in args.entries:
        with tempfile.TemporaryDirectory() as folder:
            database = Path(folder) / "daily.db"
            began = time.perf_counter()
            fill(database, count, me, own_deals=args.own_deals)
            settings = Settings(
                database=str(database), pool_target=0, verify_seconds=0, solver_workers=0, gc_freeze_seconds=0,
                prune_days=0,
            )
            with TestClient(create_app(settings, clock=lambda: NOON)) as client:
                client.cookies.set(PLAYER_COOKIE, token)
                spent = time.perf_counter() - began
                print(f"{count} entries a day ({DAYS} days), filled and migrated in {spent:.1f} s")
                paths = {"daily": "/api/daily", "board": f"/api/daily/{TODAY}/1",
                         "streaks": "/api/leaderboards/streaks?suits=1"}
                for path in (paths[route] for route in args.routes):
                    median, slowest, cpu, size = timed(client, path, args.repeat)
                    print(
                        f"  GET {path:36} median {median:7.1f} ms, slowest {slowest:7.1f} ms, CPU {cpu:7.1f} ms, "
                        f"{size} bytes"
                    )


if __name__ == "__main__":
    main()

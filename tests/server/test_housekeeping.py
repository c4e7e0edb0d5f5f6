"""The database over time: servers that would clash refuse to start, older databases are brought up to
date without losing a game, and what nobody will come back to is pruned."""

from __future__ import annotations

import os
import sqlite3
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

from starlette.testclient import TestClient

from spider.server.games.store import Finish, GameRecord, Store
from spider.server.http.identity import PLAYER_COOKIE, player_id
from spider.server.ops.prune import prune
from spider.server.results.stats import player_stats
from spider.server.results.store import ResultsStore

from .conftest import act, new_game

DAY = 86400.0


def spider(*arguments: str, **environ: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "spider.cli", *arguments],
        capture_output=True,
        text=True,
        timeout=60,
        env={**os.environ, "SPIDER_POOL_TARGET": "0", **environ},
    )


def test_spider_serve_refuses_a_database_another_server_keeps(client: TestClient, database: Path) -> None:
    new_game(client, code="SP1-S1C-AAAAAAD")  # the test's app is a running server on this file
    refused = spider("serve", "--port", "1", "--database", str(database))
    assert refused.returncode == 2
    assert "another Spider server is running on" in refused.stderr and "Traceback" not in refused.stderr
    shared = spider("serve", "--port", "1", "--database", str(database), SPIDER_SHARED_DATABASE="1")
    assert shared.returncode == 2 and "keeps" in shared.stderr


def test_spider_serve_refuses_a_read_only_database(tmp_path: Path) -> None:
    database = tmp_path / "spider.sqlite"
    Store(f"sqlite:///{database}").close()
    # opened read-only (as a file the server's user may not write would be: root may write any file)
    read_only = f"sqlite:///file:{database}?mode=ro&uri=true"
    refused = spider("serve", "--port", "1", "--database", read_only)
    assert refused.returncode == 2, refused.stderr
    assert "read-only" in refused.stderr and "Traceback" not in refused.stderr


OLD_SCHEMA = """
CREATE TABLE players (id VARCHAR(64) PRIMARY KEY, created_at FLOAT NOT NULL);
CREATE TABLE games (
    id VARCHAR(32) PRIMARY KEY, player VARCHAR(64) NOT NULL REFERENCES players (id), code VARCHAR(80) NOT NULL,
    suits INTEGER NOT NULL, rules JSON NOT NULL, verified BOOLEAN NOT NULL, line JSON, replay BOOLEAN NOT NULL,
    created_at FLOAT NOT NULL, finished_at FLOAT, result VARCHAR(16), score INTEGER, moves INTEGER, seconds FLOAT
);
CREATE TABLE actions (
    game_id VARCHAR(32) NOT NULL REFERENCES games (id), seq INTEGER NOT NULL, text VARCHAR(16) NOT NULL,
    at FLOAT NOT NULL, PRIMARY KEY (game_id, seq)
);
"""


def test_a_database_from_before_the_tallies_keeps_every_game(
    make_client: Callable[..., TestClient], database: Path
) -> None:
    token = "t" * 43
    player = player_id(token)
    with sqlite3.connect(database) as connection:
        connection.executescript(OLD_SCHEMA)
        connection.execute("INSERT INTO players VALUES (?, 1.0)", (player,))
        connection.execute(
            "INSERT INTO games VALUES ('w000000000000000', ?, 'SP1-S2C-AAAAAAD', 2, '{}', 0, NULL, 0,"
            " 10.0, 500.0, 'won', 1100, 200, 400.0)",
            (player,),
        )
        connection.execute(
            "INSERT INTO games VALUES ('p000000000000000', ?, 'SP1-S2C-AAAAAAE', 2, '{}', 0, NULL, 0,"
            " 600.0, NULL, NULL, NULL, NULL, NULL)",
            (player,),
        )
        connection.execute("INSERT INTO actions VALUES ('p000000000000000', 1, 'd', 601.0)")
    client = make_client()
    client.cookies.set(PLAYER_COOKIE, token)
    stats = client.get("/api/stats").json()
    assert stats["by_suits"]["2"]["wins"] == 1 and stats["best_scores"]["2"] == {"standard": 1100}
    current = client.get("/api/games/current").json()
    assert current["id"] == "p000000000000000" and current["moves"] == 1
    assert act(client, current["id"], "d")["view"]["moves"] == 2


def add_game(store: Store, number: int, player: str, created: float, *, result: str | None, moves: int = 0) -> str:
    record = GameRecord(
        id=f"g{number:015d}", player=player, code="SP1-S1C-AAAAAAD", suits=1, rules={}, verified=False,
        created_at=created,
    )
    store.add_game(record)
    if result is not None:
        store.finish(Finish(record.id, result, created + 60, 500 - moves, moves, 60.0))
    return record.id


def test_prune_deletes_only_what_no_one_comes_back_to(tmp_path: Path) -> None:
    store = Store(f"sqlite:///{tmp_path / 'prune.sqlite'}")
    results = ResultsStore(store.engine)
    store.events.on_end(results.ended)  # as the app has the results hear of every game's end
    now = 1000 * DAY
    left_long_ago = add_game(store, 1, "active", now - 30 * DAY, result="abandoned")
    left_yesterday = add_game(store, 2, "active", now - DAY, result="abandoned")
    played_and_left = add_game(store, 3, "active", now - 30 * DAY, result="abandoned", moves=5)
    in_progress = add_game(store, 4, "active", now - 30 * DAY, result=None)
    gone = [add_game(store, 5 + n, "gone", now - 400 * DAY, result="won", moves=90) for n in range(3)]
    assert prune(store, now) == (4, 1)
    assert store.game(left_long_ago) is None and all(store.game(game) is None for game in gone)
    assert all(store.game(game) is not None for game in (left_yesterday, played_and_left, in_progress))
    assert player_stats(*results.tallies("gone"))["by_suits"]["1"]["games"] == 0
    assert player_stats(*results.tallies("active"))["by_suits"]["1"]["games"] == 1
    store.close()


def test_spider_db_prune_reports_what_it_deleted(tmp_path: Path) -> None:
    database = tmp_path / "games.sqlite"
    store = Store(f"sqlite:///{database}")
    add_game(store, 1, "someone", 1000.0, result="abandoned")  # in 1970: long past every retention
    store.close()
    done = spider("db", "prune", "--database", str(database))
    assert done.returncode == 0 and "Deleted 1 games and 1 players" in done.stdout
    missing = spider("db")
    assert missing.returncode == 2 and "prune" in missing.stderr

"""The schema's migrations (Alembic): they make the tables the server's queries use, on SQLite and
PostgreSQL alike, and bring a database from an earlier release up without losing a game."""

from __future__ import annotations

import sqlite3
from collections.abc import Callable
from pathlib import Path

from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from sqlalchemy import create_engine
from starlette.testclient import TestClient

from spider.cli import main
from spider.databases import database_url as url_of
from spider.server.db import revisions
from spider.server.http.identity import PLAYER_COOKIE
from spider.server.migrations.schema import metadata
from tests.server.conftest import act, new_game

CODE = "SP1-S1C-AAAAAAD"


def test_the_migrations_make_exactly_the_tables_the_server_uses(client: TestClient, database_url: str) -> None:
    # every table of the one schema: the games', the duels' and the deal pool's
    engine = create_engine(url_of(database_url))
    with engine.connect() as connection:
        assert revisions.revision(connection) == revisions.head()
        assert compare_metadata(MigrationContext.configure(connection), metadata) == []
    engine.dispose()


def test_a_database_from_the_first_release_upgrades_without_losing_a_game(
    make_client: Callable[..., TestClient], database: Path
) -> None:
    client = make_client()
    game = new_game(client, code=CODE)
    for _ in range(3):
        act(client, game["id"], "d")
    before = client.get(f"/api/games/{game['id']}").json()
    shared = client.post(f"/api/games/{game['id']}/share")
    assert shared.status_code == 201, shared.text
    cookie = client.cookies[PLAYER_COOKIE]
    client.__exit__(None, None, None)
    # as the first release left it: no migrations table, none of the columns and tables added since
    with sqlite3.connect(database) as connection:
        connection.execute("DROP TABLE alembic_version")
        dropped = ("practice", "duelists", "relations", "duels", "duel_seats", "invitations", "offline_results")
        for table in (*dropped, "deals_known"):
            connection.execute(f"DROP TABLE {table}")
        connection.execute("DROP INDEX games_by_deal")
        connection.execute("DROP INDEX games_by_player")  # the first release's, on three columns
        connection.execute("CREATE INDEX games_by_player ON games (player, finished_at, created_at)")
        connection.execute("DROP INDEX shares_by_deal")
        for column in ("typed", "preset", "deal"):
            connection.execute(f"ALTER TABLE shares DROP COLUMN {column}")
        added = ("played", "clock_at", "exercise", "duel", "typed", "line_shown", "deal", "preset", "position", "kind")
        for column in added:
            connection.execute(f"ALTER TABLE games DROP COLUMN {column}")
    again = make_client()
    again.cookies.set(PLAYER_COOKIE, cookie)
    after = again.get("/api/games/current").json()
    for key in ("id", "columns", "stock", "score", "moves", "can_undo"):
        assert after[key] == before[key], key
    assert act(again, game["id"], "u")["view"]["moves"] == 2  # its undo history came along
    assert again.get("/api/practice").status_code == 200
    with sqlite3.connect(database) as connection:
        assert connection.execute("SELECT version_num FROM alembic_version").fetchone() == (revisions.head(),)
        # the share made before keeps its game's deal, where the rule of good standing looks a deal's shares up
        filled = "SELECT shares.deal = games.deal FROM shares JOIN games ON games.id = shares.game_id"
        assert connection.execute(filled).fetchall() == [(1,)]


def test_spider_db_upgrade_says_where_the_database_stands(
    database_url: str, capsys: object
) -> None:
    assert main(["db", "upgrade", "--database", database_url]) == 0
    out = capsys.readouterr().out  # type: ignore[attr-defined]
    assert f"schema revision {revisions.head()}, the newest" in out

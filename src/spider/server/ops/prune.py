"""Keeping the database small: what is deleted, when, and ``spider db prune``.

Nothing a player can come back to is deleted. What goes:

- a game left for a new one before its first move, a week after it was left (it never counted, and
  its deal is never dealt again from the pool), and a replay of a winning line, a week after it began;
- a player with no game begun for a year, with all their games and results (their cookie has expired
  in every browser by then: browsers keep a cookie 400 days at most, and the page renews it on each
  visit), and the site-wide daily tallies older than that;
- the keyed hash of a client address a player was seen at, 30 days after it was last seen (``people.addresses``).

The server prunes once a day by itself (``prune_days``, 0 to turn it off); ``spider db prune`` does it
now, for a server that is stopped or shares its database.
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import sys
from typing import TYPE_CHECKING, Any

from spider.server.games.clock import DAY

if TYPE_CHECKING:  # the rest inside the commands: registering them on ``spider`` loads no web stack
    from spider.server.games.store import Store
    from spider.server.settings import Settings

IDLE_GAME_DAYS = 7.0
IDLE_PLAYER_DAYS = 365.0
FIRST_PRUNE_SECONDS = 60.0  # after the server starts: not while it is busy starting

log = logging.getLogger("spider.server")


def prune(store: Store, at: float | None = None) -> tuple[int, int]:
    """Deletes what the retention above allows, as of ``at`` (now), in one transaction; returns (games,
    players) deleted. Each package deletes what it keeps of the players gone: the games theirs, the results,
    the exercises and the daily boards theirs, and last the people theirs."""
    from spider.server.daily.store import DailyStore
    from spider.server.fairplay.store import FairplayStore
    from spider.server.games.store import now
    from spider.server.people import addresses
    from spider.server.people import service as people
    from spider.server.practice.store import PracticeStore
    from spider.server.results.store import ResultsStore

    at = now() if at is None else at
    game_before, player_before = at - IDLE_GAME_DAYS * DAY, at - IDLE_PLAYER_DAYS * DAY
    forgetting = (ResultsStore.forget, PracticeStore.forget, DailyStore.forget, FairplayStore.forget, people.forget)
    with store.engine.begin() as connection:
        pruned = store.prune_games(connection, game_before)
        gone = store.idle_players(connection, player_before)
        for start in range(0, len(gone), 500):
            chunk = gone[start : start + 500]
            pruned += store.forget(connection, chunk)
            for forget in forgetting:
                forget(connection, chunk)
        ResultsStore.forget_days(connection, player_before)
        store.forget_shares(connection, player_before)
        addresses.forget_seen(connection, at - addresses.KEEP_DAYS * DAY)
    return pruned, len(gone)


async def prune_daily(store: Store, settings: Settings) -> None:
    """The server's own housekeeping: a prune shortly after start, then every ``prune_days``."""
    if settings.prune_days <= 0:
        return
    delay = FIRST_PRUNE_SECONDS
    while True:
        await asyncio.sleep(delay)
        delay = settings.prune_days * DAY
        try:
            games, players = await asyncio.to_thread(prune, store)
        except Exception:  # a busy or failing database: try again next time, keep serving
            log.exception("pruning the database failed")
            continue
        if games or players:
            log.warning("pruned %d games and %d players", games, players)


def add_commands(subparsers: Any) -> None:
    """Registers ``spider db prune`` on the ``spider`` command's sub-parsers."""
    parser: argparse.ArgumentParser = subparsers.add_parser(
        "db", help="look after the web app's database", description="Look after the web app's database."
    )
    commands = parser.add_subparsers(dest="db_command", required=True)
    pruning = commands.add_parser(
        "prune",
        help="delete games left before their first move and players gone for a year",
        description=(
            f"Delete games left for a new one before their first move ({IDLE_GAME_DAYS:g} days after) and "
            f"players with no game begun for {IDLE_PLAYER_DAYS:g} days, with all their games. The server "
            "also does this once a day."
        ),
    )
    pruning.add_argument("--database", metavar="PATH", help="SQLite file (or SQLAlchemy URL) of the games")
    pruning.set_defaults(run=run_prune)
    upgrading = commands.add_parser(
        "upgrade",
        help="bring the database to the newest schema (the server also does this as it starts)",
        description="Run the schema's migrations that the database has not had yet, on SQLite or PostgreSQL.",
    )
    upgrading.add_argument("--database", metavar="PATH|URL", help="SQLite file (or SQLAlchemy URL) of the games")
    upgrading.set_defaults(run=run_upgrade)


def run_upgrade(args: argparse.Namespace) -> int:
    from sqlalchemy.exc import SQLAlchemyError

    from spider.server.games.store import Store
    from spider.server.settings import Settings

    try:
        settings = Settings.from_env(database=args.database)
        store = Store(settings.database_url)  # opening a store upgrades its database
    except (OSError, ValueError, SQLAlchemyError) as error:
        print(f"spider db upgrade: {error}", file=sys.stderr)
        return 2
    try:
        found = store.schema_revision()
    finally:
        store.close()
    print(f"The database {settings.database} is at schema revision {found}, the newest.")
    return 0


def run_prune(args: argparse.Namespace) -> int:
    from spider.server.games.store import Store
    from spider.server.settings import Settings

    try:
        settings = Settings.from_env(database=args.database)
        store = Store(settings.database_url)
    except (OSError, ValueError) as error:
        print(f"spider db prune: {error}", file=sys.stderr)
        return 2
    try:
        games, players = prune(store)
    finally:
        store.close()
    print(f"Deleted {games} games and {players} players from {settings.database}.")
    return 0

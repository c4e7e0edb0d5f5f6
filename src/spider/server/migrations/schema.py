"""The whole schema at head: every package's tables on the one ``MetaData``, which ``alembic revision
--autogenerate`` compares the database with (``env.py``), and ``tests/server/test_migrations.py`` holds the
migrations to."""

from __future__ import annotations

from spider.server.arenas import tables as arenas
from spider.server.bots import tables as bots
from spider.server.daily import tables as daily
from spider.server.db.metadata import metadata
from spider.server.duels import tables as duels
from spider.server.fairplay import tables as fairplay
from spider.server.games import tables as games
from spider.server.ghosts import tables as ghosts
from spider.server.people import tables as people
from spider.server.practice import tables as practice
from spider.server.results import tables as results
from spider.server.solving import tables as solving

PACKAGES = (people, practice, solving, games, results, fairplay, daily, ghosts, duels, bots, arenas)
"""The packages that keep tables, in the order of their layers."""

__all__ = ["PACKAGES", "metadata"]

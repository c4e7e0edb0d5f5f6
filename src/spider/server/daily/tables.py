"""The daily deal's tables: the deal of each day and suit count, the games played of it, each player's entry on
the day's board, and the secret the deals are drawn with.

On the one ``MetaData`` (``db.metadata``); only this package's store reads or writes them.
"""

from __future__ import annotations

from sqlalchemy import JSON, Boolean, Column, Float, Index, Integer, String, Table

from spider.server.db.metadata import metadata

# The daily deal (``server/daily``): the deal chosen for each UTC day and suit count, every game played of
# one, each player's first game of a day's deal on its day (the one on the day's board), and the secret the
# deals are drawn from when the settings give none (made once, never shown).
daily_deals = Table(
    "daily_deals",
    metadata,
    Column("day", String(10), primary_key=True),  # YYYY-MM-DD, UTC
    Column("suits", Integer, primary_key=True),
    Column("code", String(80), nullable=False),
    Column("line", JSON, nullable=False),  # the winning line the solver found
    Column("chosen_at", Float, nullable=False),
)

daily_games = Table(
    "daily_games",
    metadata,
    Column("game_id", String(32), primary_key=True),
    Column("player", String(64), nullable=False),
    Column("day", String(10), nullable=False),
    Column("suits", Integer, nullable=False),
    Column("helped", Boolean, nullable=False, default=False),  # a hint was given in it
    Index("daily_games_by_player", "player", "day", "suits"),
)

daily_entries = Table(
    "daily_entries",
    metadata,
    Column("player", String(64), primary_key=True),
    Column("day", String(10), primary_key=True),
    Column("suits", Integer, primary_key=True),
    Column("game_id", String(32), nullable=False),
    Index("daily_entries_by_day", "day", "suits"),
)

daily_secrets = Table(
    "daily_secrets",
    metadata,
    Column("name", String(16), primary_key=True),
    Column("secret", String(128), nullable=False),
)

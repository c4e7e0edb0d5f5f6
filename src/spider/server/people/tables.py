"""The people's tables: every player seen (``players``), their names, ratings and duel tallies (``duelists``),
and who is whose friend or ignored (``relations``).

On the one ``MetaData`` (``db.metadata``); only this package's store reads or writes them.
"""

from __future__ import annotations

from sqlalchemy import Boolean, Column, Float, Index, Integer, String, Table, false

from spider.server.db.metadata import metadata

players = Table(
    "players",
    metadata,
    Column("id", String(64), primary_key=True),  # a hash of the player's cookie token
    Column("created_at", Float, nullable=False),
)

duelists = Table(
    "duelists",
    metadata,
    Column("player", String(64), primary_key=True),  # players.id, or "computer-<strength>"
    Column("name", String(24), nullable=False),
    Column("name_key", String(96), nullable=False, unique=True),  # the name as compared: no two alike
    Column("computer", String(16), nullable=True),  # a computer player's strength
    Column("rating", Float, nullable=False),  # Glicko-2, on the Glicko scale (1500 to start)
    Column("deviation", Float, nullable=False),
    Column("volatility", Float, nullable=False),
    Column("duels", Integer, nullable=False, default=0),
    Column("wins", Integer, nullable=False, default=0),
    Column("draws", Integer, nullable=False, default=0),
    Column("losses", Integer, nullable=False, default=0),
    Column("seen_at", Float, nullable=True),  # the last sign of life of a socket of theirs: online or not
    # played by a program with a token of its own (``bots``): PEOPLE_ONLY leaves bots out of people's boards
    Column("bot", Boolean, nullable=False, default=False, server_default=false()),
)

relations = Table(
    "relations",
    metadata,
    Column("player", String(64), primary_key=True),
    Column("other", String(64), primary_key=True),
    Column("kind", String(8), nullable=False),  # "friend" or "ignore"
    Index("relations_by_other", "other"),
)

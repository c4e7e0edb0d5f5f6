"""The arenas' tables: each arena, its players with their points, and the duels paired in it.

On the one ``MetaData`` (``db.metadata``); only this package's store reads or writes them.
"""

from __future__ import annotations

from sqlalchemy import JSON, Boolean, Column, Float, Index, Integer, String, Table

from spider.server.db.metadata import metadata

# Arenas (``server/arenas``): players join, are paired into ordinary duels (``duels.arena`` names the
# arena) as they finish, and score points; one server process pairs an arena at a time, under a lease.
arenas = Table(
    "arenas",
    metadata,
    Column("id", String(32), primary_key=True),
    Column("creator", String(64), nullable=True),  # players.id of whoever opened it; NULL: the server's schedule
    Column("suits", Integer, nullable=False),
    Column("minutes", Integer, nullable=False),  # each duel's time limit
    Column("starts_at", Float, nullable=False),
    Column("ends_at", Float, nullable=False),
    Column("computers", Boolean, nullable=False),  # computer opponents fill in for a player left waiting
    Column("created_at", Float, nullable=False),
    Column("pairer", String(32), nullable=True),  # the server process pairing it now (the lease's owner)
    Column("pairer_until", Float, nullable=True),  # when its lease lapses unless renewed
    Column("over", Boolean, nullable=False, default=False),  # its end has passed and its last duel ended
    Index("arenas_by_end", "over", "ends_at"),
)

arena_players = Table(
    "arena_players",
    metadata,
    Column("arena", String(32), primary_key=True),
    Column("player", String(64), primary_key=True),
    Column("active", Boolean, nullable=False),  # joined and not withdrawn: paired when free
    Column("stalled", Boolean, nullable=True),  # withdrawn for a duel they made no move in: told so until they join
    Column("points", Integer, nullable=False, default=0),
    Column("duels", Integer, nullable=False, default=0),
    Column("wins", Integer, nullable=False, default=0),
    Column("streak", Integer, nullable=False, default=0),  # wins in a row: from two on, points count double
    Column("duel", String(32), nullable=True),  # the duel they are paired into now
    Column("last_opponent", String(64), nullable=True),  # never paired with them twice in a row
    Column("waiting_since", Float, nullable=True),  # free since then (joined, or their last duel ended)
    Column("joined_at", Float, nullable=False),
)

arena_duels = Table(
    "arena_duels",
    metadata,
    Column("duel", String(32), primary_key=True),
    Column("arena", String(32), nullable=False),
    Column("berserk", JSON, nullable=False),  # the seats (0, 1) whose player went berserk: half the clock
    Column("counted", Boolean, nullable=False, default=False),  # its points were given, once
    Index("arena_duels_by_arena", "arena", "counted"),
)

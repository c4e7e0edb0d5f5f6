"""The ghosts' table: each race, the racer's game and the game raced.

On the one ``MetaData`` (``db.metadata``); only this package's store reads or writes them.
"""

from __future__ import annotations

from sqlalchemy import Boolean, Column, Float, Index, String, Table

from spider.server.db.metadata import metadata

# Ghost races (``server/ghosts``): a player's new game of a deal raced against an earlier, counted game of it,
# shown at that game's own pace. The raced game is named to the racer only once their game is over.
ghost_races = Table(
    "ghost_races",
    metadata,
    Column("id", String(32), primary_key=True),
    Column("player", String(64), nullable=False),  # the racer
    Column("game", String(32), nullable=False),  # the racer's game (games.id): counts in no results
    Column("ghost", String(32), nullable=False),  # the game raced (games.id), over and counted
    Column("mine", Boolean, nullable=False),  # the racer's own best game
    Column("started_at", Float, nullable=False),
    Index("ghost_races_by_player", "player", "started_at"),
)

"""The practice's table: the exercises each player has solved, with the fewest moves each took.

On the one ``MetaData`` (``db.metadata``); only this package's store reads or writes them.
"""

from __future__ import annotations

from sqlalchemy import Column, Float, ForeignKey, Integer, String, Table

from spider.server.db.metadata import metadata

# Practice (``spider.practice``): each exercise a player has solved, with the fewest moves it took.
practice = Table(
    "practice",
    metadata,
    Column("player", String(64), ForeignKey("players.id"), primary_key=True),
    Column("exercise", String(32), primary_key=True),
    Column("solved_at", Float, nullable=False),
    Column("best_moves", Integer, nullable=False),
)

"""The results' tables: each player's running tallies (``results``) and best scores (``best_scores``), the site's
days (``site_days``), and the results of games played offline (``offline_results``).

On the one ``MetaData`` (``db.metadata``); only this package's store reads or writes them.
"""

from __future__ import annotations

from sqlalchemy import JSON, Column, Float, ForeignKey, Index, Integer, String, Table, Text

from spider.server.db.metadata import metadata

# Running tallies of results (``spider.server.results.counting``), updated as each game ends.
results = Table(
    "results",
    metadata,
    Column("player", String(64), ForeignKey("players.id"), primary_key=True),
    Column("suits", Integer, primary_key=True),
    Column("games", Integer, nullable=False),
    Column("wins", Integer, nullable=False),
    Column("current_streak", Integer, nullable=False),
    Column("best_streak", Integer, nullable=False),
    Column("best_seconds", Float, nullable=True),
    Column("fewest_moves", Integer, nullable=True),
)

best_scores = Table(
    "best_scores",
    metadata,
    Column("player", String(64), ForeignKey("players.id"), primary_key=True),
    Column("suits", Integer, primary_key=True),
    Column("scoring", String(16), primary_key=True),
    Column("score", Integer, nullable=False),
)

# Offline games (``spider.offline``), played in the browser with no server and checked once sent
# (``results.offline``): counted apart, never in the results above or the site's win rates. A
# deal is kept once: the same code again is the same game, sent again after a lost answer, and the same
# deal under other table rules (another code) is no new result either.
offline_results = Table(
    "offline_results",
    metadata,
    Column("player", String(64), ForeignKey("players.id"), primary_key=True),
    Column("code", String(80), primary_key=True),
    Column("suits", Integer, nullable=False),
    Column("rules", JSON, nullable=False),
    Column("result", String(16), nullable=False),  # "won", "resigned" or "abandoned"
    Column("score", Integer, nullable=False),
    Column("moves", Integer, nullable=False),
    Column("seconds", Float, nullable=True),  # as the page counted it: no server saw the game played
    Column("actions", Text, nullable=False),  # every action, undo and redo included, spaces between
    Column("received_at", Float, nullable=False),
    Column("deal", String(80), nullable=False),  # the code's deal, whatever its rules: one result a deal
    Index("offline_results_by_deal", "player", "deal", unique=True),
)

site_days = Table(
    "site_days",
    metadata,
    Column("day", Integer, primary_key=True),  # whole days since the epoch, UTC, of the game's end
    Column("suits", Integer, primary_key=True),
    Column("games", Integer, nullable=False),
    Column("wins", Integer, nullable=False),
)

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

# An entry's place comes from its game's end, copied here as the game ends (``Daily._ended``) so that a day's
# board is read in its order from one index, a page at a time: won before lost, the higher score, the shorter
# time, the earlier end, then the player (a tie broken the same way on every page). The four are null while the
# entry is played, and for one left before its first move (no entry: the next game of the day takes its place).
daily_entries = Table(
    "daily_entries",
    metadata,
    Column("player", String(64), primary_key=True),
    Column("day", String(10), primary_key=True),
    Column("suits", Integer, primary_key=True),
    Column("game_id", String(32), nullable=False),
    Column("won", Boolean, nullable=True),
    Column("score", Integer, nullable=True),
    Column("seconds", Float, nullable=True),
    Column("finished_at", Float, nullable=True),
    Index("daily_entries_by_day", "day", "suits"),
)
PLACES = Index(
    "daily_entries_by_place",
    daily_entries.c.day,
    daily_entries.c.suits,
    daily_entries.c.won.desc(),
    daily_entries.c.score.desc(),
    daily_entries.c.seconds,
    daily_entries.c.finished_at,
    daily_entries.c.player,
)

# Each player's runs of days at a suit count, worked out again from their entries whenever one begins or ends
# (``DailyStore.keep_runs``), so that the streaks board reads the runs still going from an index. A run of days
# won counts through ``won_through``: its last day, or the day after when that day's entry was not lost.
daily_streaks = Table(
    "daily_streaks",
    metadata,
    Column("player", String(64), primary_key=True),
    Column("suits", Integer, primary_key=True),
    Column("played", Integer, nullable=False),  # the latest run of days played
    Column("played_through", String(10), nullable=False),  # the day after that run's last
    Column("won", Integer, nullable=False),  # the latest run of days won (0: none)
    Column("won_through", String(10), nullable=False),  # the last day that run is still going on
    Column("best_played", Integer, nullable=False),
    Column("best_won", Integer, nullable=False),
    Index("daily_streaks_going", "suits", "won_through"),
)
STREAKS_BY_PLACE = Index(
    # the streaks board's order (``store.STREAK_PLACES``), then whether the run still goes on: a page is read down
    # this index, each player asked their standing until the page is full, not every player of a run and then sorted
    "daily_streaks_by_place",
    daily_streaks.c.suits,
    daily_streaks.c.won.desc(),
    daily_streaks.c.played.desc(),
    daily_streaks.c.best_won.desc(),
    daily_streaks.c.player,
    daily_streaks.c.won_through,
)

daily_secrets = Table(
    "daily_secrets",
    metadata,
    Column("name", String(16), primary_key=True),
    Column("secret", String(128), nullable=False),
)

"""The games' tables: every game (``games``), each action stored before it is answered (``actions``), the
deals whose line or code anybody has been shown (``lines_shown``, ``deals_known``), the shared deals kept secret
until a time (``deals_held``) and the links that share a deal (``shares``).

On the one ``MetaData`` (``db.metadata``); only this package's store reads or writes them.
"""

from __future__ import annotations

from sqlalchemy import JSON, Boolean, Column, Float, ForeignKey, Index, Integer, String, Table, Text, false

from spider.server.db.metadata import metadata

STANDING_WALK = ("player", "finished_at", "created_at", "kind", "line_shown", "result", "moves", "seconds", "deal")
"""The columns of ``games_by_player``, in order (``migrations`` 0016 widened it from its first three)."""

games = Table(
    "games",
    metadata,
    Column("id", String(32), primary_key=True),
    Column("player", String(64), ForeignKey("players.id"), nullable=False),
    Column("code", String(80), nullable=False),
    Column("deal", String(80), nullable=True),  # the code's deal, whatever its rules (``GameCode.deal``)
    Column("suits", Integer, nullable=False),
    Column("rules", JSON, nullable=False),
    Column("verified", Boolean, nullable=False),
    Column("line", JSON, nullable=True),  # the winning line of a verified deal
    Column("replay", Boolean, nullable=False, default=False),  # shows a winning line: not in any results
    Column("typed", Boolean, nullable=False, default=False),  # the player gave the code: they may see it
    # begun from a link that shared the deal (``shares``): the table says "shared deal" (``migrations`` 0021)
    Column("shared", Boolean, nullable=False, default=False, server_default=false()),
    Column("line_shown", Boolean, nullable=False, default=False),  # its winning line was shown to the player
    Column("created_at", Float, nullable=False),  # seconds since the epoch, UTC
    Column("finished_at", Float, nullable=True),
    Column("result", String(16), nullable=True),  # "won", "resigned" or "abandoned"
    Column("score", Integer, nullable=True),  # final score, moves and playing time
    Column("moves", Integer, nullable=True),
    Column("seconds", Float, nullable=True),
    # the clock of a game in progress (server/games/clock.py): seconds on screen up to clock_at, the last
    # sign of life from a page showing it (NULL: off screen); played NULL in games from before the clock
    Column("played", Float, nullable=True),
    Column("clock_at", Float, nullable=True),
    Column("exercise", String(32), nullable=True),  # a practice game's exercise (its code is then "")
    Column("duel", String(32), nullable=True),  # the duel this game is one player's side of (server/duels)
    Column("preset", String(16), nullable=True),  # the preset it was begun under, by name; NULL: rules of its own
    # where a game tried again from a review starts (exercise "from_review"), in full form: never sent
    Column("position", Text, nullable=True),
    # what the game is (server/games/kinds.py): solo, typed, practice, try_again, replay, resumed, duel, daily,
    # daily_again or ghost; the one value every rule of counting asks
    Column("kind", String(16), nullable=False, default="solo", server_default="solo"),
    # a player's games by their end; the columns after those let the rule of good standing (``results.standing``),
    # which walks every finished game of every player on a board, read this index alone, not each game's row
    Index("games_by_player", *STANDING_WALK),
    Index("games_by_deal", "deal", "finished_at"),
)

actions = Table(
    "actions",
    metadata,
    Column("game_id", String(32), ForeignKey("games.id"), primary_key=True),
    Column("seq", Integer, primary_key=True),  # 1, 2, 3 ... in the order they were played
    Column("text", String(16), nullable=False),  # notation: "3>7", "3>7:2", "d", "f3", "u", "r"
    Column("at", Float, nullable=False),
)

lines_shown = Table(
    "lines_shown",
    metadata,
    Column("player", String(64), ForeignKey("players.id"), primary_key=True),
    Column("deal", String(32), primary_key=True),  # the deal's code, whatever its rules (``GameCode.deal``)
    Column("at", Float, nullable=False),
)

# Deals whose code somebody has been shown (in a finished game's view, a winning line or an analysis):
# from then on no game of the deal counts, for anyone (``Store.reveal``).
deals_known = Table(
    "deals_known",
    metadata,
    Column("deal", String(80), primary_key=True),
    Column("at", Float, nullable=False),
)

# Deals that several players play at once for a result (a daily deal on its day), kept secret from everyone until
# a time: no code, winning line, analysis or record of any game of the deal is shown before ``until``, whether that
# game is over or not (``Store.reveal``). Written by the package that shares the deal, through ``Store.hold``.
deals_held = Table(
    "deals_held",
    metadata,
    Column("deal", String(80), primary_key=True),  # the deal, whatever its rules (``GameCode.deal``)
    Column("until", Float, nullable=False),  # seconds since the epoch, UTC: the deal may be made known from then on
)

shares = Table(
    "shares",
    metadata,
    Column("token", String(32), primary_key=True),  # what a share link carries: the deal stays unnamed
    Column("game_id", String(32), nullable=False, unique=True),  # the game it was shared from
    Column("code", String(80), nullable=False),
    Column("rules", JSON, nullable=False),
    Column("verified", Boolean, nullable=False),
    Column("line", JSON, nullable=True),
    Column("created_at", Float, nullable=False),
    Column("typed", Boolean, nullable=False, default=False),  # its sharer typed the code in: others may know it
    Column("preset", String(16), nullable=True),  # the shared game's preset, with its helps
    # the shared game's deal (its ``games.deal``, copied when the link is made): a deal's shares by index, which
    # the rule of good standing asks of every game (``store.shared_by_another``)
    Column("deal", String(80), nullable=True),
    Index("shares_by_deal", "deal", "created_at"),
)

"""Fair play's tables: the check of each ranked result (``fairplay_checks``), the moderators
(``moderators``), the marked accounts (``marked_accounts``) and every decision made (``moderation_log``).

The moderator's role is kept here, by the package that gives it meaning, not with the account: granting it
or taking it back touches no table of ``people``. On the one ``MetaData`` (``db.metadata``); only this package's
store reads or writes them.
"""

from __future__ import annotations

from sqlalchemy import JSON, Column, Float, Index, Integer, String, Table

from spider.server.db.metadata import metadata

checks = Table(
    "fairplay_checks",
    metadata,
    Column("game_id", String(32), primary_key=True),
    Column("player", String(64), nullable=False),
    Column("address", String(64), nullable=False),  # the client address the game ended from: whose turn in the queue
    Column("board", String(8), nullable=False),  # what it ranks on: "daily", "scores" or "duel"
    # "checking" (waiting for the queue or in it), "clear" (the measure found nothing), "flagged" (it did, or
    # could not be worked out), "cleared" (a moderator looked and let it stand); checking and flagged are held
    Column("state", String(8), nullable=False),
    Column("score", Float, nullable=True),
    Column("evidence", JSON, nullable=True),
    Column("attempts", Integer, nullable=False, default=0),
    Column("created_at", Float, nullable=False),
    Column("checked_at", Float, nullable=True),
    Index("fairplay_checks_by_state", "state", "created_at"),
    Index("fairplay_checks_by_player", "player"),
)

moderators = Table(
    "moderators",
    metadata,
    Column("player", String(64), primary_key=True),  # an account's id
    Column("granted_at", Float, nullable=False),
)

marked = Table(
    "marked_accounts",
    metadata,
    Column("player", String(64), primary_key=True),
    Column("marked_at", Float, nullable=False),
    Column("moderator", String(64), nullable=False),
)

decisions = Table(
    "moderation_log",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("at", Float, nullable=False),
    Column("moderator", String(64), nullable=True),  # null: the command line (``spider mod``)
    # "grant", "revoke" (the role, by the command line), "clear" (a game), "mark" (an account)
    Column("decision", String(8), nullable=False),
    Column("player", String(64), nullable=False),  # whose game, or the account granted, revoked or marked
    Column("game_id", String(32), nullable=True),
    Index("moderation_log_by_at", "at"),
)

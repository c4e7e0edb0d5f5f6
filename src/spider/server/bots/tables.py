"""The bots' table: each bot, its owner and the hash of its token.

On the one ``MetaData`` (``db.metadata``); only this package's store reads or writes them.
"""

from __future__ import annotations

from sqlalchemy import Column, Float, Index, String, Table

from spider.server.db.metadata import metadata

bots = Table(
    "bots",
    metadata,
    Column("key", String(16), primary_key=True),  # the token's public part: which bot it claims to be
    Column("player", String(64), nullable=False, unique=True),  # the bot's own id as a duelist: "bot-<key>"
    Column("owner", String(64), nullable=False),  # the player who made it
    Column("secret_hash", String(64), nullable=False),  # SHA-256 of the token's secret part, in hex
    Column("created_at", Float, nullable=False),
    Column("revoked_at", Float, nullable=True),  # the token works no more
    Index("bots_by_owner", "owner"),
)

"""The solver's table: the verified deals kept ready, each with its winning line (``deal_pool``).

On the one ``MetaData`` (``db.metadata``); only this package's store reads or writes them.
"""

from __future__ import annotations

from sqlalchemy import Column, Float, Index, Integer, String, Table, Text

from spider.server.db.metadata import metadata

# The pool of verified deals (``deal_pool``): game codes with a known winning line, each given once.
verified_deals = Table(
    "verified_deals",
    metadata,
    Column("code", String(80), primary_key=True),
    Column("suits", Integer, nullable=False),
    Column("line", Text, nullable=False),  # the winning line, actions separated by spaces
    Column("nodes", Integer, nullable=False),
    Column("seconds", Float, nullable=False),
    Column("created_at", Text, nullable=False),
    Index("verified_deals_suits", "suits"),
)

"""The duels' tables: each duel (``duels``), its two seats (``duel_seats``) and the invitations to one.

On the one ``MetaData`` (``db.metadata``); only this package's store reads or writes them.
"""

from __future__ import annotations

from sqlalchemy import JSON, Column, Float, Index, Integer, String, Table

from spider.server.db.metadata import metadata

duels = Table(
    "duels",
    metadata,
    Column("id", String(32), primary_key=True),
    Column("state", String(8), nullable=False),  # "open", "playing" or "over"
    Column("creator", String(64), nullable=False),
    Column("suits", Integer, nullable=False),
    Column("minutes", Integer, nullable=False),
    Column("rules", JSON, nullable=False),
    Column("opponent", String(16), nullable=False),  # "person", or a computer player's strength
    Column("rating_min", Float, nullable=True),
    Column("rating_max", Float, nullable=True),
    Column("code", String(80), nullable=True),  # the deal, from the start: shown once the duel is over
    Column("created_at", Float, nullable=False),
    Column("deadline", Float, nullable=True),  # when both games' time is up (the server's clock)
    Column("ended_at", Float, nullable=True),
    Column("rematch", String(32), nullable=True),  # the table offered as a rematch of this duel
    Column("robot_owner", String(32), nullable=True),  # the server process playing its computer player
    Column("robot_seen", Float, nullable=True),
    Column("rating_weight", Float, nullable=True),  # the share of a rating change it counted (0: unrated), once over
    Column("unrated", String(32), nullable=True),  # why it counted less than fully: a message id (``rated``)
    Column("arena", String(32), nullable=True),  # the arena it was paired in (``server/arenas``), if any
    Column("weakest", Integer, nullable=True),  # what the weakest computer player scores on its deal (``attempt``)
    Index("duels_by_state", "state", "deadline"),
)

seats = Table(
    "duel_seats",
    metadata,
    Column("duel", String(32), primary_key=True),
    Column("seat", Integer, primary_key=True),  # 0: the creator, 1: the opponent
    Column("player", String(64), nullable=False),
    Column("game", String(32), nullable=True),  # the player's game, once the duel has started
    Column("ended", String(16), nullable=True),  # "won", "finished" or "time"
    Column("score", Integer, nullable=True),  # the final duel score
    Column("outcome", String(8), nullable=True),  # "win", "draw" or "loss", once the duel is over
    Column("rating_change", Float, nullable=True),
    Index("seats_by_player", "player"),
)

invitations = Table(
    "invitations",
    metadata,
    Column("duel", String(32), primary_key=True),
    Column("player", String(64), primary_key=True),
    Column("state", String(10), nullable=False),  # "pending", "accepted" or "declined"
    Column("at", Float, nullable=False),
)

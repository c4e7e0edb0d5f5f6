"""The duels' tables, in the same database and metadata as the games (``storage``); made and changed by
the migrations (``server/migrations``, revision 0003).

A duel's two games are ordinary stored games (``games.duel`` names the duel), so each action is stored
and replayed as in a solo game. No foreign keys here: a pruned player's games may go while the duels
they played stay in the other player's record.
"""

from __future__ import annotations

from sqlalchemy import JSON, Column, Float, Index, Integer, String, Table

from spider.server.storage import metadata

duelists = Table(
    "duelists",
    metadata,
    Column("player", String(64), primary_key=True),  # players.id, or "computer-<strength>"
    Column("name", String(24), nullable=False),
    Column("name_key", String(96), nullable=False, unique=True),  # the name as compared: no two alike
    Column("computer", String(16), nullable=True),  # a computer player's strength
    Column("rating", Float, nullable=False),  # Glicko-2, on the Glicko scale (1500 to start)
    Column("deviation", Float, nullable=False),
    Column("volatility", Float, nullable=False),
    Column("duels", Integer, nullable=False, default=0),
    Column("wins", Integer, nullable=False, default=0),
    Column("draws", Integer, nullable=False, default=0),
    Column("losses", Integer, nullable=False, default=0),
    Column("seen_at", Float, nullable=True),  # the last sign of life of a socket of theirs: online or not
)

relations = Table(
    "relations",
    metadata,
    Column("player", String(64), primary_key=True),
    Column("other", String(64), primary_key=True),
    Column("kind", String(8), nullable=False),  # "friend" or "ignore"
    Index("relations_by_other", "other"),
)

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

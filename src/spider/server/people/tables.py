"""The people's tables: every player seen (``players``), their names, ratings and duel tallies (``duelists``),
who is whose friend or ignored (``relations``), and the accounts that keep a player on every device:
``accounts``, their ``passkeys``, ``sessions`` (a device's cookie signed in), ``recovery_codes`` and the
WebAuthn ``challenges`` waiting for an answer; and the client addresses each player was seen at, as keyed hashes
(``player_addresses``, under the secret of ``address_secrets``), so that accounts of one address never rate each
other (``addresses``).

On the one ``MetaData`` (``db.metadata``); only this package's store reads or writes them.
"""

from __future__ import annotations

from sqlalchemy import Boolean, Column, Float, Index, Integer, LargeBinary, String, Table, false

from spider.server.db.metadata import metadata

players = Table(
    "players",
    metadata,
    Column("id", String(64), primary_key=True),  # a hash of the player's cookie token
    Column("created_at", Float, nullable=False),
)

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
    # played by a program with a token of its own (``bots``): PEOPLE_ONLY leaves bots out of people's boards
    Column("bot", Boolean, nullable=False, default=False, server_default=false()),
)

relations = Table(
    "relations",
    metadata,
    Column("player", String(64), primary_key=True),
    Column("other", String(64), primary_key=True),
    Column("kind", String(8), nullable=False),  # "friend" or "ignore"
    Index("relations_by_other", "other"),
)


accounts = Table(
    "accounts",
    metadata,
    # players.id of the guest who made it: every table that names the player goes on naming the account
    Column("id", String(64), primary_key=True),
    Column("handle", String(64), nullable=False, unique=True),  # WebAuthn's user handle, base64url of random bytes
    Column("created_at", Float, nullable=False),
    Column("deleted_at", Float, nullable=True),  # deleted: kept so that the first device's old cookie stays dead
)

passkeys = Table(
    "passkeys",
    metadata,
    Column("id", String(1400), primary_key=True),  # the credential's id, base64url (WebAuthn allows 1023 bytes)
    Column("account", String(64), nullable=False, index=True),
    Column("public_key", LargeBinary, nullable=False),  # COSE
    Column("sign_count", Integer, nullable=False),
    Column("name", String(48), nullable=False),
    Column("created_at", Float, nullable=False),
    Column("used_at", Float, nullable=True),
)

sessions = Table(
    "sessions",
    metadata,
    Column("id", String(64), primary_key=True),  # a hash of the device's cookie token, as players.id is
    Column("account", String(64), nullable=False, index=True),
    Column("device", String(80), nullable=False),
    Column("created_at", Float, nullable=False),
    Column("seen_at", Float, nullable=False),
)

recovery_codes = Table(
    "recovery_codes",
    metadata,
    Column("id", String(16), primary_key=True),  # the code's first part, which finds it
    Column("account", String(64), nullable=False, index=True),
    Column("hash", String(128), nullable=False),  # Argon2id of the whole code
)

challenges = Table(
    "challenges",
    metadata,
    Column("id", String(128), primary_key=True),  # the challenge, base64url
    Column("purpose", String(8), nullable=False),  # "register" or "login"
    Column("player", String(64), nullable=False),  # who asked: only they may answer it
    Column("handle", String(64), nullable=True),  # a new account's user handle, kept from options to answer
    Column("created_at", Float, nullable=False),
)

addresses = Table(
    "player_addresses",
    metadata,
    Column("player", String(64), primary_key=True),
    # the client address (``http.identity.address_key``) as an HMAC under ``address_secrets``: never the address
    Column("address", String(64), primary_key=True),
    Column("first_seen", Float, nullable=False),
    Column("last_seen", Float, nullable=False),
    Index("player_addresses_by_address", "address", "last_seen"),
)

address_secrets = Table(
    "address_secrets",
    metadata,
    Column("name", String(16), primary_key=True),
    Column("secret", String(64), nullable=False),  # hex, made at random once (``SPIDER_ADDRESS_SECRET`` overrides it)
)

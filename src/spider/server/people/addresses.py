"""The client addresses each player was seen at, kept private: so that two accounts of one address (one person's,
or a household's) never rate each other nor score arena points against each other (``duels.rated``).

An address is never stored. What is kept is an HMAC-SHA256 of it (as ``http.identity.address_key`` writes it: an
IPv6 address by its /64) under a secret of the server's (``SPIDER_ADDRESS_SECRET``, or one made at random once and
kept in the database, never shown), with when it was first and last seen for that player. Without the secret, a
row says nothing of the address: it cannot be tried against the four billion IPv4 addresses. A row is kept
``KEEP_DAYS`` after it was last seen (``ops.prune``), and an account's go when it is deleted.

A player is seen at an address when they make an account or sign in, open or join a duel, finish their game of
one, and join an arena. Only a peer the server knows by an IP address is recorded: a peer without one (a test
client, a Unix socket) shares nothing with anyone.
"""

from __future__ import annotations

import hashlib
import hmac
import ipaddress
import secrets
import threading

from sqlalchemy import Connection, Engine, delete, select

from spider.server.db.upserts import insert_into
from spider.server.people.tables import address_secrets, addresses

KEEP_DAYS = 30.0
"""Days a player's address is kept after it was last seen: two accounts seen at one address within this long of
each other's visit are kept apart."""
WRITE_EVERY = 3600.0
"""Seconds within which a player seen again at the same address is not written again (this process remembers)."""
REMEMBERED = 50_000
"""(player, address) pairs this process remembers writing at most; past that it starts afresh."""
SECRET_NAME = "addresses"


def known(address: str) -> bool:
    """Whether ``address`` (as ``address_key`` writes it) is an IP address or an IPv6 network: the peers recorded.

    >>> known("203.0.113.5"), known("2001:db8:1:2::/64"), known("testclient"), known("")
    (True, True, False, False)
    """
    try:
        ipaddress.ip_network(address, strict=False)
    except ValueError:
        return False
    return True


class Addresses:
    """Where players were seen, as keyed hashes, in the server's database; ``secret`` is the setting's (empty: the
    database's own). ``kept`` False: nothing is recorded, so no two players share an address (a test server whose
    players all come from one machine)."""

    def __init__(self, engine: Engine, secret: str = "", *, kept: bool = True) -> None:
        self.engine = engine
        self.kept = kept
        self._secret = secret.encode() if secret else None
        self._written: dict[tuple[str, str], float] = {}
        self._lock = threading.Lock()

    def secret(self) -> bytes:
        """The key of the hashes: the setting's, or the one kept in the database, made the first time it is asked."""
        if self._secret is None:
            with self.engine.begin() as connection:
                made = {"name": SECRET_NAME, "secret": secrets.token_hex(32)}
                connection.execute(insert_into(connection, address_secrets).values(**made).on_conflict_do_nothing())
                kept = select(address_secrets.c.secret).where(address_secrets.c.name == SECRET_NAME)
                self._secret = bytes.fromhex(connection.execute(kept).scalar_one())
        return self._secret

    def hashed(self, address: str) -> str:
        """The address as it is stored: its HMAC under the secret, in hex."""
        return hmac.new(self.secret(), address.encode(), hashlib.sha256).hexdigest()

    def seen(self, player: str, address: str, at: float) -> None:
        """Records that the player was at the client address at ``at`` (nothing for an address not known by IP)."""
        if not self.kept or not known(address):
            return
        key = self.hashed(address)
        with self._lock:
            last = self._written.get((player, key))
            if last is not None and at - last < WRITE_EVERY:
                return
            if len(self._written) >= REMEMBERED:
                self._written = {}
            self._written[(player, key)] = at
        with self.engine.begin() as connection:
            row = {"player": player, "address": key, "first_seen": at, "last_seen": at}
            upsert = insert_into(connection, addresses).values(**row)
            connection.execute(
                upsert.on_conflict_do_update(index_elements=["player", "address"], set_={"last_seen": at})
            )

    @staticmethod
    def shared(connection: Connection, first: str, second: str, at: float) -> bool:
        """Whether the two players were seen at one address, each within ``KEEP_DAYS`` before ``at``."""
        since = at - KEEP_DAYS * 86400.0
        mine, theirs = addresses.alias("mine"), addresses.alias("theirs")
        found = (
            select(mine.c.address)
            .join(theirs, theirs.c.address == mine.c.address)
            .where(mine.c.player == first, theirs.c.player == second)
            .where(mine.c.last_seen >= since, theirs.c.last_seen >= since)
            .limit(1)
        )
        return connection.execute(found).first() is not None


def forget_seen(connection: Connection, before: float) -> None:
    """Deletes the addresses last seen before ``before`` (``ops.prune``)."""
    connection.execute(delete(addresses).where(addresses.c.last_seen < before))


def forget_player(connection: Connection, player: str) -> None:
    """Deletes every address of the player (an account deleted)."""
    connection.execute(delete(addresses).where(addresses.c.player == player))

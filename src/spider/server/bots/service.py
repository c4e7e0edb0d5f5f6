"""Bots: duelists played by a program, with a token of their own (lichess's bot accounts).

A player with a name of their own makes a bot (``POST /api/bots``): a duelist marked ``bot`` under an id
of its own (``bot-<key>``, never a cookie's hash, so the token put in a cookie is a stranger, not the
bot) and a token shown once, ``spb_<key>_<secret>``: the key says which bot it claims to be, the secret
(32 random bytes) proves it. The database keeps the secret's SHA-256 only, compared in constant time.
A revoked token works no more from the next request on; its open event streams close (``bot_routes``).

What makes a player a bot is one column, ``duelists.bot``; :data:`PEOPLE_ONLY` is the condition that
leaves bots out of a query on duelists (people's leaderboards and arenas), :func:`is_bot` the test for
one player id. Bots are rated apart (``rated.apart``): a duel between a bot and a person (or a computer
player) changes no rating, so that a person's rating never moves against a program.
"""

from __future__ import annotations

import hashlib
import hmac
import re
import secrets
from dataclasses import dataclass
from typing import Any

from sqlalchemy import Connection, Engine, and_, func, insert, select, update
from sqlalchemy.exc import IntegrityError

from spider.server.bots.tables import bots
from spider.server.people.service import SEEN_NAMES, People, anonymise, check_name, made_up
from spider.server.refusals import Conflict, Forbidden, NotFound

TOKEN_PREFIX = "spb"
_TOKEN = re.compile(rf"{TOKEN_PREFIX}_([0-9a-f]{{16}})_([A-Za-z0-9_-]{{43}})")


def bot_player(key: str) -> str:
    """The id a bot plays under: no cookie's hash (64 hex digits) is ever this."""
    return f"bot-{key}"


def new_token() -> tuple[str, str]:
    """A fresh token and its key: ``spb_<key>_<secret>``, the secret 32 random bytes (256 bits).

    >>> token, key = new_token()
    >>> read_token(token) is not None and read_token(token)[0] == key
    True
    """
    key = secrets.token_hex(8)
    return f"{TOKEN_PREFIX}_{key}_{secrets.token_urlsafe(32)}", key


def read_token(token: str) -> tuple[str, str] | None:
    """The key and the secret of a well-formed token, or None.

    >>> read_token("spb_0123456789abcdef_" + "A" * 43)[0], read_token("nonsense")
    ('0123456789abcdef', None)
    """
    match = _TOKEN.fullmatch(token)
    return None if match is None else (match[1], match[2])


def secret_hash(secret: str) -> str:
    return hashlib.sha256(secret.encode("ascii")).hexdigest()


@dataclass(frozen=True, slots=True)
class Bot:
    key: str
    player: str
    owner: str
    name: str
    created_at: float
    revoked_at: float | None


def _bot(row: Any) -> Bot:
    return Bot(row.key, row.player, row.owner, row.name, row.created_at, row.revoked_at)


class Bots:
    """The bots and their tokens, in the server's database."""

    def __init__(self, engine: Engine, people: People, *, per_player: int = 5) -> None:
        self.engine = engine
        self.people = people
        self.per_player = per_player

    def make(self, owner: str, text: str, at: float) -> tuple[Bot, str]:
        """A new bot of ``owner``'s named ``text``, and its token (shown this once)."""
        me = self.people.get(owner, at)
        if me.bot:
            raise Forbidden("bots.person_route")
        if made_up(me.name):
            raise Conflict("bots.name_first")
        name = check_name(text)
        if made_up(name):  # a bot never wears the name the server makes up for a person
            raise Conflict("bots.name_made_up", name=name)
        if 0 < self.per_player <= len([bot for bot in self.of(owner) if bot.revoked_at is None]):
            raise Conflict("bots.too_many", n=self.per_player)
        token, key = new_token()
        parsed = read_token(token)
        assert parsed is not None
        player = bot_player(key)
        try:
            with self.engine.begin() as connection:
                self.people.add_bot(connection, player, name, at)  # its player and duelist: with the bot or not at all
                connection.execute(
                    insert(bots).values(
                        key=key, player=player, owner=owner, secret_hash=secret_hash(parsed[1]), created_at=at
                    )
                )
        except IntegrityError:
            raise Conflict("duel.name_taken", name=name) from None
        return Bot(key, player, owner, name, at, None), token

    def _select(self) -> Any:
        return select(bots, SEEN_NAMES.c.name).join(SEEN_NAMES, SEEN_NAMES.c.player == bots.c.player)

    def of(self, owner: str) -> list[Bot]:
        """The owner's bots, oldest first, revoked ones too."""
        with self.engine.connect() as connection:
            rows = connection.execute(self._select().where(bots.c.owner == owner).order_by(bots.c.created_at)).all()
        return [_bot(row) for row in rows]

    def revoke(self, owner: str, key: str, at: float) -> Bot:
        """Revokes the owner's bot's token (once; revoking again changes nothing); 404 for another's bot."""
        with self.engine.begin() as connection:
            connection.execute(
                update(bots)
                .where(bots.c.key == key, bots.c.owner == owner, bots.c.revoked_at.is_(None))
                .values(revoked_at=at)
            )
            row = connection.execute(self._select().where(bots.c.key == key, bots.c.owner == owner)).first()
        if row is None:
            raise NotFound("bots.no_such_bot")
        return _bot(row)

    @staticmethod
    def forget_owner(connection: Connection, owner: str, at: float) -> None:
        """What deleting an account takes of its bots: their tokens revoked and their names made up, so that the
        duels they played keep an opponent."""
        connection.execute(update(bots).where(bots.c.owner == owner, bots.c.revoked_at.is_(None)).values(revoked_at=at))
        for player in connection.execute(select(bots.c.player).where(bots.c.owner == owner)).scalars():
            anonymise(connection, player)

    def authenticate(self, token: str) -> str | None:
        """The player id of the bot whose live token this is, or None (a bad, unknown or revoked token).

        The key finds the row; the secret's hash is compared in constant time, so that the answer's time
        tells nothing of how close a guess came."""
        parsed = read_token(token)
        if parsed is None:
            return None
        key, secret = parsed
        with self.engine.connect() as connection:
            row = connection.execute(
                select(bots.c.player, bots.c.secret_hash).where(bots.c.key == key, bots.c.revoked_at.is_(None))
            ).first()
        stored = row.secret_hash if row is not None else "0" * 64
        matches = hmac.compare_digest(secret_hash(secret), stored)
        return row.player if row is not None and matches else None

    def live(self, player: str) -> bool:
        """Whether the bot's token still works (an open stream asks at each keep-alive)."""
        with self.engine.connect() as connection:
            count = connection.execute(
                select(func.count()).select_from(bots).where(and_(bots.c.player == player, bots.c.revoked_at.is_(None)))
            ).scalar()
        return bool(count)


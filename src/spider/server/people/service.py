"""Players as duelists: a name (a generated one until they choose), a rating, their duels' tallies,
friends and the players they ignore. A player is still the cookie's token; the name is only shown.

Names are 1 to 24 characters with no control characters (nor a slash: a name is part of a path) nor
anything that would not look as written (``lookalikes.flaw``: stacked marks, line breaks, blank fillers,
characters wider than two cells, two spaces in a row), unique among players whatever their case and
whatever letters that look alike (``lookalikes``), and never a computer player's name nor one that looks
like it.
"""

from __future__ import annotations

import functools
import re
import secrets
import unicodedata
from dataclasses import dataclass
from typing import Any

from sqlalchemy import ColumnElement, Connection, Engine, FromClause, Select, and_, delete, insert, or_, select, update
from sqlalchemy.exc import IntegrityError

from spider.players import STRENGTHS, Strength
from spider.players.strengths import RATING_DEVIATIONS, RATINGS
from spider.server.db.upserts import insert_into
from spider.server.people.addresses import Addresses, forget_player
from spider.server.people.lookalikes import flaw, skeleton
from spider.server.people.ratings import Rating
from spider.server.people.tables import accounts, duelists, players, relations
from spider.server.refusals import Conflict, Invalid, NotFound
from spider.text import catalog, languages, message


def people_only(of: FromClause = duelists) -> ColumnElement[bool]:
    """The condition that keeps bots out of a query: on ``duelists`` (this package's own), or on ``SEEN_NAMES``
    (or an alias of it) for the packages above, which read the duelists through the view: the one rule for both."""
    return of.c.bot.is_(False)


PEOPLE_ONLY = people_only()
"""The condition that keeps bots out of a query on ``duelists``: people's leaderboards and arenas."""
MAX_NAME = 24
ONLINE_SECONDS = 75.0
"""A player is online while a socket of theirs gave a sign of life this recently (sockets: every 30 s)."""
SEEN_BATCH = 500
"""Players per statement when storing who is online (SQLite limits the parameters of one statement)."""
COMPUTER_NAMES: dict[Strength, str] = {strength: f"Spider {strength.title()}" for strength in STRENGTHS}
"""Computer players' names: proper names, the same in every language."""
FRIEND, IGNORE = "friend", "ignore"


SEEN_NAMES = select(
    duelists.c.player, duelists.c.name, duelists.c.name_key, duelists.c.computer, duelists.c.bot, duelists.c.rating,
    duelists.c.deviation, duelists.c.duels,
).subquery("seen_names")
"""The people as the packages above read them on their boards: each duelist's name, whether a computer or a bot,
and their rating: a read-only view of ``duelists``, which only the people's code writes."""


SEEN_ACCOUNTS = (
    select(accounts.c.id, accounts.c.created_at).where(accounts.c.deleted_at.is_(None)).subquery("seen_accounts")
)
"""The accounts as the packages above read them (``results.standing``: who may be ranked): each account that is
not deleted, by its player id, and when it was made; a read-only view of ``accounts``, which only the people's
code writes. Every other player id is a guest's."""


def add_account(connection: Connection, player: str, handle: str, at: float) -> None:
    """Makes the player an account (their passkey registered: ``people.accounts``; or a test's fixture), on the
    connection of the transaction that registers it, made at ``at``: the day an account waits before it is ranked
    counts from then (``results.standing``). The player is stored first if never seen."""
    add_player(connection, player, at)
    connection.execute(insert(accounts).values(id=player, handle=handle, created_at=at, deleted_at=None))


def add_player(connection: Connection, player: str, at: float) -> None:
    """Stores a player the first time one is seen (their first game, or first result played offline)."""
    connection.execute(insert_into(connection, players).values(id=player, created_at=at).on_conflict_do_nothing())


def players_before(connection: Connection, before: float, *, playing: Select[tuple[str]]) -> list[str]:
    """The players first seen before ``before`` and not among ``playing`` (a query of player ids), accounts aside:
    an account is kept however long it rests (its passkeys can sign in again), a guest's cookie is not."""
    live = select(accounts.c.id).where(accounts.c.deleted_at.is_(None))
    found = select(players.c.id).where(
        players.c.created_at < before, players.c.id.not_in(playing), players.c.id.not_in(live)
    )
    return [str(player) for player in connection.execute(found).scalars()]


def forget(connection: Connection, gone: list[str]) -> None:
    """Deletes these players (``ops.prune``: gone for a year, once every package has deleted what it kept)."""
    connection.execute(delete(players).where(players.c.id.in_(gone)))


def anonymise(connection: Connection, player: str) -> None:
    """What deleting an account takes of its duelist: its chosen name (a made-up one stands in its place, so that
    opponents' duels keep an opponent) and its friends and ignored players, both ways. Its rating and tallies
    stay, as the opponents' results stand."""
    connection.execute(delete(relations).where(or_(relations.c.player == player, relations.c.other == player)))
    forget_player(connection, player)
    for _ in range(20):
        name = message("duel.default_name", n=str(1000 + secrets.randbelow(99000)))
        taken = select(duelists.c.player).where(duelists.c.name_key.in_(name_keys(name)))  # in any language
        if connection.execute(taken.limit(1)).first() is None:
            connection.execute(
                update(duelists).where(duelists.c.player == player).values(name=name, name_key=name_key(name))
            )
            return


def names(engine: Engine, some: list[str]) -> dict[str, str]:
    """The names of those of these players who have one (a solo player may have none)."""
    if not some:
        return {}
    with engine.connect() as connection:
        rows = connection.execute(select(duelists.c.player, duelists.c.name).where(duelists.c.player.in_(some)))
        return {row.player: row.name for row in rows}


def friend_ids(engine: Engine, player: str) -> set[str]:
    """The ids of the players ``player`` has made friends: what a board marks and its friends-only view keeps."""
    with engine.connect() as connection:
        rows = connection.execute(
            select(relations.c.other).where(relations.c.player == player, relations.c.kind == FRIEND)
        )
        return set(rows.scalars())


def computer_id(strength: Strength) -> str:
    """The player id a computer player of a strength plays under (never a cookie's hash, which is hex).

    >>> computer_id("master"), computer_strength("computer-master"), computer_strength("4f1c")
    ('computer-master', 'master', None)
    """
    return f"computer-{strength}"


def ladder_rating(strength: Strength) -> Rating:
    """A computer player's rating before its first duel: the ladder's, with the ladder's deviation."""
    return Rating(float(RATINGS[strength]), float(RATING_DEVIATIONS[strength]))


def computer_strength(player: str) -> Strength | None:
    """The strength of the computer player with that id; None for a person."""
    return next((strength for strength in STRENGTHS if player == computer_id(strength)), None)


def name_key(name: str) -> str:
    """A name as names are compared: two names with the same key are the same name (they look alike).

    >>> name_key("Spider Мaster") == name_key("spider master")  # a Cyrillic М
    True
    """
    return skeleton(name)


@functools.cache
def _made_up_pattern() -> str:
    """The made-up names as one regular expression that Python and the databases read alike (``[0-9]``, not
    ``\\d``, which Python stretches to every script's digits)."""
    templates = {catalog(lang)["duel.default_name"] for lang in languages()}
    return "|".join(re.escape(t).replace(re.escape("{n}"), "[0-9]{4,5}") for t in sorted(templates))


@functools.cache
def _made_up_names() -> re.Pattern[str]:
    return re.compile(_made_up_pattern())


def chosen_name(name: ColumnElement[str]) -> ColumnElement[bool]:
    """The names a player chose (not ``made_up``), as a condition on a query's name column: a board that leaves
    made-up names out reads a page of the rest from the database."""
    return ~name.regexp_match(f"^({_made_up_pattern()})$")


def made_up(name: str) -> bool:
    """Whether the name is one the server makes up (``Player 4821``, in any language), not chosen.

    >>> made_up("Player 4821"), made_up("Gracz 12345"), made_up("Ada")
    (True, True, False)
    """
    return _made_up_names().fullmatch(name) is not None


def made_up_number(name: str) -> str | None:
    """The number of a made-up name, as written (its one run of digits); None for a name a player chose.

    >>> made_up_number("Gracz 12345"), made_up_number("Ada 12345")
    ('12345', None)
    """
    digits = re.search(r"\d+", name) if made_up(name) else None
    return None if digits is None else digits.group()


def shown_name(name: str) -> str:
    """A name as the reader sees it: a made-up one in the language spoken now (the request's, the socket's),
    whichever language it was made up in, since ``Player 4821`` is one player in every language; a name a
    player chose as it is. Every answer and message that names a player passes the name through here.

    >>> from spider.text import speaking
    >>> with speaking("pt"):
    ...     shown_name("Player 4821"), shown_name("שחקן 31001"), shown_name("Ada")
    ('Jogador 4821', 'Jogador 31001', 'Ada')
    """
    number = made_up_number(name)
    return name if number is None else message("duel.default_name", n=number)


def name_keys(name: str) -> list[str]:
    """The keys a name may be stored under: its own, and for a made-up name that of each language's form of
    it (a made-up name is kept in the language of whoever first asked for it, and read in every one)."""
    number = made_up_number(name)
    if number is None:
        return [name_key(name)]
    return sorted({name_key(message("duel.default_name", lang, n=number)) for lang in languages()})


def check_name(text: str) -> str:
    """The name as it will be kept (NFC, spaces around it taken off), or a refusal naming the problem."""
    name = unicodedata.normalize("NFC", text).strip()
    if not 1 <= len(name) <= MAX_NAME:
        raise Invalid("duel.name_length", n=MAX_NAME)
    if "/" in name or any(unicodedata.category(character) in ("Cc", "Cf", "Cs", "Co", "Cn") for character in name):
        raise Invalid("duel.name_control")
    if (problem := flaw(name)) is not None:
        raise Invalid(problem)
    for computer in COMPUTER_NAMES.values():
        if name_key(name) == name_key(computer):
            message_id = "duel.name_computer" if name.casefold() == computer.casefold() else "duel.name_like_computer"
            raise Conflict(message_id, name=name, computer=computer)
    return name


@dataclass(frozen=True, slots=True)
class Duelist:
    player: str
    name: str
    computer: Strength | None
    rating: Rating
    duels: int
    wins: int
    draws: int
    losses: int
    seen_at: float | None
    bot: bool = False
    """Played by a program through a bot token (``bots``), never by a person at the page."""

    def online(self, at: float) -> bool:
        return self.computer is not None or (self.seen_at is not None and at - self.seen_at <= ONLINE_SECONDS)


def _duelist(row: Any) -> Duelist:
    return Duelist(
        row.player,
        row.name,
        row.computer,
        Rating(row.rating, row.deviation, row.volatility),
        row.duels,
        row.wins,
        row.draws,
        row.losses,
        row.seen_at,
        bool(row.bot),
    )


class People:
    """The duelists, their names and relations, in the server's database."""

    def __init__(self, engine: Engine, *, address_secret: str = "", addresses_kept: bool = True) -> None:
        self.engine = engine
        self.addresses = Addresses(engine, address_secret, kept=addresses_kept)
        """Where the players were seen, as keyed hashes (``addresses``)."""

    def add_computers(self, at: float) -> None:
        """The computer players, each under its own id and name, added once, whichever of several
        processes starting at once on one database gets there first. Each starts at its rating from the
        ladder of the strengths (``players.strengths.RATINGS``), the one the lobby shows beside it, and a
        computer player that has played no duel yet is set to it again (a database from before the ladder,
        or from before its last run)."""
        for attempt in range(3):
            try:
                with self.engine.begin() as connection:
                    for strength, name in COMPUTER_NAMES.items():
                        player = computer_id(strength)
                        if connection.execute(select(players.c.id).where(players.c.id == player)).first() is None:
                            connection.execute(insert(players).values(id=player, created_at=at))
                        known = select(duelists.c.duels).where(duelists.c.player == player)
                        row = connection.execute(known).first()
                        if row is None:
                            self._insert(connection, player, name, strength)
                        elif row.duels == 0:
                            rating = ladder_rating(strength)
                            connection.execute(
                                update(duelists)
                                .where(duelists.c.player == player)
                                .values(rating=rating.rating, deviation=rating.deviation, volatility=rating.volatility)
                            )
                return
            except IntegrityError:  # another process added them meanwhile: the next try finds them
                if attempt == 2:
                    raise

    @staticmethod
    def add_bot(connection: Connection, player: str, name: str, at: float) -> None:
        """Stores a bot's player and its duelist (marked ``bot``, under its own name) on the connection of the
        transaction that stores the bot (``bots``), so that they stand or fall together. A name already taken
        fails with the database's ``IntegrityError``."""
        connection.execute(insert(players).values(id=player, created_at=at))
        People._insert(connection, player, name, bot=True)

    @staticmethod
    def _insert(
        connection: Connection, player: str, name: str, computer: Strength | None = None, *, bot: bool = False
    ) -> None:
        rating = Rating() if computer is None else ladder_rating(computer)
        connection.execute(
            insert(duelists).values(
                player=player, name=name, name_key=name_key(name), computer=computer, rating=rating.rating,
                deviation=rating.deviation, volatility=rating.volatility, duels=0, wins=0, draws=0, losses=0, bot=bot,
            )
        )

    def get(self, player: str, at: float) -> Duelist:
        """The player as a duelist, given a generated name the first time."""
        with self.engine.connect() as connection:
            row = connection.execute(select(duelists).where(duelists.c.player == player)).first()
        if row is not None:
            return _duelist(row)
        for _ in range(20):
            # the number as written, never grouped ("Player 12345", not "12,345"): a name, not a count
            name = message("duel.default_name", n=str(1000 + secrets.randbelow(99000)))
            try:
                with self.engine.begin() as connection:
                    if self._taken(connection, name, player):
                        continue  # "Gracz 4821" is "Player 4821" to an English reader: one number, one player
                    if connection.execute(select(players.c.id).where(players.c.id == player)).first() is None:
                        connection.execute(insert(players).values(id=player, created_at=at))
                    self._insert(connection, player, name)
                break
            except IntegrityError:
                continue  # the name is taken (or another request made this duelist): try again
        with self.engine.connect() as connection:
            row = connection.execute(select(duelists).where(duelists.c.player == player)).first()
        if row is None:  # pragma: no cover - twenty taken names in a row
            raise Conflict("duel.name_taken", name=name)
        return _duelist(row)

    def many(self, ids: list[str]) -> dict[str, Duelist]:
        with self.engine.connect() as connection:
            rows = connection.execute(select(duelists).where(duelists.c.player.in_(ids))).all()
        return {row.player: _duelist(row) for row in rows}

    def named(self, name: str) -> Duelist:
        """The duelist of that name (in any case), or 404."""
        if any(unicodedata.category(character) in ("Cc", "Cs") for character in name):
            # no name has a control character or a lone surrogate (check_name), and PostgreSQL's text
            # cannot even hold a NUL: such a name is nobody's
            shown = name.encode("unicode_escape").decode()
            raise NotFound("duel.no_such_player", name=shown)
        with self.engine.connect() as connection:
            row = connection.execute(select(duelists).where(duelists.c.name_key.in_(name_keys(name.strip())))).first()
        if row is None:
            raise NotFound("duel.no_such_player", name=name)
        return _duelist(row)

    def rename(self, player: str, text: str, at: float) -> Duelist:
        name = check_name(text)
        self.get(player, at)
        try:
            with self.engine.begin() as connection:
                if self._taken(connection, name, player):
                    raise Conflict("duel.name_taken", name=name)
                connection.execute(
                    update(duelists).where(duelists.c.player == player).values(name=name, name_key=name_key(name))
                )
        except IntegrityError:
            raise Conflict("duel.name_taken", name=name) from None
        return self.get(player, at)

    @staticmethod
    def _taken(connection: Connection, name: str, player: str) -> bool:
        """Whether another player holds the name in another form: a made-up name's number in any language
        (the same form is the unique key's to refuse)."""
        keys = name_keys(name)
        if len(keys) == 1:
            return False
        held = select(duelists.c.player).where(duelists.c.name_key.in_(keys), duelists.c.player != player)
        return connection.execute(held.limit(1)).first() is not None

    def away(self, players: list[str], since: float) -> set[str]:
        """Those of these players with no sign of life of a socket since ``since``."""
        if not players:
            return set()
        with self.engine.connect() as connection:
            rows = connection.execute(
                select(duelists.c.player).where(
                    duelists.c.player.in_(players), or_(duelists.c.seen_at.is_(None), duelists.c.seen_at < since)
                )
            ).scalars()
            return set(rows)

    def seen(self, players: list[str], at: float) -> None:
        """A sign of life from sockets of these players': online for ``ONLINE_SECONDS``."""
        with self.engine.begin() as connection:
            for start in range(0, len(players), SEEN_BATCH):
                batch = players[start : start + SEEN_BATCH]
                connection.execute(update(duelists).where(duelists.c.player.in_(batch)).values(seen_at=at))

    @staticmethod
    def lock(connection: Connection, ids: list[str]) -> dict[str, Duelist]:
        """The duelists as stored now, their rows locked until the transaction ends (on PostgreSQL; a SQLite
        write transaction holds the whole file): one player's two duels ending at the same moment, on two
        processes, change their rating one after the other. Rows are locked in the order of their ids, so
        that two such transactions never wait on each other."""
        rows = connection.execute(
            select(duelists).where(duelists.c.player.in_(ids)).order_by(duelists.c.player).with_for_update()
        ).all()
        return {row.player: _duelist(row) for row in rows}

    @staticmethod
    def record(connection: Connection, player: str, rating: Rating, outcome: str) -> None:
        """A duel's end in the player's tallies, with their new rating (in the duel's transaction)."""
        tally = {"win": duelists.c.wins, "draw": duelists.c.draws, "loss": duelists.c.losses}[outcome]
        connection.execute(
            update(duelists)
            .where(duelists.c.player == player)
            .values(
                {
                    duelists.c.rating: rating.rating,
                    duelists.c.deviation: rating.deviation,
                    duelists.c.volatility: rating.volatility,
                    duelists.c.duels: duelists.c.duels + 1,
                    tally: tally + 1,
                }
            )
        )

    @staticmethod
    def take_back(connection: Connection, player: str, change: float) -> None:
        """A rating change taken back (a duel against a marked account): the rating moves back by it, the duel
        stays in the tallies (it was played)."""
        connection.execute(
            update(duelists).where(duelists.c.player == player).values(rating=duelists.c.rating - change)
        )

    # Friends and ignore.

    def relate(self, player: str, other: Duelist, kind: str | None, *, was: str | None = None) -> None:
        """Makes ``other`` a friend or ignored (one or the other); with ``None``, neither any more if it
        was ``was``."""
        if other.player == player:
            raise Conflict("duel.relation_self")
        with self.engine.begin() as connection:
            where = and_(relations.c.player == player, relations.c.other == other.player)
            if was is not None:
                where = and_(where, relations.c.kind == was)
            connection.execute(delete(relations).where(where))
            if kind is not None:
                connection.execute(insert(relations).values(player=player, other=other.player, kind=kind))

    def related(self, player: str, kind: str) -> list[Duelist]:
        with self.engine.connect() as connection:
            rows = connection.execute(
                select(duelists)
                .join(relations, relations.c.other == duelists.c.player)
                .where(relations.c.player == player, relations.c.kind == kind)
                .order_by(duelists.c.name_key)
            ).all()
        return [_duelist(row) for row in rows]

    def ignores(self, player: str, other: str) -> bool:
        """Whether ``player`` ignores ``other``."""
        with self.engine.connect() as connection:
            kind = connection.execute(
                select(relations.c.kind).where(relations.c.player == player, relations.c.other == other)
            ).scalar()
        return kind == IGNORE

    def apart(self, player: str) -> set[str]:
        """The players kept apart from this one: those it ignores and those who ignore it."""
        with self.engine.connect() as connection:
            rows = connection.execute(
                select(relations.c.player, relations.c.other).where(
                    relations.c.kind == IGNORE, or_(relations.c.player == player, relations.c.other == player)
                )
            ).all()
        return {row.other if row.player == player else row.player for row in rows}


def is_bot(engine: Engine, player: str) -> bool:
    """Whether the player is a bot (the one test; ``PEOPLE_ONLY`` is the same in a query)."""
    with engine.connect() as connection:
        bot = connection.execute(select(duelists.c.bot).where(duelists.c.player == player)).scalar()
    return bool(bot)


def shown(name: str) -> bool:
    """Whether a name may be shown on a board: one the player chose."""
    return not made_up(name)

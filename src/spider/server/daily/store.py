"""The daily deal's rows (``server/daily``): the deal chosen for each day and suit count, the games played of
them, each player's entry on a day's board, and the secret the deals are drawn from.

Every write that two server processes may race on is an insert that leaves a row already there: the first
process to choose a day's deal, to make the secret, or to start a player's first game of a day's deal wins,
and every process reads back what was kept.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from typing import Any

from sqlalchemy import Connection, Engine, and_, exists, select, update

from spider.server.daily.tables import daily_deals, daily_entries, daily_games, daily_secrets
from spider.server.db.upserts import insert_into
from spider.server.games.store import PLAYED, SEEN_GAMES, SEEN_LINES, unplayed_games
from spider.server.people.service import SEEN_NAMES
from spider.server.results.standing import ranked, unranked

SECRET_NAME = "daily"
# an entry left before its first move is no entry (``PLAYED``): the player's next game of the day's deal takes
# its place


@dataclass(frozen=True, slots=True)
class Entry:
    """A player's first game of a day's deal, as the day's board reads it."""

    player: str
    game_id: str
    name: str | None  # the player's duel name, if they have one
    result: str | None  # None while the game goes on
    score: int | None
    moves: int | None
    seconds: float | None
    finished_at: float | None
    helped: bool  # a hint was given in it, or the deal's line or an analysis shown to the player before its end

    @property
    def won(self) -> bool:
        return self.result == "won"


class DailyStore:
    """The daily deal's tables, over the server's database."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine

    def secret(self) -> bytes:
        """The secret kept in the database, made at random the first time it is asked for."""
        with self.engine.begin() as connection:
            made = {"name": SECRET_NAME, "secret": secrets.token_hex(32)}
            connection.execute(insert_into(connection, daily_secrets).values(**made).on_conflict_do_nothing())
            kept = connection.execute(select(daily_secrets.c.secret).where(daily_secrets.c.name == SECRET_NAME))
            return bytes.fromhex(kept.scalar_one())

    def chosen(self, day: str, suits: int) -> tuple[str, list[str]] | None:
        """The day's deal at this suit count, with its winning line, once chosen."""
        with self.engine.connect() as connection:
            row = connection.execute(
                select(daily_deals.c.code, daily_deals.c.line).where(
                    daily_deals.c.day == day, daily_deals.c.suits == suits
                )
            ).first()
        return None if row is None else (row.code, list(row.line))

    def choose(self, day: str, suits: int, code: str, line: list[str], at: float) -> tuple[str, list[str]]:
        """Keeps a day's deal unless another process kept one first; the one kept."""
        with self.engine.begin() as connection:
            values = {"day": day, "suits": suits, "code": code, "line": line, "chosen_at": at}
            connection.execute(insert_into(connection, daily_deals).values(**values).on_conflict_do_nothing())
        found = self.chosen(day, suits)
        assert found is not None
        return found

    @staticmethod
    def add_game(connection: Connection, game_id: str, player: str, day: str, suits: int, *, ranked: bool) -> bool:
        """Notes a game of a day's deal, in the transaction that stores the game; with ``ranked``, makes it the
        player's entry on the day's board unless they have one already. Whether it is their entry."""
        values = {"game_id": game_id, "player": player, "day": day, "suits": suits, "helped": False}
        connection.execute(daily_games.insert().values(**values))
        if not ranked:
            return False
        entry = {"player": player, "day": day, "suits": suits, "game_id": game_id}
        connection.execute(insert_into(connection, daily_entries).values(**entry).on_conflict_do_nothing())
        mine = (daily_entries.c.player == player) & (daily_entries.c.day == day) & (daily_entries.c.suits == suits)
        # an entry left before its first move costs nothing, as any game does (``kinds.counts``)
        left = unplayed_games()
        taken = update(daily_entries).where(mine, daily_entries.c.game_id.in_(left)).values(game_id=game_id)
        connection.execute(taken)
        kept = connection.execute(select(daily_entries.c.game_id).where(mine)).scalar_one()
        return bool(kept == game_id)

    def day_of(self, game_id: str) -> tuple[str, int] | None:
        """The day and suit count of a game of a daily deal; None for any other game."""
        with self.engine.connect() as connection:
            row = connection.execute(
                select(daily_games.c.day, daily_games.c.suits).where(daily_games.c.game_id == game_id)
            ).first()
        return None if row is None else (row.day, row.suits)

    def is_entry(self, game_id: str) -> bool:
        """Whether a game is its player's entry on a day's board."""
        with self.engine.connect() as connection:
            return connection.execute(select(exists().where(daily_entries.c.game_id == game_id))).scalar() is True

    def restarted(self, connection: Connection, old: str, new: str, player: str) -> None:
        """A game of a daily deal played again, in the transaction that stores the new game: the new game is of
        the same deal, never an entry."""
        found = connection.execute(
            select(daily_games.c.day, daily_games.c.suits).where(daily_games.c.game_id == old)
        ).first()
        if found is not None:
            self.add_game(connection, new, player, found.day, found.suits, ranked=False)

    def helped(self, game_id: str) -> None:
        """Notes that a hint was given in a game (nothing for a game of no daily deal)."""
        with self.engine.begin() as connection:
            connection.execute(update(daily_games).where(daily_games.c.game_id == game_id).values(helped=True))

    def entries(
        self, day: str, suits: int, players: list[str] | None = None, *, ranked_at: float | None = None
    ) -> list[Entry]:
        """The entries on a day's board (of ``players`` only, when given; of players in good standing at
        ``ranked_at`` only, when given: ``results.standing``), in no order."""
        shown = exists().where(
            SEEN_LINES.c.player == daily_entries.c.player,
            SEEN_LINES.c.deal == daily_deals.c.code,
            SEEN_LINES.c.at <= SEEN_GAMES.c.finished_at,
        )
        query = (
            select(
                daily_entries.c.player,
                daily_entries.c.game_id,
                SEEN_NAMES.c.name,
                SEEN_GAMES.c.result,
                SEEN_GAMES.c.score,
                SEEN_GAMES.c.moves,
                SEEN_GAMES.c.seconds,
                SEEN_GAMES.c.finished_at,
                (daily_games.c.helped | shown).label("helped"),
            )
            .select_from(daily_entries)
            .join(SEEN_GAMES, SEEN_GAMES.c.id == daily_entries.c.game_id)
            .join(daily_games, daily_games.c.game_id == daily_entries.c.game_id)
            .join(
                daily_deals,
                and_(daily_deals.c.day == daily_entries.c.day, daily_deals.c.suits == daily_entries.c.suits),
            )
            .outerjoin(SEEN_NAMES, SEEN_NAMES.c.player == daily_entries.c.player)
            .where(daily_entries.c.day == day, daily_entries.c.suits == suits, PLAYED)
        )
        if players is not None:
            query = query.where(daily_entries.c.player.in_(players))
        if ranked_at is not None:
            query = query.where(ranked(daily_entries.c.player, ranked_at))
        with self.engine.connect() as connection:
            rows = connection.execute(query).all()
        return [_entry(row) for row in rows]

    def player_days(self, player: str) -> list[tuple[str, int, str | None, str]]:
        """The player's entries: day, suit count, result (None while the game goes on) and game id."""
        query = (
            select(daily_entries.c.day, daily_entries.c.suits, SEEN_GAMES.c.result, daily_entries.c.game_id)
            .join(SEEN_GAMES, SEEN_GAMES.c.id == daily_entries.c.game_id)
            .where(daily_entries.c.player == player, PLAYED)
        )
        with self.engine.connect() as connection:
            return [(row.day, row.suits, row.result, row.game_id) for row in connection.execute(query)]

    def days_by_player(
        self, suits: int, players: list[str] | None = None, *, ranked_at: float | None = None
    ) -> dict[str, dict[str, str | None]]:
        """Every player's entries at a suit count (of ``players`` only, when given; of players in good standing
        at ``ranked_at`` only, when given): day to result."""
        query = (
            select(daily_entries.c.player, daily_entries.c.day, SEEN_GAMES.c.result)
            .join(SEEN_GAMES, SEEN_GAMES.c.id == daily_entries.c.game_id)
            .where(daily_entries.c.suits == suits, PLAYED)
        )
        if players is not None:
            query = query.where(daily_entries.c.player.in_(players))
        if ranked_at is not None:
            query = query.where(ranked(daily_entries.c.player, ranked_at))
        found: dict[str, dict[str, str | None]] = {}
        with self.engine.connect() as connection:
            for row in connection.execute(query):
                found.setdefault(row.player, {})[row.day] = row.result
        return found


    def unranked(self, player: str, at: float) -> str | None:
        """Why the player's entries are on no board at ``at``, in a sentence (``results.standing``); None when
        they are in good standing."""
        with self.engine.connect() as connection:
            return unranked(connection, player, at)

    @staticmethod
    def forget(connection: Connection, players: list[str]) -> None:
        """Deletes these players' daily games and entries (``ops.prune``: players long idle)."""
        for table in (daily_entries, daily_games):
            connection.execute(table.delete().where(table.c.player.in_(players)))


def _entry(row: Any) -> Entry:
    return Entry(
        player=row.player,
        game_id=row.game_id,
        name=row.name,
        result=row.result,
        score=row.score,
        moves=row.moves,
        seconds=row.seconds,
        finished_at=row.finished_at,
        helped=bool(row.helped),
    )


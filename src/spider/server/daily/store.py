"""The daily deal's rows (``server/daily``): the deal chosen for each day and suit count, the games played of
them, each player's entry on a day's board, and the secret the deals are drawn from.

Every write that two server processes may race on is an insert that leaves a row already there: the first
process to choose a day's deal, to make the secret, or to start a player's first game of a day's deal wins,
and every process reads back what was kept.
"""

from __future__ import annotations

import datetime as dt
import secrets
from dataclasses import dataclass
from typing import Any

from sqlalchemy import ColumnElement, Connection, Engine, and_, case, exists, func, literal, or_, select, update

from spider.server.daily.days import day_over
from spider.server.daily.runs import runs
from spider.server.daily.tables import daily_deals, daily_entries, daily_games, daily_secrets, daily_streaks
from spider.server.db.upserts import insert_into
from spider.server.fairplay.store import none_held, unheld, unmarked
from spider.server.games.records import GameRecord
from spider.server.games.store import PLAYED, SEEN_GAMES, SEEN_LINES, unplayed_games
from spider.server.people.service import SEEN_NAMES, chosen_name
from spider.server.results.standing import ranked, unranked

SECRET_NAME = "daily"
PLACES = (("won", True), ("score", True), ("seconds", False), ("finished_at", False), ("player", False))
"""A day's board in its places' order, as its index (``daily_entries_by_place``) holds it: each column, and
whether the greater comes first. Won before lost, the higher score, the shorter time, the earlier end; the
player breaks a tie the same way on every page."""
STREAK_PLACES = (("won", True), ("played", True), ("best_won", True), ("player", False))
"""The streaks board's order: days in a row won, then played, then the best run won; the player breaks a tie."""
_STREAK_ROWS = select(
    daily_streaks.c.player, SEEN_NAMES.c.name, daily_streaks.c.won, daily_streaks.c.played, daily_streaks.c.best_won
).join(SEEN_NAMES, SEEN_NAMES.c.player == daily_streaks.c.player)
"""The kept runs with their players' names: the streaks board's rows, and a player's own."""
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
    helped: bool  # a hint was given in it, the deal's line or an analysis shown to the player before its end, or it
    # ended after its day, when the deal was public
    ranked: bool = True  # its player is in good standing (asked when it is the asking player's own)
    held: bool = False  # being checked, or flagged: off the board until the check, or a moderator, clears it

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
        unfinished = {"won": None, "score": None, "seconds": None, "finished_at": None}
        taken = update(daily_entries).where(mine, daily_entries.c.game_id.in_(left))
        connection.execute(taken.values(game_id=game_id, **unfinished))
        kept = connection.execute(select(daily_entries.c.game_id).where(mine)).scalar_one()
        DailyStore.keep_runs(connection, player, suits)
        return bool(kept == game_id)

    @staticmethod
    def ended(connection: Connection, record: GameRecord) -> None:
        """A player's entry ended, in the transaction that ends its game: its place is kept on the entry (none for
        one left before its first move, which is no entry), and the player's runs of days worked out again."""
        place = {
            "won": record.result == "won",
            "score": record.score or 0,
            "seconds": record.seconds or 0.0,
            "finished_at": record.finished_at,
        }
        left = daily_entries.c.game_id.in_(unplayed_games())  # no entry: the next game of the day takes its place
        entry = connection.execute(
            update(daily_entries).where(daily_entries.c.game_id == record.id, ~left).values(**place)
        )
        if entry.rowcount:
            found = connection.execute(
                select(daily_entries.c.suits).where(daily_entries.c.game_id == record.id)
            ).scalar_one()
            DailyStore.keep_runs(connection, record.player, found)

    @staticmethod
    def ended_late(connection: Connection, record: GameRecord) -> None:
        """A game of a daily deal that ended once its day was over, in the transaction that ends it: the deal was
        public by then (its code, line and analysis are shown to everyone from the next day), so the entry is
        marked as helped on its board."""
        day: str | None = connection.execute(
            select(daily_games.c.day).where(daily_games.c.game_id == record.id)
        ).scalar()
        ended = record.finished_at
        if day is not None and ended is not None and ended >= day_over(dt.date.fromisoformat(day)):
            connection.execute(update(daily_games).where(daily_games.c.game_id == record.id).values(helped=True))

    @staticmethod
    def keep_runs(connection: Connection, player: str, suits: int) -> None:
        """Works out the player's runs of days at a suit count again from their entries, and keeps them."""
        query = (
            select(daily_entries.c.day, SEEN_GAMES.c.result)
            .join(SEEN_GAMES, SEEN_GAMES.c.id == daily_entries.c.game_id)
            .where(daily_entries.c.player == player, daily_entries.c.suits == suits, PLAYED)
        )
        days = {row.day: row.result for row in connection.execute(query)}
        if not days:
            mine = (daily_streaks.c.player == player) & (daily_streaks.c.suits == suits)
            connection.execute(daily_streaks.delete().where(mine))
            return
        kept = runs(days)
        upsert = insert_into(connection, daily_streaks).values(player=player, suits=suits, **kept)
        connection.execute(upsert.on_conflict_do_update(index_elements=["player", "suits"], set_=kept))

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
                (~unheld(daily_entries.c.game_id)).label("held"),
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

    def _finished(self, day: str, suits: int, players: list[str] | None, ranked_at: float) -> ColumnElement[bool]:
        mine = and_(
            daily_entries.c.day == day,
            daily_entries.c.suits == suits,
            daily_entries.c.finished_at.is_not(None),
            ranked(daily_entries.c.player, ranked_at),
            unheld(daily_entries.c.game_id),  # a result being checked, or flagged, is off the board (``fairplay``)
            unmarked(daily_entries.c.player),
        )
        return mine if players is None else and_(mine, daily_entries.c.player.in_(players))

    def page(
        self, day: str, suits: int, *, players: list[str] | None, ranked_at: float, offset: int, limit: int
    ) -> list[Entry]:
        """A page of a day's board: its finished entries of players in good standing at ``ranked_at`` (of
        ``players`` only, when given) in their places' order, from ``offset``, read down the board's index."""
        top = (
            select(
                daily_entries.c.game_id,
                daily_entries.c.day,
                daily_entries.c.suits,
                *(daily_entries.c[name] for name, _ in PLACES),
            )
            .where(self._finished(day, suits, players, ranked_at))
            .order_by(*_order(daily_entries, PLACES))
            .offset(offset)
            .limit(limit)
            .subquery("top")
        )
        query = self._entries_query(top).order_by(*_order(top, PLACES))
        with self.engine.connect() as connection:
            return [_entry(row) for row in connection.execute(query)]

    def tally(
        self, day: str, suits: int, player: str, *, players: list[str] | None, ranked_at: float
    ) -> tuple[int, int | None]:
        """How many finished entries a day's board holds (of ``players`` only, when given), and the player's place
        on it: one more than the entries ahead of theirs (None while theirs is not on the board). One count over
        the board, which asks each entry's player's standing once."""
        own = select(*(daily_entries.c[name] for name, _ in PLACES)).where(
            unheld(daily_entries.c.game_id),
            unmarked(daily_entries.c.player),
            daily_entries.c.player == player,
            daily_entries.c.day == day,
            daily_entries.c.suits == suits,
            daily_entries.c.finished_at.is_not(None),
        )
        with self.engine.connect() as connection:
            mine = connection.execute(own).first()
            ahead = literal(False) if mine is None else _ahead(daily_entries, PLACES, mine._mapping)
            counted = select(func.count(), func.count(case((ahead, 1)))).where(
                self._finished(day, suits, players, ranked_at)
            )
            finished, before = connection.execute(counted).one()
            # theirs is on the board only when its player is in good standing
            standing = select(ranked(literal(player), ranked_at))
            on_board = mine is not None and bool(connection.execute(standing).scalar())
        return int(finished), 1 + int(before) if on_board else None

    def _entries_query(self, top: Any) -> Any:
        shown = exists().where(
            SEEN_LINES.c.player == top.c.player,
            SEEN_LINES.c.deal == daily_deals.c.code,
            SEEN_LINES.c.at <= SEEN_GAMES.c.finished_at,
        )
        return (
            select(
                top.c.player,
                top.c.game_id,
                SEEN_NAMES.c.name,
                SEEN_GAMES.c.result,
                SEEN_GAMES.c.score,
                SEEN_GAMES.c.moves,
                SEEN_GAMES.c.seconds,
                SEEN_GAMES.c.finished_at,
                (daily_games.c.helped | shown).label("helped"),
            )
            .select_from(top)
            .join(SEEN_GAMES, SEEN_GAMES.c.id == top.c.game_id)
            .join(daily_games, daily_games.c.game_id == top.c.game_id)
            .join(daily_deals, and_(daily_deals.c.day == top.c.day, daily_deals.c.suits == top.c.suits))
            .outerjoin(SEEN_NAMES, SEEN_NAMES.c.player == top.c.player)
        )

    def streaks(
        self, suits: int, today: dt.date, *, players: list[str] | None, ranked_at: float, offset: int, limit: int
    ) -> list[tuple[str, str, dict[str, int]]]:
        """A page of the streaks board: the players of a run of days won still going today, under a name of their
        own, in good standing (of ``players`` only, when given), in the board's order; each with their name and
        runs (``won``, ``played``, ``best_won``)."""
        query = (
            _STREAK_ROWS.where(self._going(suits, today, players, ranked_at))
            .order_by(*_order(daily_streaks, STREAK_PLACES))
            .offset(offset)
            .limit(limit)
        )
        with self.engine.connect() as connection:
            return [
                (row.player, row.name, {"won": row.won, "played": row.played, "best_won": row.best_won})
                for row in connection.execute(query)
            ]

    def streak_place(
        self, suits: int, today: dt.date, player: str, *, players: list[str] | None, ranked_at: float
    ) -> tuple[int, str, dict[str, int]] | None:
        """The player's place on the streaks board (among ``players``, when given), name and runs; None while
        they are not on it."""
        own = _STREAK_ROWS.where(daily_streaks.c.player == player, self._going(suits, today, None, ranked_at))
        with self.engine.connect() as connection:
            mine = connection.execute(own).first()
            if mine is None:
                return None
            ahead = _ahead(daily_streaks, STREAK_PLACES, mine._mapping)
            query = (
                select(func.count())
                .select_from(daily_streaks)
                .join(SEEN_NAMES, SEEN_NAMES.c.player == daily_streaks.c.player)
                .where(self._going(suits, today, players, ranked_at), ahead)
            )
            place = 1 + int(connection.execute(query).scalar_one())
        return place, mine.name, {"won": mine.won, "played": mine.played, "best_won": mine.best_won}

    @staticmethod
    def _going(suits: int, today: dt.date, players: list[str] | None, ranked_at: float) -> ColumnElement[bool]:
        going = and_(
            daily_streaks.c.suits == suits,
            daily_streaks.c.won_through >= today.isoformat(),
            daily_streaks.c.won > 0,
            chosen_name(SEEN_NAMES.c.name),
            ranked(daily_streaks.c.player, ranked_at),
            unmarked(daily_streaks.c.player),
            none_held(daily_streaks.c.player, "daily"),  # a day being checked, or flagged, holds its run back
        )
        return going if players is None else and_(going, daily_streaks.c.player.in_(players))

    def player_days(self, player: str) -> list[tuple[str, int, str | None, str]]:
        """The player's entries: day, suit count, result (None while the game goes on) and game id."""
        query = (
            select(daily_entries.c.day, daily_entries.c.suits, SEEN_GAMES.c.result, daily_entries.c.game_id)
            .join(SEEN_GAMES, SEEN_GAMES.c.id == daily_entries.c.game_id)
            .where(daily_entries.c.player == player, PLAYED)
        )
        with self.engine.connect() as connection:
            return [(row.day, row.suits, row.result, row.game_id) for row in connection.execute(query)]

    def unranked(self, player: str, at: float) -> str | None:
        """Why the player's entries are on no board at ``at``, in a sentence (``results.standing``); None when
        they are in good standing."""
        with self.engine.connect() as connection:
            return unranked(connection, player, at)

    @staticmethod
    def forget(connection: Connection, players: list[str]) -> None:
        """Deletes these players' daily games and entries (``ops.prune``: players long idle)."""
        for table in (daily_entries, daily_games, daily_streaks):
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
        held=bool(getattr(row, "held", False)),
    )



def _order(table: Any, places: tuple[tuple[str, bool], ...]) -> list[Any]:
    """An ORDER BY of ``places`` (each column, and whether the greater comes first) on ``table`` (the table, or
    a query's subquery of it)."""
    return [table.c[name].desc() if greater else table.c[name] for name, greater in places]


def _ahead(table: Any, places: tuple[tuple[str, bool], ...], mine: Any) -> ColumnElement[bool]:
    """The rows ahead of ``mine`` (its values by column) in the order of ``places``: ahead on the first column
    that differs."""
    ways: list[ColumnElement[bool]] = []
    for n, (name, greater) in enumerate(places):
        same = [table.c[before] == literal(mine[before], table.c[before].type) for before, _ in places[:n]]
        column, value = table.c[name], literal(mine[name], table.c[name].type)
        ways.append(and_(*same, column > value if greater else column < value))
    return or_(*ways)

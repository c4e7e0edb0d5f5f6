"""Every query on fair play's tables (``tables``), and the two conditions the boards' queries take: ``unheld`` (a
result neither being checked nor flagged) and ``unmarked`` (a player no moderator has marked).

Writes that two server processes may race on are inserts that leave a row already there (a result's check, a
mark) or updates that say by their row count whether they changed anything (a check settled once).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from sqlalchemy import ColumnElement, Connection, Engine, delete, exists, insert, not_, select, update

from spider.server.db.upserts import insert_into
from spider.server.fairplay.tables import checks, decisions, marked, moderators
from spider.server.people.service import SEEN_ACCOUNTS

CHECKING, CLEAR, FLAGGED, CLEARED = "checking", "clear", "flagged", "cleared"
HELD = (CHECKING, FLAGGED)
"""The states of a check whose result is held off the boards."""
BOARDS = ("daily", "scores", "duel")
"""What a checked result ranks on: a day's board, the best scores' boards, a rated duel (or an arena's)."""


def unheld(game: Any) -> ColumnElement[bool]:
    """The results a board may show, as a condition on a query's game id column: none being checked or flagged."""
    return not_(exists().where(checks.c.game_id == game, checks.c.state.in_(HELD)))


def none_held(player: Any, board: str) -> ColumnElement[bool]:
    """The players none of whose results on ``board`` is being checked or flagged, as a condition on a query's
    player column (a run of days that holds a held day waits with it)."""
    return not_(exists().where(checks.c.player == player, checks.c.board == board, checks.c.state.in_(HELD)))


def unmarked(player: Any) -> ColumnElement[bool]:
    """The players a board may show, as a condition on a query's player column: none a moderator has marked."""
    return not_(exists().where(marked.c.player == player))


def marked_among(connection: Connection, players: list[str]) -> set[str]:
    """Those of these players a moderator has marked, in one query (in the caller's transaction)."""
    if not players:
        return set()
    found = select(marked.c.player).where(marked.c.player.in_(sorted(set(players))))
    return {str(player) for player in connection.execute(found).scalars()}


@dataclass(frozen=True, slots=True)
class Check:
    """A ranked result's check, as stored."""

    game_id: str
    player: str
    address: str
    board: str
    state: str
    score: float | None
    evidence: list[dict[str, Any]] | None
    attempts: int
    created_at: float
    checked_at: float | None

    @property
    def held(self) -> bool:
        return self.state in HELD


@dataclass(frozen=True, slots=True)
class Decision:
    at: float
    moderator: str | None
    decision: str
    player: str
    game_id: str | None


def _check(row: Any) -> Check:
    return Check(
        row.game_id, row.player, row.address, row.board, row.state, row.score, row.evidence, row.attempts,
        row.created_at, row.checked_at,
    )


class FairplayStore:
    """Fair play's tables, over the server's database."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine

    # Checks.

    @staticmethod
    def begin(connection: Connection, game_id: str, player: str, address: str, board: str, at: float) -> None:
        """A ranked result to check, in the transaction that ends its game: held from now on (once per game)."""
        values = {
            "game_id": game_id, "player": player, "address": address[:64], "board": board, "state": CHECKING,
            "attempts": 0, "created_at": at,
        }
        connection.execute(insert_into(connection, checks).values(**values).on_conflict_do_nothing())

    def waiting(self, limit: int) -> list[Check]:
        """The checks still to make, the oldest first."""
        with self.engine.connect() as connection:
            rows = connection.execute(
                select(checks).where(checks.c.state == CHECKING).order_by(checks.c.created_at).limit(limit)
            ).all()
        return [_check(row) for row in rows]

    def settle(
        self, game_id: str, flagged: bool, score: float | None, evidence: list[dict[str, Any]], at: float
    ) -> bool:
        """A check made: flagged (held until a moderator looks) or clear (back on the boards). Whether it was still
        being made (a moderator may have decided first)."""
        with self.engine.begin() as connection:
            done = connection.execute(
                update(checks)
                .where(checks.c.game_id == game_id, checks.c.state == CHECKING)
                .values(state=FLAGGED if flagged else CLEAR, score=score, evidence=evidence, checked_at=at)
            )
        return bool(done.rowcount)

    def failed(self, game_id: str) -> int:
        """A check whose job failed: its attempts so far."""
        with self.engine.begin() as connection:
            connection.execute(
                update(checks).where(checks.c.game_id == game_id).values(attempts=checks.c.attempts + 1)
            )
            return int(connection.execute(select(checks.c.attempts).where(checks.c.game_id == game_id)).scalar_one())

    def check(self, game_id: str) -> Check | None:
        with self.engine.connect() as connection:
            row = connection.execute(select(checks).where(checks.c.game_id == game_id)).first()
        return None if row is None else _check(row)

    def held(self, game_ids: list[str]) -> set[str]:
        """Of these games, those whose result is held (being checked, or flagged)."""
        if not game_ids:
            return set()
        with self.engine.connect() as connection:
            found = select(checks.c.game_id).where(checks.c.game_id.in_(game_ids), checks.c.state.in_(HELD))
            return {str(game_id) for game_id in connection.execute(found).scalars()}

    def flagged(self, limit: int) -> list[Check]:
        """The flagged checks, the oldest first: what moderators have to look at."""
        with self.engine.connect() as connection:
            rows = connection.execute(
                select(checks).where(checks.c.state == FLAGGED).order_by(checks.c.checked_at).limit(limit)
            ).all()
        return [_check(row) for row in rows]

    def checks_of(self, player: str, limit: int) -> list[Check]:
        """The player's checked results, the latest first."""
        with self.engine.connect() as connection:
            rows = connection.execute(
                select(checks).where(checks.c.player == player).order_by(checks.c.created_at.desc()).limit(limit)
            ).all()
        return [_check(row) for row in rows]

    # Moderators and their decisions.

    def is_moderator(self, player: str) -> bool:
        with self.engine.connect() as connection:
            return connection.execute(select(exists().where(moderators.c.player == player))).scalar() is True

    def grant(self, player: str, at: float) -> bool:
        """Gives the player the moderator's role; whether they did not have it."""
        with self.engine.begin() as connection:
            added = connection.execute(
                insert_into(connection, moderators)
                .values(player=player, granted_at=at)
                .on_conflict_do_nothing()
                .returning(moderators.c.player)
            ).first()  # a row back when it stored one (a row count is not told by every driver)
            if added is not None:
                _log(connection, at, None, "grant", player, None)
        return added is not None

    def revoke(self, player: str, at: float) -> bool:
        """Takes the role back; whether they had it."""
        with self.engine.begin() as connection:
            gone = connection.execute(delete(moderators).where(moderators.c.player == player))
            if gone.rowcount:
                _log(connection, at, None, "revoke", player, None)
        return bool(gone.rowcount)

    def clear(self, moderator: str, game_id: str, at: float) -> bool:
        """A moderator lets a held result stand: back on the boards; whether it was held."""
        with self.engine.begin() as connection:
            row = connection.execute(select(checks.c.player).where(checks.c.game_id == game_id)).first()
            done = connection.execute(
                update(checks).where(checks.c.game_id == game_id, checks.c.state.in_(HELD)).values(state=CLEARED)
            )
            if done.rowcount and row is not None:
                _log(connection, at, moderator, "clear", row.player, game_id)
        return bool(done.rowcount)

    def mark(self, moderator: str, player: str, at: float) -> bool:
        """A moderator marks an account: its results leave every board; whether it was not marked already."""
        with self.engine.begin() as connection:
            added = connection.execute(
                insert_into(connection, marked)
                .values(player=player, marked_at=at, moderator=moderator)
                .on_conflict_do_nothing()
                .returning(marked.c.player)
            ).first()
            if added is not None:
                _log(connection, at, moderator, "mark", player, None)
        return added is not None

    def is_account(self, player: str) -> bool:
        """Whether the player is an account (not deleted): only an account may be a moderator, or be marked."""
        with self.engine.connect() as connection:
            return connection.execute(select(exists().where(SEEN_ACCOUNTS.c.id == player))).scalar() is True

    def is_marked(self, player: str) -> bool:
        with self.engine.connect() as connection:
            return connection.execute(select(exists().where(marked.c.player == player))).scalar() is True

    def log(self, limit: int) -> list[Decision]:
        """The latest decisions, the latest first (in the order they were made: the command line and the server may
        keep different clocks)."""
        with self.engine.connect() as connection:
            rows = connection.execute(
                select(decisions).order_by(decisions.c.id.desc()).limit(limit)
            ).all()
        return [Decision(row.at, row.moderator, row.decision, row.player, row.game_id) for row in rows]

    @staticmethod
    def forget(connection: Connection, players: list[str]) -> None:
        """Deletes these players' checks, role and mark (``ops.prune``: players long idle); the log of decisions
        is kept, as a record of who decided what."""
        for table, column in ((checks, checks.c.player), (moderators, moderators.c.player), (marked, marked.c.player)):
            connection.execute(table.delete().where(column.in_(players)))


def _log(
    connection: Connection, at: float, moderator: str | None, decision: str, player: str, game: str | None
) -> None:
    connection.execute(
        insert(decisions).values(at=at, moderator=moderator, decision=decision, player=player, game_id=game)
    )




"""The exercises each player has solved (the ``practice`` table), with the fewest moves each took.

A practice game that reaches its goal ends ``solved``; the store hears of it in the transaction that ends the
game (``games.events``) and keeps the exercise solved. A moment tried again from a review plays no exercise of
the file (``spider.practice.REVIEW``) and is kept nowhere.
"""

from __future__ import annotations

from typing import Protocol

from sqlalchemy import Connection, Engine, select

from spider.practice import REVIEW
from spider.server.db.upserts import insert_into
from spider.server.practice.tables import practice


class Ended(Protocol):
    """A game as it ended, as far as practice reads it (``games.records.GameRecord``)."""

    @property
    def player(self) -> str: ...

    @property
    def exercise(self) -> str | None: ...

    @property
    def result(self) -> str | None: ...

    @property
    def moves(self) -> int | None: ...

    @property
    def finished_at(self) -> float | None: ...


class PracticeStore:
    """Every query on the exercises solved, in the server's database."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine

    def progress(self, player: str) -> dict[str, int]:
        """The exercises the player has solved, each with the fewest moves it took."""
        with self.engine.connect() as connection:
            rows = connection.execute(
                select(practice.c.exercise, practice.c.best_moves).where(practice.c.player == player)
            ).all()
        return {row.exercise: row.best_moves for row in rows}

    @staticmethod
    def ended(connection: Connection, game: Ended) -> None:
        """A game ended: an exercise of the file solved is kept, with the fewest moves it has taken."""
        if game.exercise is None or game.exercise == REVIEW or game.result != "solved":
            return
        assert game.moves is not None and game.finished_at is not None
        solved = insert_into(connection, practice).values(
            player=game.player, exercise=game.exercise, solved_at=game.finished_at, best_moves=game.moves
        )
        connection.execute(
            solved.on_conflict_do_update(
                index_elements=[practice.c.player, practice.c.exercise],
                set_={"best_moves": solved.excluded.best_moves, "solved_at": solved.excluded.solved_at},
                where=solved.excluded.best_moves < practice.c.best_moves,
            )
        )

    @staticmethod
    def forget(connection: Connection, players: list[str]) -> None:
        """Deletes what these players solved (``ops.prune``: players long idle)."""
        connection.execute(practice.delete().where(practice.c.player.in_(players)))

"""The duel store: every query on duels, their seats and invitations, in the server's database.

The app hands it the database (``create_app``); nothing else in the duels writes SQL for these tables,
and nothing here decides: a write says whether it took (a row count), and the caller, who knows the
duel's rules, acts on that. Writes that must land together take the caller's ``connection`` (one
transaction, opened by :meth:`DuelStore.transaction`); the others open their own.

Duelists and their relations are the people store's (``people``).
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator, Sequence
from typing import Any

from sqlalchemy import Connection, Engine, Row, and_, func, insert, or_, select, update

from spider.server.duels.model import OPEN, OVER, PERSON, PLAYING, Duel, Seat
from spider.server.duels.tables import duels, invitations, seats

PENDING = "pending"


class DuelStore:
    """Duels, seats and invitations as stored."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine

    @contextlib.contextmanager
    def transaction(self) -> Iterator[Connection]:
        """One transaction for writes that land together (a duel's end with both ratings)."""
        with self.engine.begin() as connection:
            yield connection

    @contextlib.contextmanager
    def reading(self) -> Iterator[Connection]:
        """One connection for reads that belong together (whether a duel is rated)."""
        with self.engine.connect() as connection:
            yield connection

    # A duel.

    def read(self, duel_id: str) -> Duel | None:
        """The stored duel with its seats, or None."""
        if len(duel_id) > 32:
            return None
        with self.engine.connect() as connection:
            row = connection.execute(select(duels).where(duels.c.id == duel_id)).first()
            if row is None:
                return None
            rows = connection.execute(select(seats).where(seats.c.duel == duel_id).order_by(seats.c.seat)).all()
        return Duel(
            id=row.id,
            state=row.state,
            creator=row.creator,
            suits=row.suits,
            minutes=row.minutes,
            rules=dict(row.rules),
            opponent=row.opponent,
            min_rating=row.rating_min,
            max_rating=row.rating_max,
            code=row.code,
            created_at=row.created_at,
            deadline=row.deadline,
            ended_at=row.ended_at,
            rematch=row.rematch,
            rating_weight=row.rating_weight,
            unrated=row.unrated,
            arena=row.arena,
            weakest=row.weakest,
            seats=[Seat(r.seat, r.player, r.game, r.ended, r.score, r.outcome, r.rating_change) for r in rows],
        )

    def add(self, duel: Duel) -> None:
        """A new open table with its creator in the first seat."""
        with self.engine.begin() as connection:
            connection.execute(
                insert(duels).values(
                    id=duel.id,
                    state=OPEN,
                    creator=duel.creator,
                    suits=duel.suits,
                    minutes=duel.minutes,
                    rules=duel.rules,
                    opponent=duel.opponent,
                    rating_min=duel.min_rating,
                    rating_max=duel.max_rating,
                    created_at=duel.created_at,
                    arena=duel.arena,
                )
            )
            connection.execute(insert(seats).values(duel=duel.id, seat=0, player=duel.creator))

    def seat_opponent(self, duel_id: str, player: str, code: str, deadline: float) -> bool:
        """Seats the opponent and starts the clock, if the table is still open; whether it was."""
        with self.engine.begin() as connection:
            taken = connection.execute(
                update(duels)
                .where(duels.c.id == duel_id, duels.c.state == OPEN)
                .values(state=PLAYING, code=code, deadline=deadline)
            ).rowcount
            if taken != 1:
                return False
            connection.execute(insert(seats).values(duel=duel_id, seat=1, player=player))
            return True

    def set_weakest(self, duel_id: str, score: int) -> None:
        """What the weakest computer player scores on the duel's deal (``attempt``)."""
        with self.engine.begin() as connection:
            connection.execute(update(duels).where(duels.c.id == duel_id).values(weakest=score))

    @staticmethod
    def weakest(connection: Connection, duel_id: str) -> int | None:
        """What the weakest computer player scores on the duel's deal, once worked out."""
        found: int | None = connection.execute(select(duels.c.weakest).where(duels.c.id == duel_id)).scalar()
        return found

    def deal(self, duel_id: str, seat: int, game: str) -> bool:
        """The seat's game, unless another request dealt one first; whether this one did."""
        with self.engine.begin() as connection:
            return bool(
                connection.execute(
                    update(seats)
                    .where(seats.c.duel == duel_id, seats.c.seat == seat, seats.c.game.is_(None))
                    .values(game=game)
                ).rowcount
            )

    def take_away(self, duel_id: str, at: float) -> bool:
        """An open table ends with no result; whether it was still open."""
        with self.engine.begin() as connection:
            return bool(
                connection.execute(
                    update(duels).where(duels.c.id == duel_id, duels.c.state == OPEN).values(state=OVER, ended_at=at)
                ).rowcount
            )

    def offer_rematch(self, duel_id: str, rematch: str, instead_of: str | None = None) -> bool:
        """Names the table offered as the duel's rematch, unless another than ``instead_of`` (none, or one
        withdrawn) was offered first; whether this one was."""
        offered = duels.c.rematch.is_(None) if instead_of is None else duels.c.rematch == instead_of
        with self.engine.begin() as connection:
            return bool(
                connection.execute(update(duels).where(duels.c.id == duel_id, offered).values(rematch=rematch)).rowcount
            )

    def end_seat(self, duel_id: str, seat: int, reason: str, score: int) -> bool:
        """A seat's game ended, once; whether this call ended it."""
        with self.engine.begin() as connection:
            return bool(
                connection.execute(
                    update(seats)
                    .where(seats.c.duel == duel_id, seats.c.seat == seat, seats.c.ended.is_(None))
                    .values(ended=reason, score=score)
                ).rowcount
            )

    @staticmethod
    def mark_over(connection: Connection, duel_id: str, at: float) -> bool:
        """The duel in play is over; whether this call ended it."""
        return bool(
            connection.execute(
                update(duels).where(duels.c.id == duel_id, duels.c.state == PLAYING).values(state=OVER, ended_at=at)
            ).rowcount
        )

    @staticmethod
    def rated(connection: Connection, duel_id: str, weight: float, unrated: str | None) -> None:
        """How much the duel's end changed ratings, and why less than fully (a message id)."""
        connection.execute(update(duels).where(duels.c.id == duel_id).values(rating_weight=weight, unrated=unrated))

    @staticmethod
    def outcome(connection: Connection, duel_id: str, seat: int, outcome: str, rating_change: float) -> None:
        connection.execute(
            update(seats)
            .where(seats.c.duel == duel_id, seats.c.seat == seat)
            .values(outcome=outcome, rating_change=rating_change)
        )

    # The clock.

    def due(self, at: float) -> list[str]:
        """Duels in play whose time is up."""
        with self.engine.connect() as connection:
            return list(
                connection.execute(select(duels.c.id).where(duels.c.state == PLAYING, duels.c.deadline <= at)).scalars()
            )

    def take_away_stale(self, created_before: float, at: float) -> int:
        """Open tables created before ``created_before`` end with no result; how many."""
        with self.engine.begin() as connection:
            return int(
                connection.execute(
                    update(duels)
                    .where(duels.c.state == OPEN, duels.c.created_at < created_before)
                    .values(state=OVER, ended_at=at)
                ).rowcount
            )

    def open_created_before(self, before: float) -> list[tuple[str, str]]:
        """The open tables created before ``before``: each one's id and creator."""
        with self.engine.connect() as connection:
            rows = connection.execute(
                select(duels.c.id, duels.c.creator).where(duels.c.state == OPEN, duels.c.created_at < before)
            ).all()
        return [(row.id, row.creator) for row in rows]

    def take_away_all(self, duel_ids: list[str], at: float) -> int:
        """These tables, those still open, end with no result; how many."""
        if not duel_ids:
            return 0
        with self.engine.begin() as connection:
            return int(
                connection.execute(
                    update(duels).where(duels.c.id.in_(duel_ids), duels.c.state == OPEN).values(state=OVER, ended_at=at)
                ).rowcount
            )

    # Invitations.

    def invitation(self, duel_id: str, player: str) -> str | None:
        """The state of the player's invitation to the duel's table ("pending", "accepted", "declined")."""
        with self.engine.connect() as connection:
            state: str | None = connection.execute(
                select(invitations.c.state).where(invitations.c.duel == duel_id, invitations.c.player == player)
            ).scalar()
            return state

    def set_invitation(self, duel_id: str, player: str, state: str, at: float) -> None:
        with self.engine.begin() as connection:
            where = and_(invitations.c.duel == duel_id, invitations.c.player == player)
            if connection.execute(update(invitations).where(where).values(state=state, at=at)).rowcount == 0:
                connection.execute(insert(invitations).values(duel=duel_id, player=player, state=state, at=at))

    def invited(self, duel_id: str) -> list[str]:
        """The players with a pending invitation to the duel's table."""
        with self.engine.connect() as connection:
            return list(
                connection.execute(
                    select(invitations.c.player).where(invitations.c.duel == duel_id, invitations.c.state == PENDING)
                ).scalars()
            )

    # The lobby and player info.

    def open_tables(self, limit: int) -> Sequence[Row[Any]]:
        """The open tables' rows, newest first."""
        with self.engine.connect() as connection:
            return connection.execute(
                select(duels)
                .where(duels.c.state == OPEN, duels.c.arena.is_(None))
                .order_by(duels.c.created_at.desc())
                .limit(limit)
            ).all()

    def invitations_of(self, player: str) -> Sequence[Row[Any]]:
        """The rows of the open tables the player has a pending invitation to, the latest first."""
        with self.engine.connect() as connection:
            return connection.execute(
                select(duels)
                .join(invitations, invitations.c.duel == duels.c.id)
                .where(invitations.c.player == player, invitations.c.state == PENDING, duels.c.state == OPEN)
                .order_by(invitations.c.at.desc())
            ).all()

    def recent(self, player: str, limit: int) -> tuple[Sequence[Any], str | None]:
        """The player's last duels over (their seat's score, outcome and rating change, the opponent and
        their score, when it ended), latest first; and the duel they play now, if any."""
        mine, theirs = seats.alias("mine"), seats.alias("theirs")
        with self.engine.connect() as connection:
            rows = connection.execute(
                select(
                    mine.c.duel,
                    mine.c.score,
                    mine.c.outcome,
                    mine.c.rating_change,
                    theirs.c.player,
                    theirs.c.score.label("their_score"),
                    duels.c.ended_at,
                )
                .join(duels, duels.c.id == mine.c.duel)
                .join(theirs, and_(theirs.c.duel == mine.c.duel, theirs.c.seat != mine.c.seat))
                .where(mine.c.player == player, duels.c.state == OVER)
                .order_by(duels.c.ended_at.desc())
                .limit(limit)
            ).all()
            playing: str | None = connection.execute(
                select(duels.c.id)
                .join(seats, seats.c.duel == duels.c.id)
                .where(seats.c.player == player, duels.c.state == PLAYING)
                .order_by(duels.c.created_at.desc())
                .limit(1)
            ).scalar()
        return rows, playing

    def playing(self, player: str) -> list[str]:
        """The duels the player sits at that are being played now, the oldest first (a bot's stream follows them
        from its start)."""
        with self.engine.connect() as connection:
            return list(
                connection.execute(
                    select(seats.c.duel)
                    .join(duels, duels.c.id == seats.c.duel)
                    .where(seats.c.player == player, duels.c.state == PLAYING)
                    .order_by(duels.c.created_at)
                ).scalars()
            )

    # What ``rated`` asks.

    @staticmethod
    def clocks(connection: Connection, duel_ids: list[str]) -> dict[str, tuple[str, float | None, int]]:
        """The state, deadline and time limit of each of these duels that exists."""
        if not duel_ids:
            return {}
        found = select(duels.c.id, duels.c.state, duels.c.deadline, duels.c.minutes).where(duels.c.id.in_(duel_ids))
        return {row.id: (row.state, row.deadline, row.minutes) for row in connection.execute(found)}

    @staticmethod
    def rated_duels_between(connection: Connection, first: str, second: str, duel_id: str, since: float) -> int:
        """How many rated duels, other than ``duel_id``, the two players played against each other that
        ended since ``since``."""
        mine, theirs = seats.alias("mine"), seats.alias("theirs")
        count: int = connection.execute(
            select(func.count())
            .select_from(duels)
            .join(mine, mine.c.duel == duels.c.id)
            .join(theirs, and_(theirs.c.duel == duels.c.id, theirs.c.seat != mine.c.seat))
            .where(
                mine.c.player == first,
                theirs.c.player == second,
                duels.c.id != duel_id,
                duels.c.ended_at >= since,
                or_(duels.c.rating_weight > 0, duels.c.rating_weight.is_(None)),
                mine.c.outcome.is_not(None),
            )
        ).scalar_one()
        return count

    # Taken back (``taken_back``).

    @staticmethod
    def rated_against(connection: Connection, player: str) -> list[tuple[str, int, str, float]]:
        """The rated duels the player played, as their opponents' sides: (duel, the opponent's seat, the opponent,
        the rating change the duel gave them), the oldest first."""
        mine, theirs = seats.alias("mine"), seats.alias("theirs")
        rows = connection.execute(
            select(duels.c.id, theirs.c.seat, theirs.c.player, theirs.c.rating_change)
            .join(mine, mine.c.duel == duels.c.id)
            .join(theirs, and_(theirs.c.duel == duels.c.id, theirs.c.seat != mine.c.seat))
            .where(mine.c.player == player, duels.c.state == OVER, duels.c.rating_weight > 0)
            .order_by(duels.c.ended_at)
        ).all()
        return [(row.id, row.seat, row.player, float(row.rating_change or 0.0)) for row in rows]

    @staticmethod
    def take_back(connection: Connection, duel_id: str, why: str) -> None:
        """A rated duel taken back: it rated nobody (``why``: the message id that tells its players)."""
        connection.execute(update(duels).where(duels.c.id == duel_id).values(rating_weight=0.0, unrated=why))
        connection.execute(update(seats).where(seats.c.duel == duel_id).values(rating_change=0.0))

    # Computer players' claims (``computer``).

    def computer_duels(self) -> list[str]:
        """Duels in play whose computer player has not ended its game."""
        with self.engine.connect() as connection:
            return list(
                connection.execute(
                    select(duels.c.id)
                    .join(seats, seats.c.duel == duels.c.id)
                    .where(duels.c.state == PLAYING, duels.c.opponent != PERSON)
                    .where(seats.c.seat == 1, seats.c.ended.is_(None))
                ).scalars()
            )

    def claim_computer(self, duel_id: str, owner: str, at: float, lease: float) -> bool:
        """Whether ``owner`` holds the claim on the duel's computer player now: it was free, its own, or
        not renewed within ``lease`` seconds."""
        with self.engine.begin() as connection:
            return (
                connection.execute(
                    update(duels)
                    .where(
                        duels.c.id == duel_id,
                        duels.c.robot_owner.is_(None)
                        | (duels.c.robot_owner == owner)
                        | (duels.c.robot_seen < at - lease),
                    )
                    .values(robot_owner=owner, robot_seen=at)
                ).rowcount
                == 1
            )

    def release_computers(self, owner: str) -> None:
        with self.engine.begin() as connection:
            connection.execute(update(duels).where(duels.c.robot_owner == owner).values(robot_owner=None))

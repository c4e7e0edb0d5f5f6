"""Every query on arenas, their players and their duels, and the lease under which one process pairs an
arena. Each change that two processes could make at once is a conditional update: whoever's update
matched did it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, NamedTuple

from sqlalchemy import Engine, Row, and_, func, insert, or_, select, update
from sqlalchemy.exc import IntegrityError

from spider.server.arenas.tables import arena_duels, arena_players, arenas
from spider.server.duels.store import DuelStore
from spider.server.fairplay.store import marked_among
from spider.server.games.store import Store
from spider.server.people.service import SEEN_ACCOUNTS
from spider.server.results.standing import ranked_among, shortfall, unranked


class Uncounted(NamedTuple):
    """An arena's duel whose points are not given yet: its berserk seats, and its state and clock as the duels
    keep them (``None`` for a duel never begun)."""

    duel: str
    berserk: list[int]
    state: str | None
    deadline: float | None
    minutes: int | None


class End(NamedTuple):
    """What an arena's duel gave one person in it: points, their run of wins after it, whether they won, whom they
    played, and whether they made no move in it (then they are withdrawn, as ``stalled``)."""

    player: str
    points: int
    streak: int
    won: bool
    opponent: str | None
    stalled: bool = False


class _Taken(Exception):
    pass


class ArenaStore:
    def __init__(self, engine: Engine) -> None:
        self.engine = engine

    # Arenas.

    def add(self, arena: dict[str, Any]) -> bool:
        """A new arena; False when one of that id is there already (another process scheduled it)."""
        try:
            with self.engine.begin() as connection:
                connection.execute(insert(arenas).values(over=False, **arena))
        except IntegrityError:
            return False
        return True

    def read(self, arena_id: str) -> Row[Any] | None:
        with self.engine.connect() as connection:
            return connection.execute(select(arenas).where(arenas.c.id == arena_id)).first()

    def listed(self, at: float, since: float) -> Sequence[Row[Any]]:
        """Arenas not over, and those that ended since ``since``, soonest start first."""
        with self.engine.connect() as connection:
            return connection.execute(
                select(arenas).where(or_(arenas.c.over.is_(False), arenas.c.ends_at >= since)).order_by(
                    arenas.c.starts_at, arenas.c.suits
                )
            ).all()

    def not_over(self) -> list[str]:
        """The arenas not over: to come, and begun (to pair, or to close)."""
        with self.engine.connect() as connection:
            return list(connection.execute(select(arenas.c.id).where(arenas.c.over.is_(False))).scalars())

    def opened_by(self, player: str) -> int:
        """How many arenas the player opened that are not over."""
        with self.engine.connect() as connection:
            count: int = connection.execute(
                select(func.count()).select_from(arenas).where(arenas.c.creator == player, arenas.c.over.is_(False))
            ).scalar_one()
            return count

    def opened_now(self) -> tuple[int, float | None]:
        """How many arenas players opened are not over, and the soonest end among them."""
        with self.engine.connect() as connection:
            count, soonest = connection.execute(
                select(func.count(), func.min(arenas.c.ends_at)).where(
                    arenas.c.creator.is_not(None), arenas.c.over.is_(False)
                )
            ).one()
            return int(count), None if soonest is None else float(soonest)

    def claim(self, arena_id: str, owner: str, at: float, lease: float) -> bool:
        """Whether ``owner`` pairs the arena now: its lease was free, its own, or lapsed; renewed for
        ``lease`` seconds."""
        with self.engine.begin() as connection:
            return (
                connection.execute(
                    update(arenas)
                    .where(
                        arenas.c.id == arena_id,
                        or_(arenas.c.pairer.is_(None), arenas.c.pairer == owner, arenas.c.pairer_until < at),
                    )
                    .values(pairer=owner, pairer_until=at + lease)
                ).rowcount
                == 1
            )

    def lease_until(self, arena_id: str) -> float | None:
        """When the lease on pairing the arena lapses (None: nobody holds it)."""
        with self.engine.connect() as connection:
            until: float | None = connection.execute(
                select(arenas.c.pairer_until).where(arenas.c.id == arena_id)
            ).scalar()
            return until

    def release(self, owner: str) -> None:
        """The process stops: its leases go, so that another takes over at once."""
        with self.engine.begin() as connection:
            connection.execute(update(arenas).where(arenas.c.pairer == owner).values(pairer=None, pairer_until=None))

    def close(self, arena_id: str) -> bool:
        with self.engine.begin() as connection:
            return bool(
                connection.execute(
                    update(arenas).where(arenas.c.id == arena_id, arenas.c.over.is_(False)).values(over=True)
                ).rowcount
            )

    # Players.

    def join(self, arena_id: str, player: str, at: float) -> None:
        """The player is in the arena, to be paired as soon as they are free."""
        with self.engine.begin() as connection:
            where = and_(arena_players.c.arena == arena_id, arena_players.c.player == player)
            changed = connection.execute(
                update(arena_players)
                .where(where, arena_players.c.active.is_(False))
                .values(active=True, stalled=None, waiting_since=at)
            ).rowcount
            if changed:
                return
            if connection.execute(select(arena_players.c.player).where(where)).first() is None:
                try:
                    with connection.begin_nested():
                        connection.execute(
                            insert(arena_players).values(
                                arena=arena_id, player=player, active=True, points=0, duels=0, wins=0, streak=0,
                                waiting_since=at, joined_at=at,
                            )
                        )
                except IntegrityError:
                    pass  # the same join, at the same moment: it is in

    def withdraw(self, arena_id: str, player: str, *, stalled: bool = False) -> bool:
        """The player is paired no more (a duel in play goes on): they left, or ``stalled`` (made no move in their
        duel), which they are told until they join again; whether they were in."""
        with self.engine.begin() as connection:
            return bool(
                connection.execute(
                    update(arena_players)
                    .where(arena_players.c.arena == arena_id, arena_players.c.player == player)
                    .values(active=False, stalled=stalled or None)
                ).rowcount
            )

    def player(self, arena_id: str, player: str) -> Row[Any] | None:
        with self.engine.connect() as connection:
            return connection.execute(
                select(arena_players).where(arena_players.c.arena == arena_id, arena_players.c.player == player)
            ).first()

    def players(self, arena_id: str) -> Sequence[Row[Any]]:
        with self.engine.connect() as connection:
            return connection.execute(select(arena_players).where(arena_players.c.arena == arena_id)).all()

    def counts(self, arena_ids: list[str]) -> dict[str, int]:
        """How many players each arena has."""
        with self.engine.connect() as connection:
            rows = connection.execute(
                select(arena_players.c.arena, func.count())
                .where(arena_players.c.arena.in_(arena_ids))
                .group_by(arena_players.c.arena)
            ).all()
        return {row[0]: int(row[1]) for row in rows}

    def joined(self, arena_ids: list[str], player: str) -> set[str]:
        with self.engine.connect() as connection:
            return set(
                connection.execute(
                    select(arena_players.c.arena).where(
                        arena_players.c.arena.in_(arena_ids),
                        arena_players.c.player == player,
                        arena_players.c.active.is_(True),
                    )
                ).scalars()
            )

    def seat(self, arena_id: str, players: list[str], duel_id: str) -> bool:
        """Puts the free players into the duel ``duel_id``, all or none; whether all were still free."""
        try:
            with self.engine.begin() as connection:
                taken = connection.execute(
                    update(arena_players)
                    .where(
                        arena_players.c.arena == arena_id,
                        arena_players.c.player.in_(players),
                        arena_players.c.active.is_(True),
                        arena_players.c.duel.is_(None),
                    )
                    .values(duel=duel_id, waiting_since=None)
                ).rowcount
                if taken != len(players):
                    raise _Taken()  # one of them was seated or left meanwhile: none is
                connection.execute(insert(arena_duels).values(duel=duel_id, arena=arena_id, berserk=[], counted=False))
        except _Taken:
            return False
        return True

    def unseat(self, arena_id: str, duel_id: str, at: float) -> None:
        """The duel never began (its process went away midway): its players are free again."""
        with self.engine.begin() as connection:
            connection.execute(
                update(arena_players)
                .where(arena_players.c.arena == arena_id, arena_players.c.duel == duel_id)
                .values(duel=None, waiting_since=at)
            )
            connection.execute(update(arena_duels).where(arena_duels.c.duel == duel_id).values(counted=True))

    # Duels.

    def uncounted(self, arena_id: str) -> list[Uncounted]:
        """The arena's duels whose points are not given yet, with their state and clock (none: never begun)."""
        with self.engine.connect() as connection:
            rows = connection.execute(
                select(arena_duels.c.duel, arena_duels.c.berserk)
                .where(arena_duels.c.arena == arena_id, arena_duels.c.counted.is_(False))
            ).all()
            clocks = DuelStore.clocks(connection, [row.duel for row in rows])
        return [Uncounted(row.duel, row.berserk, *clocks.get(row.duel, (None, None, None))) for row in rows]

    def berserk(self, duel_id: str) -> list[int]:
        with self.engine.connect() as connection:
            seats: list[int] | None = connection.execute(
                select(arena_duels.c.berserk).where(arena_duels.c.duel == duel_id)
            ).scalar()
            return list(seats or [])

    def go_berserk(self, duel_id: str, seats: list[int], seat: int) -> bool:
        """Marks the seat berserk, unless another change came first; whether this one did."""
        with self.engine.begin() as connection:
            current = connection.execute(
                select(arena_duels.c.berserk).where(arena_duels.c.duel == duel_id).with_for_update()
            ).scalar()
            if current is None or list(current) != seats or seat in current:
                return False
            connection.execute(update(arena_duels).where(arena_duels.c.duel == duel_id).values(berserk=[*seats, seat]))
            return True

    def count(self, arena_id: str, duel_id: str, ends: list[End], at: float) -> bool:
        """Gives a duel's points, once, and withdraws those who stalled in it; whether this call gave them."""
        with self.engine.begin() as connection:
            if not connection.execute(
                update(arena_duels)
                .where(arena_duels.c.duel == duel_id, arena_duels.c.counted.is_(False))
                .values(counted=True)
            ).rowcount:
                return False
            for end in ends:
                withdrawn: dict[str, Any] = {"active": False, "stalled": True} if end.stalled else {}
                connection.execute(
                    update(arena_players)
                    .where(arena_players.c.arena == arena_id, arena_players.c.player == end.player)
                    .values(
                        points=arena_players.c.points + end.points,
                        duels=arena_players.c.duels + 1,
                        wins=arena_players.c.wins + (1 if end.won else 0),
                        streak=end.streak,
                        last_opponent=end.opponent,
                        duel=None,
                        waiting_since=at,
                        **withdrawn,
                    )
                )
            return True

    def ranked(self, players: list[str], at: float) -> set[str]:
        """Those of these players in good standing at ``at`` (``results.standing``), none of them marked by a
        moderator (``fairplay``): a marked account stands on no podium."""
        with self.engine.connect() as connection:
            return ranked_among(connection, players, at) - marked_among(connection, players)

    def shortfall(self, player: str, at: float) -> tuple[str, dict[str, Any]] | None:
        """Why the player is not in good standing at ``at`` (a message id and its fields); None when they are."""
        with self.engine.connect() as connection:
            return shortfall(connection, player, at)

    def unranked(self, player: str, at: float) -> str | None:
        """Why the player is not in good standing at ``at``, in a sentence; None when they are."""
        with self.engine.connect() as connection:
            return unranked(connection, player, at)

    def has_account(self, player: str) -> bool:
        """Whether the player has an account (not deleted): one row by its key, far cheaper than the standing."""
        with self.engine.connect() as connection:
            found = connection.execute(select(SEEN_ACCOUNTS.c.id).where(SEEN_ACCOUNTS.c.id == player)).first()
            return found is not None

    def moved(self, game_ids: list[str]) -> set[str]:
        """Which of these games have had an action."""
        if not game_ids:
            return set()
        with self.engine.connect() as connection:
            return Store.moved(connection, game_ids)

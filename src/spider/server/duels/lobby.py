"""What the lobby and player info show: the open tables, a player's pending invitations, their friends,
and a player as others see them with their last duels. Reads only; the changes are ``duels.Duels``'.
"""

from __future__ import annotations

import time

from sqlalchemy import Engine, and_, select

from spider.server.answers import Friend, Friends, Invitation, OpenTable, PlayerInfo, RecentDuel
from spider.server.duels.people import FRIEND, IGNORE, Duelist, People
from spider.server.duels.records import OPEN, OVER, PLAYING
from spider.server.schema import duels, invitations, seats
from spider.view import iso_time

LOBBY_SIZE = 100
RECENT = 10


def open_tables(engine: Engine, people: People, viewer: str | None) -> list[OpenTable]:
    """The open tables, newest first, without those of players kept apart from ``viewer`` by ignore."""
    apart = set() if viewer is None else people.apart(viewer)
    with engine.connect() as connection:
        rows = connection.execute(
            select(duels).where(duels.c.state == OPEN).order_by(duels.c.created_at.desc()).limit(LOBBY_SIZE)
        ).all()
    creators = people.many([row.creator for row in rows])
    return [
        OpenTable(
            id=row.id,
            creator=creators[row.creator].name,
            rating=creators[row.creator].rating.rating,
            suits=row.suits,
            minutes=row.minutes,
            rules=dict(row.rules),
            min_rating=row.rating_min,
            max_rating=row.rating_max,
            created_at=iso_time(row.created_at),
        )
        for row in rows
        if row.creator not in apart and row.creator in creators
    ]


def pending_invitations(engine: Engine, people: People, player: str) -> list[Invitation]:
    """The player's pending invitations to tables still open."""
    with engine.connect() as connection:
        rows = connection.execute(
            select(duels)
            .join(invitations, invitations.c.duel == duels.c.id)
            .where(invitations.c.player == player, invitations.c.state == "pending", duels.c.state == OPEN)
            .order_by(invitations.c.at.desc())
        ).all()
    creators = people.many([row.creator for row in rows])
    return [
        Invitation(
            duel=row.id, by=creators[row.creator].name, rating=creators[row.creator].rating.rating,
            suits=row.suits, minutes=row.minutes,
        )
        for row in rows
        if row.creator in creators
    ]


def friends(people: People, player: str) -> Friends:
    """The player's friends (who is online) and the players they ignore."""
    at = time.time()
    return Friends(
        friends=[
            Friend(name=friend.name, rating=friend.rating.rating, online=friend.online(at))
            for friend in people.related(player, FRIEND)
        ],
        ignored=[ignored.name for ignored in people.related(player, IGNORE)],
    )


def player_info(engine: Engine, people: People, duelist: Duelist) -> PlayerInfo:
    with engine.connect() as connection:
        mine = seats.alias("mine")
        theirs = seats.alias("theirs")
        rows = connection.execute(
            select(mine.c.duel, mine.c.score, mine.c.outcome, mine.c.rating_change, theirs.c.player,
                   theirs.c.score.label("their_score"), duels.c.ended_at)
            .join(duels, duels.c.id == mine.c.duel)
            .join(theirs, and_(theirs.c.duel == mine.c.duel, theirs.c.seat != mine.c.seat))
            .where(mine.c.player == duelist.player, duels.c.state == OVER)
            .order_by(duels.c.ended_at.desc())
            .limit(RECENT)
        ).all()
        playing = connection.execute(
            select(duels.c.id)
            .join(seats, seats.c.duel == duels.c.id)
            .where(seats.c.player == duelist.player, duels.c.state == PLAYING)
            .order_by(duels.c.created_at.desc())
            .limit(1)
        ).scalar()
    names = people.many([row.player for row in rows])
    recent = [
        RecentDuel(
            duel=row.duel,
            opponent=names[row.player].name if row.player in names else "",
            score=row.score,
            opponent_score=row.their_score,
            outcome=row.outcome,
            rating_change=row.rating_change,
            ended_at=None if row.ended_at is None else iso_time(row.ended_at),
        )
        for row in rows
    ]
    return PlayerInfo(
        name=duelist.name,
        computer=duelist.computer,
        online=duelist.online(time.time()),
        rating=duelist.rating.rating,
        deviation=duelist.rating.deviation,
        duels=duelist.duels,
        wins=duelist.wins,
        draws=duelist.draws,
        losses=duelist.losses,
        recent=recent,
        playing=playing,
    )

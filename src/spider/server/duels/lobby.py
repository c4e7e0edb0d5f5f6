"""What the lobby and player info show: the open tables, a player's pending invitations, their friends,
and a player as others see them with their last duels. Reads only; the changes are ``duels.Duels``'.
Every name is as the reader sees it (``people.shown_name``: a made-up one in the reader's language).
"""

from __future__ import annotations

from spider.server.duels.answers import Friend, Friends, Invitation, OpenTable, PlayerInfo, RecentDuel
from spider.server.duels.store import DuelStore
from spider.server.people.service import FRIEND, IGNORE, Duelist, People, shown_name
from spider.view import iso_time

LOBBY_SIZE = 100
RECENT = 10


def open_tables(store: DuelStore, people: People, viewer: str | None) -> list[OpenTable]:
    """The open tables, newest first, without those of players kept apart from ``viewer`` by ignore;
    ``viewer``'s own marked as theirs."""
    apart = set() if viewer is None else people.apart(viewer)
    tables = created_tables(store, people)
    return [{**table, "yours": creator == viewer} for creator, table in tables if creator not in apart]


def created_tables(store: DuelStore, people: People) -> list[tuple[str, OpenTable]]:
    """The open tables, newest first, each with its creator (a player id, which stays on the server)."""
    rows = store.open_tables(LOBBY_SIZE)
    creators = people.many([row.creator for row in rows])
    return [
        (
            row.creator,
            OpenTable(
                id=row.id,
                creator=shown_name(creators[row.creator].name),
                bot=creators[row.creator].bot,
                rating=creators[row.creator].rating.rating,
                provisional=creators[row.creator].rating.provisional,
                suits=row.suits,
                minutes=row.minutes,
                rules=dict(row.rules),
                min_rating=row.rating_min,
                max_rating=row.rating_max,
                created_at=iso_time(row.created_at),
                yours=False,
            ),
        )
        for row in rows
        if row.creator in creators
    ]


def pending_invitations(store: DuelStore, people: People, player: str) -> list[Invitation]:
    """The player's pending invitations to tables still open."""
    rows = store.invitations_of(player)
    creators = people.many([row.creator for row in rows])
    return [
        Invitation(
            duel=row.id, by=shown_name(creators[row.creator].name), bot=creators[row.creator].bot,
            rating=creators[row.creator].rating.rating, provisional=creators[row.creator].rating.provisional,
            suits=row.suits, minutes=row.minutes,
        )
        for row in rows
        if row.creator in creators
    ]


def friends(people: People, player: str, at: float) -> Friends:
    """The player's friends (who is online at ``at``) and the players they ignore."""
    return Friends(
        friends=[
            Friend(
                name=shown_name(friend.name),
                rating=friend.rating.rating,
                provisional=friend.rating.provisional,
                online=friend.online(at),
            )
            for friend in people.related(player, FRIEND)
        ],
        ignored=[shown_name(ignored.name) for ignored in people.related(player, IGNORE)],
    )


def player_info(store: DuelStore, people: People, duelist: Duelist, at: float) -> PlayerInfo:
    """A player as others see them at ``at``, with their last duels."""
    rows, playing = store.recent(duelist.player, RECENT)
    names = people.many([row.player for row in rows])
    recent = [
        RecentDuel(
            duel=row.duel,
            opponent=shown_name(names[row.player].name) if row.player in names else "",
            score=row.score,
            opponent_score=row.their_score,
            outcome=row.outcome,
            rating_change=row.rating_change,
            ended_at=None if row.ended_at is None else iso_time(row.ended_at),
        )
        for row in rows
    ]
    return PlayerInfo(
        name=shown_name(duelist.name),
        computer=duelist.computer,
        bot=duelist.bot,
        online=duelist.online(at),
        rating=duelist.rating.rating,
        deviation=duelist.rating.deviation,
        provisional=duelist.rating.provisional,
        duels=duelist.duels,
        wins=duelist.wins,
        draws=duelist.draws,
        losses=duelist.losses,
        recent=recent,
        playing=playing,
    )

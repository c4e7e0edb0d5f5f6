"""Helpers for the tests of who is ranked (``results.standing``): an account in good standing, made cheaply through
the owners' own functions (``people.add_account``, the games' ``Store``), and a young one; on a test client's app,
or on a database that server processes share."""

from __future__ import annotations

import itertools
import time
from typing import TYPE_CHECKING

from sqlalchemy import insert

from spider.codes import GameCode
from spider.server.games.kinds import Kind
from spider.server.games.service import Games
from spider.server.games.store import Finish, GameRecord, Store
from spider.server.http.identity import PLAYER_COOKIE, player_id
from spider.server.http.parts import parts_of
from spider.server.people.service import add_account
from spider.server.people.tables import sessions
from spider.server.results.standing import MIN_AGE, MIN_GAMES, MIN_SECONDS

if TYPE_CHECKING:  # the browser's tests import these helpers without Starlette's test client, which warns
    from starlette.testclient import TestClient

_ids = itertools.count()
DAY_AND_A_MINUTE = MIN_AGE + 60


def account_in(store: Store, player: str, at: float, *, age: float = DAY_AND_A_MINUTE) -> None:
    """Makes the player an account ``age`` seconds old at ``at``, its cookie signed in to it: a session under the
    cookie's own hash, which a passkey's sign-in never makes (it gives the device a new cookie), so that the test's
    client goes on as the account."""
    with store.engine.begin() as connection:
        add_account(connection, player, f"handle-{player[:16]}", at - age)
        connection.execute(
            insert(sessions).values(id=player, account=player, device="test", created_at=at - age, seen_at=at)
        )


def games_in(
    store: Store, player: str, at: float, count: int = MIN_GAMES, seconds: float = MIN_SECONDS / MIN_GAMES, *,
    kind: Kind = Kind.SOLO, result: str = "resigned",
) -> None:
    """Stores ``count`` games of new deals (of another ``kind`` when told) for the player, each ended as ``result``
    after 20 moves and ``seconds`` of play, within the hour before ``at``."""
    for number in range(count):
        ended = at - 3600 + number
        game = GameRecord(
            id=f"s{next(_ids):015d}", player=player, code=str(GameCode.random(1)), suits=1,
            rules={"scoring": "standard"}, verified=False, created_at=ended - seconds, kind=kind,
        )
        store.add_game(game)
        store.finish(Finish(game.id, result, ended, 480, 20, seconds))


def standing_in(store: Store, player: str, at: float | None = None, *, kind: Kind = Kind.SOLO) -> None:
    """Makes the player an account in good standing at ``at`` (now unless told), as cheaply as the rule allows:
    a day and a minute old, with ten resigned games of new deals (or of another ``kind``), 90 seconds each."""
    at = time.time() if at is None else at
    account_in(store, player, at)
    games_in(store, player, at, kind=kind)


def in_good_standing(database_url: str, tokens: list[str], *, kind: Kind = Kind.SOLO) -> None:
    """The players of these cookies' tokens are accounts in good standing now, on a database server processes share
    (by games of ``kind``)."""
    store = Store(database_url)
    try:
        for token in tokens:
            standing_in(store, player_id(token), kind=kind)
    finally:
        store.close()


def games_of(client: TestClient) -> Games:
    games: Games = parts_of(client.app)[Games]  # type: ignore[attr-defined]
    return games


def player_of(client: TestClient) -> str:
    if PLAYER_COOKIE not in client.cookies:
        client.get("/api/me")
    return player_id(client.cookies[PLAYER_COOKIE])


def make_account(client: TestClient, *, age: float = DAY_AND_A_MINUTE, at: float | None = None) -> str:
    """Makes the client's player an account ``age`` seconds old at ``at`` (the app's time unless told); its id."""
    games = games_of(client)
    player = player_of(client)
    account_in(games.store, player, games.now() if at is None else at, age=age)
    return player


def play_dealt_games(
    client: TestClient, count: int = MIN_GAMES, seconds: float = MIN_SECONDS / MIN_GAMES, *, kind: Kind = Kind.SOLO,
    result: str = "resigned", at: float | None = None,
) -> None:
    """Stores ``count`` games for the client's player, ended within the hour before ``at`` (the app's time unless
    told): ``games_in``."""
    games = games_of(client)
    games_in(
        games.store, player_of(client), games.now() if at is None else at, count, seconds, kind=kind, result=result
    )


def good_standing(client: TestClient, *, at: float | None = None, kind: Kind = Kind.SOLO) -> str:
    """Makes the client's player an account in good standing at ``at`` (the app's time unless told): ``standing_in``;
    its id."""
    games = games_of(client)
    player = player_of(client)
    standing_in(games.store, player, games.now() if at is None else at, kind=kind)
    return player

"""Leaderboards: ratings and best scores, who is on them, what counts, the friends-only view and your place."""

from __future__ import annotations

import itertools
import time
from typing import Any

from sqlalchemy import update
from starlette.testclient import TestClient

from spider.codes import GameCode
from spider.server.games.kinds import Kind
from spider.server.games.service import Games
from spider.server.games.store import Finish, GameRecord, Store
from spider.server.http.identity import PLAYER_COOKIE, player_id
from spider.server.http.parts import parts_of
from spider.server.leaderboards.service import week_start
from spider.server.people.tables import duelists

from .duel_players import another_player
from .standing import good_standing, make_account, play_dealt_games

_ids = itertools.count()


def store_of(client: TestClient) -> Store:
    store: Store = parts_of(client.app)[Games].store  # type: ignore[attr-defined]
    return store


def me(client: TestClient) -> str:
    return player_id(client.cookies[PLAYER_COOKIE])


def named(client: TestClient, name: str | None, *, standing: bool = True) -> TestClient:
    """Another browser on the app, with a name of its own (or the made-up one with ``None``), an account in good
    standing unless told (``results.standing``: only they are on the boards)."""
    other = another_player(client)
    if name is not None:
        assert other.put("/api/me", json={"name": name}).status_code == 200
    if standing:
        good_standing(other)
    return other


def played(
    client: TestClient, result: str, score: int, *, suits: int = 1, ended: float | None = None, **record: Any
) -> str:
    """A game of the client's player, stored and ended as told (on a fresh deal unless ``code`` is given)."""
    ended = time.time() - 10 if ended is None else ended
    store = store_of(client)
    code = record.pop("code", str(GameCode.random(suits)))
    game = GameRecord(
        id=f"b{next(_ids):015d}", player=me(client), code=code, suits=suits,
        rules=record.pop("rules", {"scoring": "standard"}), verified=False, created_at=ended - 300, **record,
    )
    store.add_game(game)
    store.finish(Finish(game.id, result, ended, score, 120, 280.0))
    return game.id


def board(client: TestClient, path: str) -> dict[str, Any]:
    response = client.get(path)
    assert response.status_code == 200, response.text
    found: dict[str, Any] = response.json()
    return found


def names(found: dict[str, Any]) -> list[tuple[int, str, float]]:
    return [(entry["place"], entry["name"], entry["value"]) for entry in found["entries"]]


def test_best_scores_rank_each_named_player_once_from_won_games_that_counted(client: TestClient) -> None:
    ada, bea, cid = named(client, "Ada"), named(client, "Bea"), named(client, None)
    played(ada, "won", 1100)
    played(ada, "won", 1180)
    played(bea, "won", 1150)
    played(bea, "resigned", 1400)  # under standard scoring only a won game's score is a best score
    played(cid, "won", 1300)  # no name of their own: left out
    played(ada, "won", 1250, suits=2)  # another suit count's board
    found = board(ada, "/api/leaderboards/scores?suits=1&period=ever")
    assert (found["board"], found["suits"], found["period"], found["friends"]) == ("scores", 1, "ever", False)
    assert names(found) == [(1, "Ada", 1180), (2, "Bea", 1150)]
    assert found["you"]["name"] == "Ada" and found["you"]["you"] is True and found["you"]["place"] == 1
    assert found["entries"][1]["you"] is False
    assert names(board(ada, "/api/leaderboards/scores?suits=2"))[0] == (1, "Ada", 1250)
    assert board(cid, "/api/leaderboards/scores?suits=1")["you"] is None


def test_games_that_did_not_count_make_no_best_score(client: TestClient) -> None:
    ada = named(client, "Ada")
    played(ada, "won", 1000)
    played(ada, "won", 1290, kind=Kind.TYPED)  # its code typed in: its player could know every card
    played(ada, "won", 1280, kind=Kind.REPLAY)
    played(ada, "won", 1270, line_shown=True)
    played(ada, "won", 1260, rules={"scoring": "reveal"})  # another scoring: not comparable
    played(ada, "won", 1250, duel="d0000000000000000", kind=Kind.DUEL)
    known = str(GameCode.random(1))
    assert store_of(ada).reveal(known, time.time() - 100)  # its deal known before the game ended
    played(ada, "won", 1240, code=known)
    assert names(board(ada, "/api/leaderboards/scores?suits=1")) == [(1, "Ada", 1000)]


def test_this_weeks_board_holds_only_games_ended_since_monday(client: TestClient) -> None:
    ada, bea = named(client, "Ada"), named(client, "Bea")
    monday = week_start(time.time())
    played(ada, "won", 1200, ended=monday - 60)  # last Sunday
    played(ada, "won", 1010, ended=monday + 1)
    played(bea, "won", 1100, ended=monday - 3600)
    assert names(board(ada, "/api/leaderboards/scores?suits=1&period=week")) == [(1, "Ada", 1010)]
    assert names(board(ada, "/api/leaderboards/scores?suits=1&period=ever")) == [(1, "Ada", 1200), (2, "Bea", 1100)]


def test_week_starts_on_monday_utc() -> None:
    saturday = 1796428800.0  # 2026-12-05 00:00 UTC, a Saturday
    assert week_start(saturday + 3600) == saturday - 5 * 86400


def test_friends_view_holds_your_friends_and_you(client: TestClient) -> None:
    ada, bea, cid = named(client, "Ada"), named(client, "Bea"), named(client, "Cid")
    for other, score in ((ada, 1000), (bea, 1100), (cid, 1200)):
        played(other, "won", score)
    assert ada.put("/api/friends/Bea").status_code == 200
    everyone = board(ada, "/api/leaderboards/scores?suits=1")
    assert [(e["name"], e["friend"], e["you"]) for e in everyone["entries"]] == [
        ("Cid", False, False), ("Bea", True, False), ("Ada", False, True)
    ]
    friends = board(ada, "/api/leaderboards/scores?suits=1&friends=true")
    assert friends["friends"] is True
    assert names(friends) == [(1, "Bea", 1100), (2, "Ada", 1000)]
    assert friends["you"]["place"] == 2


def test_ratings_board_leaves_provisional_ratings_and_computers_out(client: TestClient) -> None:
    ada, bea, cid = named(client, "Ada"), named(client, "Bea"), named(client, "Cid")
    store = store_of(client)
    with store.engine.begin() as connection:
        for other, rating, deviation in ((ada, 1620.4, 80.0), (bea, 1710.0, 60.0), (cid, 1900.0, 200.0)):
            connection.execute(
                update(duelists).where(duelists.c.player == me(other)).values(rating=rating, deviation=deviation)
            )
        connection.execute(  # a settled computer player stays off the board too
            update(duelists).where(duelists.c.computer.is_not(None)).values(deviation=50.0, rating=2400.0)
        )
    found = board(ada, "/api/leaderboards/ratings")
    assert (found["board"], found["suits"], found["period"]) == ("ratings", None, None)
    assert names(found) == [(1, "Bea", 1710), (2, "Ada", 1620)]
    assert found["you"]["place"] == 2
    assert board(cid, "/api/leaderboards/ratings")["you"] is None  # provisional: not on the board


def test_equal_scores_share_a_place(client: TestClient) -> None:
    ada, bea, cid = named(client, "Ada"), named(client, "Bea"), named(client, "Cid")
    played(ada, "won", 1100)
    played(bea, "won", 1100)
    played(cid, "won", 1000)
    assert [entry["place"] for entry in board(ada, "/api/leaderboards/scores")["entries"]] == [1, 1, 3]


# Who is ranked (``results.standing``).

GUEST_NOTE = (
    "As a guest you play unranked: create an account, and once it is a day old and you have finished 10 games of new "
    "or daily deals, 15 minutes of play in all, your results will count here."
)


def young_note(games: str, minutes: str) -> str:
    return (
        "Your account plays unranked until it is a day old and you have finished 10 games of new or daily deals, "
        f"15 minutes of play in all; so far you have {games} and {minutes}."
    )


def settle(client: TestClient, *players: TestClient) -> None:
    """Gives these players a settled rating, 1600 and up in the order given (the ratings board takes them)."""
    with store_of(client).engine.begin() as connection:
        for number, other in enumerate(players):
            settled = update(duelists).values(rating=1600.0 + number, deviation=60.0)
            connection.execute(settled.where(duelists.c.player == me(other)))


def test_only_accounts_in_good_standing_are_on_the_boards_and_the_others_are_told_why(client: TestClient) -> None:
    ada = named(client, "Ada")
    guest = named(client, "Gus", standing=False)  # every game it needs, but no account
    play_dealt_games(guest)
    young = named(client, "Yan", standing=False)  # every game, an account an hour old
    make_account(young, age=3600)
    play_dealt_games(young, count=9)
    typed = named(client, "Tia", standing=False)  # an account a day old that "won" ten typed-in codes
    make_account(typed)
    play_dealt_games(typed, kind=Kind.TYPED, result="won", seconds=600)
    short = named(client, "Sid", standing=False)  # ten games in thirteen minutes and a bit
    make_account(short)
    play_dealt_games(short, count=9, seconds=60)
    few = named(client, "Fay", standing=False)  # nine games, a quarter of an hour and more
    make_account(few)
    play_dealt_games(few, count=8, seconds=120)
    everyone = (ada, guest, young, typed, short, few)
    for number, other in enumerate(everyone):
        played(other, "won", 1000 + number)  # one more game of a new deal each, won in 280 s
    settle(client, *everyone)
    for path in ("/api/leaderboards/scores?suits=1", "/api/leaderboards/ratings"):
        assert [entry["name"] for entry in board(guest, path)["entries"]] == ["Ada"]
    assert {key: board(ada, "/api/leaderboards/scores")[key] for key in ("ranked", "unranked")} == {
        "ranked": True, "unranked": None
    }
    told = {
        board(other, "/api/leaderboards/ratings")["unranked"]: board(other, "/api/leaderboards/scores")["ranked"]
        for other in everyone[1:]
    }
    assert told == {
        GUEST_NOTE: False,
        young_note("10 games", "18 minutes"): False,  # 9 x 90 s + 280 s
        young_note("1 game", "4 minutes"): False,  # the typed-in codes count for nothing
        young_note("10 games", "13 minutes"): False,
        young_note("9 games", "20 minutes"): False,
    }
    play_dealt_games(few, count=1, seconds=60)  # the tenth game: in good standing
    assert [entry["name"] for entry in board(guest, "/api/leaderboards/scores")["entries"]] == ["Fay", "Ada"]
    assert board(few, "/api/leaderboards/ratings")["you"]["name"] == "Fay"


def test_what_makes_a_standing_is_the_servers_deals_played_unseen(client: TestClient) -> None:
    ada, bea = named(client, "Ada", standing=False), named(client, "Bea")
    make_account(ada)
    play_dealt_games(ada, count=9, kind=Kind.DAILY, seconds=100)  # the day's deals count
    played(ada, "won", 1100, kind=Kind.GHOST)  # a race against a ghost does not, nor a duel, nor a replay
    played(ada, "won", 1100, duel="d0000000000000001", kind=Kind.DUEL)
    played(ada, "won", 1100, line_shown=True)  # nor a deal whose line the player had seen
    shared = store_of(bea).game(played(bea, "won", 1000))  # nor a deal another player had shared a link to before
    assert shared is not None
    store_of(bea).share(shared, "t" * 22, time.time() - 1000)
    played(ada, "won", 1050, code=shared.code)
    played(ada, "resigned", 0, kind=Kind.PRACTICE)
    assert board(ada, "/api/leaderboards/scores")["ranked"] is False
    played(ada, "won", 1020)  # the tenth: a new deal, won
    assert names(board(ada, "/api/leaderboards/scores")) == [(1, "Ada", 1050), (2, "Bea", 1000)]


def test_a_share_keeps_a_game_out_of_a_standing_only_when_another_player_made_it_before_the_game_began(
    client: TestClient,
) -> None:
    ada, bea = named(client, "Ada", standing=False), named(client, "Bea")
    make_account(ada)
    play_dealt_games(ada, count=7, seconds=100)
    scores, now = "/api/leaderboards/scores", time.time()
    theirs = store_of(bea).game(played(bea, "won", 1000, ended=now - 5000))
    assert theirs is not None
    store_of(bea).share(theirs, "t" * 22, now - 2000)
    played(ada, "won", 1010, code=theirs.code, ended=now - 1000)  # begun after Bea shared the deal: no standing
    assert board(ada, scores)["unranked"] == young_note("7 games", "11 minutes")
    played(ada, "won", 1020, code=theirs.code, ended=now - 2100)  # begun before she shared it: it counts
    assert board(ada, scores)["unranked"] == young_note("8 games", "16 minutes")
    mine = store_of(ada).game(played(ada, "won", 1030, ended=now - 4000))
    assert mine is not None
    store_of(ada).share(mine, "m" * 22, now - 3500)
    played(ada, "won", 1040, code=mine.code, ended=now - 500)  # a deal she shared herself: it counts
    assert {key: board(ada, scores)[key] for key in ("ranked", "unranked")} == {"ranked": True, "unranked": None}


def test_a_bad_query_is_refused(client: TestClient) -> None:
    for query in ("suits=3", "period=month", "friends=maybe"):
        response = client.get(f"/api/leaderboards/scores?{query}")
        assert response.status_code == 422 and response.json()["message_id"] == "server.bad_query"

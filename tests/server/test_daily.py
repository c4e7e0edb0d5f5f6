"""The daily deal through the API: one verified deal per day and suit count for everyone, its code hidden until
the day is over, the first game on the day's board, streaks, past days; and the attacks: guessing
tomorrow's deal, learning the code before the end, a second game counting, a faked result."""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from typing import Any

import pytest
from sqlalchemy import select
from starlette.testclient import TestClient

from spider.codes import GameCode
from spider.server.daily.choosing import candidates
from spider.server.daily.service import Daily
from spider.server.daily.tables import daily_deals, daily_entries, daily_games, daily_secrets
from spider.server.games.kinds import Kind
from spider.server.games.records import Finish, GameRecord
from spider.server.games.service import Games
from spider.server.http.parts import parts_of
from spider.server.ops.prune import prune
from spider.server.people.service import People

from .conftest import Clock, act, new_game
from .duel_players import another_player, name_of
from .standing import good_standing, make_account, play_dealt_games, player_of, standing_in

NOON = dt.datetime(2026, 12, 5, 12, 0, tzinfo=dt.UTC).timestamp()
TODAY, YESTERDAY, TOMORROW = "2026-12-05", "2026-12-04", "2026-12-06"
FIRST_DAY = dt.date(2026, 12, 1)  # the site's first day of daily deals, in these tests


@pytest.fixture
def clock() -> Clock:
    moved = Clock()
    moved.now = NOON
    return moved


@pytest.fixture
def app(make_client: Callable[..., TestClient], clock: Clock) -> TestClient:
    """The app on the day's clock, its first player an account in good standing (only they are on the boards)."""
    return ranked(make_client(clock=clock, daily_first_day=FIRST_DAY))


def ranked(client: TestClient) -> TestClient:
    """The client's player made an account in good standing three days before noon today, by the day's deals."""
    good_standing(client, at=NOON - 3 * 86400, kind=Kind.DAILY)
    return client


def ranked_player(client: TestClient) -> TestClient:
    return ranked(another_player(client))


def daily(client: TestClient, day: str = TODAY, suits: int = 1, **more: Any) -> dict[str, Any]:
    return new_game(client, daily=day, suits=suits, **more)


def line_of(client: TestClient, day: str = TODAY, suits: int = 1) -> list[str]:
    """The day's winning line, read from the database as only the server can."""
    engine = parts_of(client.app)[Games].store.engine  # type: ignore[attr-defined]
    with engine.connect() as connection:
        chosen = (daily_deals.c.day == day) & (daily_deals.c.suits == suits)
        row = connection.execute(select(daily_deals.c.line).where(chosen))
        return list(row.scalar_one())


def win(
    client: TestClient, view: dict[str, Any], line: list[str], clock: Clock | None = None, step: float = 1.0
) -> dict[str, Any]:
    for action in line:
        if clock is not None:
            clock.now += step
        view = act(client, view["id"], action)["view"]
    assert view["won"]
    return view


def board(client: TestClient, day: str = TODAY, suits: int = 1, query: str = "") -> dict[str, Any]:
    response = client.get(f"/api/daily/{day}/{suits}{query}")
    assert response.status_code == 200, response.text
    found: dict[str, Any] = response.json()
    return found


def cards(view: dict[str, Any]) -> Any:
    return [column["up"] for column in view["columns"]]


def test_everyone_gets_the_same_verified_deal_of_the_day_with_its_code_hidden(app: TestClient) -> None:
    other = another_player(app)
    mine, theirs = daily(app), daily(other)
    assert mine["verified"] and mine["code"] is None and theirs["code"] is None
    assert cards(mine) == cards(theirs) and mine["id"] != theirs["id"]
    assert cards(daily(app, suits=2)) != cards(mine)
    today = app.get("/api/daily").json()
    # the 1-suit game, left before its first move for the 2-suit one, costs nothing: it is still to play
    assert today["day"] == TODAY and [deal["state"] for deal in today["deals"]] == ["new", "playing", "new"]
    assert 0 < today["next_in"] <= 12 * 3600


def test_the_code_stays_hidden_in_every_answer_while_the_day_lasts(app: TestClient) -> None:
    view = daily(app)
    act(app, view["id"], line_of(app)[0])
    code = parts_of(app.app)[Daily].store.chosen(TODAY, 1)[0]  # type: ignore[attr-defined]
    for path in (
        "/api/games/current",
        f"/api/games/{view['id']}",
        "/api/daily",
        "/api/stats",
        "/api/history",
        f"/api/daily/{TODAY}/1",
        "/api/leaderboards/streaks?suits=1",
    ):
        assert code not in app.get(path).text, path
    assert app.get(f"/api/games/{view['id']}/played").status_code == 409
    assert app.get(f"/api/games/{view['id']}/line").status_code == 409
    shared = app.post(f"/api/games/{view['id']}/share")
    assert shared.status_code == 409 and shared.json()["message_id"] == "server.daily_share"
    over = app.post(f"/api/games/{view['id']}/resign").json()
    # over, but the day is not: the deal is still played for the board (test_daily_secret.py tries every way)
    assert over["code"] is None and over["secret_until"] == f"{TOMORROW}T00:00:00Z"


def test_the_view_offers_share_only_where_the_server_gives_a_link(app: TestClient, clock: Clock) -> None:
    ordinary = new_game(app, suits=1)
    assert ordinary["shareable"] and app.post(f"/api/games/{ordinary['id']}/share").status_code == 201
    view = daily(app)
    playing = act(app, view["id"], line_of(app)[0])["view"]
    over = app.post(f"/api/games/{view['id']}/resign").json()
    again = app.post(f"/api/games/{view['id']}/restart").json()  # the day's deal again, off the board
    clock.now += 86400  # the next day: its deal is public, and still everyone's
    past = app.get(f"/api/games/{view['id']}").json()
    assert over["code"] is None and past["code"] is not None
    for shown in (view, playing, over, again, past):
        assert shown["shareable"] is False
        refused = app.post(f"/api/games/{shown['id']}/share")
        assert refused.status_code == 409 and refused.json()["message_id"] == "server.daily_share"


def test_tomorrows_deal_cannot_be_had_and_comes_from_the_servers_secret(
    make_client: Callable[..., TestClient], clock: Clock
) -> None:
    app = make_client(clock=clock, daily_first_day=FIRST_DAY)
    for day in (TOMORROW, "2027-01-01"):
        refused = app.post("/api/games", json={"daily": day, "suits": 1})
        assert refused.status_code == 422 and refused.json()["message_id"] == "server.daily_future"
        assert "'daily'" in refused.json()["error"]
        assert app.get(f"/api/daily/{day}/1").status_code == 422
    for day in ("2026-13-01", "05-12-2026", "today", 20261205, "2026-02-30"):
        refused = app.post("/api/games", json={"daily": day, "suits": 1})
        assert refused.status_code == 422 and "'daily'" in refused.json()["error"], day
    assert app.get("/api/daily/2026-02-30/1").status_code == 422
    assert app.get(f"/api/daily/{TODAY}/3").status_code == 422
    mixed = app.post("/api/games", json={"daily": TODAY, "suits": 1, "code": "SP1-S1C-AAAAAAB"})
    assert mixed.status_code == 422 and mixed.json()["message_id"] == "server.daily_alone"
    first = cards(daily(app))
    engine = parts_of(app.app)[Games].store.engine  # type: ignore[attr-defined]
    with engine.connect() as connection:
        secret = connection.execute(select(daily_secrets.c.secret)).scalar_one()
        assert connection.execute(select(daily_deals.c.day)).scalars().all() == [TODAY]  # nothing chosen ahead
    for path in ("/api/daily", "/api/openapi.json", f"/api/daily/{TODAY}/1", "/api/games/current"):
        assert secret not in app.get(path).text
    # the deal is the first of the secret's candidates the solver wins; another secret has other candidates
    day = dt.date(2026, 12, 5)
    code = parts_of(app.app)[Daily].store.chosen(TODAY, 1)[0]  # type: ignore[attr-defined]
    assert code in [str(found) for found in candidates(bytes.fromhex(secret), day, 1)]
    assert code not in [str(found) for found in candidates(b"another server's secret", day, 1)]
    assert first
    assert [str(code) for code in candidates(b"a", day, 1)][:3] != [str(code) for code in candidates(b"b", day, 1)][:3]


def test_several_processes_deal_the_same_and_make_the_secret_once(
    make_client: Callable[..., TestClient], clock: Clock
) -> None:
    one = make_client(clock=clock, shared_database=True)
    two = make_client(clock=clock, shared_database=True)
    assert cards(daily(one, suits=2)) == cards(daily(two, suits=2))
    engine = parts_of(one.app)[Games].store.engine  # type: ignore[attr-defined]
    with engine.connect() as connection:
        assert len(connection.execute(select(daily_secrets)).all()) == 1


def test_only_the_first_game_counts_and_a_restart_or_a_second_deal_does_not(app: TestClient, clock: Clock) -> None:
    line = None
    view = daily(app)
    line = line_of(app)
    act(app, view["id"], line[0])
    again = app.post(f"/api/games/{view['id']}/restart").json()
    assert again["code"] is None and again["id"] != view["id"]
    win(app, again, line)
    found = board(app)
    assert found["finished"] == 1 and found["you"]["won"] is False and found["you"]["game"] is None  # secret today
    assert app.get("/api/daily").json()["deals"][0]["game"] == view["id"]  # the entry is the first game
    win(app, daily(app), line)  # a second deal of the day's deal
    found = board(app)
    assert found["finished"] == 1 and found["you"]["won"] is False
    assert app.get("/api/daily").json()["deals"][0]["state"] == "lost"
    # nor does a daily deal count in the ordinary results
    assert app.get("/api/stats").json()["by_suits"].get("1", {"games": 0})["games"] == 0


def test_the_board_ranks_won_before_lost_then_score_then_time_and_marks_friends_and_hints(
    app: TestClient, clock: Clock
) -> None:
    slow, fast, loser, helped = app, ranked_player(app), ranked_player(app), ranked_player(app)
    assert fast.put("/api/me", json={"name": "Fast Freddie"}).status_code == 200
    line = None
    games = {}
    for player in (slow, fast, loser, helped):
        games[id(player)] = daily(player, preset="casual" if player is helped else None)
        line = line_of(app)
    assert line is not None
    # the players' games are hidden from everyone while the day lasts, one who has finished too
    win(fast, games[id(fast)], line, clock)
    assert board(slow)["entries"][0]["game"] is None and board(fast)["entries"][0]["game"] is None
    assert app.get(f"/api/games/{games[id(slow)]['id']}/hint").status_code == 409  # classic: no hints
    win(slow, games[id(slow)], line, clock, step=2)
    assert slow.get(f"/api/games/{games[id(helped)]['id']}/hint").status_code == 404  # not theirs
    assert helped.get(f"/api/games/{games[id(helped)]['id']}/hint").status_code == 200
    win(helped, games[id(helped)], line, clock, step=3)
    loser.post(f"/api/games/{games[id(loser)]['id']}/resign")
    assert slow.put(f"/api/friends/{name_of(loser)}").status_code == 200
    found = board(slow)
    entries = found["entries"]
    assert [entry["you"] for entry in entries] == [False, True, False, False]
    assert [entry["won"] for entry in entries] == [True, True, True, False]
    assert entries[0]["seconds"] < entries[1]["seconds"] and entries[0]["score"] == entries[1]["score"]
    assert [entry["helped"] for entry in entries] == [False, False, True, False]
    assert [entry["friend"] for entry in entries] == [False, False, False, True]
    assert found["you"]["place"] == 2 and entries[0]["game"] is None
    assert entries[0]["name"] == "Fast Freddie"
    # the others have not chosen a name: theirs, made up, is on no board ("A player" on the page)
    assert [entry["name"] for entry in entries[1:]] == [None, None, None] and name_of(slow).startswith("Player ")
    friends = board(slow, query="?friends=true")["entries"]
    assert [entry["place"] for entry in friends] == [1, 2] and friends[1]["friend"] is True
    today = slow.get("/api/daily").json()["deals"][0]
    assert today["state"] == "won" and today["place"] == 2 and today["finished"] == 4
    clock.now = NOON + 86400  # the day is over: its games are named, for their replays
    assert board(slow)["entries"][0]["game"] == games[id(fast)]["id"]


def test_a_result_comes_only_from_the_actions_the_server_played(app: TestClient) -> None:
    daily(app)  # the day's deal chosen
    line = line_of(app)
    code = parts_of(app.app)[Daily].store.chosen(TODAY, 1)[0]  # type: ignore[attr-defined]
    sent = {"code": code, "actions": line, "result": "won", "seconds": 1.0}
    app.post("/api/offline-results", json=sent)  # however the offline route takes it, it is no daily result
    win(app, new_game(app, code=code), line)  # nor is a typed code's win
    assert board(app)["finished"] == 0
    view = daily(app)
    refused = app.post(f"/api/games/{view['id']}/actions", json={"action": "won"})
    assert refused.status_code in (409, 422)
    won = win(app, view, line)
    entry = board(app)["you"]
    assert entry["won"] and entry["score"] == won["score"] and entry["moves"] == won["moves"]


def test_past_days_are_played_unranked_and_streaks_count_days_in_a_row(app: TestClient, clock: Clock) -> None:
    clock.now = NOON - 2 * 86400
    win(app, daily(app, day="2026-12-03"), line_of(app, "2026-12-03"))
    clock.now = NOON - 86400
    win(app, daily(app, day=YESTERDAY), line_of(app, YESTERDAY))
    clock.now = NOON
    streaks = app.get("/api/daily").json()["streaks"]["1"]
    assert streaks == {"played": 2, "won": 2, "best_played": 2, "best_won": 2}  # today's still to play
    other = another_player(app)
    old = daily(other, day=YESTERDAY)  # yesterday's deal, played today: unranked
    win(other, old, line_of(app, YESTERDAY))
    assert [entry["you"] for entry in board(other, YESTERDAY)["entries"]] == [False]
    assert board(other, YESTERDAY)["entries"][0]["game"] is not None  # a past day's games may be replayed
    running = other.get("/api/leaderboards/streaks?suits=1").json()["entries"]
    assert running == []  # two days won in a row, but under a made-up name: on no board
    assert app.put("/api/me", json={"name": "Daily Dora"}).status_code == 200
    running = other.get("/api/leaderboards/streaks?suits=1").json()["entries"]
    assert [(entry["name"], entry["value"], entry["played"], entry["best"]) for entry in running] == [
        ("Daily Dora", 2, 2, 2)
    ]
    app.post(f"/api/games/{daily(app)['id']}/resign")
    today = app.get("/api/daily").json()
    assert today["streaks"]["1"] == {"played": 3, "won": 0, "best_played": 3, "best_won": 2}
    assert [past["day"] for past in today["past"]] == [YESTERDAY, "2026-12-03"]
    leaders = other.get("/api/leaderboards/streaks?suits=1").json()
    assert leaders["board"] == "streaks" and leaders["suits"] == 1 and leaders["you"] is None
    assert leaders["entries"] == []  # no day won in a row now: a run of none is no entry
    assert other.get("/api/leaderboards/streaks?suits=1&friends=true").json()["entries"] == []
    assert other.get("/api/leaderboards/streaks?suits=5").status_code == 422


def test_a_pruned_player_leaves_no_daily_rows_behind(app: TestClient) -> None:
    guest = another_player(app)  # a guest: an account is never pruned
    win(guest, daily(guest), line_of(app))
    store = parts_of(app.app)[Games].store  # type: ignore[attr-defined]
    prune(store, NOON + 400 * 86400)  # a year and more after the player's last game
    with store.engine.connect() as connection:
        assert connection.execute(select(daily_entries)).all() == []
        assert connection.execute(select(daily_games)).all() == []
    assert board(another_player(app))["finished"] == 0


def test_leaving_the_days_game_after_a_move_is_a_loss_on_the_board_and_the_view_says_it_counts(app: TestClient) -> None:
    view = daily(app)
    moved = act(app, view["id"], line_of(app)[0])["view"]
    assert moved["counts"] is True and moved["daily"] is True  # the page asks first, naming the board
    again = app.post(f"/api/games/{view['id']}/restart").json()
    replayed = act(app, again["id"], line_of(app)[0])["view"]
    assert replayed["counts"] is False and replayed["daily"] is False  # off the board: nothing to lose
    assert board(app)["you"]["won"] is False


def test_a_guest_or_a_young_accounts_entry_is_on_no_board_until_the_account_is_in_good_standing(
    app: TestClient, clock: Clock
) -> None:
    guest, young = another_player(app), another_player(app)
    for player, name in ((app, "Daily Ann"), (young, "Daily Yves")):  # a made-up name is on no board
        assert player.put("/api/me", json={"name": name}).status_code == 200
    make_account(young, age=6 * 3600, at=NOON)  # six hours old at noon, with every game it needs
    play_dealt_games(young, at=NOON)
    views = [daily(player) for player in (app, guest, young)]
    for player, view in zip((app, guest, young), views, strict=True):
        win(player, view, line_of(app), clock)
    for player in (guest, young):
        found = board(player)
        assert found["finished"] == 1 and [entry["you"] for entry in found["entries"]] == [False]
        assert found["you"] is None and found["ranked"] is False and found["unranked"]
        deal = player.get("/api/daily").json()["deals"][0]
        assert (deal["state"], deal["place"], deal["finished"]) == ("won", None, 1)
        streaks = player.get("/api/leaderboards/streaks?suits=1").json()
        assert [entry["you"] for entry in streaks["entries"]] == [False] and streaks["ranked"] is False
    assert board(guest)["unranked"].startswith("As a guest you play unranked: create an account")
    # the day's entry is among them: nobody was shown its deal before it ended (the deal is secret all day)
    assert board(young)["unranked"].endswith("so far you have 11 games and 17 minutes.")
    assert board(app)["ranked"] is True and board(app)["unranked"] is None
    clock.now = NOON + 19 * 3600  # the account is a day old: its entry takes its place, as played
    found = board(guest)
    assert found["finished"] == 2 and found["entries"][1]["name"] == name_of(young)
    assert board(young)["you"]["place"] == 2 and board(young)["ranked"] is True


def test_days_before_the_first_day_or_after_today_are_refused_naming_the_day_and_the_range(
    make_client: Callable[..., TestClient], clock: Clock
) -> None:
    app = make_client(clock=clock, daily_first_day=dt.date(2026, 12, 3))
    for day, refusal in (("2026-12-02", "server.daily_before_first"), ("0001-01-01", "server.daily_before_first"),
                         (TOMORROW, "server.daily_future")):
        for refused in (app.post("/api/games", json={"daily": day, "suits": 1}), app.get(f"/api/daily/{day}/1")):
            assert refused.status_code == 422 and refused.json()["message_id"] == refusal, day
            error = refused.json()["error"]
            assert day in error and "2026-12-03" in error and TODAY in error, error
    assert board(app, "2026-12-03")["finished"] == 0  # the first day itself, and today, are there
    assert app.get("/api/daily").json()["first_day"] == "2026-12-03"  # the page's calendar starts there


def _entries(app: TestClient, count: int, at: float) -> list[dict[str, Any]]:
    """``count`` players in good standing, each with an entry on today's 1-suit board ended as the list says (won
    or lost, score, seconds; some tied on everything but the player, some on all but the end's time), stored
    through the games' own store as a game of the day's deal ends. The entries, best place first by the board's
    stated order: won before lost, the higher score, the shorter time, the earlier end, then the player's id."""
    daily(another_player(app))  # the day's deal chosen (by a guest: on no board)
    games = parts_of(app.app)[Games]  # type: ignore[attr-defined]
    store = parts_of(app.app)[Daily].store  # type: ignore[attr-defined]
    made = []
    for n in range(count):
        player = f"{n:04d}-board-player"
        standing_in(games.store, player, at - 7200)
        won = n % 3 != 0
        score, seconds = (1000 - (n % 7) * 50 if won else 100 + n % 4), 300.0 + (n % 5) * 10
        ended = at - 600 + (n % 2)  # every other one ends a second later: some ties go down to the player
        made.append(_ended_entry(games, store, player, won=won, score=score, seconds=seconds, ended=ended))
    return sorted(made, key=lambda one: (not one["won"], -one["score"], one["seconds"], one["ended"], one["player"]))


def _ended_entry(
    games: Games, store: Any, player: str, *, won: bool, score: int, seconds: float, ended: float
) -> dict[str, Any]:
    record = GameRecord(
        id=f"e{player[:12]}", player=player, code=str(GameCode.random(1)), suits=1, rules={}, verified=True,
        created_at=ended - seconds, kind=Kind.DAILY,
    )
    games.store.add_game(record, also=lambda connection, game: (
        Kind.DAILY if store.add_game(connection, game.id, player, TODAY, 1, ranked=True) else Kind.DAILY_AGAIN
    ))
    games.store.finish(Finish(record.id, "won" if won else "resigned", ended, score, 150, seconds))
    return {"player": player, "game": record.id, "won": won, "score": score, "seconds": seconds, "ended": ended}


def test_a_big_board_is_read_a_page_at_a_time_in_its_order_with_the_players_place_beyond_the_page(
    app: TestClient, clock: Clock
) -> None:
    expected = _entries(app, 230, NOON)
    me = player_of(app)
    games = parts_of(app.app)[Games]  # type: ignore[attr-defined]
    mine = _ended_entry(games, parts_of(app.app)[Daily].store, me, won=False, score=100,  # type: ignore[attr-defined]
                        seconds=345.0, ended=NOON - 600)
    expected = sorted([*expected, mine], key=lambda one: (
        not one["won"], -one["score"], one["seconds"], one["ended"], one["player"]
    ))
    place = 1 + [one["player"] for one in expected].index(me)
    assert place > 200  # on the third page
    pages = [board(app, query=f"?page={page}") for page in (1, 2, 3, 4)]
    assert [len(found["entries"]) for found in pages] == [100, 100, 31, 0]
    assert all(found["finished"] == 231 and found["pages"] == 3 for found in pages)
    shown = [entry for found in pages for entry in found["entries"]]
    assert [entry["place"] for entry in shown] == list(range(1, 232))
    assert [entry["game"] for entry in shown] == [None] * 231  # named once the day is over, below
    assert [(entry["won"], entry["score"], entry["seconds"]) for entry in shown] == [
        (one["won"], one["score"], int(one["seconds"])) for one in expected
    ]
    for found in pages:  # the player's own place, on every page, whichever page it is on
        assert found["you"]["place"] == place and found["you"]["game"] is None
    assert [entry["you"] for entry in pages[2]["entries"]].count(True) == 1
    today = app.get("/api/daily").json()["deals"][0]
    assert (today["state"], today["place"], today["finished"]) == ("lost", place, 231)
    for page in ("0", "-1", "x", "10001", "1.5"):
        refused = app.get(f"/api/daily/{TODAY}/1?page={page}")
        assert refused.status_code == 422 and "'page'" in refused.json()["error"], page
    clock.now = NOON + 86400
    shown = [entry for page in (1, 2, 3) for entry in board(app, query=f"?page={page}")["entries"]]
    assert [entry["game"] for entry in shown] == [one["game"] for one in expected]


def test_the_streaks_board_is_read_a_page_at_a_time_with_the_players_place(app: TestClient, clock: Clock) -> None:
    games = parts_of(app.app)[Games]  # type: ignore[attr-defined]
    daily_part = parts_of(app.app)[Daily]  # type: ignore[attr-defined]
    people = parts_of(app.app)[People]  # type: ignore[attr-defined]
    guest = another_player(app)
    for back in range(4):  # the days' deals chosen (by a guest: on no board)
        daily(guest, day=(dt.date(2026, 12, 5) - dt.timedelta(days=back)).isoformat())
    runs = {}
    for n in range(120):  # runs of 1 to 3 days won up to today, 40 of each; a third also played a day before
        player = f"{n:04d}-streak-player"
        standing_in(games.store, player, NOON - 7200)
        people.rename(player, f"Streaker {n}", NOON - 7200)
        won_days = 1 + n % 3
        played_first = n % 4 == 0  # a lost day before the run: one more day played
        for back in range(won_days + played_first):
            day = (dt.date(2026, 12, 5) - dt.timedelta(days=back)).isoformat()
            clock.now = NOON - back * 86400
            record = GameRecord(
                id=f"s{n:04d}{back}", player=player, code=str(GameCode.random(1)), suits=1, rules={}, verified=True,
                created_at=clock.now - 1000, kind=Kind.DAILY,
            )
            games.store.add_game(record, also=lambda connection, game, day=day, player=player: (
                Kind.DAILY if daily_part.store.add_game(connection, game.id, player, day, 1, ranked=True)
                else Kind.DAILY_AGAIN
            ))
            result = "resigned" if back == won_days else "won"
            games.store.finish(Finish(record.id, result, clock.now - 500, 500, 150, 500.0))
        runs[f"Streaker {n}"] = (won_days, won_days + played_first)
    clock.now = NOON
    assert app.put("/api/me", json={"name": "Streak Me"}).status_code == 200
    win(app, daily(app), line_of(app))  # one day won, one played: near the end of the board
    runs["Streak Me"] = (1, 1)
    first, second = (app.get(f"/api/leaderboards/streaks?suits=1&page={page}").json() for page in (1, 2))
    shown = [*first["entries"], *second["entries"]]
    assert [entry["place"] for entry in shown] == list(range(1, 122)) and first["page"] == 1
    assert [(entry["value"], entry["played"]) for entry in shown] == sorted(runs.values(), reverse=True)
    assert {entry["name"]: (entry["value"], entry["played"]) for entry in shown} == runs
    for found in (first, second):
        assert found["you"]["name"] == "Streak Me" and found["you"]["value"] == 1
        assert found["you"]["place"] == 1 + [entry["name"] for entry in shown].index("Streak Me")
    assert first["you"]["place"] > 100 and [entry["you"] for entry in first["entries"]].count(True) == 0
    assert app.get("/api/leaderboards/streaks?suits=1&page=3").json()["entries"] == []
    # the days in a row still count tomorrow while tomorrow's deal is to play; the day after, none is going
    clock.now = NOON + 2 * 86400
    assert app.get("/api/leaderboards/streaks?suits=1").json()["entries"] == []

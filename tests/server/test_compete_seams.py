"""Where the parts of competing meet: a bot is on no people's leaderboard and in no arena, and the win-chance
meter is refused in a daily deal (it would help one player against everyone else on the day's board)."""

from __future__ import annotations

from collections.abc import Callable

from sqlalchemy import update
from starlette import status
from starlette.testclient import TestClient

from spider.server.games.service import Games
from spider.server.http.parts import parts_of
from spider.server.people.tables import duelists

from .standing import good_standing
from .test_bots import as_bot, make_bot, named, refusal
from .test_daily import TODAY, app, clock, daily  # noqa: F401  (the daily tests' clock and app fixtures)


def test_a_settled_bot_is_on_no_ratings_board(client: TestClient) -> None:
    good_standing(named(client, "Ada"))
    robo = make_bot(client, "Robo")
    store = parts_of(client.app)[Games].store  # type: ignore[attr-defined]
    with store.engine.begin() as connection:  # the bot and Ada both settled, the bot far ahead
        for name, rating, deviation in (("Ada", 1600.0, 60.0), (robo["name"], 2300.0, 50.0)):
            settled = update(duelists).values(rating=rating, deviation=deviation)
            connection.execute(settled.where(duelists.c.name == name))
    found = client.get("/api/leaderboards/ratings").json()
    assert [entry["name"] for entry in found["entries"]] == ["Ada"]


def test_a_bot_joins_no_arena(client: TestClient) -> None:
    good_standing(named(client, "Ada"))  # only accounts in good standing open arenas
    bot = as_bot(client, make_bot(client, "Robo")["token"])
    opened = client.post("/api/arenas", json={"suits": 1, "minutes": 3, "length": 30, "starts_in": 0})
    assert opened.status_code == status.HTTP_201_CREATED, opened.text
    assert refusal(bot.post(f"/api/arenas/{opened.json()['arena']['id']}/join")) == (403, "bots.person_route")
    assert refusal(bot.get("/api/arenas")) == (403, "bots.person_route")


def test_the_meter_is_refused_in_a_daily_deal(app: TestClient) -> None:  # noqa: F811
    view = daily(app, TODAY, 1)
    response = app.get(f"/api/games/{view['id']}/chance")
    assert response.status_code == status.HTTP_409_CONFLICT
    assert "daily deal" in response.json()["error"] and "chance" not in response.json()


def test_an_ordinary_game_has_its_meter(make_client: Callable[..., TestClient]) -> None:
    client = make_client()
    view = client.post("/api/games", json={"suits": 1}).json()
    response = client.get(f"/api/games/{view['id']}/chance")
    assert response.status_code == status.HTTP_200_OK and 0.0 <= response.json()["chance"] <= 1.0

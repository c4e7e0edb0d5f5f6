"""Fair play's moderation through the API (issue 53, items 4 and 6): a ranked result is checked as its game ends
and held off its board meanwhile; a flagged one stays off, its player told it is being checked, until a moderator
clears it; a marked account's results leave every board and its rated duels are taken back for its opponents;
only moderators, given the role by ``spider mod grant``, see any of it.

The checks run the real work queue with a measure of the test's own (``Fairplay.measure``), so that which game is
flagged is the test's choice, not the calibration's."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

import pytest
from starlette.testclient import TestClient

from spider.cli import main
from spider.server.fairplay.service import Fairplay
from spider.server.http.parts import parts_of

from .conftest import Clock, act
from .duel_players import another_player, duel_act, get_duel, name_of, rated_player, start_duel
from .standing import make_account
from .test_daily import FIRST_DAY, NOON, TODAY, board, daily, line_of, ranked, ranked_player, win

FLAGGED_AT = 3


def flag_all(code: str, rules: dict[str, Any], actions: list[str]) -> dict[str, Any]:
    """A measure that flags every game, telling why at its fourth action."""
    return {"flagged": True, "score": 9.5, "evidence": [
        {"at": FLAGGED_AT, "text": f"{actions[FLAGGED_AT]} fits the face-down cards", "played": actions[FLAGGED_AT]},
    ]}


def flag_none(code: str, rules: dict[str, Any], actions: list[str]) -> dict[str, Any]:
    return {"flagged": False, "score": 0.1, "evidence": []}


@pytest.fixture
def clock() -> Clock:
    moved = Clock()
    moved.now = NOON
    return moved


@pytest.fixture
def app(make_client: Callable[..., TestClient], clock: Clock) -> TestClient:
    """The day's app, its first player in good standing, every ranked result flagged by the test's measure."""
    client = ranked(make_client(clock=clock, daily_first_day=FIRST_DAY, fairplay_checks=True))
    fairplay_of(client).measure = flag_all
    return client


def fairplay_of(client: TestClient) -> Fairplay:
    found: Fairplay = parts_of(client.app)[Fairplay]  # type: ignore[attr-defined]
    return found


def checked(client: TestClient, game_id: str, seconds: float = 10.0) -> str:
    """The check's state once the queue has made it (the check runs beside the requests)."""
    store = fairplay_of(client).store
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        found = store.check(game_id)
        if found is not None and found.state != "checking":
            return found.state
        time.sleep(0.02)
    raise AssertionError(f"the check of {game_id} was not made in {seconds} s")


def moderator(client: TestClient, database_url: str, name: str = "Warden") -> TestClient:
    """Another player made an account with a name, given the moderator's role by the command line."""
    someone = another_player(client)
    make_account(someone)
    assert someone.put("/api/me", json={"name": name}).status_code == 200
    assert main(["mod", "grant", name, "--database", database_url]) == 0
    return someone


def won_entry(client: TestClient, clock: Clock) -> str:
    view = daily(client)
    win(client, view, line_of(client), clock)
    game_id: str = view["id"]
    return game_id


def streak_names(client: TestClient) -> list[str]:
    return [entry["name"] for entry in client.get("/api/leaderboards/streaks?suits=1").json()["entries"]]


def test_a_flagged_daily_entry_leaves_the_board_until_a_moderator_clears_it(
    app: TestClient, clock: Clock, database_url: str
) -> None:
    rival = ranked_player(app)
    rival_game = daily(rival)
    act(rival, rival_game["id"], line_of(rival)[0])
    rival.post(f"/api/games/{rival_game['id']}/resign")
    fairplay_of(app).measure = flag_none
    assert checked(app, rival_game["id"]) == "clear"  # a clean result is back on the board once checked
    fairplay_of(app).measure = flag_all
    assert app.put("/api/me", json={"name": "Seer"}).status_code == 200  # a name of its own: on the streaks board
    game_id = won_entry(app, clock)
    seen = board(app)
    # held from the moment it ended: not on the board, and its player told why where their place would be
    assert seen["you"] is None and [entry["you"] for entry in seen["entries"]] == [False]
    assert seen["checking"] == "Your result is being checked: it takes its place on the board once the check is done."
    assert checked(app, game_id) == "flagged"
    assert board(app)["you"] is None and board(rival)["finished"] == 1
    assert board(rival)["checking"] is None
    assert streak_names(rival) == []  # the day won is held: the run it makes waits with it
    polish = app.get(f"/api/daily/{TODAY}/1", headers={"Accept-Language": "pl"}).json()
    assert polish["checking"].startswith("Twój wynik jest sprawdzany")

    warden = moderator(app, database_url)
    view = warden.get("/api/moderation").json()
    [flagged] = view["flagged"]
    assert flagged["game"] == game_id and flagged["board"] == "daily" and flagged["score"] == 9.5
    assert flagged["evidence"][0]["at"] == FLAGGED_AT and "face-down" in flagged["evidence"][0]["text"]
    # today's deal is secret to everyone, its player included; a moderator gets the record for the replay viewer
    assert app.get(f"/api/games/{game_id}/record/positions").status_code == 409
    record = warden.get(f"/api/moderation/games/{game_id}").json()
    assert record["actions"] == line_of(app) and record["code"].startswith("SP")

    cleared = warden.post(f"/api/moderation/games/{game_id}/clear")
    assert cleared.status_code == 200 and cleared.json()["flagged"] == []
    decision = cleared.json()["decisions"][0]
    assert (decision["decision"], decision["moderator"], decision["game"]) == ("clear", "Warden", game_id)
    assert cleared.json()["decisions"][1]["decision"] == "grant"  # the command line's, logged with no moderator
    back = board(app)
    assert back["you"] is not None and back["you"]["place"] == 1 and back["checking"] is None
    assert board(rival)["entries"][0]["you"] is False and board(rival)["finished"] == 2
    assert streak_names(rival) == ["Seer"]
    again = warden.post(f"/api/moderation/games/{game_id}/clear")
    assert again.status_code == 409 and again.json()["message_id"] == "moderation.not_held"


def test_only_moderators_see_or_decide_and_the_command_line_takes_the_role_back(
    app: TestClient, clock: Clock, database_url: str
) -> None:
    game_id = won_entry(app, clock)
    checked(app, game_id)
    for client in (app, another_player(app)):  # the flagged player, and a guest
        for method, path in (
            ("GET", "/api/moderation"),
            ("GET", f"/api/moderation/games/{game_id}"),
            ("POST", f"/api/moderation/games/{game_id}/clear"),
            ("POST", f"/api/moderation/accounts/{name_of(app)}/mark"),
        ):
            refused = client.request(method, path)
            assert refused.status_code == 403, path
            assert refused.json()["message_id"] == "moderation.not_moderator"
    assert board(app)["you"] is None  # nothing a refused player asked changed the hold
    warden = moderator(app, database_url)
    assert warden.get("/api/moderation").status_code == 200
    assert main(["mod", "revoke", "Warden", "--database", database_url]) == 0
    assert warden.get("/api/moderation").status_code == 403
    assert main(["mod", "grant", "Nobody By This Name", "--database", database_url]) == 2
    guest = another_player(app)
    assert guest.put("/api/me", json={"name": "Passerby"}).status_code == 200
    assert main(["mod", "grant", "Passerby", "--database", database_url]) == 2  # a guest is no account
    assert main(["mod", "grant", "Warden", "--database", database_url]) == 0
    assert warden.get(f"/api/moderation/games/{game_id}x").status_code == 404
    assert warden.post("/api/moderation/accounts/Nobody%20Here/mark").status_code == 404
    decisions = [found["decision"] for found in warden.get("/api/moderation").json()["decisions"]]
    assert decisions == ["grant", "revoke", "grant"]


def test_a_guest_finishing_the_days_deal_makes_the_server_check_nothing(app: TestClient, clock: Clock) -> None:
    guest = another_player(app)
    view = daily(guest)
    win(guest, view, line_of(guest), clock)
    time.sleep(0.2)
    assert fairplay_of(app).store.check(view["id"]) is None
    assert board(guest)["checking"] is None


def test_a_marked_account_leaves_every_board_and_its_rated_duels_are_taken_back(
    app: TestClient, clock: Clock, database_url: str
) -> None:
    fairplay_of(app).measure = flag_none
    game_id = won_entry(app, clock)
    assert checked(app, game_id) == "clear"
    assert board(app)["you"]["place"] == 1
    cheat, honest = another_player(app), another_player(app)
    rated_player(cheat, "Scout")
    rated_player(honest, "Plain")
    before = honest.get("/api/me").json()["rating"]
    duel_id = start_duel(cheat, honest)
    state = get_duel(cheat, duel_id)
    assert state["state"] == "playing"
    duel_act(cheat, duel_id, "d")
    duel_act(honest, duel_id, "d")
    duel_act(honest, duel_id, "d")  # the honest player ends lower, and loses
    for client in (honest, cheat):
        assert client.post(f"/api/duels/{duel_id}/finish").status_code == 200
    over = get_duel(honest, duel_id)
    assert over["state"] == "over" and over["rating_note"] is None and over["result"]["rating_changes"][1] < 0
    assert honest.get("/api/me").json()["rating"] < before

    warden = moderator(app, database_url)
    marked = warden.post("/api/moderation/accounts/Scout/mark")
    assert marked.status_code == 200 and marked.json()["decisions"][0]["decision"] == "mark"
    assert marked.json()["decisions"][0]["name"] == "Scout"
    taken_back = get_duel(honest, duel_id)
    assert taken_back["rating_note"].startswith("This duel was taken back")
    assert taken_back["result"]["rating_changes"] == [0.0, 0.0]
    assert honest.get("/api/me").json()["rating"] == pytest.approx(before)
    told = cheat.get("/api/account").json()  # the marked player is told why, where their standing is shown
    assert told["ranked"] is False and told["unranked"].startswith("A moderator found that your games")
    assert honest.get("/api/account").json()["ranked"] is True
    again = warden.post("/api/moderation/accounts/Scout/mark")
    assert again.status_code == 409 and again.json()["message_id"] == "moderation.marked_already"
    # the daily entry's player marked: off the day's board
    assert warden.post(f"/api/moderation/accounts/{name_of(app)}/mark").status_code == 200
    assert board(app)["you"] is None and board(warden)["finished"] == 0

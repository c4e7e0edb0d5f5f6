"""Arenas react to what happens in them, and cost nothing while nothing does: a join pairs at once, a duel's end
leads to the next pairing at once, a player left waiting gets a computer player when their wait runs out, all
without anyone calling the arenas' tick; open arenas where nobody plays read nothing from the database. And who
may open arenas: accounts in good standing, a few a day from one address, a few hundred on the whole site."""

from __future__ import annotations

import re
import time
from collections.abc import Callable
from typing import Any

import pytest
from sqlalchemy import event
from starlette.testclient import TestClient

from spider.server.arenas import arenas as arena_module
from spider.server.arenas.agenda import Agenda
from spider.server.arenas.arenas import Arenas
from spider.server.http.parts import parts_of

from .conftest import Clock
from .duel_players import another_player, duel_act, get_duel
from .standing import good_standing, make_account, play_dealt_games
from .test_arenas import duel_of, entrant, join, open_arena, show, win

ARENA_TABLES = re.compile(r"\b(arenas|arena_players|arena_duels)\b", re.IGNORECASE)


def paired_within(client: TestClient, arena_id: str, seconds: float, but: str | None = None) -> str | None:
    """The duel the player is paired into within ``seconds`` (other than ``but``), asking every 20 ms; None."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        duel = duel_of(client, arena_id)
        if duel is not None and duel != but:
            return duel
        time.sleep(0.02)
    return None


def count_arena_statements(client: TestClient, seconds: float) -> int:
    """How many statements on the arenas' tables the app runs in the next ``seconds`` (real time)."""
    engine = parts_of(client.app)[Arenas].store.engine  # type: ignore[attr-defined]
    seen: list[str] = []

    def heard(connection: Any, cursor: Any, statement: str, *args: Any) -> None:
        if ARENA_TABLES.search(statement):
            seen.append(statement)

    event.listen(engine, "before_cursor_execute", heard)
    try:
        time.sleep(seconds)
    finally:
        event.remove(engine, "before_cursor_execute", heard)
    return len(seen)


def test_open_arenas_where_nothing_happens_read_nothing(make_client: Callable[..., TestClient]) -> None:
    client = make_client(
        arenas_per_player=0, arenas_per_address_per_day=0, new_games_per_minute=0, new_games_per_address_per_minute=0
    )
    good_standing(client)
    waiting = entrant(client)
    arena_ids = [open_arena(client)["arena"]["id"] for _ in range(30)]  # begun, each 30 minutes long
    arena_ids += [open_arena(client, starts_in=30)["arena"]["id"] for _ in range(10)]  # to come
    join(waiting, arena_ids[0])  # alone, in an arena without computer players: waits, and nothing happens
    join(waiting, arena_ids[-1])
    time.sleep(1.5)  # the looks those changes asked for are done, and the standings they changed published
    assert count_arena_statements(client, 3.0) == 0
    # and the arenas are alive: a second player is paired at once
    join(client, arena_ids[0])
    assert paired_within(client, arena_ids[0], 2.0) is not None


def test_a_join_pairs_at_once_without_a_tick(make_client: Callable[..., TestClient]) -> None:
    client = make_client(clock=Clock())  # held still: no moment of any arena ever comes, only events pair
    good_standing(client)  # who opens an arena
    other = entrant(client)
    arena_id = open_arena(client)["arena"]["id"]
    join(client, arena_id)
    join(other, arena_id)
    duel_id = paired_within(other, arena_id, 5.0)
    assert duel_id is not None and duel_of(client, arena_id) == duel_id
    assert get_duel(client, duel_id)["state"] == "playing"


def test_a_duels_end_leads_to_the_next_pairing_at_once(make_client: Callable[..., TestClient]) -> None:
    client = make_client(clock=Clock())  # held still: only the duel's end can lead to the next pairing
    good_standing(client)  # who opens an arena
    other, third = entrant(client), entrant(client)
    arena_id = open_arena(client)["arena"]["id"]
    join(client, arena_id)
    join(other, arena_id)
    first = paired_within(client, arena_id, 2.0)
    assert first is not None
    join(third, arena_id)  # waits: the other two play
    assert duel_of(third, arena_id) is None
    win(client, other, first)
    # counted, then the winner meets the one who waited (never the same opponent twice in a row)
    second = paired_within(client, arena_id, 5.0, but=first)
    assert second is not None and duel_of(third, arena_id) == second
    assert sorted(entry["points"] for entry in show(client, arena_id)["standings"]) == [0, 0, 2]


def test_a_player_left_waiting_gets_a_computer_player_when_the_wait_runs_out(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    good_standing(client)  # who opens an arena
    monkeypatch.setattr(arena_module, "COMPUTER_WAIT", 0.5)
    arena_id = open_arena(client, computers=True)["arena"]["id"]
    join(client, arena_id)
    assert duel_of(client, arena_id) is None  # waits a little for a person first
    duel_id = paired_within(client, arena_id, 3.0)
    assert duel_id is not None and get_duel(client, duel_id)["opponent"] != "person"


def test_a_player_who_never_moves_is_withdrawn_in_time_without_a_tick(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    good_standing(client)  # who opens an arena
    monkeypatch.setattr(arena_module, "STALL_SECONDS", 1.0)
    other = entrant(client)
    arena_id = open_arena(client)["arena"]["id"]
    join(client, arena_id)
    join(other, arena_id)
    duel_id = paired_within(other, arena_id, 5.0)
    assert duel_id is not None
    duel_act(client, duel_id, "d")
    # nothing else happens in the arena: the duel's own moment withdraws the one who never moved
    deadline = time.monotonic() + 5.0
    while not show(other, arena_id)["you"]["stalled"]:
        assert time.monotonic() < deadline, "the player who never moved is still in the arena"
        time.sleep(0.05)
    assert show(client, arena_id)["you"]["active"]
    assert next(p for p in get_duel(client, duel_id)["players"] if p["score"] == 0)["finished"]


def refusal(response: Any) -> tuple[int, str]:
    return response.status_code, response.json()["message_id"]


def test_only_accounts_in_good_standing_open_arenas_and_are_told_why(make_client: Callable[..., TestClient]) -> None:
    client = make_client()
    guest = client.post("/api/arenas", json={"suits": 1, "minutes": 3, "length": 30})
    assert refusal(guest) == (403, "arena.guest_opens_none")
    assert "create an account" in guest.json()["error"] and "join any arena" in guest.json()["error"]
    young = another_player(client)
    make_account(young, age=3600)
    play_dealt_games(young, count=3)
    refused = young.post("/api/arenas", json={"suits": 1, "minutes": 3, "length": 30})
    assert refusal(refused) == (403, "arena.young_opens_none")
    assert "so far you have 3 games" in refused.json()["error"]
    hebrew = young.post("/api/arenas", json={"suits": 1, "minutes": 3, "length": 30}, headers={"Accept-Language": "he"})
    assert refusal(hebrew) == (403, "arena.young_opens_none") and "ארנות" in hebrew.json()["error"]
    # neither opened one; both join one
    good_standing(client)
    arena_id = open_arena(client)["arena"]["id"]
    assert join(young, arena_id)["you"]["active"]
    assert [a["id"] for a in client.get("/api/arenas").json()["arenas"] if a["opened_by"]] == [arena_id]


def test_an_address_opens_a_few_arenas_a_day(make_client: Callable[..., TestClient]) -> None:
    client = make_client(arenas_per_address_per_day=2, arenas_per_player=0)
    good_standing(client)
    other = entrant(client)  # a second account from the same address
    open_arena(client)
    open_arena(other)
    refused = client.post("/api/arenas", json={"suits": 1, "minutes": 3, "length": 30})
    assert refusal(refused) == (429, "arena.too_many_here") and "2 arenas a day" in refused.json()["error"]
    assert 40_000 <= int(refused.headers["retry-after"]) <= 43_200  # a day's two tokens: one back in half a day
    assert refusal(other.post("/api/arenas", json={"suits": 1, "minutes": 3, "length": 30}))[0] == 429
    assert len([a for a in client.get("/api/arenas").json()["arenas"] if a["opened_by"]]) == 2


def test_the_site_holds_a_few_hundred_arenas_and_says_when_one_ends(make_client: Callable[..., TestClient]) -> None:
    client = make_client(open_arenas=2, arenas_per_player=0, arenas_per_address_per_day=0)
    good_standing(client)
    other = entrant(client)
    open_arena(client, length=30)
    open_arena(client, length=60)
    refused = other.post("/api/arenas", json={"suits": 1, "minutes": 3, "length": 30})
    assert refusal(refused) == (429, "arena.site_full") and "2 open arenas" in refused.json()["error"]
    assert 1790 <= int(refused.headers["retry-after"]) <= 1800  # the first ends in 30 minutes
    # the server's own hourly arenas are not counted against it, and players still join those
    client.portal.call(parts_of(client.app)[Arenas].tick)  # type: ignore[attr-defined]
    hourly = [a for a in other.get("/api/arenas").json()["arenas"] if a["opened_by"] is None]
    latest = max(hourly, key=lambda arena: arena["ends_at"])  # next hour's: open whatever the minute the test runs at
    assert len(hourly) == 6 and join(other, latest["id"])["you"]["active"]


def test_the_standings_are_read_once_for_every_request_until_something_changes(client: TestClient) -> None:
    good_standing(client)
    other = entrant(client)
    arena_id = open_arena(client)["arena"]["id"]
    join(other, arena_id)  # alone, in an arena without computer players: waits
    time.sleep(1.5)  # the look that join asked for is done, and its standings published
    engine = parts_of(client.app)[Arenas].store.engine  # type: ignore[attr-defined]
    seen: list[str] = []

    def heard(connection: Any, cursor: Any, statement: str, *args: Any) -> None:
        seen.append(statement)

    event.listen(engine, "before_cursor_execute", heard)
    try:
        answers = [show(viewer, arena_id) for _ in range(5) for viewer in (client, other)]
    finally:
        event.remove(engine, "before_cursor_execute", heard)
    assert all(len(answer["standings"]) == 1 for answer in answers)
    whole = [statement for statement in seen if "FROM arena_players" in statement and "player =" not in statement]
    assert whole == []  # every player of the arena was read before: none read again
    assert not [statement for statement in seen if "standing_games" in statement]  # nor anybody's good standing
    join(client, arena_id)  # a change: built again at once
    assert len(show(other, arena_id)["standings"]) == 2


def test_a_player_who_joins_and_leaves_too_often_waits_and_the_others_do_not(
    make_client: Callable[..., TestClient],
) -> None:
    client = make_client(arena_changes_per_minute=4)  # 2 at once, then one every 15 s
    good_standing(client)
    arena_id = open_arena(client)["arena"]["id"]
    assert client.post(f"/api/arenas/{arena_id}/join").status_code == 200
    assert client.post(f"/api/arenas/{arena_id}/leave").status_code == 200
    refused = client.post(f"/api/arenas/{arena_id}/join")
    assert refusal(refused) == (429, "arena.too_fast") and "4 times a minute" in refused.json()["error"]
    assert 14 <= int(refused.headers["retry-after"]) <= 15
    assert client.post(f"/api/arenas/{arena_id}/berserk").status_code == 429  # berserks count alike
    assert not show(client, arena_id)["you"]["active"]  # the refused join never reached the arena
    other = another_player(client)  # another player at the same address: their own share
    assert join(other, arena_id)["you"]["active"]


def test_fresh_cookies_from_one_address_join_arenas_within_its_share(make_client: Callable[..., TestClient]) -> None:
    client = make_client(arena_changes_per_address_per_minute=3)  # one at once, then one every 20 s
    good_standing(client)
    arena_id = open_arena(client)["arena"]["id"]
    assert join(client, arena_id)["you"]["active"]
    throwaway = another_player(client)  # a fresh cookie, the same address
    refused = throwaway.post(f"/api/arenas/{arena_id}/join")
    assert refusal(refused) == (429, "arena.too_fast_here")
    assert "Players at your address" in refused.json()["error"] and "3 times a minute" in refused.json()["error"]
    assert 19 <= int(refused.headers["retry-after"]) <= 20
    assert len(show(client, arena_id)["standings"]) == 1  # nothing of it reached the arena
    hebrew = throwaway.post(f"/api/arenas/{arena_id}/join", headers={"Accept-Language": "he"})
    assert refusal(hebrew) == (429, "arena.too_fast_here") and "הכתובת" in hebrew.json()["error"]


def test_the_agenda_looks_once_per_event_and_only_at_an_arenas_latest_moment() -> None:
    agenda = Agenda()
    agenda.moment("a", 100.0)  # its end
    agenda.moment("a", 40.0)  # a duel's clock, computed since: sooner
    agenda.moment("b", 200.0)
    agenda.moment("b", 200.0)  # the same moment again: one entry
    assert agenda.next_at() == 40.0 and len(agenda) == 3
    agenda.event("a", 10.0)
    agenda.event("a", 12.0)  # two joins before a look: one look, about the later
    assert agenda.due(15.0) == [("a", 12.0)]
    agenda.looked["a"] = 15.0
    agenda.event("a", 14.0, when=16.0)  # heard late from another process, and looked at since: nothing to do
    assert agenda.due(20.0) == []
    assert agenda.due(50.0) == [("a", 40.0)]
    assert agenda.due(150.0) == []  # 100 was no longer its moment
    agenda.forget("b")  # over
    assert agenda.due(300.0) == [] and agenda.next_at() is None

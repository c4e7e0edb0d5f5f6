"""Arenas through the HTTP API and the socket: opening, joining, pairing into ordinary duels, points
(streaks and berserk), computer players where allowed, the stalling player, the end and its podium, and
a flood of joins and leaves."""

from __future__ import annotations

from typing import Any

import pytest
from starlette.testclient import TestClient

from spider.server.arenas.arenas import Arenas
from spider.server.duels.duels import Duels
from spider.server.http.parts import parts_of
from tests.server.conftest import Clock

from .duel_players import another_player, duel_act, fake_clock, get_duel, name_of
from .standing import good_standing, make_account, play_dealt_games


@pytest.fixture(autouse=True)
def in_good_standing(client: TestClient) -> None:
    """The first player an account in good standing: only they score points (``results.standing``)."""
    good_standing(client)


def entrant(client: TestClient) -> TestClient:
    """Another player, an account in good standing."""
    other = another_player(client)
    good_standing(other)
    return other


def open_arena(client: TestClient, **body: Any) -> dict[str, Any]:
    response = client.post("/api/arenas", json={"suits": 1, "minutes": 3, "length": 30, **body})
    assert response.status_code == 201, response.text
    arena: dict[str, Any] = response.json()
    return arena


def join(client: TestClient, arena_id: str) -> dict[str, Any]:
    response = client.post(f"/api/arenas/{arena_id}/join")
    assert response.status_code == 200, response.text
    state: dict[str, Any] = response.json()
    return state


def show(client: TestClient, arena_id: str) -> dict[str, Any]:
    response = client.get(f"/api/arenas/{arena_id}")
    assert response.status_code == 200, response.text
    state: dict[str, Any] = response.json()
    return state


def tick(client: TestClient) -> None:
    """One look of the arenas' tick (it also runs every second on its own)."""
    client.portal.call(parts_of(client.app)[Arenas].tick)  # type: ignore[attr-defined]


def duel_of(client: TestClient, arena_id: str) -> str | None:
    duel: str | None = show(client, arena_id)["you"]["duel"]
    return duel


def win(winner: TestClient, loser: TestClient, duel_id: str) -> None:
    """Both move; the loser deals once more (a point less), and both finish."""
    duel_act(winner, duel_id, "d")
    duel_act(loser, duel_id, "d")
    duel_act(loser, duel_id, "d")
    assert winner.post(f"/api/duels/{duel_id}/finish").status_code == 200
    assert loser.post(f"/api/duels/{duel_id}/finish").status_code == 200


def points_of(client: TestClient, arena_id: str) -> dict[str, int]:
    return {entry["name"]: entry["points"] for entry in show(client, arena_id)["standings"]}


def test_players_who_join_are_paired_into_an_ordinary_duel_on_a_fresh_deal(client: TestClient) -> None:
    other = entrant(client)
    arena = open_arena(client, suits=2)
    arena_id = arena["arena"]["id"]
    assert arena["arena"]["state"] == "running" and arena["arena"]["opened_by"] == name_of(client)
    join(client, arena_id)
    join(other, arena_id)
    tick(client)
    duel_id = duel_of(client, arena_id)
    assert duel_id is not None and duel_of(other, arena_id) == duel_id
    duel = get_duel(client, duel_id)
    assert duel["state"] == "playing" and duel["suits"] == 2 and duel["minutes"] == 3
    assert sorted(player["name"] for player in duel["players"]) == sorted([name_of(client), name_of(other)])
    assert duel["you"]["code"] is None  # the deal stays unnamed while it is played
    standings = show(other, arena_id)["standings"]
    assert all(entry["playing"] for entry in standings) and len(standings) == 2
    # an arena's duel is no open table in the lobby
    assert client.get("/api/duels").json()["tables"] == []
    listed = {a["id"]: a for a in client.get("/api/arenas").json()["arenas"]}
    assert listed[arena_id]["players"] == 2 and listed[arena_id]["joined"]


def paired_in_an_arena(client: TestClient) -> tuple[TestClient, str, str]:
    """The client and another entrant, both named, join a new arena and are paired: (the other, the arena, the
    duel)."""
    other = entrant(client)
    named(client, other)
    arena_id = open_arena(client)["arena"]["id"]
    join(client, arena_id)
    join(other, arena_id)
    tick(client)
    return other, arena_id, duel_of(client, arena_id) or ""


def named(*players: TestClient) -> None:
    """Each player chooses a name: a made-up one is on no board, the standings included."""
    for index, player in enumerate(players):
        assert player.put("/api/me", json={"name": f"Arena Player {chr(65 + index)}"}).status_code == 200


def test_a_player_with_a_made_up_name_keeps_their_place_in_the_standings_without_the_name(client: TestClient) -> None:
    other = entrant(client)
    named(client)
    arena_id = open_arena(client)["arena"]["id"]
    join(client, arena_id)
    join(other, arena_id)
    tick(client)
    win(other, client, duel_of(client, arena_id) or "")
    tick(client)
    assert name_of(other).startswith("Player ")
    assert points_of(client, arena_id) == {"": 2, "Arena Player A": 0}
    hebrew = client.get(f"/api/arenas/{arena_id}", headers={"Accept-Language": "he"}).json()
    assert [entry["name"] for entry in hebrew["standings"]] == ["", "Arena Player A"]


def test_the_server_keeps_an_hourly_arena_per_suit_count(client: TestClient) -> None:
    tick(client)
    scheduled = [a for a in client.get("/api/arenas").json()["arenas"] if a["opened_by"] is None]
    assert {a["suits"] for a in scheduled} == {1, 2, 4}
    assert all(a["computers"] and a["starts_at"].endswith(":00:00Z") for a in scheduled)


def test_a_win_gives_2_points_and_two_meet_again_only_when_nobody_else_is_free(client: TestClient) -> None:
    other, third = entrant(client), entrant(client)
    named(client, other, third)
    arena_id = open_arena(client)["arena"]["id"]
    join(client, arena_id)
    join(other, arena_id)
    tick(client)
    first = duel_of(client, arena_id) or ""
    win(client, other, first)
    tick(client)
    assert points_of(client, arena_id) == {name_of(client): 2, name_of(other): 0}
    # alone in the arena, the two meet again at once, rather than each waiting for nobody
    again = duel_of(client, arena_id)
    assert again is not None and again != first and duel_of(other, arena_id) == again
    join(third, arena_id)  # comes in while they play: waits for them
    tick(client)
    assert duel_of(third, arena_id) is None
    win(other, client, again)
    tick(client)
    # now someone else is free: neither meets the one they just played
    paired = {duel_of(client, arena_id), duel_of(other, arena_id)} - {None}
    assert len(paired) == 1 and paired == {duel_of(third, arena_id)}


def test_from_the_third_win_in_a_row_points_count_double(client: TestClient) -> None:
    players = [client, entrant(client), entrant(client)]
    named(*players)
    arena_id = open_arena(client)["arena"]["id"]
    for player in players:
        join(player, arena_id)
    opponents: list[str] = []
    for _ in range(8):  # each round: whoever plays the first player loses; the other two draw
        tick(client)
        duels = {duel_of(player, arena_id) for player in players} - {None}
        assert duels, "someone is paired every round"
        for duel_id in duels:
            seated = [player for player in players if duel_of(player, arena_id) == duel_id]
            if client in seated:
                opponent = next(player for player in seated if player is not client)
                opponents.append(name_of(opponent))
                win(client, opponent, duel_id or "")
            else:
                for player in seated:
                    duel_act(player, duel_id or "", "d")
                for player in seated:
                    player.post(f"/api/duels/{duel_id}/finish")
        tick(client)
        if len(opponents) == 3:
            break
    assert len(opponents) == 3 and opponents[0] != opponents[1] and opponents[1] != opponents[2]
    mine = next(entry for entry in show(client, arena_id)["standings"] if entry["name"] == name_of(client))
    assert (mine["place"], mine["points"], mine["wins"], mine["streak"]) == (1, 2 + 2 + 4, 3, 3)


def test_berserk_halves_the_clock_for_a_point_more_and_only_before_the_first_move(client: TestClient) -> None:
    clock: Clock = fake_clock(client)
    other, arena_id, duel_id = paired_in_an_arena(client)
    assert show(client, arena_id)["you"]["may_berserk"]
    berserk = client.post(f"/api/arenas/{arena_id}/berserk")
    assert berserk.status_code == 200 and berserk.json()["you"]["berserk"]
    again = client.post(f"/api/arenas/{arena_id}/berserk")
    assert again.status_code == 409 and again.json()["message_id"] == "arena.berserk_already"
    duel_act(other, duel_id, "d")
    late = other.post(f"/api/arenas/{arena_id}/berserk")
    assert late.status_code == 409 and late.json()["message_id"] == "arena.berserk_too_late"
    duel_act(client, duel_id, "d")
    duel_act(other, duel_id, "d")
    clock.now += 91  # past half of 3 minutes: the berserk player's time is up, not the other's
    duel = get_duel(other, duel_id)
    mine = next(p for p in duel["players"] if p["name"] == name_of(client))
    theirs = next(p for p in duel["players"] if p["name"] == name_of(other))
    assert (mine["finished"], mine["ended"]) == (True, "time") and not theirs["finished"]
    refused = client.post(f"/api/duels/{duel_id}/actions", json={"action": "d"})
    assert refused.status_code == 409
    duel_act(other, duel_id, "d")
    other.post(f"/api/duels/{duel_id}/finish")
    tick(client)
    assert points_of(client, arena_id) == {name_of(client): 3, name_of(other): 0}  # 2 for the win, 1 berserk


def test_berserk_outside_a_duel_is_refused(client: TestClient) -> None:
    arena_id = open_arena(client)["arena"]["id"]
    join(client, arena_id)
    refused = client.post(f"/api/arenas/{arena_id}/berserk")
    assert refused.status_code == 409 and refused.json()["message_id"] == "arena.no_duel"


def test_a_player_who_never_moves_is_withdrawn_and_scores_nothing(client: TestClient) -> None:
    clock: Clock = fake_clock(client)
    other, third = entrant(client), entrant(client)
    named(client, other, third)
    arena_id = open_arena(client)["arena"]["id"]
    join(client, arena_id)
    join(other, arena_id)
    tick(client)
    duel_id = duel_of(client, arena_id) or ""
    duel_act(client, duel_id, "d")  # -1, while the idle player stays at 0
    clock.now += 31
    tick(client)
    duel = get_duel(client, duel_id)
    idle = next(p for p in duel["players"] if p["name"] == name_of(other))
    assert idle["finished"] and duel["state"] == "playing"
    standing = {entry["name"]: entry for entry in show(client, arena_id)["standings"]}
    assert not standing[name_of(other)]["active"] and standing[name_of(client)]["active"]
    # the withdrawn player is told why (their page says so, with the way back); the other is not
    assert show(other, arena_id)["you"]["stalled"] and not show(client, arena_id)["you"]["stalled"]
    client.post(f"/api/duels/{duel_id}/finish")
    tick(client)
    # a duel with no real attempt in it gives nobody points (issue 53): a stalling partner feeds no wins
    assert points_of(client, arena_id) == {name_of(client): 0, name_of(other): 0}
    # the idle player is paired no more: a newcomer meets the one still there
    join(third, arena_id)
    tick(client)
    assert duel_of(third, arena_id) is not None and duel_of(third, arena_id) == duel_of(client, arena_id)
    assert duel_of(other, arena_id) is None
    # joining again brings them back, and the word of their withdrawal goes
    you = join(other, arena_id)["you"]
    assert you["active"] and not you["stalled"]


def test_a_player_who_finishes_a_duel_without_a_move_is_withdrawn_too(client: TestClient) -> None:
    other, arena_id, duel_id = paired_in_an_arena(client)
    duel_act(client, duel_id, "d")
    assert client.post(f"/api/duels/{duel_id}/finish").status_code == 200
    assert other.post(f"/api/duels/{duel_id}/finish").status_code == 200  # not a move made
    tick(client)
    # alone, two who both finish at once would be dealt duel after duel: the one who never moved is withdrawn
    assert duel_of(client, arena_id) is None and duel_of(other, arena_id) is None
    mine, theirs = show(client, arena_id)["you"], show(other, arena_id)["you"]
    assert mine["active"] and not mine["stalled"]
    assert not theirs["active"] and theirs["stalled"]
    assert points_of(client, arena_id) == {name_of(client): 0, name_of(other): 0}
    # who leaves on their own is not told they stalled
    join(other, arena_id)
    left = other.post(f"/api/arenas/{arena_id}/leave").json()["you"]
    assert not left["active"] and not left["stalled"]


def test_an_arena_duel_names_its_arena_and_offers_no_rematch(client: TestClient) -> None:
    other = entrant(client)
    arena_id = open_arena(client)["arena"]["id"]
    join(client, arena_id)
    join(other, arena_id)
    tick(client)
    duel_id = duel_of(client, arena_id) or ""
    assert get_duel(client, duel_id)["arena"] == arena_id
    win(client, other, duel_id)
    refused = client.post(f"/api/duels/{duel_id}/rematch")
    assert (refused.status_code, refused.json()["message_id"]) == (409, "duel.rematch_arena")
    assert "as soon as another player is free" in refused.json()["error"]


def test_computer_players_fill_in_only_where_the_arena_allows_them(client: TestClient) -> None:
    clock: Clock = fake_clock(client)
    other = entrant(client)
    with_computers = open_arena(client, computers=True)["arena"]["id"]
    without = open_arena(other)["arena"]["id"]
    join(client, with_computers)
    join(other, without)
    tick(client)
    assert duel_of(client, with_computers) is None  # waits a little for a person first
    clock.now += 11
    tick(client)
    duel_id = duel_of(client, with_computers)
    assert duel_id is not None and get_duel(client, duel_id)["opponent"] != "person"
    assert duel_of(other, without) is None


def test_the_end_shows_the_podium_and_nobody_joins_after_it(client: TestClient) -> None:
    clock: Clock = fake_clock(client)
    other, late = entrant(client), entrant(client)
    named(client, other, late)
    arena_id = open_arena(client, length=15)["arena"]["id"]
    join(client, arena_id)
    join(other, arena_id)
    tick(client)
    win(other, client, duel_of(client, arena_id) or "")
    tick(client)  # the two, alone, meet again; that duel runs out of time unplayed, and gives no points
    clock.now += 15 * 60
    tick(client)
    state = show(client, arena_id)
    assert state["arena"]["state"] == "over" and state["remaining_ms"] == 0
    # nobody stands on a podium for no point
    assert [(e["place"], e["name"], e["points"]) for e in state["podium"]] == [(1, name_of(other), 2)]
    refused = late.post(f"/api/arenas/{arena_id}/join")
    assert refused.status_code == 409 and refused.json()["message_id"] == "arena.over"


def test_the_podium_gives_the_places_of_the_three_best_who_scored(client: TestClient) -> None:
    clock: Clock = fake_clock(client)
    players = [client, entrant(client), entrant(client), entrant(client)]
    named(*players)
    arena_id = open_arena(client, length=15)["arena"]["id"]
    for player in players:
        join(player, arena_id)
    tick(client)
    duels: dict[str, list[TestClient]] = {}
    for player in players:
        duels.setdefault(duel_of(player, arena_id) or "", []).append(player)
    (winner, loser), (first, second) = duels.values()
    win(winner, loser, duel_of(winner, arena_id) or "")
    for player in (first, second):  # a draw: a point each
        duel_act(player, duel_of(player, arena_id) or "", "d")
        player.post(f"/api/duels/{duel_of(player, arena_id)}/finish")
    tick(client)
    clock.now += 15 * 60  # the next round runs out of time unplayed: no points, and its players are withdrawn
    tick(client)
    state = show(client, arena_id)
    assert state["arena"]["state"] == "over"
    podium = [(e["place"], e["name"], e["points"]) for e in state["podium"]]
    assert [place for place, _, _ in podium] == [1, 2, 3]
    assert podium[0] == (1, name_of(winner), 2)
    assert sorted(name for _, name, _ in podium[1:]) == sorted([name_of(first), name_of(second)])
    assert [points for _, _, points in podium[1:]] == [1, 1]
    standings = {e["name"]: (e["place"], e["points"]) for e in state["standings"]}
    assert standings[name_of(loser)] == (4, 0)


def test_an_arena_ends_only_once_its_last_duel_has_ended(client: TestClient) -> None:
    clock: Clock = fake_clock(client)
    other = entrant(client)
    arena_id = open_arena(client, length=15)["arena"]["id"]
    clock.now += 14 * 60  # paired a minute before the end: the duel has two more to go
    join(client, arena_id)
    join(other, arena_id)
    tick(client)
    duel_id = duel_of(client, arena_id) or ""
    duel_act(client, duel_id, "d")
    duel_act(other, duel_id, "d")
    clock.now += 61
    tick(client)
    assert show(client, arena_id)["arena"]["state"] == "running" and get_duel(client, duel_id)["state"] == "playing"
    client.post(f"/api/duels/{duel_id}/finish")
    other.post(f"/api/duels/{duel_id}/finish")
    tick(client)
    assert show(client, arena_id)["arena"]["state"] == "over"


def test_a_guest_or_a_young_account_plays_unranked_feeding_nobody_points_and_stands_on_no_podium(
    client: TestClient,
) -> None:
    clock: Clock = fake_clock(client)
    guest, young = another_player(client), another_player(client)
    named(client, guest, young)
    make_account(young, age=3600)  # an hour old, with every game it needs
    play_dealt_games(young)
    for partner, told in ((guest, "As a guest you play unranked"), (young, "Your account plays unranked")):
        arena_id = open_arena(client, length=15)["arena"]["id"]
        join(client, arena_id)
        join(partner, arena_id)
        tick(client)
        win(client, partner, duel_of(client, arena_id) or "")  # the partner feeds a win
        tick(client)
        state = show(partner, arena_id)
        assert [(e["name"], e["points"], e["wins"], e["ranked"]) for e in state["standings"]] == [
            (name_of(client), 0, 0, True), (name_of(partner), 0, 0, False)
        ]
        assert state["ranked"] is False and state["unranked"].startswith(told)
        assert show(client, arena_id)["ranked"] is True and show(client, arena_id)["unranked"] is None
        clock.now += 15 * 60
        tick(client)
        assert show(client, arena_id)["podium"] == []  # the win fed counted nothing: nobody scored
    assert client.get("/api/me").json()["rating"] == 1500.0  # nor was either duel rated


def test_a_flood_of_joins_and_leaves_is_refused_and_leaves_one_entry(client: TestClient) -> None:
    named(client)
    arena_id = open_arena(client)["arena"]["id"]
    statuses = []
    for index in range(30):
        statuses.append(client.post(f"/api/arenas/{arena_id}/{'join' if index % 2 == 0 else 'leave'}").status_code)
    assert statuses.count(429) > 0 and set(statuses) == {200, 429}
    standings = show(client, arena_id)["standings"]
    assert [entry["name"] for entry in standings] == [name_of(client)]
    refused = client.post(f"/api/arenas/{arena_id}/join")
    assert refused.status_code == 429 and refused.json()["message_id"] == "arena.too_fast"
    assert "retry-after" in refused.headers


def test_a_player_who_left_is_not_paired(client: TestClient) -> None:
    other = entrant(client)
    arena_id = open_arena(client)["arena"]["id"]
    join(other, arena_id)  # alone: waits (a second player would be paired with them at once)
    assert other.post(f"/api/arenas/{arena_id}/leave").json()["you"]["active"] is False
    join(client, arena_id)
    tick(client)
    assert duel_of(client, arena_id) is None and duel_of(other, arena_id) is None


def test_a_player_opens_at_most_two_arenas_and_bad_bodies_are_refused(client: TestClient) -> None:
    open_arena(client)
    open_arena(client, starts_in=60)
    third = client.post("/api/arenas", json={"suits": 1, "minutes": 3, "length": 30})
    assert third.status_code == 409 and third.json()["message_id"] == "arena.too_many"
    bad = client.post("/api/arenas", json={"suits": 1, "minutes": 3, "length": 31})
    assert bad.status_code == 422
    assert client.get("/api/arenas/nothing-here").status_code == 404


def test_the_standings_arrive_live_over_the_socket(client: TestClient) -> None:
    other = entrant(client)
    named(client, other)
    arena_id = open_arena(client)["arena"]["id"]
    join(client, arena_id)
    with client.websocket_connect("/api/socket") as socket:
        assert socket.receive_json()["type"] == "hello"
        socket.send_json({"type": "follow_arena", "arena": arena_id})
        first = socket.receive_json()
        assert first["type"] == "arena" and [e["name"] for e in first["standings"]] == [name_of(client)]
        join(other, arena_id)
        tick(client)  # the standings go out once a tick, however many joined since
        both = sorted([name_of(client), name_of(other)])
        frames = []
        while len(frames) < 3 and (not frames or sorted(e["name"] for e in frames[-1]["standings"]) != both):
            frame = socket.receive_json()  # a frame of the first join's look may still be on its way
            if frame["type"] == "arena":
                frames.append(frame)
        frame = frames[-1]
        assert sorted(e["name"] for e in frame["standings"]) == both
        assert all(set(e) == set(first["standings"][0]) for e in frame["standings"])  # names, never ids


def test_one_process_pairs_an_arena_at_a_time_and_a_stale_one_cannot_seat_anyone_twice(client: TestClient) -> None:
    other, third = entrant(client), entrant(client)
    arena_id = open_arena(client)["arena"]["id"]
    store = parts_of(client.app)[Arenas].store  # type: ignore[attr-defined]
    at = parts_of(client.app)[Duels].clock() + 1000  # type: ignore[attr-defined]  # past the app's own lease
    assert store.claim(arena_id, "first", at, 5.0) and not store.claim(arena_id, "second", at + 4, 5.0)
    for player in (client, other, third):  # this app's tick no longer pairs them: "first" holds the lease
        join(player, arena_id)
    assert store.claim(arena_id, "second", at + 6, 5.0)  # the first's lease lapsed: taken over
    assert not store.claim(arena_id, "first", at + 7, 5.0)
    # a process that lost its lease unknowingly pairs the same players as the one holding it: only one wins
    ids = [row.player for row in store.players(arena_id)]
    assert store.seat(arena_id, ids[:2], "AAAAAAAAAAAAAAAA")
    assert not store.seat(arena_id, ids[1:], "BBBBBBBBBBBBBBBB")
    seated = {row.player: row.duel for row in store.players(arena_id)}
    assert seated == {ids[0]: "AAAAAAAAAAAAAAAA", ids[1]: "AAAAAAAAAAAAAAAA", ids[2]: None}

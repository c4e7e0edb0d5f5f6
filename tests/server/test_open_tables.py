"""Open tables belong to their creators: the lobby marks a player's own, only the creator withdraws one
(everyone's lobby hears of it at once), and a table whose creator has been gone for a while leaves."""

from __future__ import annotations

from starlette.testclient import TestClient

from spider.server.duels.duels import GONE_SECONDS, Duels
from spider.server.http.identity import PLAYER_COOKIE, player_id
from spider.server.http.parts import parts_of

from .duel_players import another_player, fake_clock, get_duel, name_of, open_table, start_duel
from .test_duel_sockets import of_type, receive_until


def tables(client: TestClient) -> list[tuple[str, str, bool]]:
    """The lobby as this player sees it: each table's id, creator and whether it is theirs."""
    answer = client.get("/api/duels")
    assert answer.status_code == 200, answer.text
    return [(table["id"], table["creator"], table["yours"]) for table in answer.json()["tables"]]


def duels_of(client: TestClient) -> Duels:
    duels: Duels = parts_of(client.app)[Duels]  # type: ignore[attr-defined]
    return duels


def test_the_lobby_shows_a_player_their_own_table_marked_theirs(client: TestClient) -> None:
    other = another_player(client)
    table = open_table(client)
    assert tables(client) == [(table["id"], name_of(client), True)]
    assert tables(other) == [(table["id"], name_of(client), False)]


def test_each_socket_marks_its_own_players_table_and_no_player_id_leaves_the_server(client: TestClient) -> None:
    other = another_player(client)
    client.get("/api/me")  # the page is open: the cookie is set
    with client.websocket_connect("/api/socket") as mine, other.websocket_connect("/api/socket") as theirs:
        mine.receive_json()
        theirs.receive_json()
        table = open_table(client)
        seen_by_me = receive_until(mine, of_type("lobby"))
        seen_by_them = receive_until(theirs, of_type("lobby"))
        assert [(t["id"], t["yours"]) for t in seen_by_me["tables"]] == [(table["id"], True)]
        assert [(t["id"], t["yours"]) for t in seen_by_them["tables"]] == [(table["id"], False)]
        secret = player_id(client.cookies[PLAYER_COOKIE])
        assert "creators" not in seen_by_them and secret not in str(seen_by_them)
    with client.websocket_connect("/api/socket") as again:  # a reload: the page greets its table at once
        assert [(t["id"], t["yours"]) for t in again.receive_json()["lobby"]] == [(table["id"], True)]


def test_withdrawing_a_table_takes_it_out_of_every_lobby_at_once(client: TestClient) -> None:
    other = another_player(client)
    table = open_table(client)
    with other.websocket_connect("/api/socket") as socket:
        assert [t["id"] for t in socket.receive_json()["lobby"]] == [table["id"]]
        withdrawn = client.post(f"/api/duels/{table['id']}/leave")
        assert withdrawn.status_code == 200 and withdrawn.json()["state"] == "over"
        assert receive_until(socket, of_type("lobby"))["tables"] == []
    assert tables(client) == [] and tables(other) == []
    late = other.post(f"/api/duels/{table['id']}/join")
    assert (late.status_code, late.json()["message_id"]) == (409, "duel.ended")


def test_another_players_table_cannot_be_withdrawn(client: TestClient) -> None:
    other = another_player(client)
    table = open_table(client)
    refused = other.post(f"/api/duels/{table['id']}/leave")
    assert (refused.status_code, refused.json()["message_id"]) == (403, "duel.not_your_table")
    assert refused.json()["error"] == "This table is not yours: only the player who made it can take it away."
    other.cookies.set("spider_lang", "pl")
    polish = other.post(f"/api/duels/{table['id']}/leave")
    assert polish.json()["error"] == "To nie Twój stół: usunąć go może tylko gracz, który go założył."
    polish_name = name_of(client).replace("Player", "Gracz")  # a made-up name, read in the reader's language
    assert tables(other) == [(table["id"], polish_name, False)]
    nowhere = other.post("/api/duels/nosuchtable/leave")
    assert (nowhere.status_code, nowhere.json()["message_id"]) == (404, "duel.no_such_duel")


def test_a_duel_in_play_is_not_withdrawn_and_a_stranger_is_refused(client: TestClient) -> None:
    opponent, stranger = another_player(client), another_player(client)
    duel_id = start_duel(client, opponent)
    assert client.post(f"/api/duels/{duel_id}/leave").json()["state"] == "playing"
    assert opponent.post(f"/api/duels/{duel_id}/leave").json()["state"] == "playing"
    refused = stranger.post(f"/api/duels/{duel_id}/leave")
    assert (refused.status_code, refused.json()["message_id"]) == (403, "duel.not_your_table")


def test_a_rematch_offered_before_a_reload_is_the_creators_to_withdraw(client: TestClient) -> None:
    opponent = another_player(client)
    duel_id = start_duel(client, opponent)
    for player in (client, opponent):
        assert player.post(f"/api/duels/{duel_id}/finish").status_code == 200
    offered = client.post(f"/api/duels/{duel_id}/rematch").json()
    # the page is reloaded: the lobby is all it has to find the table again
    assert tables(client) == [(offered["id"], name_of(client), True)]
    assert [i["duel"] for i in opponent.get("/api/invitations").json()["invitations"]] == [offered["id"]]
    assert client.post(f"/api/duels/{offered['id']}/leave").json()["state"] == "over"
    assert tables(opponent) == [] and opponent.get("/api/invitations").json()["invitations"] == []
    assert opponent.post(f"/api/duels/{offered['id']}/join").json()["message_id"] == "duel.ended"
    # a rematch asked for now is a new table, offered by whoever asks
    again = opponent.post(f"/api/duels/{duel_id}/rematch")
    assert again.status_code == 201 and again.json()["state"] == "open" and again.json()["id"] != offered["id"]
    assert tables(opponent) == [(again.json()["id"], name_of(opponent), True)]
    assert client.post(f"/api/duels/{duel_id}/rematch").json()["state"] == "playing"


def test_a_table_whose_creator_has_gone_leaves_the_lobby_and_one_still_there_stays(client: TestClient) -> None:
    gone, watcher = another_player(client), another_player(client)
    clock = fake_clock(client)
    staying = open_table(client)
    left = open_table(gone)
    duels = duels_of(client)
    clock.now += GONE_SECONDS - 30
    duels.people.seen([player_id(client.cookies[PLAYER_COOKIE])], clock.now)  # the creator's page is open
    clock.now += 31
    client.portal.call(duels.expire_due)  # what the server's clock task does every second
    assert [table_id for table_id, _, _ in tables(watcher)] == [staying["id"]]
    assert get_duel(watcher, left["id"])["state"] == "over"
    late = watcher.post(f"/api/duels/{left['id']}/join")
    assert (late.status_code, late.json()["message_id"]) == (409, "duel.ended")
    assert watcher.post(f"/api/duels/{staying['id']}/join").json()["state"] == "playing"

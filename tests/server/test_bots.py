"""Bots (issue 38 item 5): made by a player, shown their token once, playing duels with a bearer token,
marked as bots, rated apart, limited per token, stopped at once by a revoke; and the attacks on all of
it (a revoked token used again, guessed tokens, a bot passing for a person, a stream left open, floods).
The event stream is read from real servers (``serve``): the test client reads a whole answer at once."""

from __future__ import annotations

import hashlib
import json
import os
import threading
import time
from collections.abc import Callable, Iterator
from typing import Any

import httpx
import pytest
from sqlalchemy import create_engine, select
from starlette.testclient import TestClient

from spider.databases import database_url as url_of
from spider.server.bots.tables import bots
from spider.server.http.identity import PLAYER_COOKIE
from spider.server.people.service import PEOPLE_ONLY, SEEN_NAMES, is_bot, people_only
from spider.server.people.tables import duelists, players

from .duel_players import another_player, duel_act, get_duel, rated_player


def named(client: TestClient, name: str) -> TestClient:
    assert client.put("/api/me", json={"name": name}).status_code == 200
    return client


def make_bot(client: TestClient, name: str) -> dict[str, Any]:
    response = client.post("/api/bots", json={"name": name})
    assert response.status_code == 201, response.text
    made: dict[str, Any] = response.json()
    return made


def as_bot(client: TestClient, token: str) -> TestClient:
    """A client on the same app that speaks for the bot: its bearer token, no cookie."""
    bot = TestClient(client.app, headers={"authorization": f"Bearer {token}"})
    bot.portal = client.portal
    return bot


def refusal(response: httpx.Response) -> tuple[int, str]:
    return response.status_code, response.json()["message_id"]


# Making, listing and revoking bots.


def test_a_player_with_a_name_makes_a_bot_and_sees_its_token_once(client: TestClient, database_url: str) -> None:
    assert refusal(client.post("/api/bots", json={"name": "Robo"})) == (409, "bots.name_first")
    named(client, "Ada")
    made = make_bot(client, "Robo")
    assert (made["name"], made["bot"], made["revoked"]) == ("Robo", True, False)
    token = made["token"]
    assert token.startswith("spb_") and len(token) >= 60  # 256 random bits after the key
    listed = client.get("/api/bots").json()["bots"]
    assert [(bot["id"], bot["name"]) for bot in listed] == [(made["id"], "Robo")]
    assert "token" not in listed[0]
    # the database keeps the secret's SHA-256 only: the token itself is nowhere
    engine = create_engine(url_of(database_url))
    with engine.connect() as connection:
        row = connection.execute(select(bots)).one()
    engine.dispose()
    secret = token[len("spb_") + 17 :]  # after the key (16 hex digits) and its underscore
    assert row.secret_hash == hashlib.sha256(secret.encode()).hexdigest()
    assert token not in str(tuple(row)) and secret not in str(tuple(row))


def test_bad_bot_names_and_too_many_bots_are_refused(make_client: Callable[..., TestClient]) -> None:
    client = named(make_client(bots_per_player=2), "Ada")
    assert refusal(client.post("/api/bots", json={"name": "Player 1234"})) == (409, "bots.name_made_up")
    assert refusal(client.post("/api/bots", json={"name": "ada"})) == (409, "duel.name_taken")
    assert refusal(client.post("/api/bots", json={"name": "Spider Master"})) == (409, "duel.name_computer")
    first = make_bot(client, "One")
    make_bot(client, "Two")
    assert refusal(client.post("/api/bots", json={"name": "Three"})) == (409, "bots.too_many")
    assert client.delete(f"/api/bots/{first['id']}").json()["revoked"] is True
    make_bot(client, "Three")  # a revoked bot leaves its place


def test_a_bot_refused_its_name_leaves_no_player_nor_duelist_behind(client: TestClient, database_url: str) -> None:
    named(client, "Ada")
    assert refusal(client.post("/api/bots", json={"name": "ada"})) == (409, "duel.name_taken")
    engine = create_engine(url_of(database_url))
    with engine.connect() as connection:
        left = connection.execute(select(players.c.id).where(players.c.id.like("bot-%"))).scalars().all()
        kept = connection.execute(select(bots.c.key)).scalars().all()
    engine.dispose()
    assert left == [] and kept == []


def test_a_bot_speaks_with_its_bearer_token_and_gets_no_cookie(client: TestClient) -> None:
    made = make_bot(named(client, "Ada"), "Robo")
    bot = as_bot(client, made["token"])
    response = bot.get("/api/me")
    assert response.status_code == 200
    assert (response.json()["name"], response.json()["bot"]) == ("Robo", True)
    assert "set-cookie" not in response.headers
    assert client.get("/api/players/Robo").json()["bot"] is True
    assert client.get("/api/me").json()["bot"] is False


def test_a_revoked_token_stops_at_once_and_for_good(client: TestClient) -> None:
    made = make_bot(named(client, "Ada"), "Robo")
    bot = as_bot(client, made["token"])
    assert bot.get("/api/invitations").status_code == 200
    other = named(another_player(client), "Eve")
    assert refusal(other.delete(f"/api/bots/{made['id']}")) == (404, "bots.no_such_bot")  # not Eve's bot
    assert bot.get("/api/invitations").status_code == 200
    assert client.delete(f"/api/bots/{made['id']}").json()["revoked"] is True
    for _ in range(3):  # used again after the revoke: never again
        response = bot.get("/api/invitations")
        assert refusal(response) == (401, "bots.bad_token")
        assert response.headers["www-authenticate"].startswith("Bearer")
    assert client.delete(f"/api/bots/{made['id']}").json()["revoked"] is True  # again: nothing changes
    assert client.get("/api/players/Robo").json()["name"] == "Robo"  # its duels stay in others' records


def test_guessed_tokens_are_refused_then_slowed(client: TestClient) -> None:
    made = make_bot(named(client, "Ada"), "Robo")
    token: str = made["token"]
    prefix, last = token[:-1], token[-1]
    guesses = [
        "nonsense",
        "",
        prefix + ("A" if last != "A" else "B"),  # the right key, a secret one character off
        "spb_" + "0" * 16 + "_" + "A" * 43,  # a well-formed token of no bot
    ]
    for guess in guesses:
        bot = as_bot(client, guess)
        assert refusal(bot.get("/api/me")) == (401, "bots.bad_token"), guess
    bot = as_bot(client, guesses[-1])
    answers = [bot.get("/api/me").status_code for _ in range(40)]
    assert answers.count(401) < 30 and answers[-1] == 429  # past a burst of wrong tokens: slowed down
    assert refusal(bot.get("/api/me"))[1] == "bots.too_many_tries"
    assert as_bot(client, token).get("/api/me").status_code == 200  # the real token still works


def test_a_bot_cannot_use_a_persons_routes_nor_pass_for_a_person(client: TestClient) -> None:
    made = make_bot(named(client, "Ada"), "Robo")
    bot = as_bot(client, made["token"])
    for method, path, body in [
        ("POST", "/api/games", {}),
        ("PUT", "/api/me", {"name": "Just A Person"}),
        ("POST", "/api/bots", {"name": "Robo Two"}),
        ("GET", "/api/bots", None),
        ("PUT", "/api/friends/Ada", None),
        ("GET", "/api/stats", None),
    ]:
        response = bot.request(method, path, json=body)
        assert refusal(response) == (403, "bots.person_route"), path
    assert bot.get("/api/me").json()["name"] == "Robo"
    # the token in the cookie, as the page would send it: a stranger, not the bot
    disguised = TestClient(client.app, cookies={PLAYER_COOKIE: made["token"]})
    disguised.portal = client.portal
    me = disguised.get("/api/me").json()
    assert me["name"] != "Robo" and me["bot"] is False
    # the event stream is a bot's only
    assert refusal(client.get("/api/bots/stream")) == (403, "bots.not_a_bot")


def test_each_token_has_its_own_rate_limit(make_client: Callable[..., TestClient]) -> None:
    client = named(make_client(bot_requests_per_minute=6, bot_burst=5), "Ada")
    first = as_bot(client, make_bot(client, "Robo")["token"])
    second = as_bot(client, make_bot(client, "Robo Two")["token"])
    assert [first.get("/api/invitations").status_code for _ in range(5)] == [200] * 5
    flooded = first.get("/api/invitations")
    assert refusal(flooded) == (429, "bots.too_fast")
    assert int(flooded.headers["retry-after"]) >= 1
    assert second.get("/api/invitations").status_code == 200  # another token's budget is its own
    assert client.get("/api/me").status_code == 200  # and its maker's


# Bots in duels: marked, rated apart.


def test_a_bot_plays_a_person_marked_as_a_bot_and_no_rating_moves(client: TestClient) -> None:
    rated_player(client, "Ada")
    bot = as_bot(client, make_bot(client, "Robo")["token"])
    person = another_player(client)
    rated_player(person, "Eve")
    table = bot.post("/api/duels", json={"suits": 1, "minutes": 3, "opponent": {"kind": "person"}})
    assert table.status_code == 201, table.text
    duel_id = table.json()["id"]
    lobby = person.get("/api/duels").json()["tables"]
    assert [(entry["creator"], entry["bot"]) for entry in lobby] == [("Robo", True)]
    assert person.post(f"/api/duels/{duel_id}/join").status_code == 200
    state = get_duel(person, duel_id)
    assert [(player["name"], player["bot"]) for player in state["players"]] == [("Robo", True), ("Eve", False)]
    assert "bots" in state["rating_note"]  # said from the start
    duel_act(person, duel_id, "d")
    duel_act(bot, duel_id, "d")
    assert bot.post(f"/api/duels/{duel_id}/finish").status_code == 200
    assert person.post(f"/api/duels/{duel_id}/finish").status_code == 200
    over = get_duel(person, duel_id)
    assert over["state"] == "over"
    assert over["result"]["rating_changes"] == [0.0, 0.0]
    assert "bots" in over["rating_note"]
    assert person.get("/api/me").json()["rating"] == 1500.0
    assert person.get("/api/me").json()["duels"] == 1  # the duel is in the tallies, not in the rating


def test_bots_are_rated_among_bots(client: TestClient) -> None:
    named(client, "Ada")
    first = as_bot(client, make_bot(client, "Robo")["token"])
    second = as_bot(client, make_bot(client, "Robo Two")["token"])
    table = first.post("/api/duels", json={"suits": 1, "minutes": 3, "opponent": {"kind": "person"}}).json()
    assert second.post(f"/api/duels/{table['id']}/join").status_code == 200
    duel_act(first, table["id"], "d")
    duel_act(second, table["id"], "d")
    duel_act(second, table["id"], "d")
    for bot in (first, second):
        assert bot.post(f"/api/duels/{table['id']}/finish").status_code == 200
    over = get_duel(first, table["id"])
    assert over["rating_note"] is None and 0.0 not in over["result"]["rating_changes"]


def test_a_person_invites_a_bot_which_accepts(client: TestClient) -> None:
    named(client, "Ada")
    bot = as_bot(client, make_bot(client, "Robo")["token"])
    table = client.post("/api/duels", json={"suits": 1, "minutes": 3, "opponent": {"kind": "person"}}).json()
    assert client.post(f"/api/duels/{table['id']}/invite", json={"name": "Robo"}).status_code == 200
    invitations = bot.get("/api/invitations").json()["invitations"]
    assert [(entry["duel"], entry["by"], entry["bot"]) for entry in invitations] == [(table["id"], "Ada", False)]
    assert bot.post(f"/api/duels/{table['id']}/accept").json()["state"] == "playing"


def test_what_makes_a_player_a_bot_is_in_one_place(client: TestClient, database_url: str) -> None:
    named(client, "Ada")
    make_bot(client, "Robo")
    engine = create_engine(url_of(database_url))
    with engine.connect() as connection:
        people = connection.execute(select(duelists.c.name).where(PEOPLE_ONLY)).scalars().all()
        # the same rule on the view the boards read (``leaderboards``)
        seen = connection.execute(select(SEEN_NAMES.c.name).where(people_only(SEEN_NAMES))).scalars().all()
        robo = connection.execute(select(duelists.c.player).where(duelists.c.name == "Robo")).scalar_one()
    assert "Robo" not in people and "Ada" in people and "Spider Master" in people
    assert sorted(seen) == sorted(people)
    assert is_bot(engine, robo) and not is_bot(engine, "computer-master")
    engine.dispose()


def test_the_api_description_has_the_bots_and_their_bearer_scheme(client: TestClient) -> None:
    document = client.get("/api/openapi.json").json()
    assert document["components"]["securitySchemes"]["bearerAuth"] == {
        "type": "http", "scheme": "bearer", "description": "A bot's token (POST /api/bots)"
    }
    paths = document["paths"]
    assert {"post", "get"} <= set(paths["/api/bots"]) and "delete" in paths["/api/bots/{bot_id}"]
    assert paths["/api/bots/stream"]["get"]["security"] == [{"bearerAuth": []}]
    assert "application/x-ndjson" in paths["/api/bots/stream"]["get"]["responses"]["200"]["content"]
    assert {"bearerAuth": []} in paths["/api/duels/{duel_id}/actions"]["post"]["security"]
    assert "security" not in paths["/api/games"]["post"]  # a person's only
    assert "401" in paths["/api/duels/{duel_id}/actions"]["post"]["responses"]
    assert document["components"]["schemas"]["OpenTable"]["properties"]["bot"] == {"title": "Bot", "type": "boolean"}


# The event stream, from real servers.


class Stream:
    """A bot's event stream read line by line in a thread: ``lines`` fills as they come."""

    def __init__(self, url: str, token: str) -> None:
        self.lines: list[dict[str, Any]] = []
        self.status: int | None = None
        self.ended = threading.Event()
        self.client = httpx.Client(base_url=url, headers={"authorization": f"Bearer {token}"}, timeout=30)
        self.thread = threading.Thread(target=self._read, daemon=True)
        self.thread.start()

    def _read(self) -> None:
        try:
            with self.client.stream("GET", "/api/bots/stream") as response:
                self.status = response.status_code
                for line in response.iter_lines():
                    if line:
                        self.lines.append(json.loads(line))
        except httpx.HTTPError:
            pass
        finally:
            self.ended.set()

    def wait_for(self, kind: str, seconds: float = 15.0) -> dict[str, Any]:
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            for line in self.lines:
                if line.get("type") == kind:
                    return line
            time.sleep(0.05)
        raise AssertionError(f"no {kind} line in {self.lines}")

    def close(self) -> None:
        self.client.close()


@pytest.fixture
def streams() -> Iterator[list[Any]]:
    """What the test opens (streams, clients), closed after it."""
    opened: list[Any] = []
    yield opened
    for stream in opened:
        stream.close()


def person(url: str, name: str, streams: list[Any]) -> httpx.Client:
    client = httpx.Client(base_url=url, timeout=30)
    streams.append(client)
    client.get("/")
    assert client.put("/api/me", json={"name": name}).status_code == 200
    return client


def test_a_bot_hears_of_invitations_starts_progress_and_ends_on_its_stream(
    serve: Callable[..., tuple[Any, str]], streams: list[Any]
) -> None:
    _, url = serve(SPIDER_BOT_KEEPALIVE_SECONDS="0.3")
    ada = person(url, "Ada", streams)
    token = ada.post("/api/bots", json={"name": "Robo"}).json()["token"]
    bot = httpx.Client(base_url=url, headers={"authorization": f"Bearer {token}"}, timeout=30)
    streams.append(bot)
    streams.append(stream := Stream(url, token))
    hello = stream.wait_for("hello")
    assert (hello["me"]["name"], hello["me"]["bot"], hello["playing"]) == ("Robo", True, [])
    assert stream.status == 200
    stream.wait_for("ping")  # keep-alive lines on a quiet stream
    table = ada.post("/api/duels", json={"suits": 1, "minutes": 3, "opponent": {"kind": "person"}}).json()
    assert ada.post(f"/api/duels/{table['id']}/invite", json={"name": "Robo"}).status_code == 200
    invitation = stream.wait_for("invitation")
    assert (invitation["duel"], invitation["by"]) == (table["id"], "Ada")
    assert bot.post(f"/api/duels/{table['id']}/accept").status_code == 200
    started = stream.wait_for("duel_started")
    assert started["duel"]["id"] == table["id"] and started["duel"]["you"] is not None
    assert ada.post(f"/api/duels/{table['id']}/actions", json={"action": "d"}).status_code == 200
    progress = stream.wait_for("progress")
    assert progress["seat"] == 0 and progress["player"]["name"] == "Ada"
    assert bot.post(f"/api/duels/{table['id']}/finish").status_code == 200
    assert ada.post(f"/api/duels/{table['id']}/finish").status_code == 200
    over = stream.wait_for("duel_over")
    assert over["duel"]["state"] == "over" and over["duel"]["result"] is not None
    assert all("face_down" not in json.dumps(line) for line in stream.lines)  # progress only, never a card's identity


def test_revoking_closes_the_open_stream_at_once(serve: Callable[..., tuple[Any, str]], streams: list[Any]) -> None:
    _, url = serve()  # keep-alive every 15 s: the revoke itself must close the stream
    ada = person(url, "Ada", streams)
    made = ada.post("/api/bots", json={"name": "Robo"}).json()
    streams.append(stream := Stream(url, made["token"]))
    stream.wait_for("hello")
    began = time.monotonic()
    assert ada.delete(f"/api/bots/{made['id']}").status_code == 200
    assert stream.ended.wait(5), "the stream stayed open after the revoke"
    assert time.monotonic() - began < 5
    assert stream.lines[-1]["message_id"] == "bots.revoked"
    again = Stream(url, made["token"])
    streams.append(again)
    assert again.ended.wait(10) and again.status == 401


def test_a_stream_left_open_ends_by_itself_and_a_bot_holds_two_at_most(
    serve: Callable[..., tuple[Any, str]], streams: list[Any]
) -> None:
    _, url = serve(SPIDER_BOT_STREAM_SECONDS="2", SPIDER_BOT_KEEPALIVE_SECONDS="0.5")
    ada = person(url, "Ada", streams)
    token = ada.post("/api/bots", json={"name": "Robo"}).json()["token"]
    streams.extend(opened := [Stream(url, token), Stream(url, token)])
    for stream in opened:
        stream.wait_for("hello")
    third = Stream(url, token)
    streams.append(third)
    assert third.ended.wait(10) and third.status == 429
    for stream in opened:  # bounded: an idle bot is let go, and told to connect again
        assert stream.ended.wait(10), "a stream stayed open past its time"
        assert stream.lines[-1]["message_id"] == "bots.stream_time"
    fresh = Stream(url, token)  # the places are free again
    streams.append(fresh)
    fresh.wait_for("hello")


def test_on_several_processes_a_revoke_on_one_closes_the_stream_on_the_other(
    serve: Callable[..., tuple[Any, str]], streams: list[Any], backend: str
) -> None:
    redis = os.environ.get("SPIDER_TEST_REDIS")
    if backend != "postgresql" or redis is None:
        pytest.skip("needs PostgreSQL and Redis, which scripts/test starts")
    _, first = serve(SPIDER_REDIS_URL=redis)
    _, second = serve(SPIDER_REDIS_URL=redis)
    ada = person(second, "Ada", streams)
    made = ada.post("/api/bots", json={"name": "Robo"}).json()
    streams.append(stream := Stream(first, made["token"]))
    stream.wait_for("hello")
    assert ada.delete(f"/api/bots/{made['id']}").status_code == 200  # on the other process
    assert stream.ended.wait(5), "the stream on the other process stayed open after the revoke"
    assert stream.lines[-1]["message_id"] == "bots.revoked"


def test_on_several_processes_a_bot_still_holds_two_streams_at_most(
    serve: Callable[..., tuple[Any, str]], streams: list[Any], backend: str
) -> None:
    redis = os.environ.get("SPIDER_TEST_REDIS")
    if backend != "postgresql" or redis is None:
        pytest.skip("needs PostgreSQL and Redis, which scripts/test starts")
    _, first = serve(SPIDER_REDIS_URL=redis, SPIDER_BOT_KEEPALIVE_SECONDS="0.5")
    _, second = serve(SPIDER_REDIS_URL=redis, SPIDER_BOT_KEEPALIVE_SECONDS="0.5")
    ada = person(first, "Ada", streams)
    token = ada.post("/api/bots", json={"name": "Robo"}).json()["token"]
    streams.extend(opened := [Stream(first, token), Stream(second, token)])
    for stream in opened:
        stream.wait_for("hello")
    time.sleep(3)  # past the time a place is held without its stream holding it again: both still held
    for url in (first, second):  # neither process lets a third one in
        third = Stream(url, token)
        streams.append(third)
        assert third.ended.wait(10) and third.status == 429
    opened[0].close()  # one closes: its place is free again, on either process
    assert opened[0].ended.wait(10)
    fresh = Stream(second, token)
    streams.append(fresh)
    fresh.wait_for("hello")

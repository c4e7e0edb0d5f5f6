"""Several server processes on one database server (SPEC 3.1): any process serves any request, and two
actions on one game that reach two processes at the same moment are serialized: none is lost or
applied twice, and the stored actions replay to the state each client was last told."""

from __future__ import annotations

import itertools
import json
import os
import threading
from collections.abc import Callable
from typing import Any

import httpx
import pytest
from websockets.sync.client import connect

from spider import Game
from spider.databases import database_url as url_of
from spider.server.http.identity import PLAYER_COOKIE

from .standing import in_good_standing

CODE = "SP1-S1C-AAAAAAD"
REDIS = os.environ.get("SPIDER_TEST_REDIS")


@pytest.fixture
def two_processes(backend: str, serve: Callable[..., tuple[Any, str]]) -> tuple[str, str]:
    if backend == "sqlite":
        pytest.skip("several processes on one SQLite file need SPIDER_SHARED_DATABASE: test_persistence has it")
    return serve()[1], serve()[1]


@pytest.mark.parametrize("versions", [False, True], ids=["without versions", "with versions, as the page sends"])
def test_a_burst_of_actions_on_two_processes_is_serialized(two_processes: tuple[str, str], versions: bool) -> None:
    first, second = two_processes
    with httpx.Client(base_url=first, timeout=10) as opener:
        game = opener.post("/api/games", json={"code": CODE}).json()
        cookie = opener.cookies[PLAYER_COOKIE]
    answers: list[tuple[int, dict[str, Any], str]] = []
    lock = threading.Lock()

    # each thread plays on its own process: deal, undo, deal, undo... all at once; with versions, each
    # says which version it acted on, and looks at the game again when told it has changed
    def player(url: str, actions: list[str]) -> None:
        with httpx.Client(base_url=url, timeout=10, cookies={PLAYER_COOKIE: cookie}) as client:
            seen = game["version"]
            for action in actions:
                body = {"action": action, "version": seen} if versions else {"action": action}
                response = client.post(f"/api/games/{game['id']}/actions", json=body)
                with lock:
                    answers.append((response.status_code, response.json(), action))
                if response.status_code == 200:
                    seen = response.json()["view"]["version"]
                elif response.json()["message_id"] == "server.game_changed":
                    seen = client.get(f"/api/games/{game['id']}").json()["version"]

    actions = list(itertools.islice(itertools.cycle(["d", "u"]), 30))
    threads = [threading.Thread(target=player, args=(url, actions)) for url in (first, second, first, second)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()

    played = [body["view"] for status, body, _ in answers if status == 200]
    refused = [body["message_id"] for status, body, _ in answers if status != 200]
    assert played and all(status in (200, 409) for status, _, _ in answers)
    assert set(refused) <= {"server.game_changed", "refuse.nothing_to_undo", "refuse.stock_empty"}
    versions = sorted(view["version"] for view in played)
    assert versions == list(range(1, len(played) + 1)), "an action was applied twice, or one was lost"

    # both processes now tell the same game, and it is the stored actions replayed from the opening
    with httpx.Client(timeout=10, cookies={PLAYER_COOKIE: cookie}) as client:
        told = [client.get(f"{url}/api/games/{game['id']}").json() for url in (first, second)]
    assert told[0]["version"] == told[1]["version"] == len(played)
    assert told[0]["columns"] == told[1]["columns"]
    last = max(played, key=lambda view: view["version"])
    assert told[0]["columns"] == last["columns"] and told[0]["moves"] == last["moves"]
    # the actions answered 200, in the order of their versions, replayed by the engine: after each, the
    # table its player was told
    replayed = Game.from_code(CODE)
    stored = [(body["view"], action) for status, body, action in answers if status == 200]
    for view, action in sorted(stored, key=lambda pair: pair[0]["version"]):
        replayed.apply_text(action)
        assert view["moves"] == replayed.moves and view["stock"]["cards"] == len(replayed.stock)
        assert [column["up"] for column in view["columns"]] == [
            [str(card) for card in replayed.face_up(number)] for number in range(1, 11)
        ]


def test_a_duel_goes_on_when_one_players_process_is_killed(
    backend: str, serve: Callable[..., tuple[Any, str]]
) -> None:
    if backend == "sqlite" or REDIS is None:
        pytest.skip("needs PostgreSQL and Redis, which scripts/test starts")
    doomed_process, doomed = serve(SPIDER_REDIS_URL=REDIS)
    _, lasting = serve(SPIDER_REDIS_URL=REDIS)
    with httpx.Client(base_url=doomed, timeout=10) as first, httpx.Client(base_url=lasting, timeout=10) as second:
        table = first.post("/api/duels", json={"suits": 1, "minutes": 5, "opponent": {"kind": "person"}}).json()
        assert second.post(f"/api/duels/{table['id']}/join").json()["state"] == "playing"
        cookie = f"{PLAYER_COOKIE}={second.cookies[PLAYER_COOKIE]}"
        with connect(lasting.replace("http", "ws") + "/api/socket", additional_headers={"cookie": cookie}) as watcher:
            json.loads(watcher.recv(timeout=5))
            watcher.send(json.dumps({"type": "follow", "duel": table["id"]}))
            frame_of(watcher, "duel")  # following now: the duel's events reach this socket from here on
            assert first.post(f"/api/duels/{table['id']}/actions", json={"action": "d"}).status_code == 200
            assert progress_of(watcher, seat=0)["score"] == -1  # from the first process, through Redis

            doomed_process.kill()  # kill -9, mid-duel
            doomed_process.wait(10)
            token = first.cookies[PLAYER_COOKIE]
            with httpx.Client(base_url=lasting, timeout=10, cookies={PLAYER_COOKIE: token}) as moved:
                state = moved.get(f"/api/duels/{table['id']}").json()
                assert state["state"] == "playing" and state["you"]["moves"] == 1  # nothing lost
                assert moved.post(f"/api/duels/{table['id']}/actions", json={"action": "d"}).status_code == 200
                assert progress_of(watcher, seat=0)["score"] == -2
                moved.post(f"/api/duels/{table['id']}/finish")
            second.post(f"/api/duels/{table['id']}/finish")
        over = second.get(f"/api/duels/{table['id']}").json()
        assert over["state"] == "over" and over["code"] and [p["score"] for p in over["players"]] == [-2, 0]


def frame_of(socket: Any, kind: str) -> dict[str, Any]:
    """The next frame of a kind that the socket hears."""
    for _ in range(30):
        frame: dict[str, Any] = json.loads(socket.recv(timeout=10))
        if frame["type"] == kind:
            return frame
    raise AssertionError(f"no {kind} frame came")


def progress_of(socket: Any, seat: int) -> dict[str, Any]:
    """The next progress of a seat that the socket hears."""
    for _ in range(30):
        frame = json.loads(socket.recv(timeout=10))
        if frame["type"] == "progress" and frame["seat"] == seat:
            player: dict[str, Any] = frame["player"]
            return player
    raise AssertionError("no progress came")


def test_the_new_games_limit_holds_across_two_processes_sharing_redis(
    backend: str, serve: Callable[..., tuple[Any, str]]
) -> None:
    if backend == "sqlite" or REDIS is None:
        pytest.skip("needs PostgreSQL and Redis, which scripts/test starts")
    limited = {"SPIDER_REDIS_URL": REDIS, "SPIDER_NEW_GAMES_PER_MINUTE": "5"}
    first, second = serve(**limited)[1], serve(**limited)[1]
    with httpx.Client(base_url=first, timeout=10) as one:
        one.get("/api/me")
        token = one.cookies[PLAYER_COOKIE]
        made = [one.post("/api/games", json={"suits": 1}).status_code for _ in range(3)]
        with httpx.Client(base_url=second, timeout=10, cookies={PLAYER_COOKIE: token}) as other:
            made += [other.post("/api/games", json={"suits": 1}).status_code for _ in range(3)]
            refused = other.post("/api/games", json={"suits": 1})
    assert made == [201] * 5 + [429]  # 5 in all, whichever process the player reaches
    assert refused.status_code == 429 and refused.json()["message_id"] == "server.too_many_games"
    with httpx.Client(base_url=second, timeout=10) as someone_else:
        assert someone_else.post("/api/games", json={"suits": 1}).status_code == 201  # the limit is the player's


def test_one_players_two_duels_ending_at_once_on_two_processes_both_change_the_rating(
    two_processes: tuple[str, str], database_url: str
) -> None:
    first, second = two_processes
    lost = []
    for trial in range(8):
        with httpx.Client(base_url=first, timeout=10) as star:
            star.get("/api/me")
            opponents = [httpx.Client(base_url=url, timeout=10) for url in (first, second)]
            players = [star, *opponents]
            for number, client in enumerate(players):
                client.put("/api/me", json={"name": f"T{trial} P{number}"})
            in_good_standing(url_of(database_url), [client.cookies[PLAYER_COOKIE] for client in players])
            duel_ids = []
            for opponent in opponents:  # each duel: the opponent deals twice and finishes; the star deals once
                table = opponent.post("/api/duels", json={"suits": 1, "minutes": 5, "opponent": {"kind": "person"}})
                duel_id = table.json()["id"]
                assert star.post(f"/api/duels/{duel_id}/join").status_code == 200
                for action in ("d", "d"):
                    assert opponent.post(f"/api/duels/{duel_id}/actions", json={"action": action}).status_code == 200
                assert opponent.post(f"/api/duels/{duel_id}/finish").status_code == 200
                assert star.post(f"/api/duels/{duel_id}/actions", json={"action": "d"}).status_code == 200
                duel_ids.append(duel_id)
            cookie = star.cookies[PLAYER_COOKIE]
            ready = threading.Barrier(2)

            def finish(url: str, duel_id: str, cookie: str, ready: threading.Barrier) -> None:
                with httpx.Client(base_url=url, timeout=10, cookies={PLAYER_COOKIE: cookie}) as client:
                    ready.wait()
                    assert client.post(f"/api/duels/{duel_id}/finish").status_code == 200

            # the star's two duels end at once, on two processes
            threads = [
                threading.Thread(target=finish, args=(url, duel_id, cookie, ready))
                for url, duel_id in zip((first, second), duel_ids, strict=True)
            ]
            for thread in threads:
                thread.start()
            for thread in threads:
                thread.join()
            results = [star.get(f"/api/duels/{duel_id}").json()["result"] for duel_id in duel_ids]
            changes = [result["rating_changes"][1] for result in results]
            assert [result["outcomes"][1] for result in results] == ["win", "win"] and all(c > 0 for c in changes)
            me = star.get("/api/me").json()
            assert me["duels"] == 2
            if abs(me["rating"] - (1500 + sum(changes))) > 0.05:
                lost.append((trial, me["rating"], changes))
            for client in opponents:
                client.close()
    assert lost == [], "a rating change was lost"

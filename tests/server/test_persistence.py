"""A game and its whole undo history survive a new app on the same database, and a killed server."""

from __future__ import annotations

import os
import signal
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import httpx
import pytest
from starlette.testclient import TestClient

from spider import Game
from spider.databases import database_url as url_of
from spider.server.app import create_app
from spider.server.db.claim import DatabaseInUse
from spider.server.games.service import Games
from spider.server.games.store import Store
from spider.server.http.identity import PLAYER_COOKIE
from spider.server.http.parts import parts_of
from spider.server.settings import Settings
from spider.server.solving.pool_worker import PoolWorker

from .conftest import act, new_game

CODE = "SP1-S2C-AAAAAAD"


def play_some(client: TestClient, game_id: str, count: int) -> list[str]:
    """Plays the first listed move (or a deal) ``count`` times; returns the actions."""
    played = []
    view = client.get(f"/api/games/{game_id}").json()
    for _ in range(count):
        group = next((g for g in view["groups"] if g["best"] is not None), None)
        action = "d" if group is None else f"{group['column']}>{group['best']}:{group['count']}"
        view = act(client, game_id, action)["view"]
        played.append(action)
    return played


def test_the_database_is_in_wal_mode(client: TestClient, database: Path) -> None:
    new_game(client, code=CODE)
    store = Store(f"sqlite:///{database}")
    assert store.journal_mode() == "wal"
    store.close()


def test_a_game_with_its_history_survives_a_new_app(make_client: Callable[..., TestClient]) -> None:
    first = make_client()
    view = new_game(first, code=CODE)
    game_id = view["id"]
    opening = view["columns"]
    play_some(first, game_id, 6)
    act(first, game_id, "u")
    act(first, game_id, "u")
    before = first.get(f"/api/games/{game_id}").json()
    assert before["can_undo"] and before["can_redo"]

    second = make_client()  # a new app on the same file, as after a restart
    second.cookies.set(PLAYER_COOKIE, first.cookies[PLAYER_COOKIE])
    after = second.get(f"/api/games/{game_id}").json()
    for key in ("columns", "stock", "score", "moves", "can_undo", "can_redo", "last_move", "groups", "text"):
        assert after[key] == before[key], key
    assert second.get("/api/games/current").json()["id"] == game_id
    redone = act(second, game_id, "r")["view"]
    assert redone["moves"] == before["moves"] + 1
    view = redone
    undos = 0
    while view["can_undo"]:
        view = act(second, game_id, "u")["view"]
        undos += 1
    assert undos == 5 and view["columns"] == opening and view["moves"] == 0


def test_a_live_game_is_rebuilt_when_the_cache_forgets_it(make_client: Callable[..., TestClient]) -> None:
    client = make_client(cache_size=1)
    first = new_game(client, code=CODE)
    play_some(client, first["id"], 3)
    state = client.get(f"/api/games/{first['id']}").json()
    other = TestClient(client.app)  # another player's game pushes the first out of the cache
    new_game(other, code=CODE)
    assert client.get(f"/api/games/{first['id']}").json()["columns"] == state["columns"]


def test_new_games_keep_the_cache_within_its_size(make_client: Callable[..., TestClient]) -> None:
    client = make_client(cache_size=3)
    first = new_game(client, code=CODE)
    play_some(client, first["id"], 2)
    state = client.get(f"/api/games/{first['id']}").json()
    for _ in range(10):  # each new game of another player goes into the cache
        new_game(TestClient(client.app), code=CODE)
    assert parts_of(client.app)[Games].cached[0] == 3
    assert client.get(f"/api/games/{first['id']}").json()["columns"] == state["columns"]  # rebuilt


def test_long_undo_histories_keep_the_cache_within_its_memory(make_client: Callable[..., TestClient]) -> None:
    client = make_client(cache_megabytes=0.1)  # two new games, or one with 60 actions to undo
    first = new_game(client, code=CODE)
    play_some(client, first["id"], 3)
    other = TestClient(client.app)
    second = new_game(other, code=CODE)
    assert parts_of(client.app)[Games].cached[0] == 2
    play_some(other, second["id"], 40)  # its undo history grows: both no longer fit
    games, held = parts_of(client.app)[Games].cached
    assert games == 1 and held <= 0.1 * 1024 * 1024
    assert act(client, first["id"], "u")["view"]["moves"] == 2  # the first is rebuilt, undo history and all


def children(pid: int) -> list[int]:
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[1]) == pid:
                found.append(int(entry.name))
    return found


def alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


def test_kill_9_and_restart_keeps_the_game_and_its_undo_history(serve: Any) -> None:
    # with the solver's worker processes running, which must not outlive a killed server
    process, url = serve(SPIDER_POOL_TARGET="1", SPIDER_SOLVER_WORKERS="1")
    with httpx.Client(base_url=url, timeout=10) as client:
        created = client.post("/api/games", json={"code": CODE})
        assert created.status_code == 201
        game_id = created.json()["id"]
        opening = created.json()["columns"]
        actions = []
        view = created.json()
        for _ in range(8):
            group = next((g for g in view["groups"] if g["best"] is not None), None)
            action = "d" if group is None else f"{group['column']}>{group['best']}:{group['count']}"
            response = client.post(f"/api/games/{game_id}/actions", json={"action": action})
            assert response.status_code == 200
            view = response.json()["view"]
            actions.append(action)
        view = client.post(f"/api/games/{game_id}/actions", json={"action": "u"}).json()["view"]
        token = client.cookies[PLAYER_COOKIE]

    workers = [pid for pid in children(process.pid) if alive(pid)]
    os.kill(process.pid, signal.SIGKILL)  # no shutdown, no checkpoint: only what was committed
    process.wait(10)
    deadline = time.monotonic() + 10
    while any(alive(pid) for pid in workers) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert workers and not [pid for pid in workers if alive(pid)], "a worker outlived the killed server"

    _, url = serve()
    with httpx.Client(base_url=url, timeout=10, cookies={PLAYER_COOKIE: token}) as client:
        restored = client.get("/api/games/current").json()
        assert restored["id"] == game_id
        assert restored["columns"] == view["columns"] and restored["moves"] == view["moves"]
        assert restored["can_redo"] is True
        undos = 0
        while restored["can_undo"]:
            restored = client.post(f"/api/games/{game_id}/actions", json={"action": "u"}).json()["view"]
            undos += 1
        assert undos == len(actions) - 1
        assert restored["columns"] == opening
    with httpx.Client(base_url=url, timeout=10) as stranger:
        assert stranger.get(f"/api/games/{game_id}").status_code == 404


def test_a_second_server_on_a_database_in_use_is_refused(
    make_client: Callable[..., TestClient], settings: Settings, database: Path
) -> None:
    # a SQLite file has no server of its own to keep order among writers: the claim does (PostgreSQL keeps it)
    make_client()
    with pytest.raises(DatabaseInUse, match="another Spider server is running on .*SPIDER_SHARED_DATABASE=1"):
        create_app(settings)
    with pytest.raises(DatabaseInUse, match="keeps .* to itself"):
        create_app(settings.model_copy(update={"shared_database": True}))


def test_a_server_that_fails_to_start_lets_go_of_its_database(
    settings: Settings, database: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # the parts started before the one that failed are stopped, the database's claim last: the next start is let in
    def broken(worker: PoolWorker) -> None:
        raise RuntimeError("the deal pool's worker would not start")

    monkeypatch.setattr(PoolWorker, "start", broken)
    failing = create_app(settings.model_copy(update={"pool_target": 1}))
    with pytest.raises(RuntimeError, match="would not start"), TestClient(failing):
        pass
    monkeypatch.undo()
    with TestClient(create_app(settings)) as client:
        assert client.get("/api/presets").status_code == 200


def test_sharing_servers_never_apply_an_action_to_a_table_the_player_has_not_seen(
    make_client: Callable[..., TestClient],
) -> None:
    first = make_client(shared_database=True)
    view = new_game(first, code=CODE)
    second = make_client(shared_database=True)  # another server process on the same file, with its own cache
    second.cookies.set(PLAYER_COOKIE, first.cookies[PLAYER_COOKIE])
    seen = second.get(f"/api/games/{view['id']}").json()
    assert seen["moves"] == 0 and seen["version"] == 0
    act(first, view["id"], "d")
    stale = second.post(f"/api/games/{view['id']}/actions", json={"action": "d", "version": seen["version"]})
    assert stale.status_code == 409 and stale.json()["message_id"] == "server.game_changed"
    reloaded = second.get(f"/api/games/{view['id']}").json()
    assert reloaded["moves"] == 1 and reloaded["version"] == 1
    answer = second.post(f"/api/games/{view['id']}/actions", json={"action": "d", "version": 1}).json()
    assert answer["view"]["moves"] == 2 and answer["view"]["stock"]["cards"] == 30
    assert first.get(f"/api/games/{view['id']}").json()["moves"] == 2


def test_a_sharing_server_catches_up_with_the_moves_the_undo_history_and_the_end_another_stored(
    make_client: Callable[..., TestClient],
) -> None:
    first = make_client(shared_database=True)
    view = new_game(first, code=CODE)
    second = make_client(shared_database=True)
    second.cookies.set(PLAYER_COOKIE, first.cookies[PLAYER_COOKIE])
    assert second.get(f"/api/games/{view['id']}").json()["version"] == 0  # now in the second's cache
    act(first, view["id"], "d")
    act(first, view["id"], "d")
    undone = act(second, view["id"], "u")["view"]  # the second takes back the first's last deal
    replayed = Game.from_code(CODE)
    for action in ("d", "d", "u"):
        replayed.apply_text(action)
    assert (undone["version"], undone["stock"]["cards"], undone["moves"]) == (3, 40, replayed.moves)
    told = first.get(f"/api/games/{view['id']}").json()
    assert told["columns"] == undone["columns"] and told["version"] == 3
    assert first.post(f"/api/games/{view['id']}/resign").status_code == 200
    ended = second.get(f"/api/games/{view['id']}").json()
    assert ended["over"] and ended["result"] == "resigned" and ended["code"] == CODE


def test_a_conflict_in_the_database_is_a_409_not_a_retry(make_client: Callable[..., TestClient]) -> None:
    first = make_client(shared_database=True)
    view = new_game(first, code=CODE)
    second = make_client(shared_database=True)
    second.cookies.set(PLAYER_COOKIE, first.cookies[PLAYER_COOKIE])
    second.get(f"/api/games/{view['id']}")
    games = parts_of(second.app)[Games]
    games.shared = False  # skip the check, as in a race
    act(first, view["id"], "d")
    refused = second.post(f"/api/games/{view['id']}/actions", json={"action": "d"})
    assert refused.status_code == 409 and refused.json()["message_id"] == "server.game_changed"
    games.shared = True
    assert second.get(f"/api/games/{view['id']}").json()["moves"] == 1  # only the stored action


def test_an_action_that_cannot_be_stored_is_not_kept(
    make_client: Callable[..., TestClient], monkeypatch: pytest.MonkeyPatch
) -> None:
    client = make_client()
    view = new_game(client, code=CODE)
    act(client, view["id"], "d")
    games = parts_of(client.app)[Games]

    def disk_full(*args: object, **kwargs: object) -> None:
        raise OSError("database or disk is full")

    monkeypatch.setattr(games.store, "add_action", disk_full)
    failing = TestClient(client.app, raise_server_exceptions=False)
    failing.cookies.set(PLAYER_COOKIE, client.cookies[PLAYER_COOKIE])
    response = failing.post(f"/api/games/{view['id']}/actions", json={"action": "d"})
    assert response.status_code == 500 and response.json()["message_id"] == "server.internal"
    monkeypatch.undo()
    after = client.get(f"/api/games/{view['id']}").json()
    assert after["moves"] == 1 and after["stock"]["cards"] == 40  # as stored, not as half-played


def test_with_a_shared_database_every_server_shows_the_stored_game(make_client: Callable[..., TestClient]) -> None:
    first = make_client(shared_database=True)
    view = new_game(first, code=CODE)
    second = make_client(shared_database=True)
    second.cookies.set(PLAYER_COOKIE, first.cookies[PLAYER_COOKIE])
    assert second.get(f"/api/games/{view['id']}").json()["moves"] == 0  # now cached in the second
    act(first, view["id"], "d")
    assert second.get(f"/api/games/{view['id']}").json()["moves"] == 1
    first.post(f"/api/games/{view['id']}/resign")
    assert second.get(f"/api/games/{view['id']}").json()["result"] == "resigned"
    refused = second.post(f"/api/games/{view['id']}/actions", json={"action": "d"})
    assert refused.status_code == 409 and refused.json()["message_id"] == "server.game_over"


def test_a_connection_given_back_after_the_store_closed_is_closed_too(database_url: str) -> None:
    # a thread still at work as the server stops gives its connection back after the database closed: it is let go,
    # not left open in a pool nobody uses (PostgreSQL would keep the session until the process ends)
    store = Store(url_of(database_url))
    late = store.engine.connect()
    late.exec_driver_sql("SELECT 1")
    raw = late.connection.dbapi_connection
    store.close()
    late.close()
    with pytest.raises(Exception, match="(?i)closed"):
        raw.cursor().execute("SELECT 1")


def test_a_connection_given_back_after_its_pool_was_disposed_of_is_closed(database_url: str) -> None:
    # a test (or an operator's tool) disposes of the pool while a thread holds a connection: given back, it is closed
    # rather than kept in the old pool, while the store goes on with new connections
    store = Store(url_of(database_url))
    try:
        late = store.engine.connect()
        raw = late.connection.dbapi_connection
        store.engine.dispose()
        late.close()
        with pytest.raises(Exception, match="(?i)closed"):
            raw.cursor().execute("SELECT 1")
        assert store.reachable() is None
    finally:
        store.close()

"""Verified deals: from the pool, solved on the spot when the pool has none, and the winning line
shown after the game. A verified deal played through the API to the win, never showing a face-down card."""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from spider import Game
from spider.server.http.parts import parts_of
from spider.server.settings import Settings
from spider.server.solving.deal_pool import Pool
from spider.server.solving.pool_worker import PoolWorker
from spider.solver import solve

from .conftest import new_game
from .test_privacy import check_public

CODE = "SP1-S1C-AAAAAABAAAAAAA"  # a secret code: 14 letters, like every deal the server deals


@pytest.fixture(scope="module")
def winning_line() -> list[str]:
    result = solve(Game.from_code(CODE), seconds=60)
    assert result.verdict == "win"
    return list(result.line)


def test_a_verified_deal_comes_from_the_pool_and_plays_to_a_win(
    client: TestClient, database: Path, winning_line: list[str]
) -> None:
    Pool(database).add(CODE, 1, winning_line)
    response = client.post("/api/games", json={"suits": 1, "deal": "verified"})
    view = response.json()
    assert response.status_code == 201 and view["verified"] is True and view["code"] is None
    truth = Game.from_code(CODE)
    for action in winning_line:
        before = truth.copy()
        answered = client.post(f"/api/games/{view['id']}/actions", json={"action": action})
        assert answered.status_code == 200, (action, answered.text)
        truth.play(action)
        answer = answered.json()
        check_public(answered.text, answer["view"], answer["events"], truth, before)
        view = answer["view"]
    assert view["won"] is True and view["over"] is True and view["result"] == "won" and view["code"] == CODE
    assert view["runs"] == ["s"] * 8 and view["stock"]["cards"] == 0
    assert answer["events"][-1] == {"type": "won"}
    assert client.get(f"/api/games/{view['id']}/line").json() == {"code": CODE, "line": winning_line}
    assert client.post(f"/api/games/{view['id']}/actions", json={"action": "u"}).status_code == 409

    stats = client.get("/api/stats").json()
    one = stats["by_suits"]["1"]
    assert (one["games"], one["wins"], one["win_rate"]) == (1, 1, 1.0)
    assert one["current_streak"] == one["best_streak"] == 1
    assert one["fewest_moves"] == view["moves"] and one["best_seconds"] == view["seconds"]
    assert stats["best_scores"]["1"] == {"standard": view["score"]}
    assert view["score"] == 500 - view["moves"] + 800
    assert stats["site"]["by_suits"]["1"]["wins"] == 1 and stats["site"]["period_days"] == 30


def test_each_verified_deal_is_given_once(client: TestClient, database: Path, winning_line: list[str]) -> None:
    Pool(database).add(CODE, 1, winning_line)
    first = new_game(client, suits=1, deal="verified")
    assert first["verified"] is True and Pool(database).count(1) == 0
    second = new_game(client, suits=1, deal="verified")  # the pool has nothing else, and no time to solve
    assert second["verified"] is False
    stranger = TestClient(client.app)
    assert new_game(stranger, suits=1, deal="verified")["verified"] is False


def test_pool_deals_with_a_7_letter_code_are_never_dealt(
    make_client: Callable[..., TestClient], database: Path
) -> None:
    # a 7-letter shuffle can be found from the opening cards by trying all 26**7 of them
    Pool(database).add("SP1-S1C-AAAAAAD", 1, ["1>2"])
    client = make_client()
    assert new_game(client, suits=1, deal="verified")["verified"] is False
    assert Pool(database).count(1) == 0


def test_a_pool_line_that_does_not_win_under_the_chosen_rules_is_not_used(
    client: TestClient, database: Path, winning_line: list[str]
) -> None:
    Pool(database).add(CODE, 1, winning_line)
    view = new_game(client, suits=1, deal="verified", preset="tabletop")  # another layout, another deal
    assert view["verified"] is False
    assert Pool(database).line(CODE) == winning_line  # still there for a game under classic rules


def test_with_an_empty_pool_a_deal_is_solved_on_the_spot(
    make_client: Callable[..., TestClient], database: Path
) -> None:
    client = make_client(verify_seconds=30.0)
    view = new_game(client, suits=1, deal="verified")
    assert view["verified"] is True and view["code"] is None
    assert Pool(database).count(1) == 0  # given to this player: never to another
    group = next(group for group in view["groups"] if group["best"] is not None)
    client.post(f"/api/games/{view['id']}/actions", json={"action": f"{group['column']}>{group['best']}"})
    code = client.post(f"/api/games/{view['id']}/resign").json()["code"]
    assert len(code.split("-")[2]) == 14
    line = client.get(f"/api/games/{view['id']}/line").json()["line"]
    game = Game.from_code(code)
    for action in line:
        game.play(action)
    assert game.won


def test_when_no_deal_is_verified_in_time_the_view_says_so(make_client: Callable[..., TestClient]) -> None:
    client = make_client(verify_seconds=0.01)
    view = new_game(client, suits=4, deal="verified")
    assert view["verified"] is False and view["suits"] == 4


def test_the_pool_worker_fills_the_pool_and_stops(tmp_path: Path) -> None:
    database = tmp_path / "pool.sqlite"
    worker = PoolWorker(str(database), target=1, seconds=20.0)
    worker.start()
    try:
        deadline = time.monotonic() + 90
        while Pool(database).count(1) < 1 and time.monotonic() < deadline:
            time.sleep(0.2)
        assert Pool(database).count(1) >= 1
    finally:
        began = time.monotonic()
        worker.stop(timeout=2.0)
    assert not worker.alive and time.monotonic() - began < 10
    code, line = Pool(database).take(1) or ("", [])
    game = Game.from_code(code)
    for action in line:
        game.play(action)
    assert game.won


def test_no_worker_runs_in_tests(client: TestClient) -> None:
    import multiprocessing

    assert parts_of(client.app)[Settings].pool_target == 0
    assert not [child for child in multiprocessing.active_children() if child.name == "spider-pool"]

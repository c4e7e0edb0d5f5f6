"""The review of a finished game in the API: started, followed until done, one per player at a time, and
"try again from here" with the unseen cards re-imagined."""

from __future__ import annotations

import asyncio
import os
import threading
import time
from collections.abc import Callable
from concurrent.futures import Executor, Future, ThreadPoolExecutor
from typing import Any

import pytest
from starlette.testclient import TestClient

from spider.game import Game
from spider.notation import parse_position
from spider.players.review import review_chunk
from spider.rules import TableRules
from spider.server.http.parts import parts_of
from spider.server.reviews import service as reviews
from spider.server.reviews.service import CHUNK_ACTIONS, Reviews
from spider.server.work.jobs import ADDRESS, Call
from spider.server.work.local import LocalWork
from spider.server.work.service import Work, bounds
from tests.own_loop import run
from tests.server.conftest import act, new_game

CODE = "SP1-S1C-AAAAAAD"
MOVES = ["1>8", "9>4", "10>2", "d", "d"]


def lost_game(client: TestClient, moves: list[str] = MOVES) -> str:
    game_id: str = new_game(client, code=CODE)["id"]
    for action in moves:
        act(client, game_id, action)
    act(client, game_id, "u")
    act(client, game_id, "r")
    assert client.post(f"/api/games/{game_id}/resign").json()["over"]
    return game_id


def finished_review(client: TestClient, game_id: str) -> dict[str, Any]:
    # a few seconds of CPU for these short games; the wall time allows for a crowded machine (the review's work is
    # set by node budgets, never cut short by a clock)
    deadline = time.monotonic() + 300
    while time.monotonic() < deadline:
        found: dict[str, Any] = client.get(f"/api/games/{game_id}/review").json()
        if found["state"] in ("done", "failed"):
            return found
        time.sleep(0.1)
    raise AssertionError("the review took over five minutes")


def test_a_finished_game_is_reviewed_move_by_move(client: TestClient) -> None:
    game_id = lost_game(client)
    assert client.get(f"/api/games/{game_id}/review").status_code == 404  # none started yet
    started = client.post(f"/api/games/{game_id}/review")
    assert started.status_code == 202, started.text
    assert started.json()["total"] == len(MOVES) and started.json()["state"] in ("queued", "running", "done")
    found = finished_review(client, game_id)
    assert found["state"] == "done" and found["done"] == found["total"] == len(MOVES)
    review = found["review"]
    assert [step["action"] for step in review["steps"]] == MOVES  # undo and redo are no play
    assert [step["at"] for step in review["steps"]] == [0, 1, 2, 3, 4]
    opening = Game.from_code(CODE)
    assert review["steps"][0]["master"] in {str(action) for action in opening.legal_actions()}
    for step in review["steps"]:
        assert 0 <= step["before"] <= 1 and 0 <= step["after"] <= 1 and 0 <= step["accuracy"] <= 100
    assert 0 <= review["accuracy"] <= 100
    assert len(review["costliest"]) <= 3
    assert sum(step["costly"] for step in review["steps"]) == len(review["costliest"])
    # Asked again, the same review answers at once.
    again = client.post(f"/api/games/{game_id}/review")
    assert again.status_code == 202 and again.json()["review"] == review


def test_no_review_of_a_game_in_play_nor_of_another_players(client: TestClient) -> None:
    game_id = new_game(client, code=CODE)["id"]
    act(client, game_id, "1>8")
    refused = client.post(f"/api/games/{game_id}/review")
    assert refused.status_code == 409 and refused.json()["message_id"] == "server.review_not_over"
    finished = lost_game(client)
    client.cookies.clear()  # someone else
    assert client.post(f"/api/games/{finished}/review").status_code == 404
    assert client.get(f"/api/games/{finished}/review").status_code == 404
    assert client.get(f"/api/games/{finished}/review/practice?at=1").status_code == 404


def test_a_player_has_one_review_in_the_making_at_a_time(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    held = threading.Event()

    def slow_chunk(*args: Any) -> Any:
        held.wait(30)
        return review_chunk(*args)

    monkeypatch.setattr(reviews, "review_chunk", slow_chunk)
    work = parts_of(client.app)[Work]
    assert isinstance(work, LocalWork)
    threads = ThreadPoolExecutor(1)  # a worker that can be held (a process would not see the patch)
    work.run_in(threads, threads)
    first, second = lost_game(client), lost_game(client, ["1>8", "d"])
    assert client.post(f"/api/games/{first}/review").status_code == 202
    busy = client.post(f"/api/games/{second}/review")
    assert busy.status_code == 429 and busy.json()["message_id"] == "server.review_busy"
    assert int(busy.headers["retry-after"]) >= 1
    assert client.get(f"/api/games/{first}/review").json()["state"] in ("queued", "running")
    held.set()
    assert finished_review(client, first)["state"] == "done"
    assert client.post(f"/api/games/{second}/review").status_code == 202
    assert finished_review(client, second)["review"]["steps"][1]["action"] == "d"


def test_try_again_from_here_keeps_what_was_seen_and_reimagines_the_rest(client: TestClient) -> None:
    game_id = lost_game(client)
    answer = client.get(f"/api/games/{game_id}/review/practice?at=3")
    assert answer.status_code == 200, answer.text
    practice = parse_position(answer.json()["position"])
    real = parse_position(Game.replay(CODE, None, MOVES[:3]).position())
    assert practice.columns == real.columns and practice.face_down == real.face_down
    assert practice.stock_count == real.stock_count and practice.hidden is not None and practice.stock is not None
    assert (practice.hidden, practice.stock) != (real.hidden, real.stock)
    too_far = client.get(f"/api/games/{game_id}/review/practice?at=99")
    assert too_far.status_code == 422 and too_far.json()["message_id"] == "server.bad_query"


def test_a_review_is_made_in_a_worker_process_of_its_own(make_client: Callable[..., TestClient]) -> None:
    client = make_client(solver_workers=1)
    game_id = lost_game(client, ["1>8", "d"])
    assert client.post(f"/api/games/{game_id}/review").status_code == 202
    found = finished_review(client, game_id)
    assert found["state"] == "done" and [step["action"] for step in found["review"]["steps"]] == ["1>8", "d"]
    work = parts_of(client.app)[Work]
    assert isinstance(work, LocalWork) and work.pids() and os.getpid() not in work.pids()


class Taken(Executor):
    """A worker that is handed one job at a time and ends it when the test says, as if it took a second: the order
    the queue hands the jobs over in, without running a search."""

    def __init__(self) -> None:
        self.given: list[tuple[Future[Any], Call]] = []

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Future[Any]:
        future: Future[Any] = Future()
        self.given.append((future, args[0]))
        return future

    def end_one(self) -> Call:
        """Ends the job being worked out: no steps, in a second."""
        future, call = self.given.pop(0)
        future.set_result(([], 1.0))
        return call


def test_a_review_asked_behind_a_dozen_under_way_starts_within_seconds_of_their_work() -> None:
    # one worker for reviews, a dozen 100-action reviews under way from a dozen addresses: the next player's review
    # waits for a chunk of a few actions of theirs, not for whole reviews (each about a minute of the worker's time)
    taken = Taken()
    work = LocalWork(0, bounds(1))
    work.run_in(Taken(), taken)
    made = Reviews(work)
    actions = ["d"] * 100

    async def settle() -> None:
        for _ in range(5):
            await asyncio.sleep(0)

    async def scenario() -> list[int]:
        for number in range(12):
            ADDRESS.set(f"10.0.0.{number}")
            await made.begin(f"player {number}", f"game {number:011d}", CODE, TableRules(), actions)
        for _ in range(40):  # their reviews take turns for a while
            taken.end_one()
            await settle()
        ADDRESS.set("10.9.9.9")
        victim = await made.begin("victim", "victims game", CODE, TableRules(), actions)
        chunks = []
        while victim.state == "queued":
            call = taken.end_one()
            chunks.append(len(call.args[3]))  # the actions the chunk reviews
            await settle()
        return chunks

    chunks = run(scenario())
    assert all(1 <= actions <= CHUNK_ACTIONS for actions in chunks), chunks
    assert len(chunks) <= 12, chunks  # at most one chunk of each review under way: a dozen seconds or so

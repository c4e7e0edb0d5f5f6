"""Fair shares of the solver: one search of each kind in flight per player, a short queue for everybody,
and deals solved on the spot kept apart from hints. The worker processes are replaced by executors that
hold each search until the test lets it go, so "in flight" lasts exactly as long as the test needs."""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator
from concurrent.futures import Executor, Future
from typing import Any

import pytest
from starlette import status
from starlette.testclient import TestClient

from spider import Game
from spider.server.games.service import Games
from spider.server.http.errors import answer_to, error_headers
from spider.server.http.parts import parts_of
from spider.server.refusals import TooMany
from spider.server.solving.searches import DEAL_QUEUE, SEARCH_QUEUE, Searches
from tests.own_loop import run

from .conftest import new_game

TOO_MANY = status.HTTP_429_TOO_MANY_REQUESTS
GIVE_UP = 60.0  # seconds a test waits for a request to reach the worker before it fails (never reached)


class Held(Executor):
    """Holds every search it is given until :meth:`let_go`, then runs them in order, and any
    later one at once."""

    def __init__(self) -> None:
        self.calls: list[tuple[Future[Any], Callable[..., Any], tuple[Any, ...]]] = []
        self.arrived = threading.Semaphore(0)
        self.holding = True

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Future[Any]:
        future: Future[Any] = Future()
        if self.holding:
            self.calls.append((future, fn, args))
            self.arrived.release()
        else:
            future.set_result(fn(*args))
        return future

    def wait_for(self, count: int) -> None:
        """Until ``count`` more searches have been handed over."""
        for _ in range(count):
            assert self.arrived.acquire(timeout=GIVE_UP)

    def let_go(self) -> None:
        self.holding = False
        calls, self.calls = self.calls, []
        for future, fn, args in calls:
            future.set_result(fn(*args))


class Now(Executor):
    """Runs every search at once, as an idle worker would."""

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Future[Any]:
        future: Future[Any] = Future()
        future.set_result(fn(*args))
        return future


class Background:
    """Requests sent from other threads, so that they can be in flight while the test goes on."""

    def __init__(self) -> None:
        self.threads: list[threading.Thread] = []
        self.answers: list[tuple[int, dict[str, Any]]] = []

    def send(self, client: TestClient, method: str, url: str, **kwargs: Any) -> None:
        def run() -> None:
            response = client.request(method, url, **kwargs)
            self.answers.append((response.status_code, response.json()))

        thread = threading.Thread(target=run)
        thread.start()
        self.threads.append(thread)

    def join(self) -> list[tuple[int, dict[str, Any]]]:
        for thread in self.threads:
            thread.join(GIVE_UP)
            assert not thread.is_alive()
        return self.answers


@pytest.fixture
def background() -> Iterator[Background]:
    requests = Background()
    yield requests
    for thread in requests.threads:
        thread.join(GIVE_UP)


def searches_of(client: TestClient) -> Searches:
    searches: Searches = parts_of(client.app)[Games].searches  # type: ignore[attr-defined]
    return searches


def hint_url(client: TestClient, suits: int = 1) -> str:
    return f"/api/games/{new_game(client, suits=suits)['id']}/hint"


def test_a_second_hint_while_the_first_is_worked_out_is_refused_and_others_are_not(
    client: TestClient, background: Background
) -> None:
    held = Held()
    searches_of(client).run_in(held, Now())
    other = TestClient(client.app)  # another player: another cookie
    mine, theirs = hint_url(client), hint_url(other)
    background.send(client, "GET", mine)
    held.wait_for(1)

    refused = client.get(mine)
    assert refused.status_code == TOO_MANY and refused.headers["retry-after"] == "1"
    assert refused.json() == {
        "error": "Your last hint is still being worked out; ask again once it has come.",
        "message_id": "server.hint_in_flight",
    }
    background.send(other, "GET", theirs)  # the other player's hint is queued, not refused
    held.wait_for(1)

    held.let_go()
    assert [code for code, _ in background.join()] == [200, 200]
    assert client.get(mine).status_code == status.HTTP_200_OK  # the first was answered: room again


def test_a_hint_does_not_wait_behind_deals_being_solved(
    make_client: Callable[..., TestClient], background: Background
) -> None:
    client = make_client(verify_seconds=20.0)
    deals, players = Held(), [TestClient(client.app) for _ in range(DEAL_QUEUE + 2)]
    for player in players:
        player.get("/api/presets")  # its cookie, before a request goes off in the background
    searches_of(client).run_in(Now(), deals)
    for player in players[:DEAL_QUEUE]:  # the deal worker is busy for as long as the test says
        background.send(player, "POST", "/api/games", json={"suits": 1, "deal": "verified"})
    deals.wait_for(DEAL_QUEUE)

    hint = client.get(hint_url(client, suits=4))  # answered now: hints have a worker of their own
    assert hint.status_code == status.HTTP_200_OK and hint.json()["text"]
    late = players[DEAL_QUEUE].post("/api/games", json={"suits": 1, "deal": "verified"})
    assert late.status_code == status.HTTP_201_CREATED and late.json()["verified"] is False  # at once, random
    again = players[0].post("/api/games", json={"suits": 1, "deal": "verified"})
    assert again.status_code == TOO_MANY and again.headers["retry-after"] == "20"
    assert again.json()["message_id"] == "server.deal_in_flight"

    deals.let_go()
    answers = background.join()
    assert [(code, view["verified"]) for code, view in answers] == [(201, True)] * DEAL_QUEUE
    assert players[0].post("/api/games", json={"suits": 1, "deal": "verified"}).status_code == 201


def positions(count: int) -> list[str]:
    return [Game.new(1, shuffle=number).position(public=True) for number in range(count)]


def test_no_more_moves_searches_queue_one_per_player() -> None:
    searches = Searches(workers=0, stuck_nodes=100, hint_nodes=100, stuck_wait=0.0)
    held = Held()
    searches.run_in(held, Now())
    first, second = positions(2)

    async def views() -> list[tuple[bool, bool]]:
        return [
            await searches.stuck(first, player="ann"),
            await searches.stuck(second, player="ann"),  # ann's first is not done: this one waits its turn
            await searches.stuck(first, player="bob"),  # the same search as ann's: not asked twice
            await searches.stuck(second, player="bob"),  # ann's turn does not hold up bob's
        ]

    assert run(views()) == [(False, True)] * 4
    assert [args[0] for _, _, args in held.calls] == [first, second]
    held.let_go()
    assert run(searches.stuck(first, player="ann")) == (False, False)  # answered, and remembered


def test_many_players_at_once_fill_a_short_queue_and_no_more() -> None:
    """A flood from fresh cookies (a new player each time): the queue in front of the worker stays short."""
    searches = Searches(workers=1, stuck_nodes=100, hint_nodes=100, stuck_wait=0.0)
    held = Held()
    searches.run_in(held, Now())
    flood = positions(SEARCH_QUEUE + 5)

    async def flooding() -> list[tuple[bool, bool]]:
        return [await searches.stuck(position, player=f"fresh {n}") for n, position in enumerate(flood)]

    assert run(flooding()) == [(False, True)] * len(flood)  # each page will ask again
    assert len(held.calls) == SEARCH_QUEUE
    with pytest.raises(TooMany) as refused:
        run(searches.hint(flood[0], player="someone else"))
    assert answer_to(refused.value).status == TOO_MANY and error_headers(refused.value) == {"retry-after": "1"}
    assert refused.value.message_id == "server.solver_busy"
    held.let_go()
    found = run(searches.hint(flood[0], player="someone else"))  # room again
    assert found["text"]

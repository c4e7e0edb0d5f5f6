"""Fair shares of the solver: one search of each kind in flight per player, a short queue for everybody,
and deals solved on the spot kept apart from hints. The worker processes are replaced by executors that
hold each search until the test lets it go, so "in flight" lasts exactly as long as the test needs."""

from __future__ import annotations

import asyncio
import math
import threading
import time
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
from spider.server.solving.searches import Searches
from spider.server.work.jobs import ADDRESS, Call, Client, Priority, Refused
from spider.server.work.local import MAX_WAIT, LocalWork
from spider.server.work.service import PER_ADDRESS, WAITING, Work, bounds
from tests.own_loop import run

from .conftest import new_game

TOO_MANY = status.HTTP_429_TOO_MANY_REQUESTS
GIVE_UP = 20.0  # seconds a test waits for a request to reach the worker before it fails (never reached)


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


def work_of(client: TestClient) -> LocalWork:
    work = parts_of(client.app)[Work]
    assert isinstance(work, LocalWork)
    return work


def hint_url(client: TestClient, suits: int = 1) -> str:
    return f"/api/games/{new_game(client, suits=suits)['id']}/hint"


def test_a_second_hint_while_the_first_is_worked_out_is_refused_and_others_are_not(
    client: TestClient, background: Background
) -> None:
    held = Held()
    work_of(client).run_in(held, held)  # two workers, each holding its search
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
    background.send(other, "GET", theirs)  # the other player's hint is taken by the other worker, not refused
    held.wait_for(1)

    held.let_go()
    assert [code for code, _ in background.join()] == [200, 200]
    assert client.get(mine).status_code == status.HTTP_200_OK  # the first was answered: room again


def test_a_hint_does_not_wait_behind_deals_being_solved(
    make_client: Callable[..., TestClient], background: Background
) -> None:
    client = make_client(verify_seconds=10.0)
    deals = Held()
    filling = 1 + WAITING[Priority.DEAL]  # one being solved, the rest waiting for it
    players = [TestClient(client.app) for _ in range(filling + 1)]
    for player in players:
        player.get("/api/presets")  # its cookie, before a request goes off in the background
    work_of(client).run_in(Now(), deals)
    for player in players[:filling]:  # the deal worker is busy for as long as the test says: the first's deal
        background.send(player, "POST", "/api/games", json={"suits": 1, "deal": "verified"})
        if player is players[0]:
            deals.wait_for(1)
    waiting = time.monotonic() + GIVE_UP
    while work_of(client).busy() < filling and time.monotonic() < waiting:
        time.sleep(0.01)

    hint = client.get(hint_url(client, suits=4))  # answered now: hints have a worker of their own
    assert hint.status_code == status.HTTP_200_OK and hint.json()["text"]
    late = players[filling].post("/api/games", json={"suits": 1, "deal": "verified"})
    assert late.status_code == status.HTTP_201_CREATED and late.json()["verified"] is False  # at once, random
    again = players[0].post("/api/games", json={"suits": 1, "deal": "verified"})
    assert again.status_code == TOO_MANY and again.headers["retry-after"] == "10"  # the seconds its deal is given
    assert again.json()["message_id"] == "server.deal_in_flight"

    deals.let_go()
    answers = background.join()
    assert [(code, view["verified"]) for code, view in answers] == [(201, True)] * filling
    assert players[0].post("/api/games", json={"suits": 1, "deal": "verified"}).status_code == 201


def positions(count: int) -> list[str]:
    return [Game.new(1, shuffle=number).position(public=True) for number in range(count)]


def searches_on(held: Executor, processes: int = 1) -> Searches:
    work = LocalWork(0, bounds(processes))
    work.run_in(held, held)
    return Searches(work, stuck_nodes=100, hint_nodes=100, stuck_wait=0.0)


def test_no_more_moves_searches_queue_one_per_player() -> None:
    held = Held()
    searches = searches_on(held)
    first, second = positions(2)

    async def scenario() -> tuple[list[tuple[bool, bool]], tuple[bool, bool]]:
        views = [
            await searches.stuck(first, player="ann"),
            await searches.stuck(second, player="ann"),  # ann's first is not done: this one waits its turn
            await searches.stuck(first, player="bob"),  # the same search as ann's: not asked twice
            await searches.stuck(second, player="bob"),  # ann's turn does not hold up bob's
        ]
        assert [call.args[0] for _, _, (call,) in held.calls] == [first, second]
        held.let_go()
        await asyncio.sleep(0.05)  # the answers reach the queue
        return views, await searches.stuck(first, player="ann")

    views, later = run(scenario())
    assert views == [(False, True)] * 4
    assert later == (False, False)  # answered, and remembered


async def flood(searches: Searches, count: int, address: Callable[[int], str]) -> list[tuple[bool, bool]]:
    found = []
    for n, position in enumerate(positions(count)):
        ADDRESS.set(address(n))
        found.append(await searches.stuck(position, player=f"fresh {n}"))
    return found


def test_many_players_at_once_fill_a_short_queue_and_no_more() -> None:
    """A flood from fresh cookies at fresh addresses: the queue in front of the workers stays short."""
    held = Held()
    searches = searches_on(held)
    total = WAITING[Priority.METER]  # "no more moves" goes with the meter

    async def scenario() -> None:
        views = await flood(searches, 2 + total + 5, lambda n: f"10.0.0.{n}")
        assert views == [(False, True)] * (2 + total + 5)  # each page will ask again
        assert len(held.calls) == 2 and searches.work.busy() == 2 + total  # two being worked out, the rest waiting
        ADDRESS.set("10.9.9.9")
        with pytest.raises(TooMany) as refused:  # the meter waits in the same short queue
            await searches.chance(positions(1)[0], player="someone else")
        assert answer_to(refused.value).status == TOO_MANY and error_headers(refused.value) == {"retry-after": "1"}
        assert refused.value.message_id == "server.solver_busy"
        held.let_go()
        await asyncio.sleep(0.05)
        assert (await searches.hint(positions(1)[0], player="someone else"))["text"]  # room again

    run(scenario())


def test_fresh_cookies_at_one_address_get_that_address_share() -> None:
    held = Held()
    searches = searches_on(held)

    async def scenario() -> None:
        await flood(searches, 20, lambda n: "10.0.0.1")
        assert searches.work.busy() == 2 + PER_ADDRESS  # the rest refused: "not stuck yet", asked again later
        ADDRESS.set("10.9.9.9")
        hint = asyncio.ensure_future(searches.hint(positions(1)[0], player="someone else"))
        await asyncio.sleep(0.05)
        assert searches.work.busy() == 3 + PER_ADDRESS and not hint.done()  # another address: queued, not refused
        held.let_go()
        assert (await hint)["text"]

    run(scenario())


def test_a_refusal_tells_the_wait_the_queue_reckons_from_its_jobs() -> None:
    held = Held()
    work = LocalWork(0, bounds(1))
    work.run_in(Now(), held)  # the worker for longer jobs, holding each: "being worked out" for the test's length
    analyses = [Client(f"player {n}", f"10.0.0.{n}") for n in range(3)]

    async def scenario() -> list[object]:
        said: list[object] = []
        for client in analyses:  # 20 s each, as the jobs say
            try:
                await work.submit(Call(str, ()), kind="analysis", client=client, seconds=20.0)
                said.append("taken")
            except Refused as refused:
                said.append((refused.reason, refused.retry_after))
        try:  # the first player's second analysis: theirs is being worked out, 20 s from now
            await work.submit(Call(str, ()), kind="analysis", client=analyses[0], seconds=20.0)
        except Refused as refused:
            said.append((refused.reason, refused.retry_after))
        hint = await work.submit(Call(str, ("hint",)), kind="hint", client=analyses[2])
        said.append(await hint)  # a hint goes to the quick worker, whatever waits for the other
        held.let_go()
        return said

    said = run(scenario())
    # one worked out, one waiting 20 s, the third would wait 40 s (more than MAX_WAIT): asked to come back when
    # the wait is down to half of it
    assert said[:3] == ["taken", "taken", ("full", math.ceil(40 - MAX_WAIT / 2))]
    assert said[3] == ("player", 20)
    assert said[4] == "hint"

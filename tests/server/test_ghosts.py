"""Ghost races: the ghost picked from counted games only, shown at its own pace and never ahead of the clock,
its deal's code and game hidden until the race is over, and the race counting in no results."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from starlette.testclient import TestClient

from spider.cards import SUIT_COUNTS
from spider.codes import GameCode
from spider.game import Game
from spider.server.games.store import Store
from spider.server.ghosts.service import RaceEnd, _ahead
from spider.server.ghosts.supply import GhostSupply

from .conftest import Clock, act
from .duel_players import another_player
from .test_leaderboards import me, store_of

GAPS = (10.0, 5.0, 600.0, 5.0)
"""Seconds before each of the ghost's actions: the long pause counts as 35 s."""


def ghost_game(client: TestClient, clock: Clock, *, result: str = "resigned", **record: Any) -> tuple[str, str]:
    """A game of the client's player played through the API at the pace of ``GAPS``, then ended: its id and
    its code (read from the database, as no page would see it)."""
    response = client.post("/api/games", json={"suits": 1, **record})
    assert response.status_code == 201, response.text
    game_id = response.json()["id"]
    for gap in GAPS:
        clock.now += gap
        act(client, game_id, a_move(store_of(client), game_id))
    if result == "resigned":
        assert client.post(f"/api/games/{game_id}/resign").status_code == 200
    store = store_of(client)
    return game_id, store.game(game_id).code  # type: ignore[union-attr]


def a_move(store: Store, game_id: str) -> str:
    """A legal action in the game as it stands (worked out here, with the cards the page never sees)."""
    record = store.game(game_id)
    assert record is not None
    game = Game.replay(record.code, None, [action.text for action in store.actions(game_id)])
    return str(game.legal_actions()[0])


def progress_after(store: Store, game_id: str, count: int) -> tuple[int, int, int]:
    """The ghost's score, runs and cards turned up after its first ``count`` actions, worked out here."""
    record = store.game(game_id)
    assert record is not None
    game = Game.from_code(record.code)
    down = sum(game.face_down)
    for action in store.actions(game_id)[:count]:
        game.apply_text(action.text)
    return game.score, len(game.runs), down - sum(game.face_down)


def race(client: TestClient, **body: Any) -> dict[str, Any]:
    response = client.post("/api/ghosts", json={"suits": 1, **body})
    assert response.status_code == 201, response.text
    found: dict[str, Any] = response.json()
    return found


def get(client: TestClient, race_id: str) -> dict[str, Any]:
    response = client.get(f"/api/ghosts/{race_id}")
    assert response.status_code == 200, response.text
    found: dict[str, Any] = response.json()
    return found


def test_the_ghost_is_shown_at_its_own_pace_never_ahead_of_the_clock(make_client: Callable[..., TestClient]) -> None:
    clock = Clock()
    ada = make_client(clock=clock)
    assert ada.put("/api/me", json={"name": "Ada"}).status_code == 200
    ghost, code = ghost_game(ada, clock)
    bea = another_player(ada)
    start = clock.now
    started = race(bea)
    assert started["name"] == "Ada" and started["mine"] is False and started["over"] is False
    assert started["result"] is None
    text = str(started)
    assert ghost not in text and code not in text
    assert started["ghost"] == {"score": 500, "runs": 0, "turned_up": 0, "finished": False, "won": None}
    store = store_of(ada)
    # its actions came 10, 15, 615 and 620 s in: the long pause counts as 35 s, so 10, 15, 50 and 55
    for seconds, count in ((9.0, 0), (10.0, 1), (14.0, 1), (15.0, 2), (49.0, 2), (50.0, 3), (54.0, 3)):
        clock.now = start + seconds
        shown = get(bea, started["id"])
        assert shown["elapsed_ms"] == round(seconds * 1000)
        score, runs, turned = progress_after(store, ghost, count)
        assert (shown["ghost"]["score"], shown["ghost"]["runs"], shown["ghost"]["turned_up"]) == (score, runs, turned)
        assert shown["ghost"]["finished"] is False and shown["ghost"]["won"] is None
        assert ghost not in str(shown)
    clock.now = start + 55.0
    shown = get(bea, started["id"])
    assert shown["ghost"]["finished"] is True and shown["ghost"]["won"] is False
    assert shown["ghost"]["score"] == progress_after(store, ghost, 4)[0]
    assert shown["result"] is None  # the racer plays on: the ghost's game is still not named


def test_racing_your_game_hides_the_deal_until_it_is_over_and_counts_in_no_results(
    make_client: Callable[..., TestClient],
) -> None:
    clock = Clock()
    ada = make_client(clock=clock)
    assert ada.put("/api/me", json={"name": "Ada"}).status_code == 200
    ghost, code = ghost_game(ada, clock)
    bea = another_player(ada)
    started = race(bea)
    view = bea.get(f"/api/games/{started['game']}").json()
    assert view["code"] is None  # hidden while the race goes on, as in a duel
    assert bea.get(f"/api/games/{started['game']}/played").status_code == 409
    assert bea.get(f"/api/games/{ghost}/played").status_code == 404  # another player's game
    act(bea, started["game"], a_move(store_of(bea), started["game"]))
    played = bea.get(f"/api/games/{started['game']}").json()
    # the bar's line for the racer beside the ghost's: their own game as it stands
    pairs = zip(view["columns"], played["columns"], strict=True)
    turned = sum(before["down"] - after["down"] for before, after in pairs)
    assert get(bea, started["id"])["you"] == {"score": played["score"], "runs": 0, "turned_up": turned}
    assert bea.post(f"/api/games/{started['game']}/resign").status_code == 200
    over = get(bea, started["id"])
    assert over["over"] is True and over["result"]["replay"] == ghost
    assert over["ghost"]["finished"] is True  # the race is over: the ghost's end is no secret any more
    assert over["result"]["ahead"] in ("you", "ghost", "even")
    stats = bea.get("/api/stats").json()
    assert stats["by_suits"]["1"]["games"] == 0  # a race counts in no results
    # a deal you have played is never raced again (you know it): nothing is left to race
    again = bea.post("/api/ghosts", json={"suits": 1})
    assert again.status_code == 404 and again.json()["message_id"] == "ghost.none_yet"


def test_who_finished_ahead(make_client: Callable[..., TestClient]) -> None:
    clock = Clock()
    ada = make_client(clock=clock)
    ghost_game(ada, clock)
    bea = another_player(ada)
    started = race(bea)
    assert started["name"] is None  # Ada never chose a name: hers is not shown
    assert bea.post(f"/api/games/{started['game']}/resign").status_code == 200  # before a move: abandoned
    over = get(bea, started["id"])
    you, theirs = over["result"]["you"], over["result"]["ghost"]
    assert (you["won"], you["score"], you["runs"], you["turned_up"]) == (False, 500, 0, 0)
    assert theirs["won"] is False and theirs["score"] < 500  # four moves made, a point each
    # under the standard scoring a game never played keeps its 500: the ghost turned cards up, so it is ahead
    # (or, had it turned none, even on cards and behind on points: then ahead is "you" only by score)
    expected = "ghost" if theirs["runs"] or theirs["turned_up"] else "you"
    assert over["result"]["ahead"] == expected
    # and what decided it, by how much: what the page says ("The ghost beat you by 3 cards turned up")
    if theirs["runs"]:
        assert (over["result"]["by"], over["result"]["margin"]) == ("runs", theirs["runs"])
    elif theirs["turned_up"]:
        assert (over["result"]["by"], over["result"]["margin"]) == ("turned_up", theirs["turned_up"])
    else:
        assert (over["result"]["by"], over["result"]["margin"]) == ("score", 500 - theirs["score"])


def end(*, won: bool = False, score: int = 500, runs: int = 0, turned_up: int = 0,
        seconds: float | None = 100.0) -> RaceEnd:
    return RaceEnd(won=won, score=score, runs=runs, turned_up=turned_up, seconds=seconds)


@pytest.mark.parametrize(
    ("you", "ghost", "verdict"),
    [
        (end(won=True, score=620), end(won=True, score=500), ("you", "score", 120)),
        (end(won=True, score=500, seconds=95.2), end(won=True, score=500, seconds=100.0), ("you", "seconds", 5)),
        (end(won=True, score=500, seconds=100.3), end(won=True, score=500, seconds=100.0), ("ghost", "seconds", 1)),
        (end(won=False, score=900, runs=7), end(won=True, score=600), ("ghost", "won", 0)),
        (end(runs=2, score=450), end(runs=1, score=520), ("you", "runs", 1)),
        (end(runs=1, turned_up=10), end(runs=1, turned_up=13), ("ghost", "turned_up", 3)),
        (end(runs=1, turned_up=10, score=480), end(runs=1, turned_up=10, score=520), ("ghost", "score", 40)),
        (end(runs=1, turned_up=10, score=480), end(runs=1, turned_up=10, score=480), ("even", None, 0)),
    ],
)
def test_the_verdict_says_what_decided_the_race_and_by_how_much(
    you: RaceEnd, ghost: RaceEnd, verdict: tuple[str, str | None, int]
) -> None:
    assert _ahead(you, ghost) == verdict


def offers(client: TestClient) -> dict[int, tuple[bool, bool]]:
    """The lobby's question: at each suit count, (another player's game to race, a game of one's own)."""
    response = client.get("/api/ghosts")
    assert response.status_code == 200, response.text
    return {offer["suits"]: (offer["others"], offer["mine"]) for offer in response.json()["offers"]}


def test_the_lobby_offers_a_race_only_where_one_would_start(make_client: Callable[..., TestClient]) -> None:
    clock = Clock()
    ada = make_client(clock=clock)
    bea = another_player(ada)
    nothing = {1: (False, False), 2: (False, False), 4: (False, False)}
    assert offers(ada) == offers(bea) == nothing  # a new server: no earlier game to race
    assert bea.post("/api/ghosts", json={"suits": 1}).json()["message_id"] == "ghost.none_yet"
    ghost_game(ada, clock)  # a game that counted, ended here: offered at once, not after the deals kept expire
    assert offers(bea) == {**nothing, 1: (True, False)}
    assert offers(ada) == {**nothing, 1: (False, True)}  # her own game: she may race it, nobody else's
    started = race(bea)
    assert bea.post(f"/api/games/{started['game']}/resign").status_code == 200
    # Bea has played that deal now: nothing is left for her to race, and a race would not start
    assert offers(bea) == nothing
    assert bea.post("/api/ghosts", json={"suits": 1}).status_code == 404


def test_the_lobby_question_reads_the_servers_deals_once_not_each_time(
    make_client: Callable[..., TestClient],
) -> None:
    clock = Clock()
    ada = make_client(clock=clock)
    ghost_game(ada, clock)
    supply: GhostSupply = ada.app.state.parts[GhostSupply]  # type: ignore[attr-defined]
    before = supply.reads
    for _ in range(3):
        visitor = another_player(ada)  # a new player each time, as an attacker's fresh cookies
        assert offers(visitor)[1] == (True, False)
    assert supply.reads - before <= len(SUIT_COUNTS)  # once a suit count, then kept


def test_only_games_that_counted_are_raced(make_client: Callable[..., TestClient]) -> None:
    clock = Clock()
    ada = make_client(clock=clock)
    ghost_game(ada, clock, code=str(GameCode.random(1)))  # a typed-in code: its player could know every card
    game_id, _ = ghost_game(ada, clock, result="abandoned")
    bea = another_player(ada)
    # the second game is left for a new one below, with moves: it counts, but only once it has ended
    assert bea.post("/api/ghosts", json={"suits": 1}).status_code == 404
    assert ada.post("/api/games", json={"suits": 2}).status_code == 201  # ends the other as abandoned
    assert race(bea)["name"] is None
    assert store_of(ada).game(game_id).result == "abandoned"  # type: ignore[union-attr]


def test_your_own_best_game(make_client: Callable[..., TestClient]) -> None:
    clock = Clock()
    ada = make_client(clock=clock)
    ghost, _ = ghost_game(ada, clock)
    bea = another_player(ada)
    ghost_game(bea, clock)
    mine = race(ada, mine=True)
    assert mine["mine"] is True and mine["name"] is None
    assert ada.post(f"/api/games/{mine['game']}/resign").status_code == 200
    assert get(ada, mine["id"])["result"]["replay"] == ghost  # her own, not Bea's
    assert ada.get("/api/stats").json()["by_suits"]["1"]["games"] == 1  # the first game only, not the race


def test_another_players_race_is_nobodys(make_client: Callable[..., TestClient]) -> None:
    clock = Clock()
    ada = make_client(clock=clock)
    ghost_game(ada, clock)
    bea = another_player(ada)
    started = race(bea)
    assert ada.get(f"/api/ghosts/{started['id']}").status_code == 404
    assert me(ada) != me(bea)
    bad = bea.post("/api/ghosts", json={"suits": 3})
    assert bad.status_code == 422

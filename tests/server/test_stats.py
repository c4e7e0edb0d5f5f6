"""Results per player (SPEC 3.6): games, wins, win rate, streaks, best time, fewest moves, best scores."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import pytest
from starlette.testclient import TestClient

from spider.databases import database_url as url_of
from spider.server.games.kinds import Kind
from spider.server.games.store import Finish, GameRecord, Store
from spider.server.practice.store import PracticeStore
from spider.server.results.stats import player_stats
from spider.server.results.store import ResultsStore

from .conftest import Clock, act, new_game


@pytest.fixture
def store(database_url: str) -> Iterator[Store]:
    # on SQLite and PostgreSQL: the tallies are written with each one's upsert (INSERT ... ON CONFLICT)
    found = Store(url_of(database_url))
    found.events.on_end(ResultsStore.ended)  # as the app has the results hear of every game's end
    yield found
    found.close()


def results_of(store: Store, games: list[tuple[str, dict[str, Any]]]) -> dict[str, Any]:
    """Stores each game for one player and ends it as told, in order; the player's results as the API shows them."""
    for n, (result, details) in enumerate(games):
        suits, scoring = details.get("suits", 1), details.get("scoring", "standard")
        record = GameRecord(
            id=f"g{n:015d}", player="p", code=f"SP1-S{suits}C-AAAAAAD", suits=suits, rules={"scoring": scoring},
            verified=False, created_at=1_000_000 + n,
        )
        store.add_game(record)
        store.finish(Finish(record.id, result, 1_000_000.5 + n, details.get("score", 500),
                            details.get("moves", 100), details.get("seconds", 300.0)))
    return player_stats(*ResultsStore(store.engine).tallies("p"))


def test_streaks_count_wins_in_a_row(store: Store) -> None:
    results = ["won", "won", "resigned", "won", "won", "won", "abandoned", "won"]
    stats = results_of(store, [(result, {}) for result in results])["by_suits"]["1"]
    assert (stats["games"], stats["wins"]) == (8, 6)
    assert stats["win_rate"] == 0.75
    assert stats["best_streak"] == 3 and stats["current_streak"] == 1


def test_a_game_left_before_its_first_move_does_not_count(store: Store) -> None:
    stats = results_of(store, [("won", {}), ("abandoned", {"moves": 0})])["by_suits"]["1"]
    assert (stats["games"], stats["wins"], stats["current_streak"]) == (1, 1, 1)


def test_best_time_and_fewest_moves_come_from_won_games(store: Store) -> None:
    games = [
        ("won", {"moves": 130, "seconds": 400.5}),
        ("won", {"moves": 110, "seconds": 610.0}),
        ("resigned", {"moves": 20, "seconds": 30.0}),
    ]
    stats = results_of(store, games)["by_suits"]["1"]
    assert stats["fewest_moves"] == 110 and stats["best_seconds"] == 400


def test_best_scores_per_suit_count_and_scoring(store: Store) -> None:
    games = [
        ("won", {"score": 1183}),
        ("resigned", {"score": 499}),  # under standard scoring only won games count
        ("won", {"suits": 2, "score": 1100}),
        ("resigned", {"suits": 2, "score": 340, "scoring": "reveal"}),  # under reveal every game counts
        ("won", {"suits": 2, "score": 900, "scoring": "reveal"}),
    ]
    best = results_of(store, games)["best_scores"]
    assert best == {"1": {"standard": 1183}, "2": {"standard": 1100, "reveal": 900}, "4": {}}


def test_no_games_no_rates(store: Store) -> None:
    stats = results_of(store, [])
    assert stats["by_suits"]["4"] == {
        "games": 0, "wins": 0, "win_rate": None, "current_streak": 0, "best_streak": 0,
        "best_seconds": None, "fewest_moves": None,
    }


def test_a_game_ended_twice_counts_once(store: Store) -> None:
    results_of(store, [("resigned", {})])
    store.finish(Finish("g000000000000000", "won", 1_000_009.0, 900, 50, 20.0))  # too late: it ended
    assert player_stats(*ResultsStore(store.engine).tallies("p"))["by_suits"]["1"]["games"] == 1


def test_stats_through_the_api_are_the_players_own(client: TestClient) -> None:
    game = new_game(client, suits=2)
    act(client, game["id"], "d")
    new_game(client, suits=2)  # leaves the first game after a move: it counts, lost
    resigned = new_game(client, suits=4)
    client.post(f"/api/games/{resigned['id']}/resign")
    mine: dict[str, Any] = client.get("/api/stats").json()
    assert mine["by_suits"]["2"]["games"] == 1 and mine["by_suits"]["2"]["wins"] == 0
    assert mine["by_suits"]["4"]["games"] == 1 and mine["by_suits"]["1"]["games"] == 0
    stranger = TestClient(client.app).get("/api/stats").json()
    assert stranger["by_suits"]["2"]["games"] == 0
    assert stranger["site"]["by_suits"]["2"]["games"] == 1  # everyone's games, over the stated period
    assert "30 days" in stranger["site"]["method"]


def test_the_sites_win_rates_cover_the_last_thirty_days_of_the_servers_clock(
    make_client: Callable[..., TestClient],
) -> None:
    clock = Clock()
    client = make_client(clock=clock)
    game = new_game(client, suits=2)
    act(client, game["id"], "d")
    client.post(f"/api/games/{game['id']}/resign")
    assert client.get("/api/stats").json()["site"]["by_suits"]["2"]["games"] == 1
    clock.now += 30 * 86400  # a month on, the game has left the period
    assert client.get("/api/stats").json()["site"]["by_suits"]["2"]["games"] == 0


def test_a_replayed_winning_line_counts_nowhere(client: TestClient) -> None:
    mine = new_game(client, suits=1)
    code = client.post(f"/api/games/{mine['id']}/resign").json()["code"]
    replay = new_game(client, suits=1, code=code, replay=True)
    for _ in range(3):  # a few moves, then leave it: an ordinary game would now count as lost
        legal = [group for group in replay["groups"] if group["targets"]]
        if not legal:
            break
        group = legal[0]
        replay = act(client, replay["id"], f"{group['column']}>{group['targets'][0]}:{group['count']}")["view"]
    client.post(f"/api/games/{replay['id']}/resign")
    stats: dict[str, Any] = client.get("/api/stats").json()
    assert stats["by_suits"]["1"]["games"] == 1
    assert stats["site"]["by_suits"]["1"]["games"] == 1


def test_replay_must_be_true_or_false(client: TestClient) -> None:
    answer = client.post("/api/games", json={"suits": 1, "replay": "yes"})
    assert answer.status_code == 422 and "replay" in answer.json()["error"]


def test_an_exercise_keeps_the_fewest_moves_it_was_solved_in(store: Store) -> None:
    practice = PracticeStore(store.engine)
    store.events.on_end(practice.ended)  # as the games have the practice hear of every game's end
    for n, moves in enumerate((5, 3, 7)):
        record = GameRecord(
            id=f"x{n:015d}", player="p", code="", suits=1, rules={}, verified=False, created_at=1.0 + n, exercise="e1",
            kind=Kind.PRACTICE,
        )
        store.add_game(record)
        store.finish(Finish(record.id, "solved", 2.0 + n, 0, moves, 9.0))
    assert practice.progress("p") == {"e1": 3}
    tallies = ResultsStore(store.engine).tallies("p")
    assert player_stats(*tallies)["by_suits"]["1"]["games"] == 0  # practice counts in no results

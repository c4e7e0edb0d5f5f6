"""Results per player (SPEC 3.6): games, wins, win rate, streaks, best time, fewest moves, best scores."""

from __future__ import annotations

from typing import Any

from starlette.testclient import TestClient

from spider.server.stats import player_stats
from spider.server.storage import GameRecord

from .conftest import act, new_game


def record(n: int, result: str, suits: int = 1, *, moves: int = 100, score: int = 500, seconds: float = 300.0,
           scoring: str = "standard") -> GameRecord:
    return GameRecord(
        id=f"g{n:015d}", player="p", code="SP1-S1C-AAAAAAD", suits=suits, rules={"scoring": scoring},
        verified=False, created_at=n, finished_at=n + 1, result=result, score=score, moves=moves, seconds=seconds,
    )


def test_streaks_count_wins_in_a_row() -> None:
    results = ["won", "won", "resigned", "won", "won", "won", "abandoned", "won"]
    stats = player_stats([record(n, result) for n, result in enumerate(results)])["by_suits"]["1"]
    assert (stats["games"], stats["wins"]) == (8, 6)
    assert stats["win_rate"] == 0.75
    assert stats["best_streak"] == 3 and stats["current_streak"] == 1


def test_a_game_left_before_its_first_move_does_not_count() -> None:
    stats = player_stats([record(1, "won"), record(2, "abandoned", moves=0)])["by_suits"]["1"]
    assert (stats["games"], stats["wins"], stats["current_streak"]) == (1, 1, 1)


def test_best_time_and_fewest_moves_come_from_won_games() -> None:
    records = [
        record(1, "won", moves=130, seconds=400.5),
        record(2, "won", moves=110, seconds=610.0),
        record(3, "resigned", moves=20, seconds=30.0),
    ]
    stats = player_stats(records)["by_suits"]["1"]
    assert stats["fewest_moves"] == 110 and stats["best_seconds"] == 400


def test_best_scores_per_suit_count_and_scoring() -> None:
    records = [
        record(1, "won", score=1183),
        record(2, "resigned", score=499),  # under standard scoring only won games count
        record(3, "won", suits=2, score=1100),
        record(4, "resigned", suits=2, score=340, scoring="reveal"),  # under reveal every game counts
        record(5, "won", suits=2, score=900, scoring="reveal"),
    ]
    best = player_stats(records)["best_scores"]
    assert best == {"1": {"standard": 1183}, "2": {"standard": 1100, "reveal": 900}, "4": {}}


def test_no_games_no_rates() -> None:
    stats = player_stats([])
    assert stats["by_suits"]["4"] == {
        "games": 0, "wins": 0, "win_rate": None, "current_streak": 0, "best_streak": 0,
        "best_seconds": None, "fewest_moves": None,
    }


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


def test_a_replayed_winning_line_counts_nowhere(client: TestClient) -> None:
    mine = new_game(client, suits=1)
    client.post(f"/api/games/{mine['id']}/resign")
    replay = new_game(client, suits=1, code=mine["code"], replay=True)
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

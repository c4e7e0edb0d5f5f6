"""Offline games' results (SPEC 3.8): the server plays the actions again, refuses what the rules or the
claimed result do not bear out, keeps each code once, and counts them apart from the online results."""

from __future__ import annotations

import functools
from typing import Any

from starlette.testclient import TestClient

from spider import Game
from spider.rules import TableRules
from spider.solver.search import solve

from .conftest import act, new_game

CODE = "SP1-S1C-AAAAAAB"
RULES = TableRules().to_json()


@functools.cache
def winning_line() -> str:
    result = solve(Game.from_code(CODE), seconds=60)
    assert result.verdict == "win"
    return " ".join(result.line)


def send(client: TestClient, **changes: Any) -> Any:
    body = {"code": CODE, "rules": RULES, "actions": "d", "result": "abandoned", "seconds": 42.0, **changes}
    return client.post("/api/offline-results", json=body)


def test_a_won_offline_game_counts_in_the_offline_part_only(client: TestClient) -> None:
    game = new_game(client, suits=1)
    act(client, game["id"], "d")  # an online game in progress: in no results yet
    before = client.get("/api/stats").json()
    answer = send(client, actions=winning_line(), result="won", seconds=512.7)
    assert answer.status_code == 201
    assert answer.json()["result"] == "won" and answer.json()["counted"] and answer.json()["seconds"] == 512
    stats = client.get("/api/stats").json()
    assert stats["offline"]["by_suits"]["1"] == {
        "games": 1, "wins": 1, "win_rate": 1.0, "best_seconds": 512, "fewest_moves": answer.json()["moves"],
    }
    assert stats["by_suits"] == before["by_suits"] and stats["site"] == before["site"]


def test_a_game_left_offline_is_a_loss_there_and_sending_it_again_changes_nothing(client: TestClient) -> None:
    first = send(client, actions="d u r", result="abandoned")
    assert first.status_code == 201 and first.json()["result"] == "abandoned" and first.json()["counted"]
    again = send(client, actions="d u r d", result="resigned")
    assert again.status_code == 200 and again.json() == first.json()  # the page sent it twice: kept once
    offline = client.get("/api/stats").json()["offline"]["by_suits"]["1"]
    assert offline["games"] == 1 and offline["wins"] == 0 and offline["win_rate"] == 0.0


def test_a_claimed_win_that_the_actions_do_not_make_is_refused(client: TestClient) -> None:
    answer = send(client, actions="d d", result="won")
    assert answer.status_code == 409 and answer.json()["message_id"] == "server.offline_not_won"
    assert client.get("/api/stats").json()["offline"]["by_suits"]["1"]["games"] == 0


def test_an_action_the_rules_refuse_is_refused_with_the_rule(client: TestClient) -> None:
    answer = send(client, actions="1>1")
    assert answer.status_code == 409 and answer.json()["message_id"] == "refuse.same_column"


def test_a_game_left_before_its_first_move_is_not_kept(client: TestClient) -> None:
    answer = send(client, actions="", result="abandoned")
    assert answer.status_code == 201 and answer.json()["counted"] is False
    assert client.get("/api/stats").json()["offline"]["by_suits"]["1"]["games"] == 0


def test_one_deal_one_result_whatever_the_table_rules_sent(client: TestClient) -> None:
    first = send(client, actions=winning_line(), result="won", seconds=300.0)
    assert first.status_code == 201
    # the probe: the same winning line under other flag sets counted the deal up to 24 times
    for changes in ({"undo": None}, {"scoring": "reveal"}, {"deal": "any", "undo_past": "no-reveal"}):
        other = send(client, rules={**RULES, **changes}, actions=winning_line(), result="won", seconds=1.0)
        assert other.status_code == 200 and other.json() == first.json()
    offline = client.get("/api/stats").json()["offline"]["by_suits"]["1"]
    assert (offline["games"], offline["wins"], offline["best_seconds"]) == (1, 1, 300)

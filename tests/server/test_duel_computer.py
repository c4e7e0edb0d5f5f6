"""Computer opponents in duels (SPEC 2.5, SPEC 4): they play on the server, for duel points, finish when
nothing more pays, are rated like anyone, and take their game up again after a restart."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any

from starlette.testclient import TestClient

from spider.players.strengths import RATINGS
from spider.server.duels.computer import ComputerOpponents
from spider.server.http.parts import parts_of

from .duel_players import get_duel, rated_player


def computer_duel(client: TestClient, strength: str) -> dict[str, Any]:
    body = {"suits": 1, "minutes": 5, "opponent": {"kind": "computer", "strength": strength}}
    response = client.post("/api/duels", json=body)
    assert response.status_code == 201, response.text
    duel: dict[str, Any] = response.json()
    return duel


def wait_until_over(client: TestClient, duel_id: str) -> dict[str, Any]:
    """The duel once its computer player has played its game to the end (the person has ended theirs)."""
    computers: ComputerOpponents = parts_of(client.app)[ComputerOpponents]  # type: ignore[attr-defined]

    async def played_out() -> None:
        computers.start(duel_id)  # this process plays it from now on, if no task here does yet
        await asyncio.wait_for(computers.tasks[duel_id], 120)  # a bound, not a timing: it plays at pace 0

    client.portal.call(played_out)
    state = get_duel(client, duel_id)
    assert state["state"] == "over", f"the computer player never ended its game: {state['players'][1]}"
    return state


def test_a_computer_opponent_plays_for_points_and_finishes(make_client: Callable[..., TestClient]) -> None:
    client = make_client(computer_pace=0)
    rated_player(client, "Ada")
    duel = computer_duel(client, "beginner")
    assert duel["state"] == "playing" and duel["players"][1]["name"] == "Spider Beginner"
    assert duel["players"][1]["computer"] == "beginner" and duel["you"] is not None
    client.post(f"/api/duels/{duel['id']}/actions", json={"action": "d"})  # a duel without a move is unrated
    client.post(f"/api/duels/{duel['id']}/finish")
    over = wait_until_over(client, duel["id"])
    computer = over["players"][1]
    assert computer["ended"] in ("finished", "won") and computer["turned_up"] > 0 and computer["score"] > 0
    assert over["result"]["scores"] == [-1, computer["score"]] and over["result"]["winner"] == "Spider Beginner"
    rated = client.get("/api/players/Spider Beginner").json()
    assert (rated["computer"], rated["duels"], rated["wins"]) == ("beginner", 1, 1)
    assert rated["rating"] > RATINGS["beginner"]  # it started at its rating from the ladder of the strengths


def test_a_computer_player_takes_its_game_up_again_after_a_restart(make_client: Callable[..., TestClient]) -> None:
    waiting = make_client(computer_pace=1000)  # it would wait over an hour before its first action
    duel = computer_duel(waiting, "casual")
    cookies = dict(waiting.cookies)
    assert get_duel(waiting, duel["id"])["players"][1]["score"] == 0
    restarted = make_client(computer_pace=0)
    restarted.cookies.update(cookies)
    restarted.post(f"/api/duels/{duel['id']}/finish")
    over = wait_until_over(restarted, duel["id"])
    assert over["players"][1]["turned_up"] > 0 and over["players"][1]["ended"] in ("finished", "won")

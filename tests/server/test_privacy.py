"""Complete games played through the API: no answer ever holds a face-down card or the stock order.

The test knows every card: it keeps its own engine game for the same code and actions. Each answer
must show exactly the face-up cards of that game, in place, and the body may name no card beyond the
face-up ones and those in the answer's own events (cards that were face up when the event happened).
"""

from __future__ import annotations

import re
from collections import Counter
from typing import Any

import pytest
from starlette.testclient import TestClient

from spider import Game

from .conftest import new_game
from .player import choose, state_key

CARD = re.compile(r"(?<![A-Za-z0-9])[A2-9TJQK][shdc](?![A-Za-z0-9])")
MAX_ACTIONS = 700


def face_up(game: Game) -> list[list[str]]:
    return [[str(card) for card in game.face_up(column)] for column in range(1, 11)]


def check_public(body: str, view: dict[str, Any], events: list[dict[str, Any]], truth: Game, before: Game) -> None:
    assert [column["up"] for column in view["columns"]] == face_up(truth)
    assert [column["down"] for column in view["columns"]] == list(truth.face_down)
    assert view["stock"] == {"cards": len(truth.stock), "deals_left": truth.deals_left}
    assert set(view["stock"]) == {"cards", "deals_left"}
    shown = Counter(card for column in face_up(truth) for card in column)
    was_up = {card for column in face_up(before) + face_up(truth) for card in column}
    in_events = Counter()
    for event in events:
        cards = event.get("cards", []) + ([event["card"]] if "card" in event else [])
        assert set(cards) <= was_up, f"event {event} names a card that was never face up"
        in_events.update(cards)
    named = Counter(CARD.findall(body.replace(view["id"], "")))
    assert named == shown + in_events, f"the answer names cards beyond the face-up ones: {named - shown - in_events}"
    hidden_only = {str(c) for c in truth.stock} | {
        str(c) for column, down in zip(truth.columns, truth.face_down, strict=True) for c in column[:down]
    }
    assert not (hidden_only - was_up) & set(named), "a card seen only face down or in the stock was named"


def play_through(client: TestClient, body: dict[str, Any]) -> tuple[dict[str, Any], int]:
    response = client.post("/api/games", json=body)
    view = response.json()
    truth = Game.from_code(view["code"])  # the code carries the table rules
    check_public(response.text, view, [], truth, truth)
    tried: set[tuple[str, str]] = set()
    played = 0
    while played < MAX_ACTIONS and not view["over"]:
        action = choose(view, tried)
        if action is None:
            break
        tried.add((state_key(view), action))
        # now and then take the action back and play it again, so undo and redo cross the wire too
        sequence = [action, "u", "r"] if played % 9 == 4 else [action]
        for text in sequence:
            before = truth.copy()
            response = client.post(f"/api/games/{view['id']}/actions", json={"action": text})
            assert response.status_code == 200, response.text
            truth.apply_text(text)
            answer = response.json()
            view = answer["view"]
            check_public(response.text, view, answer["events"], truth, before)
            played += 1
    for path in ("", "/hint"):
        response = client.get(f"/api/games/{view['id']}{path}")
        named = set(CARD.findall(response.text.replace(view["id"], "")))
        assert named <= {card for column in face_up(truth) for card in column}
    if not view["over"]:
        response = client.post(f"/api/games/{view['id']}/resign")
        check_public(response.text, response.json(), [], truth, truth)
        view = response.json()
    assert view["over"] is True
    return view, played


@pytest.mark.parametrize(
    "body",
    [
        {"code": "SP1-S1C-AAAAAAD"},
        {"code": "SP1-S1C-AAAABCD"},
        {"code": "SP1-S4C-AAAAAAK", "preset": "casual"},
        {"code": "SP1-S2C-AAAAAQB", "preset": "tabletop"},
    ],
)
def test_complete_games_never_show_a_face_down_card(client: TestClient, body: dict[str, Any]) -> None:
    view, played = play_through(client, body)
    assert played >= 10
    assert view["result"] in ("won", "resigned")
    assert view["won"] or view["stock"]["cards"] == 0 or not view["deal_possible"]


def test_manual_flips_show_the_card_only_once_it_is_turned(client: TestClient) -> None:
    view = new_game(client, code="SP1-S2C-AAAAAAD", preset="duel")
    truth = Game.from_code(view["code"])
    game_id = view["id"]
    # empty a column's face-up part: move its card away, then the pile shows no face-up card until flipped
    for group in view["groups"]:
        if group["count"] == 1 and group["targets"] and view["columns"][group["column"] - 1]["down"]:
            action = f"{group['column']}>{group['targets'][0]}"
            break
    else:
        pytest.skip("this deal offers no first move")
    before = truth.copy()
    response = client.post(f"/api/games/{game_id}/actions", json={"action": action})
    truth.apply_text(action)
    answer = response.json()
    check_public(response.text, answer["view"], answer["events"], truth, before)
    column = group["column"]
    assert answer["view"]["columns"][column - 1]["up"] == [] and answer["view"]["flips"] == [column]
    before = truth.copy()
    response = client.post(f"/api/games/{game_id}/actions", json={"action": f"f{column}"})
    truth.apply_text(f"f{column}")
    answer = response.json()
    check_public(response.text, answer["view"], answer["events"], truth, before)
    assert answer["events"] == [{"type": "flipped", "column": column, "card": str(truth.face_up(column)[0])}]


def test_the_check_catches_a_leaked_card() -> None:
    truth = Game.from_code("SP1-S4C-AAAAAAK")
    view = {
        "id": "x" * 16,
        "columns": [{"down": d, "up": up} for d, up in zip(truth.face_down, face_up(truth), strict=True)],
        "stock": {"cards": len(truth.stock), "deals_left": truth.deals_left},
    }
    body = str(view)
    check_public(body, view, [], truth, truth)  # the honest body passes
    leaked = str(truth.stock[0])
    with pytest.raises(AssertionError):
        check_public(body + f' "next": "{leaked}"', view, [], truth, truth)

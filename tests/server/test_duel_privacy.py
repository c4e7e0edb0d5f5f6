"""A whole duel played as the page plays it (actions over HTTP, news over the socket): no answer nor
frame to either player, nor to a player watching the other after finishing, ever names a card that had
not been turned face up, nor the deal's code before the duel is over.

As in ``test_privacy``, the test knows every card: once the code is out it replays both games. Each
frame is checked against the cards face up so far in either game (counting the actions made when it
was read, which is no earlier than when it was sent); a watched table must be exactly the opponent's
table after their latest action.
"""

from __future__ import annotations

import json
from typing import Any

from starlette.testclient import TestClient, WebSocketTestSession

from spider import Game

from .duel_players import another_player, start_duel
from .player import choose, state_key
from .test_privacy import CARD, face_up

Frame = tuple[int, str, tuple[int, int], bool]  # who read it, its text, actions made by each seat, both ended


def next_action(view: dict[str, Any], tried: set[tuple[str, str]]) -> str | None:
    if view["flips"]:
        return f"f{view['flips'][0]}"
    return choose(view, tried)


def test_no_frame_names_a_face_down_card_or_the_code(client: TestClient) -> None:
    other = another_player(client)
    duel_id = start_duel(client, other)
    actions: list[list[str]] = [[], []]
    frames: list[Frame] = []
    watched: list[tuple[dict[str, Any], int]] = []
    finished: list[int] = []

    def read(seat: int, socket: WebSocketTestSession, until: str, ref: Any = None) -> dict[str, Any]:
        for _ in range(40):
            text = socket.receive_text()
            frames.append((seat, text, (len(actions[0]), len(actions[1])), len(finished) == 2))
            frame: dict[str, Any] = json.loads(text)
            if frame["type"] == "watch":
                watched.append((frame["view"], len(actions[0])))
            if frame["type"] == until and (ref is None or frame.get("ref") == ref):
                return frame
        raise AssertionError(f"no {until} frame")

    def answer(seat: int, response: Any) -> dict[str, Any]:
        """An HTTP answer, checked as a frame is."""
        assert response.status_code == 200, response.text
        frames.append((seat, response.text, (len(actions[0]), len(actions[1])), len(finished) == 2))
        answered: dict[str, Any] = response.json()
        return answered

    players = (client, other)
    with client.websocket_connect("/api/socket") as first, other.websocket_connect("/api/socket") as second:
        sockets = (first, second)
        views: list[dict[str, Any]] = []
        for seat, socket in enumerate(sockets):
            read(seat, socket, "hello")
            socket.send_json({"type": "follow", "duel": duel_id})
            views.append(read(seat, socket, "duel")["duel"]["you"])
        tried: list[set[tuple[str, str]]] = [set(), set()]
        for seat, budget in ((1, 12), (0, 60)):
            for _ in range(budget):
                action = next_action(views[seat], tried[seat])
                if action is None:
                    break
                tried[seat].add((state_key(views[seat]), action))
                actions[seat].append(action)  # counted before it is sent: its answer may show its cards
                played = players[seat].post(f"/api/duels/{duel_id}/actions", json={"action": action})
                views[seat] = answer(seat, played)["view"]
                read(1 - seat, sockets[1 - seat], "watch" if seat == 0 else "progress")
            finished.append(seat)  # sent: from here on the answers and frames may come from after the end
            answer(seat, players[seat].post(f"/api/duels/{duel_id}/finish"))
        over = read(1, second, "duel")
        while over["duel"]["state"] != "over":
            over = read(1, second, "duel")
    code = over["duel"]["code"]
    assert code is not None and len(actions[0]) > 10 and len(actions[1]) > 5 and len(watched) > 10

    # Every card face up in each seat's game after each of its actions, gathered as the game went.
    seen_by: list[list[set[str]]] = []
    tables: list[list[list[list[str]]]] = []
    for seat in (0, 1):
        game = Game.from_code(code)
        seen = {card for column in face_up(game) for card in column}
        seen_by.append([set(seen)])
        tables.append([face_up(game)])
        for action in actions[seat]:
            game.apply_text(action)
            seen |= {card for column in face_up(game) for card in column}
            seen_by[seat].append(set(seen))
            tables[seat].append(face_up(game))
    for seat, text, (made0, made1), over in frames:
        named = set(CARD.findall(text))
        allowed = seen_by[0][made0] | seen_by[1][made1]
        assert named <= allowed, f"a frame to seat {seat} names cards never face up: {named - allowed}"
        if not over:
            assert code not in text and code.split("-")[2] not in text
    for view, made in watched:
        assert [column["up"] for column in view["columns"]] == tables[0][made]

"""'No more moves' (SPEC 2.3) in the view: from the solver, and off on request or by setting."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from starlette.testclient import TestClient

from .conftest import act, new_game
from .player import choose, state_key

STUCK_CODE = "SP1-S1C-AAAAAAG"  # the simple player runs out of moves here with the stock dealt


def play_until_out_of_ideas(client: TestClient, code: str) -> dict[str, Any]:
    view = new_game(client, code=code)
    tried: set[tuple[str, str]] = set()
    for _ in range(300):
        assert view["stuck"] is False or choose(view, tried) is None
        action = choose(view, tried)
        if action is None:
            break
        tried.add((state_key(view), action))
        view = act(client, view["id"], action)["view"]
    return view


def test_the_view_says_no_more_moves_when_the_solver_proves_it(client: TestClient) -> None:
    view = play_until_out_of_ideas(client, STUCK_CODE)
    assert view["stuck"] is True
    assert view["deal_possible"] is False and view["over"] is False and view["can_undo"] is True
    assert client.get(f"/api/games/{view['id']}?no_more_moves=0").json()["stuck"] is False
    assert client.get(f"/api/games/{view['id']}").json()["stuck"] is True


def test_no_more_moves_can_be_switched_off_for_the_server(make_client: Callable[..., TestClient]) -> None:
    client = make_client(no_more_moves=False)
    view = play_until_out_of_ideas(client, STUCK_CODE)
    assert view["stuck"] is False
    assert client.get(f"/api/games/{view['id']}?no_more_moves=1").json()["stuck"] is True


def test_searches_in_the_worker_process_answer_now_or_at_the_next_view(
    make_client: Callable[..., TestClient],
) -> None:
    client = make_client(solver_workers=1, stuck_wait=0.0)  # never wait: the answer comes with a later view
    view = play_until_out_of_ideas(client, STUCK_CODE)
    assert view["stuck"] is False and view["stuck_pending"] is True
    deadline = time.monotonic() + 60
    while view["stuck_pending"] and time.monotonic() < deadline:
        time.sleep(0.1)
        view = client.get(f"/api/games/{view['id']}").json()
    assert view["stuck"] is True and view["stuck_pending"] is False
    hint = client.get(f"/api/games/{view['id']}/hint").json()  # hints run in the worker too
    assert hint["deal_possible"] is False and hint["text"]


def test_a_dead_worker_process_is_replaced(make_client: Callable[..., TestClient]) -> None:
    import multiprocessing
    import os
    import signal

    before = {process.pid for process in multiprocessing.active_children()}
    client = make_client(solver_workers=1, stuck_wait=30.0)
    view = new_game(client, code=STUCK_CODE)
    assert client.get(f"/api/games/{view['id']}/hint").status_code == 200  # the worker is up
    started = [process.pid for process in multiprocessing.active_children() if process.pid not in before]
    assert started  # the workers this app started: the searches' and the deals'
    for pid in started:
        if pid is not None:
            os.kill(pid, signal.SIGKILL)
    for _ in range(3):  # the first search after the death may run here; then a new worker takes over
        response = client.get(f"/api/games/{view['id']}/hint")
        assert response.status_code == 200 and response.json()["text"]
    view = play_until_out_of_ideas(client, STUCK_CODE)
    assert view["stuck"] is True


def test_the_shortcut_agrees_with_the_solver() -> None:
    """Where the engine says a card can be turned up, the view skips the search: the solver says the same."""
    import random

    from spider import PRESETS, Game
    from spider.solver import no_more_moves

    rng = random.Random(11)
    skipped = 0
    for preset in ("classic", "duel"):
        for _ in range(12):
            game = Game.new(rng.choice((1, 2, 4)), PRESETS[preset], shuffle=rng.randrange(26**7))
            for _ in range(300):
                actions = game.legal_actions()
                if not actions:
                    break
                if not game.deal_possible and game.can_uncover:
                    skipped += 1
                    assert not no_more_moves(game.public_position(), max_nodes=100_000)
                moves = [action for action in actions if str(action) != "d"]
                game.play(rng.choice(moves if moves and rng.random() < 0.8 else actions))
    assert skipped > 20

"""A live game's own rules, asked of it by ``Games``: whether its deal's line may be shown."""

from __future__ import annotations

from typing import Any

import pytest

from spider import Game
from spider.server.games.clock import Clock
from spider.server.games.kinds import Kind
from spider.server.games.service import LiveGame
from spider.server.games.store import GameRecord

CODE = "SP1-S1C-AAAAAAD"


def live(**ended: Any) -> LiveGame:
    record = GameRecord(id="g", player="p", code=CODE, suits=1, rules={}, verified=True, created_at=0.0, **ended)
    return LiveGame(record, Game.from_code(CODE), Clock())


@pytest.mark.parametrize(
    ("ended", "shown"),
    [
        ({}, False),  # in progress: its line would play it
        ({"result": "resigned", "moves": 12}, True),  # counted: lost in the player's results
        ({"result": "won", "moves": 300}, True),
        ({"result": "abandoned", "moves": 0}, False),  # left before a move: counts nowhere, so shows nothing
        ({"result": "abandoned", "moves": 0, "kind": Kind.REPLAY}, True),  # a replay could never count
        ({"result": "abandoned", "moves": 0, "line_shown": True}, True),  # nor a game of a known deal
        ({"result": "won", "moves": 300, "kind": Kind.DAILY}, True),  # nor a daily deal's, nor a race's
        ({"result": "resigned", "moves": 9, "kind": Kind.GHOST}, True),
        # practice counts nowhere either
        ({"result": "solved", "moves": 3, "exercise": "first-run", "kind": Kind.PRACTICE}, False),
    ],
)
def test_a_line_is_shown_only_after_a_game_that_counted_or_never_could(ended: dict[str, Any], shown: bool) -> None:
    assert live(**ended).line_may_be_shown is shown

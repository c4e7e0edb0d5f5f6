"""In `spider play`, pressing H again on the same table gives the next worthwhile move, then wraps."""

from __future__ import annotations

from textual.pilot import Pilot

from spider import Game
from spider.solver import hint
from spider.terminal.app import SpiderApp
from tests.engine.test_terminal import CODE, drive, said, settle


def test_h_pressed_again_cycles_through_the_hints_and_wraps() -> None:
    game = Game.from_code(CODE)
    total = hint(game.public_position()).total
    assert total >= 2
    expected = [hint(game.public_position(), index=index) for index in range(total)]
    app = SpiderApp(Game.from_code(CODE))

    async def scenario(pilot: Pilot[int]) -> None:
        for press in range(total + 1):
            await pilot.press("h")
            await settle(pilot)
            found = expected[press % total]
            assert app.hinted is not None and app.hinted.action == found.action
            assert said(app) == f"Hint {press % total + 1} of {total}: {found.message}"

    drive(app, scenario)

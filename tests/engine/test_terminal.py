"""The terminal game: the table drawn, actions typed, refusals shown."""

from __future__ import annotations

import io

from rich.console import Console

from spider import Game
from spider.terminal import play


def session(game: Game, *typed: str) -> tuple[int, str]:
    out = io.StringIO()
    answers = iter(typed)

    def read(prompt: str) -> str:
        try:
            return next(answers)
        except StopIteration:
            raise EOFError from None

    status = play(game, Console(file=out, width=100, color_system=None), read)
    return status, out.getvalue()


def test_moves_refusals_and_the_table_in_words() -> None:
    game = Game.from_code("SP1-S4C-SPIDERS")
    status, shown = session(game, "1>8", "d", "w", "q")
    assert status == 0
    assert "A king goes only into an empty column." in shown
    assert game.moves == 1 and len(game.stock) == 40  # the deal was played
    assert "Stock: 40 cards, 4 deals left" in shown
    assert "K♦" in shown and "░░" in shown


def test_the_end_of_input_ends_the_game_quietly() -> None:
    status, shown = session(Game.from_code("SP1-S1C-AAAAAAD"))
    assert status == 0 and "score 500" in shown

"""`spider play` in an 80-column terminal, the narrowest a player is likely to have, in every language: the key bar
shows every key with its word, Quit included, none cut off and none split over two lines; the table and the status
line are still there above it."""

from __future__ import annotations

import pytest
from textual.pilot import Pilot

from spider import Game
from spider.terminal import SpiderApp
from spider.terminal.app import KEYS
from spider.text import languages, message
from tests.engine.test_terminal import CODE, drive
from tests.engine.test_terminal_language import screen_text

QUIT = ("Q", "terminal.key.quit")
WITH_A_WORD = [(key, word) for _keys, _action, word, key in KEYS if key is not None and word is not None]


@pytest.mark.parametrize("lang", languages())
def test_the_key_bar_shows_every_key_at_80_columns(lang: str) -> None:
    app = SpiderApp(Game.from_code(CODE), lang=lang)
    shown: dict[str, list[str]] = {}

    async def look(pilot: Pilot[int]) -> None:
        await pilot.pause()
        shown["lines"] = screen_text(app).splitlines()

    drive(app, look, size=(80, 24))
    lines = shown["lines"]
    assert len(lines) == 24 and all(len(line) <= 80 for line in lines)
    status = message("terminal.status", lang, score=500, moves=0, deals=5, runs=0, total=8)
    below = next(at for at, line in enumerate(lines) if line.strip() == status) + 1  # the key bar is under it
    bar = lines[below:]
    assert 1 <= len(bar) <= 2, bar
    assert QUIT in WITH_A_WORD and len(WITH_A_WORD) == 10
    wanted = [f"{key} {message(word, lang)}" for key, word in WITH_A_WORD]
    missing = [key for key in wanted if not any(key in line for line in bar)]
    assert missing == [], bar

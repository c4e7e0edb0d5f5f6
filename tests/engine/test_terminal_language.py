"""`spider play` speaks the player's language: every text on the screen (status, score line, stock, hints,
refusals, dialogs, the key bar) comes from the catalog of the language chosen, in each of the five.

The screen is read as the terminal shows it (what Textual composes, dialogs over the table), through
every screen a player meets; no message id, and no English sentence or word that the language does
not use itself, may appear on it outside the cards and the game code.
"""

from __future__ import annotations

import io
import json
import re
from pathlib import Path

import pytest
from rich.console import Console
from textual.pilot import Pilot

from spider import Game
from spider.actions import COLUMNS
from spider.rules import HELPS
from spider.terminal import SpiderApp
from spider.text import catalog, languages
from tests.engine.test_terminal import CODE, drive, settle
from tests.solver import positions

ONE_MOVE_FROM_A_WIN = "1C |KsQsJsTs9s8s7s6s5s4s3s2s/|As/|/|/|/|/|/|/|/| - sssssss 500 0"
SIZE = (110, 36)


def screen_text(app: SpiderApp) -> str:
    """The whole screen as plain text, as the terminal would show it (a dialog over the table)."""
    width, height = app.size
    console = Console(width=width, height=height, file=io.StringIO(), record=True, legacy_windows=False)
    console.print(app.screen._compositor.render_update(full=True, screen_stack=app._background_screens))
    return console.export_text()


def texts(value: object) -> list[str]:
    """A catalog entry's templates (every plural form)."""
    return list(value.values()) if isinstance(value, dict) else [str(value)]


WORD = re.compile(r"[A-Za-z]{4,}")


def english_words(lang: str) -> set[str]:
    """Words of four letters or more in the English catalog that the language's own catalog never uses
    (so Dutch "Score" is no English left behind); the placeholders' names are not words."""
    own = " ".join(text for value in catalog(lang).values() for text in texts(value))
    own_words = {word.lower() for word in WORD.findall(re.sub(r"\{[^}]*\}", " ", own))}
    english = " ".join(text for value in catalog("en").values() for text in texts(value))
    return {word.lower() for word in WORD.findall(re.sub(r"\{[^}]*\}", " ", english))} - own_words


def foreign(text: str, lang: str) -> list[str]:
    """What on the screen is not the language's: message ids, and English words it does not use."""
    found = [key for key in catalog("en") if key in text]
    if lang != "en":
        shown = text.replace(CODE, " ")  # the game code is a name, not a word
        found += sorted({word for word in WORD.findall(shown) if word.lower() in english_words(lang)})
    return found


async def go_to(pilot: Pilot[int], app: SpiderApp, column: int) -> None:
    """Moves the cursor to a column with the arrows; in Hebrew the left arrow goes on to the next column."""
    steps = (column - app.hand.column) % COLUMNS
    await pilot.press(*(["left" if app.rtl else "right"] * steps))
    assert app.hand.column == column


async def move_by_keys(pilot: Pilot[int], app: SpiderApp, source: int, target: int) -> None:
    """Picks up the cards the cursor takes on ``source`` and puts them down on ``target``."""
    await go_to(pilot, app, source)
    await pilot.press("enter")
    await go_to(pilot, app, target)
    await pilot.press("enter")
    await settle(pilot)


def keep_a_game(path: Path) -> None:
    path.write_text(json.dumps({
        "format": "spider-terminal-game", "version": 1, "code": CODE, "rules": Game.from_code(CODE).rules.to_json(),
        "preset": None, "actions": ["d", "u", "r"], "seconds": 75.0,
    }))  # fmt: skip


@pytest.mark.parametrize("lang", languages())
def test_every_screen_of_a_game_speaks_the_language(lang: str, tmp_path: Path) -> None:
    kept_at = tmp_path / "kept.json"
    keep_a_game(kept_at)
    app = SpiderApp(Game.from_code(CODE), lang=lang, kept_at=kept_at)
    seen: dict[str, str] = {}

    async def scenario(pilot: Pilot[int]) -> None:
        seen["offer to go on"] = screen_text(app)
        await pilot.press("enter")  # go on with the kept game
        assert app.game.moves == 1 and app.actions == ["d", "u", "r"]
        await pilot.press("h")
        await settle(pilot)
        seen["hint"] = screen_text(app)
        await go_to(pilot, app, 1)
        await pilot.press("enter")  # the K♦, which has nowhere to go but an empty column
        await go_to(pilot, app, 8)
        await pilot.press("enter")
        seen["refusal"] = screen_text(app)
        await pilot.press("w")
        seen["table in words"] = screen_text(app)
        await pilot.press("escape", "n")
        seen["leave for a new game"] = screen_text(app)
        await pilot.press("escape", "q")
        seen["quit"] = screen_text(app)
        await pilot.press("escape")

    drive(app, scenario, size=SIZE)
    stuck = SpiderApp(Game.from_position(positions.SHUTTLE), lang=lang)

    async def when_stuck(pilot: Pilot[int]) -> None:
        await pilot.press("h")
        await settle(pilot)
        seen["no more moves"] = screen_text(stuck)
        await pilot.press("u")
        seen["nothing to undo"] = screen_text(stuck)

    drive(stuck, when_stuck, size=SIZE)
    winning = SpiderApp(Game.from_position(ONE_MOVE_FROM_A_WIN), lang=lang)

    async def win(pilot: Pilot[int]) -> None:
        await move_by_keys(pilot, winning, 2, 1)
        assert winning.game.won
        seen["won"] = screen_text(winning)

    drive(winning, win, size=SIZE)
    classic = SpiderApp(Game.from_code(CODE), HELPS["classic"], "classic", lang=lang)

    async def no_hints(pilot: Pilot[int]) -> None:
        await pilot.press("h")
        seen["hints off"] = screen_text(classic)

    drive(classic, no_hints, size=SIZE)

    assert all(seen.values())
    english = {name: foreign(text, lang) for name, text in seen.items()}
    assert english == {name: [] for name in seen}, english


def test_hints_and_the_score_line_are_in_the_language_even_from_the_solvers_thread() -> None:
    """The hint is worked out in a worker thread, which does not inherit the command's language."""
    app = SpiderApp(Game.from_code(CODE), lang="pl")

    async def scenario(pilot: Pilot[int]) -> None:
        await pilot.press("h")
        await settle(pilot)
        assert app.hinted is not None
        line = str(app.query_one("#message").render())
        assert line.startswith("Podpowiedź 1 z ") and "z kolumny" in line, line
        assert str(app.query_one("#status").render()).startswith("Wynik 500   Ruchy 0")

    drive(app, scenario)

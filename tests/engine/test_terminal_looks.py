"""How `spider play` looks: the clock, colours readable on dark and light terminals, and Hebrew mirrored as
the page mirrors it (column 1 rightmost, the left arrow to the next column, lines read from the right)."""

from __future__ import annotations

from textual.pilot import Pilot
from textual.widgets import Button, Static

from spider import Game
from spider.actions import COLUMNS
from spider.terminal import SpiderApp
from spider.terminal.table import ColumnView, StockView
from tests.engine.test_terminal import CODE, drive, said, settle
from tests.engine.test_terminal_language import ONE_MOVE_FROM_A_WIN, move_by_keys, screen_text
from tests.engine.test_terminal_saved import Time

TERMINAL_TEXT_COLOUR = -1  # Textual's ANSI colour number for the terminal's own text colour ("default")


def clock(app: SpiderApp) -> str:
    return str(app.query_one("#clock", Static).render())


def test_the_clock_starts_at_the_first_action_runs_through_dialogs_and_stops_at_the_win() -> None:
    time = Time()
    app = SpiderApp(Game.from_code(CODE), now=time)

    async def scenario(pilot: Pilot[int]) -> None:
        time.now += 30
        app.show_clock()
        assert clock(app) == "0:00"  # nothing played yet
        await pilot.press("d")
        time.now += 59.9
        app.show_clock()
        assert clock(app) == "0:59"
        await pilot.press("w")  # a dialog open: the page pauses only when its tab is hidden, so neither does this
        time.now += 3600
        app.show_clock()
        assert clock(app) == "1:00:59" and app.clock.running

    drive(app, scenario)
    winning = SpiderApp(Game.from_position(ONE_MOVE_FROM_A_WIN), now=time)

    async def win(pilot: Pilot[int]) -> None:
        await pilot.press("u")  # refused (nothing to undo): no action, no clock
        assert not winning.clock.running
        await move_by_keys(pilot, winning, 2, 1)
        assert winning.game.won and not winning.clock.running
        time.now += 100
        winning.show_clock()
        assert clock(winning) == "0:00"

    drive(winning, win)


def test_the_stock_and_the_dialog_buttons_are_in_the_terminals_text_colour() -> None:
    """ANSI blue, the stock's and the buttons' colour before, is barely readable on a dark terminal; the
    terminal's own text colour is readable on whatever background it has."""
    app = SpiderApp(Game.from_code(CODE))

    async def scenario(pilot: Pilot[int]) -> None:
        assert app.query_one(StockView).styles.color.ansi == TERMINAL_TEXT_COLOUR
        await pilot.press("d", "q")
        buttons = list(app.screen.query(Button))
        assert len(buttons) == 2
        for button in buttons:
            assert button.styles.color.ansi == TERMINAL_TEXT_COLOUR, button.id
            assert button.styles.border_top[1].ansi == TERMINAL_TEXT_COLOUR, button.id
        focused = next(button for button in buttons if button.has_focus)
        assert focused.rich_style.reverse  # the focus shows without a colour of its own

    drive(app, scenario)


def test_hebrew_mirrors_the_table_column_one_rightmost_and_the_arrows_follow_the_eye() -> None:
    app = SpiderApp(Game.from_code(CODE), lang="he")

    async def scenario(pilot: Pilot[int]) -> None:
        lefts = {number: app.query_one(f"#column-{number}", ColumnView).region.x for number in range(1, COLUMNS + 1)}
        assert sorted(lefts, key=lefts.__getitem__) == list(range(COLUMNS, 0, -1))  # 10 leftmost, 1 rightmost
        # column 1 still shows the deal's column 1: the K♦ (as every language names it)
        assert app.query_one("#column-1", ColumnView).picture.up[-1].rank == 13
        assert app.query_one(StockView).region.x > app.query_one("#runs").region.x  # the stock on the right
        assert app.hand.column == 1
        await pilot.press("left")
        assert app.hand.column == 2
        await pilot.press("right", "right")
        assert app.hand.column == 10
        await pilot.press("h")
        await settle(pilot)
        hinted = app.hinted
        assert hinted is not None and hinted.target is not None
        assert f"מעמודה {hinted.column} " in said(app) and f"בעמודה {hinted.target}" in said(app)
        assert app.query_one(f"#column-{hinted.target}", ColumnView).picture.target
        width = app.size.width
        status = next(line for line in screen_text(app).splitlines() if "ניקוד" in line)
        assert len(status.rstrip()) == width - 1 and status.startswith(" " * 10)  # read from the right
        assert CODE in screen_text(app)  # the game code as it is written everywhere

    drive(app, scenario)


def test_english_keeps_column_one_on_the_left() -> None:
    app = SpiderApp(Game.from_code(CODE))

    async def scenario(pilot: Pilot[int]) -> None:
        lefts = [app.query_one(f"#column-{number}", ColumnView).region.x for number in range(1, COLUMNS + 1)]
        assert lefts == sorted(lefts)
        status = next(line for line in screen_text(app).splitlines() if "Score" in line)
        assert status.startswith(" Score")
        await pilot.press("right")
        assert app.hand.column == 2

    drive(app, scenario)

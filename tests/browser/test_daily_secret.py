"""Today's daily deal in the page of a player who gave it up: no code, but when it will be shown, in words; no
button that would ask for the winning line, the analysis or the replay, which the server keeps back until the day
is over."""

from __future__ import annotations

import datetime as dt
import sqlite3

from playwright.sync_api import Browser, Page, expect

from tests.browser.harness import Server, open_context
from tests.browser.table import act, current, open_table
from tests.browser.test_daily import line_of, open_daily_from_menu


def code_of(server: Server, day: str) -> str:
    """The day's 1-suit code, read from the server's database as only the server can."""
    with sqlite3.connect(server.database) as connection:
        row = connection.execute("SELECT code FROM daily_deals WHERE day = ? AND suits = 1", (day,)).fetchone()
    assert row is not None
    code: str = row[0]
    return code


def give_up_in_the_page(page: Page, game_id: str) -> None:
    """Gives the game up and shows the answer, as the page does when a player gives up (replay.js)."""
    page.evaluate(
        """async (id) => {
            const { api } = await import('/static/js/api.js');
            const { setView } = await import('/static/js/game.js');
            setView(await api.resign(id), { animate: false });
        }""",
        game_id,
    )


def test_a_resigned_daily_entry_shows_no_code_and_says_when_it_will(browser: Browser, server: Server) -> None:
    today = dt.datetime.now(dt.UTC).date().isoformat()
    context = open_context(browser, server)
    page = context.new_page()
    try:
        open_table(page)
        open_daily_from_menu(page)
        page.click('#dialog [data-daily-suits="1"]')
        expect(page.locator("#status")).to_contain_text("daily deal", timeout=90_000)
        code = code_of(server, today)
        # while it is played: the code's place says when everyone will see it, and nothing offers the line
        expect(page.locator("[data-code]")).to_contain_text("at 00:00 UTC")
        view = act(page, current(page), line_of(server, today)[0])
        open_table(page)  # the page reloaded: the day's game, with its move
        expect(page.locator("[data-moves]")).to_have_text("1")
        page.click('[data-command="new"]')
        dialog = page.locator("#dialog")
        expect(dialog.locator("[data-secret]")).to_contain_text("once the day is over, at 00:00 UTC")
        expect(dialog.locator('button[value="line"], button[value="analyse"]')).to_have_count(0)
        page.keyboard.press("Escape")
        give_up_in_the_page(page, view["id"])
        shown = "shown to everyone when today's daily deal is over, at 00:00 UTC"
        expect(page.locator("[data-code]")).to_have_text(shown)
        assert code not in page.content()
        page.click('[data-menu="more"]')
        menu = page.get_by_role("menu", name="More")
        expect(menu.get_by_role("menuitem", name="Review")).to_be_visible()
        for item in ("Show a winning line", "Give up and show a winning line", "Give up and analyse"):
            expect(menu.get_by_role("menuitem", name=item)).to_have_count(0)
        page.keyboard.press("Escape")
        # its replay, opened by its link, is refused in words naming the time
        page.goto(f"/?replay={view['id']}")
        page.wait_for_selector('html[data-ready="true"]')
        expect(page.locator("#status")).to_contain_text("once the day is over, at 00:00 UTC")
        assert code not in page.content()
    finally:
        context.close()

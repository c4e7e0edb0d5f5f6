"""A game in progress survives reloading the page and a kill -9 of the server, undo history included;
its clock counts only the time the page shows it."""

from __future__ import annotations

import os
import time

import pytest
from playwright.sync_api import BrowserContext, Page, expect

from tests.browser.harness import Server
from tests.browser.table import current, expect_table, new_game, open_table, play_until


def test_reload_and_server_restart_keep_the_game(page: Page, server: Server) -> None:
    if os.environ.get("SPIDER_BROWSER_SERVER"):
        pytest.skip("restarts only a server these tests started")
    start = new_game(page, 2)
    view = play_until(page, start, lambda v: v["moves"] >= 6)
    open_table(page)
    page.locator("[data-stock]").click()
    expect(page.locator("[data-moves]")).to_have_text(str(view["moves"] + 1))
    played = current(page)

    page.reload()
    page.wait_for_selector('html[data-ready="true"]')
    expect_table(page, played)
    expect(page.locator("[data-code]")).to_have_text("shown when the game is over")

    server.kill()
    server.start()
    open_table(page)
    expect_table(page, played)
    page.get_by_role("button", name="Undo").click()  # the history came back too: undo the deal
    expect(page.locator("[data-moves]")).to_have_text(str(view["moves"]))
    expect_table(page, view | {"can_undo": True})


def test_the_clock_stops_while_the_page_is_closed(context: BrowserContext, page: Page) -> None:
    began = time.monotonic()
    new_game(page, 1)
    open_table(page)
    page.wait_for_timeout(1000)
    page.close()  # the page says so as it goes
    opened = time.monotonic() - began  # more than a second on a busy machine
    time.sleep(6)
    away = context.request.get("/api/games/current").json()["seconds"]
    assert away <= opened + 1, f"the clock ran on while the page was closed: {away} s, open {opened:.1f} s"
    again = context.new_page()
    open_table(again)
    again.wait_for_timeout(2500)
    shown = again.locator("[data-time]").text_content() or ""
    minutes, seconds = map(int, shown.split(":"))
    assert away + 1 <= minutes * 60 + seconds <= away + 4  # the table shows it once a second
    again.close()
    assert context.request.get("/api/games/current").json()["seconds"] >= away + 2

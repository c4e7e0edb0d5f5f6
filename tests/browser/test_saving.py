"""A game in progress survives reloading the page and a kill -9 of the server, undo history included."""

from __future__ import annotations

import os

import pytest
from playwright.sync_api import Page, expect

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

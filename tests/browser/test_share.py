"""Sharing a deal in progress: a link opens the same cards for another player, and no one sees its code."""

from __future__ import annotations

from playwright.sync_api import Browser, Page, expect

from tests.browser.harness import Server, open_context
from tests.browser.table import current, new_game, open_table


def test_a_shared_link_deals_the_same_cards_without_naming_them(page: Page, browser: Browser, server: Server) -> None:
    view = new_game(page, 2)
    open_table(page)
    expect(page.locator("[data-kind]")).to_have_text("· random deal")
    page.get_by_role("button", name="Share this deal").click()
    dialog = page.locator("dialog[open]")
    expect(dialog).to_contain_text("Whoever opens this link plays the same deal")
    link = dialog.get_by_role("textbox").input_value()
    assert "/?share=" in link and "SP1-" not in link

    friend = open_context(browser, server)
    try:
        other = friend.new_page()
        other.goto(link)
        other.wait_for_selector('html[data-ready="true"]')
        expect(other.locator("#status")).to_have_text(
            "A shared deal: the same cards as for the player who sent the link."
        )
        theirs = current(other)
        assert theirs["id"] != view["id"] and theirs["columns"] == view["columns"] and theirs["code"] is None
        assert theirs["shared"] is True and view["shared"] is False
        expect(other.locator("[data-kind]")).to_have_text("· shared deal")  # not the sharer's "random deal"
        other.reload()
        other.wait_for_selector('html[data-ready="true"]')
        expect(other.locator("[data-kind]")).to_have_text("· shared deal")  # kept with the game
        assert other.url.endswith("/") and "share" not in other.url  # a reload goes on with the same game
        other.goto("/?share=nothing-here")
        other.wait_for_selector('html[data-ready="true"]')
        expect(other.locator("#status")).to_contain_text("No shared deal has this link")
        assert current(other)["id"] == theirs["id"]  # a stale link leaves the player's game alone
    finally:
        friend.close()

"""Giving up asks first (issue 54 item 2): "Give up and analyse" and "Give up and show a winning line" end a game
that counts as a loss, so the page asks, as Restart does; Keep playing leaves the game as it was. A game that
counts for nothing (a typed-in code) is given up at once, as before (``test_analysis.py``)."""

from __future__ import annotations

from playwright.sync_api import Page, expect

from tests.browser.table import View, act, new_game, open_table


def dealt_once(page: Page, **extra: str) -> View:
    """A new game of the server's deals (which counts), with one deal made: moves on the table."""
    view = new_game(page, 1, **extra)
    view = act(page, view, "d")
    assert view["moves"] > 0 and view["counts"] is True
    return view


def game(page: Page, view: View) -> View:
    found: View = page.request.get(f"/api/games/{view['id']}").json()
    return found


def test_give_up_and_analyse_asks_first_and_keep_playing_keeps_the_game(page: Page) -> None:
    view = dealt_once(page)
    open_table(page)
    page.keyboard.press("n")
    page.locator("dialog[open]").get_by_role("button", name="Give up and analyse").click()
    asked = page.get_by_role("dialog", name="Give up this game?")
    expect(asked).to_contain_text("giving it up now counts as a loss in your statistics")
    asked.get_by_role("button", name="Keep playing").click()
    expect(asked).to_have_count(0)
    assert game(page, view)["over"] is False
    page.keyboard.press("n")
    page.locator("dialog[open]").get_by_role("button", name="Give up and analyse").click()
    page.get_by_role("dialog", name="Give up this game?").get_by_role("button", name="Give up").click()
    expect(page.get_by_role("dialog", name="Analysis of this game")).to_be_visible()
    assert game(page, view)["result"] == "resigned"


def test_give_up_and_show_a_winning_line_asks_first(page: Page) -> None:
    view = dealt_once(page, deal="verified")
    open_table(page)
    page.keyboard.press("n")
    page.locator("dialog[open]").get_by_role("button", name="Give up and show a winning line").click()
    asked = page.get_by_role("dialog", name="Give up this game?")
    expect(asked).to_be_visible()
    asked.get_by_role("button", name="Keep playing").click()
    assert game(page, view)["over"] is False
    page.keyboard.press("n")
    page.locator("dialog[open]").get_by_role("button", name="Give up and show a winning line").click()
    page.get_by_role("dialog", name="Give up this game?").get_by_role("button", name="Give up").click()
    expect(page.locator("dialog.viewer[open]")).to_be_visible(timeout=30_000)
    assert game(page, view)["result"] == "resigned"

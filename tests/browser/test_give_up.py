"""Giving up asks first (issue 54 item 2): "Give up and analyse" and "Give up and show a winning line" end a game
that counts as a loss, so the page asks, as Restart does; Keep playing leaves the game as it was. So does racing a
ghost, whose game takes the table's place, and the "No more moves" dialog says that leaving the game loses it, as
the New game dialog does. A game that counts for nothing (a typed-in code) is given up at once, as before
(``test_analysis.py``)."""

from __future__ import annotations

from playwright.sync_api import Browser, Page, expect

from tests.browser.harness import Server, open_context
from tests.browser.table import View, act, current, new_game, open_table, play_until, stuck


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


def race_a_ghost_from_the_lobby(page: Page) -> None:
    """Duels, then Race a ghost (1 suit); when tables left by other tests hide the offer, its button all the same."""
    page.locator('[data-command="duels"]').first.click()
    offer = page.locator("dialog[open] [data-ghost-offer]")
    expect(offer).to_have_count(1)
    page.locator("dialog[open] input[name='suits'][value='1']").check()
    button = offer.get_by_role("button", name="Race a ghost")
    if offer.is_visible():
        button.click()
    else:
        button.dispatch_event("click")


def test_racing_a_ghost_asks_first_when_it_leaves_a_game_that_counts(
    browser: Browser, server: Server, page: Page
) -> None:
    ghost_context = open_context(browser, server)
    try:  # a game for the ghost: another player's, counted
        other = ghost_context.new_page()
        open_table(other)
        raced = act(other, act(other, new_game(other, 1), "d"), "d")
        assert other.request.post(f"/api/games/{raced['id']}/resign").ok
    finally:
        ghost_context.close()
    view = dealt_once(page)
    open_table(page)
    race_a_ghost_from_the_lobby(page)
    asked = page.get_by_role("dialog", name="Leave this game?")
    expect(asked).to_contain_text("leaving it now counts as a loss in your statistics")
    asked.get_by_role("button", name="Keep playing").click()
    expect(asked).to_have_count(0)
    expect(page.locator("#duel-bar")).to_be_hidden()
    assert current(page)["id"] == view["id"] and game(page, view)["over"] is False
    race_a_ghost_from_the_lobby(page)
    page.get_by_role("dialog", name="Leave this game?").get_by_role("button", name="Leave it").click()
    expect(page.locator("#duel-bar")).to_contain_text("A ghost race is unrated", timeout=30_000)
    assert current(page)["id"] != view["id"] and game(page, view)["over"] is True


def test_no_more_moves_says_that_leaving_a_game_that_counts_loses_it(page: Page) -> None:
    view = play_until(page, new_game(page, 4), stuck(page), seed=5, steps=800)
    assert view["counts"] is True
    open_table(page)
    dialog = page.get_by_role("dialog", name="No more moves")
    expect(dialog).to_contain_text("Your game in progress has moves: leaving it counts as a loss.")

"""No more moves: the dialog offers undo, restart and a new game, and the setting switches it off."""

from __future__ import annotations

from playwright.sync_api import Page, expect

from tests.browser.table import current, expect_table, new_game, open_table, play_until, stuck


def test_no_more_moves_dialog_offers_undo_restart_new_game(page: Page) -> None:
    view = play_until(page, new_game(page, 4, code="SP1-S4C-AAAAAAB"), stuck(page), seed=2, steps=800)
    open_table(page)
    dialog = page.get_by_role("dialog", name="No more moves")
    expect(dialog).to_be_visible()
    for name in ("Undo", "Restart", "New game"):
        expect(dialog.get_by_role("button", name=name, exact=True)).to_be_visible()
    page.keyboard.press("u")  # shortcuts are off while the dialog is open
    expect(page.locator("[data-moves]")).to_have_text(str(view["moves"]))
    dialog.get_by_role("button", name="Undo", exact=True).click()
    expect(dialog).to_be_hidden()
    expect(page.locator("[data-moves]")).to_have_text(str(view["moves"] - 1))
    page.keyboard.press("y")  # back to the stuck position: the dialog comes again
    expect(dialog).to_be_visible()
    dialog.get_by_role("button", name="Restart", exact=True).click()
    expect(page.locator("[data-moves]")).to_have_text("0")
    expect_table(page, current(page))


def test_no_more_moves_can_be_switched_off(page: Page) -> None:
    play_until(page, new_game(page, 2, code="SP1-S2C-AAAAAAC"), stuck(page), seed=3, steps=800)
    open_table(page)
    dialog = page.get_by_role("dialog", name="No more moves")
    expect(dialog).to_be_visible()
    page.keyboard.press("Escape")
    page.get_by_role("button", name="Settings").click()
    page.get_by_label("Tell me when no moves are left").uncheck()
    page.keyboard.press("Escape")
    page.reload()
    page.wait_for_selector('html[data-ready="true"]')
    page.wait_for_timeout(1500)
    expect(page.locator("dialog[open]")).to_have_count(0)

"""The stock: clicking deals; with an empty column under classic rules the server's refusal is shown."""

from __future__ import annotations

from playwright.sync_api import Page, expect

from tests.browser.table import View, cards, current, expect_table, new_game, open_table, play_until, shown


def test_click_the_stock_to_deal(page: Page) -> None:
    view = new_game(page, 2)
    open_table(page)
    stock = page.locator("[data-stock]")
    expect(stock).to_have_attribute("data-deals-left", "5")
    stock.click()
    expect(stock).to_have_attribute("data-deals-left", "4")
    dealt = current(page)
    expect_table(page, dealt)
    for n in range(1, 11):  # one new face-up card at the end of every column
        assert cards(page, n)[:-1] == shown(view, n)
    expect(stock).to_have_accessible_name("Stock: deal (4 deals left)")


def test_no_deal_with_an_empty_column_under_classic_rules(page: Page) -> None:
    def empty_column(v: View) -> bool:
        return v["stock"]["cards"] > 0 and any(c["down"] + len(c["up"]) == 0 for c in v["columns"])

    view = play_until(page, new_game(page, 1), empty_column, seed=3, steps=1500)
    assert view["rules"]["deal"] == "filled"
    assert not view["deal_possible"] and view["deal_refusal"]
    open_table(page)
    page.locator("[data-stock]").click()
    expect(page.locator("#status")).to_have_text(view["deal_refusal"])
    page.keyboard.press("d")
    expect(page.locator("#status")).to_have_text(view["deal_refusal"])
    expect_table(page, view)  # nothing was dealt

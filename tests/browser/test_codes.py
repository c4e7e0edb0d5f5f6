"""Game codes in: the New game dialog takes a code, and /?code=... opens that deal."""

from __future__ import annotations

from playwright.sync_api import Page, expect

from spider import Game
from tests.browser.table import current, new_game, open_table

CODE = "SP1-S2C-ABCDEFG"


def faces(code: str) -> list[list[str]]:
    game = Game.from_code(code)
    return [[str(card) for card in game.face_up(column)] for column in range(1, 11)]


def test_the_new_game_dialog_deals_a_typed_code(page: Page) -> None:
    new_game(page, 1)
    open_table(page)
    page.keyboard.press("n")
    dialog = page.locator("dialog[open]")
    dialog.get_by_label("Or a game code").fill("sp1-s2c-abcdefg-uxa")
    page.keyboard.press("Enter")  # from the code field: deals, rather than cancel
    expect(page.locator("[data-code]")).to_have_text(f"{CODE}-AUX")
    expect(page.locator("#status")).to_have_text(f"The deal of game code {CODE}-AUX.")
    view = current(page)
    assert [column["up"] for column in view["columns"]] == faces(CODE)
    assert view["rules"]["deal"] == "any" and view["rules"]["undo"] is None


def test_a_bad_code_is_named_and_the_game_goes_on(page: Page) -> None:
    before = new_game(page, 1)
    open_table(page)
    page.keyboard.press("n")
    dialog = page.locator("dialog[open]")
    dialog.get_by_label("Or a game code").fill("SP1-S3C-ABCDEFG")
    dialog.get_by_role("button", name="Deal the cards").click()
    expect(page.locator("#status")).to_contain_text("'S3C' must be S, a suit count 1, 2 or 4")
    assert current(page)["id"] == before["id"]


def test_a_link_with_a_code_opens_that_deal(page: Page) -> None:
    page.goto(f"/?code={CODE}")
    page.wait_for_selector('html[data-ready="true"]')
    expect(page.locator("[data-code]")).to_have_text(CODE)
    assert [column["up"] for column in current(page)["columns"]] == faces(CODE)
    assert "code=" not in page.url  # a reload goes on with this game rather than dealing it again
    page.goto("/?code=nonsense")
    page.wait_for_selector('html[data-ready="true"]')
    expect(page.locator("#status")).to_contain_text("'nonsense' is not a game code")
    expect(page.locator("[data-code]")).to_have_text(CODE)

"""The review of a finished game in the page: asked for from the More menu once a game is over, or from the
statistics' last games; its progress while it is made, then the accuracy, the costliest moves and every move,
and "try again from here"."""

from __future__ import annotations

from playwright.sync_api import Page, expect

from spider.game import Game
from spider.notation import parse_position
from tests.browser.table import View, act, new_game, open_table

CODE = "SP1-S1C-AAAAAAD"
MOVES = ["1>8", "9>4", "10>2", "d"]


def played(page: Page, moves: list[str] = MOVES, **body: object) -> View:
    view = new_game(page, 1, **body)  # type: ignore[arg-type]
    for action in moves:
        view = act(page, view, action)
    return view


def test_a_game_given_up_is_reviewed_from_the_more_menu(page: Page) -> None:
    view = played(page, code=CODE)
    open_table(page)
    page.keyboard.press("n")
    page.locator("dialog[open]").get_by_role("button", name="Give up and analyse").click()
    expect(page.locator("dialog[open]")).to_contain_text("This deal could be won", timeout=60_000)
    expect(page.locator("dialog[open]").get_by_role("button", name="Review")).to_be_visible()  # offered at once
    page.keyboard.press("Escape")
    page.locator('[data-menu="more"]').click()
    page.get_by_role("menu", name="More").get_by_role("menuitem", name="Review").click()
    dialog = page.get_by_role("dialog", name="Review of the game")
    expect(dialog).to_contain_text("Master is going through your game")
    expect(dialog.get_by_role("status")).to_contain_text(f"of {len(MOVES)} moves reviewed")
    expect(dialog).to_contain_text("Accuracy:", timeout=90_000)
    expect(dialog.get_by_role("heading", name="Your costliest moves")).to_be_visible()
    dialog.get_by_text("Every move").click()
    rows = dialog.locator(".review-table tbody tr")
    expect(rows).to_have_count(len(MOVES))
    expect(rows.nth(0)).to_contain_text("1>8")
    expect(rows.nth(3)).to_contain_text("d")
    found = page.request.get(f"/api/games/{view['id']}/review").json()
    assert found["state"] == "done"
    accuracy = round(found["review"]["accuracy"])
    expect(dialog.locator(".review-accuracy")).to_have_text(f"Accuracy: {accuracy}%")
    costly = found["review"]["costliest"]
    expect(dialog.locator(".review-costliest li")).to_have_count(len(costly))
    expect(dialog.locator("tr.costly")).to_have_count(len(costly))
    if costly:
        step = found["review"]["steps"][costly[0]]
        dialog.locator(".review-costliest li").first.get_by_role("button", name="Try again from here").click()
        text = dialog.get_by_role("textbox", name="Try again from here")
        expect(text).to_be_visible()
        shown = parse_position(text.input_value())
        real = Game.replay(CODE, None, MOVES[: step["at"]]).public_position()
        assert shown.columns == real.columns and shown.face_down == real.face_down
        assert shown.hidden is not None and shown.stock is not None  # a whole table, its unseen cards made up


def test_a_lost_game_is_reviewed_from_its_analysis(page: Page) -> None:
    played(page, code=CODE)
    open_table(page)
    page.keyboard.press("n")
    page.locator("dialog[open]").get_by_role("button", name="Give up and analyse").click()
    expect(page.locator("dialog[open]")).to_contain_text("This deal could be won", timeout=60_000)
    page.locator("dialog[open]").get_by_role("button", name="Review").click()
    dialog = page.get_by_role("dialog", name="Review of the game")
    expect(dialog).to_contain_text("Accuracy:", timeout=90_000)


def test_a_counted_game_is_reviewed_from_the_statistics(page: Page) -> None:
    view = played(page, ["d", "d"])  # a fresh deal, so that the game counts
    assert page.request.post(f"/api/games/{view['id']}/resign").ok
    open_table(page)
    page.locator('[data-command="stats"]').first.click()
    row = page.locator(f'dialog[open] .history tbody tr[data-game="{view["id"]}"]')
    row.get_by_role("button", name="Review").click()
    dialog = page.get_by_role("dialog", name="Review of the game")
    expect(dialog).to_contain_text("Accuracy:", timeout=90_000)
    dialog.get_by_text("Every move").click()
    expect(dialog.locator(".review-table tbody tr")).to_have_count(2)

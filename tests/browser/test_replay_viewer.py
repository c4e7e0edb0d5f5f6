"""The replay viewer in a real browser: a finished game opened by its link at a move, stepped with buttons,
the slider and keys, played and paused, its record downloaded; a duel's two tables side by side; a record
file opened; the winning line played through it; Hebrew and a phone."""

from __future__ import annotations

import re
from pathlib import Path

from playwright.sync_api import Browser, Page, expect

from spider.server.solving.deal_pool import Pool
from tests.browser.access import in_language, summary, violations
from tests.browser.harness import Server, open_context
from tests.browser.table import View, act, confirm_giving_up, new_game, open_table, solve

RECORDS = Path(__file__).parents[1] / "data" / "records"
VERIFIED = "SP1-S1C-AAAAAABAAAAAAB"


def finished(page: Page, actions: list[str]) -> View:
    view = new_game(page, 1)
    for action in actions:
        view = act(page, view, action)
    response = page.request.post(f"/api/games/{view['id']}/resign")
    assert response.ok, response.text()
    ended: View = response.json()
    return ended


def test_a_link_opens_a_finished_game_at_a_move_and_the_keys_step_it(page: Page) -> None:
    ended = finished(page, ["d", "d", "d"])
    page.goto(f"/?replay={ended['id']}&move=2")
    viewer = page.locator("dialog.viewer[open]")
    expect(viewer.locator(".viewer-step")).to_have_text("Action 2 of 3: a deal from the stock.")
    assert page.evaluate("location.search") == ""  # the address is plain again: a reload opens the player's game
    expect(viewer.locator(".viewer-column")).to_have_count(10)
    expect(viewer.locator(".viewer-facts")).to_have_text("Score 498 · moves 2 · deals left 3 · runs removed 0")
    expect(viewer.get_by_role("slider", name="Action")).to_have_value("2")
    assert viewer.locator('[data-card="down"]').count() == 44  # face-down cards drawn as backs, never named
    expect(viewer.locator(".card[role=listitem]")).to_have_count(30)
    expect(viewer.get_by_role("link", name="Link to this action")).to_have_attribute(
        "href", f"/?replay={ended['id']}&move=2"
    )
    assert summary(violations(page, "dialog.viewer")) == []  # every control named, contrast, roles (axe-core)

    page.keyboard.press("ArrowLeft")
    expect(viewer.locator(".viewer-step")).to_have_text("Action 1 of 3: a deal from the stock.")
    page.keyboard.press("Home")
    expect(viewer.locator(".viewer-step")).to_have_text("The opening deal. Actions to come: 3.")
    page.keyboard.press("End")
    expect(viewer.get_by_role("slider", name="Action")).to_have_value("3")
    viewer.get_by_role("slider", name="Action").fill("1")
    expect(viewer.locator(".viewer-facts")).to_contain_text("moves 1")

    page.evaluate("document.documentElement.dataset.replayMs = '40'")
    viewer.get_by_role("button", name="Play", exact=True).click()
    expect(viewer.locator(".viewer-step")).to_have_text("Action 3 of 3: a deal from the stock.")
    expect(viewer.get_by_role("button", name="Play", exact=True)).to_be_visible()  # at the end it stops by itself

    with page.expect_download() as waiting:
        viewer.get_by_role("button", name="Download the record").click()
    text = Path(waiting.value.path()).read_text(encoding="utf-8")
    assert text.startswith("Spider game record 1\n") and f"\nCode: {ended['code']}\n" in text
    assert re.search(r"\n1\. d \[\d+:\d\d\]\n2\. d \[\d+:\d\d\]\n3\. d \[\d+:\d\d\]\n$", text)
    page.keyboard.press("Escape")
    expect(viewer).to_have_count(0)


def test_a_game_in_play_opens_no_viewer(page: Page) -> None:
    view = act(page, new_game(page, 1), "d")
    page.goto(f"/?replay={view['id']}")
    page.wait_for_selector('html[data-ready="true"]')
    expect(page.locator("#status")).to_have_text("A game's moves can be replayed only once it is over.")
    expect(page.locator("dialog.viewer")).to_have_count(0)


def test_a_duel_record_file_shows_both_tables_side_by_side(page: Page, tmp_path: Path) -> None:
    open_table(page)
    page.locator('[data-command="stats"]').first.click()
    with page.expect_file_chooser() as choosing:
        page.locator("dialog[open]").get_by_role("button", name="Open a game record").click()
    choosing.value.set_files(str(RECORDS / "duel-4-suits.txt"))
    viewer = page.locator("dialog.viewer[open]")
    expect(viewer.locator("h2")).to_have_text("Duel: Ana and Bram")
    boards = viewer.locator(".viewer-board")
    expect(boards).to_have_count(2)
    expect(boards.nth(0)).to_have_attribute("aria-label", "Ana")
    first, second = (boards.nth(i).bounding_box() for i in range(2))
    assert first and second and abs(first["y"] - second["y"]) < 2 and second["x"] > first["x"] + first["width"] / 2
    viewer.get_by_role("button", name="To the end").click()
    expect(viewer.get_by_role("slider", name="Action")).to_have_value("12")  # the longer game's length
    expect(boards.nth(1).locator(".viewer-facts")).to_contain_text("deals left 4")


def test_the_winning_line_plays_in_the_viewer(page: Page, server: Server) -> None:
    line = solve(VERIFIED)
    Pool(server.database).add(VERIFIED, 1, line)
    view = new_game(page, 1, deal="verified")
    view = act(page, view, line[0])
    open_table(page)
    page.evaluate("document.documentElement.dataset.replayMs = '5'")
    page.keyboard.press("n")
    page.locator("dialog[open]").get_by_role("button", name="Give up and show a winning line").click()
    confirm_giving_up(page)
    viewer = page.locator("dialog.viewer[open]")
    expect(viewer.locator("h2")).to_have_text(f"A winning line for {VERIFIED}")
    expect(viewer.locator(".viewer-facts")).to_contain_text("runs removed 8", timeout=60_000)
    expect(viewer.locator(".viewer-column .card")).to_have_count(0)
    viewer.get_by_role("button", name="Close the replay").click()
    given_up = page.request.get(f"/api/games/{view['id']}").json()
    assert given_up["result"] == "resigned"
    expect(page.locator("[data-moves]")).to_have_text("1")  # the player's game, as it was left


def test_hebrew_on_a_phone(browser: Browser, server: Server) -> None:
    context = open_context(browser, server, viewport={"width": 390, "height": 844})
    page = context.new_page()
    page.goto("/")
    page.wait_for_selector('html[data-ready="true"]')
    ended = finished(page, ["d"])
    in_language(page, "he")
    page.goto(f"/?replay={ended['id']}&move=1")
    viewer = page.locator("dialog.viewer[open]")
    expect(viewer.locator(".viewer-step")).to_have_text("פעולה 1 מתוך 1: חלוקה מהקופה.")
    box = viewer.bounding_box()
    assert box and box["width"] <= 390
    table = viewer.locator(".viewer-table").bounding_box()
    assert table and table["x"] >= 0 and table["x"] + table["width"] <= 390
    page.keyboard.press("ArrowRight")  # right to left: the right arrow goes back
    expect(viewer.locator(".viewer-step")).to_have_text("החלוקה הפותחת. פעולות בהמשך: 1.")
    context.close()

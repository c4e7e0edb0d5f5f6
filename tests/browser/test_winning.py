"""Completed runs, undo and redo across them, the win dialog, and watching a winning line."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from spider.server.solving.deal_pool import Pool
from tests.browser.access import in_language
from tests.browser.harness import Server
from tests.browser.table import (
    View,
    act,
    confirm_giving_up,
    expect_table,
    new_game,
    open_table,
    play_with_keyboard,
    play_with_mouse,
    solve,
)

PAGE_CATALOGS = Path(__file__).parents[2] / "src" / "spider" / "web" / "i18n"
CODE = "SP1-S1C-AAAAAAD"
VERIFIED = "SP1-S1C-AAAAAABAAAAAAA"  # a code of 14 letters, as the server deals


def test_undo_and_redo_across_a_removed_run(page: Page) -> None:
    line = solve(CODE)
    view = new_game(page, 1, code=CODE)
    before = view
    for action in line:
        before = view
        view = act(page, view, action)
        if view["runs"]:
            break
    assert view["runs"] == ["s"]
    open_table(page)
    expect(page.locator('.run[data-run="s"]')).to_have_count(1)
    page.get_by_role("button", name="Undo").click()
    expect(page.locator(".run[data-run]")).to_have_count(0)
    expect_table(page, before)
    page.keyboard.press("y")
    expect(page.locator('.run[data-run="s"]')).to_have_count(1)
    expect_table(page, view)


def test_winning_shows_the_win_dialog_and_the_winning_line(page: Page, server: Server) -> None:
    line = solve(VERIFIED)
    Pool(server.database).add(VERIFIED, 1, line)  # the deal the server will give: the page never learns its code
    view = new_game(page, 1, deal="verified")
    assert view["verified"] and view["code"] is None
    for action in line[:-1]:
        view = act(page, view, action)
    assert not view["won"]
    open_table(page)
    play_with_mouse(page, view, line[-1])
    dialog = page.locator("dialog[open]")
    expect(dialog).to_contain_text("You won!")
    won = page.request.get(f"/api/games/{view['id']}").json()
    assert won["won"] and len(won["runs"]) == 8 and won["code"] == VERIFIED
    expect(dialog).to_contain_text(f"Score {won['score']:,} in {won['moves']} moves")
    expect(page.locator("[data-code]")).to_have_text(VERIFIED)  # over: now the code is the player's too
    expect(page.locator(".run[data-run]")).to_have_count(8)

    assert won["verified"]
    stored = page.request.get(f"/api/games/{view['id']}/line").json()["line"]
    page.evaluate("document.documentElement.dataset.replayMs = '5'")
    dialog.get_by_role("button", name="Show a winning line").click()
    viewer = page.locator("dialog.viewer[open]")  # the line plays in the replay viewer
    expect(viewer.locator("h2")).to_have_text(f"A winning line for {VERIFIED}")
    expect(viewer.get_by_role("slider", name="Action")).to_have_value(str(len(stored)), timeout=60_000)
    expect(viewer.locator(".viewer-facts")).to_contain_text(f"moves {len(stored)}")
    expect(viewer.locator(".viewer-facts")).to_contain_text("runs removed 8")
    expect(viewer.locator(".viewer-column .card")).to_have_count(0)
    viewer.get_by_role("button", name="Close the replay").click()
    # then back to the game the line was shown for, which stays the player's own
    expect(page.locator("[data-kind]")).to_have_text("· verified deal")
    expect(page.locator("[data-moves]")).to_have_text(str(won["moves"]))
    expect(page.locator("dialog[open]")).to_have_count(0)
    page.reload()
    page.wait_for_selector('html[data-ready="true"]')
    # the won game is over: the page dealt a fresh one
    fresh = page.request.get("/api/games/current").json()
    assert fresh["id"] != view["id"] and fresh["moves"] == 0 and fresh["code"] is None


@pytest.mark.parametrize("lang", ["en", "he"])
def test_a_whole_game_with_the_keyboard(page: Page, lang: str) -> None:
    line = solve(CODE)
    view = new_game(page, 1, code=CODE)
    in_language(page, lang)
    assert page.evaluate("() => document.documentElement.lang") == lang
    page.locator("#tableau").focus()
    for action in line:
        play_with_keyboard(page, view, action)
        expect(page.locator("[data-moves]")).to_have_text(str(view["moves"] + 1))
        view = game(page, view["id"])
    won = json.loads((PAGE_CATALOGS / f"{lang}.json").read_text(encoding="utf-8"))["win.title"]
    expect(page.locator("dialog[open]")).to_contain_text(won)
    expect(page.locator(".run[data-run]")).to_have_count(8)


def game(page: Page, game_id: str) -> View:
    answer = page.request.get(f"/api/games/{game_id}").json()
    assert isinstance(answer, dict)
    return answer


def test_closing_the_winning_line_goes_back_to_the_game_given_up(page: Page, server: Server) -> None:
    line = solve(VERIFIED)
    Pool(server.database).add(VERIFIED, 1, line)
    view = new_game(page, 1, deal="verified")
    for action in line[:3]:
        view = act(page, view, action)
    open_table(page)
    page.keyboard.press("n")
    page.locator("dialog[open]").get_by_role("button", name="Give up and show a winning line").click()
    confirm_giving_up(page)
    viewer = page.locator("dialog.viewer[open]")
    viewer.get_by_role("button", name="Pause").click()  # stopped part-way
    viewer.get_by_role("button", name="Close the replay").click()
    expect(viewer).to_have_count(0)
    expect(page.locator("[data-kind]")).to_have_text("· verified deal")
    expect(page.locator("[data-moves]")).to_have_text(str(view["moves"]))
    expect(page.locator("[data-code]")).to_have_text(VERIFIED)  # given up, so over: the code is the player's
    given_up = page.request.get(f"/api/games/{view['id']}").json()
    assert given_up["result"] == "resigned"

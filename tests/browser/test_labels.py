"""Labels that tell the truth, and helps as the seed products give them: a newcomer's first game offers hints
(as Microsoft's Spider does) but not "no more moves"; the patience preset sends a tapped card to its best column;
a typed code is not a "random deal"; an offline game offers no "Share this deal"; "counts as a loss" only when
it does."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect

from tests.browser.harness import Server, open_context
from tests.browser.table import View, act, cards, column, current, new_game, open_table, play_until, shown

CODE = "SP1-S1C-AAAAAAD"
ENGINE = Path(__file__).resolve().parents[2] / "src" / "spider" / "web" / "pyodide" / "pyodide.asm.wasm"
STARTING = 120_000  # ms: Pyodide starts in a few seconds, more on a busy machine


def test_a_newcomers_first_game_offers_hints_until_a_preset_says_not(browser: Browser, server: Server) -> None:
    context = open_context(browser, server, helps=False)  # a browser that never saw the page
    try:
        page = context.new_page()
        open_table(page)
        hint = page.locator("[data-command='hint']")
        expect(hint).to_be_visible()
        view = current(page)
        expected = page.request.get(f"/api/games/{view['id']}/hint").json()["text"]
        hint.click()
        expect(page.locator("#status")).to_contain_text(expected)  # the server's hint, not "Hints are switched off"
        page.get_by_role("button", name="Settings").click()
        dialog = page.locator("dialog[open]")
        expect(dialog.get_by_label("Preset")).to_have_value("classic")  # the classic table rules ...
        expect(dialog.locator('[data-setting="hints"]')).to_be_checked()  # ... with the Hint button
        expect(dialog.locator('[data-setting="stuck"]')).not_to_be_checked()
        expect(dialog.locator('[data-setting="oneTap"]')).not_to_be_checked()
        dialog.get_by_label("Preset").select_option("casual")
        dialog.get_by_label("Preset").select_option("classic")  # choosing classic's product: no hints
        expect(dialog.locator('[data-setting="hints"]')).not_to_be_checked()
        dialog.get_by_role("button", name="Close").click()
        expect(hint).to_be_hidden()
        # the rules page says the same of the first game and of classic
        rules = context.new_page()
        rules.goto("/static/rules/en.html")
        first = "Your first game is played under the classic rules with hints"
        classic = 'classic (the usual rules, with neither hints nor "no more moves"'
        expect(rules.locator("body")).to_contain_text(first)
        expect(rules.locator("body")).to_contain_text(classic)
    finally:
        context.close()


def test_under_the_patience_preset_a_tap_sends_cards_to_their_best_column(page: Page) -> None:
    view = play_until(page, new_game(page, 1), lambda v: any(g["best"] for g in v["groups"]))
    open_table(page)
    page.get_by_role("button", name="Settings").click()
    dialog = page.locator("dialog[open]")
    expect(dialog.locator('[data-setting="oneTap"]')).not_to_be_checked()
    dialog.get_by_label("Preset").select_option("patience")
    expect(dialog.locator('[data-setting="oneTap"]')).to_be_checked()  # as patience's product plays
    expect(dialog.locator('[data-setting="hints"]')).to_be_checked()
    expect(dialog.locator('[data-setting="stuck"]')).to_be_checked()
    dialog.get_by_role("button", name="Close").click()
    group = next(g for g in view["groups"] if g["best"])
    moved = shown(view, group["column"])[-group["count"]:]
    column(page, group["column"]).locator(".card").nth(-group["count"]).click(position={"x": 10, "y": 6})
    expect(page.locator("[data-moves]")).to_have_text(str(view["moves"] + 1))
    assert cards(page, group["best"])[-group["count"]:] == moved


def test_a_typed_code_is_labelled_as_such_and_a_random_deal_as_random(page: Page) -> None:
    new_game(page, 1, code=CODE)
    open_table(page)
    expect(page.locator("[data-code]")).to_have_text(CODE)
    expect(page.locator("[data-kind]")).to_have_text("· deal from a game code")
    new_game(page, 1)
    open_table(page)
    expect(page.locator("[data-kind]")).to_have_text("· random deal")
    expect(page.get_by_role("button", name="Share this deal")).to_be_visible()  # a deal of the server's


def test_the_code_lines_label_in_every_language(browser: Browser, server: Server) -> None:
    words = {"he": "חלוקה מקוד משחק", "pl": "rozdanie z kodu partii", "nl": "spel uit een spelcode",
             "pt": "jogo a partir de um código"}
    context = open_context(browser, server)
    try:
        page = context.new_page()
        new_game(page, 1, code=CODE)
        for lang, label in words.items():
            page.goto("/static/rules/en.html")  # the origin, for its localStorage
            page.evaluate("(lang) => localStorage.setItem('spider.settings', JSON.stringify({ language: lang }))", lang)
            open_table(page)
            expect(page.locator("[data-kind]")).to_have_text(f"· {label}")
    finally:
        context.close()


def resumed_after_analysis(page: Page) -> View:
    """A game given up and analysed, then taken up again with moves on the table: it counts in no results."""
    view = new_game(page, 1, code=CODE)
    for _ in range(3):
        group = next(group for group in view["groups"] if group["targets"])
        view = act(page, view, f"{group['column']}>{group['targets'][0]}:{group['count']}")
    assert page.request.post(f"/api/games/{view['id']}/resign", data={}).ok
    deadline = time.monotonic() + 90
    found: dict[str, Any] = {}
    while time.monotonic() < deadline:
        answer = page.request.get(f"/api/games/{view['id']}/analysis", timeout=60_000)
        if answer.ok:
            found = answer.json()
            break
        time.sleep(0.5)
    assert found, "no analysis"
    answer = page.request.post(f"/api/games/{view['id']}/resume", data={"at": found["last_winnable"]})
    assert answer.status == 201, answer.text()
    resumed: View = answer.json()
    while resumed["moves"] == 0:
        group = next(group for group in resumed["groups"] if group["targets"])
        resumed = act(page, resumed, f"{group['column']}>{group['targets'][0]}:{group['count']}")
    return resumed


def test_counts_as_a_loss_is_said_only_of_a_game_that_counts(page: Page) -> None:
    counting = new_game(page, 1)
    group = next((group for group in counting["groups"] if group["targets"]), None)  # a deal may have no move
    move = "d" if group is None else f"{group['column']}>{group['targets'][0]}:{group['count']}"
    counting = act(page, counting, move)
    assert counting["counts"] is True
    open_table(page)
    page.keyboard.press("n")
    expect(page.locator("dialog[open]")).to_contain_text("leaving it counts as a loss")
    page.keyboard.press("Escape")
    page.keyboard.press("r")
    expect(page.get_by_role("dialog", name="Leave this game?")).to_be_visible()
    page.keyboard.press("Escape")

    resumed = resumed_after_analysis(page)
    assert resumed["counts"] is False and resumed["moves"] > 0
    open_table(page)
    expect(page.locator("[data-moves]")).to_have_text(str(resumed["moves"]))
    page.keyboard.press("n")
    dialog = page.locator("dialog[open]")
    expect(dialog).to_contain_text("Table rules")
    expect(dialog).not_to_contain_text("counts as a loss")
    page.keyboard.press("Escape")
    page.keyboard.press("r")  # nothing to lose: the restart comes at once
    expect(page.locator("[data-moves]")).to_have_text("0")
    expect(page.locator("dialog[open]")).to_have_count(0)
    assert current(page)["id"] != resumed["id"]


@pytest.mark.skipif(not ENGINE.exists(), reason="no Pyodide in src/spider/web/pyodide (run scripts/setup)")
def test_an_offline_game_offers_no_share(context: BrowserContext, page: Page) -> None:
    open_table(page)
    page.wait_for_function("() => navigator.serviceWorker.controller !== null", timeout=30_000)
    expect(page.get_by_role("button", name="Share this deal")).to_be_visible()
    page.click("[data-command='settings']")
    page.check("[data-setting='offline']")
    page.wait_for_function(
        "() => document.getElementById('status').textContent.startsWith('Offline play is ready')", timeout=STARTING
    )
    page.keyboard.press("Escape")
    context.set_offline(True)
    page.click("[data-stock]")  # the deal cannot reach the server
    page.click("dialog[open] button[value='play']")
    page.locator(".offline-badge").locator("text=Offline game").wait_for(timeout=STARTING)
    expect(page.locator("[data-share]")).to_be_hidden()
    context.set_offline(False)

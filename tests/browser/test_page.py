"""The page itself: hooks, accessible names, words for screen readers, phones, settings, dialogs, hints."""

from __future__ import annotations

import re

from playwright.sync_api import Browser, Page, expect

from tests.browser.harness import Server, open_context
from tests.browser.table import (
    View,
    cards,
    column,
    current,
    expect_table,
    new_game,
    open_table,
    play_until,
    shown,
)


def test_hooks_and_accessible_names(page: Page) -> None:
    view = new_game(page, 4)
    open_table(page)
    expect_table(page, view)
    # a dealt game's code names every card: it waits for the end of the game
    expect(page.locator("[data-code]")).to_have_text("shown when the game is over")
    assert page.locator("[data-column]").evaluate_all("els => els.map(e => e.dataset.column)") == [
        str(n) for n in range(1, 11)
    ]
    expect(page.locator('[data-card="down"]')).to_have_count(sum(c["down"] for c in view["columns"]))
    expect(page.locator("html")).to_have_attribute("lang", "en")
    expect(page.locator("html")).to_have_attribute("dir", "ltr")
    buttons = page.locator("button")
    assert buttons.count() >= 12  # 8 tools, 3 suit counts, the stock, stop
    for i in range(buttons.count()):
        button = buttons.nth(i)
        if button.is_visible():
            name = button.evaluate("b => b.getAttribute('aria-label') || b.textContent.trim()")
            assert name, button.evaluate("b => b.outerHTML")
    expect(page.get_by_role("radio", name="4 suits")).to_have_attribute("aria-checked", "true")
    # the table in words, from the server, for screen readers
    assert page.locator("#table-text").text_content() == view["text"]


def test_moves_are_announced(page: Page) -> None:
    view = play_until(page, new_game(page, 1), lambda v: any(g["best"] for g in v["groups"]))
    group = next(g for g in view["groups"] if g["best"])
    open_table(page)
    column(page, group["column"]).locator(".card").last.dblclick(position={"x": 10, "y": 6})
    expect(page.locator("#announce")).to_contain_text(f"to column {group['best']}")
    # the move is announced at once; the table, and its text, are drawn on the next frame
    text = current(page)["text"]
    expect(page.locator("#table-text")).to_have_text(text)
    assert page.locator("#table-text").text_content() == text


def long_and_playable(view: View) -> bool:
    return not view["stuck"] and max(len(c["up"]) + c["down"] for c in view["columns"]) >= 18


def test_phone_portrait_fits_without_scrolling(browser: Browser, server: Server) -> None:
    context = open_context(browser, server, viewport={"width": 390, "height": 844}, has_touch=True)
    page = context.new_page()
    view = play_until(page, new_game(page, 2, code="SP1-S2C-AAAAAAD"), long_and_playable, seed=2, steps=1500)
    open_table(page)
    expect_table(page, view)
    size = page.evaluate("""() => ({w: document.documentElement.scrollWidth, h: document.documentElement.scrollHeight,
        iw: innerWidth, ih: innerHeight})""")
    assert size["w"] <= size["iw"] and size["h"] <= size["ih"], size
    boxes = page.locator("#tableau .card").evaluate_all(
        "els => els.map(e => { const r = e.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; })")
    assert boxes
    for left, top, right, bottom in boxes:
        assert left >= 0 and right <= 390 and top >= 0 and bottom <= 844
    width = boxes[0][2] - boxes[0][0]
    assert width >= 30
    # the corner of each face-up card stays readable: its text is at least 11 px
    corner = page.locator('#tableau .card:not([data-card="down"]) .corner').first
    assert float(corner.evaluate("e => parseFloat(getComputedStyle(e).fontSize)")) >= 11
    for button in ("New game", "Undo", "Hint", "Settings"):
        expect(page.get_by_role("button", name=button)).to_be_in_viewport()
    context.close()


def test_suit_count_starts_a_new_game_and_is_remembered(page: Page) -> None:
    new_game(page, 1)
    open_table(page)
    page.get_by_role("radio", name="2 suits").click()
    expect(page.get_by_role("radio", name="2 suits")).to_have_attribute("aria-checked", "true")
    assert current(page)["suits"] == 2
    assert page.evaluate("JSON.parse(localStorage.getItem('spider.settings')).suits") == 2
    page.keyboard.press("s")  # S: the next suit count
    expect(page.get_by_role("radio", name="4 suits")).to_have_attribute("aria-checked", "true")
    assert current(page)["suits"] == 4
    page.request.post(f"/api/games/{current(page)['id']}/resign")
    open_table(page)  # no unfinished game: the remembered suit count is used
    expect(page.get_by_role("radio", name="4 suits")).to_have_attribute("aria-checked", "true")


def test_new_game_dialog_and_restart(page: Page) -> None:
    first = new_game(page, 1)
    open_table(page)
    page.keyboard.press("n")
    dialog = page.locator("dialog[open]")
    dialog.get_by_label("2 suits").check()
    dialog.get_by_role("button", name="Deal the cards").click()
    expect(page.get_by_role("radio", name="2 suits")).to_have_attribute("aria-checked", "true")
    fresh = current(page)
    assert fresh["id"] != first["id"] and fresh["suits"] == 2
    page.locator("[data-stock]").click()
    expect(page.locator("[data-moves]")).to_have_text("1")
    page.get_by_role("button", name="Restart this deal").click()
    ask = page.locator("dialog[open]")  # the game has a move: leaving it counts as a loss, so first a question
    expect(ask).to_contain_text("Leave this game?")
    ask.get_by_role("button", name="Leave it").click()
    expect(page.locator("[data-moves]")).to_have_text("0")
    restarted = current(page)
    assert restarted["id"] != fresh["id"] and restarted["columns"] == fresh["columns"]  # the same deal
    expect_table(page, restarted)


def test_settings_are_remembered_and_one_tap_moves(page: Page) -> None:
    view = play_until(page, new_game(page, 1), lambda v: any(g["best"] for g in v["groups"]))
    open_table(page)
    page.get_by_role("button", name="Settings").click()
    dialog = page.locator("dialog[open]")
    dialog.get_by_label("Preset").select_option("casual")
    expect(dialog.get_by_label("Dealing")).to_have_value("any")
    expect(dialog.locator('[data-setting="hints"]')).to_be_checked()  # casual play comes with hints
    dialog.get_by_label("Preset").select_option("classic")
    expect(dialog.locator('[data-setting="hints"]')).not_to_be_checked()
    dialog.get_by_label("Preset").select_option("casual")
    dialog.get_by_label("One tap sends cards to their best column").check()  # after the preset, which sets it
    dialog.get_by_role("button", name="Close").click()
    page.reload()
    page.wait_for_selector('html[data-ready="true"]')
    page.get_by_role("button", name="Settings").click()
    expect(page.get_by_label("One tap sends cards to their best column")).to_be_checked()
    expect(page.get_by_label("Preset")).to_have_value("casual")
    page.keyboard.press("Escape")
    group = next(g for g in view["groups"] if g["best"])
    moved = shown(view, group["column"])[-group["count"]:]
    column(page, group["column"]).locator(".card").nth(-group["count"]).click(position={"x": 10, "y": 6})
    expect(page.locator("[data-moves]")).to_have_text(str(view["moves"] + 1))
    assert cards(page, group["best"])[-group["count"]:] == moved


def test_hint_lights_the_group_and_its_target(page: Page) -> None:
    view = play_until(page, new_game(page, 1), lambda v: any(g["targets"] for g in v["groups"]))
    hint = page.request.get(f"/api/games/{view['id']}/hint").json()
    open_table(page)
    page.keyboard.press("h")
    said = f"Hint 1 of {hint['total']}: {hint['text']}" if hint["total"] > 1 else hint["text"]
    expect(page.locator("#status")).to_have_text(said)
    if hint["action"]:
        expect(page.locator(".card.hinted")).to_have_count(hint["count"])
        expect(column(page, hint["target"])).to_have_class(re.compile(r"\bhint-target\b"))
    expect_table(page, view)  # a hint plays nothing


def test_rules_and_statistics_dialogs(page: Page) -> None:
    new_game(page, 1)
    open_table(page)
    page.get_by_role("button", name="Rules").click()
    dialog = page.locator("dialog[open]")
    expect(dialog.get_by_role("heading", name="How to play Spider")).to_be_visible()
    dialog.get_by_role("button", name="Close").click()
    page.get_by_role("button", name="Statistics").click()
    expect(page.locator("dialog[open] table").first).to_contain_text("Win rate")
    expect(page.locator("dialog[open]")).to_contain_text("1 suit")


def test_tab_reaches_every_button(page: Page) -> None:
    new_game(page, 1)
    open_table(page)
    names: set[str] = set()
    for _ in range(30):
        page.keyboard.press("Tab")
        names.add(page.evaluate("""() => { const e = document.activeElement;
            return e ? (e.id || e.getAttribute('aria-label') || e.tagName) : ''; }"""))
    for name in ("New game", "Restart this deal", "Undo", "Redo", "Hint", "1 suit", "2 suits", "4 suits",
                 "Statistics", "Settings", "Rules", "Stock: deal (5 deals left)", "tableau"):
        assert name in names, (name, names)


def test_animations_follow_the_setting_and_reduced_motion(browser: Browser, server: Server) -> None:
    def animations_after_deal(reduced: str, animations_on: bool) -> int:
        context = open_context(browser, server, reduced_motion=reduced)
        page = context.new_page()
        new_game(page, 1)
        page.add_init_script(f"""localStorage.setItem('spider.settings',
            JSON.stringify({{animations: {str(animations_on).lower()}}}));""")
        open_table(page)
        page.locator("[data-stock]").click()
        expect(page.locator("[data-stock]")).to_have_attribute("data-deals-left", "4")
        running: int = page.evaluate("document.getAnimations().length")
        context.close()
        return running

    assert animations_after_deal("no-preference", True) >= 1  # the dealt cards fly from the stock
    assert animations_after_deal("no-preference", False) == 0
    assert animations_after_deal("reduce", True) == 0


def test_leaving_a_game_with_moves_is_asked_first(page: Page) -> None:
    view = new_game(page, 1)
    open_table(page)
    page.keyboard.press("r")  # no move yet: nothing to lose, no question
    expect(page.locator("dialog[open]")).to_have_count(0)
    page.locator("[data-stock]").click()
    expect(page.locator("[data-moves]")).to_have_text("1")
    played = current(page)
    for leave in (lambda: page.keyboard.press("r"), lambda: page.keyboard.press("s"),
                  lambda: page.get_by_role("radio", name="4 suits").click()):
        leave()
        ask = page.locator("dialog[open]")
        expect(ask).to_contain_text("counts as a loss")
        ask.get_by_role("button", name="Keep playing").click()
        expect(page.locator("dialog[open]")).to_have_count(0)
        assert current(page)["id"] == played["id"]
    page.keyboard.press("n")
    expect(page.locator("dialog[open]")).to_contain_text("leaving it counts as a loss")
    page.keyboard.press("Escape")
    page.keyboard.press("s")
    page.locator("dialog[open]").get_by_role("button", name="Leave it").click()
    expect(page.get_by_role("radio", name="2 suits")).to_have_attribute("aria-checked", "true")
    assert current(page)["id"] not in (view["id"], played["id"])


def test_a_dialog_opens_at_its_title_on_a_short_landscape_screen(browser: Browser, server: Server) -> None:
    context = open_context(browser, server, viewport={"width": 844, "height": 390}, has_touch=True)
    try:
        page = context.new_page()
        new_game(page, 2)
        open_table(page)
        page.keyboard.press("n")
        dialog = page.locator("dialog[open]")
        expect(dialog.get_by_role("heading", name="New game")).to_be_in_viewport()
        assert dialog.evaluate("d => d.scrollTop") == 0
    finally:
        context.close()


def test_the_group_rule_is_not_offered_for_one_suit(page: Page) -> None:
    new_game(page, 1)
    open_table(page)
    page.get_by_role("button", name="Settings").click()
    dialog = page.locator("dialog[open]")
    expect(dialog.get_by_label("Groups")).to_be_disabled()
    expect(dialog).to_contain_text("with one suit every group is one suit")
    page.keyboard.press("Escape")
    new_game(page, 2)
    page.reload()
    page.wait_for_selector('html[data-ready="true"]')
    page.get_by_role("button", name="Settings").click()
    expect(page.locator("dialog[open]").get_by_label("Groups")).to_be_enabled()

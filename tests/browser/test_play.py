"""Playing with the mouse, touch and keyboard: every move goes to the server, refusals show its sentence."""

from __future__ import annotations

import re

from playwright.sync_api import Browser, Page, expect

from tests.browser.harness import Server, open_context
from tests.browser.table import (
    View,
    act,
    cards,
    column,
    current,
    drag,
    expect_table,
    group_cards,
    new_game,
    open_table,
    play_until,
    refusal,
    shown,
)


def group_with_target(view: View, at_least: int = 1) -> tuple[int, int, int] | None:
    for g in view["groups"]:
        non_empty = [t for t in g["targets"] if view["columns"][t - 1]["up"]]
        if g["count"] >= at_least and non_empty:
            return g["column"], g["count"], non_empty[0]
    return None


def test_drag_a_group_onto_a_column(browser: Browser, server: Server) -> None:
    context = open_context(browser, server, reduced_motion="no-preference")  # with the animations
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    view = play_until(page, new_game(page, 1), lambda v: group_with_target(v, 2) is not None)
    source, count, target = group_with_target(view, 2)  # type: ignore[misc]
    group = shown(view, source)[-count:]
    open_table(page)
    drag(page, source, count, target)
    expect(page.locator("[data-moves]")).to_have_text(str(view["moves"] + 1))
    assert cards(page, target)[-count:] == group
    page.wait_for_timeout(400)  # let the animation finish
    expect_table(page, current(page))
    context.close()
    assert errors == []


def test_refused_drop_returns_the_cards_and_names_the_rule(page: Page) -> None:
    view = new_game(page, 1, code="SP1-S1C-AAAAAAD")
    source = view["groups"][0]["column"]
    count = view["groups"][0]["count"]
    wrong = next(n for n in range(1, 11) if n != source and n not in view["groups"][0]["targets"])
    message = refusal(page, view, f"{source}>{wrong}:{count}")
    open_table(page)
    drag(page, source, count, wrong)
    expect(page.locator("#status")).to_have_text(message)
    expect(page.locator("#status")).to_have_class("error")
    page.wait_for_timeout(300)
    expect_table(page, view)
    assert group_cards(page, source, count).evaluate("e => getComputedStyle(e).translate") in ("none", "0px")
    drag(page, source, count, source)  # picked up again and put back where it was: the old refusal goes
    expect(page.locator("#status")).to_have_text("")


def test_double_click_sends_the_group_to_its_best_column(page: Page) -> None:
    view = play_until(page, new_game(page, 1), lambda v: any(g["best"] for g in v["groups"]))
    group = next(g for g in view["groups"] if g["best"])
    moved = shown(view, group["column"])[-group["count"]:]
    open_table(page)
    group_cards(page, group["column"], group["count"]).dblclick(position={"x": 10, "y": 6})
    expect(page.locator("[data-moves]")).to_have_text(str(view["moves"] + 1))
    assert cards(page, group["best"])[-group["count"]:] == moved
    expect_table(page, current(page))


def test_double_click_on_cards_that_do_not_move_together_names_the_rule_without_asking(page: Page) -> None:
    view = act(page, new_game(page, 2, code="SP1-S2C-AAAAAAB"), "4>8")  # column 8 ends 5h 4s
    assert {"column": 8, "count": 2, "refusal": "In classic rules a group must be one suit."} in view["unmovable"]
    open_table(page)
    sent: list[str] = []
    page.on("request", lambda request: sent.append(request.url) if request.method == "POST" else None)
    group_cards(page, 8, 2).dblclick(position={"x": 10, "y": 6})
    expect(page.locator("#status")).to_have_text("In classic rules a group must be one suit.")
    expect(page.locator("#status")).to_have_class("error")
    assert sent == []  # the view named the rule: no action went to the server to learn it
    expect_table(page, view)


def test_tap_a_card_then_tap_a_column(browser: Browser, server: Server) -> None:
    context = open_context(browser, server, has_touch=True, viewport={"width": 390, "height": 844})
    page = context.new_page()
    view = play_until(page, new_game(page, 1), lambda v: group_with_target(v) is not None)
    source, count, target = group_with_target(view)  # type: ignore[misc]
    moved = shown(view, source)[-count:]
    open_table(page)
    group_cards(page, source, count).tap(position={"x": 8, "y": 5})
    expect(page.locator("#status")).to_have_text("Now tap the column where they should go.")
    expect(group_cards(page, source, count)).to_have_class(re.compile(r"\bselected\b"))
    expect(column(page, target)).to_have_class(re.compile(r"(^|\s)target(\s|$)"))
    column(page, target).locator(".card").last.tap()
    expect(page.locator("[data-moves]")).to_have_text(str(view["moves"] + 1))
    assert cards(page, target)[-count:] == moved
    context.close()


def test_a_click_is_asked_for_a_click_not_a_tap(page: Page) -> None:
    view = play_until(page, new_game(page, 1), lambda v: group_with_target(v) is not None)
    source, count, target = group_with_target(view)  # type: ignore[misc]
    open_table(page)
    group_cards(page, source, count).click(position={"x": 8, "y": 5})
    expect(page.locator("#status")).to_have_text("Now click the column where they should go.")
    column(page, target).locator(".card").last.click()
    expect(page.locator("[data-moves]")).to_have_text(str(view["moves"] + 1))


def test_keyboard_plays_moves_undo_redo_and_deal(page: Page) -> None:
    view = play_until(page, new_game(page, 1), lambda v: group_with_target(v) is not None)
    source, count, target = group_with_target(view)  # type: ignore[misc]
    moved = shown(view, source)[-count:]
    open_table(page)
    page.locator("#tableau").focus()
    page.keyboard.press("ArrowRight")  # the cursor appears on column 2
    for _ in range((source - 2) % 10):
        page.keyboard.press("ArrowRight")
    expect(column(page, source)).to_have_class(re.compile(r"\bcursor\b"))
    page.keyboard.press("ArrowDown")  # one card ...
    for _ in range(count - 1):
        page.keyboard.press("ArrowUp")  # ... up to the whole group
    page.keyboard.press("Enter")
    expect(group_cards(page, source, count)).to_have_class(re.compile(r"\bheld\b"))
    for _ in range(10):  # walk the cursor to the target
        if "cursor" in (column(page, target).get_attribute("class") or ""):
            break
        page.keyboard.press("ArrowRight")
    page.keyboard.press("Space")
    expect(page.locator("[data-moves]")).to_have_text(str(view["moves"] + 1))
    assert cards(page, target)[-count:] == moved
    page.keyboard.press("u")
    expect(page.locator("[data-moves]")).to_have_text(str(view["moves"]))
    assert cards(page, source) == shown(view, source)
    page.keyboard.press("y")
    expect(page.locator("[data-moves]")).to_have_text(str(view["moves"] + 1))
    deals = int(page.locator("[data-stock]").get_attribute("data-deals-left") or 0)
    page.keyboard.press("d")
    expect(page.locator("[data-stock]")).to_have_attribute("data-deals-left", str(deals - 1))


def test_escape_puts_back_and_shortcuts_are_off_in_dialogs(page: Page) -> None:
    view = new_game(page, 1, code="SP1-S1C-AAAAAAD")
    source = next(group["column"] for group in view["groups"] if group["best"] is not None)
    open_table(page)
    page.locator("#tableau").focus()
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowLeft")  # the cursor shows, on column 1
    for _ in range(source - 1):
        page.keyboard.press("ArrowRight")
    page.keyboard.press("Enter")  # picked up: the cursor jumps to the best column
    expect(page.locator(".card.held")).not_to_have_count(0)
    expect(page.locator("[data-column].cursor")).not_to_have_attribute("data-column", str(source))
    page.keyboard.press("Escape")
    expect(page.locator(".card.held")).to_have_count(0)
    expect(page.locator("[data-column].cursor")).to_have_attribute("data-column", str(source))  # back on the cards
    page.get_by_role("button", name="Settings").click()
    expect(page.locator("dialog[open]")).to_have_count(1)
    page.keyboard.press("d")
    page.keyboard.press("Escape")
    expect(page.locator("dialog[open]")).to_have_count(0)
    expect_table(page, view)  # the "d" inside the dialog dealt nothing


def test_manual_flip_by_tapping_the_face_down_card(page: Page) -> None:
    def bare_column(v: View) -> bool:
        return bool(v["flips"])

    start = new_game(page, 1, preset="duel")
    assert start["rules"]["flip"] == "manual"
    view = play_until(page, start, bare_column)
    n = view["flips"][0]
    assert view["columns"][n - 1]["up"] == []
    open_table(page)
    flippable = column(page, n).locator(".card").last
    expect(flippable).to_have_class(re.compile(r"\bflippable\b"))
    flippable.click()
    expect(column(page, n).locator(".card").last).not_to_have_attribute("data-card", "down")
    turned = current(page)
    assert turned["columns"][n - 1]["up"] and turned["moves"] == view["moves"]  # a flip is not a move
    expect_table(page, turned)


def test_drop_outside_returns_and_auto_placement_sends_to_best(page: Page) -> None:
    view = play_until(page, new_game(page, 1), lambda v: any(g["best"] for g in v["groups"]))
    group = next(g for g in view["groups"] if g["best"])
    source, count = group["column"], group["count"]
    open_table(page)
    card = group_cards(page, source, count).bounding_box()
    assert card is not None
    page.mouse.move(card["x"] + 10, card["y"] + 6)
    page.mouse.down()
    page.mouse.move(card["x"] + 30, card["y"] + 20)
    page.mouse.move(640, 30, steps=5)  # over the toolbar: no column there
    page.mouse.up()
    page.wait_for_timeout(300)
    expect_table(page, view)
    expect(page.locator("#status")).to_have_text("")

    page.evaluate("""() => { const s = JSON.parse(localStorage.getItem('spider.settings') || '{}');
        s.autoPlace = true; localStorage.setItem('spider.settings', JSON.stringify(s)); }""")
    page.reload()
    page.wait_for_selector('html[data-ready="true"]')
    moved = shown(view, source)[-count:]
    card = group_cards(page, source, count).bounding_box()
    assert card is not None
    page.mouse.move(card["x"] + 10, card["y"] + 6)
    page.mouse.down()
    page.mouse.move(640, 30, steps=5)
    page.mouse.up()
    expect(page.locator("[data-moves]")).to_have_text(str(view["moves"] + 1))
    assert cards(page, group["best"])[-count:] == moved

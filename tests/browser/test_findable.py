"""Features a player can find: every toolbar button names itself and its key in a tooltip, a phone names its
icons on a long press, and the More menu reaches practice, giving up and the winning line from the table."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect

from spider.server.solving.deal_pool import Pool
from tests.browser.access import in_language
from tests.browser.harness import Server, open_context
from tests.browser.table import View, act, confirm_giving_up, new_game, open_table, solve

CATALOGS = Path(__file__).parents[2] / "src" / "spider" / "web" / "i18n"
VERIFIED = "SP1-S1C-AAAAAABAAAAAAA"
# the letter keyboard.js gives each toolbar command; buttons without one are named alone
KEYS = {"new": "N", "restart": "R", "undo": "U", "redo": "Y", "hint": "H"}
UNKEYED = ["duels", "stats", "settings", "rules"]


def text(lang: str, key: str, count: int | None = None) -> str:
    entry = json.loads((CATALOGS / f"{lang}.json").read_text(encoding="utf-8"))[key]
    if isinstance(entry, dict):
        entry = entry["one" if count == 1 else "other"]
    return str(entry).replace("{count}", str(count))


def more_menu(page: Page) -> None:
    page.locator('[data-menu="more"]').click()
    expect(page.get_by_role("menu")).to_be_visible()


@pytest.mark.parametrize("lang", ["en", "he"])
def test_every_toolbar_button_has_a_tooltip_with_its_name_and_its_key(page: Page, lang: str) -> None:
    in_language(page, lang)
    buttons = page.locator(".toolbar button:visible")
    expect(buttons).not_to_have_count(0)
    for i in range(buttons.count()):
        assert buttons.nth(i).get_attribute("title"), buttons.nth(i).evaluate("b => b.outerHTML")
    for command, key in KEYS.items():
        button = page.locator(f'[data-command="{command}"]')
        title = (button.get_attribute("title") or "").replace("\u2066", "").replace("\u2069", "")
        name = button.get_attribute("aria-label") or ""
        assert name and title == f"{name} ({key})", title
    # the key a tooltip names is the key that does it: N opens the New game dialog
    page.locator("#tableau").focus()
    page.keyboard.press("n")
    expect(page.locator("dialog[open]")).to_have_accessible_name(text(lang, "newgame.title"))
    page.keyboard.press("Escape")
    for command in UNKEYED:
        assert page.locator(f'[data-command="{command}"]').get_attribute("title") == text(lang, f"button.{command}")
    assert page.locator('[data-menu="more"]').get_attribute("title") == text(lang, "button.more")
    stock = (page.locator("[data-stock]").get_attribute("title") or "").replace("\u2066", "").replace("\u2069", "")
    assert stock == f"{text(lang, 'button.deal')} (D)"
    for count in (1, 2, 4):
        title = page.locator(f'.suit-choice[data-suits="{count}"]').get_attribute("title") or ""
        assert title.startswith(f"{text(lang, 'suits.option', count)} (") and "S" in title, title


@pytest.fixture
def phone(browser: Browser, server: Server) -> Iterator[BrowserContext]:
    context = open_context(browser, server, viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    yield context
    context.close()


def long_press(page: Page, context: BrowserContext, selector: str) -> None:
    box = page.locator(selector).bounding_box()
    assert box
    point = {"x": box["x"] + box["width"] / 2, "y": box["y"] + box["height"] / 2}
    touch = context.new_cdp_session(page)
    touch.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [point]})
    expect(page.get_by_role("tooltip")).to_be_visible()
    page.wait_for_timeout(100)
    touch.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})


def test_on_a_phone_a_long_press_names_an_icon_without_pressing_it(phone: BrowserContext) -> None:
    page = phone.new_page()
    open_table(page)
    new = page.locator('[data-command="new"]')
    label = new.locator("span").bounding_box()
    assert label and label["width"] <= 1  # the labels are hidden on a phone: the icon alone is seen
    long_press(page, phone, '[data-command="new"]')
    expect(page.get_by_role("tooltip")).to_have_text("New game")
    bubble, button = page.get_by_role("tooltip").bounding_box(), new.bounding_box()
    assert bubble and button and bubble["y"] >= button["y"] + button["height"]  # under the button, clear of the finger
    page.wait_for_timeout(300)
    expect(page.locator("dialog[open]")).to_have_count(0)  # named, not pressed
    expect(page.get_by_role("tooltip")).to_be_hidden(timeout=5000)
    long_press(page, phone, '.suit-choice[data-suits="2"]')
    expect(page.get_by_role("tooltip")).to_have_text("2 suits")
    page.wait_for_timeout(300)
    expect(page.locator("dialog[open]")).to_have_count(0)  # no "start a new game?" either
    new.tap()  # a tap is still a press
    expect(page.get_by_role("dialog", name="New game")).to_be_visible()
    page.close()


def test_on_a_phone_the_rules_and_statistics_are_in_the_more_menu_by_name(phone: BrowserContext) -> None:
    page = phone.new_page()
    open_table(page)
    expect(page.locator('[data-command="stats"]')).to_be_hidden()
    toolbar = page.locator(".toolbar").bounding_box()
    assert toolbar and toolbar["height"] < 130  # still two rows of icons
    page.locator('[data-menu="more"]').tap()
    menu = page.get_by_role("menu", name="More")
    offered = ["Practice", "Daily deal", "Share this deal", "Account", "Statistics", "Rules"]
    expect(menu.get_by_role("menuitem")).to_have_text(offered)
    menu.get_by_role("menuitem", name="Rules").tap()
    expect(page.get_by_role("dialog", name="How to play Spider")).to_be_visible()
    page.close()


def test_the_more_menu_is_a_keyboard_menu_mirrored_in_hebrew(page: Page) -> None:
    open_table(page)
    more = page.locator('[data-menu="more"]')
    expect(more).to_have_attribute("aria-expanded", "false")
    more.focus()
    page.keyboard.press("ArrowDown")
    expect(more).to_have_attribute("aria-expanded", "true")
    items = page.get_by_role("menu", name="More").get_by_role("menuitem")
    # no game in play: nothing to give up
    expect(items).to_have_text(["Practice", "Daily deal", "Share this deal", "Account"])
    expect(items.first).to_be_focused()
    page.keyboard.press("ArrowDown")
    expect(items.nth(1)).to_be_focused()
    page.keyboard.press("ArrowDown")
    expect(items.nth(2)).to_be_focused()
    page.keyboard.press("ArrowDown")
    expect(items.nth(3)).to_be_focused()
    page.keyboard.press("ArrowDown")
    expect(items.first).to_be_focused()  # round again
    page.keyboard.press("n")  # the menu's keys are its own: no New game dialog
    expect(page.locator("dialog[open]")).to_have_count(0)
    page.keyboard.press("Escape")
    expect(page.get_by_role("menu")).to_be_hidden()
    expect(more).to_be_focused()
    # the menu hangs from the More button's end edge: its right in English, its left in Hebrew
    more.click()
    menu, button = page.get_by_role("menu").bounding_box(), more.bounding_box()
    assert menu and button and abs(menu["x"] + menu["width"] - (button["x"] + button["width"])) < 2
    in_language(page, "he")
    more.click()
    menu, button = page.get_by_role("menu").bounding_box(), more.bounding_box()
    assert menu and button and abs(menu["x"] - button["x"]) < 2
    expect(page.get_by_role("menuitem").first).to_have_text(text("he", "button.practice"))


def test_practice_is_reachable_from_the_table(page: Page) -> None:
    open_table(page)
    page.locator('[data-menu="more"]').focus()
    page.keyboard.press("Enter")
    expect(page.get_by_role("menuitem", name="Practice")).to_be_focused()
    page.keyboard.press("Enter")
    practice = page.get_by_role("dialog", name="Practice")
    expect(practice).to_be_visible()
    practice.locator("[data-exercise]").first.click()
    expect(page.locator("#practice-goal")).to_be_visible()
    expect(page.locator("[data-kind]")).to_contain_text("practice exercise")


def played(page: Page, server: Server) -> View:
    Pool(server.database).add(VERIFIED, 1, solve(VERIFIED))
    view = new_game(page, 1, deal="verified")
    for _ in range(3):
        group = next(group for group in view["groups"] if group["targets"])
        view = act(page, view, f"{group['column']}>{group['targets'][0]}:{group['count']}")
    open_table(page)
    return view


def test_giving_up_and_analysing_from_the_table(page: Page, server: Server) -> None:
    view = played(page, server)
    more_menu(page)
    offered = ["Practice", "Daily deal", "Give up and show a winning line", "Give up and analyse", "Share this deal",
               "Account"]
    expect(page.get_by_role("menuitem")).to_have_text(offered)
    page.get_by_role("menuitem", name="Give up and analyse").click()
    confirm_giving_up(page)
    expect(page.locator("dialog[open]")).to_contain_text("This deal could be won", timeout=60_000)
    assert page.request.get(f"/api/games/{view['id']}").json()["result"] == "resigned"


def test_the_winning_line_from_the_table(page: Page, server: Server) -> None:
    view = played(page, server)
    page.evaluate("document.documentElement.dataset.replayMs = '5'")
    more_menu(page)
    page.get_by_role("menuitem", name="Give up and show a winning line").click()
    confirm_giving_up(page)
    viewer = page.locator("dialog.viewer[open]")  # the line plays in the replay viewer
    expect(viewer.locator(".viewer-facts")).to_contain_text("runs removed 8", timeout=60_000)
    viewer.get_by_role("button", name="Close the replay").click()
    expect(page.locator("[data-moves]")).to_have_text(str(view["moves"]))  # the game given up, as it was
    assert page.request.get(f"/api/games/{view['id']}").json()["result"] == "resigned"

"""Offline, the page looks as it does online: a phone reloaded with no connection keeps its width (a table with
no game yet drawn cannot widen it), the "Connection lost" dialog is on screen and its button works, and the
"Offline game" badge never covers the status line, on a phone either way up and on a desktop, in every
language."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserContext, Page

from tests.browser.harness import Server, open_context
from tests.browser.screens import ENGINE, LANGUAGES, keep_engine, lost_connection, offline_game_shown, speak

PHONE = {"width": 390, "height": 844}
SIZES = ({"width": 390, "height": 844}, {"width": 844, "height": 390}, {"width": 1280, "height": 800})

# The page's width as laid out, and where the table's last column and the open dialog are.
LAYOUT = """() => {
  const box = (el) => el ? el.getBoundingClientRect().toJSON() : null;
  const columns = document.querySelectorAll('.column');
  return {
    width: window.innerWidth, scrolled: document.documentElement.scrollWidth,
    lastColumn: box(columns[columns.length - 1]), dialog: box(document.querySelector('dialog[open]')),
  };
}"""

BOXES = """() => ({
  badge: document.querySelector('.offline-badge').getBoundingClientRect().toJSON(),
  status: document.getElementById('status').getBoundingClientRect().toJSON(),
  text: document.getElementById('status').textContent,
})"""


@pytest.fixture
def phone(browser: Browser, server: Server) -> Iterator[BrowserContext]:
    # a phone's browser lays a page out wider than the screen when its content is wider: as a player's does
    context = open_context(browser, server, viewport=PHONE, is_mobile=True, has_touch=True)
    yield context
    context.close()


def inside(box: dict[str, Any], width: float, height: float) -> bool:
    return bool(
        box["x"] >= 0 and box["y"] >= 0 and box["x"] + box["width"] <= width and box["y"] + box["height"] <= height
    )


def apart(a: dict[str, Any], b: dict[str, Any]) -> bool:
    return bool(
        a["x"] + a["width"] <= b["x"] or b["x"] + b["width"] <= a["x"]
        or a["y"] + a["height"] <= b["y"] or b["y"] + b["height"] <= a["y"]
    )


def test_a_phone_reloaded_with_no_connection_keeps_its_width(phone: BrowserContext) -> None:
    page = phone.new_page()
    page.goto("/")
    page.wait_for_selector('html[data-ready="true"]')
    page.wait_for_function("() => navigator.serviceWorker.controller !== null", timeout=30_000)
    phone.set_offline(True)
    page.reload()  # the page from the service worker, no game from the server: an empty table
    page.wait_for_function("() => document.getElementById('status').classList.contains('error')")
    page.wait_for_timeout(300)  # a frame or two for the table to be fitted
    layout = page.evaluate(LAYOUT)
    assert layout["width"] == PHONE["width"] and layout["scrolled"] == PHONE["width"]
    assert inside(layout["lastColumn"], PHONE["width"], PHONE["height"])  # all ten columns on the screen


@pytest.mark.skipif(not ENGINE.exists(), reason="no Pyodide in src/spider/web/pyodide (run scripts/setup)")
def test_offline_the_dialog_is_on_screen_and_the_badge_leaves_the_status_line_clear(phone: BrowserContext) -> None:
    page: Page = phone.new_page()
    keep_engine(page)
    phone.set_offline(True)
    for lang in LANGUAGES:
        page.set_viewport_size(PHONE)
        speak(page, lang)
        lost_connection(page)
        layout = page.evaluate(LAYOUT)
        assert layout["width"] == PHONE["width"] and layout["scrolled"] == PHONE["width"], lang
        assert inside(layout["dialog"], PHONE["width"], PHONE["height"]), lang
        page.click("dialog[open] button[value='play']")  # on screen, it works as it should
        offline_game_shown(page)
        for size in SIZES:
            page.set_viewport_size(size)
            page.wait_for_timeout(300)  # the table fitted to the new size
            boxes = page.evaluate(BOXES)
            assert boxes["text"], lang  # the status line says something: "A new offline game…"
            assert apart(boxes["badge"], boxes["status"]), (lang, size, boxes)
            assert inside(boxes["badge"], size["width"], size["height"]), (lang, size, boxes)
            assert inside(boxes["status"], size["width"], size["height"]), (lang, size, boxes)

"""No text a player sees is ever a message id: every screen, online and offline, in every language, shows
the catalog's words, never "error.network" or "offline.badge" (the walk is in screens.py)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, BrowserContext, Page

from tests.browser.harness import Server, open_context
from tests.browser.screens import (
    ENGINE,
    LANGUAGES,
    forget_status,
    ids_shown,
    keep_engine,
    load,
    lost_connection,
    offline_game_shown,
    speak,
    toolbar_screens,
)
from tests.browser.table import act, new_game, open_table, play_until, play_with_mouse, solve, stuck

WON = "SP1-S1C-AAAAAAD"  # a 1-suit deal the solver wins quickly (test_win.py plays it too)

Found = dict[str, list[str]]


@pytest.fixture
def phone(browser: Browser, server: Server) -> Iterator[BrowserContext]:
    context = open_context(browser, server, viewport={"width": 390, "height": 844}, has_touch=True)
    yield context
    context.close()


def look(page: Page, found: Found, lang: str, screen: str) -> None:
    ids = ids_shown(page)
    if ids:
        found[f"{lang}: {screen}"] = ids


@pytest.mark.parametrize("viewport", [{"width": 1280, "height": 800}, {"width": 390, "height": 844}])
def test_no_screen_online_shows_a_message_id(page: Page, viewport: dict[str, int]) -> None:
    page.set_viewport_size(viewport)  # a phone's More menu has the statistics and the rules
    found: Found = {}
    new_game(page, 1)
    open_table(page)
    for lang in LANGUAGES:
        speak(page, lang)
        load(page)
        look(page, found, lang, "the table")
        walked: set[str] = set()
        for screen in toolbar_screens(page):
            look(page, found, lang, screen)
            walked.add(screen)
        # every dialog of the toolbar, wherever the window puts it, and what More offers beside them
        assert {"new", "settings", "duels", "more menu", "more menu: practice", "more menu: share"} <= walked
        assert {"stats", "rules"} <= walked or {"more menu: stats", "more menu: rules"} <= walked
    assert found == {}


def test_the_win_and_no_more_moves_show_no_message_id(page: Page) -> None:
    found: Found = {}
    play_until(page, new_game(page, 4, code="SP1-S4C-AAAAAAB"), stuck(page), seed=2, steps=800)
    open_table(page)
    for lang in LANGUAGES:
        speak(page, lang)
        load(page)  # the game is stuck: the dialog says so as the table comes
        page.wait_for_selector("dialog[open]")
        look(page, found, lang, "no more moves")
    winning = solve(WON)
    for lang in LANGUAGES:
        view = new_game(page, 1, code=WON)
        for action in winning[:-1]:
            view = act(page, view, action)
        speak(page, lang)
        load(page)
        play_with_mouse(page, view, winning[-1])  # the win's dialog comes as the last run goes
        page.wait_for_selector("dialog[open] form.win")
        page.wait_for_timeout(300)  # its statistics come after it
        look(page, found, lang, "the win")
    assert found == {}


@pytest.mark.skipif(not ENGINE.exists(), reason="no Pyodide in src/spider/web/pyodide (run scripts/setup)")
def test_no_offline_screen_shows_a_message_id(phone: BrowserContext) -> None:
    found: Found = {}
    page = phone.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    keep_engine(page)
    phone.set_offline(True)
    for lang in LANGUAGES:
        speak(page, lang)
        lost_connection(page)
        look(page, found, lang, "connection lost")
        page.click("dialog[open] button[value='play']")
        look(page, found, lang, "play offline (the engine starting)")
        offline_game_shown(page)
        look(page, found, lang, "the offline table")
        forget_status(page)
        page.click("[data-command='hint']")  # hints come from the server: the status line says so
        page.wait_for_function("() => document.getElementById('status').textContent !== ''")
        look(page, found, lang, "a hint asked offline")
        for screen in toolbar_screens(page):
            look(page, found, lang, f"{screen} (offline)")
    assert found == {}
    assert errors == []


def test_a_catalog_that_cannot_be_had_gives_english_words_not_ids(browser: Browser, server: Server) -> None:
    # no service worker either: its kept copy would answer for the server
    context = open_context(browser, server, service_workers="block")
    try:
        page = context.new_page()
        page.route("**/static/i18n/he.json", lambda route: route.abort())
        open_table(page)
        speak(page, "he")
        load(page)  # the Hebrew catalog is missing (neither the server nor a kept copy has it)
        assert page.locator("[data-command='new'] span").text_content() == "New game"
        assert page.evaluate("() => document.documentElement.dir") == "ltr"  # English's direction with its words
        assert ids_shown(page) == []
    finally:
        context.close()

"""Installable, and playable with no connection (SPEC 3.8): the manifest and service worker make Chromium
find the app installable and show it on a reload offline; with offline play on, a player whose connection
drops plays a game on the device (the same engine, through Pyodide), keeps it through a reload, and its
result reaches the server once the connection is back, counted apart from the online results."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Browser, BrowserContext, Page

from tests.browser.harness import CHROMIUM, CHROMIUM_ARGS, Server

ENGINE = Path(__file__).resolve().parents[2] / "src" / "spider" / "web" / "pyodide" / "pyodide.asm.wasm"
STARTING = 120_000  # ms: Pyodide starts in a few seconds, more on a busy machine


def controlled(page: Page) -> None:
    page.goto("/")
    page.wait_for_selector("html[data-ready=true]")
    page.wait_for_function("() => navigator.serviceWorker.controller !== null", timeout=30_000)


def test_chromium_finds_the_app_installable_and_a_reload_offline_shows_it(
    browser: Browser, server: Server, tmp_path: Path
) -> None:
    # installability is not judged in a throwaway (incognito) profile: this one has a folder
    context = browser.browser_type.launch_persistent_context(
        tmp_path / "profile", executable_path=CHROMIUM, args=CHROMIUM_ARGS,
        base_url=server.url, viewport={"width": 1280, "height": 800},
    )
    try:
        page = context.pages[0] if context.pages else context.new_page()
        controlled(page)
        cdp = context.new_cdp_session(page)
        manifest = cdp.send("Page.getAppManifest")
        assert manifest["url"].endswith("/static/manifest.webmanifest") and manifest["errors"] == []
        assert cdp.send("Page.getInstallabilityErrors")["installabilityErrors"] == []
        context.set_offline(True)
        page.reload()
        page.wait_for_selector("nav.toolbar [data-command='new']")
        assert page.title() != "" and "ERR_INTERNET_DISCONNECTED" not in page.content()
        assert page.locator("[data-i18n='button.new']").first.text_content() == "New game"  # the catalog came too
        # the game's facts too (the presets' answer, kept by the service worker): the table is drawn with them
        page.wait_for_function("() => document.querySelectorAll('.suit-choice').length === 3")
        assert page.locator(".run").count() == 8 and page.locator(".column").count() == 10
    finally:
        context.close()


@pytest.mark.skipif(not ENGINE.exists(), reason="no Pyodide in src/spider/web/pyodide (run scripts/setup)")
def test_a_player_offline_plays_on_the_device_and_the_result_counts_apart(context: BrowserContext, page: Page) -> None:
    controlled(page)
    first_load = page.evaluate("() => caches.keys()")
    assert not any(name.startswith("spider-engine-") for name in first_load)  # never on a first visit
    page.click("[data-command='settings']")
    # every text the status line shows while the engine is fetched, and whether a bar under the toggle showed
    page.evaluate("""() => { window.told = []; window.barShown = false;
        new MutationObserver(() => {
            window.told.push(document.getElementById('status').textContent);
            window.barShown ||= document.querySelector('dialog[open] progress.offline-progress') !== null;
        }).observe(document.body, { childList: true, subtree: true, characterData: true }); }""")
    page.check("[data-setting='offline']")
    page.wait_for_function(
        "() => document.getElementById('status').textContent.startsWith('Offline play is ready')", timeout=STARTING
    )
    told = page.evaluate("() => window.told")
    fetched = [text for text in told if "fetched" in text]
    assert fetched and fetched[0] == "Getting offline play ready: 0% fetched…", told  # the download says how far
    assert fetched[-1] == "Getting offline play ready: 100% fetched…", told  # it has come, up to all of it
    assert page.evaluate("() => window.barShown")
    assert page.locator("progress.offline-progress").count() == 0  # gone once ready
    page.keyboard.press("Escape")
    online_before = page.request.get("/api/stats").json()

    context.set_offline(True)
    page.click("[data-stock]")  # the deal cannot reach the server
    page.click("dialog[open] button[value='play']")
    badge = page.locator(".offline-badge")
    badge.locator("text=Offline game").wait_for(timeout=STARTING)
    deals_left = "() => document.querySelector('[data-stock]').dataset.dealsLeft"
    page.click("[data-stock]")
    page.wait_for_function(f"() => ({deals_left})() === '4'")
    page.click("[data-command='undo']")
    page.wait_for_function(f"() => ({deals_left})() === '5'")
    page.click("[data-command='redo']")
    page.wait_for_function(f"() => ({deals_left})() === '4'")
    moves = page.locator("[data-moves]").text_content()

    page.reload()  # still offline: the page comes from the service worker, the game from the device
    badge.locator("text=Offline game").wait_for(timeout=STARTING)
    page.wait_for_function(f"() => ({deals_left})() === '4'")
    assert page.locator("[data-moves]").text_content() == moves
    page.click("[data-command='undo']")  # its undo history came back with it
    page.wait_for_function(f"() => ({deals_left})() === '5'")
    page.click("[data-command='redo']")
    page.wait_for_function(f"() => ({deals_left})() === '4'")

    context.set_offline(False)
    page.click("[data-offline-back]")
    page.wait_for_function("() => document.querySelector('.offline-badge').hidden")
    page.wait_for_function("() => document.getElementById('status').textContent.includes('offline game sent')")
    stats = page.request.get("/api/stats").json()
    assert stats["offline"]["by_suits"]["1"]["games"] == 1 and stats["offline"]["by_suits"]["1"]["wins"] == 0
    assert stats["by_suits"] == online_before["by_suits"] and stats["site"] == online_before["site"]


def test_a_lost_connection_with_offline_play_off_says_how_to_turn_it_on(context: BrowserContext, page: Page) -> None:
    controlled(page)
    context.set_offline(True)
    page.click("[data-stock]")  # the deal cannot reach the server
    told = page.locator("dialog[open]")
    told.get_by_text("Connection lost").wait_for()
    assert "turn on “Offline play” in Settings" in told.text_content()
    assert told.locator("button[value='play']").count() == 0  # nothing to play with yet
    told.locator("button[value='close']").click()
    page.click("[data-stock]")
    page.wait_for_timeout(500)
    assert page.locator("dialog[open]").count() == 0  # said once a page, not at every failed request

    page.reload()  # the page from the service worker, no game from the server: the same word
    told.get_by_text("Connection lost").wait_for()
    assert "Settings" in told.text_content()

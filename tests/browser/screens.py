"""Walking the page's screens in each language, and reading what a player sees on each: every text shown
(text, accessible names, tooltips, a field's value, the choices of a list, the window's title), so that a
test can look for a message id among them. The offline screens need the offline engine kept: see
``keep_engine``."""

from __future__ import annotations

import json
import re
import time
from collections.abc import Iterator
from pathlib import Path

from playwright.sync_api import Page
from playwright.sync_api import TimeoutError as PlaywrightTimeout

SRC = Path(__file__).resolve().parents[2] / "src" / "spider"
LANGUAGES = ("en", "he", "nl", "pl", "pt")
ENGINE = SRC / "web" / "pyodide" / "pyodide.asm.wasm"
STARTING = 120_000  # ms: Pyodide starts in a few seconds, more on a busy machine

ID_SHAPE = re.compile(r"^[a-z_]+(\.[a-z_0-9]+)+$")
ID_INSIDE = re.compile(r"[a-z_]+(?:\.[a-z_0-9]+)+")


def catalog_ids() -> frozenset[str]:
    """Every id of the page's catalogs and of the engine's (the server's sentences, the table in words)."""
    found: set[str] = set()
    for folder in (SRC / "web" / "i18n", SRC / "catalogs"):
        for path in folder.glob("*.json"):
            found.update(key for key in json.loads(path.read_text(encoding="utf-8")) if "." in key)
    return frozenset(found)


IDS = catalog_ids()

# Each text a player meets on the page as it is now: text in rendered elements (the screen reader's hidden
# lines too), accessible names, tooltips, placeholders, fields' values, a list's choices, the window's title.
SHOWN = """() => {
  const seen = [document.title];
  const rendered = (el) => Boolean(el) && el.checkVisibility({ visibilityProperty: true });
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = (node.textContent || '').trim();
    const owner = node.parentElement;
    if (!text || !owner || owner.closest('script, style')) continue;
    if (owner.closest('option') ? rendered(owner.closest('select')) : rendered(owner)) seen.push(text);
  }
  for (const el of document.body.querySelectorAll('*')) {
    if (!rendered(el)) continue;
    for (const name of ['aria-label', 'title', 'placeholder']) {
      const value = el.getAttribute(name);
      if (value && value.trim()) seen.push(value.trim());
    }
    const field = el instanceof HTMLInputElement && !['hidden', 'checkbox', 'radio'].includes(el.type);
    if (field && el.value) seen.push(el.value);
  }
  return seen;
}"""


def ids_shown(page: Page) -> list[str]:
    """The texts on the page that are, or hold, a message id."""
    found = []
    for text in page.evaluate(SHOWN):
        if ID_SHAPE.match(text) or any(word in IDS for word in ID_INSIDE.findall(text)):
            found.append(text)
    return found


def speak(page: Page, lang: str) -> None:
    """The player's language from the next load on, as the picker in Settings keeps it."""
    page.evaluate(
        """(lang) => {
          const saved = JSON.parse(localStorage.getItem('spider.settings') || '{}') || {};
          localStorage.setItem('spider.settings', JSON.stringify({ ...saved, language: lang }));
        }""",
        lang,
    )


def load(page: Page) -> None:
    page.reload()
    page.wait_for_selector('html[data-ready="true"]')


def settled(page: Page) -> None:
    """Waits until the open dialog has its content (no "Loading…" left), whatever it had to fetch."""
    loading = page.evaluate("async () => (await import('/static/js/i18n.js')).t('stats.loading')")
    page.wait_for_function(
        """(loading) => {
          const d = document.querySelector('dialog[open]');
          const waiting = (el) => el.childElementCount === 0 && el.textContent.trim() === loading;
          return d && ![...d.querySelectorAll('*')].some(waiting);
        }""",
        arg=loading,
    )


def close_dialog(page: Page) -> None:
    page.keyboard.press("Escape")
    page.wait_for_function("() => !document.querySelector('dialog[open]')")


TOOLBAR = ("new", "settings", "stats", "rules", "duels")
# a phone's toolbar has no room for the last two: More has them
MORE = ("practice", "share", "account", "stats", "rules")

ANSWERED = """() => document.querySelector('dialog[open]')
  || document.getElementById('status').classList.contains('error')"""


def opened(page: Page) -> bool:
    """Waits for what a click opened: a dialog (true once its content has come), or, offline, the status
    line's refusal (false)."""
    page.wait_for_function(ANSWERED, timeout=30_000)  # offline, a screen may wait on the engine: CI is busy
    if not page.locator("dialog[open]").count():
        return False
    settled(page)
    return True


def forget_status(page: Page) -> None:
    page.evaluate(
        "() => { const l = document.getElementById('status'); l.textContent = ''; l.classList.remove('error'); }"
    )


def toolbar_screens(page: Page) -> Iterator[str]:
    """Opens each dialog of the toolbar in turn, then the More menu and what it offers (practice, sharing,
    and on a phone the statistics and the rules): yields each screen's name while it is open, and closes
    it after. With no server, a dialog that needs it is a refusal on the status line: that is the screen."""
    for command in TOOLBAR:
        button = page.locator(f"[data-command='{command}']")
        if not button.is_visible():
            continue
        forget_status(page)
        button.click()
        shown = opened(page)
        yield command
        if shown:
            close_dialog(page)
    page.click("[data-menu='more']")
    page.wait_for_selector("#more-menu:not([hidden])")
    yield "more menu"
    offered = page.locator("#more-menu [role='menuitem']").evaluate_all(
        "els => els.filter((e) => e.offsetParent !== null).map((e) => e.dataset.item)"
    )
    page.keyboard.press("Escape")
    for item in MORE:
        if item not in offered:
            continue
        forget_status(page)
        page.click("[data-menu='more']")
        page.click(f"#more-menu [data-item='{item}']")
        shown = opened(page)
        yield f"more menu: {item}"
        if shown:
            close_dialog(page)


def keep_engine(page: Page) -> None:
    """Offline play on (as the Settings' box turns it on), and the engine kept by the service worker."""
    page.goto("/")
    page.wait_for_selector('html[data-ready="true"]')
    page.wait_for_function("() => navigator.serviceWorker.controller !== null", timeout=30_000)
    page.evaluate(
        """() => {
          const saved = JSON.parse(localStorage.getItem('spider.settings') || '{}') || {};
          localStorage.setItem('spider.settings', JSON.stringify({ ...saved, offline: true }));
        }"""
    )
    load(page)
    # (wait_for_function would take the promise an async function returns for a yes: asked here instead)
    kept = "async () => (await import('/static/js/offline/install.js')).engineKept()"
    deadline = time.monotonic() + STARTING / 1000
    while not page.evaluate(kept):
        assert time.monotonic() < deadline, "the service worker did not keep the offline engine"
        page.wait_for_timeout(500)


def lost_connection(page: Page) -> None:
    """A reload with no connection and no offline game kept: the page offers one (the context is offline)."""
    page.evaluate("() => localStorage.removeItem('spider.offline.game')")
    page.reload()
    try:
        page.wait_for_selector("dialog[open] button[value='play']", timeout=60_000)
    except PlaywrightTimeout as error:
        said = page.evaluate("""async () => [
          document.getElementById('status').textContent, document.querySelector('dialog[open]')?.textContent,
          document.documentElement.lang, await (await import('/static/js/offline/install.js')).engineKept(),
        ]""")
        raise AssertionError(f"no offer of an offline game; the status line says {said}") from error


def offline_game_shown(page: Page) -> None:
    """Waits, after "Play offline", for the game on the device (its engine starts first)."""
    page.wait_for_selector(".offline-badge:not([hidden])", timeout=STARTING)
    page.wait_for_function("() => document.querySelectorAll('.column .card').length > 0")

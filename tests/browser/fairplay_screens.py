"""Screenshots of the fair-play screens in every language, on a desktop (1280x800) and a phone (360x740), for a
person to look at: ``python -m tests.browser.fairplay_screens OUTDIR`` (starts its own server, which checks ranked
results as test_moderation.py's does).

The flow is test_moderation.py's, walked once: a player ("Seer") wins the day's 1-suit deal with the solver's line,
whose check flags it; a moderator ("Warden") is given the role; a third player ("Guest") is no moderator. Each
screen is then opened in each language and on each device by a fresh browser context holding the same player's
cookies (its language from the browser's locale), so that one flagged result serves every language:

- ``daily-checking-LANG-DEVICE.png``: Seer's Daily deal dialog while the day is on, the board's note that the result
  is being checked where the place would be;
- ``moderation-LANG-DEVICE.png``: Warden's moderation view with the flagged result;
- ``refused-LANG-DEVICE.png``: the same view refused to Guest;
- ``log-LANG-DEVICE.png``: Warden's view once the result is cleared, with the log of decisions.
"""

from __future__ import annotations

import datetime as dt
import sys
import tempfile
from pathlib import Path
from typing import Any

from playwright.sync_api import Browser, Page, expect, sync_playwright

from spider.cli import main as spider
from tests.browser.harness import CHROMIUM, CHROMIUM_ARGS, Server, open_context
from tests.browser.pngsmall import shrink
from tests.browser.screens import LANGUAGES
from tests.browser.table import act, current, open_table
from tests.browser.test_daily import line_of, open_daily_from_menu
from tests.browser.test_layout import LOCALES
from tests.browser.test_moderation import SEEN_DEAL, named_account, set_days_deal

DEVICES: dict[str, dict[str, Any]] = {
    "desktop": {"viewport": {"width": 1280, "height": 800}},
    "phone": {"viewport": {"width": 360, "height": 740}, "is_mobile": True, "has_touch": True},
}
FLAGGING = 180  # s: the check runs in the server's niced worker, slow on a busy machine


def player(browser: Browser, server: Server, name: str) -> Any:
    """A named account in good standing: its browser storage (the cookie names the player)."""
    context = open_context(browser, server)
    named_account(context.new_page(), server, name)
    state = context.storage_state()
    context.close()
    return state


def shoot(page: Page, folder: Path, name: str, lang: str, device: str, *, show: str | None = None) -> None:
    """The window as it is, with ``show`` (a selector) scrolled into view first, if it is not, by as little as
    it takes (Chromium's scrollIntoViewIfNeeded, to the nearest edge): what comes before it stays in view as far
    as it can."""
    if show:
        page.locator(show).first.evaluate("(el) => el.scrollIntoViewIfNeeded(false)")
    page.wait_for_timeout(300)
    path = folder / f"{name}-{lang}-{device}.png"
    page.screenshot(path=str(path))
    shrink(path)
    print(path, path.stat().st_size, "bytes", flush=True)


def in_each(browser: Browser, server: Server, state: Any, take: Any) -> None:
    """Calls ``take(page, lang, device)`` with a fresh page of the player's in each language and on each device."""
    for lang in LANGUAGES:
        for device, options in DEVICES.items():
            context = open_context(browser, server, locale=LOCALES[lang], storage_state=state, **options)
            page = context.new_page()
            try:
                take(page, lang, device)
            finally:
                context.close()


def moderation_open(page: Page) -> None:
    page.goto("/?moderation")
    page.wait_for_selector('html[data-ready="true"]')
    expect(page.locator("#dialog .moderation")).to_be_visible()


def run(browser: Browser, server: Server, folder: Path) -> None:
    today = dt.datetime.now(dt.UTC).date().isoformat()
    seer, warden, guest = (player(browser, server, name) for name in ("Seer", "Warden", "Guest"))
    assert spider(["mod", "grant", "Warden", "--database", str(server.database)]) == 0
    set_days_deal(server, today, SEEN_DEAL)

    # Seer wins the day's deal with the solver's line
    context = open_context(browser, server, storage_state=seer)
    page = context.new_page()
    open_table(page)
    open_daily_from_menu(page)
    page.click('#dialog [data-daily-suits="1"]')
    expect(page.locator("#status")).to_contain_text("daily deal", timeout=90_000)
    page.keyboard.press("Escape")
    view = current(page)
    for action in line_of(server, today):
        view = act(page, view, action)
    assert view["won"]
    context.close()

    # until the check has flagged it, as the moderator sees it
    context = open_context(browser, server, storage_state=warden)
    page = context.new_page()
    for _ in range(FLAGGING // 3):
        moderation_open(page)
        if page.locator("#dialog .moderation-flagged").count():
            break
        page.wait_for_timeout(3000)
    expect(page.locator("#dialog .moderation-flagged")).to_have_count(1)
    context.close()

    def checking(page: Page, lang: str, device: str) -> None:
        open_table(page)
        open_daily_from_menu(page)
        expect(page.locator("#dialog .daily-board [data-checking]")).to_be_visible()
        shoot(page, folder, "daily-checking", lang, device, show="#dialog .daily-board")

    def flagged(page: Page, lang: str, device: str) -> None:
        moderation_open(page)
        expect(page.locator("#dialog .moderation-flagged")).to_have_count(1)
        shoot(page, folder, "moderation", lang, device, show="#dialog .moderation-flagged button[data-mark]")

    def refused(page: Page, lang: str, device: str) -> None:
        page.goto("/?moderation")
        page.wait_for_selector('html[data-ready="true"]')
        expect(page.locator("#status.error")).to_be_visible()
        shoot(page, folder, "refused", lang, device)

    def log(page: Page, lang: str, device: str) -> None:
        moderation_open(page)
        expect(page.locator("#dialog [data-none]")).to_be_visible()
        expect(page.locator("#dialog .moderation-log tbody tr")).to_have_count(2)  # the role given, the clearing
        shoot(page, folder, "log", lang, device, show="#dialog .moderation-log")

    in_each(browser, server, seer, checking)
    in_each(browser, server, warden, flagged)
    in_each(browser, server, guest, refused)

    # the moderator clears the result (in English, once), and the log lists the decision
    context = open_context(browser, server, storage_state=warden)
    page = context.new_page()
    moderation_open(page)
    page.locator("#dialog .moderation-flagged button[data-clear]").click()
    expect(page.locator("#dialog [data-none]")).to_be_visible()
    context.close()
    in_each(browser, server, warden, log)


def main(argv: list[str]) -> int:
    if len(argv) != 1:
        print("usage: python -m tests.browser.fairplay_screens OUTDIR", file=sys.stderr)
        return 2
    out = Path(argv[0])
    out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as folder, sync_playwright() as p:
        server = Server(Path(folder), SPIDER_FAIRPLAY_CHECKS="1")
        server.start()
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            run(browser, server, out)
        finally:
            browser.close()
            server.kill()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

"""Help where a feature is: each feature's screen has a "How it works" link that opens the rules page of the
player's language at that feature's section; the rules page fits a phone in English and in Hebrew.

Each case saves its screenshots to ``$SPIDER_SHOTS`` (default /tmp/spider-shots): ``help-rules-{lang}-{device}.png``
(the page at its top and at the daily deal's section) and ``help-link-{lang}-{device}.png`` (a dialog with its link).
"""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect

from tests.browser.harness import Server, open_context
from tests.browser.table import new_game

SHOTS = Path(os.environ.get("SPIDER_SHOTS", "/tmp/spider-shots"))
PHONE = {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True}
DEVICES: dict[str, dict[str, object]] = {"desktop": {}, "phone": PHONE}


def speaking(browser: Browser, server: Server, lang: str, **options: object) -> BrowserContext:
    """A new player's browser whose page speaks ``lang`` (the browser's own language, as a newcomer's is)."""
    locale = {"en": "en-GB", "he": "he-IL", "pl": "pl-PL", "nl": "nl-NL", "pt": "pt-PT"}[lang]
    return open_context(browser, server, locale=locale, **options)


def opened(page: Page) -> None:
    page.goto("/")
    page.wait_for_selector('html[data-ready="true"]')


def from_menu(item: str) -> Callable[[Page], None]:
    def opening(page: Page) -> None:
        page.locator('[data-menu="more"]').click()
        page.locator(f'[data-item="{item}"]').click()

    return opening


def from_lobby(button: str) -> Callable[[Page], None]:
    def opening(page: Page) -> None:
        page.locator('[data-command="duels"]').click()
        page.locator(f"dialog[open] [{button}]").click()

    return opening


# Each feature's screen as a player opens it, and the section its link must open.
SCREENS: dict[str, tuple[Callable[[Page], None], str]] = {
    "daily deal": (from_menu("daily"), "daily"),
    "practice": (from_menu("practice"), "practice"),
    "account": (from_menu("account"), "accounts"),
    "duel lobby": (lambda page: page.locator('[data-command="duels"]').click(), "duels"),
    "arenas": (from_lobby("data-arenas"), "arenas"),
    "leaderboards": (from_lobby("data-boards"), "leaderboards"),
    "settings, offline play": (lambda page: page.locator('[data-command="settings"]').click(), "offline"),
    "settings, meter": (lambda page: page.locator('[data-command="settings"]').click(), "meter"),
}


def follow(context: BrowserContext, page: Page, anchor: str, lang: str, within: str = "dialog[open]") -> Page:
    """Clicks the screen's link to ``anchor``: the rules page of ``lang`` opens beside it at that section."""
    link = page.locator(f'{within} a[data-help="{anchor}"]')
    expect(link).to_be_visible()
    with context.expect_page(timeout=30_000) as opening:  # a new tab on a machine as busy as CI's can take a while
        link.click()
    rules = opening.value
    rules.wait_for_load_state()
    assert rules.url.endswith(f"/static/rules/{lang}.html#{anchor}")
    expect(rules.locator("html")).to_have_attribute("lang", lang)
    expect(rules.locator(f'h2[id="{anchor}"]')).to_be_in_viewport()  # the section itself, not the page's top
    return rules


@pytest.mark.parametrize("lang", ["en", "he"])
def test_each_features_screen_opens_its_section_of_the_rules_in_the_players_language(
    browser: Browser, server: Server, lang: str
) -> None:
    context = speaking(browser, server, lang)
    try:
        page = context.new_page()
        opened(page)
        words = page.evaluate("async (lang) => (await (await fetch(`/static/i18n/${lang}.json`)).json())", lang)
        for screen, (opening, anchor) in SCREENS.items():
            opening(page)
            link = page.locator(f'dialog[open] a[data-help="{anchor}"]')
            expect(link, screen).to_have_text(words["help.link"])
            expect(link, screen).not_to_be_focused()  # the screen still opens on its own first control
            follow(context, page, anchor, lang).close()
            page.keyboard.press("Escape")
            expect(page.locator("dialog[open]")).to_have_count(0)

        # the review and the replay viewer of a game given up, and the meter beside the score
        view = new_game(page, 1)
        assert page.request.post(f"/api/games/{view['id']}/resign", data={}).ok
        page.evaluate(f"async () => (await import('/static/js/review.js')).reviewGame('{view['id']}')")
        follow(context, page, "review", lang).close()
        page.keyboard.press("Escape")
        page.goto(f"/?replay={view['id']}")
        follow(context, page, "replays", lang, within=".viewer").close()
        page.evaluate("() => localStorage.setItem('spider.settings', JSON.stringify({ meter: true }))")
        opened(page)
        meter = page.locator(".info .meter a[data-help='meter']")
        expect(meter).to_have_text("?")
        expect(meter).to_have_accessible_name(words["help.link"])
        follow(context, page, "meter", lang, within=".info .meter").close()
    finally:
        context.close()


@pytest.mark.parametrize("lang", ["en", "he"])
@pytest.mark.parametrize("device", list(DEVICES))
def test_the_rules_page_and_a_help_link_fit_the_screen(
    browser: Browser, server: Server, lang: str, device: str
) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    context = speaking(browser, server, lang, **DEVICES[device])
    try:
        page = context.new_page()
        page.goto(f"/static/rules/{lang}.html")
        page.screenshot(path=str(SHOTS / f"help-rules-{lang}-{device}.png"))
        width = page.evaluate("() => [document.documentElement.scrollWidth, window.innerWidth]")
        assert width[0] <= width[1]  # no sideways scrolling, the contents list included
        heading = page.locator("h1").evaluate(
            "h => { const r = document.createRange(); r.selectNodeContents(h); const t = r.getBoundingClientRect();"
            " const b = h.getBoundingClientRect(); return [t.left - b.left, b.right - t.right]; }")
        start, end = heading if lang != "he" else heading[::-1]
        assert start < end  # the title starts where the language starts its lines: the right, in Hebrew
        page.locator('nav a[href="#daily"]').click()  # the contents list leads to each section
        expect(page.locator('h2[id="daily"]')).to_be_in_viewport()
        page.screenshot(path=str(SHOTS / f"help-rules-{lang}-{device}-daily.png"))

        opened(page)
        from_menu("daily")(page)
        link = page.locator('dialog[open] a[data-help="daily"]')
        expect(link).to_be_in_viewport()  # the dialog opens with its help in sight
        page.locator("dialog[open] .daily-deals").wait_for()
        page.screenshot(path=str(SHOTS / f"help-link-{lang}-{device}.png"))
    finally:
        context.close()

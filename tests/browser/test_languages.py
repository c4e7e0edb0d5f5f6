"""Choosing the language: the browser's by default, the picker in Settings, remembered, and the server
answering in it (the table in words, refusals)."""

from __future__ import annotations

import json
from pathlib import Path

from playwright.sync_api import Browser, Page, expect

from spider.codes import parse_code
from spider.errors import SpiderError
from spider.text import speaking
from tests.browser.harness import Server, open_context
from tests.browser.table import current, open_table

CATALOGS = Path(__file__).parents[2] / "src" / "spider" / "web" / "i18n"


def page_text(lang: str, key: str) -> str:
    text: str = json.loads((CATALOGS / f"{lang}.json").read_text(encoding="utf-8"))[key]
    return text


def engine_refusal(code: str, lang: str) -> str:
    try:
        parse_code(code)
    except SpiderError as refused:
        with speaking(lang):
            return str(refused)
    raise AssertionError(f"{code} is a good code")


def test_a_polish_browser_gets_the_game_in_polish(browser: Browser, server: Server) -> None:
    context = open_context(browser, server, locale="pl-PL")
    page = context.new_page()
    open_table(page)
    expect(page.locator("html")).to_have_attribute("lang", "pl")
    expect(page.locator("html")).to_have_attribute("dir", "ltr")
    expect(page.locator('[data-command="new"] span')).to_have_text(page_text("pl", "button.new"))
    view = current(page)
    assert view["text"].startswith("Stos rezerwowy")
    assert page.locator("#table-text").text_content() == view["text"]
    context.close()


def choose_language(page: Page, name: str) -> None:
    page.locator('[data-command="settings"]').click()
    with page.expect_navigation():
        page.locator("#language").select_option(label=name)
    page.wait_for_selector('html[data-ready="true"]')


def test_the_picker_changes_the_language_and_remembers_it(page: Page) -> None:
    open_table(page)
    game = current(page)["id"]
    choose_language(page, "Nederlands")
    expect(page.locator("html")).to_have_attribute("lang", "nl")
    expect(page.locator('[data-command="settings"] span')).to_have_text(page_text("nl", "button.settings"))
    view = current(page)
    assert view["id"] == game  # the same game, now described in Dutch
    assert view["text"].startswith("Stapel: 50 kaarten")
    assert page.locator("#table-text").text_content() == view["text"]
    page.reload()
    page.wait_for_selector('html[data-ready="true"]')
    expect(page.locator("html")).to_have_attribute("lang", "nl")
    # the server's refusals come in the chosen language too
    page.locator('[data-command="new"]').click()
    page.locator('input[name="code"]').fill("SP1-S1C-AAAAAA!")
    page.locator('input[name="code"]').press("Enter")
    expect(page.locator("#status")).to_have_text(engine_refusal("SP1-S1C-AAAAAA!", "nl"))
    choose_language(page, "עברית")
    expect(page.locator("html")).to_have_attribute("lang", "he")
    expect(page.locator("html")).to_have_attribute("dir", "rtl")
    # the rules page of the language is the one the dialog opens
    page.locator('[data-command="rules"]').click()
    expect(page.locator("dialog a[href='/static/rules/he.html']")).to_be_visible()

"""Settings' drop-downs show every choice whole, in every language, on a desktop and on a phone."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser

from tests.browser.harness import Server, open_context
from tests.browser.table import open_table

LOCALES = {"en": "en-GB", "he": "he-IL", "pl": "pl-PL", "nl": "nl-NL", "pt": "pt-PT"}
SCREENS = {"desktop": {"width": 1280, "height": 800}, "phone": {"width": 390, "height": 844}}

# For each select of the open dialog and each of its options: the width Chromium gives a select of its own
# that holds that option alone and sizes itself to it (text, padding and arrow), against the select's own.
MEASURE = """() => [...document.querySelectorAll('dialog[open] select')].flatMap((select) => {
  const room = select.getBoundingClientRect().width;
  return [...select.options].map((option) => {
    const alone = /** @type {HTMLSelectElement} */ (select.cloneNode(false));
    alone.removeAttribute('id');
    alone.style.cssText = 'inline-size: auto; min-inline-size: 0; max-inline-size: none; position: absolute;';
    alone.append(option.cloneNode(true));
    select.parentElement.append(alone);
    const needs = alone.getBoundingClientRect().width;
    alone.remove();
    return { select: select.id, text: option.text, needs: Math.ceil(needs), room: Math.floor(room) };
  });
})"""


@pytest.mark.parametrize("screen", SCREENS)
@pytest.mark.parametrize("lang", LOCALES)
def test_every_settings_choice_fits_its_drop_down(browser: Browser, server: Server, lang: str, screen: str) -> None:
    context = open_context(browser, server, locale=LOCALES[lang], viewport=SCREENS[screen])
    page = context.new_page()
    open_table(page)
    assert page.locator("html").get_attribute("lang", timeout=5000) in (lang, "pt-PT")
    page.locator('[data-command="settings"]').click()
    page.wait_for_selector("dialog[open] select#preset")
    options = page.evaluate(MEASURE)
    assert len({option["select"] for option in options}) >= 8  # language, preset and every table rule
    cut = [option for option in options if option["needs"] > option["room"]]
    assert [(option["select"], option["text"], option["needs"], option["room"]) for option in cut] == []
    context.close()

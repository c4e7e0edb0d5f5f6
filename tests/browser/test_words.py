"""The page writes numbers and cards as each language does: CLDR's number forms, Hebrew's minus kept in reading
order, a plural for "the last day", Dutch card names as one word."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Browser

from tests.browser.harness import Server, open_context
from tests.browser.table import open_table

LOCALES = {"en": "en-GB", "he": "he-IL", "pl": "pl-PL", "nl": "nl-NL", "pt": "pt-PT"}

# The page's own i18n module, the one instance the page loaded (its catalog is the page's language).
TEXTS = """async () => {
  const { t, cardName } = await import('/static/js/i18n.js');
  return {
    big: t('duel.progress.points', { count: 1183 }),
    minus: t('duel.progress.points', { count: -1 }),
    day: t('stats.site', { days: 1, count: 1 }),
    queen: cardName('Qh'),
    seven: cardName('7h'),
  };
}"""


def texts(browser: Browser, server: Server, lang: str) -> dict[str, Any]:
    context = open_context(browser, server, locale=LOCALES[lang])
    page = context.new_page()
    open_table(page)
    found: dict[str, Any] = page.evaluate(TEXTS)
    context.close()
    return found


@pytest.mark.parametrize(("lang", "written"), [("en", "1,183"), ("nl", "1.183"), ("pl", "1183"), ("pt", "1183")])
def test_numbers_in_texts_are_written_as_the_language_writes_them(
    browser: Browser, server: Server, lang: str, written: str
) -> None:
    assert texts(browser, server, lang)["big"].startswith(written + " ")


def test_a_hebrew_score_of_minus_one_shows_its_number_with_the_minus_in_reading_order(
    browser: Browser, server: Server
) -> None:
    minus = texts(browser, server, "he")["minus"]
    assert "1" in minus and "-" in minus
    assert minus.startswith("\u200e-1")  # CLDR's Hebrew minus: a left-to-right mark keeps "-1" from showing "1-"


def test_the_last_day_is_a_plural_not_one_days(browser: Browser, server: Server) -> None:
    assert texts(browser, server, "pl")["day"] == "Wszyscy gracze, ostatni dzień"
    assert "1" not in texts(browser, server, "he")["day"]


def test_dutch_face_cards_are_one_word_and_number_cards_two(browser: Browser, server: Server) -> None:
    found = texts(browser, server, "nl")
    assert (found["queen"], found["seven"]) == ("hartenvrouw", "harten 7")

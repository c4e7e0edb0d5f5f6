"""The page's catalogs: the same texts in every language, the same fields, the plural forms CLDR names."""

from __future__ import annotations

import itertools
import re

import pytest
from babel import Locale
from babel.core import get_global

from tests.languages.catalogs import LANGUAGES, PAGE_METADATA, TRANSLATIONS, forms, page, page_fields

# Words that are the same in the language as in English, each checked by a native reader.
SAME_AS_ENGLISH = {
    "nl": {
        "info.score", "preset.duel", "preset.patience", "rule.scoring.duel",
        "duel.bar", "duel.rating", "player.rating", "lobby.computer.rated",  # "Duel"; "rating" as Dutch players say
        "boards.value.ratings",  # "Rating", as the tab's "Ratinglijst" (review N10)
        "lobby.computer.expert",  # "expert", the ladder's third step (review N15)
        "player.bot",  # "BOT": the mark beside a bot's name, the same word in Dutch
        "account.menu", "account.title", "account.later",  # "Account" and "Later" are Dutch words too
        "moderation.board.duel", "moderation.col.account",  # "Duel" as above; "Account" as above
    },
    "pl": {"player.bot"},  # "BOT", as Polish players write a bot's mark
    "pt": {
        "player.bot",  # "BOT", as Portuguese players write a bot's mark
        # "rating" as Portuguese chess players say, "classificação" kept for boards and standings (review T1)
        "duel.rating", "player.rating", "lobby.computer.rated", "boards.tab.ratings", "boards.value.ratings",
    },
}


def categories(lang: str) -> set[str]:
    """CLDR's plural categories for the locale the page asks Intl.PluralRules for (its "lang")."""
    return set(Locale.parse(page(lang)["lang"].replace("-", "_")).plural_form.tags) | {"other"}


@pytest.mark.parametrize("lang", TRANSLATIONS)
def test_a_page_catalog_has_every_text_and_nothing_else(lang: str) -> None:
    assert sorted(set(page("en")) - set(page(lang))) == []
    assert sorted(set(page(lang)) - set(page("en"))) == []


@pytest.mark.parametrize("lang", TRANSLATIONS)
def test_a_page_text_fills_the_same_fields_as_in_english(lang: str) -> None:
    english, catalog = page("en"), page(lang)
    differ = {
        key: sorted(page_fields(catalog[key]))
        for key in english
        if page_fields(english[key]) != page_fields(catalog[key])
    }
    assert differ == {}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_page_plurals_have_exactly_the_categories_of_the_pages_locale(lang: str) -> None:
    catalog = page(lang)
    wanted = categories(lang)
    wrong = {key: sorted(entry) for key, entry in catalog.items() if isinstance(entry, dict) and set(entry) != wanted}
    assert wrong == {}
    english = page("en")
    assert sorted(key for key in english if isinstance(english[key], dict) != isinstance(catalog[key], dict)) == []


def test_each_page_catalog_names_its_language_and_direction() -> None:
    assert {lang: (page(lang)["lang"], page(lang)["dir"]) for lang in LANGUAGES} == {
        "en": ("en", "ltr"), "he": ("he", "rtl"), "pl": ("pl", "ltr"), "nl": ("nl", "ltr"), "pt": ("pt-PT", "ltr"),
    }


def test_each_page_catalog_starts_the_week_on_cldrs_first_day_for_its_language() -> None:
    # the page's calendars ask Intl for the reader's region first; a browser without week information takes this
    def first_day(tag: str) -> str:
        likely: dict[str, str] = get_global("likely_subtags")
        locale = Locale.parse(likely.get(tag.replace("-", "_"), tag.replace("-", "_")))
        return ("mon", "tue", "wed", "thu", "fri", "sat", "sun")[locale.first_week_day]

    cldr = {lang: first_day(page(lang)["lang"]) for lang in LANGUAGES}
    assert {lang: page(lang)["first_day"] for lang in LANGUAGES} == cldr
    assert page("he")["first_day"] == "sun" and page("pl")["first_day"] == "mon"


def test_european_portuguese_plurals_are_not_brazils() -> None:
    assert Locale.parse("pt_PT").plural_form(0) == "other"  # "0 cartas"; Brazil says "0 carta"
    assert categories("pt") == {"one", "many", "other"}


@pytest.mark.parametrize("lang", TRANSLATIONS)
def test_no_page_text_is_left_in_english(lang: str) -> None:
    english, catalog = page("en"), page(lang)
    same = [
        key
        for key in set(english) - set(PAGE_METADATA) - SAME_AS_ENGLISH.get(lang, set())
        for ours, theirs in itertools.zip_longest(forms(catalog[key]), forms(english[key]))
        if ours == theirs and re.search(r"[^\W\d_]{2,}", re.sub(r"\{\w+\}", "", ours or ""))
    ]
    assert sorted(same) == []

"""Each language's catalogs use its glossary's word for a game term wherever the English text names the term."""

from __future__ import annotations

import re
from typing import Any

import pytest

from tests.languages.catalogs import TRANSLATIONS, engine, forms, glossary, page


def words(text: str) -> str:
    """A template without its fields: ``{suit}`` names no suit."""
    return re.sub(r"\{[^}]*\}", " ", text)


def misses(lang: str, english: dict[str, Any], catalog: dict[str, Any]) -> list[tuple[str, str]]:
    """(term, key) for each text whose English names a term and whose translation has none of its forms."""
    found = []
    ours = glossary(lang)["terms"]
    for term, entry in glossary("en")["terms"].items():
        pattern = re.compile(entry["pattern"], re.IGNORECASE)
        wanted = [re.compile(form, re.IGNORECASE) for form in ours[term]["forms"]]
        excused = ours[term].get("except", {})
        for key in english.keys() & catalog.keys():
            if key in excused or not any(pattern.search(words(text)) for text in forms(english[key])):
                continue
            if not all(any(form.search(words(text)) for form in wanted) for text in forms(catalog[key])):
                found.append((term, key))
    return sorted(found)


@pytest.mark.parametrize("lang", TRANSLATIONS)
def test_a_glossary_gives_a_word_for_every_term(lang: str) -> None:
    ours = glossary(lang)["terms"]
    assert set(ours) == set(glossary("en")["terms"])
    assert all(entry["word"] and entry["forms"] for entry in ours.values())


@pytest.mark.parametrize("lang", TRANSLATIONS)
def test_the_engine_catalog_follows_the_glossary(lang: str) -> None:
    assert misses(lang, engine("en"), engine(lang)) == []


@pytest.mark.parametrize("lang", TRANSLATIONS)
def test_the_page_catalog_follows_the_glossary(lang: str) -> None:
    assert misses(lang, page("en"), page(lang)) == []


def test_a_text_that_names_a_term_in_other_words_is_caught() -> None:
    english = {"refuse.stock_empty": "The stock is empty."}
    assert misses("pl", english, {"refuse.stock_empty": "Talia jest pusta."}) == [("stock", "refuse.stock_empty")]
    assert misses("pl", english, {"refuse.stock_empty": "Stos rezerwowy jest pusty."}) == []

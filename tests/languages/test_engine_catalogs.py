"""The engine and server catalogs: every language has every message, with the same fields and CLDR's plurals."""

from __future__ import annotations

import itertools
import re
from typing import Any

import pytest

from spider import Game
from spider.text import languages, message, plural_categories
from tests.languages.catalogs import (
    LANGUAGES,
    TRANSLATIONS,
    engine,
    engine_fields,
    forms,
    is_grammar,
    lookups,
    required_engine_keys,
    tables_the_code_reads,
)

COUNTS = (0, 1, 2, 3, 5, 22)
RANKS = tuple(range(1, 14))
SUITS = tuple("shdc")
RANK_FIELDS = {"rank", "needs", "low", "onto"}
SUIT_FIELDS = {"suit", "low_suit", "onto_suit"}
NUMBER_FIELDS = {
    "n", "deals", "days", "limit", "seconds", "at", "column", "target", "games", "minutes", "played", "spent",
}
PRESETS = ("classic", "casual", "patience", "duel", "tabletop")


def sample_params(fields: set[str]) -> list[dict[str, Any]]:
    """Parameters for each count, rank and suit, the other fields held still."""
    def params(count: int, rank: int, suit: str) -> dict[str, Any]:
        chosen: dict[str, Any] = {}
        for name in fields:
            if name in RANK_FIELDS:
                chosen[name] = rank if name == "rank" else min(rank + 1, 13)
            elif name in SUIT_FIELDS:
                chosen[name] = suit
            elif name in NUMBER_FIELDS:
                chosen[name] = count
            elif name == "preset":
                chosen[name] = PRESETS[rank % len(PRESETS)]
            else:
                chosen[name] = "3>9"
        return chosen

    return (
        [params(count, 1, "s") for count in COUNTS]
        + [params(5, rank, "s") for rank in RANKS]
        + [params(5, 1, suit) for suit in SUITS]
    )


def test_the_engine_knows_the_five_languages() -> None:
    assert languages() == ("en", "he", "nl", "pl", "pt")


def test_the_engine_reads_some_word_tables_by_name_so_every_language_has_them() -> None:
    assert "suit_plural" in tables_the_code_reads()
    assert {f"suit_plural.{suit}" for suit in SUITS} <= required_engine_keys()


@pytest.mark.parametrize("lang", TRANSLATIONS)
def test_a_catalog_has_every_message_and_nothing_else(lang: str) -> None:
    catalog = engine(lang)
    missing = required_engine_keys() - set(catalog)
    extra = {key for key in set(catalog) - set(engine("en")) if not is_grammar(key, catalog)}
    assert sorted(missing) == []
    assert sorted(extra) == []


@pytest.mark.parametrize("lang", TRANSLATIONS)
def test_a_message_fills_the_same_fields_as_in_english(lang: str) -> None:
    english, catalog = engine("en"), engine(lang)
    differ = {
        key: (sorted(engine_fields(english[key])), sorted(engine_fields(catalog[key])))
        for key in required_engine_keys()
        if set(engine_fields(english[key])) != set(engine_fields(catalog[key]))
    }
    assert differ == {}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_plural_entries_have_exactly_the_categories_cldr_gives_the_language(lang: str) -> None:
    catalog = engine(lang)
    wrong = {
        key: sorted(entry)
        for key, entry in catalog.items()
        if isinstance(entry, dict) and set(entry) != plural_categories(lang)
    }
    assert wrong == {}


@pytest.mark.parametrize("lang", TRANSLATIONS)
def test_a_message_counted_in_english_is_counted_in_every_language(lang: str) -> None:
    english, catalog = engine("en"), engine(lang)
    counted = {key for key in required_engine_keys() if isinstance(english[key], dict)}
    assert sorted(key for key in required_engine_keys() if (key in counted) != isinstance(catalog[key], dict)) == []


@pytest.mark.parametrize("lang", TRANSLATIONS)
def test_every_word_a_template_looks_up_is_in_the_languages_own_catalog(lang: str) -> None:
    catalog = engine(lang)
    values = {**dict.fromkeys(RANK_FIELDS, RANKS), **dict.fromkeys(SUIT_FIELDS, SUITS), "preset": PRESETS}
    missing = []
    for entry in catalog.values():
        for name, table in engine_fields(entry).items():
            if table in lookups(catalog) and not isinstance(catalog.get(table), dict):
                missing += [f"{table}.{value}" for value in values[name] if f"{table}.{value}" not in catalog]
    assert missing == []


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_message_renders_for_every_count_rank_and_suit(lang: str) -> None:
    english = engine("en")
    for key in sorted(required_engine_keys()):
        for params in sample_params(set(engine_fields(english[key]))):
            text = message(key, lang, **params)
            assert text.strip(), key
            assert not re.search(r"[{}]", text), (key, text)


@pytest.mark.parametrize("lang", TRANSLATIONS)
def test_no_text_is_left_in_english(lang: str) -> None:
    english, catalog = engine("en"), engine(lang)
    same = [
        key
        for key in required_engine_keys() & set(catalog)
        for ours, theirs in itertools.zip_longest(forms(catalog[key]), forms(english[key]))
        if ours == theirs and re.search(r"[^\W\d_]{2,}", re.sub(r"\{[^}]*\}", "", ours or ""))
    ]
    assert same == []


def test_polish_puts_ranks_in_the_accusative_and_the_locative() -> None:
    assert message("refuse.rank", "pl", rank=6, needs=7) == "Szóstkę można położyć tylko na siódemce."
    assert message("refuse.rank", "pl", rank=1, needs=2) == "Asa można położyć tylko na dwójce."
    assert message("refuse.rank", "pl", rank=11, needs=12) == "Waleta można położyć tylko na damie."
    assert message("refuse.rank", "pl", rank=12, needs=13) == "Damę można położyć tylko na królu."


def test_polish_counts_take_one_few_and_many_forms() -> None:
    assert [message("describe.face_down", "pl", n=n) for n in (1, 3, 5, 22)] == [
        "1 zakryta karta", "3 zakryte karty", "5 zakrytych kart", "22 zakryte karty",
    ]
    assert message("describe.stock", "pl", n=10, deals=1) == "Stos rezerwowy: 10 kart, zostało 1 rozdanie"
    assert message("describe.stock", "pl", n=30, deals=3) == "Stos rezerwowy: 30 kart, zostały 3 rozdania"


def test_hebrew_counts_agree_in_gender_and_have_a_dual() -> None:
    assert message("describe.face_down", "he", n=1) == "קלף מוסתר אחד"  # a card: masculine
    assert message("describe.face_down", "he", n=2) == "שני קלפים מוסתרים"
    assert message("describe.deals_left", "he", n=1) == "נותרה חלוקה אחת"  # a deal: feminine
    assert message("describe.deals_left", "he", n=2) == "נותרו שתי חלוקות"
    assert message("describe.deals_left", "he", n=5) == "נותרו 5 חלוקות"


def test_european_portuguese_counts_zero_in_the_plural_and_names_cards_with_de() -> None:
    assert message("refuse.count_face_up", "pt", column=3, n=0) == "A pilha 3 só tem 0 cartas viradas para cima."
    assert message("describe.card", "pt", rank=12, suit="h") == "dama de copas"


def test_numbers_are_written_as_each_language_writes_them() -> None:
    assert message("server.body_too_large", "en", limit=16384) == "The request body is larger than 16,384 bytes."
    assert message("server.body_too_large", "nl", limit=16384).endswith(" groter dan 16.384 bytes.")
    assert message("server.body_too_large", "pl", limit=16384) == "Treść żądania jest większa niż 16\u00a0384 bajty."


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_table_in_words_reads_in_every_language(lang: str) -> None:
    lines = Game.from_code("SP1-S4C-SPIDERS").describe(lang).splitlines()
    assert len(lines) == 11
    assert "50" in lines[0] and "5" in lines[0]
    if lang != "en":
        assert lines != Game.from_code("SP1-S4C-SPIDERS").describe().splitlines()

"""The rules-and-help page of each language: its language and direction, and the facts of the English page."""

from __future__ import annotations

import re
from html.parser import HTMLParser

import pytest

from tests.languages.catalogs import LANGUAGES, RULES, TRANSLATIONS, page


class _Page(HTMLParser):
    """What a rules page declares and says: <html lang dir>, headings, keys, and its text."""

    def __init__(self) -> None:
        super().__init__()
        self.html: dict[str, str | None] = {}
        self.headings = 0
        self.keys: list[str] = []
        self.text: list[str] = []
        self._open: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == "html":
            self.html = dict(attrs)
        self.headings += tag == "h2"
        self._open.append(tag)

    def handle_endtag(self, tag: str) -> None:
        if tag in self._open:
            del self._open[len(self._open) - 1 - self._open[::-1].index(tag) :]

    def handle_data(self, data: str) -> None:
        if "kbd" in self._open[-1:]:
            self.keys.append(data)
        if "style" not in self._open and "title" not in self._open:
            self.text.append(data)


def read(lang: str) -> _Page:
    parsed = _Page()
    parsed.feed((RULES / f"{lang}.html").read_text(encoding="utf-8"))
    return parsed


def words(lang: str) -> str:
    return re.sub(r"\s+", " ", " ".join(read(lang).text))


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_rules_page_declares_its_language_and_direction(lang: str) -> None:
    assert read(lang).html == {"lang": page(lang)["lang"], "dir": page(lang)["dir"]}


def test_the_hebrew_page_runs_right_to_left() -> None:
    assert read("he").html["dir"] == "rtl"


@pytest.mark.parametrize("lang", TRANSLATIONS)
def test_a_rules_page_has_the_english_pages_sections_keys_and_figures(lang: str) -> None:
    english, ours = read("en"), read(lang)
    assert ours.headings == english.headings
    assert ours.keys == [SPACE[lang] if key == "Space" else key for key in english.keys]
    figures = numbers(words("en"))
    assert sorted(figures - numbers(words(lang))) == []


SPACE = {"he": "רווח", "nl": "spatie", "pl": "spacja", "pt": "Espaço"}
"""The space bar's name in each language's keyboard table, as the page's own texts name it."""


def numbers(text: str) -> set[str]:
    """The whole numbers a text gives, written without their group separators ("1,183", "1.183", "1183")."""
    return {re.sub(r"\D", "", found) for found in re.findall(r"\d+(?:[,.\u00a0\u202f]\d{3})*(?!\d)", text)}


@pytest.mark.parametrize("lang", TRANSLATIONS)
def test_the_keyboard_table_names_the_space_bar_as_the_page_does(lang: str) -> None:
    assert SPACE[lang] in page(lang)["table.label"]
    assert "Space" not in read(lang).keys


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_duels_section_tells_of_the_lobby_clock_ratings_computer_and_manual_flip(lang: str) -> None:
    source = (RULES / f"{lang}.html").read_text(encoding="utf-8")
    section = re.sub(r"<[^>]+>|\s+", " ", source[source.rindex("<h2>") :]).casefold()
    assert page(lang)["button.duels"].casefold() in section  # the lobby's button
    assert {"3", "5", "10", "15"} <= set(re.findall(r"\d+", section))  # the clock's choices
    assert "1500" in section and "glicko-2" in section  # ratings
    assert "-mand" in section  # the duel preset's manual flip
    ladder = ("beginner", "casual", "expert", "master")
    strengths = [page(lang)[f"lobby.computer.{name}"].split(": ")[1] for name in ladder]
    assert [name for name in strengths if name.casefold() not in section] == []


@pytest.mark.parametrize("lang", TRANSLATIONS)
def test_a_rules_page_names_the_presets_and_scorings_as_the_settings_do(lang: str) -> None:
    text = words(lang).casefold()
    names = [page(lang)[f"preset.{name}"] for name in ("classic", "casual", "patience", "duel", "tabletop")]
    names += [page(lang)[f"rule.scoring.{name}"].split(" (")[0] for name in ("standard", "reveal", "duel")]
    assert [name for name in names if name.casefold() not in text] == []


@pytest.mark.parametrize("lang", TRANSLATIONS)
def test_no_sentence_of_the_english_page_is_left(lang: str) -> None:
    english = [part.strip() for part in re.split(r"[.:;]", words("en")) if len(part.split()) >= 4]
    text = words(lang)
    assert [part for part in english if part in text] == []

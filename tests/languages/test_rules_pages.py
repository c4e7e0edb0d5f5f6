"""The rules-and-help page of each language: its language and direction, the facts of the English page, a
section for every feature under the same anchors in every language, naming the buttons as the page does, and
an existing section for every "How it works" link of the page's screens."""

from __future__ import annotations

import re
from html.parser import HTMLParser

import pytest

from tests.languages.catalogs import LANGUAGES, PAGE, RULES, TRANSLATIONS, engine, page


class _Page(HTMLParser):
    """What a rules page declares and says: <html lang dir>, headings, keys, and its text."""

    def __init__(self) -> None:
        super().__init__()
        self.html: dict[str, str | None] = {}
        self.headings = 0
        self.anchors: list[str | None] = []  # each section heading's id, in order
        self.keys: list[str] = []
        self.text: list[str] = []
        self._open: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == "html":
            self.html = dict(attrs)
        self.headings += tag == "h2"
        if tag == "h2":
            self.anchors.append(dict(attrs).get("id"))
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


def section_text(lang: str, anchor: str) -> str:
    """The words of the section under <h2 id=anchor>, to the next section, tags left out, case folded."""
    source = (RULES / f"{lang}.html").read_text(encoding="utf-8")
    start = source.index(f'<h2 id="{anchor}">')
    end = source.find("<h2", start + 1)
    return re.sub(r"<[^>]+>|\s+", " ", source[start : end if end > 0 else None]).casefold()


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
    section = section_text(lang, "duels")
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


FEATURES: dict[str, tuple[str, ...]] = {
    "practice": ("button.practice",),
    "daily": ("daily.menu", "daily.board.friends", "daily.board.helped", "daily.board.replay", "daily.calendar"),
    "review": ("review.button", "review.try", "button.analyse", "analysis.back", "analysis.line", "button.giveup"),
    "replays": ("history.replay", "viewer.play", "viewer.link", "viewer.download", "viewer.open"),
    "meter": ("settings.meter",),
    "offline": ("settings.offline", "offline.play", "offline.badge", "offline.back", "stats.offline"),
    "duels": ("button.duels", "duel.finish", "duel.rematch"),
    "arenas": ("arena.button", "arena.join", "arena.berserk", "arena.leave"),
    "ghosts": ("ghost.race", "ghost.race_mine"),
    "leaderboards": ("boards.open", "boards.tab.ratings", "boards.tab.scores", "boards.tab.streaks",
                     "boards.friends_only"),
    "accounts": ("account.menu", "account.keep", "account.sign_in", "account.export", "account.delete"),
    "fair-play": (),
}
"""Each feature's section of the rules pages, and the page's words (buttons, settings, marks) it names."""


def test_every_section_of_the_english_page_has_an_anchor_and_every_feature_a_section() -> None:
    anchors = read("en").anchors
    assert None not in anchors and len(set(anchors)) == len(anchors)
    assert [feature for feature in FEATURES if feature not in anchors] == []


@pytest.mark.parametrize("lang", TRANSLATIONS)
def test_a_rules_page_has_the_english_pages_anchors_in_its_order(lang: str) -> None:
    assert read(lang).anchors == read("en").anchors


@pytest.mark.parametrize("lang", LANGUAGES)
def test_each_features_section_names_its_buttons_as_the_page_does(lang: str) -> None:
    """A player who reads "Daily deal" in the help finds a button "Daily deal"; a setting is named by its label
    up to its colon ("Win-chance meter: your chance ..." is the setting "Win-chance meter")."""
    missing = []
    for feature, ids in FEATURES.items():
        text = section_text(lang, feature)
        for name in [page(lang)[key].split(":")[0] for key in ids]:
            if re.sub(r"\s+", " ", name).casefold() not in text:
                missing.append((feature, name))
    assert missing == []


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_fair_play_section_quotes_what_a_player_whose_result_is_checked_reads(lang: str) -> None:
    assert engine(lang)["moderation.checking"].casefold() in section_text(lang, "fair-play")


SCRIPTS = PAGE.parent / "js"
HELP_CALL = re.compile(r"""helpLink\(\s*['"]([\w-]+)['"]""")


def linked_sections() -> set[str]:
    """The sections the page's screens link to: every helpLink('anchor') in its scripts."""
    return {name for script in SCRIPTS.rglob("*.js") for name in HELP_CALL.findall(script.read_text(encoding="utf-8"))}


def test_the_pages_screens_link_to_the_help_of_each_feature() -> None:
    assert set(FEATURES) <= linked_sections()


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_help_link_of_the_page_leads_to_a_section_of_the_rules_page(lang: str) -> None:
    assert sorted(linked_sections() - set(read(lang).anchors)) == []

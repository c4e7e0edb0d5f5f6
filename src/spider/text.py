"""Every text the engine shows comes from a message catalog, one JSON file per language.

A catalog maps a message id to a template; a template with plural forms is an object keyed by the
plural category of its ``n`` parameter. A template that starts with ``^`` is a sentence whose first
word is filled in: that word gets a capital letter.

>>> message("refuse.rank", rank=6, needs=7)
'A 6 goes only on a 7.'
>>> message("refuse.rank", rank=7, needs=8)
'A 7 goes only on an 8.'
>>> message("describe.face_down", n=1)
'1 face-down card'
"""

from __future__ import annotations

import json
import string
from functools import cache
from importlib import resources
from typing import Any

DEFAULT_LANGUAGE = "en"


@cache
def catalog(lang: str) -> dict[str, Any]:
    """The message catalog of a language, falling back to English for a language we do not have."""
    folder = resources.files("spider") / "catalogs"
    path = folder / f"{lang}.json"
    if not path.is_file():
        path = folder / f"{DEFAULT_LANGUAGE}.json"
    data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return data


def plural_category(lang: str, n: int) -> str:
    """The plural form a count takes in a language (the categories of Unicode's plural rules)."""
    if lang == "pl":
        if n == 1:
            return "one"
        if n % 10 in (2, 3, 4) and n % 100 not in (12, 13, 14):
            return "few"
        return "many"
    if lang == "he":
        return "one" if n == 1 else "two" if n == 2 else "other"
    if lang == "pt":
        return "one" if n in (0, 1) else "other"
    return "one" if n == 1 else "other"


class _Formatter(string.Formatter):
    """Fills a template; a field written ``{name:key}`` is looked up in the catalog as ``key.<value>``.

    So a rank is named in the language's own words: ``{rank:rank_a}`` gives "an 8" or "a jack".
    """

    def __init__(self, lang: str) -> None:
        self.lang = lang

    def format_field(self, value: Any, format_spec: str) -> str:
        if format_spec and not format_spec[0].isdigit() and format_spec[0] not in "<>^=+-.,_ #":
            return message(f"{format_spec}.{value}", self.lang)
        return str(super().format_field(value, format_spec))


def message(message_id: str, lang: str = DEFAULT_LANGUAGE, **params: Any) -> str:
    """The text of a message in a language, with its parameters filled in."""
    template = catalog(lang).get(message_id)
    if template is None:
        template = catalog(DEFAULT_LANGUAGE)[message_id]
    if isinstance(template, dict):
        n = int(params.get("n", 0))
        template = template.get(plural_category(lang, n), template["other"])
    text = str(template)
    if text.startswith("^"):  # a sentence that begins with a filled-in word: capitalise it
        text = _Formatter(lang).format(text[1:], **params)
        return text[:1].upper() + text[1:]
    return _Formatter(lang).format(text, **params)

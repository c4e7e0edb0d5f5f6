"""Every text the engine shows comes from a message catalog, one JSON file per language.

A catalog maps a message id to a template; a template with plural forms is an object keyed by the
plural category of its ``n`` parameter, as CLDR's plural rules (read through Babel) name them. A
template that starts with ``^`` is a sentence whose first word is filled in: that word gets a capital
letter. Whole numbers are written as the language writes them (CLDR's number formats).

A field written ``{name:table}`` is looked up in the catalog: as ``table.<value>`` when the catalog has
such words (``{rank:rank_a}`` gives "an 8" or "a jack"; Polish asks ``{rank:rank_acc}`` for the
accusative, "szóstkę"), or, when ``table`` is itself a plural entry, as that entry with ``n=value``
(``{deals:describe.deals_left}`` gives "1 deal left" or "5 deals left"). Each language keeps the word
tables its grammar needs.

A parameter may itself be a message, a :class:`Phrase`: it is written in the language of the sentence
it is filled into, however late that sentence is written.

>>> message("refuse.rank", rank=6, needs=7)
'A 6 goes only on a 7.'
>>> message("refuse.rank", rank=7, needs=8)
'A 7 goes only on an 8.'
>>> message("refuse.rank", "pl", rank=12, needs=13)
'Damę można położyć tylko na królu.'
>>> message("describe.face_down", n=1)
'1 face-down card'
>>> message("describe.face_down", "pl", n=22)
'22 zakryte karty'
>>> message("server.body_too_large", limit=16384)
'The request body is larger than 16,384 bytes.'
"""

from __future__ import annotations

import decimal
import json
import string
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field
from functools import cache, lru_cache
from importlib import resources
from typing import Any

from babel import Locale
from babel.core import UnknownLocaleError, default_locale
from babel.numbers import format_decimal

DEFAULT_LANGUAGE = "en"

# The CLDR locale behind a language code where the two differ: our Portuguese is Portugal's (seed 004),
# whose plurals and numbers are not Brazil's (CLDR's plain "pt"): "0 cartas", "1 000 000".
_LOCALES = {"pt": "pt_PT"}

_SPOKEN: ContextVar[str] = ContextVar("spider_language", default=DEFAULT_LANGUAGE)
"""The language texts are written in when no language is named: the request's, the command line's."""


@cache
def languages() -> tuple[str, ...]:
    """The languages that have an engine catalog, English first.

    >>> languages()
    ('en', 'he', 'nl', 'pl', 'pt')
    """
    folder = resources.files("spider") / "catalogs"
    names = {path.name.removesuffix(".json") for path in folder.iterdir() if path.name.endswith(".json")}
    return (DEFAULT_LANGUAGE, *sorted(names - {DEFAULT_LANGUAGE}))


def spoken() -> str:
    """The language of the texts written now, when no language is named (English unless told otherwise)."""
    return _SPOKEN.get()


def _ours(lang: str) -> str:
    """``lang`` when we have it, else English."""
    return lang if lang in languages() else DEFAULT_LANGUAGE


def speak(lang: str) -> None:
    """Write every text in ``lang`` from now on, in this context (the browser's offline engine: the page's
    language; a language we do not have is English)."""
    _SPOKEN.set(_ours(lang))


@contextmanager
def speaking(lang: str) -> Iterator[None]:
    """Write every text in ``lang`` inside the block (a request's answer, a command's output).

    >>> with speaking("nl"):
    ...     message("describe.face_down", n=3)
    '3 dichte kaarten'
    >>> message("describe.face_down", n=3)
    '3 face-down cards'
    """
    token = _SPOKEN.set(_ours(lang))
    try:
        yield
    finally:
        _SPOKEN.reset(token)


def environment_language() -> str | None:
    """The language the environment asks for, when it is one of ours: Babel reads it from the variables
    gettext reads, in gettext's order (``LANGUAGE``'s first, ``LC_ALL``, ``LC_MESSAGES``, ``LANG``; ``C`` is
    English). ``LANG`` comes before ``LC_CTYPE``, which Python sets to ``C.UTF-8`` where ``LANG``'s locale is
    not installed."""
    found = default_locale(GETTEXT_VARIABLES)
    base = found.split("_")[0].lower() if found else None
    return base if base in languages() else None


GETTEXT_VARIABLES = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")


def best_language(accept_language: str) -> str | None:
    """The language we have that an ``Accept-Language`` header prefers most, or None for none of ours.

    >>> best_language("fr-CA, pl;q=0.8, en;q=0.5")
    'pl'
    >>> best_language("pt-BR,pt;q=0.9") , best_language("de") is None
    ('pt', True)
    """
    ranked: list[tuple[float, int, str]] = []
    for index, part in enumerate(accept_language.split(",")):
        tag, _, params = part.strip().partition(";")
        quality = 1.0
        for param in params.split(";"):
            name, _, value = param.strip().partition("=")
            if name == "q":
                try:
                    quality = float(value)
                except ValueError:
                    quality = 0.0
        base = tag.strip().lower().split("-")[0]
        if quality > 0 and base in languages():
            ranked.append((-quality, index, base))
    return min(ranked)[2] if ranked else None


@cache
def catalog(lang: str) -> dict[str, Any]:
    """The message catalog of a language, falling back to English for a language we do not have."""
    folder = resources.files("spider") / "catalogs"
    path = folder / f"{lang}.json"
    if not lang.isalpha() or not path.is_file():
        path = folder / f"{DEFAULT_LANGUAGE}.json"
    data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return data


@cache
def locale(lang: str) -> Locale:
    """The CLDR locale of a language (English for a code CLDR does not know).

    >>> str(locale("pt"))
    'pt_PT'
    """
    try:
        return Locale.parse(_LOCALES.get(lang, lang))
    except (UnknownLocaleError, ValueError, TypeError):
        return Locale.parse(DEFAULT_LANGUAGE)


def plural_categories(lang: str) -> frozenset[str]:
    """The plural categories a language's counted texts need, "other" included.

    >>> sorted(plural_categories("pl"))
    ['few', 'many', 'one', 'other']
    """
    return frozenset(locale(lang).plural_form.tags) | {"other"}


def plural_category(lang: str, n: int) -> str:
    """The plural form a count takes in a language, by CLDR's rules.

    >>> [plural_category("pl", n) for n in (1, 2, 5, 12, 22)]
    ['one', 'few', 'many', 'many', 'few']
    >>> [plural_category("he", n) for n in (1, 2, 3)]
    ['one', 'two', 'other']
    >>> plural_category("pt", 0)
    'other'
    """
    return str(locale(lang).plural_form(n))


def number(value: int, lang: str | None = None) -> str:
    """A whole number as the language writes it (the spoken one unless named).

    >>> number(16384), number(16384, "nl")
    ('16,384', '16.384')
    """
    return _number(value, lang or spoken())


@lru_cache(maxsize=4096)
def _number(value: int, lang: str) -> str:
    # Babel reads the pattern afresh on every call: the table in words writes the same few numbers over and over
    try:
        return str(format_decimal(value, locale=locale(lang)))
    except decimal.InvalidOperation:  # past Babel's 28 significant digits: only a client's number, quoted back
        return str(value)


@dataclass(frozen=True, slots=True)
class Phrase:
    """A part of a sentence that is a message of its own (what a field must be, where a card is): it
    takes the language of the sentence it is filled into.

    >>> rules = Phrase("expected.rules")
    >>> message("server.bad_field", field="rules", expected=rules)
    "The field 'rules' must be an object of table rules."
    >>> message("server.bad_field", "pl", field="rules", expected=rules)
    "Pole 'rules' musi mieć postać: obiekt z zasadami gry."
    """

    message_id: str
    params: dict[str, Any] = field(default_factory=dict)


class _Formatter(string.Formatter):
    """Fills a template: ``{name:table}`` fields from the catalog's words, numbers in the language's form."""

    def __init__(self, lang: str) -> None:
        self.lang = lang

    def format_field(self, value: Any, format_spec: str) -> str:
        if isinstance(value, Phrase):
            return message(value.message_id, self.lang, **value.params)
        if format_spec[:1].isalpha():
            if isinstance(catalog(self.lang).get(format_spec), dict):
                return message(format_spec, self.lang, n=value)
            return message(f"{format_spec}.{value}", self.lang)
        if not format_spec and isinstance(value, int) and not isinstance(value, bool):
            return number(value, self.lang)
        return str(super().format_field(value, format_spec))


def message(message_id: str, lang: str | None = None, **params: Any) -> str:
    """The text of a message in a language (the spoken one unless named), with its parameters filled in."""
    lang = lang or spoken()
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

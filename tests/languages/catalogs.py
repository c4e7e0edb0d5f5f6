"""The catalogs and glossaries as the language tests read them: files, fields of templates, word tables."""

from __future__ import annotations

import json
import re
import string
from functools import cache
from pathlib import Path
from typing import Any

SOURCE = Path(__file__).parents[2] / "src" / "spider"
ENGINE = SOURCE / "catalogs"
PAGE = SOURCE / "web" / "i18n"
GLOSSARIES = ENGINE / "glossary"
RULES = SOURCE / "web" / "rules"
TRANSLATIONS = ("he", "pl", "nl", "pt")
LANGUAGES = ("en", *TRANSLATIONS)
PAGE_METADATA = ("lang", "dir", "first_day")  # the page catalog's own settings, not texts


@cache
def load(path: Path) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return data


def engine(lang: str) -> dict[str, Any]:
    return load(ENGINE / f"{lang}.json")


def page(lang: str) -> dict[str, Any]:
    return load(PAGE / f"{lang}.json")


def glossary(lang: str) -> dict[str, Any]:
    return load(GLOSSARIES / f"{lang}.json")


def forms(entry: str | dict[str, str]) -> list[str]:
    """The texts of a catalog entry: the template, or each plural form."""
    return list(entry.values()) if isinstance(entry, dict) else [entry]


def engine_fields(entry: str | dict[str, str]) -> dict[str, str]:
    """The fields a template fills, with their lookup (``{rank:rank_acc}`` gives rank: rank_acc)."""
    found: dict[str, str] = {}
    for text in forms(entry):
        for _, name, spec, _ in string.Formatter().parse(text.removeprefix("^")):
            if name is not None:
                found[name] = spec or found.get(name, "")
    return found


def page_fields(entry: str | dict[str, str]) -> set[str]:
    return {name for text in forms(entry) for name in re.findall(r"\{(\w+)\}", text)}


def lookups(catalog: dict[str, Any]) -> set[str]:
    """The word tables and plural entries a catalog's own templates look up (``{rank:rank_acc}``)."""
    return {spec for entry in catalog.values() for spec in engine_fields(entry).values() if spec[:1].isalpha()}


def is_grammar(key: str, catalog: dict[str, Any]) -> bool:
    """A key that only serves a language's grammar: a word of a table its templates look up, or such a plural."""
    tables = lookups(catalog)
    return key in tables or key.rpartition(".")[0] in tables


@cache
def tables_the_code_reads() -> frozenset[str]:
    """Word tables the engine reads by name (``message(f"suit_plural.{s}")``): every language needs them."""
    found: set[str] = set()
    for path in SOURCE.rglob("*.py"):
        found |= set(re.findall(r'message\(f"([a-z_]+)\.\{', path.read_text(encoding="utf-8")))
    return frozenset(found)


def required_engine_keys() -> set[str]:
    """The engine keys every language has: English's, less the words only English grammar asks for."""
    english = engine("en")
    code = tables_the_code_reads()
    return {key for key in english if not is_grammar(key, english) or key.rpartition(".")[0] in code}

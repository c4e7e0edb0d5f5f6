"""Hebrew runs right to left, so move notation, formulas and ranges written with digits must be isolated left to
right (U+2066 … U+2069), or "3>7" shows as "7<3" and "2–9" as "9–2"."""

from __future__ import annotations

import re
from typing import Any

import pytest

from tests.languages.catalogs import engine, forms, page

LRI, FSI, RLI, PDI = "\u2066", "\u2068", "\u2067", "\u2069"

# Digits joined by a sign that the bidi algorithm leaves to the sentence's direction: move notation (3>7, 3>7:2),
# sums and equations, ranges and products (2–9, 8 × 13). A hyphen or a colon between digits keeps them in order.
NOTATION = re.compile(r"\d+(?:\s*[<>=+−×–/]\s*\d+(?::\d+)?)+")


def unisolated(text: str) -> list[str]:
    """The notations of a text that are not inside a left-to-right (or first-strong) isolate."""
    found = []
    for match in NOTATION.finditer(text):
        before = text[: match.start()]
        opened = max(before.rfind(LRI), before.rfind(FSI))
        if opened < 0 or before.rfind(PDI) > opened or before.rfind(RLI) > opened or PDI not in text[match.end() :]:
            found.append(match.group())
    return found


def offenders(catalog: dict[str, Any]) -> dict[str, list[str]]:
    found = {}
    for key, entry in catalog.items():
        if isinstance(entry, (str, dict)):
            bad = [notation for text in forms(entry) if isinstance(text, str) for notation in unisolated(text)]
            if bad:
                found[key] = bad
    return found


@pytest.mark.parametrize("catalog", [engine, page], ids=["engine", "page"])
def test_every_hebrew_notation_and_formula_is_isolated_left_to_right(catalog: Any) -> None:
    assert offenders(catalog("he")) == {}


def test_the_hebrew_catalog_does_show_notation_isolated() -> None:
    action = engine("he")["invalid.action"]
    assert f"{LRI}3>7{PDI}" in action and f"{LRI}3>7:2{PDI}" in action


def test_an_unisolated_notation_or_formula_is_caught() -> None:
    assert unisolated("כתבו מהלך כמו 3>7 או 3>7:2") == ["3>7", "3>7:2"]
    assert unisolated("500 − 117 + 800 = 1183 נקודות") == ["500 − 117 + 800 = 1183"]
    assert unisolated(f"כמו {LRI}3>7{PDI} או 3>7") == ["3>7"]
    assert unisolated(f"{LRI}3>7{PDI}, {RLI}2–9{PDI}") == ["2–9"]
    assert unisolated("השעה 0:05, הקוד SP1-S2C-ABCDEFG") == []

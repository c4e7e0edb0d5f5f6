"""A table rule's value is exactly one of its choices: a number is a whole number, never 100.0 or true."""

from __future__ import annotations

import pytest

from spider import TableRules
from spider.errors import InvalidRulesError


@pytest.mark.parametrize(
    ("value", "spelled"), [(100.0, "100.0"), (400.0, "400.0"), (0.0, "0.0"), (True, "True"), (False, "False")]
)
def test_a_number_that_is_not_a_whole_number_is_refused_naming_the_rule(value: object, spelled: str) -> None:
    with pytest.raises(InvalidRulesError, match=f"The table rule undo cannot be '{spelled}'"):
        TableRules.from_json({"undo": value})


@pytest.mark.parametrize("rule", ["group", "layout", "flip", "deal", "undo_past", "scoring"])
def test_a_word_rule_takes_no_number_or_bool(rule: str) -> None:
    for value in (1, 1.0, True, None):
        with pytest.raises(InvalidRulesError, match=f"The table rule {rule} cannot be"):
            TableRules.from_json({rule: value})


def test_whole_numbers_and_unlimited_are_read_and_written_as_they_are() -> None:
    for undo in (0, 100, 400, None):
        rules = TableRules.from_json({"undo": undo})
        assert rules.undo == undo and type(rules.to_json()["undo"]) is type(undo)

"""Table rules (SPEC 1.9): one frozen value the engine consults where the variants differ.

>>> TableRules.preset("duel").flip
'manual'
>>> TableRules().to_json()["undo"]
100
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import asdict, dataclass, fields, replace
from typing import Any

from spider.actions import COLUMNS
from spider.cards import DECK_SIZE
from spider.errors import InvalidRulesError

CHOICES: dict[str, tuple[Any, ...]] = {
    "group": ("classic", "relaxed"),
    "layout": ("standard", "tabletop"),
    "flip": ("auto", "manual"),
    "deal": ("filled", "any"),
    "undo": (100, 400, None, 0),
    "undo_past": ("all", "no-reveal"),
    "scoring": ("standard", "reveal", "duel"),
}


@dataclass(frozen=True, slots=True)
class TableRules:
    """Every table rule of a game; the defaults are the classic preset.

    ``undo`` is the number of actions that can be undone, ``None`` for unlimited.
    """

    group: str = "classic"
    layout: str = "standard"
    flip: str = "auto"
    deal: str = "filled"
    undo: int | None = 100
    undo_past: str = "all"
    scoring: str = "standard"

    def __post_init__(self) -> None:
        for field in fields(self):
            value = getattr(self, field.name)
            # Equal is not enough: 100.0 == 100 and True == 1, but a rule's value is exactly one of its choices.
            if not any(value == choice and type(value) is type(choice) for choice in CHOICES[field.name]):
                raise InvalidRulesError(
                    "invalid.rule_value", rule=field.name, value=value, choices=_spell(CHOICES[field.name])
                )

    @classmethod
    def preset(cls, name: str) -> TableRules:
        """The table rules of a named preset: classic, casual, patience, duel or tabletop."""
        try:
            return PRESETS[name]
        except KeyError:
            raise InvalidRulesError("invalid.preset", name=name, choices=", ".join(PRESETS)) from None

    @classmethod
    def preset_for(cls, name: str, code_rules: TableRules) -> TableRules:
        """A named preset's table rules for a game code's deal: the code's group rule stays, as its group
        letter names it (``S2R``: relaxed), and the preset gives every other rule.

        >>> rules = TableRules.preset_for("casual", TableRules(group="relaxed"))
        >>> rules.group, rules.deal, rules.undo
        ('relaxed', 'any', None)
        """
        return cls.preset(name).with_(group=code_rules.group)

    @classmethod
    def from_json(cls, data: object) -> TableRules:
        """Reads rules from an object of rule names; missing rules take their default."""
        if not isinstance(data, dict):
            raise InvalidRulesError("invalid.rules_object")
        unknown = sorted(set(data) - set(CHOICES))
        if unknown:
            raise InvalidRulesError("invalid.rule_name", rule=unknown[0], choices=", ".join(CHOICES))
        return cls(**data)

    def to_json(self) -> dict[str, Any]:
        """The rules as an object, values spelled as in SPEC (unlimited undo is ``None``)."""
        return asdict(self)

    def with_(self, **changes: Any) -> TableRules:
        """A copy with some rules changed."""
        return replace(self, **changes)

    def flippable(self, face_up: Sequence[int], face_down: Sequence[int]) -> list[int]:
        """The columns (0-9) whose top card may be turned over now, from each column's face-up and
        face-down counts: under manual flip, those that show only face-down cards.

        >>> TableRules.preset("duel").flippable([0, 2, 0], [3, 1, 0]), TableRules().flippable([0], [3])
        ([0], [])
        """
        if self.flip != "manual":
            return []
        return [index for index, (up, down) in enumerate(zip(face_up, face_down, strict=True)) if down and not up]


def _spell(choices: tuple[Any, ...]) -> str:
    return ", ".join("unlimited" if c is None else str(c) for c in choices)


# How many cards each column is dealt at the start, face down but the last, under each layout.
LAYOUTS: dict[str, tuple[int, ...]] = {"standard": (6, 6, 6, 6, 5, 5, 5, 5, 5, 5), "tabletop": (5,) * COLUMNS}


def last_deal_size(layout: str) -> int:
    """How many cards the stock's last deal holds when it cannot fill a row (0: every deal is a full row).

    >>> last_deal_size("standard"), last_deal_size("tabletop")
    (0, 4)
    """
    return (DECK_SIZE - sum(LAYOUTS[layout])) % COLUMNS


def deals_in(stock: int) -> int:
    """How many deals a stock of this many cards holds: rows of ten, the last perhaps shorter.

    >>> deals_in(50), deals_in(4), deals_in(0)
    (5, 1, 0)
    """
    return -(-stock // COLUMNS)


# Each preset is one of the seed products' rules, so that its players find it by name (SPEC 1.9).
PRESETS: dict[str, TableRules] = {
    "classic": TableRules(),
    "casual": TableRules(deal="any", undo=None),
    "patience": TableRules(undo=400, scoring="reveal"),
    "duel": TableRules(flip="manual", deal="any", undo_past="no-reveal", scoring="duel"),
    "tabletop": TableRules(layout="tabletop"),
}


@dataclass(frozen=True, slots=True)
class Helps:
    """The helpers a preset's product offers beside its table rules: hints, "no more moves", and a tap
    that sends cards to their best column (``one_tap``; elsewhere a tap picks them up)."""

    hints: bool
    no_more_moves: bool
    one_tap: bool = False

    def to_json(self) -> dict[str, bool]:
        return asdict(self)


# Classic's products (seeds 000/002) offer neither: no hints, and a stuck game is left to the player to see.
HELPS: dict[str, Helps] = {
    "classic": Helps(hints=False, no_more_moves=False),
    "casual": Helps(hints=True, no_more_moves=True),
    "patience": Helps(hints=True, no_more_moves=True, one_tap=True),
    "duel": Helps(hints=False, no_more_moves=False),
    "tabletop": Helps(hints=False, no_more_moves=True),
}

"""Game codes (SPEC 1.7): a short text that names a deal and its table rules.

The form is ``SP1-S<suits><group>-<shuffle>`` with an optional suffix ``-<flags>`` for the table rules
that differ from the classic preset. The shuffle is a base-26 number in letters A-Z (A = 0, most
significant first), written with 7 letters when it is below 26**7 and with 14 otherwise. Anyone who
has a code knows every card, and 26**7 (about 2**33) shuffles can be searched from the opening cards,
so the codes the server deals are :meth:`GameCode.random`: 64 random bits, 14 letters (the shuffle's
generator has a 64-bit state, so no larger number exists). 7-letter codes stay valid for people to
type. The flags, written in this order:

====  ==========================
T     layout tabletop
M     flip manual
A     deal any
U0    undo 0 (no undo)
U4    undo 400
UX    undo unlimited
N     undo_past no-reveal
R     scoring reveal
D     scoring duel
====  ==========================

>>> parse_code("SP1-S1C-AAAAAAD")
GameCode(suits=1, shuffle=3, rules=TableRules(group='classic', layout='standard', flip='auto', \
deal='filled', undo=100, undo_past='all', scoring='standard'))
>>> str(GameCode(4, 28, TableRules.preset("duel")))
'SP1-S4C-AAAAABC-MAND'
>>> str(GameCode(2, 2**64 - 1))
'SP1-S2C-HLHXCZMXSYUMQP'
"""

from __future__ import annotations

import re
import secrets
from dataclasses import dataclass

from spider.cards import SUIT_COUNTS
from spider.errors import InvalidCodeError
from spider.rules import TableRules

PREFIX = "SP1"
SHORT_LETTERS = 7
"""Letters of a shuffle number below ``SHORT_SHUFFLES``: the codes people type and share."""
SHORT_SHUFFLES: int = 26**SHORT_LETTERS
LONG_LETTERS = 14
"""Letters of any larger shuffle number."""
SHUFFLES: int = 2**64
"""Shuffle numbers run from 0 to ``SHUFFLES - 1``: the shuffle's generator has a 64-bit state."""
GROUP_LETTERS = {"classic": "C", "relaxed": "R"}
# Each flag: the rule it sets and the value; the order here is the order in a written code.
FLAGS: dict[str, tuple[str, object]] = {
    "T": ("layout", "tabletop"),
    "M": ("flip", "manual"),
    "A": ("deal", "any"),
    "U0": ("undo", 0),
    "U4": ("undo", 400),
    "UX": ("undo", None),
    "N": ("undo_past", "no-reveal"),
    "R": ("scoring", "reveal"),
    "D": ("scoring", "duel"),
}
CLASSIC = TableRules()
_FLAG = re.compile("|".join(sorted(FLAGS, key=len, reverse=True)))


@dataclass(frozen=True, slots=True)
class GameCode:
    """A deal: suit count, shuffle number, and table rules."""

    suits: int
    shuffle: int
    rules: TableRules = CLASSIC

    def __post_init__(self) -> None:
        # With one suit every group is one suit: both group rules play the same game, which keeps one
        # code, the classic one.
        if self.suits == 1 and self.rules.group == "relaxed":
            object.__setattr__(self, "rules", self.rules.with_(group="classic"))

    def __str__(self) -> str:
        text = f"{PREFIX}-S{self.suits}{GROUP_LETTERS[self.rules.group]}-{shuffle_letters(self.shuffle)}"
        flags = flags_text(self.rules)
        return f"{text}-{flags}" if flags else text

    @classmethod
    def random(cls, suits: int, rules: TableRules = CLASSIC) -> GameCode:
        """A code with 64 random bits from the operating system: a deal nobody can guess from its cards."""
        return cls(suits, secrets.randbelow(SHUFFLES), rules)

    @property
    def deal(self) -> str:
        """The code of the deal alone, whatever the table rules: classic, no suffix.

        >>> parse_code("sp1-s2r-abcdefg-mand").deal
        'SP1-S2C-ABCDEFG'
        """
        return str(GameCode(self.suits, self.shuffle))

    @property
    def secret(self) -> bool:
        """Whether the shuffle number is too large to be found by trying every shuffle: 14 letters."""
        return self.shuffle >= SHORT_SHUFFLES


def shuffle_letters(number: int) -> str:
    """A shuffle number in letters: 7 when it is below 26**7, else 14.

    >>> shuffle_letters(3), shuffle_letters(26**7)
    ('AAAAAAD', 'AAAAAABAAAAAAA')
    """
    letters = []
    for _ in range(SHORT_LETTERS if number < SHORT_SHUFFLES else LONG_LETTERS):
        number, digit = divmod(number, 26)
        letters.append(chr(ord("A") + digit))
    return "".join(reversed(letters))


def flags_text(rules: TableRules) -> str:
    """The flags of the table rules that differ from the classic preset, in their written order.

    >>> flags_text(TableRules.preset("duel"))
    'MAND'
    """
    return "".join(flag for flag, (rule, value) in FLAGS.items() if getattr(rules, rule) == value)


def rules_text(suits: int, rules: TableRules) -> str:
    """The suit count, group letter and flags, as the first field of a position writes them.

    >>> rules_text(4, TableRules.preset("duel")), rules_text(2, TableRules())
    ('4C-MAND', '2C')
    """
    flags = flags_text(rules)
    text = f"{suits}{GROUP_LETTERS[rules.group]}"
    return f"{text}-{flags}" if flags else text


def parse_rules(text: str) -> tuple[int, TableRules]:
    """Reads what :func:`rules_text` writes; the error names the part that is wrong.

    >>> parse_rules("4c-mand") == (4, TableRules.preset("duel"))
    True
    """
    kind, dash, flags = text.strip().upper().partition("-")
    suits, group = _read_kind(kind, text)
    return suits, _read_flags(flags if dash else None, text, group)


def parse_code(text: str) -> GameCode:
    """Reads a game code; letters may be in either case. The error names the part that is wrong."""
    parts = text.strip().upper().split("-")
    if len(parts) not in (3, 4):
        raise InvalidCodeError("invalid.code_form", code=text)
    prefix, kind, shuffle = parts[:3]
    if prefix != PREFIX:
        raise InvalidCodeError("invalid.code_prefix", code=text, part=prefix)
    if not kind.startswith("S"):
        raise InvalidCodeError("invalid.code_suits", code=text, part=kind)
    suits, group = _read_kind(kind[1:], text)
    if len(shuffle) not in (SHORT_LETTERS, LONG_LETTERS) or not all("A" <= c <= "Z" for c in shuffle):
        raise InvalidCodeError("invalid.code_shuffle", code=text, part=shuffle)
    number = 0
    for letter in shuffle:
        number = number * 26 + ord(letter) - ord("A")
    if len(shuffle) == LONG_LETTERS and not SHORT_SHUFFLES <= number < SHUFFLES:
        # one deal, one code: a small number has its 7-letter form, and no number passes 64 bits
        if number < SHORT_SHUFFLES:
            raise InvalidCodeError("invalid.code_shuffle_short", code=text, part=shuffle, short=shuffle_letters(number))
        raise InvalidCodeError("invalid.code_shuffle_large", code=text, part=shuffle)
    return GameCode(suits, number, _read_flags(parts[3] if len(parts) == 4 else None, text, group))


def _read_kind(kind: str, text: str) -> tuple[int, str]:
    """The suit count and group rule from their two characters (``2C``), for the code or position ``text``."""
    part = f"S{kind}"
    if len(kind) != 2 or kind[0] not in "0123456789" or int(kind[0]) not in SUIT_COUNTS:
        raise InvalidCodeError("invalid.code_suits", code=text, part=part)
    groups = {letter: name for name, letter in GROUP_LETTERS.items()}
    if kind[1] not in groups:
        raise InvalidCodeError("invalid.code_group", code=text, part=part)
    if kind[0] == "1" and groups[kind[1]] == "relaxed":
        raise InvalidCodeError("invalid.code_relaxed_one_suit", code=text, part=part)
    return int(kind[0]), groups[kind[1]]


def _read_flags(suffix: str | None, text: str, group: str) -> TableRules:
    """The table rules from the flags after the last ``-`` (``None``: no suffix at all)."""
    changes: dict[str, object] = {"group": group}
    if suffix is None:
        return TableRules().with_(**changes)
    if not suffix:
        raise InvalidCodeError("invalid.code_flag", code=text, part="")
    position = 0
    while position < len(suffix):
        match = _FLAG.match(suffix, position)
        if match is None:
            raise InvalidCodeError("invalid.code_flag", code=text, part=suffix[position:])
        rule, value = FLAGS[match.group()]
        if rule in changes:
            raise InvalidCodeError("invalid.code_flag_twice", code=text, part=match.group(), rule=rule)
        changes[rule] = value
        position = match.end()
    return TableRules().with_(**changes)

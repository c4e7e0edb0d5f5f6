"""Game records: a finished (or kept) game as a small text people can read, that plays back exactly.

A record is a few header lines, a blank line, then one numbered line per action in move notation
(SPEC 1.6, ``u`` and ``r`` for undo and redo), each perhaps with a clock mark (the time into the game,
``[m:ss]`` or ``[h:mm:ss]``) and a comment after ``;``::

    Spider game record 1
    Date: 2026-12-05 10:24:30 UTC
    Player: Ana
    Code: SP1-S1C-AAAAAAD
    Rules: 1C
    Result: won
    Score: 1183
    Moves: 117
    Time: 6:02

    1. 3>7 [0:04]
    2. d [0:09] ; the stock, early
    3. u

``Code`` is required; ``Rules`` is the first field of a position (``spider.notation``: suits, group letter,
flags), the code's own rules when left out. The other headers are optional, in this order when written:
``Date`` (UTC), ``Player`` (whose actions these are), ``Opponent`` (a duel's other player), ``Result``,
``Score``, ``Moves``, ``Time`` (the time played). A duel's record is its two players' records one after the
other in one file (:func:`read_records`). Reading plays every action again: an error names the line and
what is wrong with it (:class:`InvalidRecordError`).

>>> record = Record("SP1-S1C-AAAAAAD", steps=(Step("d", clock=5, comment="early"), Step("u")))
>>> text = write_record(record)
>>> print(text)
Spider game record 1
Code: SP1-S1C-AAAAAAD
Rules: 1C
<BLANKLINE>
1. d [0:05] ; early
2. u
<BLANKLINE>
>>> read_record(text) == record
True
>>> record.game().deals_left
5
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from spider.actions import parse_action
from spider.codes import parse_code, parse_rules, rules_text
from spider.errors import SpiderError
from spider.game import Game
from spider.rules import TableRules

FIRST_LINE = "Spider game record 1"
"""The first line of every record: what the file is, and the format's version."""
DATE_FORMAT = "%Y-%m-%d %H:%M:%S UTC"
HEADERS = ("Date", "Player", "Opponent", "Code", "Rules", "Result", "Score", "Moves", "Time")
"""Every header, in the order a record writes them."""

_HEADER = re.compile(r"([A-Za-z]+): (.*)")
_STEP = re.compile(r"(\d+)\. (\S+)(?: \[([0-9:]+)\])?(?: ; (.*))?")
_DURATION = re.compile(r"(?:(\d+):([0-5]\d)|(\d+):([0-5]\d):([0-5]\d))")
_RESULT = re.compile(r"[a-z]+")


class InvalidRecordError(SpiderError):
    """A record that cannot be read or played: the message names the line and what is wrong."""


@dataclass(frozen=True, slots=True)
class Step:
    """One action in notation, with the time into the game it was made at (seconds) and a comment."""

    action: str
    clock: int | None = None
    comment: str | None = None


@dataclass(frozen=True, slots=True)
class Record:
    """One player's game: its deal, table rules and actions, and what the headers tell of it."""

    code: str
    rules: TableRules | None = None
    """``None`` when made: the code's own table rules (``table_rules`` then gives them, and so does ``rules``)."""
    steps: tuple[Step, ...] = ()
    date: datetime | None = None
    player: str | None = None
    opponent: str | None = None
    result: str | None = None
    score: int | None = None
    moves: int | None = None
    seconds: int | None = None
    """The time played, in whole seconds."""
    suits: int = field(init=False)

    def __post_init__(self) -> None:
        code = parse_code(self.code)
        object.__setattr__(self, "suits", code.suits)
        if self.rules is None:
            object.__setattr__(self, "rules", code.rules)

    @property
    def table_rules(self) -> TableRules:
        assert self.rules is not None  # set when made
        return self.rules

    @property
    def actions(self) -> list[str]:
        return [step.action for step in self.steps]

    def game(self, upto: int | None = None) -> Game:
        """The game after its first ``upto`` actions (all of them by default)."""
        return Game.replay(self.code, self.table_rules, self.actions[:upto])

    def to_json(self) -> dict[str, Any]:
        """What the page's viewer reads: the headers, the actions and their clock marks and comments."""
        return {
            "code": self.code, "suits": self.suits, "rules": self.table_rules.to_json(),
            "date": None if self.date is None else self.date.timestamp(), "player": self.player,
            "opponent": self.opponent, "result": self.result, "score": self.score, "moves": self.moves,
            "seconds": self.seconds, "actions": self.actions,
            "clocks": [step.clock for step in self.steps], "comments": [step.comment for step in self.steps],
        }  # fmt: skip


def record_of(
    code: str,
    rules: TableRules | None,
    actions: Iterable[str],
    clocks: Iterable[int | None] | None = None,
    **headers: Any,
) -> Record:
    """A record of a game's actions (with their clock marks, when known) and headers (``Record``'s fields)."""
    texts = list(actions)
    marks = list(clocks) if clocks is not None else [None] * len(texts)
    return Record(code, rules, tuple(Step(text, mark) for text, mark in zip(texts, marks, strict=True)), **headers)


# Writing.


def write_record(record: Record) -> str:
    """The record's text, ending in a newline; ``ValueError`` for a field no record can hold (a name or a
    comment on more than one line, or with spaces around it)."""
    lines = [FIRST_LINE]
    rules = record.table_rules
    values: dict[str, str | None] = {
        "Date": None if record.date is None else record.date.astimezone(UTC).strftime(DATE_FORMAT),
        "Player": _text(record.player), "Opponent": _text(record.opponent), "Code": record.code,
        "Rules": rules_text(record.suits, rules), "Result": record.result,
        "Score": _number(record.score), "Moves": _number(record.moves),
        "Time": None if record.seconds is None else duration(record.seconds),
    }  # fmt: skip
    lines += [f"{name}: {values[name]}" for name in HEADERS if values[name] is not None]
    lines.append("")
    for number, step in enumerate(record.steps, start=1):
        line = f"{number}. {step.action}"
        if step.clock is not None:
            line += f" [{duration(step.clock)}]"
        if step.comment is not None:
            line += f" ; {_text(step.comment)}"
        lines.append(line)
    return "\n".join(lines) + "\n"


def write_records(records: Iterable[Record]) -> str:
    """Several records in one text (a duel's two games), a blank line between them."""
    return "\n".join(write_record(record) for record in records)


def duration(seconds: int) -> str:
    """``m:ss`` under an hour, ``h:mm:ss`` from then on.

    >>> duration(5), duration(754), duration(3725)
    ('0:05', '12:34', '1:02:05')
    """
    hours, rest = divmod(seconds, 3600)
    minutes, secs = divmod(rest, 60)
    return f"{hours}:{minutes:02}:{secs:02}" if hours else f"{minutes}:{secs:02}"


def _text(text: str | None) -> str | None:
    if text is not None and (not text or text != text.strip() or "\n" in text or "\r" in text):
        raise ValueError(f"a record's text is one line, with no spaces around it: {text!r}")
    return text


def _number(value: int | None) -> str | None:
    return None if value is None else str(value)


# Reading.


def read_record(text: str) -> Record:
    """The one record of ``text``; :class:`InvalidRecordError` names the line that is wrong."""
    records = read_records(text)
    if len(records) != 1:
        raise InvalidRecordError("record.not_one", n=len(records))
    return records[0]


def read_records(text: str, *, max_records: int | None = None, max_actions: int | None = None) -> list[Record]:
    """Every record of ``text`` (a duel's file holds two), each played again to be sure it plays.

    With ``max_records`` or ``max_actions`` (all records' actions together), a text holding more is refused
    before any action is played (:class:`InvalidRecordError` naming the bound): what reading costs stays bounded.

    >>> read_records(write_record(record_of("SP1-S1C-AAAAAAD", None, ["d", "d"])), max_actions=1)
    Traceback (most recent call last):
    ...
    spider.record.InvalidRecordError: Too many actions to show (2): a record shown here holds at most 1 in all.
    """
    lines = text.splitlines()
    starts = [index for index, line in enumerate(lines) if line.rstrip() == FIRST_LINE]
    if not starts or any(line.strip() for line in lines[: starts[0]]):
        first = next((number for number, line in enumerate(lines, start=1) if line.strip()), 1)
        raise InvalidRecordError("record.first_line", line=first, first=FIRST_LINE)
    if max_records is not None and len(starts) > max_records:
        raise InvalidRecordError("record.too_many_games", n=max_records, count=len(starts))
    bounds = [*starts, len(lines)]
    read = [_read_one(lines, bounds[i], bounds[i + 1]) for i in range(len(starts))]
    if max_actions is not None:
        check_length(sum(len(record.steps) for record, _ in read), max_actions)
    for record, numbers in read:
        _check_play(record, numbers)
    return [record for record, _ in read]


def check_length(actions: int, max_actions: int) -> None:
    """Refuses ``actions`` actions where at most ``max_actions`` may be read (:class:`InvalidRecordError`)."""
    if actions > max_actions:
        raise InvalidRecordError("record.too_many_actions", n=max_actions, count=actions)


def _read_one(lines: list[str], start: int, end: int) -> tuple[Record, list[int]]:
    """The record in ``lines[start:end]`` (its first line is ``FIRST_LINE``), not played yet, with the line
    number of each of its actions."""
    headers: dict[str, tuple[int, str]] = {}
    index = start + 1
    while index < end and lines[index].strip():
        number, line = index + 1, lines[index].rstrip()
        found = _HEADER.fullmatch(line)
        if not found:
            raise InvalidRecordError("record.header_line", line=number, text=line)
        name = found[1].capitalize()
        if name not in HEADERS:
            raise InvalidRecordError("record.unknown_header", line=number, name=found[1], names=", ".join(HEADERS))
        if name in headers:
            raise InvalidRecordError("record.repeated_header", line=number, name=name)
        headers[name] = (number, found[2].strip())
        index += 1
    if "Code" not in headers:
        raise InvalidRecordError("record.no_code", line=start + 1)
    fields = _header_fields(headers)
    steps: list[Step] = []
    numbers: list[int] = []
    for at in range(index, end):
        line = lines[at].strip()
        if line:
            steps.append(_read_step(line, at + 1, len(steps) + 1))
            numbers.append(at + 1)
    return Record(steps=tuple(steps), **fields), numbers


def _header_fields(headers: dict[str, tuple[int, str]]) -> dict[str, Any]:
    """The record's fields from its headers: each header read, or an error naming its line."""
    fields: dict[str, Any] = {}
    for name, (line, value) in headers.items():
        try:
            fields.update(_header(name, value))
        except (ValueError, SpiderError):
            raise InvalidRecordError("record.header_value", line=line, name=name, text=value) from None
    if "rules" in fields:
        suits, rules = fields.pop("rules")
        if suits != parse_code(fields["code"]).suits:
            line, value = headers["Rules"]
            raise InvalidRecordError("record.rules_suits", line=line, text=value, code=fields["code"])
        fields["rules"] = rules
    return fields


def _header(name: str, value: str) -> dict[str, Any]:
    """One header's field; ``ValueError`` when its value cannot be read."""
    if not value:
        raise ValueError(name)
    if name == "Date":
        return {"date": datetime.strptime(value, DATE_FORMAT).replace(tzinfo=UTC)}
    if name in ("Player", "Opponent"):
        return {name.lower(): value}
    if name == "Code":
        return {"code": str(parse_code(value))}
    if name == "Rules":
        return {"rules": parse_rules(value)}
    if name == "Result":
        if not _RESULT.fullmatch(value):
            raise ValueError(value)
        return {"result": value}
    if name == "Time":
        return {"seconds": _seconds(value)}
    if not re.fullmatch(r"-?\d+", value):
        raise ValueError(value)
    return {name.lower(): int(value)}


def _seconds(text: str) -> int:
    found = _DURATION.fullmatch(text)
    if not found:
        raise ValueError(text)
    if found[1] is not None:
        return int(found[1]) * 60 + int(found[2])
    return int(found[3]) * 3600 + int(found[4]) * 60 + int(found[5])


def _read_step(line: str, number: int, expected: int) -> Step:
    found = _STEP.fullmatch(line)
    if not found:
        raise InvalidRecordError("record.action_line", line=number, text=line)
    if int(found[1]) != expected:
        raise InvalidRecordError("record.action_number", line=number, number=found[1], expected=expected)
    action = found[2].lower()
    if action not in ("u", "r"):
        try:
            action = str(parse_action(action))
        except SpiderError as error:
            raise InvalidRecordError("record.action", line=number, action=found[2], error=str(error)) from None
    try:
        clock = None if found[3] is None else _seconds(found[3])
    except ValueError:
        raise InvalidRecordError("record.clock", line=number, text=found[3]) from None
    return Step(action, clock, None if found[4] is None else found[4].strip() or None)


def _check_play(record: Record, numbers: list[int]) -> None:
    """Plays the record's actions again; the first that cannot be played is named with its line."""
    game = Game.from_code(record.code, record.table_rules)
    for step, number in zip(record.steps, numbers, strict=True):
        try:
            game.apply_text(step.action)
        except SpiderError as error:
            raise InvalidRecordError("record.action", line=number, action=step.action, error=str(error)) from None

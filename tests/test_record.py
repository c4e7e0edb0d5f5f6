"""Game records (``spider.record``): the format pinned by data files, the exact round trip, and errors that
name the line and what is wrong."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from spider.codes import GameCode, parse_code
from spider.game import Game
from spider.record import (
    InvalidRecordError,
    Record,
    Step,
    read_record,
    read_records,
    write_record,
    write_records,
)
from spider.rules import PRESETS, TableRules
from spider.text import message, speaking

RECORDS = Path(__file__).parent / "data" / "records"


@pytest.mark.parametrize("name", ["won-1-suit.txt", "duel-4-suits.txt", "code-only.txt"])
def test_each_data_file_reads_and_writes_back_byte_for_byte(name: str) -> None:
    text = (RECORDS / name).read_text(encoding="utf-8")
    assert write_records(read_records(text)) == text


def test_a_won_game_plays_back_to_its_win_with_its_headers() -> None:
    record = read_record((RECORDS / "won-1-suit.txt").read_text(encoding="utf-8"))
    assert record.code == "SP1-S1C-AAAAAAD" and record.suits == 1 and record.rules == TableRules()
    assert record.date == datetime(2026, 12, 5, 10, 24, 30, tzinfo=UTC)
    assert (record.player, record.opponent, record.result) == ("Ana", None, "won")
    assert (record.score, record.moves, record.seconds) == (1202, 98, 303)
    assert record.steps[5] == Step("u", 19, "taken back")
    assert record.steps[7] == Step("d", 25, "the first deal, with every column filled")
    game = record.game()
    assert game.won and game.score == record.score and game.moves == record.moves
    assert record.game(7).deals_left == 5 and record.game(8).deals_left == 4


def test_a_duel_file_holds_both_players_games() -> None:
    first, second = read_records((RECORDS / "duel-4-suits.txt").read_text(encoding="utf-8"))
    assert (first.player, first.opponent, second.player, second.opponent) == ("Ana", "Bram", "Bram", "Ana")
    assert first.code == second.code and first.rules == second.rules == PRESETS["duel"]
    assert (first.result, second.result) == ("win", "loss")
    assert second.steps[0] == Step("d") and second.game().deals_left == 4
    with pytest.raises(InvalidRecordError) as refusal:
        read_record((RECORDS / "duel-4-suits.txt").read_text(encoding="utf-8"))
    assert refusal.value.message_id == "record.not_one"


def test_the_rules_header_left_out_means_the_codes_own_rules() -> None:
    record = read_record("Spider game record 1\nCode: SP1-S2R-AAAAAAB\n\n1. d\n")
    assert record.rules == parse_code("SP1-S2R-AAAAAAB").rules
    assert write_record(record) == "Spider game record 1\nCode: SP1-S2R-AAAAAAB\nRules: 2R\n\n1. d\n"


def test_readers_forgive_case_and_spaces_and_write_the_canonical_text() -> None:
    text = "Spider game record 1\ncode: sp1-s1c-aaaaaad\n\n  1. 1>8   \n2. D [1:02:03]\n"
    record = read_record(text)
    assert record.code == "SP1-S1C-AAAAAAD" and record.actions == ["1>8", "d"] and record.steps[1].clock == 3723
    assert write_record(record).endswith("\n1. 1>8\n2. d [1:02:03]\n")


# The round trip, for any record.

NAMES = st.text(st.characters(codec="utf-8", exclude_categories=("Cc", "Cs", "Zl", "Zp")), min_size=1, max_size=24)
ONE_LINE = NAMES.map(str.strip).filter(bool)


@st.composite
def records(draw: st.DrawFn) -> Record:
    suits = draw(st.sampled_from((1, 2, 4)))
    rules = draw(st.sampled_from(list(PRESETS.values())))
    if suits == 1:
        rules = TableRules(**{**rules.to_json(), "group": "classic"})
    code = str(GameCode(suits, draw(st.integers(0, 26**7 - 1)), rules))
    game = Game.from_code(code)
    steps = []
    for _ in range(draw(st.integers(0, 30))):
        choices = [str(action) for action in game.legal_actions()]
        choices += ["u"] * game.can_undo + ["r"] * game.can_redo
        if not choices:
            break
        action = draw(st.sampled_from(choices))
        game.apply_text(action)
        clock = draw(st.none() | st.integers(0, 30 * 3600))
        steps.append(Step(action, clock, draw(st.none() | ONE_LINE)))
    seconds = st.none() | st.integers(0, 10**6)
    date = draw(st.none() | st.datetimes(datetime(2000, 1, 1), datetime(2100, 1, 1)).map(
        lambda moment: moment.replace(microsecond=0, tzinfo=UTC)
    ))  # fmt: skip
    return Record(
        code, rules, tuple(steps), date=date, player=draw(st.none() | ONE_LINE), opponent=draw(st.none() | ONE_LINE),
        result=draw(st.none() | st.sampled_from(("won", "resigned", "abandoned", "win", "loss", "draw"))),
        score=draw(st.none() | st.integers(-1000, 5000)), moves=draw(st.none() | st.integers(0, 5000)),
        seconds=draw(seconds),
    )  # fmt: skip


@settings(max_examples=150, deadline=None)
@given(records())
def test_any_record_round_trips_exactly(record: Record) -> None:
    text = write_record(record)
    assert read_record(text) == record
    assert write_record(read_record(text)) == text


@settings(max_examples=30, deadline=None)
@given(st.lists(records(), min_size=1, max_size=3))
def test_several_records_in_one_text_round_trip(found: list[Record]) -> None:
    assert read_records(write_records(found)) == found


def test_a_name_on_two_lines_cannot_be_written() -> None:
    with pytest.raises(ValueError, match="one line"):
        write_record(Record("SP1-S1C-AAAAAAD", player="Ana\nBram"))
    with pytest.raises(ValueError, match="one line"):
        write_record(Record("SP1-S1C-AAAAAAD", steps=(Step("d", None, " a comment with a space first"),)))


# Errors: the line, and what is wrong.

START = "Spider game record 1\n"


@pytest.mark.parametrize(
    ("text", "message_id", "line", "words"),
    [
        ("Spider record\nCode: SP1-S1C-AAAAAAD\n", "record.first_line", 1, "begins with the line"),
        ("\n\nhello\n", "record.first_line", 3, "Spider game record 1"),
        (START + "Code SP1-S1C-AAAAAAD\n", "record.header_line", 2, "is not a header"),
        (START + "Colour: red\nCode: SP1-S1C-AAAAAAD\n", "record.unknown_header", 2, 'no header "Colour"'),
        (START + "Code: SP1-S1C-AAAAAAD\nCode: SP1-S1C-AAAAAAD\n", "record.repeated_header", 3, "given twice"),
        (START + "Code: SP1-S9C-AAAAAAD\n", "record.header_value", 2, "header Code"),
        (START + "Code: SP1-S1C-AAAAAAD\nScore: lots\n", "record.header_value", 3, '"lots"'),
        (START + "Code: SP1-S1C-AAAAAAD\nTime: 1:75\n", "record.header_value", 3, "header Time"),
        (START + "Code: SP1-S1C-AAAAAAD\nDate: yesterday\n", "record.header_value", 3, "header Date"),
        (START + "Code: SP1-S1C-AAAAAAD\nRules: 4C\n", "record.rules_suits", 3, "another number of suits"),
        (START + "Player: Ana\n\n1. d\n", "record.no_code", 1, "no Code header"),
        (START + "Code: SP1-S1C-AAAAAAD\n\n1. d\n3. d\n", "record.action_number", 5, "where number 2"),
        (START + "Code: SP1-S1C-AAAAAAD\n\n1 d\n", "record.action_line", 4, "is not an action line"),
        (START + "Code: SP1-S1C-AAAAAAD\n\n1. x9\n", "record.action", 4, "action x9"),
        (START + "Code: SP1-S1C-AAAAAAD\n\n1. d [0:99]\n", "record.clock", 4, "[0:99]"),
        (START + "Code: SP1-S1C-AAAAAAD\n\n1. d\n\n2. 1>2\n", "record.action", 6, "A 2 goes only on a 3"),
        (START + "Code: SP1-S1C-AAAAAAD\n\n1. u\n", "record.action", 4, "action u"),
    ],
)
def test_an_error_names_the_line_and_what_is_wrong(text: str, message_id: str, line: int, words: str) -> None:
    with pytest.raises(InvalidRecordError) as refusal:
        read_records(text)
    assert refusal.value.message_id == message_id
    assert refusal.value.params["line"] == line
    assert str(refusal.value).startswith(f"Line {line}: ") and words in str(refusal.value)


def test_errors_speak_the_players_language() -> None:
    with speaking("pl"):
        with pytest.raises(InvalidRecordError) as refusal:
            read_records(START + "Code: SP1-S1C-AAAAAAD\n\n1. 1>2\n")
        assert str(refusal.value) == "Wiersz 4: nie można wykonać ruchu 1>2: Dwójkę można położyć tylko na trójce."
    assert message("record.no_code", line=1).startswith("Line 1:")

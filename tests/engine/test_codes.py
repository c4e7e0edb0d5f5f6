"""Game codes (SPEC 1.7): the fixed shuffle, the code's form, and every bad part named."""

from __future__ import annotations

from pathlib import Path

import pytest

from spider import Game, GameCode, InvalidCodeError, TableRules, parse_code
from spider.shuffle import SplitMix64

DATA = Path(__file__).parent / "data" / "codes.txt"


def test_the_generator_is_splitmix64() -> None:
    # The reference outputs published with SplitMix64 for the seed 1234567.
    generator = SplitMix64(1234567)
    assert [generator.next() for _ in range(3)] == [6457827717110365317, 3203168211198807973, 9817491932198370423]


def test_the_seed_form_parses() -> None:
    code = parse_code("SP1-S1C-AAAAAAD")
    assert (code.suits, code.shuffle, code.rules) == (1, 3, TableRules())


def test_the_shuffle_is_read_in_base_26_most_significant_first() -> None:
    assert parse_code("SP1-S2R-AAAAABA").shuffle == 26
    assert parse_code("SP1-S4C-ZZZZZZZ").shuffle == 26**7 - 1
    assert parse_code("SP1-S2R-AAAAABA").rules.group == "relaxed"


def test_codes_lay_out_the_cards_they_always_laid_out() -> None:
    lines = [line for line in DATA.read_text().splitlines() if line and not line.startswith("#")]
    assert len(lines) >= 8
    for line in lines:
        code, tops, stock, down = (part.strip() for part in line.split("|"))
        game = Game.from_code(code)
        assert " ".join(str(column[-1]) for column in game.columns) == tops, code
        assert " ".join(map(str, game.stock[:10])) == stock, code
        assert " ".join(map(str, game.columns[0][: game.face_down[0]])) == down, code


@pytest.mark.parametrize(
    "code",
    ["SP1-S1C-AAAAAAD", "SP1-S4C-ABCDEFG-MAND", "SP1-S2C-QWERTYU-T", "SP1-S1C-BBBBBBB-AUXR", "SP1-S2R-ZZZZZZZ-U0U"],
)
def test_code_to_game_to_code_round_trips(code: str) -> None:
    if code.endswith("U0U"):
        with pytest.raises(InvalidCodeError, match="'U' is not a table rule flag"):
            parse_code(code)
        return
    assert Game.from_code(code).code == code
    assert str(parse_code(code)) == code


def test_every_preset_round_trips_through_its_code() -> None:
    for name in ("classic", "casual", "patience", "duel", "tabletop"):
        rules = TableRules.preset(name)
        code = str(GameCode(2, 12345, rules))
        assert parse_code(code).rules == rules
    assert str(GameCode(4, 0, TableRules.preset("duel"))) == "SP1-S4C-AAAAAAA-MAND"


def test_lower_case_is_read() -> None:
    assert Game.from_code("sp1-s1c-aaaaaad").code == "SP1-S1C-AAAAAAD"


@pytest.mark.parametrize(
    ("code", "named"),
    [
        ("SP2-S1C-AAAAAAD", "starts with 'SP2'"),
        ("SP1-S3C-AAAAAAD", "'S3C' must be S, a suit count 1, 2 or 4"),
        ("SP1-S1X-AAAAAAD", "'S1X' must end in C"),
        ("SP1-S1R-AAAAAAD", "'S1R' asks for the relaxed group rule, which needs 2 or 4 suits"),
        ("SP1-S1C-AAAAAA", "the shuffle 'AAAAAA' must be 7 or 14 letters"),
        ("SP1-S1C-AAAAAAAAAAAAAD", "'AAAAAAAAAAAAAD' is written 'AAAAAAD', with 7 letters"),
        ("SP1-S1C-HLHXCZMXSYUMQQ", "'HLHXCZMXSYUMQQ' is too large"),
        ("SP1-S1C-AAAA1AD", "the shuffle 'AAAA1AD'"),
        ("SP1-S1C-AAAAAAD-Q", "'Q' is not a table rule flag"),
        ("SP1-S1C-AAAAAAD-RD", "'D' sets the rule scoring a second time"),
        ("hello", "'hello' is not a game code"),
    ],
)
def test_a_bad_code_names_the_bad_part(code: str, named: str) -> None:
    with pytest.raises(InvalidCodeError) as error:
        parse_code(code)
    assert named in str(error.value)


def test_new_games_get_random_shuffles() -> None:
    shuffles = {Game.new(2).code for _ in range(5)}
    assert len(shuffles) == 5


def test_new_games_get_64_random_bits_in_14_letters() -> None:
    # a 7-letter shuffle (about 2**33) can be found from the opening cards by trying them all
    codes = [parse_code(str(Game.new(4).code)) for _ in range(20)]
    assert all(code.secret and len(str(code).split("-")[2]) == 14 for code in codes)
    assert max(code.shuffle for code in codes) > 2**60  # drawn from the whole 64-bit range


def test_a_14_letter_code_round_trips_and_lays_out_its_own_deal() -> None:
    largest = "SP1-S4C-HLHXCZMXSYUMQP-MAND"
    assert parse_code(largest).shuffle == 2**64 - 1
    assert Game.from_code(largest).code == largest
    first = Game.from_code("SP1-S4C-AAAAAABAAAAAAA")
    assert parse_code(str(first.code)).shuffle == 26**7 and not parse_code("SP1-S4C-ZZZZZZZ").secret
    assert first.columns != Game.from_code("SP1-S4C-ZZZZZZZ").columns


def test_one_suit_has_one_code_whatever_the_group_rule() -> None:
    # with one suit every group is one suit: relaxed plays as classic, and is written as classic
    game = Game.new(1, TableRules(group="relaxed"))
    assert game.code is not None and game.code.startswith("SP1-S1C-") and game.rules.group == "classic"
    assert Game.from_code("SP1-S1C-AAAAAAD", TableRules(group="relaxed")).code == "SP1-S1C-AAAAAAD"
    assert Game.new(2, TableRules(group="relaxed")).rules.group == "relaxed"


def test_each_preset_is_a_seed_products_rules() -> None:
    casual, patience = TableRules.preset("casual"), TableRules.preset("patience")
    assert (casual.deal, casual.undo, casual.scoring) == ("any", None, "standard")
    assert (patience.undo, patience.scoring, patience.deal) == (400, "reveal", "filled")

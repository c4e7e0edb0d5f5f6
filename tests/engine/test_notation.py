"""Positions in text (SPEC 1.6): both forms round-trip, and bad input names the bad part."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import spider
from spider import Game, InvalidPositionError, parse_position
from spider.notation import write_position
from spider.text import speaking

DATA = Path(__file__).parent / "data" / "positions.txt"


def test_positions_have_the_legal_actions_listed_beside_them() -> None:
    lines = [line for line in DATA.read_text().splitlines() if line and not line.startswith("#")]
    assert len(lines) >= 10
    for line in lines:
        text, count, actions = (part.strip() for part in line.rsplit("|", 2))
        game = Game.from_position(text)
        legal = sorted(str(action) for action in game.legal_actions())
        assert len(legal) == int(count), text
        assert legal == actions.split(), text
        assert game.position() == text


def test_the_public_form_hides_face_down_cards_and_the_stock() -> None:
    game = Game.from_code("SP1-S4C-SPIDERS")
    public = game.position(public=True)
    position = parse_position(public)
    assert position.public and position.hidden is None and position.stock is None
    assert position.face_down == game.face_down and position.stock_count == 50
    assert position.columns == tuple(column[down:] for column, down in zip(game.columns, game.face_down, strict=True))
    hidden = {str(card) for column, down in zip(game.columns, game.face_down, strict=True) for card in column[:down]}
    fields = public.split()
    assert not any(card in fields[1] for card in hidden - {str(c[-1]) for c in game.columns})
    with pytest.raises(InvalidPositionError, match="hides the face-down cards"):
        Game.from_position(public)


def test_the_full_form_round_trips_after_play() -> None:
    game = Game.from_code("SP1-S2C-ABCDEFG-MAND")
    game.play("d")
    game.play(next(a for a in game.legal_actions() if str(a) != "d"))
    again = Game.from_position(game.position())
    assert again.position() == game.position()
    assert again.rules == game.rules and again.score == game.score


def test_a_position_round_trips_on_its_own_in_both_forms() -> None:
    game = Game.from_code("SP1-S2C-ABCDEFG-MAND")
    game.play("d")
    for text in (game.position(), game.position(public=True)):
        assert write_position(parse_position(text)) == text
    assert write_position(parse_position(game.position()).to_public()) == game.position(public=True)


def test_the_games_position_is_the_value_notation_reads() -> None:
    game = Game.from_code("SP1-S4C-SPIDERS-MAND")
    game.play(game.legal_actions()[0])
    assert game.to_position() == parse_position(game.position())
    assert game.public_position() == parse_position(game.position(public=True))


@pytest.mark.parametrize("module", ["notation", "describe"])
def test_notation_and_the_table_in_words_import_nothing_of_the_game(module: str) -> None:
    """They take a ``Position``: the game imports them, never the other way round (no import circle)."""
    source = Path(spider.__file__).with_name(f"{module}.py").read_text()
    imported = {node.module for node in ast.walk(ast.parse(source)) if isinstance(node, ast.ImportFrom)}
    assert "spider.game" not in imported and "spider.game" not in source


@pytest.mark.parametrize(
    ("change", "named"),
    [
        (lambda f: f[:5], "6 fields"),
        (lambda f: [f[0], f[1].replace("/", "+", 1), *f[2:]], "10 columns"),
        (lambda f: ["3C", *f[1:]], "'3C' is not a suit count"),
        (lambda f: [*f[:2], f[2][:-2], *f[3:]], "cannot be dealt in rows of 10"),
        (lambda f: [*f[:2], f[2][:-2] + "Xs", *f[3:]], "in the stock is not a list of cards"),
        (lambda f: [*f[:3], "z", *f[4:]], "'z' is not a list of removed runs"),
        (lambda f: [*f[:4], "many", f[5]], "the score and the moves counter"),
    ],
)
def test_a_bad_position_names_the_bad_part(change: object, named: str) -> None:
    fields = Game.from_code("SP1-S1C-AAAAAAD").position().split()
    with pytest.raises(InvalidPositionError) as error:
        parse_position(" ".join(change(fields)))  # type: ignore[operator]
    assert named in str(error.value)


@pytest.mark.parametrize(
    ("field", "english", "words"),
    [
        (1, "in column 1", {"pl": "w kolumnie 1", "nl": "in kolom 1", "pt": "na pilha 1", "he": "בעמודה 1"}),
        (2, "in the stock", {"pl": "w stosie rezerwowym", "nl": "in de stapel", "pt": "no monte", "he": "בקופה"}),
    ],
)
def test_the_place_of_a_bad_list_of_cards_is_named_in_the_language_spoken(
    field: int, english: str, words: dict[str, str]
) -> None:
    fields = Game.from_code("SP1-S1C-AAAAAAD").position().split()
    fields[field] = "Xs" + fields[field]
    with pytest.raises(InvalidPositionError) as error:
        parse_position(" ".join(fields))
    assert english in str(error.value)
    for lang, place in words.items():
        with speaking(lang):  # the refusal is written when it is read, its place with it
            text = str(error.value)
        assert place in text and english not in text, text


def test_a_card_too_many_is_named() -> None:
    text = Game.from_code("SP1-S2C-AAAAAAD").position()
    fields = text.split()
    fields[2] = fields[2][:-2] + ("As" if fields[2][-2:] != "As" else "Ks")
    with pytest.raises(InvalidPositionError, match="104 cards"):
        parse_position(" ".join(fields))


@pytest.mark.parametrize(
    "text",
    [
        "1C 5|2s/5|6s/5|Qs/5|9s/4|9s/4|As/4|4s/4|3s/4|8s/4|5s 5\N{SUPERSCRIPT ZERO} - 500 0",  # the stock
        "1C \N{SUPERSCRIPT FIVE}|2s/5|6s/5|Qs/5|9s/4|9s/4|As/4|4s/4|3s/4|8s/4|5s 50 - 500 0",  # face down
    ],
)
def test_a_count_in_other_digits_than_0_to_9_is_refused_as_a_position_error(text: str) -> None:
    with pytest.raises(InvalidPositionError):
        parse_position(text)

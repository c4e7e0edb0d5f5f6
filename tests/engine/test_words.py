"""The table in words (SPEC 1.8), and every engine text coming from the catalog."""

from __future__ import annotations

import json
import re
from pathlib import Path

from spider import Game
from spider.describe import move_words
from spider.solver import hint
from spider.text import message
from tests.engine.table import cards_of, position

SOURCE = Path(__file__).parents[2] / "src" / "spider"


def test_the_table_in_words_reads_stock_runs_then_each_column() -> None:
    text = Game.from_code("SP1-S4C-SPIDERS").describe()
    lines = text.splitlines()
    assert lines[0] == "Stock: 50 cards, 5 deals left; no run removed."
    assert lines[1] == "Column 1: 5 face-down cards, then king of diamonds."
    assert lines[2] == "Column 2: 5 face-down cards, then 3 of hearts."
    assert len(lines) == 11


def test_runs_empty_columns_and_face_up_lists_are_named() -> None:
    columns = ["0|", "0|Ts9h", "1|", "1|5s"] + ["1|Kh", "1|Ah"] * 3
    game = Game.from_position(position(columns, rules="2C-M", runs="sh", stock=20))
    lines = game.describe().splitlines()
    assert lines[0] == "Stock: 20 cards, 2 deals left; 2 runs removed: spades, hearts."
    assert lines[1] == "Column 1: empty."
    assert lines[2] == "Column 2: 10 of spades, 9 of hearts."
    assert lines[3] == "Column 3: 1 face-down card."


def test_every_message_the_engine_and_server_write_is_in_the_english_catalog() -> None:
    catalog = json.loads((SOURCE / "catalogs" / "en.json").read_text())
    used = set()
    for path in SOURCE.rglob("*.py"):
        used |= set(re.findall(r'"((?:refuse|invalid|describe|hint|server|terminal)\.[a-z_.]+)"', path.read_text()))
    assert len(used) > 50
    assert sorted(used - set(catalog)) == []


def test_a_hint_names_its_move_in_words_in_each_language() -> None:
    # column 6's jack of diamonds takes column 4's 10 and 9 of diamonds, and column 4 is emptied
    columns = ["1|Ks", "1|Kh", "1|Kc", "0|Td9d", "1|Ks", "1|Jd", "1|Kh", "1|Kc", "1|Kd", "1|Kd"]
    found = hint(Game.from_position(position(columns, rules="4C")).public_position())
    assert (found.column, found.count, found.target) == (4, 2, 6)
    assert found.message == "Move the 10 and 9 of diamonds from column 4 onto the jack of diamonds in column 6."
    # Polish puts both the moved cards and the card they go onto in the accusative
    assert found.text("pl") == "Przenieś dziesiątkę i dziewiątkę karo z kolumny 4 na waleta karo w kolumnie 6."
    assert found.text("pt") == "Ponha o 10 e o 9 de ouros da pilha 4 sobre o valete de ouros da pilha 6."


def test_a_move_in_words_names_one_card_a_run_a_mixed_group_and_an_empty_column() -> None:
    table = [cards_of(text) for text in ("Td9d8d7d", "9s8h7s", "", "Qc", "Jd")]

    def words(source: int, count: int, target: int, lang: str = "en") -> str:
        message_id, params = move_words(table, source, count, target)
        return message(message_id, lang, **params)

    assert words(1, 1, 3) == "Move the 7 of diamonds from column 1 into the empty column 3."
    assert words(1, 4, 5) == "Move the 10 to 7 of diamonds from column 1 onto the jack of diamonds in column 5."
    assert words(1, 4, 5, "pl") == (
        "Przenieś karty karo od dziesiątki do siódemki z kolumny 1 na waleta karo w kolumnie 5."
    )
    assert words(2, 3, 3) == (
        "Move the 3 cards from the 9 of spades to the 7 of spades out of column 2 into the empty column 3."
    )
    assert words(2, 3, 3, "pl") == "Przenieś 3 karty od dziewiątki pik do siódemki pik z kolumny 2 do pustej kolumny 3."


def test_a_replay_names_a_move_onto_a_card_an_empty_column_or_face_down_cards() -> None:
    # a replay's sentence says what happened, as a part of "Action 5 of 10: ..."; with the columns' face-down
    # counts, a column that shows only face-down cards (manual flip) is not called empty
    table = [cards_of(text) for text in ("Kd", "9s8h7s", "", "", "Qc")]
    face_down = [0, 2, 0, 3, 1]

    def words(source: int, count: int, target: int, lang: str = "en") -> str:
        message_id, params = move_words(table, source, count, target, family="replay", face_down=face_down)
        return message(message_id, lang, **params)

    assert words(1, 1, 3) == "the king of diamonds from column 1 into the empty column 3"
    assert words(1, 1, 4) == "the king of diamonds from column 1 onto the face-down cards of column 4"
    assert words(2, 1, 4, "nl") == "de schoppen 7 van kolom 2 op de dichte kaarten in kolom 4 gelegd"
    assert words(2, 3, 3, "he") == "העברת 3 הקלפים מה־9 עלה עד ה־7 עלה מעמודה 2 אל עמודה 3 הריקה"
    assert words(2, 1, 5, "pt") == "o 7 de espadas da pilha 2 para cima da dama de paus da pilha 5"
    assert words(2, 2, 5, "pl") == (
        "przeniesienie 2 kart od ósemki kier do siódemki pik z kolumny 2 na damę trefl w kolumnie 5"
    )

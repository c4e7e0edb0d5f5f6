"""The table in words (SPEC 1.8), and every engine text coming from the catalog."""

from __future__ import annotations

import json
import re
from pathlib import Path

from spider import Game
from tests.engine.table import position

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

"""The two layouts (SPEC 1.2) and the three suit compositions (SPEC 1.1)."""

from __future__ import annotations

from collections import Counter

import pytest

from spider import Game, TableRules


@pytest.mark.parametrize(("suits", "letters"), [(1, "s"), (2, "sh"), (4, "shdc")])
def test_each_suit_count_changes_which_104_cards_never_how_many(suits: int, letters: str) -> None:
    game = Game.new(suits)
    cards = [card for column in game.columns for card in column] + list(game.stock)
    assert len(cards) == 104
    assert {card.suit for card in cards} == set(letters)
    assert set(Counter(cards).values()) == {8 // suits}


def test_the_standard_layout_deals_6_6_6_6_then_5_with_the_last_card_up() -> None:
    game = Game.from_code("SP1-S4C-SPIDERS")
    assert [len(column) for column in game.columns] == [6, 6, 6, 6, 5, 5, 5, 5, 5, 5]
    assert game.face_down == (5, 5, 5, 5, 4, 4, 4, 4, 4, 4)
    assert len(game.stock) == 50 and game.deals_left == 5


def test_the_tabletop_layout_deals_ten_columns_of_five_and_a_last_deal_of_four() -> None:
    game = Game.from_code("SP1-S1C-SPIDERS", TableRules.preset("tabletop"))
    assert [len(column) for column in game.columns] == [5] * 10
    assert game.face_down == (4,) * 10
    assert len(game.stock) == 54 and game.deals_left == 6
    for _ in range(5):
        game.play("d")
    assert len(game.stock) == 4 and game.deals_left == 1
    last = game.stock
    game.play("d")
    assert [column[-1] for column in game.columns[:4]] == list(last)
    assert [len(column) for column in game.columns] == [11] * 4 + [10] * 6


def test_the_layout_is_laid_row_by_row_left_to_right() -> None:
    from spider.codes import parse_code
    from spider.shuffle import shuffled_deck

    cards = shuffled_deck(2, parse_code("SP1-S2C-ABCDEFG").shuffle)
    game = Game.from_code("SP1-S2C-ABCDEFG")
    assert [column[0] for column in game.columns] == cards[:10]
    assert [column[1] for column in game.columns] == cards[10:20]
    assert [column[5] for column in game.columns[:4]] == cards[50:54]
    assert list(game.stock) == cards[54:]

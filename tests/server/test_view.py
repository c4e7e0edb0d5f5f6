"""The view's groups are exactly what the engine says: every movable group, its targets, its best target."""

from __future__ import annotations

import random

import pytest

from spider import PRESETS, Game
from spider.server.view import groups, table


@pytest.mark.parametrize("preset", sorted(PRESETS))
@pytest.mark.parametrize("suits", [1, 2, 4])
def test_groups_match_the_engine_through_random_games(preset: str, suits: int) -> None:
    rng = random.Random(f"{preset}{suits}")
    checked = 0
    for _ in range(4):
        game = Game.new(suits, PRESETS[preset], shuffle=rng.randrange(26**7))
        for _ in range(rng.randrange(40, 160)):
            expected = [
                {
                    "column": c, "count": k, "targets": game.targets(c, k), "best": game.best_target(c, k),
                    "refusal": None if game.targets(c, k) else str(game.nowhere_refusal(c, k)),
                }
                for c in range(1, 11)
                for k in range(1, game.movable(c) + 1)
            ]
            assert groups(game) == expected
            checked += len(expected)
            actions = game.legal_actions()
            if not actions:
                break
            game.play(rng.choice(actions))
    assert checked > 100


def test_the_table_part_of_the_view_hides_the_stock_and_face_down_cards() -> None:
    game = Game.from_code("SP1-S4C-AAAAAAK")
    view = table(game)
    assert view["stock"] == {"cards": 50, "deals_left": 5}
    assert all(set(column) == {"down", "up"} for column in view["columns"])
    assert sum(len(column["up"]) for column in view["columns"]) == 10
    assert view["deal_refusal"] is None
    game.play("d")
    for _ in range(4):
        game.play("d")
    assert table(game)["deal_refusal"] == "The stock is empty."

"""The full-information solver: its lines replay to a win, and small hopeless positions are proven so."""

from __future__ import annotations

import pytest

from spider import Game, TableRules
from spider.codes import GameCode
from spider.solver import solve
from tests.solver import positions


def replay(game: Game, line: list[str]) -> Game:
    """Plays a line through the rules engine on a fresh copy of the game."""
    copy = game.copy()
    for action in line:
        copy.play(action)
    return copy


@pytest.mark.parametrize("shuffle", [0, 1, 2])
def test_one_suit_deals_are_won_by_a_line_that_replays(shuffle: int) -> None:
    game = Game.from_code(GameCode(1, shuffle, TableRules()))
    result = solve(game, seconds=30)
    assert result.verdict == "win"
    assert replay(game, result.line).won
    assert result.nodes > 0
    assert not game.won, "solving must not play on the caller's game"


@pytest.mark.parametrize("preset", ["casual", "duel", "tabletop"])
def test_lines_replay_under_other_table_rules(preset: str) -> None:
    game = Game.from_code(GameCode(1, 5, TableRules.preset(preset)))
    result = solve(game, seconds=30)
    assert result.verdict == "win"
    assert replay(game, result.line).won


def test_manual_flip_lines_turn_cards_up_themselves() -> None:
    game = Game.from_code(GameCode(1, 7, TableRules.preset("duel")))
    result = solve(game, seconds=30)
    assert any(action.startswith("f") for action in result.line)
    assert replay(game, result.line).won


def test_relaxed_group_rule_two_suits() -> None:
    game = Game.from_code(GameCode(2, 3, TableRules(group="relaxed")))
    result = solve(game, seconds=60)
    assert result.verdict == "win"
    assert replay(game, result.line).won


def test_a_line_from_a_position_in_mid_game() -> None:
    game = Game.from_code(GameCode(1, 11, TableRules()))
    for action in ["d", "d"]:
        game.play(action)
    result = solve(game, seconds=30)
    assert result.verdict == "win"
    assert replay(game, result.line).won


@pytest.mark.parametrize("text", [positions.NO_MOVE, positions.SHUTTLE, positions.REVEAL])
def test_hopeless_positions_are_proven_unwinnable(text: str) -> None:
    result = solve(Game.from_position(text), seconds=30)
    assert result.verdict == "no-win"
    assert result.line == []


def test_a_spent_budget_gives_unknown() -> None:
    result = solve(Game.from_code(GameCode(4, 1, TableRules())), max_nodes=50)
    assert result.verdict == "unknown"
    assert result.line == []


def test_a_won_game_needs_no_line() -> None:
    game = Game.from_code(GameCode(1, 0, TableRules()))
    game = replay(game, solve(game, seconds=30).line)
    assert solve(game).verdict == "win"
    assert solve(game).line == []

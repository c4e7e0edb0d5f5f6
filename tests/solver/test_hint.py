"""Hints and "no more moves" see only what the player sees."""

from __future__ import annotations

import random

import pytest

from spider import Game, TableRules
from spider.codes import GameCode
from spider.notation import Position
from spider.solver import hint, no_more_moves
from tests.solver import positions


def public(game: Game) -> Position:
    return game.public_position()


def reshuffle_hidden(game: Game, seed: int) -> Game:
    """The same visible table with the face-down cards and the stock shuffled among themselves."""
    fields = game.position().split(" ")
    columns = [column.split("|") for column in fields[1].split("/")]
    hidden = [down[i : i + 2] for down, _ in columns for i in range(0, len(down), 2)]
    stock = [fields[2][i : i + 2] for i in range(0, len(fields[2]), 2)] if fields[2] != "-" else []
    unseen = hidden + stock
    random.Random(seed).shuffle(unseen)
    rebuilt = []
    for down, up in columns:
        count = len(down) // 2
        rebuilt.append("".join(unseen[:count]) + "|" + up)
        unseen = unseen[count:]
    fields[1] = "/".join(rebuilt)
    fields[2] = "".join(unseen) if stock else "-"
    other = Game.from_position(" ".join(fields))
    assert other.position(public=True) == game.position(public=True)
    assert other.position() != game.position()
    return other


@pytest.mark.parametrize(("suits", "shuffle", "moves"), [(1, 4, 0), (2, 9, 6), (4, 2, 10)])
def test_the_hint_does_not_change_when_only_hidden_cards_change(suits: int, shuffle: int, moves: int) -> None:
    game = Game.from_code(GameCode(suits, shuffle, TableRules()))
    for _ in range(moves):
        found = hint(public(game))
        game.play(found.action or "d")
    expected = hint(public(game))
    for seed in range(3):
        assert hint(public(reshuffle_hidden(game, seed))) == expected


def test_the_hint_is_a_legal_move_and_never_a_deal() -> None:
    game = Game.from_code(GameCode(2, 1, TableRules()))
    for _ in range(40):
        found = hint(public(game))
        if found.action is None:
            assert found.message_id in ("hint.none_deal", "hint.none_fill", "hint.stuck")
            assert found.deal_possible == game.deal_possible
            if not game.deal_possible:
                break
            game.play("d")
            continue
        assert found.action != "d"
        assert found.action in {str(action) for action in game.legal_actions()}
        assert found.column is not None and found.target is not None
        game.play(found.action)


def test_a_hint_prefers_turning_a_card_up() -> None:
    game = Game.from_position(positions.REVEAL)
    found = hint(public(game))
    assert found.action == "10>9"
    assert (found.column, found.count, found.target) == (10, 1, 9)


def test_no_hint_when_nothing_can_move() -> None:
    found = hint(public(Game.from_position(positions.NO_MOVE)))
    assert found.action is None
    assert not found.deal_possible


def test_manual_flip_hint_turns_the_card_up() -> None:
    game = Game.from_code(GameCode(1, 2, TableRules.preset("duel")))
    for _ in range(10):
        found = hint(public(game))
        if found.action and found.action.startswith("f"):
            assert found.count == 0
            return
        game.play(found.action or "d")
    pytest.fail("ten hints never turned a card up")


def test_no_more_moves_when_nothing_moves() -> None:
    assert no_more_moves(public(Game.from_position(positions.NO_MOVE)))


def test_no_more_moves_when_moves_change_nothing() -> None:
    assert no_more_moves(public(Game.from_position(positions.SHUTTLE)))


def test_no_hint_where_no_more_moves_is_reported() -> None:
    # The 4s could move back onto the 5s (a same-suit link), but that changes nothing that matters.
    position = public(Game.from_position(positions.SHUTTLE))
    assert no_more_moves(position)
    found = hint(position)
    assert found.action is None
    assert found.message_id == "hint.stuck"
    assert "undo" in found.message


def test_not_stuck_when_splitting_a_run_makes_a_deal_possible() -> None:
    game = Game.from_position(positions.SPLIT_TO_DEAL)
    assert not game.deal_possible
    assert not no_more_moves(public(game))


def test_not_stuck_when_a_card_can_turn_up() -> None:
    assert not no_more_moves(public(Game.from_position(positions.REVEAL)))


def test_not_stuck_at_an_opening_or_when_a_deal_is_possible() -> None:
    game = Game.from_code(GameCode(4, 3, TableRules()))
    assert not no_more_moves(public(game))
    assert game.deal_possible


def test_the_hint_never_completes_a_run_that_leaves_too_few_cards_to_deal() -> None:
    found = hint(public(Game.from_position(positions.TOO_FEW_TO_DEAL)))
    assert found.action is not None and found.action != "2>1", found

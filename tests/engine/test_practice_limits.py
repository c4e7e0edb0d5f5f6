"""An exercise's move limit as the engine keeps it: once the moves are used without reaching the goal, the
exercise has failed, a further move or deal is refused with a sentence that names the limit, and undo, redo
and flips (no moves) stay allowed; undo takes the failure back."""

from __future__ import annotations

import pytest

from spider.actions import Deal, parse_action
from spider.errors import IllegalMoveError
from spider.practice import exercise
from spider.practice.hints import exercise_hint
from spider.text import message

ONE_MOVE = "No moves left: this exercise allows only 1 move. Undo it, or start the exercise again."


def test_a_move_that_misses_a_one_move_goal_fails_the_exercise_and_the_next_move_is_refused() -> None:
    found = exercise("one-rank-higher")  # turn 1 in 1
    assert found is not None
    game = found.start()
    assert not found.failed(game) and found.moves_left(game) == 1
    game.play("9>8")  # the ace onto the two: column 1 stays as it was
    assert found.moves_left(game) == 0
    assert found.failed(game) and not found.reached(game)
    with pytest.raises(IllegalMoveError) as refused:
        found.allow(game, parse_action("1>2"))  # the move that would have reached the goal
    assert refused.value.message_id == "refuse.practice_limit"
    assert str(refused.value) == ONE_MOVE
    assert refused.value.action == "1>2"
    with pytest.raises(IllegalMoveError, match="allows only 1 move"):
        found.allow(game, Deal())


def test_the_refusal_names_the_limit_in_every_language() -> None:
    found = exercise("build-a-run")  # run in 3
    assert found is not None
    game = found.start()
    for move in ("4>9", "9>4", "4>9"):  # the 3 2 A back and forth: three moves for nothing
        found.allow(game, parse_action(move))
        game.play(move)
    assert found.failed(game)
    with pytest.raises(IllegalMoveError) as refused:
        found.allow(game, parse_action("2>1"))
    refusal = refused.value
    assert str(refusal) == "No moves left: this exercise allows only 3 moves. Undo a move, or start the exercise again."
    texts = {lang: message(refusal.message_id, lang, **refusal.params) for lang in ("he", "pl", "nl", "pt")}
    assert all("3" in text for text in texts.values())
    assert "ruchy" in texts["pl"] and "zetten" in texts["nl"] and "jogadas" in texts["pt"] and "מהלכים" in texts["he"]


def test_undo_gives_the_move_back_and_with_it_the_exercise() -> None:
    found = exercise("one-rank-higher")
    assert found is not None
    game = found.start()
    game.play("9>8")
    assert found.failed(game)
    game.undo()
    assert not found.failed(game) and found.moves_left(game) == 1
    found.allow(game, parse_action("1>2"))  # allowed again
    game.play("1>2")
    assert found.reached(game) and not found.failed(game)
    game.undo()
    game.redo()  # redo replays a move already made within the limit
    assert found.reached(game)


def test_with_the_moves_used_a_card_left_to_turn_by_hand_keeps_the_exercise_open() -> None:
    found = exercise("flips-are-free")  # reveal 3 in 1, cards turned by hand: flips are no moves
    assert found is not None
    game = found.start()
    game.play("8>4:1")  # the ace of hearts onto column 4's face-down cards: one card is left to turn, in 3
    assert found.moves_left(game) == 0
    assert not found.failed(game)
    flip = parse_action("f3")
    found.allow(game, flip)  # a flip is no move: allowed past the limit
    game.play(flip)
    # two cards turned up of the three asked, and none left to turn: now it has failed
    assert found.failed(game) and not found.reached(game)


def test_an_exercise_with_no_limit_never_fails() -> None:
    found = exercise("two-runs")  # run 2, no limit
    assert found is not None
    game = found.start()
    assert found.moves_left(game) is None
    game.play("2>1")
    assert not found.failed(game)
    found.allow(game, parse_action("3>1"))


def test_the_hint_of_a_failed_exercise_suggests_no_move_and_says_the_way_on() -> None:
    found = exercise("one-rank-higher")
    assert found is not None
    game = found.start()
    game.play("9>8")
    hint = exercise_hint(found, game)
    assert hint.action is None and not hint.deal_possible
    assert hint.text() == ONE_MOVE
    assert "1" in hint.text("pl") and "ruch" in hint.text("pl")

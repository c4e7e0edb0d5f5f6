"""Undo and redo (SPEC 1.4) and the three scorings (SPEC 1.5)."""

from __future__ import annotations

import pytest

from spider import Game, IllegalMoveError, TableRules
from spider.errors import InvalidPositionError
from tests.engine.table import position

RUN_LESS_ACE = "KsQsJsTs9s8s7s6s5s4s3s2s"


def test_undoing_the_move_that_completed_a_run_brings_the_run_back() -> None:
    game = Game.from_position(position(["1|As", "2|" + RUN_LESS_ACE] + ["1|Ks", "1|As"] * 4))
    before = game.position()
    game.play("1>2")
    assert game.runs == ("s",) and game.score == 599
    game.undo()
    assert game.position() == before
    game.redo()
    assert game.runs == ("s",) and game.score == 599 and game.moves == 1


def test_a_new_action_clears_redo() -> None:
    game = Game.from_code("SP1-S1C-AAAAAAD")
    game.play("1>8")
    game.undo()
    assert game.can_redo
    game.play("6>1")
    with pytest.raises(IllegalMoveError, match="nothing to redo"):
        game.redo()


def test_nothing_to_undo() -> None:
    with pytest.raises(IllegalMoveError, match="nothing to undo"):
        Game.from_code("SP1-S1C-AAAAAAD").undo()


def test_undo_depth_keeps_only_the_last_actions() -> None:
    game = Game.from_code("SP1-S1C-AAAAAAD", TableRules(undo=0))
    game.play("1>8")
    with pytest.raises(IllegalMoveError, match="Undo is off"):
        game.undo()
    game = Game.from_code("SP1-S1C-AAAAAAD", TableRules(undo=None))
    for step in range(150):
        if step % 30 == 0 and game.deal_possible:
            game.play("d")
        legal = [a for a in game.legal_actions() if str(a) != "d"]
        if not legal:
            break
        game.play(legal[0])
    played = game.moves
    undone = 0
    while game.can_undo:
        game.undo()
        undone += 1
    assert undone == played and game.moves == 0


def test_depth_100_stops_after_100_undos() -> None:
    game = Game.from_position(position(["0|9s", "0|"] + ["1|Ks", "1|As"] * 4))
    for _ in range(130):
        game.play("1>2" if game.face_up(1) else "2>1")
    undone = 0
    while game.can_undo:
        game.undo()
        undone += 1
    assert undone == 100 and game.moves == 30
    with pytest.raises(IllegalMoveError, match="at most 100 actions"):
        game.undo()


def test_no_reveal_stops_undo_at_a_deal_and_at_a_card_turned_up() -> None:
    rules = "1C-N"
    game = Game.from_position(position(["0|9s", "0|", "1|8s", "1|Ts"] + ["1|Ks", "1|As"] * 3, rules=rules, stock=10))
    game.play("1>2")  # turns nothing up: can be undone
    game.undo()
    game.play("3>1")  # turns up the card under the 8
    with pytest.raises(IllegalMoveError, match="past a deal or a card turned face up"):
        game.undo()
    game.play("1>4")  # no card turned up
    game.undo()
    with pytest.raises(IllegalMoveError, match="past a deal or a card turned face up"):
        game.undo()
    game = Game.from_code("SP1-S1C-AAAAAAD-N")
    game.play("d")
    with pytest.raises(IllegalMoveError, match="past a deal or a card turned face up"):
        game.undo()


def test_scores_follow_the_three_scorings() -> None:
    columns = ["1|As", "2|" + RUN_LESS_ACE] + ["1|Ks", "1|As"] * 4
    standard = Game.from_position(position(columns, score=500))
    standard.play("1>2")
    assert standard.score == 500 - 1 + 100
    reveal = Game.from_position(position(columns, rules="1C-R", score=0))
    reveal.play("1>2")  # turns up the card under the ace and the one under the run
    assert reveal.score == 100 + 5 + 5
    duel = Game.from_position(position(columns, rules="1C-MAND", score=0))
    duel.play("1>2")  # manual flip: nothing turns up by itself
    assert duel.score == 26 + 2 - 1
    duel.play("f1")
    assert duel.score == 27 + 2 and duel.moves == 1


def test_the_standard_score_is_floored_at_zero_after_the_net_change() -> None:
    game = Game.from_position(position(["1|As", "2|" + RUN_LESS_ACE] + ["1|Ks", "1|As"] * 4, score=0))
    game.play("1>2")
    assert game.score == 99
    game = Game.from_position(position(["1|9s", "0|"] + ["1|Ks", "1|As"] * 4, score=0))
    game.play("1>2")
    assert game.score == 0


def test_duel_scores_each_card_moved_onto_its_own_suit() -> None:
    columns = ["1|9h8h7h6h", "1|Th", "1|Ts"] + ["1|Kh", "1|Ah"] * 3 + ["1|Ks"]
    game = Game.from_position(position(columns, rules="2C-MAND", score=0))
    game.play("1>2")
    assert game.score == 4 * 2 - 1
    game.undo()
    assert game.score == 0
    game.play("1>3")
    assert game.score == -1


def test_duel_pays_each_card_its_same_suit_bonus_once_per_game() -> None:
    # two jacks of hearts: moving the 10-9 of hearts back and forth between them pays only the first time
    columns = ["1|Jh", "1|Jh", "1|Th9h"] + ["1|Kh", "1|Ah"] * 3 + ["1|Ks"]
    game = Game.from_position(position(columns, rules="2C-MAND", score=0))
    game.play("3>1")
    assert game.score == 2 * 2 - 1
    game.play("1>2")
    game.play("2>1")
    assert game.score == 4 - 1 - 1 - 1
    # the set of cards that have earned it is part of the state: undo gives the bonus back
    game.undo()
    game.undo()
    game.undo()
    assert game.score == 0
    game.play("3>2")
    assert game.score == 3


def test_duel_bonus_goes_to_the_cards_of_one_line_with_the_target_under_relaxed_groups() -> None:
    columns = ["1|8h", "1|7h6s5s"] + ["1|Kh", "1|Ah"] * 4
    game = Game.from_position(position(columns, rules="2R-MAND", score=0))
    game.play("2>1")
    assert game.score == 2 - 1  # the 7 of hearts only: the spades break the line
    game.undo()
    game = Game.from_position(position(["1|8h", "1|7h6h5s"] + ["1|Kh", "1|Ah"] * 4, rules="2R-MAND", score=0))
    game.play("2>1")
    assert game.score == 4 - 1


def test_a_position_keeps_which_cards_have_earned_their_bonus() -> None:
    columns = ["1|Jh", "1|Jh", "1|Th9h"] + ["1|Kh", "1|Ah"] * 3 + ["1|Ks"]
    game = Game.from_position(position(columns, rules="2C-MAND", score=0))
    game.play("3>1")
    text = game.position()
    assert "JhTh+9h+" in text and text.split()[1].count("+") == 2
    assert "JhTh+9h+" in game.position(public=True)
    again = Game.from_position(text)
    assert again.position() == text
    again.play("1>2")  # the 10 and 9 have earned theirs already, read back from the text
    assert again.score == game.score - 1


def test_the_bonus_mark_is_refused_outside_duel_scoring() -> None:
    text = position(["1|Jh", "1|Jh", "1|Th9h"] + ["1|Kh", "1|Ah"] * 3 + ["1|Ks"], rules="2C", score=0)
    with pytest.raises(InvalidPositionError, match=r"Column 3 marks a card with \+"):
        Game.from_position(text.replace("Th9h", "Th9h+"))


def test_undo_restores_the_score_and_costs_nothing() -> None:
    game = Game.from_code("SP1-S1C-AAAAAAD")
    game.play("1>8")
    game.play("d")
    game.undo()
    game.undo()
    assert (game.score, game.moves) == (500, 0)


def test_the_last_move_follows_undo_and_redo_and_a_deal() -> None:
    game = Game.from_code("SP1-S1C-AAAAAAD")
    assert game.last_move is None
    game.play("1>8")
    first = game.last_move
    assert first is not None and (first.source, first.target, first.count) == (1, 8, 1)
    game.play("7>10")
    assert game.last_move is not None and (game.last_move.source, game.last_move.target) == (7, 10)
    game.undo()  # the table is as the first move left it
    assert game.last_move == first
    game.redo()
    assert game.last_move is not None and game.last_move.source == 7
    game.play("d")
    assert game.last_move is None  # a deal is no move
    game.undo()
    assert game.last_move is not None and game.last_move.source == 7


def test_a_move_is_the_last_move_where_undo_cannot_take_it_back() -> None:
    for rules in (TableRules(undo=0), TableRules(undo_past="no-reveal")):  # undo off; a card turned up
        game = Game.from_code("SP1-S1C-AAAAAAD", rules)
        game.play("1>8")
        assert game.last_move is not None and game.last_move.target == 8 and not game.can_undo


def test_a_game_replayed_from_its_actions_keeps_its_undo_history_and_its_table_rules() -> None:
    game = Game.replay("SP1-S1C-AAAAAAD", TableRules.preset("patience"), ["1>8", "d", "u", "u", "r"])
    by_hand = Game.from_code("SP1-S1C-AAAAAAD", TableRules.preset("patience"))
    by_hand.play("1>8")
    assert game.position() == by_hand.position() and game.rules == TableRules.preset("patience")
    assert str(game.redo()) == "d" and str(game.undo()) == "d" and str(game.undo()) == "1>8"


def test_replaying_stops_at_the_first_refused_action_with_its_refusal() -> None:
    with pytest.raises(IllegalMoveError, match="already in column 1"):
        Game.replay("SP1-S1C-AAAAAAD", None, ["d", "1>1", "d"])

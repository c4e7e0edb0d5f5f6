"""Worked examples of each rule of SPEC 1.3, and each refusal with the rule it names."""

from __future__ import annotations

import pytest

from spider import Game, IllegalMoveError, InvalidMoveError
from tests.engine.table import position

EMPTY = "0|"


def game(columns: list[str], **kwargs: object) -> Game:
    return Game.from_position(position(columns, **kwargs))  # type: ignore[arg-type]


def ten(*columns: str) -> list[str]:
    """The given columns, then columns ending in a king or an ace, which take no card a test plays."""
    fillers = ["1|Ks", "1|As"] * 5
    return list(columns) + fillers[: 10 - len(columns)]


def test_a_card_goes_on_one_rank_higher_whatever_its_suit() -> None:
    table = game(ten("1|6h", "1|7s", "1|8s"), rules="2C")
    table.play("1>2")
    assert [str(c) for c in table.face_up(2)] == ["7s", "6h"]
    with pytest.raises(IllegalMoveError, match="An 8 goes only on a 9"):
        table.play("3>2")


def test_nothing_goes_on_an_ace_and_a_king_only_into_an_empty_column() -> None:
    table = game(ten("1|As", "1|2s", "1|Ks", EMPTY))
    with pytest.raises(IllegalMoveError, match="Nothing goes on an ace"):
        table.play("2>1")
    with pytest.raises(IllegalMoveError, match="A king goes only into an empty column"):
        table.play("3>2")
    table.play("3>4")
    assert table.face_up(4)[-1].rank == 13


def test_a_group_of_one_suit_moves_together_in_classic_rules() -> None:
    table = game(ten("1|9s8s7s", "1|Ts"))
    table.play("1>2")
    assert [str(c) for c in table.face_up(2)] == ["Ts", "9s", "8s", "7s"]
    assert table.face_down[0] == 0  # the card under the group turned face up


def test_a_group_of_mixed_suits_is_refused_in_classic_and_moves_in_relaxed() -> None:
    columns = ten("1|9s8h7s", "1|Ts")
    with pytest.raises(IllegalMoveError, match="In classic rules a group must be one suit"):
        game(columns, rules="2C").play("1>2")
    relaxed = game(columns, rules="2R")
    relaxed.play("1>2")
    assert len(relaxed.face_up(2)) == 4


def test_the_card_that_fits_decides_how_many_cards_move() -> None:
    table = game(ten("1|9s8s7s6s", "1|8h"), rules="2C")
    table.play("1>2")
    assert [str(c) for c in table.face_up(2)] == ["8h", "7s", "6s"]
    assert [str(c) for c in table.face_up(1)] == ["9s", "8s"]


def test_a_count_moves_exactly_that_many_cards_into_an_empty_column() -> None:
    table = game(ten("1|9s8s7s", EMPTY))
    table.play("1>2:2")
    assert [str(c) for c in table.face_up(2)] == ["8s", "7s"]
    table.play("2>1")  # back onto the 9
    table.play("1>2")  # into an empty column, no count: the largest movable group
    assert [str(c) for c in table.face_up(2)] == ["9s", "8s", "7s"]


def test_no_card_is_taken_from_the_middle_of_a_column() -> None:
    table = game(ten("1|9s5s4s", "1|Ts"))
    with pytest.raises(IllegalMoveError, match="A 5 goes only on a 6"):
        table.play("1>2")
    with pytest.raises(IllegalMoveError, match="Only cards in sequence"):
        table.play("1>2:3")
    with pytest.raises(IllegalMoveError, match="Only cards in sequence"):
        table.play("1>4:3")  # the group is named before the card it would go on (an ace here)


def test_an_empty_column_takes_any_card() -> None:
    table = game(ten("1|5s", EMPTY))
    table.play("1>2")
    assert str(table.face_up(2)[0]) == "5s"


def test_refusals_name_the_columns() -> None:
    table = game(ten(EMPTY, "1|Ts"))
    with pytest.raises(IllegalMoveError, match="Column 1 is empty"):
        table.play("1>2")
    with pytest.raises(IllegalMoveError, match="already in column 2"):
        table.play("2>2")
    with pytest.raises(IllegalMoveError, match="Column 2 has only 1 face-up card"):
        table.play("2>1:3")
    with pytest.raises(InvalidMoveError, match="columns are numbered 1 to 10"):
        table.play("11>2")
    with pytest.raises(InvalidMoveError, match="'3-7' is not an action"):
        table.play("3-7")


def test_a_completed_run_leaves_the_table_and_the_card_under_it_turns_up() -> None:
    table = game(ten("1|As", "2|KsQsJsTs9s8s7s6s5s4s3s2s"), rules="1C")
    events = table.play("1>2")
    assert table.runs == ("s",)
    assert table.face_up(2) != () and table.face_down[1] == 1
    assert [type(e).__name__ for e in events] == ["Moved", "Flipped", "RunRemoved", "Flipped"]
    assert table.score == 500 - 1 + 100


def test_a_run_must_be_one_suit_even_under_relaxed_groups() -> None:
    table = game(["1|As", "1|KsQsJsTs9s8s7s6s5s4s3s2h"] + ["1|Kh"] * 4 + ["1|Ah"] * 4, rules="2R")
    table.play("1>2")
    assert table.runs == ()
    assert len(table.face_up(2)) == 13


def test_dealing_puts_one_card_on_each_column() -> None:
    table = game(ten("1|5s", "1|5s"), stock=20)
    next_cards = table.stock[:10]
    table.play("d")
    assert [column[-1] for column in table.columns] == list(next_cards)
    assert table.deals_left == 1 and table.moves == 1 and table.score == 499


def test_no_deal_with_an_empty_column_under_filled_and_dealing_under_any() -> None:
    columns = ten(EMPTY, "1|5s")
    with pytest.raises(IllegalMoveError, match="Fill the empty columns before dealing"):
        game(columns, stock=10).play("d")
    anyway = game(columns, stock=10, rules="1C-A")
    anyway.play("d")
    assert len(anyway.columns[0]) == 1


def test_the_stock_is_empty() -> None:
    with pytest.raises(IllegalMoveError, match="The stock is empty"):
        game(ten("1|5s")).play("d")


def test_a_deal_can_complete_runs_in_several_columns() -> None:
    run_less_ace = "KsQsJsTs9s8s7s6s5s4s3s2s"
    table = game(ten("1|" + run_less_ace, "1|" + run_less_ace), stock="AsAs3s4s6s7s8s9sTsJs", rules="1C")
    events = table.play("d")
    assert table.runs == ("s", "s")
    assert [type(e).__name__ for e in events].count("RunRemoved") == 2
    assert table.face_down[:2] == (0, 0)  # both cards under the runs turned up
    assert table.score == 500 - 1 + 200


def test_never_a_deal_again_when_fewer_cards_than_columns_remain() -> None:
    runs = "sssssss"
    table = game(["1|5s"] + [EMPTY] * 9, stock=0, runs=runs, filler=1)
    assert table.deal_never_possible is False  # the stock is empty: nothing to deal anyway
    with_stock = game([EMPTY] * 9 + ["0|As"], stock=10, runs=runs, filler=10)
    assert with_stock.deal_never_possible
    with pytest.raises(IllegalMoveError, match="No deal is possible any more"):
        with_stock.play("d")


def test_manual_flip_leaves_the_card_down_until_flipped_and_the_pile_takes_any_card() -> None:
    table = game(ten("1|5s", "1|"), rules="1C-M")
    assert "1>2:1" in [str(a) for a in table.legal_actions()]
    table.play("1>2")  # a face-down pile takes any card, like an empty column
    assert table.face_down[0] == 1 and table.face_up(1) == ()
    assert "f1" in [str(a) for a in table.legal_actions()]
    moves_before = table.moves
    events = table.play("f1")
    assert table.face_down[0] == 0 and type(events[0]).__name__ == "Flipped"
    assert table.moves == moves_before  # a flip is not a move
    with pytest.raises(IllegalMoveError, match="already shows a face-up card"):
        table.play("f1")


def test_flipping_is_refused_under_automatic_flip() -> None:
    with pytest.raises(IllegalMoveError, match="turn face up by themselves"):
        game(ten("1|5s")).play("f1")


def test_winning_removes_the_eighth_run() -> None:
    table = game(["0|As", "0|KsQsJsTs9s8s7s6s5s4s3s2s"] + [EMPTY] * 8, runs="sssssss", filler=1, score=800)
    events = table.play("1>2")
    assert table.won and type(events[-1]).__name__ == "Won"
    assert table.legal_actions() == []
    assert "the game is won" in table.describe()


def test_best_target_prefers_the_same_suit_then_any_suit_then_an_empty_column() -> None:
    table = game(ten("1|5h", "1|6s", "1|6h", EMPTY), rules="2C")
    assert table.best_target(1, 1) == 3
    table = game(ten("1|5h", "1|6s", EMPTY, "1|6s"), rules="2C")
    assert table.best_target(1, 1) == 2  # leftmost among equals
    table = game(ten("1|5h", EMPTY, "1|Kh"), rules="2C")
    assert table.best_target(1, 1) == 2
    table = game(["1|Kh"] * 4 + ["1|Ks"] * 4 + ["1|Ah", "1|Ah"], rules="2C")
    assert table.best_target(1, 1) is None


def test_best_target_keeps_the_longest_same_suit_run() -> None:
    table = game(ten("1|5h", "1|6h", "1|7h6h"), rules="2C")
    assert table.best_target(1, 1) == 3


def test_group_targets_lists_every_movable_group_with_its_columns() -> None:
    table = game(ten("1|9s8s7s", "1|Ts", "1|9h", EMPTY), rules="2C")
    accepted = table.group_targets()
    assert accepted[(1, 3)] == [2, 4]
    assert accepted[(1, 1)] == [4] and accepted[(1, 2)] == [3, 4]
    assert all(table.targets(column, count) == sorted(cols) for (column, count), cols in accepted.items())
    assert str(table.deal_refusal) == "The stock is empty."


def test_a_group_that_fits_nowhere_is_told_the_rule() -> None:
    table = game(ten("1|9s8s7s", "1|Ts", "1|Kh"), rules="2C")
    assert str(table.nowhere_refusal(1, 2)) == "An 8 goes only on a 9."
    assert str(table.nowhere_refusal(3, 1)) == "A king goes only into an empty column."
    mixed = game(["1|9s8h7s6s"] + ["1|Kh", "1|Ah"] * 4 + ["1|Ks"], rules="2C")
    assert str(mixed.nowhere_refusal(1, 3)) == "In classic rules a group must be one suit."


def test_a_refusal_names_the_action_and_the_position_in_its_repr_not_in_its_sentence() -> None:
    table = Game.from_code("SP1-S1C-AAAAAAD")
    with pytest.raises(IllegalMoveError) as refused:
        table.play("1>1")
    assert str(refused.value) == "The cards are already in column 1."
    assert (refused.value.action, refused.value.position) == ("1>1", table.position(public=True))
    assert repr(refused.value) == (
        "IllegalMoveError('refuse.same_column', column=1, action='1>1', "
        "position='1C 5|2s/5|6s/5|Qs/5|9s/4|9s/4|As/4|4s/4|3s/4|8s/4|5s 50 - 500 0')"
    )
    with pytest.raises(IllegalMoveError) as refused:
        table.undo()
    assert refused.value.action == "u" and refused.value.message_id == "refuse.nothing_to_undo"
    with pytest.raises(IllegalMoveError) as refused:
        table.apply_text("r")
    assert refused.value.action == "r" and refused.value.position == table.position(public=True)

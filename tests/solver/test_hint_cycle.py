"""Hints that help: pressing Hint again shows the next worthwhile move and wraps; when no move is worth
making for itself but empty columns hold back the deal, the hint fills them; the hint never says nothing
can be done while a move turns a card up or makes the deal possible."""

from __future__ import annotations

import random
import shlex

import pytest

from spider import Game, TableRules
from spider.codes import GameCode
from spider.practice import Exercise, exercises
from spider.practice.hints import exercise_hint
from spider.solver import hint, no_more_moves
from spider.solver.commands import open_game
from tests.solver.test_hint import public, reshuffle_hidden

LANGUAGES = ("en", "he", "pl", "nl", "pt")

# A 4-suit game under the patience preset where no move is worth making for itself, column 4 is empty (so
# no deal), and moving the queen of clubs or the 5 of clubs into it turns a card up and allows the deal.
PATIENCE_CODE = "SP1-S4C-WBHHWOC"
PATIENCE_MOVES = "7>4 1>6 3>7 8>1 4>8 4>7 4>5 3>7 3>7 3>1 3>7 4>5 9>4 4>1 4>9 6>9 7>6 7>4:1 9>7 4>9"

# A 1-suit table with two empty columns, 5 deals left, and every other column one run from a king.
TWO_EMPTY_UP = ["", "", *["KsQsJsTs9s"] * 4, *["KsQsJs"] * 4]
TWO_EMPTY_DOWN = [0, 0, 3, 3, 3, 3, 3, 3, 2, 2]


def one_suit_table(rules: str, downs: list[int], ups: list[str], stock: int) -> Game:
    """A 1-suit game with these face-down counts and face-up cards, the face-down cards and the stock
    made of the spades left over."""
    left = [rank for rank in "KQJT98765432A" for _ in range(8)]
    for column in ups:
        for rank in column[::2]:
            left.remove(rank)
    random.Random(7).shuffle(left)
    cards = [f"{rank}s" for rank in left]
    columns = []
    for down, up in zip(downs, ups, strict=True):
        columns.append("".join(cards[:down]) + "|" + up)
        cards = cards[down:]
    assert len(cards) == stock
    return Game.from_position(f"{rules} {'/'.join(columns)} {''.join(cards) or '-'} - 500 40")


def two_empty_columns() -> Game:
    return one_suit_table("1C", TWO_EMPTY_DOWN, TWO_EMPTY_UP, 50)


def test_pressing_hint_again_shows_the_next_move_then_wraps() -> None:
    game = Game.from_code(GameCode(1, 5, TableRules()))
    first = hint(public(game))
    assert first.index == 0 and first.total >= 3
    found = [hint(public(game), index=index) for index in range(first.total)]
    actions = [each.action for each in found]
    assert len(set(actions)) == first.total, actions
    assert [each.index for each in found] == list(range(first.total))
    legal = {str(action) for action in game.legal_actions()}
    assert all(action in legal for action in actions)
    wrapped = hint(public(game), index=first.total)
    assert (wrapped.action, wrapped.index) == (first.action, 0)


@pytest.mark.parametrize(("suits", "shuffle"), [(1, 3), (2, 8), (4, 11)])
def test_every_hint_of_the_cycle_is_the_same_whatever_the_face_down_cards(suits: int, shuffle: int) -> None:
    game = Game.from_code(GameCode(suits, shuffle, TableRules()))
    for _ in range(6):
        game.play(hint(public(game)).action or "d")
    total = hint(public(game)).total
    for seed in range(2):
        other = reshuffle_hidden(game, seed)
        for index in range(total + 1):
            assert hint(public(other), index=index) == hint(public(game), index=index)


def test_flip_hints_cycle_through_the_columns_to_turn_up() -> None:
    ups = ["", "", *["KsQsJsTs9s"] * 4, *["KsQsJs"] * 4]
    game = one_suit_table("1C-MAND", [3, 1, 3, 3, 3, 3, 2, 2, 1, 1], ups, 50)
    assert game.can_uncover
    found = [hint(public(game), index=index) for index in range(3)]
    assert [each.action for each in found] == ["f1", "f2", "f1"]
    assert [(each.index, each.total) for each in found] == [(0, 2), (1, 2), (0, 2)]


def test_the_patience_position_gets_a_move_that_turns_a_card_up_and_allows_the_deal() -> None:
    game = open_game(PATIENCE_CODE, "patience", shlex.split(PATIENCE_MOVES))
    assert not game.deal_possible
    found = hint(public(game))
    assert found.action is not None, found.message
    assert found.lead_id == "hint.fill_deal"
    down = sum(game.face_down)
    game.play(found.action)
    assert game.deal_possible
    assert sum(game.face_down) == down - 1
    for lang in LANGUAGES:
        text = found.text(lang)
        assert "2" in text and "4" in text, text


def test_empty_columns_that_hold_back_the_deal_are_filled_then_the_deal_follows() -> None:
    game = two_empty_columns()
    assert not game.deal_possible and public(game).deals_left == 5
    found = hint(public(game))
    assert found.action is not None, found.message
    assert found.lead_id == "hint.fill_deal"
    assert "fill them, then deal" in found.text("en")
    for _ in range(4):
        game.play(found.action or "")
        if game.deal_possible:
            break
        found = hint(public(game))
    assert game.deal_possible
    assert not any(not cards for cards in game.columns)


def test_the_lead_speaks_of_one_empty_column_or_of_several_in_every_language() -> None:
    several = hint(public(two_empty_columns()))
    one = hint(public(open_game(PATIENCE_CODE, "patience", shlex.split(PATIENCE_MOVES))))
    for lang, plural, singular in [
        ("en", "the empty columns keep", "the empty column keeps"),
        ("he", "שתי העמודות הריקות", "העמודה הריקה"),
        ("pl", "puste kolumny", "pusta kolumna"),
        ("nl", "lege kolommen", "lege kolom kun"),
        ("pt", "as pilhas vazias", "a pilha vazia"),
    ]:
        assert plural in several.text(lang), several.text(lang)
        assert singular in one.text(lang), one.text(lang)


def test_sampled_positions_never_say_nothing_can_be_done_while_something_can() -> None:
    """Along games played by hints (the n-th of each cycle picked at random), wherever the hint has no
    move and no deal is allowed, "no more moves" agrees that nothing helps, and no move turns a card up or
    allows a deal."""
    rng = random.Random(41)
    checked = 0
    for number in range(6):
        rules = TableRules.preset("patience") if number % 2 else TableRules()
        game = Game.from_code(GameCode((1, 2, 4)[number % 3], 100 + number, rules))
        for _ in range(50):
            position = public(game)
            found = hint(position, index=rng.randrange(3))
            checked += 1
            if found.action is None:
                if game.deal_possible:
                    game.play("d")
                    continue
                assert found.message_id == "hint.stuck", (game.code, game.position(public=True), found.message)
                assert no_more_moves(position)
                for action in game.legal_actions():
                    after = game.copy()
                    after.play(str(action))
                    assert not after.deal_possible
                    assert sum(after.face_down) == sum(game.face_down)
                break
            game.play(found.action)
    assert checked > 150


# Exercises whose goal the practice hint does not yet lead to: one needs the stock's next card guessed (which
# filling move keeps the run that the dealt ace completes), one counts turning cards by hand as moves, and one
# needs a five-move line in four suits, beyond the search's 20,000 positions.
NOT_YET = {"fill-before-deal", "park-on-face-down", "two-empty-columns"}


@pytest.mark.parametrize(
    "exercise",
    [
        pytest.param(found, marks=pytest.mark.xfail(strict=True, reason="not yet")) if found.id in NOT_YET else found
        for found in exercises()
        if found.goal.kind != "win" and found.goal.limit is not None
    ],
    ids=lambda found: found.id,
)
def test_hints_in_an_exercise_lead_to_its_goal_within_its_move_limit(exercise: Exercise) -> None:
    game = exercise.start()
    while not exercise.reached(game):
        assert exercise.goal.within_limit(exercise.start(), game), f"{exercise.id}: the hints spent the moves"
        found = exercise_hint(exercise, game)
        assert found.action is not None or found.message_id == "hint.none_deal", found.message
        game.play(found.action or "d")


def test_the_first_exercise_hint_turns_up_column_1() -> None:
    exercise = exercises()[0]
    found = exercise_hint(exercise, exercise.start())
    assert found.action == "1>2" and found.total == 1
    game = exercise.start()
    game.play(found.action)
    assert exercise.reached(game)

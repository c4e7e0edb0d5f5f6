"""The win-chance estimator (spider.players.chances): from what the player sees, never a face-down card."""

from __future__ import annotations

import itertools
import time

import pytest

from spider import Game, TableRules
from spider.codes import GameCode
from spider.notation import Position, parse_position
from spider.players.chances import GUESSES, calibrated, guesses_seed, win_chance
from tests.engine.table import position


def _other_face_down_cards(game: Game) -> Game:
    """The same table with its face-down cards and stock dealt otherwise: what the player sees is unchanged."""
    seen = game.to_position()
    assert seen.hidden is not None and seen.stock is not None
    unseen = [card for cards in seen.hidden for card in cards] + list(seen.stock)
    unseen.reverse()
    hidden, taken = [], 0
    for down in seen.face_down:
        hidden.append(unseen[taken : taken + down])
        taken += down
    other = Game(
        seen.suits,
        seen.rules,
        [cards + list(up) for cards, up in zip(hidden, seen.columns, strict=True)],
        seen.face_down,
        unseen[taken:],
        seen.runs,
        seen.score,
        seen.moves,
    )
    assert other.to_position() != seen
    return other


@pytest.mark.parametrize("suits", [1, 4])
def test_the_face_down_cards_never_change_the_estimate(suits: int) -> None:
    game = Game.from_code(GameCode(suits, 17, TableRules.preset("classic")))
    other = _other_face_down_cards(game)
    first = win_chance(game.public_position(), seed=5)
    second = win_chance(other.public_position(), seed=5)
    assert first == second
    assert first.guesses == GUESSES


def test_the_same_position_and_seed_give_the_same_estimate() -> None:
    public = Game.from_code(GameCode(2, 31, TableRules.preset("classic"))).public_position()
    assert win_chance(public, seed=3) == win_chance(public, seed=3)
    # Without a seed the position seeds its guesses: asking again gives the same answer.
    assert win_chance(public) == win_chance(public)


# A 1-suit table with face-down cards and a stock: the 8 in column 1 may go onto the 9 in column 2 and back.
MIDGAME = position(["3|9s8s", "4|9s", "4|Ks", "4|Qs", "4|Js", "4|Ts", "4|7s", "4|6s", "4|5s", "4|4s"], stock=30)


def test_a_table_seen_again_keeps_its_chance() -> None:
    game = Game.from_position(MIDGAME)
    first = game.public_position()
    game.apply_text("1>2")
    game.apply_text("2>1")  # there and back: the same table, two moves on, a lower score
    again = game.public_position()
    assert again.columns == first.columns and again.moves == first.moves + 2 and again.score < first.score
    assert win_chance(again) == win_chance(first)


def test_a_move_that_turns_nothing_up_is_judged_on_the_same_imaginings() -> None:
    # the same cards hidden the same way before and after: the two chances differ by the move, not by the draw
    game = Game.from_position(MIDGAME)
    before = game.public_position()
    game.apply_text("1>2")  # the 8 onto the other 9: nothing turned up
    moved = game.public_position()
    assert guesses_seed(moved) == guesses_seed(before)
    game.apply_text("7>2")  # the 7 onto the 8: a card of column 7 turned up, one fewer unseen
    assert guesses_seed(game.public_position()) != guesses_seed(moved)
def test_a_position_that_shows_its_face_down_cards_is_refused() -> None:
    game = Game.from_code(GameCode(1, 3, TableRules.preset("classic")))
    with pytest.raises(ValueError, match="public position"):
        win_chance(game.to_position())


def test_an_easy_deal_is_given_better_chances_than_a_hard_one() -> None:
    def opening(suits: int, shuffle: int) -> float:
        public = Game.from_code(GameCode(suits, shuffle, TableRules.preset("classic"))).public_position()
        return win_chance(public, seed=1).chance

    one = [opening(1, shuffle) for shuffle in range(3)]
    four = [opening(4, shuffle) for shuffle in range(3)]
    assert min(one) >= 0.7
    assert sum(four) < sum(one)


def test_a_table_with_nothing_unseen_is_judged_once_and_surely() -> None:
    # Seven runs removed; the last is spread over two columns, nothing face down, no stock.
    won_soon = parse_position(position(["|KsQsJsTs9s8s7s6s5s4s3s", "|2sAs"] + ["|"] * 8, runs="sssssss"))
    estimate = win_chance(won_soon.to_public(), seed=1)
    assert (estimate.chance, estimate.guesses) == (1.0, 1)


def test_a_game_already_won_is_certain() -> None:
    won = parse_position(position(["|"] * 10, runs="ssssssss"))
    assert win_chance(won.to_public()) == win_chance(won.to_public(), seed=9)
    assert win_chance(won.to_public()).chance == 1.0


def test_a_busy_machine_gives_the_same_estimate(monkeypatch: pytest.MonkeyPatch) -> None:
    public = Game.from_code(GameCode(4, 8, TableRules.preset("classic"))).public_position()
    quiet = win_chance(public)
    # every reading of the clock a thousand seconds on: a time limit would end each search at once
    ticks = itertools.count()
    monkeypatch.setattr(time, "process_time", lambda: 1000.0 * next(ticks))
    monkeypatch.setattr(time, "monotonic", lambda: 1000.0 * next(ticks))
    assert win_chance(public) == quiet
    assert quiet.guesses == GUESSES


def test_a_1_suit_opening_is_given_about_what_master_wins() -> None:
    # master wins about 98% of fresh 1-suit deals (bench/NOTES.md); the review once gave such an opening 17%
    for shuffle in (11, 12):
        public = Game.from_code(GameCode(1, shuffle, TableRules.preset("classic"))).public_position()
        assert win_chance(public).chance >= 0.85


def _opening(suits: int) -> Position:
    return Game.from_code(GameCode(suits, 5, TableRules.preset("classic"))).public_position()


@pytest.mark.parametrize("suits", [1, 2, 4])
def test_the_chance_shown_rises_with_the_share_won_and_stays_within_bounds(suits: int) -> None:
    shown = [calibrated(won / GUESSES, _opening(suits)) for won in range(GUESSES + 1)]
    assert all(0.0 < each < 1.0 for each in shown)
    assert shown == sorted(shown)
    assert shown[0] < shown[-1]


def test_at_the_same_share_won_a_4_suit_opening_is_given_less_than_a_1_suit_one() -> None:
    one, four = _opening(1), _opening(4)
    assert all(calibrated(won / GUESSES, four) < calibrated(won / GUESSES, one) for won in range(GUESSES + 1))

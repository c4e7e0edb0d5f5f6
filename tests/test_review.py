"""The review of a finished game (spider.players.review): what master would have played at each of the player's
moves and deals, the chances before and after from what the player could see, the accuracy, the costliest
moves, and a practice position that keeps only what the player knew."""

from __future__ import annotations

import itertools
import time
from collections import Counter

import pytest

from spider.codes import GameCode
from spider.game import Game
from spider.notation import Position, parse_position
from spider.players import review as reviewing
from spider.players.chances import Chance
from spider.players.review import move_accuracy, practice_position, review
from spider.rules import TableRules
from spider.text import speaking

CODE = "SP1-S1C-AAAAAAD"
# From the opening: 1>8 turns up a card in column 1; then a deal.
LINE = ["1>8", "u", "r", "d"]


@pytest.fixture
def seen(monkeypatch: pytest.MonkeyPatch) -> list[Position]:
    """Every position the chance estimator is shown; each one's chance is its stock's count / 100 + the
    face-down cards' / 1000, so that the tests can tell which position an estimate was of."""
    shown: list[Position] = []

    def chance(position: Position, *, seed: int | None = None) -> Chance:
        shown.append(position)
        return Chance(min(1.0, position.stock_count / 100 + sum(position.face_down) / 1000), 1)

    monkeypatch.setattr(reviewing, "win_chance", chance)
    return shown


def test_moves_and_deals_are_reviewed_with_chances_and_master_choice(seen: list[Position]) -> None:
    found = review(CODE, None, LINE)
    assert [(step.at, step.action) for step in found.steps] == [(0, "1>8"), (3, "d")]
    opening = Game.from_code(CODE)
    legal = {str(action) for action in opening.legal_actions()}
    assert found.steps[0].master in legal
    for step in found.steps:
        assert 0 <= step.before <= 1 and 0 <= step.after <= 1
        assert 0 <= step.accuracy <= 100
    assert 0 <= found.accuracy <= 100
    as_json = found.to_json()
    assert as_json["steps"][1]["action"] == "d" and isinstance(as_json["accuracy"], float)


def test_only_public_positions_reach_the_estimator_and_master(
    seen: list[Position], monkeypatch: pytest.MonkeyPatch
) -> None:
    asked: list[Position] = []
    original = reviewing._Master.next_action

    def next_action(self: reviewing._Master, position: Position, seconds_left: float | None = None) -> str | None:
        asked.append(position)
        return original(self, position, seconds_left)

    monkeypatch.setattr(reviewing._Master, "next_action", next_action)
    review(CODE, None, LINE)
    assert seen and asked
    assert all(position.public for position in seen + asked)


def test_a_card_turned_up_is_face_down_again_for_the_chance_after(seen: list[Position]) -> None:
    found = review(CODE, None, ["1>8"])
    after = seen[-1]
    assert after.face_down[0] == 5 and after.columns[0] == ()  # column 1's new top card unseen
    assert found.steps[0].after == pytest.approx(0.5 + 44 / 1000, abs=0.001)


def test_agreeing_with_master_loses_nothing(seen: list[Position], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(reviewing._Master, "next_action", lambda self, position, seconds_left=None: "d")
    found = review(CODE, None, ["d"])
    # The deal lowers the estimate (fewer cards in the stock), but master deals too.
    step = found.steps[0]
    assert step.agrees and step.after < step.before
    assert step.loss == 0 and step.accuracy == 100 and found.costliest == ()


def test_the_costliest_moves_are_the_three_that_lost_most(monkeypatch: pytest.MonkeyPatch) -> None:
    chances = iter([0.9, 0.8, 0.8, 0.5, 0.5, 0.45, 0.45, 0.1, 0.1, 0.1])
    monkeypatch.setattr(reviewing, "win_chance", lambda position, seed=None: Chance(next(chances), 1))
    monkeypatch.setattr(reviewing, "_Chances", _Uncached)
    monkeypatch.setattr(reviewing._Master, "next_action", lambda self, position, seconds_left=None: None)
    game = Game.from_code(CODE)
    moves = ["1>8", "9>4", "10>2", "8>7", "d"]
    for text in moves:
        game.apply_text(text)
    found = review(CODE, None, moves)
    losses = [round(step.loss) for step in found.steps]
    assert losses == [10, 30, 5, 35, 0]
    assert found.costliest == (3, 1, 0)
    assert [step.costly for step in found.steps] == [True, True, False, True, False]
    assert found.accuracy == pytest.approx(sum(move_accuracy(loss) for loss in (10, 30, 5, 35, 0)) / 5, abs=0.5)


class _Uncached(reviewing._Chances):
    def of(self, position: Position) -> float:
        return reviewing.win_chance(position).chance


def test_accuracy_follows_the_loss() -> None:
    assert move_accuracy(0) == 100
    assert 100 > move_accuracy(5) > move_accuracy(20) > move_accuracy(50) >= 0


def test_progress_is_told_after_each_reviewed_action(seen: list[Position]) -> None:
    told: list[tuple[int, int]] = []
    review(CODE, None, LINE, progress=lambda done, total: told.append((done, total)))
    assert told == [(1, 2), (2, 2)]


def test_practice_position_keeps_what_was_seen_and_reimagines_the_rest() -> None:
    code = "SP1-S4C-AAAAAAD"
    game = Game.from_code(code)
    actions = [str(game.legal_actions()[0])]
    game.apply_text(actions[0])
    real = parse_position(game.position())
    texts = {practice_position(code, None, actions, 1, seed=seed) for seed in range(3)}
    assert len(texts) == 3  # a new guess for each seed
    for text in texts:
        practice = parse_position(text)
        assert practice.columns == real.columns and practice.face_down == real.face_down
        assert practice.hidden != real.hidden and practice.stock != real.stock
        assert practice.hidden is not None and practice.stock is not None and real.hidden and real.stock
        unseen = Counter(card for cards in practice.hidden for card in cards) + Counter(practice.stock)
        assert unseen == Counter(card for cards in real.hidden for card in cards) + Counter(real.stock)


def _step(at: int, before: float, after: float) -> reviewing.Step:
    loss = max(0.0, 100 * (before - after))
    return reviewing.Step(at, "1>2", "3>4", False, before, after, loss, move_accuracy(loss))


def test_a_move_whose_chance_shows_no_change_is_never_among_the_costliest() -> None:
    # Four moves lost something; two of them only below a whole percent: "3% -> 3%" and "4% -> 4%".
    steps = [_step(0, 0.034, 0.026), _step(1, 0.50, 0.49), _step(2, 0.044, 0.036), _step(3, 0.30, 0.20)]
    found = reviewing.summarize(steps)
    assert found.costliest == (3, 1)
    assert [step.costly for step in found.steps] == [False, True, False, True]
    shown = [(reviewing.shown_percent(step.before), reviewing.shown_percent(step.after)) for step in found.steps]
    assert all(before != after for (before, after), step in zip(shown, found.steps, strict=True) if step.costly)


def test_a_game_whose_moves_lost_only_fractions_of_a_percent_has_no_costliest() -> None:
    found = reviewing.summarize([_step(0, 0.034, 0.026), _step(1, 0.971, 0.966)])
    assert found.costliest == ()
    assert found.accuracy < 100  # the loss still counts in the accuracy


# A 4-suit deal, an opening the solver seldom wins in its budget: from it a move, a deal, more moves.
FOUR = GameCode(4, 17, TableRules.preset("classic"))


def _four_suit_line(count: int) -> list[str]:
    game, line = Game.from_code(FOUR), []
    for _ in range(count):
        action = str(next(iter(game.legal_actions())))
        game.apply_text(action)
        line.append(action)
    return line


def test_a_review_gives_the_same_figures_twice_however_slow_the_clock(monkeypatch: pytest.MonkeyPatch) -> None:
    line = _four_suit_line(4)
    quiet = review(FOUR, None, line, seed=7)
    # A machine so busy that every reading of the clock finds another thousand seconds gone: a time limit, or a
    # share of time, would cut every search short; node budgets do not notice.
    ticks = itertools.count()
    monkeypatch.setattr(time, "process_time", lambda: 1000.0 * next(ticks))
    monkeypatch.setattr(time, "monotonic", lambda: 1000.0 * next(ticks))
    busy = review(FOUR, None, line, seed=7)
    assert [(step.master, step.before, step.after) for step in busy.steps] == [
        (step.master, step.before, step.after) for step in quiet.steps
    ]
    assert busy == quiet
    assert next(ticks) > 0  # the clock was read, and slow


def test_a_reviews_chances_are_the_meters_for_the_same_table() -> None:
    line = ["1>8", "d"]
    found = review(CODE, None, line)
    game = Game.from_code(CODE)
    for step, action in zip(found.steps, line, strict=True):
        assert step.before == reviewing.win_chance(game.public_position()).chance
        game.apply_text(action)


def test_each_step_says_its_move_and_masters_in_cards() -> None:
    # 1>8 moves the 2 of spades onto the 3 in column 8; master's choice is a move too, or a deal
    step = review(CODE, None, ["1>8", "d"]).steps
    moved, dealt = step[0].to_json(), step[1].to_json()
    assert moved["words"] == "the 2 of spades from column 1 onto the 3 of spades in column 8"
    assert dealt["action"] == "d" and dealt["words"] is None  # a deal: the page's own words, never "d"
    for said, move in ((moved["master_words"], moved["master_move"]), (dealt["master_words"], dealt["master_move"])):
        if said is not None:
            assert ">" not in said and "column" in said and " of " in said
            assert set(move) == {"column", "count", "target"}
    with speaking("pl"):
        polish = step[0].to_json()["words"]
    with speaking("he"):
        hebrew = step[0].to_json()["words"]
    assert polish == "przeniesienie dwójki pik z kolumny 1 na trójkę pik w kolumnie 8"
    assert hebrew == "העברת ה־2 עלה מעמודה 1 אל ה־3 עלה בעמודה 8"


def test_masters_move_is_said_with_the_cards_it_takes() -> None:
    said = reviewing.in_words(Game.replay(CODE, None, ["1>8"]), "9>4")
    assert said is not None and said.moving == reviewing.Moving(9, 1, 4)
    assert reviewing.in_words(Game.from_code(CODE), "d") is None
    assert reviewing.in_words(Game.from_code(CODE), None) is None

"""Analysis after a game: was the opening winnable, and where was a win last still possible."""

from __future__ import annotations

from spider import Game, TableRules
from spider.codes import GameCode
from spider.solver import analyse, solve


def test_a_won_line_is_winnable_to_its_end() -> None:
    code = str(GameCode(1, 0, TableRules()))
    line = solve(Game.from_code(code), seconds=30).line
    analysis = analyse(code, line[:20], seconds_per_position=20)
    assert analysis.opening == "win"
    assert analysis.last_winnable == 20


def test_the_last_winnable_position_before_a_hopeless_deal_sequence() -> None:
    # Dealing all five deals at once from a 1-suit opening buries the table; the win is lost somewhere
    # along the way, and the answer is the last position the solver can still win from.
    code = str(GameCode(1, 0, TableRules()))
    actions = ["d", "d", "d", "d", "d"]
    analysis = analyse(code, actions, seconds_per_position=3)
    assert analysis.opening == "win"
    assert analysis.last_winnable is not None
    game = Game.from_code(code)
    for action in actions[: analysis.last_winnable]:
        game.play(action)
    copy = game.copy()
    for action in analysis.line:
        copy.play(action)
    assert copy.won


def test_undo_in_the_actions() -> None:
    code = str(GameCode(1, 3, TableRules()))
    analysis = analyse(code, ["d", "u", "d"], seconds_per_position=20)
    assert analysis.opening == "win"
    assert analysis.last_winnable is not None

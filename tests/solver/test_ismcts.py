"""The tree player (information-set Monte Carlo tree search): it plays from what it sees, repeats itself with
the same seed, and wins a simple deal."""

from __future__ import annotations

import pytest

from spider import Game, TableRules
from spider.codes import GameCode
from spider.notation import parse_position
from spider.players import play_game
from spider.players.ismcts import TreePlayer
from tests.solver import positions
from tests.solver.test_players import alike_until_a_different_card


def _player(seed: int) -> TreePlayer:
    """A tree player on budgets small enough for a test, with generous seconds, so that the iterations alone
    end each search."""
    return TreePlayer(seed=seed, iterations=60, leaf_nodes=300, seconds=60.0)


# Two runs left, no stock and no face-down card: a win within a few moves.
NEARLY_WON = "1C |Js/|9s/|Ts/|/|KsQs/|KsQsJsTs9s8s7s/|3s2s/|8s7s6s5s4s/|6s5s4s3s2sAs/|As - ssssss 500 0"


@pytest.mark.parametrize("suits", [1, 2, 4])
def test_the_tree_player_chooses_legal_actions_from_the_public_position(suits: int) -> None:
    game = Game.from_code(GameCode(suits, 5, TableRules()))
    player = _player(1)
    for _ in range(15):
        action = player.next_action(game.public_position())
        if action is None:
            break
        assert action in {str(legal) for legal in game.legal_actions()}
        game.play(action)


def test_the_tree_player_is_never_shown_the_face_down_cards() -> None:
    with pytest.raises(ValueError, match="public position"):
        TreePlayer().next_action(parse_position(Game.from_code(GameCode(2, 5, TableRules())).position()))


def test_the_unseen_cards_do_not_change_the_tree_players_decisions() -> None:
    """Two games that differ only in the face-down cards and the stock order get the same actions from tree
    players with the same seed, until a card that differs is turned up or dealt."""
    assert alike_until_a_different_card([_player(7), _player(7)], 2, 30) >= 6


def test_the_same_seed_and_budgets_play_the_same_game() -> None:
    lines = [play_game(Game.from_code(GameCode(4, 9, TableRules())), _player(3), max_actions=25).line for _ in (1, 2)]
    assert lines[0] == lines[1] and len(lines[0]) == 25


def test_the_tree_player_wins_a_simple_deal() -> None:
    result = play_game(Game.from_position(NEARLY_WON), _player(1))
    assert result.won and result.actions <= 12, result.line


def test_the_tree_player_never_completes_a_run_that_leaves_too_few_cards_to_deal() -> None:
    game = Game.from_position(positions.TOO_FEW_TO_DEAL)
    player = _player(3)
    for _ in range(8):
        action = player.next_action(game.public_position())
        assert action is not None and action != "2>1", action
        game.play(action)
        assert sum(len(cards) for cards in game.columns) >= 10

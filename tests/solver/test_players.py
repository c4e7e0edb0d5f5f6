"""Computer players: they play from what they see, and the stronger wins at least as often."""

from __future__ import annotations

import pytest

from spider import Game, TableRules
from spider.codes import GameCode
from spider.notation import parse_position
from spider.players import STRENGTHS, Player, play_game

SAMPLE = [GameCode(1, shuffle, TableRules()) for shuffle in range(4)]


def test_stronger_players_win_at_least_as_often() -> None:
    wins = {
        strength: sum(play_game(Game.from_code(code), Player(strength, seed=n)).won for n, code in enumerate(SAMPLE))
        for strength in STRENGTHS
    }
    assert wins["beginner"] <= wins["casual"] <= wins["expert"], wins
    assert wins["expert"] >= 1, wins


@pytest.mark.parametrize("strength", STRENGTHS)
def test_players_choose_legal_actions_from_the_public_position(strength: str) -> None:
    game = Game.from_code(GameCode(2, 5, TableRules()))
    player = Player(strength, seed=1)  # type: ignore[arg-type]
    for _ in range(60):
        action = player.next_action(parse_position(game.position(public=True)))
        if action is None:
            break
        assert action in {str(legal) for legal in game.legal_actions()}
        game.play(action)


def test_a_player_does_not_play_in_circles() -> None:
    game = Game.from_code(GameCode(4, 8, TableRules()))
    result = play_game(game, Player("beginner", seed=3), max_actions=5000)
    assert result.actions < 5000


def test_unknown_strength() -> None:
    with pytest.raises(ValueError, match="unknown player strength"):
        Player("grandmaster")  # type: ignore[arg-type]

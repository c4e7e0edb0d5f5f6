"""Spider Solitaire: the rules, the notation, game codes and the table in words.

>>> game = Game.from_code("SP1-S1C-AAAAAAD")
>>> len(game.legal_actions()) > 0
True
"""

from spider.actions import Action, Deal, Flip, Move, parse_action
from spider.cards import Card
from spider.codes import GameCode, parse_code
from spider.errors import (
    IllegalMoveError,
    InvalidCodeError,
    InvalidMoveError,
    InvalidPositionError,
    InvalidRulesError,
    SpiderError,
)
from spider.game import Game
from spider.notation import Position, parse_position
from spider.rules import PRESETS, TableRules

__all__ = [
    "Action", "Card", "Deal", "Flip", "Game", "GameCode", "IllegalMoveError", "InvalidCodeError",
    "InvalidMoveError", "InvalidPositionError", "InvalidRulesError", "Move", "PRESETS", "Position",
    "SpiderError", "TableRules", "parse_action", "parse_code", "parse_position",
]

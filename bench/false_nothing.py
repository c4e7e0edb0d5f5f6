"""How often the hint says nothing is worth doing while no deal is allowed and a move would still turn a
card up, complete a run or allow the deal (SPEC 2.2), over positions sampled along games played by hints.

    PYTHONPATH=src python bench/false_nothing.py [games] [actions per game]

Prints the positions sampled, the "nothing to do" answers with no deal allowed, and how many of them a
single move would have helped (a card turned up, or the deal allowed).
"""

from __future__ import annotations

import random
import sys

from spider import Game, TableRules
from spider.codes import GameCode
from spider.solver import hint


def main(games: int = 60, actions: int = 60) -> None:
    rng = random.Random(41)
    sampled = nothing = helped = 0
    for number in range(games):
        rules = TableRules.preset("patience") if number % 2 else TableRules()
        game = Game.from_code(GameCode((1, 2, 4)[number % 3], 1000 + number, rules))
        for _ in range(actions):
            sampled += 1
            found = hint(game.public_position())
            if found.action is None:
                if game.deal_possible:
                    game.play("d")
                    continue
                nothing += 1
                for action in game.legal_actions():
                    after = game.copy()
                    after.play(str(action))
                    if after.deal_possible or sum(after.face_down) < sum(game.face_down):
                        helped += 1
                        break
                break
            # a random one of the first hints, as a player pressing Hint a few times would
            pick = rng.randrange(3)
            try:
                chosen = hint(game.public_position(), index=pick).action
            except TypeError:  # a version of the solver before hints cycled: its one hint
                chosen = found.action
            game.play(chosen or found.action)
    print(f"positions sampled: {sampled}")
    print(f"'nothing to do' with no deal allowed: {nothing}")
    print(f"  of which one move would have turned a card up or allowed the deal: {helped}")


if __name__ == "__main__":
    main(*(int(arg) for arg in sys.argv[1:3]))

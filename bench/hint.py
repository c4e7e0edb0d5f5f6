"""Hint and "no more moves" benchmark: CPU time per call along games played by the hints themselves.

Each game (classic rules, shuffles from ``--first``) is played by taking the hint's move, or dealing when
the hint has none, until it is won, stuck or ``--actions`` long. At every position both the hint and "no
more moves" are asked; the script prints the median and slowest time of each, and how many positions
had "no more moves" while the hint still offered a move (which must be none).

    .venv/bin/python bench/hint.py --suits 1 2 4 --count 5 --first 1000
"""

from __future__ import annotations

import argparse
import statistics
import time

from spider import Game, TableRules
from spider.codes import GameCode
from spider.solver import hint, no_more_moves


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--suits", type=int, nargs="+", choices=(1, 2, 4), default=[1, 2, 4])
    parser.add_argument("--count", type=int, default=5, help="games per suit count")
    parser.add_argument("--first", type=int, default=1000, help="first shuffle number")
    parser.add_argument("--actions", type=int, default=300, help="most actions per game")
    args = parser.parse_args()
    print(f"{'suits':>5} {'positions':>9} {'hint median s':>13} {'hint max s':>10} {'stuck max s':>11} {'disagree':>8}")
    for suits in args.suits:
        hint_times: list[float] = []
        stuck_times: list[float] = []
        disagree = 0
        for shuffle in range(args.first, args.first + args.count):
            game = Game.from_code(GameCode(suits, shuffle, TableRules()))
            for _ in range(args.actions):
                position = game.public_position()
                began = time.process_time()
                found = hint(position)
                hint_times.append(time.process_time() - began)
                began = time.process_time()
                stuck = no_more_moves(position)
                stuck_times.append(time.process_time() - began)
                disagree += stuck and found.action is not None
                action = found.action or ("d" if game.deal_possible else None)
                if action is None or game.won:
                    break
                game.play(action)
        print(
            f"{suits:>5} {len(hint_times):>9} {statistics.median(hint_times):>13.3f} {max(hint_times):>10.3f} "
            f"{max(stuck_times):>11.3f} {disagree:>8}",
            flush=True,
        )


if __name__ == "__main__":
    main()

"""Computer players' win rates: each strength plays the same deals, without undo, seeing only what a
player sees. The deals are the set ``first-N`` of bench/solver.py (shuffles 0 to N-1), rules classic.

    .venv/bin/python bench/players.py                       # the issue's run: 100 deals per suit count
    .venv/bin/python bench/players.py --count 20 --suits 1 2
"""

from __future__ import annotations

import argparse
import time

from spider import Game, TableRules
from spider.codes import GameCode
from spider.players import STRENGTHS, Player, play_game


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--suits", type=int, nargs="+", choices=(1, 2, 4), default=[1, 2, 4])
    parser.add_argument("--count", type=int, default=100, help="deals per suit count (set first-N)")
    parser.add_argument("--first", type=int, default=0, help="first shuffle number")
    parser.add_argument("--strengths", nargs="+", choices=STRENGTHS, default=list(STRENGTHS))
    args = parser.parse_args()
    print(f"set first-{args.count} (shuffles {args.first}..{args.first + args.count - 1}), rules classic, no undo")
    print(
        f"{'suits':>5} {'strength':>9} {'won':>5} {'win rate':>9} {'runs/game':>10} {'actions/game':>13} {'s/game':>7}"
    )
    for suits in args.suits:
        for strength in args.strengths:
            won = runs = actions = 0
            began = time.perf_counter()
            for shuffle in range(args.first, args.first + args.count):
                game = Game.from_code(GameCode(suits, shuffle, TableRules()))
                result = play_game(game, Player(strength, seed=shuffle))
                won += result.won
                runs += result.runs
                actions += result.actions
            seconds = (time.perf_counter() - began) / args.count
            print(
                f"{suits:>5} {strength:>9} {won:>5} {won / args.count:>9.0%} {runs / args.count:>10.2f} "
                f"{actions / args.count:>13.0f} {seconds:>7.2f}",
                flush=True,
            )


if __name__ == "__main__":
    main()

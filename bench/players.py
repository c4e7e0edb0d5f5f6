"""Computer players' win rates: each strength plays the same deals, without undo, seeing only what a
player sees. The deals are the set ``first-N`` of bench/solver.py (shuffles 0 to N-1), rules classic.
Thinking time is the CPU time of this process (the machine may be shared), per action: the mean over
all actions and the longest single one.

As with bench/solver.py, tuning and measuring use different deals: the strengths were tuned on shuffles
below 1000 (0..9, ``--first 0``, the default; later 200..999, ``--first 200``) and are measured on the
measuring set, shuffles 1000 onwards (``--first 1000``).

    .venv/bin/python bench/players.py --first 1000          # the issue's run: 100 deals per suit count
    .venv/bin/python bench/players.py --first 1000 --count 20 --suits 4 --strengths master
    .venv/bin/python bench/players.py --count 20 --suits 1 2 --strengths master
    .venv/bin/python bench/players.py --count 5 --first 20 --verbose   # one line per deal
    .venv/bin/python bench/players.py --count 10 --suits 2 --preset duel  # duel rules: mean duel score
"""

from __future__ import annotations

import argparse

from spider import PRESETS, Game, TableRules
from spider.codes import GameCode
from spider.players import STRENGTHS, Player, play_game


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--suits", type=int, nargs="+", choices=(1, 2, 4), default=[1, 2, 4])
    parser.add_argument("--count", type=int, default=100, help="deals per suit count (set first-N)")
    parser.add_argument("--first", type=int, default=0, help="first shuffle number")
    parser.add_argument("--strengths", nargs="+", choices=STRENGTHS, default=list(STRENGTHS))
    parser.add_argument("--verbose", action="store_true", help="one line per deal")
    parser.add_argument("--preset", choices=sorted(PRESETS), default="classic", help="table rules of the deals")
    args = parser.parse_args()
    first, last = args.first, args.first + args.count - 1
    print(f"set first-{args.count} (shuffles {first}..{last}), rules {args.preset}, no undo")
    print(
        f"{'suits':>5} {'strength':>9} {'won':>5} {'win rate':>9} {'runs/game':>10} {'actions/game':>13} "
        f"{'score/game':>11} {'s/action':>9} {'max s':>6} {'s/game':>7}",
        flush=True,
    )
    for suits in args.suits:
        for strength in args.strengths:
            won = runs = actions = score = 0
            thinking = slowest = 0.0
            for shuffle in range(args.first, args.first + args.count):
                game = Game.from_code(GameCode(suits, shuffle, TableRules.preset(args.preset)))
                result = play_game(game, Player(strength, seed=shuffle))
                won += result.won
                runs += result.runs
                actions += result.actions
                score += result.score
                thinking += result.seconds
                slowest = max(slowest, result.slowest)
                if args.verbose:
                    print(
                        f"  {game.code} {strength}: {'won' if result.won else 'lost'}, {result.runs} runs, "
                        f"{result.actions} actions, score {result.score}, {result.seconds:.1f} s "
                        f"(longest {result.slowest:.2f} s)",
                        flush=True,
                    )
            print(
                f"{suits:>5} {strength:>9} {won:>5} {won / args.count:>9.0%} {runs / args.count:>10.2f} "
                f"{actions / args.count:>13.0f} {score / args.count:>11.0f} {thinking / max(1, actions):>9.3f} "
                f"{slowest:>6.2f} "
                f"{thinking / args.count:>7.1f}",
                flush=True,
            )


if __name__ == "__main__":
    main()

"""Solver benchmark: fixed sets of deals per suit count, one core, a time limit per deal.

The set ``first-N`` is the deals with shuffle numbers 0 to N-1 (game codes SP1-S<suits>C-AAAAAAA
onwards): the shuffle is a fixed pseudo-random permutation of the shuffle number, so these are random
deals that never change. Rules: classic (group classic, deal filled, standard layout).

Tuning and measuring use different deals, so that figures are not flattered by weights fitted to the
deals they are measured on: the search is tuned on the tuning set, shuffles 0..99 (``--first 0``, the
default), and measured on the measuring set, shuffles 1000..1099 (``--first 1000``).

    .venv/bin/python bench/solver.py --first 1000 --seconds 30   # the measuring set: 100 deals, 30 s each
    .venv/bin/python bench/solver.py --count 10 --seconds 10 --suits 1 2     # tuning, first 10 deals
    .venv/bin/python bench/solver.py --suits 2 --count 10 --pure  # the same deals with the Python core
"""

from __future__ import annotations

import argparse
import statistics
import time

from spider import Game, TableRules
from spider.codes import GameCode
from spider.solver import core, solve


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--suits", type=int, nargs="+", choices=(1, 2, 4), default=[1, 2, 4])
    parser.add_argument("--count", type=int, default=100, help="deals per suit count (set first-N)")
    parser.add_argument("--first", type=int, default=0, help="first shuffle number")
    parser.add_argument("--seconds", type=float, default=60.0, help="limit per deal")
    parser.add_argument("--verbose", action="store_true", help="one line per deal")
    parser.add_argument("--pure", action="store_true", help="search with the Python core, not the C one")
    args = parser.parse_args()
    if args.pure:
        # Tables made from now on search in Python (as SPIDER_PURE_PYTHON=1 does from the start).
        core.NATIVE = None
    print(
        f"set first-{args.count} (shuffles {args.first}..{args.first + args.count - 1}), rules classic, "
        f"{args.seconds:g} s per deal, one core (CPU time of this process), "
        f"{'Python' if core.NATIVE is None else 'C'} core"
    )
    print(
        f"{'suits':>5} {'deals':>5} {'verified':>9} {'no-win':>7} {'unknown':>8} "
        f"{'median s':>9} {'p90 s':>7} {'median s (won)':>15} {'nodes/s':>9}"
    )
    for suits in args.suits:
        verdicts = {"win": 0, "no-win": 0, "unknown": 0}
        seconds: list[float] = []
        won_seconds: list[float] = []
        nodes = 0
        began = time.process_time()
        for shuffle in range(args.first, args.first + args.count):
            game = Game.from_code(GameCode(suits, shuffle, TableRules()))
            # CPU time of this process: "60 s on one core" even when other programs share the machine.
            result = solve(game, seconds=args.seconds, clock=time.process_time)
            verdicts[result.verdict] += 1
            seconds.append(result.seconds)
            nodes += result.nodes
            if result.verdict == "win":
                won_seconds.append(result.seconds)
            if args.verbose:
                print(
                    f"  {game.code} {result.verdict:8} {result.seconds:7.2f} s {result.nodes:9} nodes"
                    f" {len(result.line):4} actions",
                    flush=True,
                )
        total = time.process_time() - began
        won_median = f"{statistics.median(won_seconds):.2f}" if won_seconds else "-"
        print(
            f"{suits:>5} {args.count:>5} {verdicts['win']:>9} {verdicts['no-win']:>7} {verdicts['unknown']:>8} "
            f"{statistics.median(seconds):>9.2f} {percentile(seconds, 0.9):>7.2f} {won_median:>15} "
            f"{nodes / total:>9.0f}",
            flush=True,
        )


if __name__ == "__main__":
    main()

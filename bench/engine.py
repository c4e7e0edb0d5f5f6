"""Random-playout throughput of the rules engine, and undo throughput, for 1, 2 and 4 suits.

Prints, per suit count, actions per second (legal actions generated, then one of them played) and
undos per second, the best of a few repetitions, timed in this process's own CPU time (the machine's
other work, and a virtual machine's stolen time, only ever slow a run down).
Run: .venv/bin/python bench/engine.py [--games N] [--repeat R]
"""

from __future__ import annotations

import argparse
import random
import time

from spider import Game, TableRules

UNLIMITED_UNDO = TableRules(undo=None)


def playout(suits: int, games: int, seed: int) -> tuple[int, float, int, float]:
    """Plays random games to their end; returns actions played and seconds, then undos and seconds."""
    chooser = random.Random(seed)
    actions = undos = 0
    playing = undoing = 0.0
    for shuffle in range(games):
        game = Game.new(suits, UNLIMITED_UNDO, shuffle=seed * 1000 + shuffle)
        start = time.process_time()
        played = 0
        while played < 1000:
            legal = game.legal_actions()
            if not legal:
                break
            game.play(chooser.choice(legal))
            played += 1
        playing += time.process_time() - start
        actions += played
        start = time.process_time()
        while game.can_undo:
            game.undo()
        undoing += time.process_time() - start
        undos += played
    return actions, playing, undos, undoing


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=20, help="random games per suit count")
    parser.add_argument("--repeat", type=int, default=3, help="repetitions; the best is printed")
    args = parser.parse_args()
    print(f"{'suits':>5} {'actions':>8} {'actions/s':>10} {'undos/s':>10}")
    for suits in (1, 2, 4):
        runs = [playout(suits, args.games, seed=suits) for _ in range(args.repeat)]
        actions, _, undos, _ = runs[0]
        best_play = max(run[0] / run[1] for run in runs)
        best_undo = max(run[2] / run[3] for run in runs)
        print(f"{suits:>5} {actions:>8} {best_play:>10,.0f} {best_undo:>10,.0f}")


if __name__ == "__main__":
    main()

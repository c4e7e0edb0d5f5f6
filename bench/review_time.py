"""How long the review of a game takes (issue 39: within 60 s for a 4-suit game on one core).

Fresh deals (from ``--seed``) are played by a computer player (casual by default: quick; its games run 60
to 170 actions), then each game is reviewed (``spider.players.review.review``) and its CPU time measured. ``--wander
N`` plays N random legal actions instead (moves and deals, while any is left): a long game, as a person's
can be, for the review's worst case. Prints one line per game, then for each suit count the mean with a 95%
interval (Student's t), the slowest, and the mean accuracy.

    PYTHONPATH=src .venv/bin/python bench/review_time.py --seed 1 --games 3 --suits 4 2 1
    PYTHONPATH=src .venv/bin/python bench/review_time.py --seed 1 --games 2 --suits 4 --wander 500
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from spider import Game
from spider.codes import GameCode
from spider.players import STRENGTHS, Player, play_game
from spider.players.review import REVIEW_SECONDS, review

# Student's t at 95% (two-sided) by degrees of freedom; 1.96 beyond.
T95 = {1: 12.71, 2: 4.30, 3: 3.18, 4: 2.78, 5: 2.57, 6: 2.45, 7: 2.36, 8: 2.31, 9: 2.26, 10: 2.23}


def _interval(values: list[float]) -> str:
    mean = statistics.fmean(values)
    if len(values) < 2:
        return f"{mean:.1f} s"
    half = T95.get(len(values) - 1, 1.96) * statistics.stdev(values) / len(values) ** 0.5
    return f"{mean:.1f} s ± {half:.1f} (95%)"


def _wander(game: Game, count: int, generator: random.Random) -> tuple[list[str], bool]:
    """Up to ``count`` random legal actions from the opening (turning a card over whenever one waits)."""
    line: list[str] = []
    while len(line) < count and not game.won:
        actions = [str(action) for action in game.legal_actions()]
        if not actions:
            break
        text = generator.choice(actions)
        game.apply_text(text)
        line.append(text)
    return line, game.won


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seed", type=int, default=1, help="seeds the deals and the player")
    parser.add_argument("--games", type=int, default=3, help="games per suit count")
    parser.add_argument("--suits", type=int, nargs="+", default=[4, 2, 1])
    parser.add_argument("--strength", choices=STRENGTHS, default="casual", help="who plays the games")
    parser.add_argument("--wander", type=int, default=0, help="random legal actions instead of a player's")
    parser.add_argument("--seconds", type=float, default=REVIEW_SECONDS, help="the review's budget")
    args = parser.parse_args()
    generator = random.Random(args.seed)
    for suits in args.suits:
        times, accuracies = [], []
        for _ in range(args.games):
            code = GameCode(suits, generator.randrange(2**32))
            if args.wander:
                line, won = _wander(Game.from_code(code), args.wander, generator)
            else:
                result = play_game(Game.from_code(code), Player(args.strength, seed=generator.randrange(2**32)))
                line, won = list(result.line), result.won
            began = time.process_time()
            found = review(code, None, line, seconds=args.seconds, seed=args.seed)
            spent = time.process_time() - began
            times.append(spent)
            accuracies.append(found.accuracy)
            print(
                f"{code}  {'won ' if won else 'lost'}  {len(line):4d} actions  "
                f"{len(found.steps):4d} reviewed  {spent:5.1f} s  accuracy {found.accuracy:5.1f}",
                flush=True,
            )
        print(
            f"{suits} suit{'s' if suits > 1 else ''}: {_interval(times)}, slowest {max(times):.1f} s, "
            f"mean accuracy {statistics.fmean(accuracies):.1f}",
            flush=True,
        )


if __name__ == "__main__":
    main()

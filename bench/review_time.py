"""How long the review of a game takes (issue 54: within 60 s of CPU for a 100-action 4-suit game on one core).

Fresh deals (drawn by ``--seed``) are played by a computer player (casual by default: quick; its games run 60
to 170 actions), each game cut to its first ``--actions`` actions (a game given up there; shorter games are
passed over), then reviewed (``spider.players.review.review``) and its CPU time measured: the sum over the chunks
the server cuts it into, which change nothing in it. ``--wander N`` plays N random legal actions instead (moves
and deals, while any is left): a long game, as a person's can be. Prints one line per game (with how many
chances the review estimated, and its CPU time: in all, for the chances and for master's
choices), then for each suit count the median, the range and the mean
accuracy.

The review's searches are bounded by nodes only, so its figures are the same on a busy machine; its CPU time is
this process's own (``time.process_time``), though a crowded machine slows each node a little.

    nice .venv/bin/python bench/review_time.py --seed 61453 --games 7 --suits 4 --actions 100
    nice .venv/bin/python bench/review_time.py --seed 61453 --games 3 --suits 2 1 --actions 100
    nice .venv/bin/python bench/review_time.py --seed 61453 --games 2 --suits 4 --wander 300
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from spider import Game
from spider.codes import GameCode
from spider.notation import Position, write_position
from spider.players import STRENGTHS, Player, chances, play_game
from spider.players import review as reviewing


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


def _game(args: argparse.Namespace, suits: int, generator: random.Random) -> tuple[GameCode, list[str], bool]:
    """A fresh deal and its line: ``--actions`` of them (deals whose game is shorter are passed over)."""
    while True:
        code = GameCode(suits, generator.randrange(1000, 1_000_000))
        if args.wander:
            line, won = _wander(Game.from_code(code), args.wander, generator)
            return code, line, won
        result = play_game(Game.from_code(code), Player(args.strength, seed=generator.randrange(2**32)))
        line = list(result.line)
        if not args.actions:
            return code, line, result.won
        if len(line) >= args.actions:
            return code, line[: args.actions], result.won and len(line) == args.actions


class _Counted(reviewing._Chances):
    """The review's chances, counted: how many estimates a review makes, and the CPU time they take."""

    made = 0
    seconds = 0.0

    def of(self, position: Position) -> float:
        if not position.won and write_position(position) not in self.known:
            _Counted.made += 1
        began = time.process_time()
        found = super().of(position)
        _Counted.seconds += time.process_time() - began
        return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seed", type=int, default=1, help="draws the deals and seeds the player")
    parser.add_argument("--games", type=int, default=3, help="games per suit count")
    parser.add_argument("--suits", type=int, nargs="+", default=[4, 2, 1])
    parser.add_argument("--actions", type=int, default=0, help="cut each game to its first N actions")
    parser.add_argument("--strength", choices=STRENGTHS, default="casual", help="who plays the games")
    parser.add_argument("--wander", type=int, default=0, help="random legal actions instead of a player's")
    parser.add_argument("--guesses", type=int, default=chances.GUESSES, help="the chances' imaginings (a budget tried)")
    parser.add_argument("--nodes", type=int, nargs=3, metavar=("ONE", "TWO", "FOUR"),
                        default=[chances.NODES[count] for count in (1, 2, 4)],
                        help="the chances' positions a search, by suit count (a budget tried)")
    args = parser.parse_args()
    chances.GUESSES, chances.NODES = args.guesses, dict(zip((1, 2, 4), args.nodes, strict=True))
    reviewing._Chances = _Counted  # type: ignore[misc]
    generator = random.Random(args.seed)
    level = reviewing.REVIEW_LEVEL
    print(
        f"Master on the review's budget: {level.samples} guesses, solver {level.solve_nodes:,} positions, searches "
        f"{level.sample_nodes:,}, judge {level.judge_nodes:,}; chances {chances.GUESSES} imaginings x "
        f"{'/'.join(f'{n:,}' for n in chances.NODES.values())} positions (1/2/4 suits)",
        flush=True,
    )
    for suits in args.suits:
        times, accuracies = [], []
        for _ in range(args.games):
            code, line, won = _game(args, suits, generator)
            _Counted.made, _Counted.seconds = 0, 0.0
            began = time.process_time()
            found = reviewing.review(code, None, line, seed=args.seed)
            spent = time.process_time() - began
            times.append(spent)
            accuracies.append(found.accuracy)
            print(
                f"{code}  {'won ' if won else 'lost'}  {len(line):4d} actions  {len(found.steps):4d} reviewed  "
                f"{_Counted.made:4d} chances  {spent:5.1f} s  ({spent / max(1, len(found.steps)):.2f} s an action; "
                f"chances {_Counted.seconds:4.1f} s, master {spent - _Counted.seconds:4.1f} s)  "
                f"accuracy {found.accuracy:5.1f}",
                flush=True,
            )
        print(
            f"{suits} suit{'s' if suits > 1 else ''}: median {statistics.median(times):.1f} s of CPU, "
            f"{min(times):.1f}..{max(times):.1f} s over {len(times)} games, "
            f"mean accuracy {statistics.fmean(accuracies):.1f}",
            flush=True,
        )


if __name__ == "__main__":
    main()

"""The tree search over what a player sees (``spider.players.ismcts.TreePlayer``) against master, on the same
deals: each deal is played by master and then by the tree player, without undo, rules classic.

Measuring deals are drawn by ``--seed``: ``--count`` shuffles drawn by ``random.Random(SEED)`` from
1000..999,999 (as ``bench/players.py --seed`` draws them), printed so that a run can be repeated; take a seed
no report used before. Tuning plays shuffles below 1000 only (``--first``, with first + count <= 1000).

Printed: each deal's result for both players, then each player's win rate with its 95% interval (Wilson), the
paired difference (tree minus master) with its 95% interval (Newcombe's) and the deals only one of them won,
and thinking time as CPU time of this process: the mean and the longest per action, and the mean per game.
``--stop-at HH:MM`` (UTC) starts no deal after that time; the summary then covers the deals played, in the
order drawn (so the stop does not depend on any result).

    nice -n 10 .venv/bin/python bench/ismcts.py --first 200 --count 20 --suits 2            # tuning
    nice -n 10 .venv/bin/python bench/ismcts.py --seed 5150 --count 40 --suits 2 --stop-at 17:40
    nice -n 10 .venv/bin/python bench/ismcts.py --seed 5150 --count 20 --suits 2 --iterations 800
"""

from __future__ import annotations

import argparse
import datetime
import random
from dataclasses import dataclass

from spider import Game, TableRules
from spider.codes import GameCode
from spider.players import Player, PlayResult, play_game
from spider.players.intervals import paired_difference, wilson
from spider.players.ismcts import TreePlayer

TUNING_BELOW = 1000
LAST_SHUFFLE = 999_999


@dataclass
class Tally:
    """One player's results over the deals played."""

    name: str
    wins: list[bool]
    actions: int = 0
    seconds: float = 0.0
    slowest: float = 0.0

    def add(self, result: PlayResult) -> None:
        self.wins.append(result.won)
        self.actions += result.actions
        self.seconds += result.seconds
        self.slowest = max(self.slowest, result.slowest)

    def line(self) -> str:
        played = len(self.wins)
        won = sum(self.wins)
        low, high = wilson(won, played)
        return (
            f"{self.name:>7}: won {won} of {played} = {won / played:.0%} [{low:.0%}, {high:.0%}]; "
            f"CPU {self.seconds / max(1, self.actions):.3f} s an action (longest {self.slowest:.2f} s), "
            f"{self.seconds / played:.1f} s a game, {self.actions / played:.0f} actions a game"
        )


def shuffles_of(parser: argparse.ArgumentParser, args: argparse.Namespace) -> list[int]:
    """The deals to play: drawn by ``--seed`` for a measurement, else tuning shuffles below 1000."""
    if args.seed is not None:
        return random.Random(args.seed).sample(range(TUNING_BELOW, LAST_SHUFFLE + 1), args.count)
    if args.first + args.count > TUNING_BELOW:
        parser.error(f"tuning plays shuffles below {TUNING_BELOW} only; measure with --seed")
    return list(range(args.first, args.first + args.count))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--suits", type=int, choices=(1, 2, 4), default=2)
    parser.add_argument("--count", type=int, default=20)
    parser.add_argument("--seed", type=int, help="draw measuring deals with this seed")
    parser.add_argument("--first", type=int, default=0, help="tuning: first shuffle (below 1000)")
    parser.add_argument("--iterations", type=int, default=TreePlayer.iterations)
    parser.add_argument("--leaf-nodes", type=int, default=TreePlayer.leaf_nodes)
    parser.add_argument("--exploration", type=float, default=TreePlayer.exploration)
    parser.add_argument("--seconds", type=float, default=TreePlayer.seconds, help="CPU limit of one action")
    parser.add_argument("--no-master", action="store_true", help="tuning: the tree player only")
    parser.add_argument("--stop-at", help="HH:MM UTC: start no deal after this")
    args = parser.parse_args()
    shuffles = shuffles_of(parser, args)
    stop = None
    if args.stop_at:
        hour, minute = map(int, args.stop_at.split(":"))
        stop = datetime.datetime.now(datetime.UTC).replace(hour=hour, minute=minute, second=0)
    print(
        f"{args.suits} suits, rules classic, no undo; tree: {args.iterations} iterations, leaf beam "
        f"{args.leaf_nodes} positions, exploration {args.exploration}, at most {args.seconds} s an action",
        flush=True,
    )
    print(f"shuffles: {' '.join(map(str, shuffles))}", flush=True)
    tallies = [Tally("tree", [])] if args.no_master else [Tally("master", []), Tally("tree", [])]
    for shuffle in shuffles:
        if stop is not None and datetime.datetime.now(datetime.UTC) >= stop:
            print(f"stopped at {args.stop_at} UTC", flush=True)
            break
        code = GameCode(args.suits, shuffle, TableRules())
        texts = []
        for tally in tallies:
            player: Player | TreePlayer
            if tally.name == "master":
                player = Player("master", seed=shuffle)
            else:
                player = TreePlayer(
                    shuffle,
                    args.iterations,
                    leaf_nodes=args.leaf_nodes,
                    seconds=args.seconds,
                    exploration=args.exploration,
                )
            result = play_game(Game.from_code(code), player)
            tally.add(result)
            texts.append(
                f"{tally.name} {'won' if result.won else 'lost'} ({result.runs} runs, {result.actions} actions, "
                f"{result.seconds:.1f} s)"
            )
        print(f"  {shuffle} {code}: {'; '.join(texts)}", flush=True)
    if not tallies[0].wins:
        return
    for tally in tallies:
        print(tally.line())
    if len(tallies) == 2:
        master, tree = (tally.wins for tally in tallies)
        both = sum(a and b for a, b in zip(tree, master, strict=True))
        tree_only = sum(b and not a for a, b in zip(master, tree, strict=True))
        master_only = sum(a and not b for a, b in zip(master, tree, strict=True))
        difference = paired_difference(both, tree_only, master_only, len(tree) - both - tree_only - master_only)
        print(
            f"tree - master: {difference.value:+.0%} [{difference.low:+.0%}, {difference.high:+.0%}]; "
            f"won by tree only {tree_only}, by master only {master_only}, by both {both}"
        )


if __name__ == "__main__":
    main()

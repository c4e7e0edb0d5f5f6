"""How honest the win-chance estimator is (issue 39, item 5): its predicted chances against outcomes played out.

Master plays fresh deals to their end (shuffles from ``--seed`` on, rules classic, without undo, the suit
counts taken in turn); from each game ``--per-game`` positions are picked at random among those it played
from, and the estimator (:mod:`spider.players.chances`) judges each from its public position within
``--seconds`` of CPU time, as the meter would. Each position's outcome is its game's: whether master won
from there. The report gives, in bins of 10% of predicted chance, the positions' count, mean prediction,
observed win rate with its 95% interval (Wilson), and the Brier score, both for the raw figure (the share of
imaginings the solver wins) and for the chance shown (the raw figure through the fitted mapping).

Tuning and measuring use different deals: the mapping is fitted only on shuffles below 1000 (``--fit``
prints it, to be copied into ``CALIBRATION``); measuring runs use shuffles 1000 and up.

    .venv/bin/python bench/review.py --seed 1000                      # the issue's run: 100 positions
    .venv/bin/python bench/review.py --seed 200 --count 150 --save /tmp/tuning.jsonl --fit
    .venv/bin/python bench/review.py --load /tmp/tuning.jsonl --fit   # report and fit again, no play

Positions picked from one game share its outcome, so fewer positions per game give more independent
figures (and cost more games: master takes about a second a move on 4 suits).
"""

from __future__ import annotations

import argparse
import json
import math
import random
import time
from collections.abc import Sequence
from dataclasses import asdict, dataclass
from multiprocessing import Pool

from spider import Game, TableRules
from spider.codes import GameCode
from spider.players import MAX_ACTIONS, Player
from spider.players.chances import calibrated, solver_share


@dataclass(frozen=True, slots=True)
class Record:
    """One position: its game, how far in, the raw figure, how many imaginings it took, and the outcome."""

    suits: int
    shuffle: int
    action: int
    raw: float
    guesses: int
    won: bool

    @property
    def chance(self) -> float:
        return calibrated(self.raw, self.suits)


def _game(job: tuple[int, int, int, float]) -> list[Record]:
    """Master plays one deal to its end; the estimator judges ``per_game`` of the positions it played from."""
    suits, shuffle, per_game, seconds = job
    game = Game.from_code(GameCode(suits, shuffle, TableRules.preset("classic")))
    player = Player("master", seed=shuffle)
    positions = []
    while not game.won and len(positions) < MAX_ACTIONS:
        position = game.public_position()
        action = player.next_action(position)
        if action is None:
            break
        positions.append(position)
        game.play(action)
    picked = sorted(random.Random(shuffle).sample(range(len(positions)), min(per_game, len(positions))))
    records = []
    for at in picked:
        share = solver_share(positions[at], seconds=seconds, seed=shuffle, clock=time.process_time)
        records.append(Record(suits, shuffle, at, share.chance, share.guesses, game.won))
    return records


def wilson(wins: int, count: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% interval of a win rate of ``wins`` in ``count`` (Wilson's score interval)."""
    if not count:
        return 0.0, 1.0
    rate = wins / count
    middle = (rate + z * z / (2 * count)) / (1 + z * z / count)
    half = z * math.sqrt(rate * (1 - rate) / count + z * z / (4 * count * count)) / (1 + z * z / count)
    return max(0.0, middle - half), min(1.0, middle + half)


def report(records: Sequence[Record], name: str, predicted: Sequence[float]) -> None:
    """The calibration table of one figure: bins of 10%, then the Brier score."""
    print(f"\n{name}")
    print(f"{'bin':>9} {'count':>6} {'predicted':>10} {'observed':>9} {'95% interval':>15}")
    for low in range(10):
        inside = [
            (chance, record.won)
            for chance, record in zip(predicted, records, strict=True)
            if low <= chance * 10 < low + 1 or (low == 9 and chance == 1.0)
        ]
        if not inside:
            print(f"{low * 10:>3}-{low * 10 + 10:>3}% {0:>6}")
            continue
        wins = sum(won for _, won in inside)
        mean = sum(chance for chance, _ in inside) / len(inside)
        lower, upper = wilson(wins, len(inside))
        print(
            f"{low * 10:>3}-{low * 10 + 10:>3}% {len(inside):>6} {mean:>10.0%} {wins / len(inside):>9.0%} "
            f"{lower:>7.0%}..{upper:>4.0%}"
        )
    brier = sum((chance - record.won) ** 2 for chance, record in zip(predicted, records, strict=True)) / len(records)
    print(f"Brier score {brier:.3f} over {len(records)} positions")


def fit(records: Sequence[Record]) -> dict[int, tuple[tuple[float, float], ...]]:
    """Per suit count, the non-decreasing mapping from raw figure to observed win rate that fits best
    (isotonic regression, pool adjacent violators), as points for ``CALIBRATION``; the ends are held at 0 and 1
    raw so that every figure maps somewhere."""
    mapping = {}
    for suits in sorted({record.suits for record in records}):
        mine = sorted((record.raw, float(record.won)) for record in records if record.suits == suits)
        blocks: list[list[float]] = []  # [sum of raw, sum of outcomes, count]
        for raw, won in mine:
            blocks.append([raw, won, 1.0])
            while len(blocks) > 1 and blocks[-2][1] / blocks[-2][2] >= blocks[-1][1] / blocks[-1][2]:
                last = blocks.pop()
                blocks[-1] = [a + b for a, b in zip(blocks[-1], last, strict=True)]
        points = [(round(raw / count, 3), round(won / count, 3)) for raw, won, count in blocks]
        if points[0][0] > 0.0:
            points.insert(0, (0.0, points[0][1]))
        if points[-1][0] < 1.0:
            points.append((1.0, points[-1][1]))
        mapping[suits] = tuple(points)
    return mapping


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seed", type=int, default=1000, help="first shuffle (tune below 1000, measure from 1000)")
    parser.add_argument("--count", type=int, default=100, help="positions in all")
    parser.add_argument("--per-game", type=int, default=5, help="positions picked from each game")
    parser.add_argument("--suits", type=int, nargs="+", choices=(1, 2, 4), default=[1, 2, 4])
    parser.add_argument("--seconds", type=float, default=0.5, help="CPU seconds of each estimate")
    parser.add_argument("--processes", type=int, default=1, help="games played side by side")
    parser.add_argument("--save", help="append each position's record to this file (JSON lines)")
    parser.add_argument("--load", help="report on the records of this file instead of playing")
    parser.add_argument("--fit", action="store_true", help="print the mapping fitted on these records")
    args = parser.parse_args()
    records: list[Record] = []
    if args.load:
        with open(args.load) as file:
            records = [Record(**json.loads(line)) for line in file if line.strip()]
        shuffles = sorted({record.shuffle for record in records})
        print(f"{len(records)} positions from {len(shuffles)} games (shuffles {shuffles[0]}..{shuffles[-1]})")
    else:
        games = -(-args.count // args.per_game)
        jobs = [(args.suits[at % len(args.suits)], args.seed + at, args.per_game, args.seconds) for at in range(games)]
        print(
            f"{args.count} positions, {args.per_game} from each of {games} games of master (shuffles {args.seed}.."
            f"{args.seed + games - 1}, suits {' '.join(map(str, args.suits))} in turn, classic), "
            f"{args.seconds} s of CPU an estimate",
            flush=True,
        )
        with Pool(args.processes) as pool:
            for found in pool.imap(_game, jobs):
                found = found[: args.count - len(records)]
                records.extend(found)
                if args.save:
                    with open(args.save, "a") as file:
                        file.writelines(json.dumps(asdict(record)) + "\n" for record in found)
                for record in found:
                    print(
                        f"  {record.suits} suits, shuffle {record.shuffle}, action {record.action}: raw "
                        f"{record.raw:.0%} of {record.guesses}, shown {record.chance:.0%}, "
                        f"{'won' if record.won else 'lost'}",
                        flush=True,
                    )
    for suits in sorted({record.suits for record in records}):
        mine = [record for record in records if record.suits == suits]
        print(f"{suits} suits: {len(mine)} positions, {sum(record.won for record in mine)} from games won")
    report(records, "Raw: the share of imaginings the solver wins", [record.raw for record in records])
    report(records, "Shown: the raw share through the fitted mapping", [record.chance for record in records])
    if args.fit:
        if any(record.shuffle >= 1000 for record in records):
            parser.error("the mapping is fitted on tuning shuffles (below 1000) only")
        print("\nCALIBRATION = {")
        for suits, points in fit(records).items():
            print(f"    {suits}: {points},")
        print("}")


if __name__ == "__main__":
    main()

"""How honest the win-chance estimator is (issue 39, item 5): its predicted chances against outcomes played out.

Master plays fresh deals to their end (shuffles from ``--seed`` on, rules classic, without undo, the suit
counts taken in turn); from each game ``--per-game`` positions are picked at random among those it played
from, and the estimator (:mod:`spider.players.chances`) judges each from its public position within
``--seconds`` of CPU time, as the meter would. Each position's outcome is its game's: whether master won
from there. The report gives, in bins of 10% of predicted chance, the positions' count, mean prediction,
observed win rate with its 95% interval (Wilson), and the Brier score, for the raw figure (the share of
imaginings the solver wins), for the chance shown before the model (Platt's scaling per suit count,
``PLATT_BEFORE``) and for the chance shown now (the model, ``WEIGHTS``). Then each figure's Brier score with a
95% interval, and its difference from each suit count's own win rate with its interval, by the bootstrap over
games (positions of one game share its outcome); the overall win rate is a second reference.

Tuning and measuring use different deals: the model is fitted only on shuffles below 1000 (``--fit`` prints
its weights, to be copied into ``WEIGHTS``); measuring runs use shuffles 1000 and up. Records keep each
position (``--save``), so that fitting and measuring again need no play (``--load``).

    .venv/bin/python bench/review.py --seed 7000 --count 150 --save measuring.jsonl   # measuring shuffles
    .venv/bin/python bench/review.py --seed 300 --count 1000 --per-game 10 --save tuning.jsonl
    .venv/bin/python bench/review.py --load tuning.jsonl --fit     # the model's weights, no play
    .venv/bin/python bench/review.py --load measuring.jsonl        # the report again, with today's weights

Fewer positions per game give more independent figures (and cost more games: master takes about a second a
move on 4 suits).
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
from spider.notation import Position, parse_position, write_position
from spider.players import MAX_ACTIONS, Player
from spider.players.chances import CLIP, FEATURES, calibrated, features, solver_share
from spider.solver.core import SearchResult


@dataclass(frozen=True, slots=True)
class Record:
    """One position: its game, how far in, the raw figure, how many imaginings it took, and the outcome."""

    suits: int
    shuffle: int
    action: int
    raw: float
    guesses: int
    won: bool
    position: str = ""
    """The public position judged, in its notation (``spider.notation.write_position``)."""
    nodes: tuple[int, ...] = ()
    """Positions each imagining's search looked at, negative where it found no win."""

    @property
    def public(self) -> Position:
        return parse_position(self.position)

    @property
    def chance(self) -> float:
        """The chance shown: the raw figure through the estimator's model."""
        return calibrated(self.raw, self.public)

    @property
    def chance_before(self) -> float:
        """The chance the estimator showed before its model: the raw figure through :data:`PLATT_BEFORE`."""
        a, b = PLATT_BEFORE[self.suits]
        return _sigmoid(a + b * _logit(self.raw))


# The estimator's mapping as first measured (Brier 0.154 on shuffles 1000..1033), kept to compare the model with
# on the same positions: Platt's scaling of the raw figure per suit count, fitted on tuning shuffles 200..229.
PLATT_BEFORE = {1: (1.470, 0.662), 2: (1.426, 1.457), 4: (0.880, 0.786)}


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
        searches: list[SearchResult] = []
        share = solver_share(
            positions[at],
            seconds=seconds,
            seed=shuffle,
            clock=time.process_time,
            searched=searches.append,
        )
        nodes = tuple(search.nodes if search.line is not None else -search.nodes for search in searches)
        records.append(
            Record(
                suits, shuffle, at, share.chance, share.guesses, game.won, write_position(positions[at]), tuple(nodes)
            )
        )
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
    print(f"Brier score {brier(records, predicted, range(len(records))):.3f} over {len(records)} positions")


def brier(records: Sequence[Record], predicted: Sequence[float], picked: Sequence[int]) -> float:
    """The mean squared gap between predicted chance and outcome over the ``picked`` positions."""
    return sum((predicted[at] - records[at].won) ** 2 for at in picked) / len(picked)


def resampled(records: Sequence[Record], draws: int = 2000) -> list[list[int]]:
    """Bootstrap samples of the positions, drawn game by game (positions of one game share its outcome, so
    they are not independent): each sample, as many games as there are, drawn with replacement. The same
    samples serve every figure, so that two figures' difference has its own interval."""
    games: dict[tuple[int, int], list[int]] = {}
    for at, record in enumerate(records):
        games.setdefault((record.suits, record.shuffle), []).append(at)
    groups = list(games.values())
    generator = random.Random(0)
    return [[at for group in generator.choices(groups, k=len(groups)) for at in group] for _ in range(draws)]


def _interval(values: Sequence[float]) -> str:
    ordered = sorted(values)
    return f"{ordered[int(0.025 * len(ordered))]:+.3f}..{ordered[int(0.975 * len(ordered)) - 1]:+.3f}"


def compare(records: Sequence[Record], figures: dict[str, list[float]], against: str) -> None:
    """Each figure's Brier score with its 95% interval, and its difference from the ``against`` figure's
    (negative: better) with its own, over bootstrap samples of the games."""
    samples = resampled(records)
    games = len({(record.suits, record.shuffle) for record in records})
    print(f"\nBrier scores, 95% intervals by the bootstrap over the {games} games; difference from {against!r}")
    reference = [brier(records, figures[against], sample) for sample in samples]
    for name, predicted in figures.items():
        scores = [brier(records, predicted, sample) for sample in samples]
        differences = [score - other for score, other in zip(scores, reference, strict=True)]
        whole = brier(records, predicted, range(len(records)))
        whole_difference = whole - brier(records, figures[against], range(len(records)))
        print(
            f"  {name:<50} {whole:.3f} ({_interval(scores).replace('+', '')})   "
            f"{whole_difference:+.3f} ({_interval(differences)})"
        )


def fit(records: Sequence[Record]) -> tuple[float, ...]:
    """The estimator's weights (``WEIGHTS``, in the order of ``FEATURES``) fitted on the records, with the ridge
    that predicts held-out games best: each of :data:`RIDGES` is tried in turn, fitting on four fifths of the
    games and scoring (Brier) the positions of the other fifth, five times over."""
    rows = [features(record.raw, record.public) for record in records]
    games = sorted({(record.suits, record.shuffle) for record in records})
    random.Random(0).shuffle(games)
    fold = {game: at % FOLDS for at, game in enumerate(games)}
    scores = {}
    for ridge in RIDGES:
        squares = 0.0
        for held in range(FOLDS):
            kept = [at for at, record in enumerate(records) if fold[record.suits, record.shuffle] != held]
            weights = _logistic([rows[at] for at in kept], [records[at].won for at in kept], ridge)
            for at, record in enumerate(records):
                if fold[record.suits, record.shuffle] == held:
                    squares += (_sigmoid(_dot(weights, rows[at])) - record.won) ** 2
        scores[ridge] = squares / len(records)
        print(f"  ridge {ridge:>5}: Brier {scores[ridge]:.4f} on held-out games")
    ridge = min(scores, key=scores.__getitem__)
    weights = _logistic(rows, [record.won for record in records], ridge)
    print(f"Fitted on all {len(games)} games with ridge {ridge}:")
    for name, weight in zip(FEATURES, weights, strict=True):
        print(f"  {name:<14} {weight:+.3f}")
    return tuple(round(weight, 3) for weight in weights)


# The ridges tried, and how many parts the tuning games are cut into to try them.
RIDGES = (1, 3, 10, 30, 100)
FOLDS = 5
# The weights the ridge pulls towards: those that give the raw share itself (its log-odds times 1).
RAW_SHARE = tuple(float(name == "raw log-odds") for name in FEATURES)


def _logistic(rows: Sequence[Sequence[float]], outcomes: Sequence[bool], ridge: float) -> list[float]:
    """The weights of a logistic model of ``outcomes`` on ``rows`` by maximum likelihood, less a ridge penalty
    of ``ridge`` times the squared distance from :data:`RAW_SHARE`, by Newton's method."""
    weights = list(RAW_SHARE)
    for _ in range(30):
        gradient = [ridge * (centre - weight) for weight, centre in zip(weights, RAW_SHARE, strict=True)]
        hessian = [[ridge * (i == j) for j in range(len(weights))] for i in range(len(weights))]
        for row, outcome in zip(rows, outcomes, strict=True):
            p = _sigmoid(_dot(weights, row))
            for i, x in enumerate(row):
                gradient[i] += (outcome - p) * x
                for j, other in enumerate(row):
                    hessian[i][j] += p * (1 - p) * x * other
        weights = [weight + step for weight, step in zip(weights, _solve(hessian, gradient), strict=True)]
    return weights


def _dot(weights: Sequence[float], row: Sequence[float]) -> float:
    return sum(weight * x for weight, x in zip(weights, row, strict=True))


def _solve(matrix: list[list[float]], vector: list[float]) -> list[float]:
    """x with matrix @ x == vector (Gaussian elimination with partial pivoting; the matrix is small)."""
    size = len(vector)
    rows = [row[:] + [value] for row, value in zip(matrix, vector, strict=True)]
    for column in range(size):
        pivot = max(range(column, size), key=lambda at: abs(rows[at][column]))
        rows[column], rows[pivot] = rows[pivot], rows[column]
        for at in range(column + 1, size):
            factor = rows[at][column] / rows[column][column]
            rows[at] = [value - factor * top for value, top in zip(rows[at], rows[column], strict=True)]
    solution = [0.0] * size
    for at in reversed(range(size)):
        solution[at] = (rows[at][size] - sum(rows[at][j] * solution[j] for j in range(at + 1, size))) / rows[at][at]
    return solution


def _logit(raw: float) -> float:
    raw = min(1 - CLIP, max(CLIP, raw))
    return math.log(raw / (1 - raw))


def _sigmoid(x: float) -> float:
    return 1 / (1 + math.exp(-x))


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
    shown = [record.chance for record in records]
    report(records, "Raw: the share of imaginings the solver wins", [record.raw for record in records])
    report(
        records,
        "Before: the raw share through Platt's scaling per suit count",
        [record.chance_before for record in records],
    )
    report(records, "Shown: the raw share and the table through the estimator's model", shown)
    # references no estimator should lose to, known only afterwards: the win rate over these positions, overall
    # and each suit count's own
    overall = sum(record.won for record in records) / len(records)
    rates = {
        suits: sum(record.won for record in records if record.suits == suits)
        / sum(record.suits == suits for record in records)
        for suits in {record.suits for record in records}
    }
    compare(
        records,
        {
            "raw share": [record.raw for record in records],
            "before: Platt's scaling per suit count": [record.chance_before for record in records],
            "shown: the model": shown,
            "overall win rate (known afterwards)": [overall] * len(records),
            "each suit count's win rate (known afterwards)": [rates[record.suits] for record in records],
        },
        "each suit count's win rate (known afterwards)",
    )
    if args.fit:
        if any(record.shuffle >= 1000 for record in records):
            parser.error("the model is fitted on tuning shuffles (below 1000) only")
        print("\nFitted weights:")
        weights = fit(records)
        print(f"WEIGHTS = {weights}")
        fitted = [_sigmoid(_dot(weights, features(record.raw, record.public))) for record in records]
        report(records, "Fitted here: the model just fitted (on these positions)", fitted)


if __name__ == "__main__":
    main()

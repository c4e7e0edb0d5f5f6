"""How honest the win-chance estimator is (issue 39, item 5; issue 54): its predicted chances against outcomes.

Master plays deals to their end (shuffles from ``--seed`` on, rules classic, without undo, the suit counts taken
in turn); from each game ``--per-game`` positions are picked at random among those it played from, and the
estimator (:mod:`spider.players.chances`) judges each from its public position, seeded by the position as the
meter and the review seed it. Each position's outcome is its game's: whether master won from there.

Every search is bounded by nodes only, so a record holds how many positions each imagining's search took (and
whether it won): a smaller budget's raw share is read off the same searches (the first G imaginings, each won
if its win took at most N positions) without searching again. Records are searched at ``--record-guesses`` and
``--record-nodes``; the figures are judged at ``--guesses`` and ``--nodes`` (by default the estimator's own,
``GUESSES`` and ``NODES``), and ``--budgets`` compares several budgets at once: the positions a chance costs
and how well each, through a model fitted for it, predicts held-out games.

The report gives, in bins of 10% of predicted chance, the positions' count, mean prediction, observed win rate
with its 95% interval (Wilson), and the Brier score, for the raw figure (the share of imaginings the solver wins)
and for the chance shown (the model, ``WEIGHTS``). Then each figure's Brier score with a 95% interval, and its
difference from each suit count's own win rate with its interval, by the bootstrap over games (positions of one
game share its outcome); the overall win rate is a second reference.

``--openings N`` judges the openings of N fresh deals of each suit count (drawn by ``--seed`` from shuffles
1000..999,999, as bench/players.py draws measuring deals) against how often master wins fresh deals
(bench/NOTES.md, "Master on fresh deals"): a 1-suit opening master wins 98% of the time should be given about
that, not 17%.

Tuning and measuring use different deals: the model is fitted only on shuffles below 1000 (``--fit`` prints
its weights, to be copied into ``WEIGHTS``); measuring runs use fresh deals. Records keep each position
(``--save``), so that fitting and measuring again need no play (``--load``).

    nice .venv/bin/python bench/review.py --seed 400 --count 600 --per-game 10 --save tuning.jsonl   # tuning
    nice .venv/bin/python bench/review.py --load tuning.jsonl --budgets     # what each budget costs and gives
    nice .venv/bin/python bench/review.py --load tuning.jsonl --fit         # the model's weights, no play
    nice .venv/bin/python bench/review.py --seed 61453 --openings 40        # fresh openings against master
    nice .venv/bin/python bench/review.py --seed 61453 --count 150 --fresh --save measuring.jsonl

Fewer positions per game give more independent figures (and cost more games: master takes about a second a
move on 4 suits).
"""

from __future__ import annotations

import argparse
import json
import math
import random
import statistics
import time
from collections.abc import Sequence
from dataclasses import asdict, dataclass
from multiprocessing import Pool

from spider import Game, TableRules
from spider.codes import GameCode
from spider.notation import Position, parse_position, write_position
from spider.players import MAX_ACTIONS, Player
from spider.players.chances import CLIP, FEATURES, GUESSES, NODES, calibrated, features, solver_share
from spider.solver.core import SearchResult

# Master's wins on fresh deals (bench/NOTES.md, "Master on fresh deals"): 1 and 2 suits of seed 72931, 4 suits of
# seed 72931 and shuffles 5000..5019 together. What an opening's chance should come near.
MASTER_WINS = {1: (197, 200), 2: (156, 200), 4: (12, 40)}
# The budget records are searched at: room to judge smaller ones from the same searches.
RECORD_GUESSES = 20
RECORD_NODES = {1: 80_000, 2: 80_000, 4: 80_000}


@dataclass(frozen=True, slots=True)
class Record:
    """One position: its game, how far in, the raw figure at the recorded budget, how many imaginings, the
    outcome, the position, and each imagining's search."""

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
    limit: int = 0
    """The node budget each search had."""
    seconds: float = 0.0
    """The CPU seconds the estimate took at the recorded budget."""

    @property
    def public(self) -> Position:
        return parse_position(self.position)

    def share(self, guesses: int, nodes: int) -> float:
        """The raw share at a budget within the recorded one: of the first ``guesses`` imaginings, those whose
        search won within ``nodes`` positions (a search's passes do not depend on its budget until it is spent)."""
        if nodes > self.limit or (guesses > len(self.nodes) and len(self.nodes) > 1):
            raise ValueError(f"a budget of {guesses} x {nodes} is beyond the recorded {len(self.nodes)} x {self.limit}")
        if len(self.nodes) == 1:  # nothing unseen: one imagining, the table itself
            return float(0 < self.nodes[0] <= nodes)
        return sum(0 < found <= nodes for found in self.nodes[:guesses]) / guesses

    def cost(self, guesses: int, nodes: int) -> int:
        """Positions the estimate looks at, at that budget."""
        return sum(min(abs(found), nodes) for found in self.nodes[:guesses])


@dataclass(frozen=True, slots=True)
class Budget:
    """The estimator's budget judged: imaginings, and positions for each by suit count."""

    guesses: int
    nodes: dict[int, int]

    def raw(self, record: Record) -> float:
        return record.share(self.guesses, self.nodes[record.suits])

    def shown(self, record: Record) -> float:
        return calibrated(self.raw(record), record.public)

    def __str__(self) -> str:
        return f"{self.guesses} imaginings x {'/'.join(f'{self.nodes[s]:,}' for s in sorted(self.nodes))} positions"


def _judged(suits: int, shuffle: int, at: int, position: Position, won: bool) -> Record:
    searches: list[SearchResult] = []
    began = time.process_time()
    share = solver_share(position, guesses=RECORD_GUESSES, nodes=RECORD_NODES[suits], searched=searches.append)
    spent = time.process_time() - began
    nodes = tuple(search.nodes if search.line is not None else -search.nodes for search in searches)
    text, limit = write_position(position), RECORD_NODES[suits]
    return Record(suits, shuffle, at, share.chance, share.guesses, won, text, nodes, limit, spent)


def _game(job: tuple[int, int, int]) -> list[Record]:
    """Master plays one deal to its end; the estimator judges ``per_game`` of the positions it played from."""
    suits, shuffle, per_game = job
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
    return [_judged(suits, shuffle, at, positions[at], game.won) for at in picked]


def _opening(job: tuple[int, int]) -> Record:
    """A fresh deal's opening judged (its outcome unknown: counted as lost, never read)."""
    suits, shuffle = job
    opening = Game.from_code(GameCode(suits, shuffle, TableRules.preset("classic"))).public_position()
    return _judged(suits, shuffle, 0, opening, False)


def fresh_shuffles(seed: int, count: int) -> list[int]:
    """``count`` shuffles drawn from 1000..999,999 by ``seed``, as bench/players.py draws measuring deals."""
    return random.Random(seed).sample(range(1000, 1_000_000), count)


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


def fit(records: Sequence[Record], raw: Sequence[float], quiet: bool = False) -> tuple[tuple[float, ...], float]:
    """The estimator's weights (``WEIGHTS``, in the order of ``FEATURES``) fitted on the records' ``raw`` shares,
    with the ridge that predicts held-out games best, and that held-out Brier score: each of :data:`RIDGES` is
    tried in turn, fitting on four fifths of the games and scoring (Brier) the positions of the other fifth, five
    times over."""
    rows = [features(share, record.public) for share, record in zip(raw, records, strict=True)]
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
        if not quiet:
            print(f"  ridge {ridge:>5}: Brier {scores[ridge]:.4f} on held-out games")
    ridge = min(scores, key=scores.__getitem__)
    weights = _logistic(rows, [record.won for record in records], ridge)
    if not quiet:
        print(f"Fitted on all {len(games)} games with ridge {ridge}:")
        for name, weight in zip(FEATURES, weights, strict=True):
            print(f"  {name:<14} {weight:+.3f}")
    return tuple(round(weight, 3) for weight in weights), scores[ridge]


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
    return 1 / (1 + math.exp(-max(-700.0, min(700.0, x))))


def budgets(records: Sequence[Record], chosen: Budget) -> None:
    """For each budget within the recorded one: the positions an estimate looks at (mean by suit count, and the
    CPU seconds that is at the recorded searches' pace) and the held-out Brier score of a model fitted for it."""
    suits = sorted({record.suits for record in records})
    pace = {
        count: sum(r.cost(len(r.nodes), r.limit) for r in records if r.suits == count)
        / max(1e-9, sum(r.seconds for r in records if r.suits == count))
        for count in suits
    }
    print(f"\nBudgets (pace of the recorded searches: {', '.join(f'{s} suits {pace[s]:,.0f}' for s in suits)} "
          "positions a CPU second)")
    print(f"{'budget':<42} {'mean positions (CPU s) by suit count':<58} held-out Brier")
    for guesses in sorted({chosen.guesses, *BUDGET_GUESSES}):
        for nodes in sorted({tuple(chosen.nodes[count] for count in (1, 2, 4)), *BUDGET_NODES}):
            budget = Budget(guesses, dict(zip((1, 2, 4), nodes, strict=True)))
            if guesses > RECORD_GUESSES or any(budget.nodes[count] > RECORD_NODES[count] for count in suits):
                continue
            costs = []
            for count in suits:
                mine = [r for r in records if r.suits == count]
                mean = statistics.fmean(r.cost(budget.guesses, budget.nodes[count]) for r in mine)
                costs.append(f"{mean:>9,.0f} ({mean / pace[count]:.2f})")
            _, held_out = fit(records, [budget.raw(r) for r in records], quiet=True)
            print(f"{budget!s:<42} {'  '.join(costs):<58} {held_out:.4f}", flush=True)


# The budgets --budgets compares: imaginings, and positions a search by suit count (1, 2, 4).
BUDGET_GUESSES = (8, 10, 12, 16, 20)
BUDGET_NODES = (
    (20_000, 10_000, 10_000), (40_000, 10_000, 10_000), (40_000, 15_000, 15_000), (40_000, 20_000, 20_000),
    (40_000, 40_000, 40_000), (80_000, 80_000, 80_000),
)


def openings(budget: Budget, seed: int, count: int, suit_counts: Sequence[int], processes: int) -> None:
    """The chance given to fresh openings, against master's win rate on fresh deals."""
    print(f"Openings of {count} fresh deals a suit count (seed {seed}), judged at {budget}")
    shuffles = fresh_shuffles(seed, count)
    with Pool(processes) as pool:
        for suits in suit_counts:
            found = pool.map(_opening, [(suits, shuffle) for shuffle in shuffles])
            shown = [budget.shown(record) for record in found]
            raw = [budget.raw(record) for record in found]
            seconds = [record.seconds * record.cost(budget.guesses, budget.nodes[suits])
                       / max(1, record.cost(len(record.nodes), record.limit)) for record in found]
            mean = statistics.fmean(shown)
            half = 1.96 * statistics.stdev(shown) / math.sqrt(len(shown)) if len(shown) > 1 else 0.0
            won, played = MASTER_WINS[suits]
            low, high = wilson(won, played)
            print(
                f"  {suits} suit{'s' if suits > 1 else ' '}: shown {mean:.0%} ({mean - half:.0%}..{mean + half:.0%}, "
                f"each {min(shown):.0%}..{max(shown):.0%}), raw {statistics.fmean(raw):.0%}; master wins {won} of "
                f"{played} fresh deals, {won / played:.0%} ({low:.0%}..{high:.0%}); "
                f"{statistics.fmean(seconds):.2f} s of CPU an estimate",
                flush=True,
            )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seed", type=int, default=1000, help="first shuffle (tuning: below 1000); with --fresh or "
                        "--openings, the seed that draws fresh deals")
    parser.add_argument("--count", type=int, default=100, help="positions in all")
    parser.add_argument("--per-game", type=int, default=5, help="positions picked from each game")
    parser.add_argument("--suits", type=int, nargs="+", choices=(1, 2, 4), default=[1, 2, 4])
    parser.add_argument("--fresh", action="store_true", help="deals drawn by --seed from 1000..999,999")
    parser.add_argument("--guesses", type=int, default=GUESSES, help="imaginings of the budget judged")
    parser.add_argument("--nodes", type=int, nargs=3, metavar=("ONE", "TWO", "FOUR"),
                        default=[NODES[1], NODES[2], NODES[4]], help="positions of each search, by suit count")
    parser.add_argument("--budgets", action="store_true", help="compare budgets on these records")
    parser.add_argument("--openings", type=int, default=0, help="judge the openings of this many fresh deals")
    parser.add_argument("--processes", type=int, default=1, help="games played side by side")
    parser.add_argument("--save", help="append each position's record to this file (JSON lines)")
    parser.add_argument("--load", help="report on the records of this file instead of playing")
    parser.add_argument("--fit", action="store_true", help="print the model fitted on these records")
    args = parser.parse_args()
    budget = Budget(args.guesses, dict(zip((1, 2, 4), args.nodes, strict=True)))
    if args.openings:
        openings(budget, args.seed, args.openings, args.suits, args.processes)
        return
    records: list[Record] = []
    if args.load:
        with open(args.load) as file:
            records = [Record(**{**json.loads(line), "nodes": tuple(json.loads(line)["nodes"])})
                       for line in file if line.strip()]
        shuffles = sorted({record.shuffle for record in records})
        print(f"{len(records)} positions from {len(shuffles)} games (shuffles {shuffles[0]}..{shuffles[-1]})")
    else:
        games = -(-args.count // args.per_game)
        shuffles = fresh_shuffles(args.seed, games) if args.fresh else [args.seed + at for at in range(games)]
        jobs = [(args.suits[at % len(args.suits)], shuffle, args.per_game) for at, shuffle in enumerate(shuffles)]
        print(
            f"{args.count} positions, {args.per_game} from each of {games} games of master (shuffles "
            f"{'drawn by seed ' + str(args.seed) if args.fresh else f'{args.seed}..{args.seed + games - 1}'}, suits "
            f"{' '.join(map(str, args.suits))} in turn, classic), searched at {RECORD_GUESSES} imaginings x "
            f"{'/'.join(f'{n:,}' for n in RECORD_NODES.values())} positions",
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
                        f"{budget.raw(record):.0%}, shown {budget.shown(record):.0%}, "
                        f"{'won' if record.won else 'lost'} ({record.seconds:.1f} s at the recorded budget)",
                        flush=True,
                    )
    print(f"Judged at {budget}")
    for suits in sorted({record.suits for record in records}):
        mine = [record for record in records if record.suits == suits]
        print(f"{suits} suits: {len(mine)} positions, {sum(record.won for record in mine)} from games won")
    raw = [budget.raw(record) for record in records]
    shown = [budget.shown(record) for record in records]
    report(records, "Raw: the share of imaginings the solver wins", raw)
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
            "raw share": raw,
            "shown: the model": shown,
            "overall win rate (known afterwards)": [overall] * len(records),
            "each suit count's win rate (known afterwards)": [rates[record.suits] for record in records],
        },
        "each suit count's win rate (known afterwards)",
    )
    if args.budgets:
        budgets(records, budget)
    if args.fit:
        if any(record.shuffle >= 1000 for record in records):
            parser.error("the model is fitted on tuning shuffles (below 1000) only")
        print("\nFitted weights:")
        weights, _ = fit(records, raw)
        print(f"WEIGHTS = {weights}")
        fitted = [
            _sigmoid(_dot(weights, features(share, record.public))) for share, record in zip(raw, records, strict=True)
        ]
        report(records, "Fitted here: the model just fitted (on these positions)", fitted)


if __name__ == "__main__":
    main()

"""A ladder of the computer players: a round robin of the strengths under duel rules, and a Glicko-2
rating for each (issue 40, item 5).

Every strength plays each deal once, as the server's computer opponent plays a duel
(``spider.server.duels.computer``): table rules ``TableRules.preset("duel")`` (cards turned by hand, duel
scoring), its own player seeded for the deal, playing for points and finishing when nothing more pays, on a
duel's clock of ``--minutes`` (5 by default, the lobby's first choice). The pace is counted: before each
action the player waits its strength's pace on the clock (``players.PACE``: the server sleeps it while the
duel's deadline runs), and its thinking (CPU time) counts too; an action thought past the time is not
played. So a slow-paced beginner may run out of time on a deal that master finishes.

Then every two strengths are compared on each deal both played, as a duel between them would end
(``spider.server.duels.model.outcomes``: the higher duel score wins, equal scores draw), and each such
pairing rates both as the server rates a duel (``spider.server.people.ratings.rate``: Glicko-2, one rating
period a duel, from 1500 and a deviation of 350), deal after deal in the order drawn. Beside those it prints
the ratings fitted to all the duels at once (``spider.players.ladder.fit``: the same scale and start, every
duel weighing alike, since a computer player's strength does not move), which ``players.strengths.RATINGS``
takes. It prints each pair's score (wins and half the draws) with its 95% interval (Wilson,
``spider.players.intervals``), and each gap between neighbouring strengths with its 95% interval, and
whether they stand at least 150 points apart.

The deals are measuring deals, ``--count`` shuffles drawn by ``--seed`` from 1000..999,999 as in
bench/players.py (take a seed no report used before, and never tune on its deals); the suit counts
``--suits`` take turns over them. One process, no tuning flags: tune with bench/players.py on shuffles
below 1000. Interrupted (Ctrl-C), it prints the ladder of the deals played so far.

    nice -n 10 .venv/bin/python bench/ladder.py --seed 5309 --count 30
    nice -n 10 .venv/bin/python bench/ladder.py --seed 7741 --count 20 --suits 2 --minutes 3
"""

from __future__ import annotations

import argparse
import zlib
from collections import Counter
from dataclasses import dataclass, field
from itertools import combinations

from players import drawn_shuffles

from spider import Game, TableRules
from spider.codes import GameCode
from spider.players import PACE, STRENGTHS, Player, PlayResult, Strength, play_game
from spider.players.intervals import wilson
from spider.players.ladder import fit
from spider.server.duels.model import outcomes
from spider.server.people.ratings import Rating, rate

APART = 150.0
"""Neighbouring strengths should stand at least this many rating points apart (issue 40)."""
POINTS = {"win": 1.0, "draw": 0.5, "loss": 0.0}


@dataclass
class Ladder:
    """The round robin so far: each strength's rating and games, each pair's duels."""

    strengths: tuple[Strength, ...]
    ratings: dict[Strength, Rating] = field(default_factory=dict)
    games: dict[Strength, list[PlayResult]] = field(default_factory=dict)
    pairs: dict[tuple[Strength, Strength], Counter[str]] = field(default_factory=dict)
    """Each weaker and stronger strength's duels on the same deals: the stronger's wins, draws and losses."""

    def __post_init__(self) -> None:
        for strength in self.strengths:
            self.ratings[strength] = Rating()
            self.games[strength] = []
        for pair in combinations(self.strengths, 2):
            self.pairs[pair] = Counter()

    def add(self, results: dict[Strength, PlayResult]) -> None:
        """One deal played by every strength: each two of them dueled on it, and rated as the server rates."""
        for strength, result in results.items():
            self.games[strength].append(result)
        for weaker, stronger in combinations(self.strengths, 2):
            first, second = outcomes(results[stronger].score, results[weaker].score)
            self.pairs[weaker, stronger][first] += 1
            before = self.ratings[stronger], self.ratings[weaker]
            self.ratings[stronger] = rate(before[0], before[1], POINTS[first])
            self.ratings[weaker] = rate(before[1], before[0], POINTS[second])


def play(suits: int, shuffle: int, strength: Strength, minutes: int) -> PlayResult:
    """The deal played by the strength as a computer opponent plays its side of a duel."""
    game = Game.from_code(GameCode(suits, shuffle, TableRules.preset("duel")))
    player = Player(strength, seed=zlib.crc32(f"{suits}-{shuffle}".encode()))
    return play_game(game, player, time_limit=minutes * 60.0, pace=PACE[strength])


def points(pair: Counter[str]) -> float:
    """The stronger's points in a pair's duels: a win 1, a draw a half."""
    return sum(POINTS[outcome] * count for outcome, count in pair.items())


def report(ladder: Ladder, deals: int) -> None:
    """The ratings, the games, each pair's score, and the gaps between neighbours."""
    fitted = fit(
        ladder.strengths,
        {(stronger, weaker): (points(pair), pair.total()) for (weaker, stronger), pair in ladder.pairs.items()},
    )
    print(f"\nafter {deals} deals: ratings fitted to all the duels at once, and rated duel by duel as the server does")
    print(
        f"{'strength':>9} {'fitted':>11} {'duel by duel':>12} {'score/game':>10} {'won':>4} {'actions':>8} "
        f"{'s/action':>9}"
    )
    for strength in ladder.strengths:
        rating, games = ladder.ratings[strength], ladder.games[strength]
        actions = sum(game.actions for game in games)
        print(
            f"{strength:>9} {f'{fitted.ratings[strength]:.0f} +- {fitted.deviation(strength):.0f}':>11} "
            f"{f'{rating.rating:.0f} +- {rating.deviation:.0f}':>12} "
            f"{sum(game.score for game in games) / len(games):>10.1f} {sum(game.won for game in games):>4} "
            f"{actions / len(games):>8.0f} {sum(game.seconds for game in games) / max(1, actions):>9.3f}"
        )
    print(f"\n{'pair (stronger v weaker)':>26} {'won':>4} {'drawn':>5} {'lost':>4} {'score':>6} {'95% interval':>13}")
    for (weaker, stronger), pair in ladder.pairs.items():
        scored, played = points(pair), pair.total()
        low, high = wilson(scored, played)
        print(
            f"{f'{stronger} v {weaker}':>26} {pair['win']:>4} {pair['draw']:>5} {pair['loss']:>4} "
            f"{scored / played:>6.0%} {f'{low:.0%}..{high:.0%}':>13}"
        )
    print("\ngaps between neighbours, fitted, with their 95% intervals")
    for weaker, stronger in zip(ladder.strengths, ladder.strengths[1:], strict=False):
        gap, spread = fitted.gap(stronger, weaker)
        if gap - spread >= APART:
            verdict = f"apart by {APART:.0f}, the whole interval"
        elif gap >= APART:
            verdict = f"apart by {APART:.0f}, though the interval reaches below"
        else:
            verdict = f"NOT apart by {APART:.0f}"
        print(f"{stronger} - {weaker}: {gap:+.0f} +- {spread:.0f}: {verdict}", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seed", type=int, required=True, help="draws the measuring deals from 1000..999999")
    parser.add_argument("--count", type=int, default=30, help="deals, the suit counts taking turns")
    parser.add_argument("--suits", type=int, nargs="+", choices=(1, 2, 4), default=[1, 2, 4])
    parser.add_argument("--minutes", type=int, default=5, help="the duel's clock")
    parser.add_argument("--strengths", nargs="+", choices=STRENGTHS, default=list(STRENGTHS))
    args = parser.parse_args()
    strengths = tuple(strength for strength in STRENGTHS if strength in args.strengths)
    shuffles = drawn_shuffles(args.seed, args.count)
    print(
        f"ladder: {args.count} shuffles drawn by seed {args.seed}: {' '.join(map(str, shuffles))}; suits "
        f"{' '.join(map(str, args.suits))} in turn; duel rules, {args.minutes} minutes, pace counted"
    )
    ladder = Ladder(strengths)
    played = 0
    try:
        for index, shuffle in enumerate(shuffles):
            suits = args.suits[index % len(args.suits)]
            results = {strength: play(suits, shuffle, strength, args.minutes) for strength in strengths}
            ladder.add(results)
            played += 1
            print(
                f"{suits} suits, shuffle {shuffle}: "
                + ", ".join(
                    f"{strength} {result.score}{' won' if result.won else ''} ({result.actions} actions, "
                    f"{result.seconds:.0f} s)"
                    for strength, result in results.items()
                ),
                flush=True,
            )
    except KeyboardInterrupt:
        print(f"interrupted: the ladder of the {played} deals played")
    if played:
        report(ladder, played)


if __name__ == "__main__":
    main()

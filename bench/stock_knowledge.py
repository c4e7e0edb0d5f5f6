"""What knowing the stock's order gains a player, and whether its deals show it (issue 53, item 3).

bench/fairplay.py's ``stock`` group is expert with the real stock in every guess it makes at the unseen cards.
On the same deals (suit counts ``--suits`` in turn, classic rules, no undo) this plays expert honestly and
knowing the stock, and prints for each suit count:

- the win rates of both and their paired difference with its 95% interval (what the knowledge gains);
- at each deal either made, where the ten cards it brought rank among ``--orders`` other orders of the same
  stock (the face-down cards kept): by how many of them land on a card one rank higher, and by the tidiest
  table a short look ahead finds after the deal. A player who does not know the stock deals as well into any
  order of it, so the rank's p-value is uniform and its mean 0.5; one who arranges the table for the cards to
  come gives its deals low p-values. The mean p-value is given with its 95% interval.

A knowledge that wins nothing and leaves no mark on the deals cannot be told from honest play by any measure
of the game: this says whether the ``stock`` group is such a player.

    nice -n 10 .venv/bin/python bench/stock_knowledge.py --seed 300 --games 22
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from fairplay import StockKnowing, shuffles

from spider import Game
from spider.fairplay.fills import Fill, real_fill
from spider.notation import Position
from spider.players import Player, play_game
from spider.players.determinize import outlook
from spider.players.intervals import paired_difference
from spider.solver.convert import table_for
from spider.solver.core import DEAL

LOOK_NODES = 400
"""The short look ahead after a deal, in positions."""


@dataclass
class Tally:
    """One group's games on one suit count: which deals it won, and each deal's p-value by each measure."""

    won: dict[int, bool] = field(default_factory=dict)
    actions: list[int] = field(default_factory=list)
    p_values: dict[str, list[float]] = field(default_factory=lambda: {name: [] for name in MEASURES})


def landing(position: Position, fill: Fill) -> float:
    """How many of the next deal's cards land on a card one rank higher."""
    tops = [cards[-1] if cards else None for cards in position.columns]
    return sum(1 for top, dealt in zip(tops, fill.stock, strict=False) if top and top.rank == dealt.rank + 1)


def look_ahead(position: Position, fill: Fill) -> float:
    """Minus the score of the tidiest table a short look ahead finds after the deal (higher is better)."""
    table, state = table_for(
        position.columns, position.face_down, fill.stock, position.rules.group, position.rules.deal, fill.hidden,
        suits=position.suits,
    )
    return -outlook(table, table.apply(state, DEAL), LOOK_NODES)


MEASURES: dict[str, Callable[[Position, Fill], float]] = {"landing": landing, "look ahead": look_ahead}


def p_value(real: float, others: Sequence[float]) -> float:
    """The share of the other orders that did at least as well as the real one (ties counted half)."""
    above = sum(other > real for other in others)
    ties = sum(other == real for other in others)
    return (above + 0.5 * ties + 0.5) / (len(others) + 1)


def deals_ranked(code: str, line: Sequence[str], orders: int, generator: random.Random) -> dict[str, list[float]]:
    """Each deal of a game's line, its real cards ranked among other orders of the same stock."""
    game = Game.from_code(code)
    found: dict[str, list[float]] = {name: [] for name in MEASURES}
    for text in line:
        if text == "d":
            position = game.public_position()
            real = real_fill(game)
            others = []
            for _ in range(orders):
                stock = list(real.stock)
                generator.shuffle(stock)
                others.append(Fill(real.hidden, tuple(stock)))
            for name, measure in MEASURES.items():
                found[name].append(p_value(measure(position, real), [measure(position, other) for other in others]))
        game.apply_text(text)
    return found


def mean_interval(values: Sequence[float]) -> str:
    if len(values) < 2:
        return "-"
    mean = statistics.fmean(values)
    half = 1.96 * statistics.stdev(values) / math.sqrt(len(values))
    return f"{mean:.3f} [{mean - half:.3f}, {mean + half:.3f}]"


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--seed", type=int, required=True, help="below 1000: tuning shuffles; else fresh deals")
    parser.add_argument("--games", type=int, default=20, help="deals (the suit counts in turn)")
    parser.add_argument("--suits", type=int, nargs="+", default=[1, 2])
    parser.add_argument("--orders", type=int, default=200, help="other orders of the stock each deal is ranked among")
    args = parser.parse_args()
    tallies = {(group, suits): Tally() for group in ("expert", "stock") for suits in args.suits}
    for index, shuffle in enumerate(shuffles(args.seed, args.games)):
        suits = args.suits[index % len(args.suits)]
        for group in ("expert", "stock"):
            game, seed = Game.new(suits, shuffle=shuffle), shuffle * 7 + suits
            player = StockKnowing("expert", seed) if group == "stock" else Player("expert", seed)
            player.game = game  # type: ignore[attr-defined]  # the stock it knows is the one it plays
            line = list(play_game(game, player).line)
            tally = tallies[group, suits]
            tally.won[shuffle] = game.won
            tally.actions.append(len(line))
            for name, found in deals_ranked(game.code, line, args.orders, random.Random(seed)).items():
                tally.p_values[name].extend(found)
            print(f"  {group:6} {suits}s shuffle {shuffle:6}: won {tally.won[shuffle]!s:5} {len(line):4} actions",
                  flush=True)
    for suits in args.suits:
        honest, knowing = tallies["expert", suits], tallies["stock", suits]
        counts = [0, 0, 0, 0]  # deals both won, only the one knowing the stock, only the honest one, neither
        for shuffle, won in knowing.won.items():
            counts[(not won) * 2 + (not honest.won[shuffle])] += 1
        gain = paired_difference(*counts)
        print(f"{suits} suit(s), {len(knowing.won)} deals: expert won {sum(honest.won.values())}, knowing the stock "
              f"{sum(knowing.won.values())}; gain {gain.value:+.1%} [{gain.low:+.1%}, {gain.high:+.1%}]; mean actions "
              f"{statistics.fmean(honest.actions):.0f} and {statistics.fmean(knowing.actions):.0f}")
        for name in MEASURES:
            print(f"    deals' mean p-value by {name:10}: expert {mean_interval(honest.p_values[name])} "
                  f"({len(honest.p_values[name])} deals), knowing {mean_interval(knowing.p_values[name])}")


if __name__ == "__main__":
    main()

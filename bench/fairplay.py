"""How honest and how sharp the clairvoyance measure is (issue 53, item 3): flagged rates of honest and of
clairvoyant games, each with its 95% interval (Wilson).

On each deal (the suit counts 1, 2 and 4 in turn, rules classic, no undo) these games are played and measured
(:func:`spider.fairplay.fairplay`):

- every computer strength, seeing only what a player sees, with a person's randomness: before each action, with
  chance ``--slip`` (0.1), a move drawn at random from the visible table's (each whose result differs) instead of
  the strength's own choice;
- ``solver``: the full-information solver's winning line (``spider.solver.solve``, up to ``--solve-nodes``
  positions), played as it is; only deals it wins count;
- ``stock``: expert, but every guess it makes at the unseen cards holds the real stock in its real order (the
  face-down cards are still guessed, from the cards left): a player who knows the stock's order.

Honest games should be flagged at most 1% of the time, solver's lines at least 95%, stock-knowing games at least
80%.

Tuning and measuring use different deals. A ``--seed`` below 1000 plays shuffles SEED, SEED+1, ... (they must
stay below 1000: the tuning shuffles); a seed of 1000 or more plays ``--games`` shuffles drawn at random from
1000..999,999 by ``random.Random(SEED)``, fresh deals for a report: take a seed no report used before, and never
tune on its deals. Each game's decisions are kept with their judgements (``--save FILE``, one JSON line per game;
``--resume`` goes on from a file's games), so that ``--tune`` can try other softness and trust on saved tuning
games without playing them again (it refuses games of shuffles of 1000 or more).

    nice -n 10 .venv/bin/python bench/fairplay.py --seed 100 --games 30 --save tuning.jsonl
    nice -n 10 .venv/bin/python bench/fairplay.py --load tuning.jsonl --tune
    nice -n 10 .venv/bin/python bench/fairplay.py --seed 52017 --games 60 --save measuring.jsonl --resume

The CPU seconds the measure took per game are reported too (the server will measure every ranked result).
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections.abc import Iterator, Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any

import spider.players.player as player_module
from spider import Game
from spider.fairplay import CARE, THRESHOLD, Care, fairplay
from spider.fairplay.choices import weight
from spider.notation import Position
from spider.players import STRENGTHS, Player, play_game
from spider.players.determinize import Sample, sample, unseen_cards
from spider.players.intervals import wilson
from spider.solver import solve
from spider.solver.convert import action_text
from spider.solver.core import DEAL
from spider.solver.hint import public_table

SUITS = (1, 2, 4)
GROUPS = (*STRENGTHS, "solver", "stock")
HONEST = STRENGTHS
GOALS = {"honest": ("at most", 0.01), "solver": ("at least", 0.95), "stock": ("at least", 0.80)}
MAX_ACTIONS = 600
"""A game with a person's slips may walk in circles: it ends after this many actions."""


class Person:
    """A computer strength with a person's randomness: now and then a move drawn at random from the visible
    table's, instead of its own choice."""

    def __init__(self, player: Player, slip: float, seed: int) -> None:
        self.player, self.slip, self.random = player, slip, random.Random(seed)

    def next_action(self, position: Position, seconds_left: float | None = None) -> str | None:
        if not position.flippable and self.random.random() < self.slip:
            table, start = public_table(position)
            moves = [action for action, _, _ in table.children(start, table.score(start), exact=True) if action != DEAL]
            if moves:
                return action_text(start, self.random.choice(moves))
        return self.player.next_action(position, seconds_left)


_REAL_STOCK: list[tuple[Any, ...]] = []
"""The real stock while a stock-knowing player thinks (empty otherwise)."""


def _sample_knowing_stock(position: Position, generator: random.Random, unseen: Sequence[Any] | None = None) -> Sample:
    """The players' guess at the unseen cards, but with the real stock where a stock-knowing player thinks."""
    if not _REAL_STOCK:
        return sample(position, generator, unseen)
    stock = _REAL_STOCK[-1]
    left = list(unseen_cards(position))
    for card in stock:
        left.remove(card)
    generator.shuffle(left)
    hidden, taken = [], 0
    for down in position.face_down:
        hidden.append(tuple(left[taken : taken + down]))
        taken += down
    return Sample(tuple(hidden), tuple(stock))


player_module.sample = _sample_knowing_stock  # type: ignore[assignment]


class StockKnowing(Player):
    """Expert, whose guesses hold the real stock of ``game`` in its order."""

    game: Game

    def next_action(self, position: Position, seconds_left: float | None = None) -> str | None:
        _REAL_STOCK.append(self.game.stock)
        try:
            return super().next_action(position, seconds_left)
        finally:
            _REAL_STOCK.pop()


def shuffles(seed: int, games: int) -> list[int]:
    """The deals' shuffles: tuning from SEED on (below 1000), or measuring drawn from 1000..999,999."""
    if seed < 1000:
        if seed + games > 1000:
            sys.exit(f"tuning shuffles must stay below 1000: --seed {seed} --games {games} reaches {seed + games - 1}")
        return list(range(seed, seed + games))
    generator = random.Random(seed)
    return [generator.randrange(1000, 1_000_000) for _ in range(games)]


def line_of(group: str, game: Game, seed: int, slip: float, solve_nodes: int) -> list[str] | None:
    """The actions of a game of the group on the deal (None: the solver found no win)."""
    if group == "solver":
        found = solve(game, max_nodes=solve_nodes)
        return found.line if found.verdict == "win" else None
    if group == "stock":
        knowing = StockKnowing("expert", seed)
        knowing.game = game
        return list(play_game(game, knowing, max_actions=MAX_ACTIONS).line)
    person = Person(Player(group, seed), slip, seed)  # type: ignore[arg-type]
    return list(play_game(game, person, max_actions=MAX_ACTIONS).line)


def record(group: str, suits: int, shuffle: int, slip: float, solve_nodes: int, care: Care) -> dict[str, Any] | None:
    """One game played and measured, as a saved line: its decisions' judgements kept for ``--tune``."""
    game = Game.new(suits, shuffle=shuffle)
    began = time.process_time()
    line = line_of(group, game.copy(), shuffle * 7 + suits, slip, solve_nodes)
    played = time.process_time() - began
    if line is None:
        return None
    verdict = fairplay(game.code, None, line, care=care)
    return {
        "group": group, "suits": suits, "shuffle": shuffle, "code": game.code, "actions": len(line),
        "won": Game.replay(game.code, None, line).won, "score": verdict.score, "flagged": verdict.flagged,
        "decisions": [[found.played, len(found.actions), list(found.firsts)] for found in verdict.weighed],
        "measure_seconds": verdict.seconds, "play_seconds": played,
    }


def played(args: argparse.Namespace, done: set[tuple[str, int, int]]) -> Iterator[dict[str, Any]]:
    care = replace(CARE, samples=args.samples) if args.samples else CARE
    for index, shuffle in enumerate(shuffles(args.seed, args.games)):
        suits = SUITS[index % len(SUITS)]
        for group in args.groups:
            if (group, suits, shuffle) in done:
                continue
            found = record(group, suits, shuffle, args.slip, args.solve_nodes, care)
            if found is None:
                found = {"group": group, "suits": suits, "shuffle": shuffle, "skipped": True}
            yield found


def rescored(game: dict[str, Any], slip: float = CARE.slip, trust: float = CARE.trust) -> float:
    """A saved game's score again, from its decisions' lines (the solver's calls do not depend on these two)."""
    return sum(weight(firsts, played, count, slip, trust) for played, count, firsts in game["decisions"])


def report(games: Sequence[dict[str, Any]]) -> None:
    """Each group's flagged rate with its 95% interval, by suit count and over all, scored with today's slip and
    trust; the measure's CPU time."""
    games = [game for game in games if not game.get("skipped")]

    def flagged(game: dict[str, Any]) -> bool:
        return rescored(game) >= THRESHOLD

    kinds = {**{group: [group] for group in GROUPS}, "honest": list(HONEST)}
    for kind in ("honest", *GROUPS):
        for suits in (*SUITS, None):
            chosen = [g for g in games if g["group"] in kinds[kind] and (suits is None or g["suits"] == suits)]
            if not chosen:
                continue
            count = sum(flagged(game) for game in chosen)
            low, high = wilson(count, len(chosen))
            seconds = sum(game["measure_seconds"] for game in chosen) / len(chosen)
            goal = GOALS.get(kind)
            aim = f"  (goal {goal[0]} {goal[1]:.0%})" if goal and suits is None else ""
            where = "all" if suits is None else f"{suits}s"
            print(f"{kind:8} {where:>3}: flagged {count:3}/{len(chosen):<3} = {count / len(chosen):6.1%}  "
                  f"[{low:5.1%}, {high:5.1%}]  measure {seconds:4.1f} s/game{aim}")


def tune(games: Sequence[dict[str, Any]]) -> None:
    """Flagged rates of each group over a grid of the clairvoyant's slip and the trust in each ratio, and the
    highest honest score, on tuning games only."""
    if any(game["shuffle"] >= 1000 for game in games):
        sys.exit("--tune takes tuning games only (shuffles below 1000)")
    games = [game for game in games if not game.get("skipped")]
    kinds = ("honest", "solver", "stock")
    print(f"{'slip':>5} {'trust':>5}  " + "  ".join(f"{kind:>7}" for kind in kinds) + "  top honest")
    for slip in (0.01, 0.05, 0.2):
        for trust in (0.1, 0.25, 0.5, 1.0):
            rates = []
            for kind in ("honest", "solver", "stock"):
                groups = HONEST if kind == "honest" else (kind,)
                chosen = [game for game in games if game["group"] in groups]
                hits = sum(rescored(game, slip, trust) >= THRESHOLD for game in chosen)
                rates.append(f"{hits:3}/{len(chosen):<3}")
            top = max((rescored(game, slip, trust) for game in games if game["group"] in HONEST), default=0.0)
            print(f"{slip:5.2f} {trust:5.2f}  " + "  ".join(f"{rate:>7}" for rate in rates) + f"  {top:10.2f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--seed", type=int, help="below 1000: tuning shuffles from it; else fresh deals drawn by it")
    parser.add_argument("--games", type=int, default=12, help="deals (the suit counts in turn)")
    parser.add_argument("--groups", nargs="+", choices=GROUPS, default=list(GROUPS))
    parser.add_argument("--slip", type=float, default=0.1, help="a person's chance of a random move, per action")
    parser.add_argument("--solve-nodes", type=int, default=300_000, help="the solver's budget for its line")
    parser.add_argument("--samples", type=int, help="sampled fills per decision (default: the measure's)")
    parser.add_argument("--save", type=Path, help="append each game to this file (JSON lines)")
    parser.add_argument("--resume", action="store_true", help="skip the games already in --save")
    parser.add_argument("--load", type=Path, help="report (or --tune) the games of a saved file, playing none")
    parser.add_argument("--tune", action="store_true", help="with --load: flagged rates over softness and trust")
    args = parser.parse_args()
    if args.load:
        games = [json.loads(line) for line in args.load.read_text().splitlines() if line.strip()]
        tune(games) if args.tune else report(games)
        return
    if args.seed is None:
        parser.error("give --seed (or --load)")
    kept: list[dict[str, Any]] = []
    if args.resume and args.save and args.save.exists():
        kept = [json.loads(line) for line in args.save.read_text().splitlines() if line.strip()]
    done = {(game["group"], game["suits"], game["shuffle"]) for game in kept}
    print(f"seed {args.seed}: {args.games} deals, groups {' '.join(args.groups)}, care {CARE}", flush=True)
    for game in played(args, done):
        kept.append(game)
        if args.save:
            with args.save.open("a") as out:
                out.write(json.dumps(game) + "\n")
        if not game.get("skipped"):
            score = rescored(game)
            print(f"  {game['group']:8} {game['suits']}s shuffle {game['shuffle']:6}: {game['actions']:4} actions, "
                  f"won {game['won']!s:5} score {score:7.2f}{' FLAGGED' if score >= THRESHOLD else ''}  "
                  f"(measure {game['measure_seconds']:.1f} s)", flush=True)
    report(kept)


if __name__ == "__main__":
    main()

"""Computer players' win rates: each strength plays the same deals, without undo, seeing only what a
player sees, rules classic. Each win rate is printed with its 95% interval (Wilson), and every two strengths
with their paired difference on the same deals, its 95% interval (Newcombe's, from the deals one won and the
other lost) and those two counts (``spider.players.intervals``). Thinking time is the CPU time of the
process that plays the deal (the machine may be shared), per action: the mean over all actions and the
longest single one.

Tuning and measuring use different deals (issue 40). Tuning plays shuffles below 1000 (``--first``, 0 by
default: shuffles FIRST..FIRST+COUNT-1). Measuring plays ``--count`` shuffles drawn at random from
1000..999,999 by ``random.Random(SEED)`` (``--seed``), printed so that a run can be repeated: take a seed
no report used before, and never tune on its deals. The old measuring set, shuffles 1000 onwards, was tuned
on by eleven rounds and measures nothing any more. ``--level`` and ``--weights`` are refused on any deals
but shuffles below 1000.

    .venv/bin/python bench/players.py --seed 4017 --count 100     # a report: 100 fresh deals per suit count
    .venv/bin/python bench/players.py --seed 8121 --count 40 --suits 4 --strengths expert master
    .venv/bin/python bench/players.py --count 20 --suits 1 2 --strengths master
    .venv/bin/python bench/players.py --count 5 --first 20 --verbose   # one line per deal
    .venv/bin/python bench/players.py --count 10 --suits 2 --preset duel  # duel rules: mean duel score

Tuning tries a strength or the players' weights with a field changed, without touching the code (the
change holds for this run only, in every process):

    .venv/bin/python bench/players.py --first 200 --count 300 --suits 4 --strengths expert --processes 2 \\
        --level sample_nodes=10000 --weights face_down=20
    .venv/bin/python bench/players.py --first 500 --count 500 --suits 2 --strengths master --processes 2 \\
        --level solve_suits=1,2,4       # master with its solver on 2 suits too

``--losses`` asks of each lost deal where it was lost: the last position from which the full-information
solver still finds a win (``spider.solver.analyse``, up to 10 s a position and 90 s a deal), and how many of
20 guesses at the unseen cards, drawn as the players draw them, the solver wins from there (up to 2 s each).
Few means the deal was lost to the cards still to come; many, to a move that a player could have seen to be
worse.

    .venv/bin/python bench/players.py --first 200 --count 100 --suits 2 --strengths master --processes 2 \\
        --losses

A long run can go without it and have its losses looked at afterwards from its ``--verbose`` log
(``bench/losses.py``).

With ``--verbose`` a lost deal's line follows it, every action in move notation: an action that reaches
the strength's limit of thinking time ends where the machine's speed puts it, so the same deal may be played
otherwise in another run, and the line replays this one exactly (``spider replay --code CODE --moves LINE``).

``--processes`` plays deals side by side; keep it at most the machine's cores, since a master that reaches
its limit of thinking time (CPU time) plays worse on a crowded machine.
"""

from __future__ import annotations

import argparse
import random
from dataclasses import fields, replace
from itertools import combinations
from multiprocessing import Pool

import spider.solver.core as core
from spider import PRESETS, Game, TableRules
from spider.codes import GameCode
from spider.players import LEVELS, STRENGTHS, Level, Player, PlayResult, Strength, play_game
from spider.players.determinize import sample, solve_sample
from spider.players.intervals import paired_difference, wilson
from spider.solver.analyse import analyse
from spider.solver.core import Weights

# Where a lost deal was lost: the analysis's time, and the guesses the solver is given there.
LOSS_SECONDS = 90.0
LOSS_GUESSES = 20
LOSS_GUESS_NODES = 500_000
LOSS_GUESS_SECONDS = 2.0

Change = int | float | tuple[int, ...]


def _changes(texts: list[str], kind: type, what: str) -> dict[str, Change]:
    """``FIELD=VALUE`` texts as changes to a dataclass's fields, with an error that names a bad one. A value
    with commas is a tuple of whole numbers (``solve_suits=1,4``)."""
    names = {each.name for each in fields(kind)}
    changes: dict[str, Change] = {}
    for text in texts:
        name, _, value = text.partition("=")
        if name not in names or not value:
            raise SystemExit(f"bad {what} change {text!r}: give FIELD=VALUE, FIELD one of {', '.join(sorted(names))}")
        try:
            if "," in value:
                changes[name] = tuple(int(each) for each in value.split(",") if each)
            else:
                changes[name] = float(value) if "." in value else int(value)
        except ValueError:
            raise SystemExit(f"bad {what} change {text!r}: {value!r} is not a number or numbers") from None
    return changes


def _try_changes(strengths: list[Strength], level: dict[str, Change], weights: dict[str, Change]) -> None:
    """Plays this process's games with the changed levels and players' weights (every suit count's)."""
    for strength in strengths:
        LEVELS[strength] = replace(LEVELS[strength], **level)  # type: ignore[arg-type]
    core.ONE_SUIT_PLAY = replace(core.ONE_SUIT_PLAY, **weights)  # type: ignore[arg-type]
    core.MANY_SUITS_PLAY = replace(core.MANY_SUITS_PLAY, **weights)  # type: ignore[arg-type]


def _play(deal: tuple[int, int, str, Strength, bool]) -> tuple[str | None, PlayResult, str]:
    """A deal played by a strength, and with ``losses`` where it was lost (:func:`where_lost`)."""
    suits, shuffle, preset, strength, losses = deal
    game = Game.from_code(GameCode(suits, shuffle, TableRules.preset(preset)))
    opening = game.copy()
    result = play_game(game, Player(strength, seed=shuffle))
    return game.code, result, where_lost(opening, result, shuffle)[0] if losses and not result.won else ""


def where_lost(opening: Game, result: PlayResult, seed: int) -> tuple[str, int | None]:
    """The last position of a lost game from which the full-information solver still finds a win, and how
    many of :data:`LOSS_GUESSES` guesses at the unseen cards there it wins: in a sentence, and that number
    (None when no win was found from the opening)."""
    found = analyse(opening, list(result.line), seconds=LOSS_SECONDS)
    if found.last_winnable is None:
        return f"no win found from the opening ({found.opening})", None
    game = opening.copy()
    for action in result.line[: found.last_winnable]:
        game.play(action)
    position = game.public_position()
    generator = random.Random(seed)
    guesses = [sample(position, generator) for _ in range(LOSS_GUESSES)]
    won = sum(solve_sample(position, guess, LOSS_GUESS_NODES, LOSS_GUESS_SECONDS) is not None for guess in guesses)
    return (
        f"last winnable after {found.last_winnable} actions (stock {position.stock_count}, "
        f"{sum(position.face_down)} face down, {len(position.runs)} runs): the solver wins {won} of "
        f"{LOSS_GUESSES} guesses there"
    ), won


TUNING_BELOW = 1000
"""Tuning plays shuffles below this; measuring draws its deals from this up to :data:`LAST_SHUFFLE`."""
LAST_SHUFFLE = 999_999


def drawn_shuffles(seed: int, count: int) -> list[int]:
    """The measuring deals of a report: ``count`` different shuffles drawn by ``random.Random(seed)`` from
    :data:`TUNING_BELOW` to :data:`LAST_SHUFFLE`, none of which tuning ever plays."""
    return random.Random(seed).sample(range(TUNING_BELOW, LAST_SHUFFLE + 1), count)


def deals_of(parser: argparse.ArgumentParser, args: argparse.Namespace, tuning: bool) -> tuple[list[int], str]:
    """The shuffles this run plays and the heading that names them; refuses tuning on any deals but
    shuffles below :data:`TUNING_BELOW`."""
    if args.seed is not None:
        if tuning:
            parser.error(
                f"--level and --weights tune, and tuning plays shuffles below {TUNING_BELOW} only (--first with "
                f"first+count <= {TUNING_BELOW}); --seed draws measuring deals, never tuned on"
            )
        shuffles = drawn_shuffles(args.seed, args.count)
        return shuffles, f"{args.count} shuffles drawn by seed {args.seed}: {' '.join(map(str, shuffles))}"
    first, last = args.first, args.first + args.count - 1
    if tuning and last >= TUNING_BELOW:
        parser.error(
            f"--level and --weights tune, and tuning plays shuffles below {TUNING_BELOW} only: shuffles "
            f"{first}..{last} reach past {TUNING_BELOW - 1} (measure with --seed, untuned)"
        )
    heading = f"set first-{args.count} (shuffles {first}..{last})"
    if last >= TUNING_BELOW:
        heading += f"; shuffles {TUNING_BELOW} onwards were tuned on before issue 40: measure with --seed"
    return list(range(first, last + 1)), heading


def print_pairs(suits: int, wins: dict[Strength, list[bool]]) -> None:
    """For every two strengths that played the same deals, the later one's win rate minus the earlier one's,
    with its 95% interval and the deals only one of them won."""
    print(f"{suits:>5} paired: the later strength's win rate - the earlier's [95% interval], deals won by one only")
    for first, second in combinations(wins, 2):
        both = sum(a and b for a, b in zip(wins[first], wins[second], strict=True))
        first_only = sum(a and not b for a, b in zip(wins[first], wins[second], strict=True))
        second_only = sum(b and not a for a, b in zip(wins[first], wins[second], strict=True))
        neither = len(wins[first]) - both - first_only - second_only
        difference = paired_difference(both, first_only, second_only, neither)
        print(
            f"{suits:>5} {second:>9} - {first:<9} {-difference.value:>+6.0%} [{-difference.high:+.0%}, "
            f"{-difference.low:+.0%}]  won by {second} only {second_only}, by {first} only {first_only}",
            flush=True,
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--suits", type=int, nargs="+", choices=(1, 2, 4), default=[1, 2, 4])
    parser.add_argument("--count", type=int, default=100, help="deals per suit count")
    chosen = parser.add_mutually_exclusive_group()
    chosen.add_argument("--first", type=int, default=0, help="tuning: the first shuffle of FIRST..FIRST+COUNT-1")
    chosen.add_argument("--seed", type=int, help="measuring: COUNT shuffles drawn from 1000..999999 by this seed")
    parser.add_argument("--strengths", nargs="+", choices=STRENGTHS, default=list(STRENGTHS))
    parser.add_argument("--verbose", action="store_true", help="one line per deal, and a lost deal's line of actions")
    parser.add_argument("--preset", choices=sorted(PRESETS), default="classic", help="table rules of the deals")
    parser.add_argument("--processes", type=int, default=1, help="deals played side by side")
    parser.add_argument("--losses", action="store_true", help="where each lost deal was lost")
    parser.add_argument(
        "--level", action="append", default=[], metavar="FIELD=VALUE", help="tuning: the strengths' levels changed"
    )
    parser.add_argument(
        "--weights", action="append", default=[], metavar="FIELD=VALUE", help="tuning: the players' weights changed"
    )
    args = parser.parse_args()
    level, weights = _changes(args.level, Level, "level"), _changes(args.weights, Weights, "weights")
    shuffles, heading = deals_of(parser, args, tuning=bool(level or weights))
    heading += f", rules {args.preset}, no undo"
    for name, value in {**level, **weights}.items():
        heading += f", {name}={value}"
    print(heading)
    print(
        f"{'suits':>5} {'strength':>9} {'won':>5} {'win rate':>9} {'95% interval':>13} {'runs/game':>10} "
        f"{'actions/game':>13} {'score/game':>11} {'s/action':>9} {'max s':>6} {'s/game':>7}",
        flush=True,
    )
    count = len(shuffles)
    with Pool(args.processes, _try_changes, (args.strengths, level, weights)) as pool:
        for suits in args.suits:
            wins: dict[Strength, list[bool]] = {}
            for strength in args.strengths:
                runs = actions = score = 0
                thinking = slowest = 0.0
                wins[strength] = []
                deals = [(suits, shuffle, args.preset, strength, args.losses) for shuffle in shuffles]
                for code, result, lost in pool.imap(_play, deals):
                    wins[strength].append(result.won)
                    runs += result.runs
                    actions += result.actions
                    score += result.score
                    thinking += result.seconds
                    slowest = max(slowest, result.slowest)
                    if args.verbose:
                        print(
                            f"  {code} {strength}: {'won' if result.won else 'lost'}, {result.runs} runs, "
                            f"{result.actions} actions, score {result.score}, {result.seconds:.1f} s "
                            f"(longest {result.slowest:.2f} s)",
                            flush=True,
                        )
                        if not result.won:
                            print(f"    line: {' '.join(result.line)}", flush=True)
                    if lost:
                        print(f"  {code} {strength}: lost after {result.actions} actions; {lost}", flush=True)
                won = sum(wins[strength])
                low, high = wilson(won, count)
                print(
                    f"{suits:>5} {strength:>9} {won:>5} {won / count:>9.0%} {f'{low:.0%}..{high:.0%}':>13} "
                    f"{runs / count:>10.2f} {actions / count:>13.0f} {score / count:>11.0f} "
                    f"{thinking / max(1, actions):>9.3f} {slowest:>6.2f} {thinking / count:>7.1f}",
                    flush=True,
                )
            print_pairs(suits, wins)


if __name__ == "__main__":
    main()

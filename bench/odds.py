"""The odds of each choice in a computer player's game: at each of its actions, every legal move and the
deal are played in the same guesses at the unseen cards (drawn as the players draw them), and the
full-information solver is asked whether it wins each guess from there. One line per action: how many
guesses it wins after the action the player chose and after the best choice, then every choice by guesses
won.

    .venv/bin/python bench/odds.py SP1-S2C-AAAAAHU --strength master --first 20 --last 43

The best of many choices, each counted on a few guesses, scores above the truth by chance alone: a player
whose choices are a guess or two below the best at most actions chose as well as this count can tell. It
shows the choices the solver finds clearly worse (a deal made too early, say) and how the odds fell over a
lost game. Each choice costs a solve in every guess (up to ``--nodes`` positions or ``--seconds`` of CPU
time each), so a stretch of twenty actions takes minutes.
"""

from __future__ import annotations

import argparse
import random
import time

from spider import Game
from spider.codes import parse_code
from spider.errors import SpiderError
from spider.notation import Position
from spider.players import STRENGTHS, Player, play_game
from spider.players.determinize import Sample, sample, sample_table
from spider.solver.convert import action_code
from spider.solver.core import DEAL, Budget, widening_search


def _won_after(position: Position, guesses: list[Sample], action: str, nodes: int, seconds: float) -> int:
    """How many of the guesses the solver wins after ``action`` (a move, or ``d``) from the position."""
    won = 0
    for guess in guesses:
        table, start = sample_table(position, guess)
        state = table.apply(start, DEAL if action == "d" else action_code(start, action))
        won += (
            table.won(state)
            or widening_search(table, state, Budget(nodes, seconds, time.process_time)).line is not None
        )
    return won


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("code", help="the deal's game code, e.g. SP1-S2C-AAAAAHU")
    parser.add_argument("--strength", choices=STRENGTHS, default="master")
    parser.add_argument("--seed", type=int, help="the player's seed (default: the shuffle, as in bench/players.py)")
    parser.add_argument("--first", type=int, default=0, help="the first action looked at (0: the opening)")
    parser.add_argument("--last", type=int, help="the last action looked at (default: the game's last)")
    parser.add_argument("--guesses", type=int, default=20)
    parser.add_argument("--nodes", type=int, default=200_000, help="positions the solver may search a guess")
    parser.add_argument("--seconds", type=float, default=2.0, help="CPU seconds the solver may take a guess")
    args = parser.parse_args()
    try:
        code = parse_code(args.code)
    except SpiderError as error:
        raise SystemExit(str(error)) from None
    seed = code.shuffle if args.seed is None else args.seed
    result = play_game(Game.from_code(code), Player(args.strength, seed=seed))
    print(f"{code} {args.strength}: {'won' if result.won else 'lost'} after {result.actions} actions")
    game = Game.from_code(code)
    played = best = looked = 0
    for index, chosen in enumerate(result.line):
        if args.first <= index <= (result.actions if args.last is None else args.last) and chosen[0] != "f":
            position = game.public_position()
            generator = random.Random(seed + index)
            guesses = [sample(position, generator) for _ in range(args.guesses)]
            choices = {str(action) for action in game.legal_actions()} | {chosen}
            counts = {
                choice: _won_after(position, guesses, choice, args.nodes, args.seconds)
                for choice in sorted(choices)
                if choice[0] != "f"
            }
            ranked = sorted(counts, key=lambda choice: -counts[choice])
            played += counts[chosen]
            best += counts[ranked[0]]
            looked += 1
            print(
                f"{index:>4} stock {position.stock_count:>2}, {sum(position.face_down):>2} face down: "
                f"{chosen} wins {counts[chosen]}, best {counts[ranked[0]]} of {args.guesses} | "
                + " ".join(f"{choice} {counts[choice]}" for choice in ranked),
                flush=True,
            )
        game.play(chosen)
    if looked:
        print(f"mean of {looked} actions: the chosen wins {played / looked:.2f}, the best {best / looked:.2f}")


if __name__ == "__main__":
    main()

"""``spider autoplay``: a computer player plays a deal and the result is printed."""

from __future__ import annotations

import argparse
import json
from typing import Any

from spider.cards import RUNS_TO_WIN
from spider.game import open_game
from spider.players import STRENGTHS, Player, play_game
from spider.rules import PRESETS


def add_commands(subparsers: Any) -> None:
    """Registers the players' commands on the ``spider`` command's sub-parsers."""
    parser: argparse.ArgumentParser = subparsers.add_parser(
        "autoplay",
        help="a computer player plays a deal, from what it can see",
        description="A computer player plays the deal to its end, seeing only what a player sees, without undo.",
    )
    parser.add_argument("code", help="game code, like SP1-S2C-ABCDEFG")
    parser.add_argument("--preset", choices=sorted(PRESETS), help="table rules of a preset (replace the code's)")
    parser.add_argument("--strength", choices=STRENGTHS, required=True)
    parser.add_argument("--seed", type=int, default=0, help="seed of the player's own choices and guesses")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.set_defaults(run=autoplay)


def autoplay(args: argparse.Namespace) -> int:
    game = open_game(args.code, args.preset)
    result = play_game(game, Player(args.strength, seed=args.seed))
    if args.json:
        print(
            json.dumps(
                {
                    "code": game.code,
                    "strength": args.strength,
                    "won": result.won,
                    "runs": result.runs,
                    "score": result.score,
                    "actions": result.actions,
                    "line": " ".join(result.line),
                    "seconds": round(result.seconds, 3),
                }
            )
        )
    else:
        outcome = "won" if result.won else f"not won ({result.runs} of {RUNS_TO_WIN} runs)"
        print(f"{game.code}: {args.strength} {outcome}, score {result.score}, {result.actions} actions, "
              f"{result.seconds:.1f} s")
        print(" ".join(result.line))
    return 0

"""``spider solve`` and ``spider hint`` (``spider verify`` fills the deal pool: ``spider.server.solving.verify``)."""

from __future__ import annotations

import argparse
import json
import shlex
from typing import Any

from spider.game import open_game
from spider.rules import PRESETS
from spider.solver.hint import hint
from spider.solver.search import solve

DEFAULT_SECONDS = 60.0


def add_commands(subparsers: Any) -> None:
    """Registers the solver's commands on the ``spider`` command's sub-parsers."""
    parser = subparsers.add_parser("solve", help="search a deal for a winning line, knowing every card")
    parser.add_argument("code", help="game code, like SP1-S2C-ABCDEFG")
    parser.add_argument("--preset", choices=sorted(PRESETS),
                        help="a preset's table rules (for the code's, but its group letter)")
    parser.add_argument("--seconds", type=float, default=DEFAULT_SECONDS, help="time budget")
    parser.add_argument("--max-nodes", type=int, help="node budget")
    parser.add_argument("--moves", default="", help="actions to play first, as for spider replay")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.set_defaults(run=solve_command)

    parser = subparsers.add_parser("hint", help="the move a hint suggests, from what the player sees")
    parser.add_argument("code", help="game code, like SP1-S2C-ABCDEFG")
    parser.add_argument("--preset", choices=sorted(PRESETS),
                        help="a preset's table rules (for the code's, but its group letter)")
    parser.add_argument("--moves", default="", help='actions to play first: "3>7 d u r f3"')
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--index", type=int, default=0, help="which hint, from 0: the next of the worthwhile moves")
    parser.set_defaults(run=hint_command)


def solve_command(args: argparse.Namespace) -> int:
    game = open_game(args.code, args.preset, shlex.split(args.moves))
    result = solve(game, max_nodes=args.max_nodes, seconds=args.seconds)
    if args.json:
        print(json.dumps({"code": game.code, **result.to_json()}))
    else:
        print(f"{game.code}: {result.verdict} ({result.nodes} nodes, {result.seconds:.2f} s)")
        if result.line:
            print(" ".join(result.line))
    return 0


def hint_command(args: argparse.Namespace) -> int:
    game = open_game(args.code, args.preset, shlex.split(args.moves))
    found = hint(game.public_position(), index=args.index)
    if args.json:
        # "message" as the command always printed it, beside the API's "text"
        print(json.dumps({**found.to_json(), "message": found.message}))
    else:
        print(f"{found.action}  {found.message}" if found.action else found.message)
    return 0

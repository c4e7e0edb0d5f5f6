"""``spider fairplay CODE --moves "..."``: the clairvoyance measure of a game, for a moderator or a test."""

from __future__ import annotations

import argparse
import json
import shlex
from typing import Any

from spider.codes import parse_code
from spider.errors import SpiderError
from spider.fairplay.verdicts import THRESHOLD, fairplay
from spider.game import Game
from spider.rules import PRESETS, TableRules
from spider.text import message


def add_commands(subparsers: Any) -> None:
    """Registers ``spider fairplay`` on the ``spider`` command's sub-parsers."""
    parser = subparsers.add_parser(
        "fairplay", help="how strongly a game's actions fit the cards its player could not see"
    )
    parser.add_argument("code", help="game code, like SP1-S2C-ABCDEFG")
    parser.add_argument("--preset", choices=sorted(PRESETS),
                        help="a preset's table rules (for the code's, but its group letter)")
    parser.add_argument("--moves", default="", help='the game\'s actions, as for spider replay: "3>7 d u r f3"')
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.set_defaults(run=fairplay_command)


def fairplay_command(args: argparse.Namespace) -> int:
    actions = shlex.split(args.moves)
    game = Game.from_code(args.code, _rules(args.code, args.preset))
    for number, action in enumerate(actions, start=1):
        try:
            game.apply_text(action)
        except SpiderError as error:
            # the refusal, said with the action's place in the line (``spider`` prints it and exits with 2)
            raise SpiderError(
                "cli.action_refused", action=action, number=number, n=len(actions), error=str(error)
            ) from error
    verdict = fairplay(args.code, _rules(args.code, args.preset), actions)
    if args.json:
        print(json.dumps({"code": game.code, **verdict.to_json()}))
        return 0
    key = "fairplay.flagged" if verdict.flagged else "fairplay.clear"
    print(message(key, code=game.code, score=f"{verdict.score:.2f}", threshold=f"{THRESHOLD:.2f}"))
    for item in verdict.evidence:
        print(item.text())
    return 0



def _rules(code: str, preset: str | None) -> TableRules | None:
    """The table rules ``--preset`` names (:meth:`~spider.rules.TableRules.preset_for`), or None: the code's."""
    return TableRules.preset_for(preset, parse_code(code).rules) if preset else None

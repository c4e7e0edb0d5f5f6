"""The ``spider`` command: replay a game, make a new game code, and the sub-commands of the other parts."""

from __future__ import annotations

import argparse
import json
import shlex
import sys
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any

from spider.cards import SUIT_COUNTS
from spider.codes import GameCode
from spider.errors import SpiderError
from spider.fairplay.commands import add_commands as fairplay_commands
from spider.game import Game, open_game
from spider.players.commands import add_commands as player_commands
from spider.record import Record, duration, read_records
from spider.record_commands import add_commands as record_commands
from spider.rules import HELPS, PRESETS, TableRules
from spider.server.commands import add_commands as server_commands
from spider.server.fairplay.commands import add_commands as moderation_commands
from spider.server.ops.prune import add_commands as database_commands
from spider.server.solving.verify import add_commands as verify_commands
from spider.server.work.commands import add_commands as worker_commands
from spider.solver.commands import add_commands as solver_commands
from spider.text import DEFAULT_LANGUAGE, environment_language, languages, message, speaking
from spider.view import table

EXIT_BAD_INPUT = 2

SPEAKING_COMMANDS = ("replay", "hint", "play", "record", "fairplay")
"""The commands whose output is written for a player, and so in their language (``--lang``)."""

# Each part of the system that has commands exposes ``add_commands(subparsers)``; list them here. Registering
# one imports no web stack (``spider serve`` imports it as it runs): ``spider --help`` stays quick, and so does
# a solver worker, which as a spawned process runs the ``spider`` script again (tests/test_light_processes.py).
COMMAND_GROUPS: list[Callable[[Any], None]] = [
    server_commands,
    worker_commands,
    database_commands,
    moderation_commands,
    verify_commands,
    solver_commands,
    player_commands,
    fairplay_commands,
    record_commands,
]


def game_state(game: Game, reveal: bool) -> dict[str, Any]:
    """The state printed by ``spider replay --json``: the public view's facts (``spider.view``), with each
    column's cards in one list (``??`` for a face-down card), the legal actions and the position; ``reveal``
    shows the hidden cards and the stock."""
    shown = table(game)
    columns = []
    for cards, down in zip(game.columns, game.face_down, strict=True):
        hidden = [f"~{card}" if reveal else "??" for card in cards[:down]]
        columns.append(hidden + [str(card) for card in cards[down:]])
    return {
        "code": game.code,
        "rules": {**shown["rules"], "suits": shown["suits"]},
        "columns": columns,
        "stock": [str(card) for card in game.stock] if reveal else [],
        "deals_left": shown["stock"]["deals_left"],
        "runs": shown["runs"],
        "score": shown["score"],
        "moves": shown["moves"],
        "won": shown["won"],
        "deal_possible": shown["deal_possible"],
        "deal_never_possible": shown["deal_never_possible"],
        "legal": [str(action) for action in game.legal_actions()],
        "position": game.position(public=not reveal),
        "text": shown["text"],
    }


def replay(args: argparse.Namespace) -> int:
    if args.record is not None:
        return replay_record(args)
    if args.code is None:
        fail(message("cli.replay_needs_code"))
        return EXIT_BAD_INPUT
    actions = shlex.split(args.moves or "")
    handed: list[str] = []  # the actions the game has been given, so a refusal can say which it was

    def given() -> Iterator[str]:
        for action in actions:
            handed.append(action)
            yield action

    try:
        game = open_game(args.code, args.preset, given())
    except SpiderError as error:
        if not handed:  # the code or the preset, not an action
            raise
        action = handed[-1]
        fail(message("cli.action_refused", action=action, number=len(handed), n=len(actions), error=str(error)))
        return EXIT_BAD_INPUT
    if args.json:
        print(json.dumps(game_state(game, args.reveal)))
    else:
        print(message("cli.replay_header", code=game.code, score=game.score, moves=game.moves))
        print(game.describe())
        if args.reveal:
            print(message("cli.position", position=game.position()))
    return 0


def replay_record(args: argparse.Namespace) -> int:
    """``spider replay --record FILE``: each game of the record (a duel's two) played on the table, action by
    action with its clock mark and comment, up to ``--move N`` (all by default), then the table as it stands."""
    text = sys.stdin.read() if args.record == "-" else Path(args.record).read_text(encoding="utf-8")
    for record in read_records(text):
        game = record.game(args.move)
        if args.json:
            print(json.dumps(game_state(game, args.reveal)))
            continue
        for line in record_lines(record, args.move):
            print(line)
        print(message("cli.replay_header", code=game.code, score=game.score, moves=game.moves))
        print(game.describe())
    return 0


def record_lines(record: Record, upto: int | None) -> list[str]:
    """Whose game it is and its actions up to ``upto``, as the record writes them."""
    lines = [message("cli.record_player", player=record.player)] if record.player else []
    for number, step in enumerate(record.steps[:upto], start=1):
        mark = "" if step.clock is None else f" [{duration(step.clock)}]"
        comment = "" if step.comment is None else f" ; {step.comment}"
        lines.append(f"{number}. {step.action}{mark}{comment}")
    return lines


def play(args: argparse.Namespace) -> int:
    if not (sys.stdin.isatty() and sys.stdout.isatty()):
        fail(message("terminal.needs_terminal"))
        return EXIT_BAD_INPUT
    from spider.terminal import play as play_in_terminal
    from spider.terminal.app import ALL_HELPS
    from spider.terminal.kept import default_path

    rules = TableRules.preset(args.preset) if args.preset else None
    game = open_game(args.code, args.preset) if args.code else Game.new(args.suits, rules)
    helps = HELPS[args.preset] if args.preset else ALL_HELPS
    # a deal named with --code is what the player asked for: the kept game is offered only without one
    return play_in_terminal(game, helps, args.preset, kept_at=default_path(), offer=not args.code)


def new(args: argparse.Namespace) -> int:
    rules = TableRules.preset(args.preset) if args.preset else TableRules()
    print(GameCode.random(args.suits, rules))
    return 0


def fail(text: str) -> None:
    print(f"spider: {text}", file=sys.stderr)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="spider", description="Spider Solitaire.")
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    command = commands.add_parser("replay", help="apply actions to a game code and print the state")
    command.add_argument("--code", help="game code, like SP1-S2C-ABCDEFG (or --record)")
    command.add_argument("--record", metavar="FILE", help="a game record to play (- for standard input)")
    command.add_argument("--move", type=int, metavar="N", help="with --record: stop after N actions")
    command.add_argument("--preset", choices=sorted(PRESETS),
                         help="a preset's table rules (for the code's, but its group letter)")
    command.add_argument("--moves", default="", help='actions separated by spaces: "3>7 d u r f3"')
    command.add_argument("--json", action="store_true", help="print one JSON object")
    command.add_argument("--reveal", action="store_true", help="show face-down cards and the stock")
    command.set_defaults(run=replay)

    command = commands.add_parser("play", help="play in the terminal")
    command.add_argument("--code", help="game code to play (a new random deal if not given)")
    command.add_argument("--suits", type=int, choices=SUIT_COUNTS, default=1)
    command.add_argument("--preset", choices=sorted(PRESETS))
    command.set_defaults(run=play)

    command = commands.add_parser("new", help="print a fresh random game code")
    command.add_argument("--suits", type=int, choices=SUIT_COUNTS, default=1)
    command.add_argument("--preset", choices=sorted(PRESETS))
    command.set_defaults(run=new)

    for add_commands in COMMAND_GROUPS:
        add_commands(commands)
    for name in SPEAKING_COMMANDS:
        commands.choices[name].add_argument(
            "--lang",
            choices=languages(),
            default=environment_language(),
            help="the language of the texts (default: the environment's, when it is one of these; else en)",
        )
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    with speaking(getattr(args, "lang", None) or DEFAULT_LANGUAGE):
        try:
            result: int = args.run(args)
        except SpiderError as error:
            fail(str(error))
            return EXIT_BAD_INPUT
    return result


if __name__ == "__main__":
    sys.exit(main())

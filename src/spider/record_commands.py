"""``spider record``: write a game record (``spider.record``) from a stored game, the terminal's kept game or
a code and its actions, or read one back to check that it plays.

``spider replay --record FILE`` (``spider.cli``) plays a record on the table.
"""

from __future__ import annotations

import argparse
import shlex
import sys
from pathlib import Path
from typing import Any

from spider.record import read_records, record_of, write_records
from spider.text import message
from spider.view import whole_seconds

EXIT_BAD_INPUT = 2


def add_commands(subparsers: Any) -> None:
    """Registers ``spider record`` on the ``spider`` command's sub-parsers."""
    parser: argparse.ArgumentParser = subparsers.add_parser(
        "record",
        help="write a game record, or read one back",
        description="Write a game's record (headers, then every action in notation; docs/records.md) "
        "from a stored game, the game `spider play` kept, or a code and its actions; or read one back to check "
        "that it plays.",
    )
    source = parser.add_mutually_exclusive_group(required=True)
    source.add_argument("--game", metavar="ID", help="a finished game of the web app's database, by its id")
    source.add_argument(
        "--kept",
        metavar="FILE",
        nargs="?",
        const="",
        help="the game `spider play` kept (its file, by default the user's data folder's)",
    )
    source.add_argument("--code", help="a game code, played with --moves")
    source.add_argument("--read", metavar="FILE", help="read a record back, play it, and say whether it plays")
    parser.add_argument("--moves", default="", help='with --code: actions separated by spaces: "3>7 d u r f3"')
    parser.add_argument("--database", metavar="PATH|URL", help="with --game: SQLite file (or SQLAlchemy URL)")
    parser.add_argument("--out", metavar="FILE", help="write the record to this file instead of printing it")
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    if args.read is not None:
        for record in read_records(_read(args.read)):
            print(message("cli.record_read", path=args.read, code=record.code))
        return 0
    if args.game is not None:
        text = _stored(args.game, args.database)
        if text is None:
            return EXIT_BAD_INPUT
    elif args.kept is not None:
        from spider.terminal.kept import default_path, read

        kept = read(Path(args.kept) if args.kept else default_path())
        if kept is None:
            print(f"spider: {message('server.no_current_game')}", file=sys.stderr)
            return EXIT_BAD_INPUT
        text = write_records([record_of(kept.code, kept.rules, kept.actions, seconds=whole_seconds(kept.seconds))])
    else:
        record = record_of(args.code, None, shlex.split(args.moves))
        record.game()  # a refusal names the rule
        text = write_records([record])
    if args.out:
        Path(args.out).write_text(text, encoding="utf-8")
    else:
        sys.stdout.write(text)
    return 0


def _read(path: str) -> str:
    return sys.stdin.read() if path == "-" else Path(path).read_text(encoding="utf-8")


def _stored(game_id: str, database: str | None) -> str | None:
    """A stored game's record (both players' games for a duel's), or ``None`` having said why not."""
    from spider.server.games.store import Store, now
    from spider.server.records.files import stored_records
    from spider.server.refusals import Conflict, Refusal
    from spider.server.settings import Settings

    store = Store(Settings.from_env(database=database).database_url)
    try:
        # the operator may write any finished game's record: the deal's secrecy is the web app's rule
        return write_records(stored_records(store, game_id, now(), reveal=False))
    except Refusal as error:
        found = message("cli.record_not_over", id=game_id) if isinstance(error, Conflict) else str(error)
        print(f"spider: {found}", file=sys.stderr)
        return None
    finally:
        store.close()

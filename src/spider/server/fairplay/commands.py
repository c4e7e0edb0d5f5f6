"""``spider mod grant NAME`` and ``spider mod revoke NAME``: the moderator's role given to an account, or taken
back, by whoever runs the server (the role is never given through the API). Each is logged as a decision."""

from __future__ import annotations

import argparse
import sys
from typing import Any


def add_commands(subparsers: Any) -> None:
    """Registers ``spider mod`` on the ``spider`` command's sub-parsers."""
    parser: argparse.ArgumentParser = subparsers.add_parser(
        "mod", help="give an account the moderator's role, or take it back",
        description="Moderators see the results flagged for play that knew the face-down cards, clear them or mark "
        "accounts (the page's moderation view). Only an account with a name may be one.",
    )
    commands = parser.add_subparsers(dest="mod_command", required=True)
    for name, told in (("grant", "give NAME the moderator's role"), ("revoke", "take the role back from NAME")):
        command = commands.add_parser(name, help=told, description=told[0].upper() + told[1:] + ".")
        command.add_argument("name", metavar="NAME", help="the account's name, as the boards show it")
        command.add_argument("--database", metavar="PATH|URL", help="SQLite file (or SQLAlchemy URL) of the games")
        command.set_defaults(run=run_mod)


def run_mod(args: argparse.Namespace) -> int:
    from sqlalchemy.exc import SQLAlchemyError

    from spider.server.fairplay.store import FairplayStore
    from spider.server.games.store import Store, now
    from spider.server.people.service import People
    from spider.server.refusals import NotFound
    from spider.server.settings import Settings

    told = f"spider mod {args.mod_command}"
    try:
        settings = Settings.from_env(database=args.database)
        store = Store(settings.database_url)
    except (OSError, ValueError, SQLAlchemyError) as error:
        print(f"{told}: {error}", file=sys.stderr)
        return 2
    try:
        try:
            someone = People(store.engine).named(args.name)
        except NotFound:
            print(f"{told}: no player is named {args.name!r}", file=sys.stderr)
            return 2
        moderation = FairplayStore(store.engine)
        if not moderation.is_account(someone.player):
            print(f"{told}: {someone.name!r} is a guest, not an account: only an account may moderate",
                  file=sys.stderr)
            return 2
        if args.mod_command == "grant":
            changed = moderation.grant(someone.player, now())
            print(f"{someone.name} is a moderator{'' if changed else ' already'}.")
        else:
            changed = moderation.revoke(someone.player, now())
            print(f"{someone.name} is {'no longer' if changed else 'not'} a moderator.")
    finally:
        store.close()
    return 0

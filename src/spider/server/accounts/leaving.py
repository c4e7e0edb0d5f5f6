"""Leaving: an account deleted, and everything kept of it given back as one file first if the player wants it.

Deleting takes what is personal, in one transaction, from each package that keeps some: the people's (the
passkeys, sessions and recovery codes; the name, for a made-up one; friends and ignored players, both ways) and
the bots' (their tokens revoked, their names made up). The games stay, under the made-up name, so that every
opponent's duel, board place and race keeps its result; nothing links them to a person any more.
"""

from __future__ import annotations

from typing import Any

from spider.record import write_record
from spider.server.accounts.answers import Account, Export
from spider.server.bots.service import Bots
from spider.server.games.store import Store
from spider.server.people.accounts import Accounts
from spider.server.people.service import FRIEND, IGNORE, People, anonymise
from spider.server.records.files import stored_records
from spider.server.refusals import Conflict, NoSuchGame

MAX_EXPORTED_GAMES = 20_000
"""Games an export writes at most (the newest): a file of a few megabytes."""


class Leaving:
    """An account's export and deletion."""

    def __init__(self, store: Store, people: People, accounts: Accounts, bots: Bots) -> None:
        self.store = store
        self.people = people
        self.accounts = accounts
        self.bots = bots

    def export(self, account: str, about: Account, at: float) -> Export:
        """Everything kept of the account's own: what ``about`` says, its rating, relations, bots and games."""
        duelist = self.people.get(account, at)
        records: list[str] = []
        for game_id in self.store.finished_ids(account)[-MAX_EXPORTED_GAMES:]:
            try:
                found = stored_records(self.store, game_id, at)
            except (Conflict, NoSuchGame):
                continue  # a practice game (no code to write), or a deal still in play for others
            # a duel's game gives both players' records: the account's own is the one under its name
            records.extend(write_record(record) for record in found if record.player in (None, duelist.name))
        bots: list[dict[str, Any]] = [
            {"name": bot.name, "created_at": bot.created_at, "revoked_at": bot.revoked_at}
            for bot in self.bots.of(account)
        ]
        return Export(
            exported_at=at,
            account=about,
            rating={
                "rating": duelist.rating.rating, "deviation": duelist.rating.deviation, "duels": duelist.duels,
                "wins": duelist.wins, "draws": duelist.draws, "losses": duelist.losses,
            },
            friends=[friend.name for friend in self.people.related(account, FRIEND)],
            ignored=[other.name for other in self.people.related(account, IGNORE)],
            bots=bots,
            games=records,
        )

    def delete(self, account: str, at: float) -> list[str]:
        """Deletes what is personal of the account (see above); answers the sessions that ended."""
        ended = self.accounts.sessions_of(account)
        with self.store.engine.begin() as connection:
            Accounts.forget(connection, account, at)
            anonymise(connection, account)
            Bots.forget_owner(connection, account, at)
        return ended


"""Rated duels taken back, as lichess does: when a moderator marks an account (``fairplay``), every rated duel it
played rates nobody any more, and each opponent's rating moves back by what that duel gave or took. The marked
account's own rating is left as it is: it is on no board any more (``fairplay.unmarked``).

Taken back in one transaction, the opponents' rows locked in the order of their ids (``People.lock``), so that a
duel ending at the same moment changes their rating before or after, never in between.
"""

from __future__ import annotations

from spider.server.duels.store import DuelStore
from spider.server.people.service import People

TAKEN_BACK = "duel.taken_back"
"""Why a taken-back duel rates nobody, as the message id of the sentence that tells its players."""


def take_back(store: DuelStore, player: str) -> int:
    """Takes back the marked player's rated duels for their opponents; how many."""
    with store.transaction() as connection:
        found = DuelStore.rated_against(connection, player)
        People.lock(connection, sorted({opponent for _, _, opponent, _ in found}))
        for duel_id, _, opponent, change in found:
            People.take_back(connection, opponent, change)
            DuelStore.take_back(connection, duel_id, TAKEN_BACK)
    return len(found)

"""Results (SPEC 3.6): a player's statistics, everyone's win rates, and the results of games played offline,
checked by playing them again and counted apart."""

from __future__ import annotations

from collections.abc import Callable

from spider.server.results import offline as offline_results
from spider.server.results.answers import OfflineAnswer, Stats
from spider.server.results.stats import player_stats, site_stats
from spider.server.results.store import ResultsStore


class Results:
    """The results' one door for the routes; ``clock`` tells the time, as the games' does."""

    def __init__(self, store: ResultsStore, clock: Callable[[], float]) -> None:
        self.store = store
        self.now = clock

    def stats(self, player: str) -> Stats:
        """The player's results, everyone's win rates, and the player's offline games apart."""
        return {
            **player_stats(*self.store.tallies(player)),
            "site": site_stats(self.store, self.now()),
            "offline": offline_results.offline_stats(self.store.offline_tallies(player)),
        }

    def offline_result(self, player: str, sent: offline_results.OfflineGame) -> tuple[OfflineAnswer, bool]:
        """An offline game's result, checked by the engine and kept (once per deal): the answer, and
        whether it is new (a code sent again answers with the result stored the first time)."""
        record = offline_results.checked(sent, self.now())
        if not offline_results.counted(record):
            return offline_results.answer(record), True
        stored = self.store.keep_offline_result(player, record)
        return offline_results.answer(stored), stored is record

"""The results' own tables: each player's running tallies and best scores, the site's days, and the results of
games played offline (``results``, ``best_scores``, ``site_days``, ``offline_results``).

The tallies are written as games end, in the transaction that ends the game (``ended``, a listener of
``games.events``, through ``tallies.count_finished``), so reading them costs a few rows whatever the number of
games.
"""

from __future__ import annotations

from dataclasses import asdict

from sqlalchemy import Connection, Engine, case, func, insert, select
from sqlalchemy.exc import IntegrityError

from spider.codes import parse_code
from spider.server.games.clock import day_of
from spider.server.games.records import GameRecord, from_row
from spider.server.people.service import add_player
from spider.server.results.counting import Tally
from spider.server.results.offline import OfflineRecord
from spider.server.results.tables import best_scores, offline_results, results, site_days
from spider.server.results.tallies import count_finished


class ResultsStore:
    """Every query on the results' tables, in the server's database."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine

    @staticmethod
    def ended(connection: Connection, game: GameRecord) -> None:
        """A game that ended, added to the tallies it counts in, in the transaction that ended it."""
        count_finished(connection, [game])

    def tallies(self, player: str) -> tuple[dict[int, Tally], dict[int, dict[str, int]]]:
        """The player's results per suit count, and best scores per suit count and scoring."""
        with self.engine.connect() as connection:
            rows = connection.execute(select(results).where(results.c.player == player)).all()
            scores = connection.execute(select(best_scores).where(best_scores.c.player == player)).all()
        found = {row.suits: from_row(Tally, row) for row in rows}
        best: dict[int, dict[str, int]] = {}
        for row in scores:
            best.setdefault(row.suits, {})[row.scoring] = row.score
        return found, best

    def site_results(self, since: float) -> list[tuple[int, int, int]]:
        """Across all players, per suit count: (suits, games counted, games won) that ended on the day
        of ``since`` or later (UTC days). Games of codes the players typed in are left out."""
        with self.engine.connect() as connection:
            rows = connection.execute(
                select(site_days.c.suits, func.sum(site_days.c.games), func.sum(site_days.c.wins))
                .where(site_days.c.day >= day_of(since))
                .group_by(site_days.c.suits)
            ).all()
        return [(int(suits), int(total or 0), int(wins or 0)) for suits, total, wins in rows]

    def keep_offline_result(self, player: str, kept: OfflineRecord) -> OfflineRecord:
        """Stores an offline game's checked result, once per player and deal; returns what is stored (the
        first one sent, when the same deal comes again, under the same table rules or others)."""
        deal = parse_code(kept.code).deal
        where = (offline_results.c.player == player, offline_results.c.deal == deal)
        try:
            with self.engine.begin() as connection:
                stored = connection.execute(select(offline_results).where(*where)).first()
                if stored is not None:
                    return from_row(OfflineRecord, stored)
                add_player(connection, player, kept.received_at)
                connection.execute(insert(offline_results).values(player=player, deal=deal, **asdict(kept)))
        except IntegrityError:  # the same deal, sent at the same moment by another request
            with self.engine.connect() as connection:
                return from_row(OfflineRecord, connection.execute(select(offline_results).where(*where)).one())
        return kept

    def offline_tallies(self, player: str) -> list[tuple[int, int, int, float | None, int | None]]:
        """The player's offline games per suit count: (suits, games, wins, best time, fewest moves of a win)."""
        won = offline_results.c.result == "won"
        with self.engine.connect() as connection:
            rows = connection.execute(
                select(
                    offline_results.c.suits,
                    func.count(),
                    func.sum(case((won, 1), else_=0)),
                    func.min(case((won, offline_results.c.seconds), else_=None)),
                    func.min(case((won, offline_results.c.moves), else_=None)),
                )
                .where(offline_results.c.player == player)
                .group_by(offline_results.c.suits)
            ).all()
        return [(int(suits), int(games), int(wins or 0), best, fewest) for suits, games, wins, best, fewest in rows]

    @staticmethod
    def forget(connection: Connection, players: list[str]) -> None:
        """Deletes these players' results (``ops.prune``: players long idle)."""
        for table in (results, best_scores, offline_results):
            connection.execute(table.delete().where(table.c.player.in_(players)))

    @staticmethod
    def forget_days(connection: Connection, before: float) -> None:
        """Deletes the site's tallies of the days before ``before``'s."""
        connection.execute(site_days.delete().where(site_days.c.day < day_of(before)))

"""The running tallies of results (``results``), written as games end: ``count_finished`` adds one
finished game to every tally it counts in. The server calls it as each game ends (``storage``), and the
migration that filled the tallies of a database from before them (revision 0007) called it on every
game stored, in the order they ended.
"""

from __future__ import annotations

from sqlalchemy import Connection, select

from spider.server.records import GameRecord, from_row
from spider.server.results import Tally, best_score_counts, day_of
from spider.server.schema import best_scores, results, site_days
from spider.server.upserts import insert_into


def count_finished(connection: Connection, game: GameRecord) -> None:
    """Adds a finished game to its player's tally and best score at its suit count, and to the site's
    day (unless its code was typed in), when it counts (``GameRecord.counted``; a duel's game counts in
    the duel's results, ``server/duels``, not in the solo ones)."""
    if game.result is None or game.finished_at is None or game.duel is not None or not game.counted:
        return
    _add_to_tally(connection, game.player, game.suits, game)
    scoring = str(game.rules.get("scoring", "standard"))
    if game.score is not None and best_score_counts(game.result, scoring):
        _raise_best_score(connection, game.player, game.suits, scoring, game.score)
    if not game.typed:
        won = int(game.result == "won")
        added = insert_into(connection, site_days).values(
            day=day_of(game.finished_at), suits=game.suits, games=1, wins=won
        )
        connection.execute(
            added.on_conflict_do_update(
                index_elements=[site_days.c.day, site_days.c.suits],
                set_={
                    "games": site_days.c.games + added.excluded.games,
                    "wins": site_days.c.wins + added.excluded.wins,
                },
            )
        )


def _add_to_tally(connection: Connection, player: str, suits: int, game: GameRecord) -> None:
    assert game.result is not None
    key = (results.c.player == player, results.c.suits == suits)
    # the row is locked until the game's transaction ends: two games of one player ending at once on a
    # database server are added one after the other, not both to the same old tally
    known = connection.execute(select(results).where(*key).with_for_update()).first()
    tally = Tally() if known is None else from_row(Tally, known)
    tally.add(game.result, moves=game.moves, seconds=game.seconds)
    columns = ("games", "wins", "current_streak", "best_streak", "best_seconds", "fewest_moves")
    values = {name: getattr(tally, name) for name in columns}
    added = insert_into(connection, results).values(player=player, suits=suits, **values)
    connection.execute(
        added.on_conflict_do_update(
            index_elements=[results.c.player, results.c.suits], set_={name: added.excluded[name] for name in columns}
        )
    )


def _raise_best_score(connection: Connection, player: str, suits: int, scoring: str, score: int) -> None:
    """Keeps the better of the stored best score and this one."""
    added = insert_into(connection, best_scores).values(player=player, suits=suits, scoring=scoring, score=score)
    connection.execute(
        added.on_conflict_do_update(
            index_elements=[best_scores.c.player, best_scores.c.suits, best_scores.c.scoring],
            set_={"score": added.excluded.score},
            where=added.excluded.score > best_scores.c.score,
        )
    )

"""The running tallies of results (``results``), written as games end: ``count_finished`` adds finished
games to every tally they count in. The server calls it with each game as it ends (``count_ended``, a
listener of the games' ends, in the transaction that ends the game); the migration that filled the tallies
of a database from before them (revision 0007) called it once with every game stored, in the order they
ended.
"""

from __future__ import annotations

from collections.abc import Iterable

from sqlalchemy import Connection, select

from spider.server.db.upserts import insert_into
from spider.server.games.clock import day_of
from spider.server.games.kinds import in_site
from spider.server.games.records import GameRecord, from_row
from spider.server.results.counting import Tally, best_score_counts
from spider.server.results.tables import best_scores, results, site_days

TALLIED = ("games", "wins", "current_streak", "best_streak", "best_seconds", "fewest_moves")


def count_finished(connection: Connection, finished: Iterable[GameRecord]) -> None:
    """Adds finished games, in the order they ended, to their players' tallies and best scores at their
    suit counts, and to the site's days (those of the kinds everyone's figures take): those that count
    (``GameRecord.counted``; a duel's game counts in the duel's results, ``server/duels``, not in the
    solo ones). Each tally, best score and day is written once, however many of the games it takes."""
    tallies: dict[tuple[str, int], Tally] = {}
    best: dict[tuple[str, int, str], int] = {}
    days: dict[tuple[int, int], tuple[int, int]] = {}
    for game in finished:
        if game.result is None or game.finished_at is None or not game.counted:
            continue
        key = (game.player, game.suits)
        if key not in tallies:
            tallies[key] = _stored_tally(connection, *key)
        tallies[key].add(game.result, moves=game.moves, seconds=game.seconds)
        scoring = str(game.rules.get("scoring", "standard"))
        if game.score is not None and best_score_counts(game.result, scoring):
            best[(*key, scoring)] = max(game.score, best.get((*key, scoring), game.score))
        if in_site(game.kind):
            total, wins = days.get((day_of(game.finished_at), game.suits), (0, 0))
            days[(day_of(game.finished_at), game.suits)] = (total + 1, wins + int(game.result == "won"))
    for (player, suits), tally in tallies.items():
        added = insert_into(connection, results).values(
            player=player, suits=suits, **{name: getattr(tally, name) for name in TALLIED}
        )
        connection.execute(
            added.on_conflict_do_update(
                index_elements=[results.c.player, results.c.suits],
                set_={name: added.excluded[name] for name in TALLIED},
            )
        )
    for (player, suits, scoring), score in best.items():  # the better of the stored best score and this one
        raised = insert_into(connection, best_scores).values(player=player, suits=suits, scoring=scoring, score=score)
        connection.execute(
            raised.on_conflict_do_update(
                index_elements=[best_scores.c.player, best_scores.c.suits, best_scores.c.scoring],
                set_={"score": raised.excluded.score},
                where=raised.excluded.score > best_scores.c.score,
            )
        )
    for (day, suits), (total, wins) in days.items():
        counted = insert_into(connection, site_days).values(day=day, suits=suits, games=total, wins=wins)
        connection.execute(
            counted.on_conflict_do_update(
                index_elements=[site_days.c.day, site_days.c.suits],
                set_={
                    "games": site_days.c.games + counted.excluded.games,
                    "wins": site_days.c.wins + counted.excluded.wins,
                },
            )
        )


def _stored_tally(connection: Connection, player: str, suits: int) -> Tally:
    """The tally as stored, locked until the transaction ends: two games of one player ending at once on
    a database server are added one after the other, not both to the same old tally."""
    known = connection.execute(
        select(results).where(results.c.player == player, results.c.suits == suits).with_for_update()
    ).first()
    return Tally() if known is None else from_row(Tally, known)

"""The duelists' table as several server processes share it."""

from __future__ import annotations

import threading

from sqlalchemy import delete, func, select, update

from spider.databases import database_url as url_of
from spider.players.strengths import RATING_DEVIATIONS, RATINGS
from spider.server.games.store import Store
from spider.server.people.service import COMPUTER_NAMES, People, computer_id
from spider.server.people.tables import duelists, players


def test_two_processes_starting_at_once_both_start_and_add_the_computer_players_once(database_url: str) -> None:
    stores = [Store(url_of(database_url)), Store(url_of(database_url))]  # as two `spider serve` on one database
    computers = [computer_id(strength) for strength in COMPUTER_NAMES]
    try:
        for _ in range(10):
            with stores[0].engine.begin() as connection:  # a database no process has started on yet
                connection.execute(delete(duelists).where(duelists.c.player.in_(computers)))
                connection.execute(delete(players).where(players.c.id.in_(computers)))
            ready = threading.Barrier(2)
            failures: list[BaseException] = []

            def start(store: Store, ready: threading.Barrier = ready, failures: list[BaseException] = failures) -> None:
                ready.wait()
                try:
                    People(store.engine).add_computers(0.0)
                except BaseException as error:  # a process that fails to start
                    failures.append(error)

            threads = [threading.Thread(target=start, args=(store,)) for store in stores]
            for thread in threads:
                thread.start()
            for thread in threads:
                thread.join()
            assert failures == []
            with stores[0].engine.connect() as connection:
                added = connection.execute(
                    select(func.count()).select_from(duelists).where(duelists.c.player.in_(computers))
                ).scalar()
            assert added == len(computers)
    finally:
        for store in stores:
            store.close()


def test_computer_players_start_at_their_ladder_ratings_and_keep_what_duels_made_of_them(database_url: str) -> None:
    store = Store(url_of(database_url))
    people = People(store.engine)
    computers = [computer_id(strength) for strength in COMPUTER_NAMES]
    try:
        with store.engine.begin() as connection:  # a database no process has started on yet
            connection.execute(delete(duelists).where(duelists.c.player.in_(computers)))
            connection.execute(delete(players).where(players.c.id.in_(computers)))
        people.add_computers(0.0)
        for strength in COMPUTER_NAMES:
            rating = people.get(computer_id(strength), 0.0).rating
            # the rating the lobby shows beside the computer player, as sure as the ladder measured it
            assert (rating.rating, rating.deviation) == (RATINGS[strength], RATING_DEVIATIONS[strength])
            assert rating.deviation < 350.0
        # a database from before the ladder: master at 1500 with no duel, expert at 1500 after a duel
        with store.engine.begin() as connection:
            for strength, duels in (("master", 0), ("expert", 1)):
                connection.execute(
                    update(duelists)
                    .where(duelists.c.player == computer_id(strength))
                    .values(rating=1500.0, deviation=350.0, duels=duels)
                )
        people.add_computers(0.0)
        assert people.get(computer_id("master"), 0.0).rating.rating == RATINGS["master"]
        assert people.get(computer_id("expert"), 0.0).rating.rating == 1500.0
    finally:
        store.close()

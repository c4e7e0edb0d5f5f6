"""A game's kind is one value with one rule of counting: the stored games' rule in SQL agrees with it for every
kind, the games of the database before kinds get theirs, and a ghost race is stored whole or not at all."""

from __future__ import annotations

import itertools
from collections.abc import Callable
from typing import Any

import pytest
from sqlalchemy import event, insert, select, text, update
from starlette.testclient import TestClient

from spider.codes import GameCode
from spider.databases import database_url as url_of
from spider.server.daily.tables import daily_entries, daily_games
from spider.server.db import revisions
from spider.server.games.kinds import Kind, counts, in_site
from spider.server.games.store import SEEN_GAMES, Finish, GameRecord, Store, counting_games
from spider.server.games.tables import games
from spider.server.ghosts.tables import ghost_races

from .conftest import Clock
from .duel_players import another_player
from .test_ghosts import ghost_game
from .test_leaderboards import store_of

ENDINGS = (("won", 300), ("resigned", 12), ("abandoned", 0), ("abandoned", 5))


def test_the_stored_games_rule_is_the_kinds_rule_for_every_kind(database_url: str) -> None:
    store = Store(url_of(database_url))
    expected = {}
    for n, (kind, (result, moves), known) in enumerate(itertools.product(Kind, ENDINGS, (False, True))):
        record = GameRecord(
            id=f"k{n:015d}", player="p", code=str(GameCode.random(1)), suits=1, rules={}, verified=False,
            created_at=1000.0 + n, kind=kind, line_shown=known,
        )
        store.add_game(record)
        store.finish(Finish(record.id, result, 2000.0 + n, 500, moves, 60.0))
        ended = store.game(record.id)
        assert ended is not None and ended.counted == counts(kind, result, moves, deal_known=known)
        expected[record.id] = ended.counted and in_site(kind)
    with store.engine.connect() as connection:
        found = set(connection.execute(select(games.c.id).where(counting_games())).scalars())
        # the form the packages above ask (the boards of best scores, the ghosts' pick): the same rule on the view
        seen = set(connection.execute(select(SEEN_GAMES.c.id).where(counting_games(SEEN_GAMES))).scalars())
    store.close()
    assert found == {game_id for game_id, counted in expected.items() if counted}
    assert seen == found
    assert len(found) == 3  # a solo game won, resigned, or left after its first move, of a deal nobody knew


def test_a_deal_shown_before_a_game_ended_takes_it_out_of_everyones_figures_on_the_table_and_the_view(
    database_url: str,
) -> None:
    store = Store(url_of(database_url))
    code = str(GameCode.random(1))
    for n, (begun, ended) in enumerate(((1000.0, 2000.0), (3000.0, 4000.0))):
        record = GameRecord(
            id=f"s{n:015d}", player="p", code=code, suits=1, rules={}, verified=False, created_at=begun,
        )
        store.add_game(record)
        store.finish(Finish(record.id, "won", ended, 500, 90, 60.0))
        if n == 0:
            assert store.reveal(code, 2500.0)  # shown once the first game was over: the second ends known
    with store.engine.connect() as connection:
        found = set(connection.execute(select(games.c.id).where(counting_games())).scalars())
        seen = set(connection.execute(select(SEEN_GAMES.c.id).where(counting_games(SEEN_GAMES))).scalars())
    store.close()
    assert found == seen == {f"s{0:015d}"}


@pytest.mark.parametrize("kind", list(Kind))
def test_a_game_in_progress_holds_its_deals_code_back_only_while_it_could_count(database_url: str, kind: Kind) -> None:
    # a solo game could count in its player's results, a duel's in its duel, a race's in who finishes ahead: the
    # code another game of the deal would show waits for them; a typed code's player, a line's watcher does not, nor
    # a daily deal's game (its deal is held all its day instead, whoever plays it: test_daily_secret.py)
    store = Store(url_of(database_url))
    code = str(GameCode.random(1))
    store.add_game(GameRecord(
        id="h" * 16, player="p", code=code, suits=1, rules={}, verified=False, created_at=1000.0, kind=kind,
    ))
    assert store.reveal(code, 2000.0) is (kind not in (Kind.SOLO, Kind.DUEL, Kind.GHOST))
    store.close()


def test_the_games_from_before_kinds_get_the_kind_they_were_begun_as(database_url: str) -> None:
    store = Store(url_of(database_url))
    rows = {
        "duel": {"duel": "d" * 16},
        "try_again": {"exercise": "from_review"},
        "practice": {"exercise": "first-run"},
        "replay": {"replay": True, "typed": True},
        "typed": {"typed": True},
        "ghost": {},
        "daily": {},
        "daily_again": {},
        "solo": {},
    }
    for kind, columns in rows.items():
        record = GameRecord(
            id=f"{kind[:8]:0<16}", player="p", code=str(GameCode.random(1)), suits=1, rules={}, verified=False,
            created_at=1000.0,
        )
        store.add_game(record)
        if columns:
            with store.engine.begin() as connection:
                connection.execute(update(games).where(games.c.id == record.id).values(**columns))
    ids = {kind: f"{kind[:8]:0<16}" for kind in rows}
    with store.engine.begin() as connection:
        connection.execute(insert(ghost_races).values(
            id="r" * 16, player="p", game=ids["ghost"], ghost=ids["solo"], mine=True, started_at=1000.0
        ))
        for kind in ("daily", "daily_again"):
            connection.execute(insert(daily_games).values(
                game_id=ids[kind], player="p", day="2026-12-06", suits=1, helped=False
            ))
        connection.execute(insert(daily_entries).values(player="p", day="2026-12-06", suits=1, game_id=ids["daily"]))
        # as a database stood before revision 0013: every game "solo", the revision one before
        connection.execute(update(games).values(kind="solo"))
        connection.execute(text("UPDATE alembic_version SET version_num = '0012'"))
    store.close()
    again = Store(url_of(database_url))  # opening the store runs the migrations the database has not had
    with again.engine.connect() as connection:
        assert revisions.revision(connection) == revisions.head()
        found = {row.id: row.kind for row in connection.execute(select(games.c.id, games.c.kind))}
    again.close()
    assert {kind: found[game_id] for kind, game_id in ids.items()} == {kind: kind for kind in ids}


def test_a_race_whose_storing_fails_leaves_no_game_behind(make_client: Callable[..., TestClient]) -> None:
    clock = Clock()
    ada = make_client(clock=clock)
    assert ada.put("/api/me", json={"name": "Ada"}).status_code == 200
    ghost_game(ada, clock)
    bea = another_player(ada)
    before = bea.get("/api/stats").json()
    engine = store_of(ada).engine

    def crash(connection: Any, statement: Any, *args: Any) -> None:
        if getattr(statement, "table", None) is ghost_races:  # the race's row, written with the racer's game
            raise RuntimeError("the server stopped here")

    event.listen(engine, "before_execute", crash)
    with pytest.raises(RuntimeError, match="stopped here"):
        bea.post("/api/ghosts", json={"suits": 1})
    event.remove(engine, "before_execute", crash)
    # no game of the race was kept: none to count when it is left, none in progress
    assert bea.get("/api/games/current").status_code == 404
    bea.post("/api/games", json={"suits": 1})
    assert bea.get("/api/stats").json()["by_suits"] == before["by_suits"]
    with engine.connect() as connection:
        assert connection.execute(select(games.c.id).where(games.c.kind == Kind.GHOST)).all() == []

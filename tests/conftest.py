"""Fixtures for every test folder: the database backends a test can run on."""

from __future__ import annotations

import os
import shutil
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest
from sqlalchemy import create_engine
from sqlalchemy.engine import make_url

from spider.server.games.store import Store

# A test on a database runs on the embedded SQLite file, and on PostgreSQL when scripts/test has started a
# throwaway server (SPIDER_TEST_POSTGRESQL, an SQLAlchemy URL of a database the tests may create others in).
POSTGRESQL = os.environ.get("SPIDER_TEST_POSTGRESQL")
BACKENDS = ["sqlite", "postgresql"] if POSTGRESQL else ["sqlite"]

# The test modules that run on PostgreSQL as well as on SQLite: those of the stores' behaviour (games, their
# clock and history, duels and people, bots, arenas, the daily deal, ghosts, leaderboards, known deals, the deal
# pool and verified deals, offline results, stats), of bad input that PostgreSQL takes differently (NUL bytes),
# of several processes on one database server and Redis, and of the migrations. The criterion: every line of the
# server's code that runs SQL (the stores, the deal pool, the upserts, the maintenance, the tallies, the claims)
# that the server tests cover on PostgreSQL when all of them run there is still covered on PostgreSQL by these
# modules (checked with coverage over those files). The other modules test HTTP behaviour over the same stores,
# which does not depend on the database: they run on SQLite only. A new store or query needs a test in one of
# these modules, or its module added here.
BOTH_BACKENDS = frozenset({
    "tests.server.test_accounts",
    "tests.server.test_api",
    "tests.server.test_arena_events",
    "tests.server.test_arena_processes",
    "tests.server.test_arenas",
    "tests.server.test_bad_input",
    "tests.server.test_bots",
    "tests.server.test_clock",
    "tests.server.test_compete_seams",
    "tests.server.test_daily",
    "tests.server.test_daily_secret",
    "tests.server.test_deal_pool",
    "tests.server.test_duel_computer",
    "tests.server.test_duels",
    "tests.server.test_ghosts",
    "tests.server.test_history",
    "tests.server.test_kinds",
    "tests.server.test_known_deals",
    "tests.server.test_leaderboards",
    "tests.server.test_migrations",
    "tests.server.test_moderation",
    "tests.server.test_offline_results",
    "tests.server.test_open_tables",
    "tests.server.test_operations",
    "tests.server.test_people",
    "tests.server.test_persistence",
    "tests.server.test_processes",
    "tests.server.test_record_route",
    "tests.server.test_redis",
    "tests.server.test_secrets",
    "tests.server.test_stats",
    "tests.server.test_verified",
    "tests.solver.test_commands",
})

# Most tests need only a database at the newest schema. It is made once per test session (per worker under
# pytest-xdist) the way a server makes it, by opening a `Store` on a new database (which runs every migration),
# and each test gets a copy of it: a file copy on SQLite, CREATE DATABASE ... TEMPLATE on PostgreSQL. The
# modules here start on an empty database instead, as on a new install: they test the migrations themselves
# (from scratch, and from the schemas of earlier releases they write into the empty file), and the commands and
# the deal pool that may be the first to open a database.
FROM_SCRATCH = frozenset({
    "tests.server.test_deal_pool",
    "tests.server.test_housekeeping",
    "tests.server.test_migrations",
    "tests.server.test_moderation",
    "tests.solver.test_commands",
})


# Tests that start `spider serve` processes (the `serve` fixture, or their own) or race processes: under
# pytest-xdist (scripts/test runs with --dist loadgroup) they run one after another on one worker, so that two
# of them never compete for the cores while each waits for its own processes within a time limit.
PROCESS_TESTS = frozenset({
    "tests.server.test_bot_example",
    "tests.server.test_connections",
    "tests.server.test_deal_pool",
    "tests.server.test_stopping",
})


def pytest_configure(config: pytest.Config) -> None:
    # pytest-xdist's own marker, known even where the tests run without it
    config.addinivalue_line("markers", "xdist_group(name): tests that run on one pytest-xdist worker, in turn")


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        module = getattr(getattr(item, "module", None), "__name__", "")
        if module in PROCESS_TESTS or "serve" in getattr(item, "fixturenames", ()):
            item.add_marker(pytest.mark.xdist_group("processes"))


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    if "backend" in metafunc.fixturenames:
        both = metafunc.module.__name__ in BOTH_BACKENDS
        metafunc.parametrize("backend", BACKENDS if both else ["sqlite"], indirect=True)


@pytest.fixture
def backend(request: pytest.FixtureRequest) -> str:
    name: str = request.param
    return name


@pytest.fixture(scope="session")
def migrated_sqlite(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A SQLite file at the newest schema, as a server leaves a new file it opened, to be copied."""
    path = tmp_path_factory.mktemp("migrated") / "games.sqlite"
    Store(f"sqlite:///{path}").close()
    assert not path.with_name(f"{path.name}-wal").exists(), "the last connection's close checkpoints the file"
    return path


@pytest.fixture(scope="session")
def migrated_postgresql() -> Iterator[str]:
    """A PostgreSQL database at the newest schema, made by a `Store` on it, to be the template of the tests'."""
    assert POSTGRESQL is not None
    name = f"spider_template_{uuid.uuid4().hex[:12]}"
    admin = create_engine(POSTGRESQL, isolation_level="AUTOCOMMIT")
    with admin.connect() as connection:
        connection.exec_driver_sql(f"CREATE DATABASE {name}")
    Store(make_url(POSTGRESQL).set(database=name).render_as_string(hide_password=False)).close()
    yield name
    with admin.connect() as connection:
        connection.exec_driver_sql(f"DROP DATABASE {name} WITH (FORCE)")
    admin.dispose()


@pytest.fixture
def database_url(backend: str, tmp_path: Path, request: pytest.FixtureRequest) -> Iterator[str]:
    """A database of the test's own: a SQLite file, or a PostgreSQL database dropped after it; at the newest
    schema, or empty for the modules in FROM_SCRATCH."""
    migrated = request.module.__name__ not in FROM_SCRATCH
    if backend == "sqlite":
        path = tmp_path / "games.sqlite"
        if migrated:
            shutil.copyfile(request.getfixturevalue("migrated_sqlite"), path)
        yield str(path)
        return
    assert POSTGRESQL is not None
    name = f"spider_test_{uuid.uuid4().hex[:12]}"
    template = f" TEMPLATE {request.getfixturevalue('migrated_postgresql')}" if migrated else ""
    admin = create_engine(POSTGRESQL, isolation_level="AUTOCOMMIT")
    with admin.connect() as connection:
        connection.exec_driver_sql(f"CREATE DATABASE {name}{template}")
    yield make_url(POSTGRESQL).set(database=name).render_as_string(hide_password=False)
    with admin.connect() as connection:
        connection.exec_driver_sql(f"DROP DATABASE {name} WITH (FORCE)")
    admin.dispose()

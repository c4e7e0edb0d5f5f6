"""The verified-deal pool, in a SQLite file and on PostgreSQL."""

from __future__ import annotations

import multiprocessing
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from spider.server.solving.deal_pool import Pool


@pytest.fixture
def pool(database_url: str) -> Iterator[Pool]:
    opened = Pool(database_url)
    yield opened
    opened.close()  # before the test's database goes


def test_add_take_count_and_line(pool: Pool) -> None:
    assert pool.take(1) is None
    assert pool.add("SP1-S1C-AAAAAAB", 1, ["1>2", "d"], nodes=5, seconds=0.5)
    assert not pool.add("SP1-S1C-AAAAAAB", 1, ["3>4"]), "a code is stored once"
    assert pool.add("SP1-S1C-AAAAAAC", 1, ["2>3"])
    assert pool.add("SP1-S2C-AAAAAAC", 2, ["2>3"])
    assert (pool.count(1), pool.count(2), pool.count(4)) == (2, 1, 0)
    assert pool.line("SP1-S1C-AAAAAAB") == ["1>2", "d"]
    assert pool.line("SP1-S1C-AAAAAAZ") is None
    assert pool.take(1, exclude={"SP1-S1C-AAAAAAB"}) == ("SP1-S1C-AAAAAAC", ["2>3"])
    assert pool.take(1, exclude={"SP1-S1C-AAAAAAB", "SP1-S1C-AAAAAAC"}) is None
    codes = set()
    for _ in range(40):
        taken = pool.take(1)
        assert taken is not None
        codes.add(taken[0])
    assert codes == {"SP1-S1C-AAAAAAB", "SP1-S1C-AAAAAAC"}, "take picks at random"


def test_a_large_exclude_set(pool: Pool) -> None:
    pool.add("SP1-S4C-AAAAAAB", 4, ["d"])
    exclude = {f"SP1-S4C-AAAA{n:03d}" for n in range(2000)}
    assert pool.take(4, exclude=exclude) == ("SP1-S4C-AAAAAAB", ["d"])
    assert pool.take(4, exclude=exclude | {"SP1-S4C-AAAAAAB"}) is None


def test_the_table_survives_reopening(pool: Pool, database_url: str) -> None:
    assert pool.add("SP1-S1C-AAAAAAB", 1, ["1>2"])
    pool.close()
    reopened = Pool(database_url)
    assert reopened.count(1) == 1
    reopened.close()


def _open_pool(path: str, start: Any) -> None:
    start.wait()
    Pool(path).close()


def test_processes_opening_a_new_pool_file_at_once_all_open_it(tmp_path: Path) -> None:
    spawn = multiprocessing.get_context("spawn")
    for round_ in range(5):
        path = str(tmp_path / f"pool-{round_}.sqlite")
        start = spawn.Barrier(4)
        openers = [spawn.Process(target=_open_pool, args=(path, start)) for _ in range(4)]
        for opener in openers:
            opener.start()
        for opener in openers:
            opener.join(60)
        assert [opener.exitcode for opener in openers] == [0, 0, 0, 0]
        opened = Pool(path)
        assert opened.count(1) == 0
        opened.close()

"""What accounts add to every request and to signing in: the figures behind ``people.accounts``.

Every request asks the database which account its cookie is signed in to (``Accounts.signed_in``), so that a
session ended on any process ends everywhere at once. This prints that lookup's time for a guest's cookie, a
signed-in cookie and a dead one, beside the same query built anew each time; and what the recovery codes cost
(ten Argon2id hashes at an account's making, one check per recovery). Each figure is the median of ``--rounds``
rounds, with the lowest and highest.

    .venv/bin/python bench/sessions.py [--lookups 5000] [--rounds 5] [--database URL]
"""

from __future__ import annotations

import argparse
import hashlib
import statistics
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from sqlalchemy import insert, literal, select

from spider.server.games.store import Store
from spider.server.people.accounts import _HASHER, RECOVERY_CODES, Accounts, new_recovery_code
from spider.server.people.service import People
from spider.server.people.tables import accounts, sessions


def rounds(work: Callable[[], None], count: int, repeat: int) -> tuple[float, float, float]:
    """Microseconds per call of ``work``: the median, lowest and highest of ``repeat`` rounds of ``count`` calls."""
    figures = []
    for _ in range(repeat):
        began = time.perf_counter()
        for _ in range(count):
            work()
        figures.append((time.perf_counter() - began) / count * 1e6)
    return statistics.median(figures), min(figures), max(figures)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lookups", type=int, default=5000)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--database", default="")
    options = parser.parse_args()
    url = options.database or f"sqlite:///{Path(tempfile.mkdtemp()) / 'sessions.sqlite'}"
    store = Store(url)
    book = Accounts(store.engine, People(store.engine), rp_id="localhost", origin="http://localhost:8000")
    guest, signed, dead = (hashlib.sha256(name.encode()).hexdigest() for name in ("guest", "session", "account"))
    with store.engine.begin() as connection:
        connection.execute(insert(accounts).values(id=dead, handle="bench", created_at=0.0))
        connection.execute(insert(sessions).values(id=signed, account=dead, device="bench", created_at=0, seen_at=0))

    def built_each_time() -> None:
        found = select(sessions.c.account).where(sessions.c.id == guest).union_all(
            select(literal("")).where(accounts.c.id == guest)
        )
        with store.engine.connect() as connection:
            connection.execute(found.limit(1)).scalar()

    backend = store.engine.url.get_backend_name()
    print(f"database: {backend}; {options.lookups} lookups a round, {options.rounds} rounds")
    for label, work in (
        ("guest's cookie", lambda: book.signed_in(guest)),
        ("signed-in cookie", lambda: book.signed_in(signed)),
        ("dead cookie", lambda: book.signed_in(dead)),
        ("guest's, query built each time", built_each_time),
    ):
        median, low, high = rounds(work, options.lookups, options.rounds)
        print(f"  {label:32} {median:7.1f} µs  [{low:.1f}, {high:.1f}]")
    codes = [new_recovery_code() for _ in range(RECOVERY_CODES)]
    median, low, high = rounds(lambda: [_HASHER.hash(code) for code in codes], 1, options.rounds)
    print(f"  {'ten recovery codes hashed':32} {median / 1000:7.1f} ms  [{low / 1000:.1f}, {high / 1000:.1f}]")
    kept = _HASHER.hash(codes[0])
    median, low, high = rounds(lambda: _HASHER.verify(kept, codes[0]), 3, options.rounds)
    print(f"  {'one recovery code checked':32} {median / 1000:7.1f} ms  [{low / 1000:.1f}, {high / 1000:.1f}]")
    store.close()


if __name__ == "__main__":
    main()

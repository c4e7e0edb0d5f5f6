"""One server to a SQLite file, unless they are told they share it.

Two ``spider serve`` processes on one file each keep games in memory; without the shared mode's
checks, each would serve its own stale copy. So a server claims the file when it starts: alone (the
default), or shared (``SPIDER_SHARED_DATABASE``, where every server checks the stored game on each
request). A claim that clashes with another server's is refused with a sentence, before the server
listens. The claim is a lock on a file beside the database, which the system lets go of when the
process ends, however it ends.
"""

from __future__ import annotations

import contextlib
import fcntl
import os
from pathlib import Path

from sqlalchemy.engine import make_url


class DatabaseInUse(OSError):
    """Another server holds the database in a way this one may not share."""


class DatabaseClaim:
    """This server's claim on its SQLite file: held until :meth:`release` (or the process ends)."""

    def __init__(self, url: str, *, shared: bool) -> None:
        self._descriptor: int | None = None
        parsed = make_url(url)
        if parsed.get_backend_name() != "sqlite" or not parsed.database or parsed.database == ":memory:":
            return  # a database server keeps order among its clients itself
        name = parsed.database.removeprefix("file:") if parsed.query.get("uri") else parsed.database
        database = Path(name).expanduser()
        database.parent.mkdir(parents=True, exist_ok=True)
        lock = database.with_name(database.name + ".lock")
        descriptor = os.open(lock, os.O_RDWR | os.O_CREAT, 0o644)
        try:
            # flock locks belong to the open file, so a second app in this same process is refused too
            fcntl.flock(descriptor, (fcntl.LOCK_SH if shared else fcntl.LOCK_EX) | fcntl.LOCK_NB)
        except BlockingIOError:
            os.close(descriptor)
            if shared:
                reason = (
                    f"a Spider server that keeps {database} to itself is running: stop it, or restart it "
                    "with SPIDER_SHARED_DATABASE=1"
                )
            else:
                reason = (
                    f"another Spider server is running on {database}: stop it first, or set "
                    "SPIDER_SHARED_DATABASE=1 for every server on this file"
                )
            raise DatabaseInUse(reason) from None
        self._descriptor = descriptor

    def release(self) -> None:
        descriptor, self._descriptor = self._descriptor, None
        if descriptor is not None:
            with contextlib.suppress(OSError):
                os.close(descriptor)

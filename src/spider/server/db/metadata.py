"""The database's one ``MetaData``: each package declares its own tables on it (``<package>/tables.py``), and the
migrations (``spider.server.migrations``) make and change them all."""

from __future__ import annotations

from sqlalchemy import MetaData

metadata = MetaData()

"""The database, knowing no domain: the one ``MetaData`` each package declares its tables on, the migrations run
(``revisions``; the migrations themselves are ``spider.server.migrations``), SQLite's pragmas and checkpoints,
the upserts of both dialects, and the claim that keeps one server to a SQLite file.

- ``metadata``: the one ``MetaData``; ``revisions``: Alembic run on a connection, and where a database stands;
- ``sqlite``: WAL, its pragmas and checkpoints; ``upserts``: ``INSERT ... ON CONFLICT`` in either dialect;
- ``claim``: one server to a file, unless they are told they share it.
"""

"""The database's schema through time: Alembic's migrations, run by ``db.revisions`` (``env.py`` first, then
the files of ``versions/`` in order).
"""

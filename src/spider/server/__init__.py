"""The Spider web server: the page, and a JSON API through which every action reaches the engine.

``spider.server.app.create_app(settings)`` builds the app; ``spider serve`` runs it on uvicorn. This file imports
nothing: importing one module of the server (a solver worker imports ``search_workers``) loads that module's
imports only, not the whole web stack. One file, one job:

- ``settings``: every setting, read from ``SPIDER_*`` environment variables, with types and defaults.
- ``app``: puts the parts together; ``routes``: the API as a table of thin handlers.
- ``bodies``: strict reading of request bodies; ``answers``: the shape of every answer; ``openapi``: the
  API's description, from the routes' table, the bodies and the answers.
- ``errors``: the one table from errors to statuses.
- ``middleware``: the player's cookie, the body size limit, headers on every answer.
- ``games``: games made, loaded (replayed from storage), played and ended (the public view is the engine's,
  ``spider.view``).
- ``storage``: players, games and actions in SQLite (WAL) or another SQLAlchemy database.
- ``solving``: every call to the solver (hints, "no more moves", verified deals), in worker processes that
  run ``search_workers``, which imports the engine and the solver only.
- ``pool_worker``: keeps verified deals ready in the background; ``stats``: results per player and site.
- ``static``: the page's files from memory, compressed once.

Live games are cached in memory. Several server processes may share one database: an action stored
by another process is noticed when this one stores the next (the game is then rebuilt), and with
``SPIDER_SHARED_DATABASE=1`` every request also checks that its cached game is the stored one.
"""

"""The Spider web server: the page, and a JSON API through which every action reaches the engine.

``spider.server.app.create_app(settings)`` builds the app; ``spider serve`` runs it on uvicorn. This file imports
nothing: importing one module of the server (a solver worker imports ``search_workers``) loads that module's
imports only, not the whole web stack. One file, one job:

- ``settings``: every setting, read from ``SPIDER_*`` environment variables (pydantic-settings).
- ``app``: puts the parts together; ``routes``: the API as a table of thin handlers.
- ``bodies``: strict reading of request bodies; ``answers``: the shape of every answer but the view (the
  view's shapes are the engine's, ``spider.view``); ``openapi``: the API's description, from the routes'
  table, the bodies and the answers.
- ``errors``: the one table from errors to HTTP statuses and WebSocket close codes, and every error body.
- ``identity``: the player's cookie, their id and their language; ``security``: same-origin checks and the
  headers on every answer; ``middleware``: the layers that set the cookie and the language and bound the
  body's size and read time; ``connections``: connections per address, before the app.
- ``games``: games made, loaded (replayed from storage), played and ended.
- ``schema``: the one ``MetaData`` with every table; ``storage``: the game store (players, games, actions,
  results) over it; ``records``: what a stored row becomes; ``results`` and ``tallies``: which games count
  and the one function that counts a finished game; ``upserts`` and ``sqlite``: the database's dialects.
- ``solving``: every call to the solver (hints, "no more moves", verified deals), in worker processes that
  run ``search_workers``, which imports the engine and the solver only.
- ``deal_pool``: the verified deals kept ready, which ``pool_worker`` tops up in the background and
  ``verify`` (``spider verify``) fills from the command line; ``stats``: results per player and site;
  ``history``: a player's last games and a finished game's actions to replay it.
- ``static``: the page's files from memory, compressed once.
- ``duels``: live duels (their own store, transitions, the state shown, messages, sockets).

Live games are cached in memory. Several server processes may share one database: an action stored
by another process is noticed when this one stores the next (the game is then rebuilt), and with
``SPIDER_SHARED_DATABASE=1`` every request also checks that its cached game is the stored one.
"""

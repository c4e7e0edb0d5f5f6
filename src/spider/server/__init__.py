"""The Spider web server: the page, and a JSON API through which every action reaches the engine.

``create_app(settings)`` builds the app; ``spider serve`` runs it on uvicorn. One file, one job:

- ``settings``: every setting, read from ``SPIDER_*`` environment variables, with types and defaults.
- ``app``: puts the parts together; ``routes``: the API as a table of thin handlers.
- ``bodies``: strict reading of request bodies; ``answers``: the shape of every answer; ``openapi``: the
  API's description, from the routes' table, the bodies and the answers.
- ``errors``: the one table from errors to statuses.
- ``middleware``: the player's cookie, the body size limit, headers on every answer.
- ``games``: games made, loaded (replayed from storage), played and ended; ``view``: the public view.
- ``storage``: players, games and actions in SQLite (WAL) or another SQLAlchemy database.
- ``solving``: every call to the solver (hints, "no more moves", verified deals), in a worker process.
- ``pool_worker``: keeps verified deals ready in the background; ``stats``: results per player and site.
- ``static``: the page's files from memory, compressed once.

Live games are cached in memory. Several server processes may share one database: an action stored
by another process is noticed when this one stores the next (the game is then rebuilt), and with
``SPIDER_SHARED_DATABASE=1`` every request also checks that its cached game is the stored one.
"""

from spider.server.app import create_app
from spider.server.settings import Settings

__all__ = ["Settings", "create_app"]

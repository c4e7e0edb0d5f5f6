"""HTTP and ASGI, knowing no domain: errors and their one table, request bodies' base, answers' base, the API's
description, the player's cookie and language, same-origin checks and headers, limits, connections, the page's
files, the service worker, the offline engine's zip, the metrics.

- ``errors``: the one table from refusals to HTTP statuses and socket close codes, and every error body;
- ``bodies`` and ``answers``: strict reading of a body, and what every answer shares (``FORBID``, ``Error``);
- ``openapi``: the API's description from the routes' table (``Endpoint``); ``replies``: the player, a JSON answer;
- ``identity``: the cookie, the player's id and language; ``middleware``: the layers that set them and bound a
  body's size and read time; ``security``: same-origin checks and the headers on every answer;
- ``connections``: uvicorn's protocol with a deadline on each request's head, and connections per address;
- ``limits``: fair shares (token buckets per player and address, across processes with Redis);
- ``ids``: random tokens; ``metrics``: Prometheus' text; ``stopping``: how ``spider serve`` stops;
- ``static``, ``site``, ``service_worker``, ``offline_engine``: the page, its files and the offline engine.
"""

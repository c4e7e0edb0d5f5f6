"""Game records (``spider.record``): a finished game's record (``GET /api/games/{id}/record``, ``spider record``),
and what the page's replay viewer reads.

- ``files``: a stored game, or a duel's two games, as records;
- ``routes``: the HTTP handlers and their entries in the API's table.
"""

"""Bots (lichess's bot accounts): duelists played by a program, each with a token of its own.

- ``tables``: the bots, their owners and their tokens' hashes;
- ``service``: making, listing and revoking a person's bots, and reading a token (``Bots``);
- ``access``: a bot's requests, ``Authorization: Bearer TOKEN`` in place of the cookie, with their limits;
- ``routes``: the HTTP handlers, and a bot's events as a stream (the duels' messages, read from a table).

A bot is a duelist marked ``bot`` (the people's ``duelists.bot``): bots are rated apart and kept off the
people's boards and out of arenas.
"""

"""The daily deal: each UTC day, one verified deal per suit count, the same for everyone, with its board, its
streaks and the past days.

- ``tables``: the deal of each day and suit count, the games played of it, each player's entry on the board, and
  the secret the deals are drawn with;
- ``store``: every query on them; the games and the names it shows are read through their owners' views;
- ``service``: the day's deals, a new game of one (the player's entry on the board when it is today's and
  their first: ``Kind.DAILY``), the boards and streaks (``Daily``); it hears of a daily game begun again and of
  a hint given in an entry through the games' events;
- ``routes``: the HTTP handlers and their entries in the API's table.
"""

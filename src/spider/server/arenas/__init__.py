"""Arenas (lichess's shape): whoever joins an arena is paired into ordinary duels (``server/duels``) on
fresh deals as they finish, with someone near their points and rating, and scores points; the standings
change live over the socket, and the end has a podium.

- ``rules``: the points a duel's end gives, and who is paired with whom (pure);
- ``store``: every query on arenas, their players and their duels, and the pairing lease;
- ``arenas``: the routes' one door to arenas (``Arenas``), and the looks that pair them, on events and at
  their moments;
- ``agenda``: when this process looks at each arena next (no tick: an idle arena costs nothing);
- ``messages``: the standings message, on the arena's topic;
- ``sockets``: the arenas' part of the site's socket (``realtime.sockets``): following an arena's standings;
- ``answers``: the API's shapes (what is asked, what is answered);
- ``routes``: the HTTP handlers and their entries in the API's table.

Several server processes may share the database: an arena is paired by one process at a time, the one
holding its lease (``arenas.pairer``, taken at each look and held a little past it; another takes it over
once it lapses), the processes hear of each other's events through the broker, and every change is a
conditional update, so that even a process that lost its lease unknowingly never seats a player in two duels
nor counts a duel twice.
"""

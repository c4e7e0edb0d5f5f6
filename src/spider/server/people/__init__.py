"""The people: every player seen, their names, ratings and duel tallies, their friends, who is online.

- ``tables``: the players, the duelists and the relations between them;
- ``service``: names (made up until chosen, checked as they look: ``lookalikes``), player info, friends and
  ignore, computer players and bots' duelists (``People``), the read-only view the boards join (``SEEN_NAMES``)
  and the one rule that leaves bots out of a query on it or on the duelists (``people_only``);
- ``ratings``: Glicko-2 through the ``glicko2`` package; ``presence``: who has a socket open, told to the
  database together;
- ``bodies``: a name, with its one limit.
"""

"""The people: every player seen, their names, ratings and duel tallies, their friends, who is online.

- ``tables``: the players, the duelists and the relations between them;
- ``service``: names (made up until chosen, checked as they look: ``lookalikes``), player info, friends and
  ignore, computer players (``People``), and the read-only view the boards join (``SEEN_NAMES``);
- ``ratings``: Glicko-2 through the ``glicko2`` package; ``presence``: who has a socket open, told to the
  database together;
- ``bodies``: a name, with its one limit.
"""

"""Results (SPEC 3.6): which games count and the running tallies, a player's statistics and history, the site's
win rates, and games played offline, counted apart.

- ``tables``: the tallies, the best scores, the site's days and the offline results;
- ``counting``: a tally of games, wins, streaks and bests; ``tallies``: the one function that adds finished games
  to the tallies they count in;
- ``store``: every query on the results' tables, and the listener of a game's end (``ResultsStore.ended``);
- ``stats``, ``history``, ``offline``: the answers built from them; ``service``: the routes' one door (``Results``);
- ``answers``, ``bodies``, ``routes``: what the results' routes answer and take, and their handlers.
"""

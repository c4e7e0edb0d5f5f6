"""Duels (SPEC 4): two players on the same deal at the same time, with the server's clock, ratings,
a lobby, invitations, friends and computer opponents.

- ``tables``: where duels, their seats and invitations are stored (the people keep the duelists);
- ``model``: a duel, its seats, and how two scores make a result;
- ``store``: every query on duels, seats and invitations (the database comes from the app);
- ``rated``: which duels change ratings, and how much (the rule against farmed ratings);
- ``duels``: the routes' one door to duels (``Duels``): the changes, from an open table to a duel over,
  using ``Games`` for each player's game;
- ``state``: a duel as a player may see it (``DuelState``);
- ``messages``: every message the duels publish, each kind built in one place, and the outbox;
- ``lobby``: what the lobby and player info show (reads only);
- ``clock``: the task that ends games whose time is up while nobody looks;
- ``sockets``: the duels' part of the site's socket (``realtime.sockets``): the hello, the lobby, each duel followed;
- ``computer``: computer opponents playing on the server at their pace, and their claims;
- ``answers`` and ``bodies``: what the duels' routes answer and take; ``routes``: their HTTP handlers.
"""

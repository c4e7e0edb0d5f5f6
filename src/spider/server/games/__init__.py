"""Games in play: made, loaded, played and ended, each action stored before it is answered (SPEC 2, 3).

- ``tables``: the games, their actions, the lines and deals shown, the share links;
- ``records``: what a stored row becomes (``GameRecord``, ``Finish``...), and ``from_row``;
- ``kinds``: a game's kind, one value, and the one rule of what each kind counts in;
- ``store``: every query on the games' tables (``Store``), and the read-only views the packages above join
  (``SEEN_GAMES``, ``SEEN_LINES``, and ``counting_games``, the one rule asked of the table or of the view);
- ``events``: what the games tell the packages above them (a game begun again, a hint, a game's end), heard in
  the change's own transaction;
- ``service``: the routes' one door to games (``Games``, ``LiveGame``): the cache, catching up with other
  processes, hints, lines, analyses;
- ``clock``: a game's clock, on screen only; ``chances``: the win-chance meter's route;
- ``answers`` and ``bodies``: the shapes the games' routes answer and take; ``routes``: their HTTP handlers.

``games`` names no package above it (``spider.server.LAYERS``): results, practice, daily, duels, ghosts and
the rest learn of a game through its kind and its events.
"""

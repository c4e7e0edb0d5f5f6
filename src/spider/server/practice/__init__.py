"""Practice (SPEC 3.9): the exercises with each player's progress, and what a practice game's view says of its
exercise. Whether a goal is reached is the engine's answer (``spider.practice``).

- ``tables``: the exercises each player has solved; ``store``: its queries, and the listener that keeps an
  exercise solved as its game ends (``games.events``);
- ``service``: the exercises listed, and an exercise game's part of the view.
"""

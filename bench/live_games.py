"""What a game in a server's memory takes: the figures behind ``spider.server.games.service.footprint``, which
bounds the live games' cache by ``SPIDER_CACHE_MEGABYTES``.

Makes ``--games`` live games the way a server does (a record, a clock, the table drawn once), plays
``--actions`` random legal actions in each with undo unlimited, and prints the memory they take
(``tracemalloc``) per game and per action held for undo, beside what ``footprint`` counts for them.

    .venv/bin/python bench/live_games.py [--games 200] [--actions 0 50 200]
"""

from __future__ import annotations

import argparse
import random
import tracemalloc

from spider import Game, TableRules
from spider.server.games.clock import Clock
from spider.server.games.service import LiveGame, footprint, new_game_id
from spider.server.games.store import GameRecord, now


def live_games(count: int, actions: int, rng: random.Random) -> list[LiveGame]:
    made = []
    for _ in range(count):
        rules = TableRules(undo=None)
        game = Game.new(rng.choice((1, 2)), rules)
        record = GameRecord(new_game_id(), "p" * 16, str(game.code), game.suits, rules.to_json(), True, now())
        live = LiveGame(record, game, Clock(0.0, now()))
        for _ in range(actions):
            legal = game.legal_actions()
            if not legal:
                break
            game.play(rng.choice(legal))
        live.table()
        made.append(live)
    return made


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--actions", type=int, nargs="+", default=[0, 50, 200])
    args = parser.parse_args()
    tracemalloc.start()
    base = None
    for actions in args.actions:
        before = tracemalloc.get_traced_memory()[0]
        made = live_games(args.games, actions, random.Random(actions))
        taken = (tracemalloc.get_traced_memory()[0] - before) / args.games
        held = sum(live.game.undo_depth for live in made) / args.games
        counted = sum(footprint(live.game) for live in made) / args.games
        per_action = "" if base is None or not held else f", {(taken - base) / held:.0f} B per action held"
        base = taken if base is None else base
        print(f"{actions:5} actions: {taken / 1024:7.1f} KB a game, {held:5.0f} held for undo{per_action}; "
              f"footprint counts {counted / 1024:7.1f} KB")
        del made


if __name__ == "__main__":
    main()

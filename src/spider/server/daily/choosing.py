"""How a day's deal is chosen (``daily.service`` says why): the day's candidates, drawn from the secret, and the
first the solver wins. A job of the work queue, so this module imports the engine and the solver only."""

from __future__ import annotations

import datetime as dt
import hashlib
import hmac
from collections.abc import Iterator

from spider import Game, TableRules
from spider.codes import SHUFFLES, GameCode
from spider.solver import replays_to_win, solve

CANDIDATES = 64  # candidates tried before giving up on a day (a verified deal is found within a few)
RULES = TableRules()  # everyone's daily deal is played under the classic rules


def candidates(secret: bytes, day: dt.date, suits: int) -> Iterator[GameCode]:
    """The day's candidate deals at a suit count, in order: unguessable without the secret."""
    for n in range(CANDIDATES):
        digest = hmac.new(secret, f"{day.isoformat()}/{suits}/{n}".encode(), hashlib.sha256).digest()
        yield GameCode(suits, int.from_bytes(digest[:8], "big") % SHUFFLES, RULES)


def first_won(secret: bytes, day: dt.date, suits: int, seconds: float) -> tuple[str, list[str]]:
    """The first of the day's candidates the solver wins (its line played through the engine), with its line."""
    for code in candidates(secret, day, suits):
        game = Game.from_code(code)
        found = solve(game, seconds=seconds)
        if found.verdict == "win" and replays_to_win(Game.from_code(code), found.line):
            return str(code), list(found.line)
    raise RuntimeError(f"no candidate for {day} at {suits} suits was won in {seconds} s each")

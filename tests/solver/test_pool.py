"""Verified deals made by the solver: searched on worker processes, with no database anywhere near."""

from __future__ import annotations

import subprocess
import sys

from spider.game import Game
from spider.rules import TableRules
from spider.solver.pool import searched_deals


def test_making_verified_deals_loads_no_database() -> None:
    # the solver's worker processes import this module: the database is the server's (server/solving/deal_pool.py)
    probe = "import sys, spider.solver.pool; print(sorted({'sqlalchemy', 'alembic'} & set(sys.modules)))"
    loaded = subprocess.run(
        [sys.executable, "-c", probe],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    assert loaded.strip() == "[]"


def test_each_deal_searched_is_new_and_a_win_comes_with_its_winning_line() -> None:
    deals = searched_deals(1, TableRules(), workers=1, seconds=30, known=set())
    try:
        found = [next(deals) for _ in range(3)]
    finally:
        deals.close()
    assert len({deal.code for deal in found}) == 3
    for deal in found:
        assert deal.verdict in ("win", "no-win", "unknown")
        if deal.verdict == "win":
            game = Game.from_code(deal.code)
            for action in deal.line:
                game.play(action)
            assert game.won, deal.code

"""The CPU one duel action costs the server through its one door, ``POST /api/duels/{id}/actions``.

In one process, through Starlette's test client on a fresh SQLite file: two players start a duel, and
one plays a move and takes it back, ``--actions`` times; it prints the process's CPU milliseconds per
action (the answer with the view and the duel's state included). CPU time, unlike the round trips of
``bench/duels.py``, hardly moves with what else runs on the machine, so two trees compare on a busy one:

    PYTHONPATH=src .venv/bin/python bench/duel_actions.py [--actions 400] [--rounds 3]
"""

from __future__ import annotations

import argparse
import tempfile
import time
import warnings
from pathlib import Path

with warnings.catch_warnings():
    warnings.filterwarnings("ignore", message="Using `httpx` with `starlette.testclient`")
    from starlette.testclient import TestClient

from spider.server.app import create_app
from spider.server.settings import Settings


def cpu_per_action(actions: int) -> float:
    """CPU milliseconds per duel action over HTTP, in this process."""
    with tempfile.TemporaryDirectory() as folder:
        settings = Settings(
            database=str(Path(folder) / "duels.sqlite"),
            pool_target=0,
            verify_seconds=0,
            solver_workers=0,
            gc_freeze_seconds=0,
            actions_per_second=0,
            actions_per_address_per_second=0,
        )
        with TestClient(create_app(settings)) as me:
            other = TestClient(me.app)
            other.portal = me.portal
            me.get("/api/me")
            other.get("/api/me")
            body = {"suits": 2, "minutes": 15, "opponent": {"kind": "person"}}
            duel = me.post("/api/duels", json=body).json()["id"]
            assert other.post(f"/api/duels/{duel}/join").status_code == 200
            view = me.get(f"/api/duels/{duel}").json()["you"]
            group = next(group for group in view["groups"] if group["targets"])
            move = f"{group['column']}>{group['targets'][0]}"
            began = time.process_time()
            for number in range(actions):
                answer = me.post(f"/api/duels/{duel}/actions", json={"action": (move, "u")[number % 2]})
                assert answer.status_code == 200, answer.text
            return (time.process_time() - began) / actions * 1000


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--actions", type=int, default=400)
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    figures = [cpu_per_action(args.actions) for _ in range(args.rounds)]
    shown = ", ".join(f"{figure:.2f}" for figure in figures)
    print(f"CPU per duel action over HTTP: {shown} ms ({args.actions} actions a round, a move and its undo in turn)")


if __name__ == "__main__":
    main()

"""What one ``POST /api/records/positions`` costs the server: CPU seconds and the answer's size (issue 52).

The bodies are records of deals and their undos: the largest a record's text and a code with its actions
could be before issue 52 (16 KB), as long as the route takes now (1,000 actions), and a real game's length
(a computer player's game, 60 to 170 actions). Each is sent
``--repeat`` times to an app in this process (no limit a minute, a fresh database), and the process's CPU
time per request is printed with the answer's size and status. The CPU is the whole request's: the parsing,
the playing again and the JSON.

    PYTHONPATH=src .venv/bin/python bench/record_positions.py --repeat 5
"""

from __future__ import annotations

import argparse
import json
import statistics
import tempfile
import time
import warnings
from pathlib import Path
from typing import Any

with warnings.catch_warnings():
    warnings.filterwarnings("ignore", message="Using `httpx` with `starlette.testclient`")
    from starlette.testclient import TestClient

from spider import Game
from spider.players import Player, play_game
from spider.server.app import create_app
from spider.server.settings import Settings

CODE = "SP1-S4C-AAAAAAD"
MAX_ACTIONS = 1_000  # the bound issue 52 set (``spider.replays.MAX_ACTIONS``), written here to run on older code
BODY = 16 * 1024  # the site's body limit, which the route had before issue 52


def _text_of(actions: list[str]) -> str:
    lines = [f"{number}. {action}" for number, action in enumerate(actions, start=1)]
    return "Spider game record 1\nCode: " + CODE + "\n\n" + "\n".join(lines) + "\n"


def _largest(make: Any, limit: int) -> Any:
    """The body with the most undo and deal steps whose JSON stays within ``limit`` bytes."""
    low, high = 1, limit
    while low < high:
        middle = (low + high + 1) // 2
        if len(json.dumps(make(["d", "u"] * (middle // 2) + ["d"] * (middle % 2)))) <= limit:
            low = middle
        else:
            high = middle - 1
    return make(["d", "u"] * (low // 2) + ["d"] * (low % 2))


def bodies(limit: int) -> dict[str, dict[str, Any]]:
    """The bodies sent: the largest a 16 KB body holds (all the route took before issue 52), the largest the
    route takes now (``MAX_ACTIONS``), and a real game."""
    real = list(play_game(Game.from_code(CODE), Player("casual")).line)
    undo_and_deal = (["d", "u"] * MAX_ACTIONS)[:MAX_ACTIONS]
    return {
        "record text, 15,000 characters": _largest(lambda actions: {"record": _text_of(actions)}, 15_000 + 40),
        f"code and actions, {limit / 1024:g} KB": _largest(lambda actions: {"code": CODE, "actions": actions}, limit),
        f"record text, {MAX_ACTIONS} actions": {"record": _text_of(undo_and_deal)},
        f"code and actions, {MAX_ACTIONS} actions": {"code": CODE, "actions": undo_and_deal},
        f"a real game ({len(real)} actions)": {"code": CODE, "actions": real},
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--repeat", type=int, default=5, help="requests of each kind")
    parser.add_argument("--limit", type=int, default=BODY, help="the largest body made, in bytes")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        values: dict[str, Any] = {
            "database": str(Path(folder) / "bench.sqlite"), "pool_target": 0, "verify_seconds": 0,
            "solver_workers": 0, "gc_freeze_seconds": 0, "record_positions_per_minute": 0,
        }
        settings = Settings(**{name: value for name, value in values.items() if name in Settings.model_fields})
        with TestClient(create_app(settings)) as client:
            for name, body in bodies(args.limit).items():
                size = len(json.dumps(body))
                seconds: list[float] = []
                for _ in range(args.repeat):
                    started = time.process_time()
                    answer = client.post("/api/records/positions", json=body)
                    seconds.append(time.process_time() - started)
                print(
                    f"{name}: body {size / 1024:.1f} KB, status {answer.status_code}, answer "
                    f"{len(answer.content) / 1024:.1f} KB, CPU {statistics.median(seconds) * 1000:.0f} ms a request "
                    f"(median of {args.repeat}, max {max(seconds) * 1000:.0f} ms)"
                )


if __name__ == "__main__":
    main()

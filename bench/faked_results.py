"""The probe of issue #35 on results, repeated: how many faked results the server counts.

Plays, through the API of an app on a fresh SQLite file (in-process, Starlette's test client), the
attacks that made faked results count, each ``--tries`` times, with a winning line known beforehand:

- restart: a verified deal, one move, restart; the old game's view is read (does it show the code?)
  and the new game is won with the line;
- resign+restart: the same, resigning first, so that the code is shown; then a restart won with the line;
- share: a second cookie opens the sharer's link and resigns (does it see the code?), the sharer wins;
- offline: the same deal's winning line sent as offline results under ``--flag-sets`` table rules;
- clock: a game won with "off screen" said before each move, one second a move.

It prints, per attack, the codes shown while another game of the deal was on, the wins counted with
the deal's code already shown, the offline wins counted and the clock's time. To measure another
version of the code, put its ``src`` first on ``PYTHONPATH``.

    .venv/bin/python bench/faked_results.py [--tries 12]
"""

from __future__ import annotations

import argparse
import itertools
import tempfile
import warnings
from pathlib import Path
from typing import Any
from unittest import mock

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

from spider import Game, TableRules
from spider.server.app import create_app
from spider.server.settings import Settings
from spider.server.solving.deal_pool import Pool
from spider.solver import solve

CODE = "SP1-S1C-AAAAAABAAAAAAA"


def play(client: TestClient, game_id: str, actions: list[str]) -> dict[str, Any]:
    view: dict[str, Any] = {}
    for action in actions:
        answer = client.post(f"/api/games/{game_id}/actions", json={"action": action})
        assert answer.status_code == 200, answer.text
        view = answer.json()["view"]
    return view


def server(url: str) -> TestClient:
    settings = Settings(database=url, pool_target=0, verify_seconds=0, solver_workers=0, gc_freeze_seconds=0)
    return TestClient(create_app(settings))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tries", type=int, default=12)
    parser.add_argument("--flag-sets", type=int, default=18)
    args = parser.parse_args()
    line = list(solve(Game.from_code(CODE), seconds=60).line)
    figures = {}
    for attack in ("restart", "resign+restart", "share"):
        shown = counted = 0
        for _ in range(args.tries):  # each on a fresh database: the deal unknown to the server
            url = f"sqlite:///{Path(tempfile.mkdtemp()) / 'games.sqlite'}"
            Pool(url).add(CODE, 1, line)
            with server(url) as app:
                player = TestClient(app.app)
                old = player.post("/api/games", json={"suits": 1, "deal": "verified"}).json()
                moved = play(player, old["id"], line[:1])
                if attack == "share":
                    token = player.post(f"/api/games/{old['id']}/share").json()["share"]
                    friend = TestClient(app.app)
                    theirs = friend.post("/api/games", json={"share": token}).json()
                    shown += friend.post(f"/api/games/{theirs['id']}/resign").json()["code"] is not None
                    new = moved
                else:
                    if attack == "resign+restart":
                        player.post(f"/api/games/{old['id']}/resign")
                    new = player.post(f"/api/games/{old['id']}/restart").json()
                    seen = player.get(f"/api/games/{old['id']}").json()["code"] is not None
                    shown += seen and attack == "restart"
                view = play(player, new["id"], line[new["version"] :])
                assert view["won"]
                if attack == "resign+restart":
                    counted += player.get("/api/stats").json()["by_suits"]["1"]["wins"]
        figures[attack] = (shown, counted)
    with server(f"sqlite:///{Path(tempfile.mkdtemp()) / 'games.sqlite'}") as app:
        player = TestClient(app.app)
        flag_sets = itertools.islice(
            (
                {"undo": undo, "scoring": scoring, "deal": deal}
                for undo in (100, None, 0) for scoring in ("standard", "reveal", "duel") for deal in ("filled", "any")
            ),
            args.flag_sets,
        )
        sent = 0
        for changes in flag_sets:
            sent += 1
            rules = {**TableRules().to_json(), **changes}
            body = {"code": CODE, "rules": rules, "actions": " ".join(line), "result": "won", "seconds": 1.0}
            player.post("/api/offline-results", json=body)
        offline = player.get("/api/stats").json()["offline"]["by_suits"]["1"]["wins"]
        clock = TestClient(app.app)
        at = [2_000_000_000.0]
        with mock.patch("spider.server.games.service.now", lambda: at[0]):
            game = clock.post("/api/games", json={"code": CODE}).json()
            for action in line:
                clock.post(f"/api/games/{game['id']}/clock", json={"on_screen": False})
                at[0] += 1
                view = play(clock, game["id"], [action])
        print(f"{args.tries} tries each, a winning line of {len(line)} actions known beforehand")
        for attack, (shown, counted) in figures.items():
            print(f"  {attack:15} codes shown while a game of the deal was on: {shown}, wins counted after "
                  f"the code was shown: {counted}")
        print(f"  offline        {sent} flag sets of one deal sent as won: {offline} wins counted")
        print(f"  clock          {len(line)} moves a second apart, 'off screen' before each: {view['seconds']} s")


if __name__ == "__main__":
    main()

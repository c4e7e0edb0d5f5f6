"""The two farming scripts of the accounts issue (51), run with accounts in good standing (issue 53, item 5): how
much rating and how many arena points a main account gains from throwaway partners who feed it wins.

Plays, through the API of an app on a fresh SQLite file (in-process, Starlette's test client), with the server's
own rule of a real attempt (``SPIDER_DUEL_MIN_MOVES``, 10):

- duels: ``--feeders`` accounts in good standing, each at an address of its own (the attacker's best case: the rule
  of one address does not catch them), each duels the main account ``--duels`` times, dealing twice and finishing
  at once, while the main account plays its game as the casual computer player would;
- arena: two partners in good standing at addresses of their own join an arena with the main account, and feed it
  wins the same way, ``--duels`` duels each;
- the same two scripts with every account at the main account's address.

It prints the main account's rating gained and arena points, per script.

    nice -n 10 .venv/bin/python bench/farming.py [--feeders 8 --duels 3]
"""

from __future__ import annotations

import argparse
import itertools
import sys
import tempfile
import warnings
from pathlib import Path

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

from spider.players import Player
from spider.server.app import create_app
from spider.server.arenas.arenas import Arenas
from spider.server.duels.duels import Duels
from spider.server.http.parts import parts_of
from spider.server.settings import Settings

_addresses = (f"198.18.{n // 250}.{n % 250 + 1}" for n in itertools.count())


def account(app: TestClient, address: str, name: str) -> TestClient:
    """A browser at ``address`` whose player is an account in good standing, named ``name``."""
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
    from tests.server.standing import good_standing  # the tests' helper: an account a day old with ten games

    player = TestClient(app.app, client=(address, 50000))
    player.portal = app.portal
    assert player.put("/api/me", json={"name": name}).status_code == 200
    good_standing(player)
    return player


def act(player: TestClient, duel_id: str, action: str) -> None:
    answer = player.post(f"/api/duels/{duel_id}/actions", json={"action": action})
    assert answer.status_code == 200, answer.text


def wait_for_bar(app: TestClient, duel_id: str) -> None:
    import asyncio

    duels: Duels = parts_of(app.app)[Duels]  # type: ignore[attr-defined]
    for _ in range(200):
        found = duels.read(duel_id)
        if found is not None and found.weakest is not None:
            return
        app.portal.call(asyncio.sleep, 0.05)


def feed(app: TestClient, main: TestClient, feeder: TestClient, duel_id: str) -> None:
    """The feeder deals twice and finishes; the main account plays as the casual computer player would."""
    wait_for_bar(app, duel_id)
    act(feeder, duel_id, "d")
    act(feeder, duel_id, "d")
    feeder.post(f"/api/duels/{duel_id}/finish")
    duels: Duels = parts_of(app.app)[Duels]  # type: ignore[attr-defined]
    found = duels.read(duel_id)
    assert found is not None
    mine = main.get(f"/api/duels/{duel_id}").json()["seat"]
    live = duels.live(found.seats[mine])
    assert live is not None
    player = Player("casual", seed=1)
    for _ in range(60):
        action = player.next_action(live.game.public_position())
        if action is None or live.over:
            break
        act(main, duel_id, action)
    if not live.over:
        main.post(f"/api/duels/{duel_id}/finish")


def duels_script(app: TestClient, main: TestClient, feeders: list[TestClient], duels: int) -> None:
    for feeder, _ in itertools.product(feeders, range(duels)):
        opened = feeder.post("/api/duels", json={"suits": 1, "minutes": 5, "opponent": {"kind": "person"}}).json()
        assert main.post(f"/api/duels/{opened['id']}/join").status_code == 200
        feed(app, main, feeder, opened["id"])


def arena_script(app: TestClient, main: TestClient, partners: list[TestClient], duels: int) -> int:
    arenas: Arenas = parts_of(app.app)[Arenas]  # type: ignore[attr-defined]
    arena_id = main.post("/api/arenas", json={"suits": 1, "minutes": 5, "length": 60}).json()["arena"]["id"]
    for player in (main, *partners):
        assert player.post(f"/api/arenas/{arena_id}/join").status_code == 200
    by_name = {partner.get("/api/me").json()["name"]: partner for partner in partners}
    for _ in range(duels * len(partners)):  # the partners in turn: two who just met are not paired again at once
        app.portal.call(arenas.tick)
        duel_id = main.get(f"/api/arenas/{arena_id}").json()["you"]["duel"]
        if duel_id is None:
            break
        seats = main.get(f"/api/duels/{duel_id}").json()["players"]
        partner = next(by_name[seat["name"]] for seat in seats if seat["name"] in by_name)
        feed(app, main, partner, duel_id)
    app.portal.call(arenas.tick)
    points: int = main.get(f"/api/arenas/{arena_id}").json()["you"]["points"]
    return points


def run(feeders: int, duels: int, *, one_address: bool, min_moves: int) -> tuple[float, float, int]:
    url = f"sqlite:///{Path(tempfile.mkdtemp()) / 'games.sqlite'}"
    settings = Settings(database=url, pool_target=0, verify_seconds=0, solver_workers=0, gc_freeze_seconds=0,
                        actions_per_second=0, actions_per_address_per_second=0, prune_days=0,
                        duel_min_moves=min_moves)
    with TestClient(create_app(settings)) as app:
        home = next(_addresses)
        main = account(app, home, "Farmer")
        start = main.get("/api/me").json()["rating"]
        fed = [account(app, home if one_address else next(_addresses), f"Feeder {n}") for n in range(feeders)]
        duels_script(app, main, fed, duels)
        rating: float = main.get("/api/me").json()["rating"]
        partners = [account(app, home if one_address else next(_addresses), f"Partner {n}") for n in range(2)]
        points = arena_script(app, main, partners, duels)
    return start, rating, points


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--feeders", type=int, default=8)
    parser.add_argument("--duels", type=int, default=3)
    parser.add_argument("--min-moves", type=int, default=10, help="SPIDER_DUEL_MIN_MOVES (0: the rule off, a control)")
    args = parser.parse_args()
    for one_address in (False, True):
        start, rating, points = run(args.feeders, args.duels, one_address=one_address, min_moves=args.min_moves)
        where = "one address" if one_address else "an address each"
        print(f"{where}: {args.feeders} feeders x {args.duels} duels: rating {start:.0f} -> {rating:.1f} "
              f"({rating - start:+.1f}); arena points from 2 partners x {args.duels} duels: {points}")


if __name__ == "__main__":
    main()

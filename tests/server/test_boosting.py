"""Boosting and sandbagging (issue 53, item 5): a duel in which one side made no real attempt, or whose two
accounts were seen at one client address, rates nobody and gives no arena points, and both players are told why;
an honest duel between two addresses still rates."""

from __future__ import annotations

import asyncio
import hashlib
from collections.abc import Callable
from typing import Any

from sqlalchemy import select
from starlette.testclient import TestClient

from spider.players import Player
from spider.server.arenas.arenas import Arenas
from spider.server.duels.duels import Duels
from spider.server.http.parts import parts_of
from spider.server.people.tables import addresses

from .duel_players import duel_act, get_duel, name_of
from .standing import good_standing

ANN, BOB = "203.0.113.5", "198.51.100.7"
NO_ATTEMPT = (
    "This duel did not change ratings and gives no arena points: one of the players made no real attempt (fewer "
    "than 10 moves, or fewer duel points than the beginner computer player scores on this deal)."
)
SAME_ADDRESS = (
    "This duel did not change ratings and gives no arena points: the two players' accounts were used from the same "
    "internet connection."
)


def duels_of(client: TestClient) -> Duels:
    duels: Duels = parts_of(client.app)[Duels]  # type: ignore[attr-defined]
    return duels


def at(client: TestClient, address: str, name: str) -> TestClient:
    """A new browser on the app at the client address, an account in good standing with a name of its own."""
    player = TestClient(client.app, client=(address, 50000))
    player.portal = client.portal
    assert player.put("/api/me", json={"name": name}).status_code == 200
    good_standing(player, at=duels_of(client).clock())
    return player


def duel(first: TestClient, second: TestClient) -> str:
    opened = first.post("/api/duels", json={"suits": 1, "minutes": 5, "opponent": {"kind": "person"}})
    assert opened.status_code == 201, opened.text
    joined = second.post(f"/api/duels/{opened.json()['id']}/join")
    assert joined.status_code == 200, joined.text
    duel_id: str = opened.json()["id"]
    return duel_id


def seat_game(client: TestClient, duel_id: str, player: TestClient) -> Any:
    duels = duels_of(client)
    found = duels.read(duel_id)
    assert found is not None
    mine = get_duel(player, duel_id)["seat"]
    live = duels.live(found.seats[mine])
    assert live is not None
    return live


def play(client: TestClient, duel_id: str, *, actions: int = 60, strength: str = "casual") -> int:
    """The player plays their game of the duel as a computer player of ``strength`` would (at most ``actions``
    actions), then finishes it; their duel score."""
    live = seat_game(client, duel_id, client)
    player = Player(strength, seed=7)  # type: ignore[arg-type]
    for _ in range(actions):
        action = player.next_action(live.game.public_position())
        if action is None or live.over:
            break
        duel_act(client, duel_id, action)
    if not live.over:
        assert client.post(f"/api/duels/{duel_id}/finish").status_code == 200
    score: int = live.game.score
    return score


def weakest(client: TestClient, duel_id: str) -> int:
    """What the weakest computer player scores on the duel's deal, worked out in the work queue as it began."""
    for _ in range(200):
        found = duels_of(client).read(duel_id)
        if found is not None and found.weakest is not None:
            return found.weakest
        client.portal.call(asyncio.sleep, 0.05)
    raise AssertionError("the weakest computer player's score was not worked out within 10 s")


def rating(client: TestClient) -> float:
    value: float = client.get("/api/me").json()["rating"]
    return value


def test_a_duel_where_one_side_plays_two_actions_and_finishes_rates_nobody(
    make_client: Callable[..., TestClient],
) -> None:
    client = make_client(duel_min_moves=10, duel_apart_addresses=True)
    ann, bob = at(client, ANN, "Ann"), at(client, BOB, "Bob")
    duel_id = duel(ann, bob)
    duel_act(bob, duel_id, "d")
    duel_act(bob, duel_id, "d")
    assert bob.post(f"/api/duels/{duel_id}/finish").status_code == 200  # -2: Ann only has to play
    play(ann, duel_id)
    over = get_duel(ann, duel_id)
    assert over["state"] == "over" and over["result"]["rating_changes"] == [0.0, 0.0]
    assert over["rating_note"] == NO_ATTEMPT and get_duel(bob, duel_id)["rating_note"] == NO_ATTEMPT
    hebrew = bob.get(f"/api/duels/{duel_id}", headers={"Accept-Language": "he"}).json()["rating_note"]
    assert "לא ניסה באמת" in hebrew and "10" in hebrew
    assert rating(ann) == rating(bob) == 1500.0


def test_a_side_scoring_less_than_the_weakest_computer_on_the_deal_rates_nobody(
    make_client: Callable[..., TestClient],
) -> None:
    client = make_client(duel_min_moves=10, duel_apart_addresses=True)
    ann, bob = at(client, ANN, "Ann"), at(client, BOB, "Bob")
    duel_id = duel(ann, bob)
    bar = weakest(client, duel_id)
    live = seat_game(client, duel_id, bob)
    player = Player("beginner", seed=3)
    while live.game.moves < 12 and (action := player.next_action(live.game.public_position())) is not None:
        duel_act(bob, duel_id, action)  # a dozen moves, then stops: a feeder that plays a little
    assert bob.post(f"/api/duels/{duel_id}/finish").status_code == 200
    played = play(ann, duel_id)
    over = get_duel(ann, duel_id)
    fed = over["players"][get_duel(bob, duel_id)["seat"]]["score"]
    # on one suit the beginner scores 40 or more in five minutes: a dozen moves is far from it
    assert played > fed and fed < bar
    assert over["rating_note"] == NO_ATTEMPT and over["result"]["rating_changes"] == [0.0, 0.0]
    assert rating(ann) == rating(bob) == 1500.0


def test_two_accounts_from_one_address_do_not_rate_each_other(make_client: Callable[..., TestClient]) -> None:
    client = make_client(duel_min_moves=10, duel_apart_addresses=True)
    first, second = at(client, ANN, "Ann"), at(client, ANN, "Anne")
    duel_id = duel(first, second)
    play(second, duel_id, actions=15)
    play(first, duel_id)
    over = get_duel(first, duel_id)
    assert over["state"] == "over" and over["result"]["rating_changes"] == [0.0, 0.0]
    assert over["rating_note"] == SAME_ADDRESS and get_duel(second, duel_id)["rating_note"] == SAME_ADDRESS
    assert rating(first) == rating(second) == 1500.0


def test_an_honest_duel_between_two_addresses_still_rates(make_client: Callable[..., TestClient]) -> None:
    client = make_client(duel_min_moves=10, duel_apart_addresses=True)
    ann, bob = at(client, ANN, "Ann"), at(client, BOB, "Bob")
    duel_id = duel(ann, bob)
    bar = weakest(client, duel_id)
    scores = [play(bob, duel_id, actions=150), play(ann, duel_id, actions=200)]
    assert min(scores) >= bar
    over = get_duel(ann, duel_id)
    assert over["rating_note"] is None
    if scores[0] != scores[1]:  # the computer players think for a time: on a busy machine they may tie, and a draw
        # between equal ratings moves neither
        assert 0.0 not in over["result"]["rating_changes"]
        assert rating(ann) != 1500.0 and rating(bob) != 1500.0


def test_the_address_is_kept_as_a_keyed_hash_never_as_itself(make_client: Callable[..., TestClient]) -> None:
    client = make_client(duel_min_moves=10, duel_apart_addresses=True)
    ann, bob = at(client, ANN, "Ann"), at(client, BOB, "Bob")
    duel(ann, bob)
    with duels_of(client).store.engine.connect() as connection:
        kept = connection.execute(select(addresses.c.address)).scalars().all()
    assert len(kept) == 2 and all(len(key) == 64 for key in kept)
    # neither the address nor its plain hash (which anyone could work out for every address): a keyed one
    plain = {hashlib.sha256(address.encode()).hexdigest() for address in (ANN, BOB)}
    assert not any(address in key for key in kept for address in (ANN, BOB)) and not plain & set(kept)


def arena_duel(client: TestClient, first: TestClient, second: TestClient) -> tuple[str, str]:
    opened = first.post("/api/arenas", json={"suits": 1, "minutes": 5, "length": 30})
    assert opened.status_code == 201, opened.text
    arena_id: str = opened.json()["arena"]["id"]
    for player in (first, second):
        assert player.post(f"/api/arenas/{arena_id}/join").status_code == 200
    client.portal.call(parts_of(client.app)[Arenas].tick)  # type: ignore[attr-defined]
    duel_id: str = first.get(f"/api/arenas/{arena_id}").json()["you"]["duel"]
    return arena_id, duel_id


def points(client: TestClient, arena_id: str) -> dict[str, int]:
    client.portal.call(parts_of(client.app)[Arenas].tick)  # type: ignore[attr-defined]
    standings = client.get(f"/api/arenas/{arena_id}").json()["standings"]
    return {entry["name"]: entry["points"] for entry in standings}


def test_arena_wins_between_two_accounts_of_one_address_score_no_points(
    make_client: Callable[..., TestClient],
) -> None:
    client = make_client(duel_min_moves=10, duel_apart_addresses=True)
    first, second = at(client, ANN, "Ann"), at(client, ANN, "Anne")
    arena_id, duel_id = arena_duel(client, first, second)
    play(second, duel_id, actions=15)
    play(first, duel_id)
    assert get_duel(first, duel_id)["result"]["outcomes"][0] in ("win", "loss")
    assert points(client, arena_id) == {name_of(first): 0, name_of(second): 0}


def test_an_arena_partner_who_resigns_at_once_feeds_no_points(make_client: Callable[..., TestClient]) -> None:
    client = make_client(duel_min_moves=10, duel_apart_addresses=True)
    ann, bob = at(client, ANN, "Ann"), at(client, BOB, "Bob")
    arena_id, duel_id = arena_duel(client, ann, bob)
    duel_act(bob, duel_id, "d")
    duel_act(bob, duel_id, "d")
    assert bob.post(f"/api/duels/{duel_id}/finish").status_code == 200
    play(ann, duel_id)
    assert get_duel(ann, duel_id)["rating_note"] == NO_ATTEMPT
    assert points(client, arena_id) == {"Ann": 0, "Bob": 0}

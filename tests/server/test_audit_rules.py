"""The helps each preset's product offers, as the API gives them: classic's products have neither hints nor
"no more moves" (seeds 000/002), and a game begun under classic gets neither; patience's has both."""

from __future__ import annotations

from typing import Any

from starlette.testclient import TestClient

from .conftest import act, new_game
from .player import choose, state_key
from .test_stuck import STUCK_CODE


def out_of_ideas(client: TestClient, **body: Any) -> dict[str, Any]:
    """The simple player's game of ``STUCK_CODE`` under ``body``'s preset, played until it has no idea left."""
    view = new_game(client, code=STUCK_CODE, **body)
    tried: set[tuple[str, str]] = set()
    for _ in range(300):
        action = choose(view, tried)
        if action is None:
            return view
        tried.add((state_key(view), action))
        view = act(client, view["id"], action)["view"]
    raise AssertionError("the simple player never ran out of ideas")


def test_the_presets_answer_says_classic_offers_neither_help(client: TestClient) -> None:
    helps = client.get("/api/presets").json()["helps"]
    assert helps["classic"] == {"hints": False, "no_more_moves": False, "one_tap": False}
    assert helps["patience"] == {"hints": True, "no_more_moves": True, "one_tap": True}  # a tap sends cards


def test_a_classic_game_never_says_no_more_moves_where_a_patience_game_does(client: TestClient) -> None:
    patience = out_of_ideas(client, preset="patience")
    assert patience["stuck"] is True
    classic = out_of_ideas(client, preset="classic")
    assert classic["columns"] == patience["columns"] and classic["stock"] == patience["stock"]  # the same table
    assert classic["stuck"] is False
    asked = client.get(f"/api/games/{classic['id']}?no_more_moves=1").json()
    assert asked["stuck"] is False and asked["stuck_pending"] is False  # asking by name does not turn it on
    refused = client.get(f"/api/games/{classic['id']}/hint")
    assert refused.status_code == 409 and "classic" in refused.json()["error"]


def test_rules_of_ones_own_keep_every_help(client: TestClient) -> None:
    own = out_of_ideas(client)  # what the page sends: rules, not a preset's name
    assert own["stuck"] is True
    assert client.get(f"/api/games/{own['id']}/hint").status_code == 200


def test_a_new_game_under_a_preset_keeps_the_codes_group_letter(client: TestClient) -> None:
    view = new_game(client, code="SP1-S2R-AAAAAAB", preset="casual")
    assert view["rules"]["group"] == "relaxed" and view["rules"]["deal"] == "any"
    assert view["code"].startswith("SP1-S2R-AAAAAAB")  # a typed code shows at once, with its own letter


def test_the_view_says_whether_the_deal_was_typed_and_whether_the_game_counts(client: TestClient) -> None:
    typed = new_game(client, code="SP1-S1C-AAAAAAD")
    assert typed["typed"] is True and typed["counts"] is True  # a typed code's game counts (apart, site-wide)
    dealt = new_game(client, suits=1)
    assert dealt["typed"] is False and dealt["counts"] is True
    exercise = client.get("/api/practice").json()["exercises"][0]["id"]
    practising = client.post(f"/api/practice/{exercise}").json()
    assert practising["counts"] is False  # a practice position is in no results: leaving it loses nothing

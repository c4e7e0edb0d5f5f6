"""A game begun under a preset has that preset's helps: no hints where its product offers none (issue #35)."""

from __future__ import annotations

import pytest
from starlette.testclient import TestClient

from .conftest import new_game


@pytest.mark.parametrize("preset", ["classic", "tabletop", "duel"])
def test_no_hint_under_a_preset_that_offers_none(client: TestClient, preset: str) -> None:
    view = new_game(client, suits=1, preset=preset)
    refused = client.get(f"/api/games/{view['id']}/hint")
    assert refused.status_code == 409
    assert refused.json()["message_id"] == "server.no_hints" and preset in refused.json()["error"]
    # nor through a way round: a restart, or a link to the deal (even one's own)
    again = client.post(f"/api/games/{view['id']}/restart").json()
    assert client.get(f"/api/games/{again['id']}/hint").json()["message_id"] == "server.no_hints"
    token = client.post(f"/api/games/{again['id']}/share").json()["share"]
    friend = TestClient(client.app)
    opened = new_game(friend, share=token)
    assert friend.get(f"/api/games/{opened['id']}/hint").json()["message_id"] == "server.no_hints"


@pytest.mark.parametrize("preset", ["casual", "patience", None])
def test_hints_under_a_preset_that_offers_them_and_under_rules_of_ones_own(
    client: TestClient, preset: str | None
) -> None:
    view = new_game(client, suits=1, **({} if preset is None else {"preset": preset}))
    hint = client.get(f"/api/games/{view['id']}/hint")
    assert hint.status_code == 200 and hint.json()["text"]


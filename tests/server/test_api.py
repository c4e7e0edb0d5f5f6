"""Every endpoint of the web API, driven as the page drives it.

Expected values come from elsewhere than the code under test: the deal's cards pinned in
tests/engine/data/codes.txt and its legal moves in positions.txt, and the table rules as SPEC 1.9 names them.
"""

from __future__ import annotations

from starlette.testclient import TestClient

from spider.server.http.identity import PLAYER_COOKIE

from .conftest import act, new_game

CODE = "SP1-S1C-AAAAAAD"
OPENING = ["2s", "6s", "Qs", "9s", "9s", "As", "4s", "3s", "8s", "5s"]  # each column's last card (codes.txt)
CLASSIC = {
    "group": "classic", "layout": "standard", "flip": "auto", "deal": "filled", "undo": 100, "undo_past": "all",
    "scoring": "standard",
}


def test_a_new_game_shows_the_opening_of_its_deal(client: TestClient) -> None:
    view = new_game(client, code=CODE)
    assert view["code"] == CODE and view["suits"] == 1
    assert view["rules"] == CLASSIC
    assert [column["down"] for column in view["columns"]] == [5, 5, 5, 5, 4, 4, 4, 4, 4, 4]
    assert [column["up"] for column in view["columns"]] == [[card] for card in OPENING]
    assert view["stock"] == {"cards": 50, "deals_left": 5}
    assert (view["score"], view["moves"], view["runs"]) == (500, 0, [])
    assert view["won"] is False and view["over"] is False and view["stuck"] is False
    assert view["can_undo"] is False and view["can_redo"] is False
    assert view["deal_possible"] is True and view["deal_refusal"] is None
    assert view["last_move"] is None and view["flips"] == []
    assert view["text"].startswith("Stock: 50 cards, 5 deals left")
    assert view["verified"] is False and view["seconds"] == 0
    assert view["started_at"].endswith("Z")


def test_groups_carry_their_targets_best_target_and_refusal(client: TestClient) -> None:
    view = new_game(client, code=CODE)
    # the opening's legal moves (positions.txt): 10>2 1>8 6>1 7>10 8>7 9>4 9>5 d; 9s and 9s tie for the 8s,
    # both spades with no run under them: the leftmost is best
    targets = {1: [8], 6: [1], 7: [10], 8: [7], 9: [4, 5], 10: [2]}
    refusals = {
        2: "A 6 goes only on a 7.", 3: "A queen goes only on a king.", 4: "A 9 goes only on a 10.",
        5: "A 9 goes only on a 10.",
    }
    assert view["groups"] == [
        {
            "column": column, "count": 1, "targets": targets.get(column, []),
            "best": targets[column][0] if column in targets else None, "refusal": refusals.get(column),
        }
        for column in range(1, 11)
    ]
    assert view["unmovable"] == []


def test_random_games_follow_the_request(client: TestClient) -> None:
    view = new_game(client, suits=4, preset="casual")
    assert view["suits"] == 4 and view["code"] is None  # the code of a dealt game waits for its end
    assert client.post(f"/api/games/{view['id']}/resign").json()["code"].startswith("SP1-S4C-")
    assert view["rules"] == {**CLASSIC, "deal": "any", "undo": None}
    view = new_game(client, suits=2, rules={"group": "relaxed", "undo": None})
    assert client.post(f"/api/games/{view['id']}/resign").json()["code"].startswith("SP1-S2R-")
    assert view["rules"]["group"] == "relaxed" and view["rules"]["undo"] is None
    assert view["rules"]["scoring"] == "standard"
    view = new_game(client, preset="tabletop")
    assert view["suits"] == 1 and [c["down"] for c in view["columns"]] == [4] * 10
    assert view["stock"] == {"cards": 54, "deals_left": 6}


def test_an_action_answers_with_the_view_and_the_events(client: TestClient) -> None:
    game_id = new_game(client, code=CODE)["id"]
    answer = act(client, game_id, "d")
    assert answer["events"][0]["type"] == "dealt" and len(answer["events"][0]["cards"]) == 10
    view = answer["view"]
    assert view["stock"] == {"cards": 40, "deals_left": 4}
    assert (view["moves"], view["score"], view["can_undo"]) == (1, 499, True)
    assert view["last_move"] is None


def test_a_move_is_the_last_move_until_undone_and_back_after_redo(client: TestClient) -> None:
    view = new_game(client, code=CODE)
    group = next(g for g in view["groups"] if g["best"] is not None)
    move = {"source": group["column"], "target": group["best"], "count": group["count"]}
    answer = act(client, view["id"], f"{move['source']}>{move['target']}")
    assert answer["events"][0] == {
        "type": "moved",
        **move,
        "cards": view["columns"][move["source"] - 1]["up"][-move["count"] :],
    }
    assert answer["view"]["last_move"] == move
    undone = act(client, view["id"], "u")
    assert undone["events"] == [{"type": "undone", "action": f"{move['source']}>{move['target']}"}]
    assert undone["view"]["last_move"] is None and undone["view"]["can_redo"] is True
    assert undone["view"]["columns"] == view["columns"]
    redone = act(client, view["id"], "r")
    assert redone["events"][0]["type"] == "redone"
    assert redone["view"]["last_move"] == move and redone["view"]["columns"] == answer["view"]["columns"]


def test_get_game_and_current_game(client: TestClient) -> None:
    first = new_game(client, code=CODE)
    assert client.get(f"/api/games/{first['id']}").json()["id"] == first["id"]
    assert client.get("/api/games/current").json()["id"] == first["id"]
    second = new_game(client, suits=2)
    assert client.get("/api/games/current").json()["id"] == second["id"]


def test_no_current_game_for_a_new_player(client: TestClient) -> None:
    response = client.get("/api/games/current")
    assert response.status_code == 404
    assert response.json() == {"error": "There is no game in progress.", "message_id": "server.no_current_game"}


def test_restart_deals_the_same_cards_as_a_new_game(client: TestClient) -> None:
    view = new_game(client, code=CODE, preset="casual")
    act(client, view["id"], "d")
    response = client.post(f"/api/games/{view['id']}/restart")
    assert response.status_code == 201
    restarted = response.json()
    assert restarted["id"] != view["id"]
    assert restarted["code"] == view["code"] and restarted["rules"] == view["rules"]
    assert restarted["columns"] == view["columns"] and restarted["moves"] == 0
    assert client.get("/api/games/current").json()["id"] == restarted["id"]
    old = client.get(f"/api/games/{view['id']}").json()
    assert old["over"] is True and old["result"] == "abandoned"


def test_resign_ends_the_game_and_refuses_further_actions(client: TestClient) -> None:
    game_id = new_game(client, code=CODE)["id"]
    act(client, game_id, "d")
    response = client.post(f"/api/games/{game_id}/resign")
    assert response.status_code == 200
    assert response.json()["over"] is True and response.json()["result"] == "resigned"
    refused = client.post(f"/api/games/{game_id}/actions", json={"action": "u"})
    assert refused.status_code == 409
    assert refused.json() == {"error": "This game is over.", "message_id": "server.game_over"}
    assert client.get("/api/games/current").status_code == 404


def test_hint_suggests_a_legal_move_from_the_table(client: TestClient) -> None:
    view = new_game(client, code=CODE)
    hint = client.get(f"/api/games/{view['id']}/hint").json()
    assert set(hint) == {
        "action", "column", "count", "target", "text", "message_id", "lead_id", "deal_possible", "index", "total"
    }
    assert hint["deal_possible"] is True and hint["text"]
    if hint["action"] is not None:
        fitting = {(g["column"], g["count"]): g["targets"] for g in view["groups"]}
        assert hint["target"] in fitting[(hint["column"], hint["count"])]
        act(client, view["id"], hint["action"])  # and the engine takes it


def test_a_hint_names_its_move_in_words(client: TestClient) -> None:
    view = new_game(client, code=CODE)
    hint = client.get(f"/api/games/{view['id']}/hint").json()
    assert hint["action"] is not None and hint["count"] == 1
    source, target = view["columns"][hint["column"] - 1]["up"], view["columns"][hint["target"] - 1]["up"]
    names = {"A": "ace", "T": "10", "J": "jack", "Q": "queen", "K": "king"}
    suits = {"s": "spades", "h": "hearts", "d": "diamonds", "c": "clubs"}

    def name(card: str) -> str:
        return f"{names.get(card[0], card[0])} of {suits[card[1]]}"

    assert hint["text"] == (
        f"Move the {name(source[-1])} from column {hint['column']} "
        f"onto the {name(target[-1])} in column {hint['target']}."
    )


def test_line_is_refused_while_the_game_runs_and_for_unverified_deals(client: TestClient) -> None:
    game_id = new_game(client, code=CODE)["id"]
    running = client.get(f"/api/games/{game_id}/line")
    assert running.status_code == 409 and running.json()["message_id"] == "server.line_not_over"
    client.post(f"/api/games/{game_id}/resign")
    unverified = client.get(f"/api/games/{game_id}/line")
    assert unverified.status_code == 404 and unverified.json()["message_id"] == "server.line_not_verified"


def test_presets_name_every_preset(client: TestClient) -> None:
    presets = client.get("/api/presets").json()
    assert presets["default"] == "classic"
    assert presets["presets"]["duel"] == {
        **CLASSIC, "flip": "manual", "deal": "any", "undo_past": "no-reveal", "scoring": "duel",
    }
    assert presets["choices"] == {  # SPEC 1.3-1.5, the default first
        "group": ["classic", "relaxed"], "layout": ["standard", "tabletop"], "flip": ["auto", "manual"],
        "deal": ["filled", "any"], "undo": [100, 400, None, 0], "undo_past": ["all", "no-reveal"],
        "scoring": ["standard", "reveal", "duel"],
    }
    assert set(presets["presets"]) == set(presets["helps"]) == {"classic", "casual", "patience", "duel", "tabletop"}
    assert presets["presets"]["patience"]["undo"] == 400 and presets["presets"]["patience"]["scoring"] == "reveal"
    # each preset is a seed product's, with the helpers that product offers (SPEC 1.9)
    assert presets["helps"]["classic"]["hints"] is False
    assert presets["helps"]["casual"] == {"hints": True, "no_more_moves": True, "one_tap": False}
    assert presets["helps"]["patience"] == {"hints": True, "no_more_moves": True, "one_tap": True}


def test_presets_give_the_page_the_games_constants(client: TestClient) -> None:
    # SPEC 1.1: 1, 2 or 4 suits, ten columns, eight runs; the duel lobby's time limits and computer players
    constants = client.get("/api/presets").json()["constants"]
    ratings = constants.pop("strength_ratings")
    assert constants == {
        "suit_counts": [1, 2, 4], "columns": 10, "runs_to_win": 8, "duel_minutes": [3, 5, 10, 15],
        "strengths": ["beginner", "casual", "expert", "master"], "name_length": 24, "heartbeat_ms": 15000,
    }
    # each computer player's rating from the ladder of the strengths: the stronger, the higher
    assert list(ratings) == constants["strengths"]
    assert list(ratings.values()) == sorted(ratings.values()) and len(set(ratings.values())) == 4


def test_the_constants_are_those_the_server_holds_to(client: TestClient) -> None:
    constants = client.get("/api/presets").json()["constants"]
    for suits in constants["suit_counts"]:
        assert len(new_game(client, suits=suits)["columns"]) == constants["columns"]
    longest = "N" * constants["name_length"]
    assert client.put("/api/me", json={"name": longest}).status_code == 200
    assert client.put("/api/me", json={"name": longest + "N"}).status_code == 422
    computer = {"kind": "computer", "strength": constants["strengths"][0]}
    for minutes in constants["duel_minutes"]:
        table = {"suits": 1, "minutes": minutes, "opponent": computer}
        created = client.post("/api/duels", json=table)
        assert created.status_code == 201 and created.json()["minutes"] == minutes, created.text
        client.post(f"/api/duels/{created.json()['id']}/leave")


def test_the_first_answer_sets_the_player_cookie(client: TestClient) -> None:
    response = client.get("/api/stats")
    cookie = response.headers["set-cookie"]
    assert cookie.startswith(f"{PLAYER_COOKIE}=")
    assert "HttpOnly" in cookie and "SameSite=Lax" in cookie and "Path=/" in cookie
    assert "set-cookie" not in client.get("/api/stats").headers  # known from now on
    token = client.cookies[PLAYER_COOKIE]
    again = client.get("/")  # each visit to the page renews the same cookie
    assert again.status_code in (200, 404) and again.headers["set-cookie"].startswith(f"{PLAYER_COOKIE}={token};")


def test_api_answers_are_not_cached(client: TestClient) -> None:
    view = new_game(client, code=CODE)
    assert client.get(f"/api/games/{view['id']}").headers["cache-control"] == "no-store"


def test_no_more_moves_check_can_be_turned_off_per_request(client: TestClient) -> None:
    view = new_game(client, code=CODE)
    answer = client.get(f"/api/games/{view['id']}?no_more_moves=0")
    assert answer.status_code == 200 and answer.json()["stuck"] is False
    bad = client.get(f"/api/games/{view['id']}?no_more_moves=maybe")
    assert bad.status_code == 422 and "no_more_moves" in bad.json()["error"]


def test_a_code_with_table_rules_brings_its_rules(client: TestClient) -> None:
    tabletop = f"{CODE}-T"
    view = new_game(client, code=tabletop)
    assert view["code"] == tabletop and view["rules"]["layout"] == "tabletop"
    overridden = new_game(client, code=tabletop, rules={"undo": 400})
    assert overridden["rules"]["layout"] == "tabletop" and overridden["rules"]["undo"] == 400
    classic = new_game(client, code=tabletop, preset="classic")
    assert classic["rules"] == CLASSIC and classic["code"] == CODE

"""The API answers in the player's language: the one chosen on the page (a cookie), else the browser's."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from starlette.testclient import TestClient

from spider import Game
from spider.codes import parse_code
from spider.errors import SpiderError
from spider.text import message, speaking

from .conftest import new_game

CODE = "SP1-S1C-AAAAAAD"


def test_the_table_in_words_follows_the_browsers_language(client: TestClient) -> None:
    view = new_game(client, code=CODE)
    answer = client.get(f"/api/games/{view['id']}", headers={"Accept-Language": "fr-CA, pl;q=0.8, en;q=0.5"})
    assert answer.headers["content-language"] == "pl"
    lines = answer.json()["text"].splitlines()
    assert len(lines) == 11 and lines[:2] == [
        "Stos rezerwowy: 50 kart, zostało 5 rozdań; nie usunięto żadnego sekwensu.",
        "Kolumna 1: 5 zakrytych kart, potem 2 pik.",
    ]
    assert lines[-1] == "Kolumna 10: 4 zakryte karty, potem 5 pik."


def test_the_players_choice_beats_the_browsers_language(client: TestClient) -> None:
    view = new_game(client, code=CODE)
    client.cookies.set("spider_lang", "he")
    answer = client.get(f"/api/games/{view['id']}", headers={"Accept-Language": "nl"})
    assert answer.headers["content-language"] == "he"
    lines = answer.json()["text"].splitlines()
    assert lines[:2] == ["קופה: 50 קלפים, נותרו 5 חלוקות; לא הוסר שום רצף.", "עמודה 1: 5 קלפים מוסתרים, ואחר כך 2 עלה."]


@pytest.mark.parametrize("lang", ["nl", "pt", "he"])
def test_refusals_are_written_in_the_players_language(client: TestClient, lang: str) -> None:
    client.cookies.set("spider_lang", lang)
    bad_code = client.post("/api/games", json={"code": "SP1-S1C-AAAAAA!"})
    assert bad_code.status_code == 422
    assert bad_code.headers["content-language"] == lang
    assert bad_code.json()["error"] == engine_refusal(lambda: parse_code("SP1-S1C-AAAAAA!"), lang)
    view = new_game(client, code=CODE)
    illegal = client.post(f"/api/games/{view['id']}/actions", json={"action": "1>2"})
    assert illegal.status_code == 409
    assert illegal.json()["error"] == engine_refusal(lambda: Game.from_code(CODE).apply_text("1>2"), lang)
    missing = client.get("/api/games/nothing-here")
    assert missing.json()["error"] == message("server.no_such_game", lang)


@pytest.mark.parametrize(
    ("body", "english", "polish"),
    [
        ({"suits": 3}, "1, 2 or 4", "Pole 'suits' musi mieć postać: 1, 2 albo 4."),
        (
            {"preset": 7},
            "a text of 1 to 32 characters",
            "Pole 'preset' musi mieć postać: tekst o długości od 1 do 32 znaków.",
        ),
        ({"rules": "casual"}, "an object of table rules", "Pole 'rules' musi mieć postać: obiekt z zasadami gry."),
        (
            {"code": CODE, "suits": 2},
            "1, the suit count of the code",
            "Pole 'suits' musi mieć postać: 1, czyli liczba kolorów w kodzie.",
        ),
    ],
)
def test_what_a_field_must_be_is_written_in_the_players_language_too(
    client: TestClient, body: dict[str, object], english: str, polish: str
) -> None:
    assert english in client.post("/api/games", json=body).json()["error"]
    client.cookies.set("spider_lang", "pl")
    refused = client.post("/api/games", json=body)
    assert refused.status_code == 422 and refused.json()["message_id"] == "server.bad_field"
    assert refused.json()["error"] == polish
    assert english not in refused.json()["error"]


@pytest.mark.parametrize(
    ("lang", "reason"),
    [
        ("pl", "w wierszu 2, na pozycji 11 pojawia się coś nieoczekiwanego"),
        ("pt", "há algo inesperado na linha 2, posição 11"),
        ("nl", "er staat iets onverwachts op regel 2, teken 11"),
        ("he", "יש בו משהו לא צפוי בשורה 2, בתו 11"),
    ],
)
def test_why_a_body_is_not_json_is_written_in_the_players_language(
    client: TestClient, lang: str, reason: str
) -> None:
    client.cookies.set("spider_lang", lang)
    refused = client.post(
        "/api/games", content=b'{"suits": 2,\n "preset" "classic"}', headers={"content-type": "application/json"}
    )
    assert refused.status_code == 400 and refused.json()["message_id"] == "server.body_not_json"
    assert refused.json()["error"] == message("server.body_not_json", lang, reason=reason)
    assert reason in refused.json()["error"]


def test_a_dutch_caller_reads_what_a_query_or_an_empty_body_takes_in_dutch(client: TestClient) -> None:
    view = new_game(client, code=CODE)
    client.cookies.set("spider_lang", "nl")
    query = client.get(f"/api/games/{view['id']}", params={"no_more_moves": "maybe"}).json()["error"]
    assert query == "Ongeldige waarde voor de queryparameter 'no_more_moves'; verwacht: 1 of 0."
    field = client.post(f"/api/games/{view['id']}/restart", json={"keep": True}).json()["error"]
    assert field == "Onbekend veld 'keep'; verwacht: geen velden."


def test_a_language_we_do_not_have_gets_english(client: TestClient) -> None:
    client.cookies.set("spider_lang", "xx")
    answer = client.get("/api/games/nothing-here", headers={"Accept-Language": "de-DE, fr"})
    assert answer.headers["content-language"] == "en"
    assert answer.json()["error"] == message("server.no_such_game", "en")


def test_one_players_language_never_leaks_into_anothers_answers(client: TestClient) -> None:
    view = new_game(client, code=CODE)
    polish = client.get(f"/api/games/{view['id']}", headers={"Accept-Language": "pl"}).json()["text"]
    english = client.get(f"/api/games/{view['id']}", headers={"Accept-Language": "en"}).json()["text"]
    assert polish.startswith("Stos rezerwowy: 50 kart")
    assert english.splitlines()[:2] == [
        "Stock: 50 cards, 5 deals left; no run removed.",
        "Column 1: 5 face-down cards, then 2 of spades.",
    ]


def engine_refusal(attempt: Callable[[], object], lang: str) -> str:
    """The engine's refusal of ``attempt``, written in ``lang``; it must differ from the English one."""
    with pytest.raises(SpiderError) as refused:
        attempt()
    with speaking(lang):
        text = str(refused.value)
    assert text != str(refused.value)
    return text


def test_a_hint_worked_out_in_a_solver_process_is_worded_in_the_players_language(
    make_client: Callable[..., TestClient],
) -> None:
    client = make_client(solver_workers=1)  # the search runs in another process, which has no request
    view = new_game(client, code=CODE)
    english = client.get(f"/api/games/{view['id']}/hint").json()
    client.cookies.set("spider_lang", "pl")
    polish = client.get(f"/api/games/{view['id']}/hint").json()
    assert polish["action"] == english["action"] and polish["message_id"] == english["message_id"]
    assert polish["text"] != english["text"] and polish["text"].startswith("Przenieś")

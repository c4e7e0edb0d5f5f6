"""The ``spider`` command: replay and new, as another program drives them."""

from __future__ import annotations

import json
import re

import pytest

from spider.cli import main


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    status = main(list(args))
    out, err = capsys.readouterr()
    return status, out, err


def test_replay_prints_one_json_object_with_the_public_state(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "replay", "--code", "SP1-S1C-AAAAAAD", "--moves", "1>8 9>4 u r d", "--json")
    state = json.loads(out)
    assert status == 0
    assert state["code"] == "SP1-S1C-AAAAAAD"
    assert state["rules"] == {
        "group": "classic", "layout": "standard", "flip": "auto", "deal": "filled",
        "undo": 100, "undo_past": "all", "scoring": "standard", "suits": 1,
    }
    assert len(state["columns"]) == 10 and state["stock"] == []
    assert state["columns"][5][:4] == ["??"] * 4
    assert state["moves"] == 3 and state["score"] == 497 and state["deals_left"] == 4
    assert state["won"] is False and state["deal_possible"] is True
    assert "d" in state["legal"] and len(state["legal"]) == len(set(state["legal"]))
    assert "?" not in json.dumps(state["legal"])
    assert state["text"].startswith("Stock: 40 cards, 4 deals left")
    assert not re.search(r"[A2-9TJQK][shdc]\|", state["position"].split()[1])  # public form


def test_reveal_shows_the_face_down_cards_and_the_stock(capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = run(capsys, "replay", "--code", "SP1-S1C-AAAAAAD", "--json", "--reveal")
    state = json.loads(out)
    assert state["columns"][0][:5] == ["~8s", "~As", "~Ts", "~As", "~Ks"]
    assert len(state["stock"]) == 50 and state["stock"][:2] == ["2s", "8s"]


def test_legal_lists_group_sizes_into_an_empty_column(capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = run(capsys, "replay", "--code", "SP1-S1C-AAAAAAD-M", "--json")
    state = json.loads(out)
    assert "f1" not in state["legal"]  # every column shows a face-up card at the start


def test_an_illegal_action_stops_with_status_2_naming_it(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(capsys, "replay", "--code", "SP1-S1C-AAAAAAD", "--moves", "1>8 2>3", "--json")
    assert status == 2 and out == ""
    assert err.count("\n") == 1
    assert "Action 2>3 (number 2 of 2) cannot be played: A 6 goes only on a 7" in err


def test_a_malformed_action_and_a_bad_code_are_named(capsys: pytest.CaptureFixture[str]) -> None:
    status, _, err = run(capsys, "replay", "--code", "SP1-S1C-AAAAAAD", "--moves", "d x9")
    assert status == 2 and "Action x9 (number 2 of 2) cannot be played" in err
    status, _, err = run(capsys, "replay", "--code", "SP1-S5C-AAAAAAD")
    assert status == 2 and "'S5C'" in err


def test_the_preset_replaces_the_codes_table_rules(capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = run(capsys, "replay", "--code", "SP1-S4C-ABCDEFG", "--preset", "duel", "--json")
    state = json.loads(out)
    assert state["rules"]["flip"] == "manual" and state["code"] == "SP1-S4C-ABCDEFG-MAND"
    assert state["score"] == 0


def test_new_prints_a_fresh_code_for_the_suit_count(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "new", "--suits", "2", "--preset", "tabletop")
    assert status == 0 and re.fullmatch(r"SP1-S2C-[A-Z]{14}-T\n", out)


def test_replay_and_hint_speak_the_language_asked_for(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "replay", "--code", "SP1-S1C-AAAAAAD", "--lang", "pl")
    assert status == 0
    assert out.splitlines()[0] == "SP1-S1C-AAAAAAD  wynik 500  ruchy 0"
    lines = out.splitlines()[1:]
    assert len(lines) == 11 and lines[:2] == [
        "Stos rezerwowy: 50 kart, zostało 5 rozdań; nie usunięto żadnego sekwensu.",
        "Kolumna 1: 5 zakrytych kart, potem 2 pik.",
    ]
    assert lines[-1] == "Kolumna 10: 4 zakryte karty, potem 5 pik."
    status, out, _ = run(capsys, "hint", "SP1-S1C-AAAAAAD", "--lang", "pt", "--json")
    assert status == 0
    assert json.loads(out)["message"] == "Ponha o 2 de espadas da pilha 1 sobre o 3 de espadas da pilha 8."
    status, _, err = run(capsys, "replay", "--code", "SP1-S1C-AAAAAAD", "--moves", "1>2", "--lang", "nl")
    assert status == 2 and err.startswith("spider: Actie 1>2 (nummer 1 van 1) kan niet worden gespeeld: ")


def test_the_language_defaults_to_the_environments(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LC_CTYPE", "C.UTF-8")  # as Python sets it where LANG's locale is not installed
    monkeypatch.setenv("LANG", "he_IL.UTF-8")
    _, out, _ = run(capsys, "replay", "--code", "SP1-S1C-AAAAAAD")
    assert out.splitlines()[1] == "קופה: 50 קלפים, נותרו 5 חלוקות; לא הוסר שום רצף."
    monkeypatch.setenv("LANG", "fr_FR.UTF-8")  # not one of ours: English
    _, out, _ = run(capsys, "replay", "--code", "SP1-S1C-AAAAAAD")
    assert out.splitlines()[1].startswith("Stock: 50 cards")


def test_a_language_we_do_not_have_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_:
        main(["replay", "--code", "SP1-S1C-AAAAAAD", "--lang", "de"])
    assert exit_.value.code == 2
    assert "--lang: invalid choice: 'de'" in capsys.readouterr().err

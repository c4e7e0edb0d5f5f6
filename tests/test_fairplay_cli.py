"""``spider fairplay CODE --moves "..." [--json]``: the measure's answer, and clear refusals of bad input."""

from __future__ import annotations

import json

import pytest

from spider.cli import main


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    status = main(list(args))
    out, err = capsys.readouterr()
    return status, out, err


def test_the_json_answer_says_flagged_score_and_evidence(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "fairplay", "SP1-S1C-AAAAAAD", "--moves", "1>8 d", "--json")
    found = json.loads(out)
    assert status == 0
    assert found["code"] == "SP1-S1C-AAAAAAD" and found["flagged"] is False
    assert isinstance(found["score"], float) and isinstance(found["evidence"], list)
    assert found["decisions"] == 2 and found["threshold"] == pytest.approx(4.605, abs=0.001)
    for item in found["evidence"]:
        assert {"at", "played", "sighted", "weight", "turned", "dealt", "moved_on", "text"} <= item.keys()


def test_the_text_answer_names_the_game_and_its_score(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "fairplay", "SP1-S1C-AAAAAAD", "--moves", "1>8")
    assert status == 0 and out.startswith("SP1-S1C-AAAAAAD: not flagged; clairvoyance score ")


def test_a_bad_code_is_refused_naming_it(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(capsys, "fairplay", "SP1-S9C-AAAA", "--moves", "1>8")
    assert status == 2 and not out
    assert "Game code 'SP1-S9C-AAAA'" in err and "suit count 1, 2 or 4" in err


def test_an_illegal_move_is_refused_naming_the_action_its_place_and_the_rule(
    capsys: pytest.CaptureFixture[str],
) -> None:
    status, out, err = run(capsys, "fairplay", "SP1-S1C-AAAAAAD", "--moves", "1>8 3>7 d")
    assert status == 2 and not out
    assert "Action 3>7 (number 2 of 3) cannot be played: A queen goes only on a king." in err


def test_unreadable_notation_is_refused_naming_it(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(capsys, "fairplay", "SP1-S1C-AAAAAAD", "--moves", "1>8 x9")
    assert status == 2 and not out
    assert "Action x9 (number 2 of 2) cannot be played" in err

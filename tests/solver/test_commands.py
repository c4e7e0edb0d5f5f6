"""The solver's commands: spider solve, spider hint and spider verify."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from spider import Game
from spider.cli import main
from spider.solver.pool import Pool


def test_solve_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["solve", "SP1-S1C-AAAAAAD", "--json", "--seconds", "30"]) == 0
    answer = json.loads(capsys.readouterr().out)
    assert set(answer) >= {"code", "verdict", "line", "nodes", "seconds"}
    assert answer["code"] == "SP1-S1C-AAAAAAD" and answer["verdict"] == "win"
    game = Game.from_code(answer["code"])
    for action in answer["line"]:
        game.apply_text(action)
    assert game.won


def test_solve_text_under_a_preset(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["solve", "SP1-S1C-AAAAAAE", "--preset", "tabletop", "--seconds", "30"]) == 0
    first, line = capsys.readouterr().out.splitlines()
    assert ": win (" in first
    game = Game.from_code(first.split(":")[0])
    assert game.rules.layout == "tabletop"
    for action in line.split():
        game.play(action)
    assert game.won


def test_hint_after_moves(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["hint", "SP1-S2C-AAAAAAD", "--moves", "d", "--json"]) == 0
    answer = json.loads(capsys.readouterr().out)
    game = Game.from_code("SP1-S2C-AAAAAAD")
    game.play("d")
    assert answer["action"] in {str(action) for action in game.legal_actions()}


def test_a_bad_code_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["solve", "SP1-S3C-AAAAAAD"]) == 2
    assert "SP1-S3C-AAAAAAD" in capsys.readouterr().err


def test_verify_fills_the_pool(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    database = tmp_path / "pool.sqlite"
    arguments = ["verify", "--suits", "1", "--count", "2", "--workers", "2", "--database", str(database)]
    assert main([*arguments, "--seconds", "30"]) == 0
    pool = Pool(database)
    assert pool.count(1) == 2
    taken = pool.take(1)
    assert taken is not None
    code, line = taken
    game = Game.from_code(code)
    for action in line:
        game.play(action)
    assert game.won
    assert "Added 2" in capsys.readouterr().out

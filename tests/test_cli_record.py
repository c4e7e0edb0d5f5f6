"""``spider record`` writes a record (a code and its actions, the game ``spider play`` kept, a stored game) and
reads one back; ``spider replay --record`` plays it on the table."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from spider import Game
from spider.cli import main
from spider.record import read_record, read_records
from spider.terminal.kept import KeptGame, keep

RECORDS = Path(__file__).parent / "data" / "records"


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    status = main(list(args))
    out, err = capsys.readouterr()
    return status, out, err


def test_a_code_and_its_moves_make_a_record_that_reads_back(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    status, out, _ = run(capsys, "record", "--code", "SP1-S1C-AAAAAAD", "--moves", "1>8 d u r")
    assert status == 0 and read_record(out).actions == ["1>8", "d", "u", "r"]
    path = tmp_path / "game.txt"
    assert run(capsys, "record", "--code", "SP1-S1C-AAAAAAD", "--moves", "d", "--out", str(path))[0] == 0
    status, out, _ = run(capsys, "record", "--read", str(path))
    assert status == 0 and out == f"{path}: a game record of SP1-S1C-AAAAAAD that plays to its end.\n"


def test_an_illegal_move_or_a_bad_line_is_refused_with_its_reason(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    status, _, err = run(capsys, "record", "--code", "SP1-S1C-AAAAAAD", "--moves", "1>2")
    assert status == 2 and "A 2 goes only on a 3." in err
    path = tmp_path / "bad.txt"
    path.write_text("Spider game record 1\nCode: SP1-S1C-AAAAAAD\n\n1. d\n3. d\n", encoding="utf-8")
    status, _, err = run(capsys, "record", "--read", str(path), "--lang", "pt")
    assert status == 2 and err.startswith("spider: Linha 5: jogada número 3")


def test_the_terminals_kept_game_makes_a_record(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    game = Game.from_code("SP1-S2C-AAAAAAB")
    game.play("d")
    keep(tmp_path / "kept.json", KeptGame.of(game, ["d"], 75.4))
    status, out, _ = run(capsys, "record", "--kept", str(tmp_path / "kept.json"))
    record = read_record(out)
    assert status == 0 and record.code == "SP1-S2C-AAAAAAB" and record.actions == ["d"] and record.seconds == 75


@pytest.mark.filterwarnings("ignore:Using `httpx` with `starlette.testclient`")  # as tests/server/conftest.py
def test_a_stored_game_makes_a_record_once_over(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    from starlette.testclient import TestClient

    from spider.server.app import create_app
    from spider.server.settings import Settings

    database = tmp_path / "games.sqlite"
    with TestClient(create_app(Settings(database=str(database)))) as client:
        view = client.post("/api/games", json={"suits": 1}).json()
        client.post(f"/api/games/{view['id']}/actions", json={"action": "d"})
        status, _, err = run(capsys, "record", "--game", view["id"], "--database", str(database))
        assert status == 2 and err == f"spider: Game {view['id']} is not over: its record is written once it ends.\n"
        client.post(f"/api/games/{view['id']}/resign")
    status, out, _ = run(capsys, "record", "--game", view["id"], "--database", str(database))
    record = read_record(out)
    assert status == 0 and record.actions == ["d"] and record.result == "resigned"
    status, _, err = run(capsys, "record", "--game", "nosuchgame", "--database", str(database))
    assert status == 2 and "No such game." in err


def test_no_id_the_server_gives_reads_as_an_option_on_the_command_line() -> None:
    # one URL-safe token in 64 begins with "-", which ``spider record --game ID`` would take for an option
    from spider.server.http.ids import new_token, token_shaped

    tokens = [new_token() for _ in range(2000)]
    assert all(token_shaped(token) and not token.startswith("-") for token in tokens)


def test_replay_plays_a_record_up_to_a_move(capsys: pytest.CaptureFixture[str]) -> None:
    path = RECORDS / "won-1-suit.txt"
    status, out, _ = run(capsys, "replay", "--record", str(path), "--move", "8")
    lines = out.splitlines()
    assert (
        status == 0
        and lines[0] == "The game of Ana:"
        and lines[8] == "8. d [0:25] ; the first deal, with every column filled"
    )
    assert "Stock: 40 cards, 4 deals left" in out
    status, out, _ = run(capsys, "replay", "--record", str(path), "--json")
    assert status == 0 and json.loads(out)["won"] is True


def test_replay_of_a_duels_record_plays_both_games(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "replay", "--record", str(RECORDS / "duel-4-suits.txt"), "--json")
    first, second = (json.loads(line) for line in out.splitlines())
    games = read_records((RECORDS / "duel-4-suits.txt").read_text(encoding="utf-8"))
    assert status == 0 and (first["moves"], second["moves"]) == (games[0].moves, games[1].moves)
    assert second["deals_left"] == 4


def test_replay_needs_a_code_or_a_record(capsys: pytest.CaptureFixture[str]) -> None:
    status, _, err = run(capsys, "replay")
    assert status == 2 and "--code" in err and "--record" in err

"""The solver's commands: spider solve, spider hint and spider verify."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from sqlalchemy import select

from spider import Game
from spider.cli import main
from spider.server.solving.deal_pool import Pool
from spider.server.solving.tables import verified_deals

# long enough for a loaded machine; a run that hangs fails here rather than holding up the suite
VERIFY_TIMEOUT = 180


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
    # the API's hint (GET /api/games/{id}/hint) and the command's are one JSON, the sentence also as "message"
    assert set(answer) == {
        "action", "column", "count", "target", "text", "message_id", "lead_id", "deal_possible", "index", "total",
        "message",
    }
    assert answer["text"] == answer["message"]


def test_a_bad_code_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["solve", "SP1-S3C-AAAAAAD"]) == 2
    assert "SP1-S3C-AAAAAAD" in capsys.readouterr().err


@pytest.fixture
def verify() -> Iterator[Callable[[str, int], subprocess.Popen[str]]]:
    """Starts ``spider verify`` runs on easy deals (one suit, a worker each: the machine has two cores);
    a run still going at the end of the test is ended, workers and all."""
    started: list[subprocess.Popen[str]] = []

    def start(database: str, count: int) -> subprocess.Popen[str]:
        arguments = ["verify", "--suits", "1", "--count", str(count), "--workers", "1", "--seconds", "30"]
        run = subprocess.Popen(
            [sys.executable, "-m", "spider.cli", *arguments, "--database", database],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            start_new_session=True,  # a group of its own, to end with its workers
        )
        started.append(run)
        return run

    yield start
    for run in started:
        if run.poll() is None:
            os.killpg(run.pid, signal.SIGKILL)
            run.communicate()


def finished(run: subprocess.Popen[str]) -> str:
    """What a ``spider verify`` run printed, once it has ended by itself."""
    try:
        out, err = run.communicate(timeout=VERIFY_TIMEOUT)
    except subprocess.TimeoutExpired:
        raise AssertionError(f"spider verify did not end within {VERIFY_TIMEOUT} s") from None
    assert run.returncode == 0, err
    return out


def stored_deals(database: str) -> list[tuple[str, list[str]]]:
    """Every row of the pool, with its winning line; each of them wins when replayed."""
    pool = Pool(database)
    try:
        with pool.engine.connect() as connection:
            rows = connection.execute(select(verified_deals.c.code, verified_deals.c.line)).all()
    finally:
        pool.close()
    deals = [(str(code), str(line).split()) for code, line in rows]
    for code, line in deals:
        game = Game.from_code(code)
        for action in line:
            game.play(action)
        assert game.won, code
    return deals


def test_verify_fills_the_pool(verify: Callable[[str, int], subprocess.Popen[str]], database_url: str) -> None:
    out = finished(verify(database_url, 2))
    assert "Added 2 verified 1-suit deals" in out and "(2 in the pool)" in out
    assert len(stored_deals(database_url)) == 2


def test_two_verify_runs_at_once_fill_one_pool(
    verify: Callable[[str, int], subprocess.Popen[str]], database_url: str
) -> None:
    # both start on a database without the pool's table: one makes it, the other waits for it
    runs = [verify(database_url, 3), verify(database_url, 3)]
    outs = [finished(run) for run in runs]
    assert all("Added 3 verified 1-suit deals" in out for out in outs)
    codes = [code for code, _ in stored_deals(database_url)]
    assert len(codes) == 6 == len(set(codes)), "a deal counted by both runs, or stored twice"


def _children(pid: int) -> list[int]:
    """The live (not yet reaped) child processes of a process."""
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                state, parent = (entry / "stat").read_text().rsplit(")", 1)[1].split()[:2]
            except OSError:
                continue
            if int(parent) == pid and state != "Z":
                found.append(int(entry.name))
    return found


def _running(pid: int) -> bool:
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


@pytest.mark.skipif(not Path("/proc").is_dir(), reason="reads the processes from /proc")
def test_a_verify_run_killed_takes_its_workers_with_it(
    verify: Callable[[str, int], subprocess.Popen[str]], database_url: str
) -> None:
    run = verify(database_url, 1000)
    deadline = time.monotonic() + 60
    while not (workers := _children(run.pid)) and time.monotonic() < deadline:
        time.sleep(0.2)
    assert workers, "the run started no worker"
    os.kill(run.pid, signal.SIGKILL)  # not its group: the workers must notice by themselves
    run.wait()  # (not its output: a worker left running would hold the pipes open)
    deadline = time.monotonic() + 10
    while any(_running(pid) for pid in workers) and time.monotonic() < deadline:
        time.sleep(0.2)
    left = [pid for pid in workers if _running(pid)]
    for pid in left:
        os.kill(pid, signal.SIGKILL)
    run.communicate()  # every holder of its pipes has ended now
    assert not left, "workers of a killed verify run are still running"

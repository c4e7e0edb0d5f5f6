"""``spider serve`` stops when asked: SIGTERM to its process group (what systemd and most orchestrators
send, and so what reaches the solver's workers and the pool worker too), with a computer duel under way
and searches in flight, ends the server within 10 s every time; the duel's socket is closed with 1001
(going away, so the page reconnects), and the duel, its actions and its clock are found again by the
next server on the same database."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

import httpx
import pytest
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from spider.cards import SUIT_COUNTS
from spider.codes import GameCode
from spider.server.http.identity import PLAYER_COOKIE
from spider.server.solving.deal_pool import Pool

from .conftest import free_port, serving

STOP_SECONDS = 10.0
ROUNDS = 3


def start(database: Path) -> tuple[subprocess.Popen[bytes], str]:
    """A server in a process group of its own, with its solver workers and its pool worker."""
    port = free_port()
    env = {**os.environ, "SPIDER_POOL_TARGET": "1", "SPIDER_SOLVER_WORKERS": "1"}
    process = subprocess.Popen(
        [sys.executable, "-m", "spider.cli", "serve", "--port", str(port), "--database", str(database)],
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,
    )
    url = f"http://127.0.0.1:{port}"
    serving(process, url, 60)
    return process, url


def children_idle(pid: int) -> None:
    """Waits until the server's worker processes have started and wait for work: the pool worker (its
    pool is full) waits for the server's word to stop, as it does most of a server's life."""

    def cpu(child: str) -> int | None:
        try:
            fields = Path(f"/proc/{child}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            return None
        return int(fields[11]) + int(fields[12])

    last: dict[str, int | None] = {}
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        children = Path(f"/proc/{pid}/task/{pid}/children").read_text().split()
        now = {child: cpu(child) for child in children}
        if len(children) >= 3 and now == last:  # the resource tracker, the pool worker, the solver's workers
            return
        last = now
        time.sleep(1.0)
    raise AssertionError("the server's workers never went idle")


def hints_in_flight(url: str, cookie: str, game_id: str, stop: threading.Event) -> None:
    with httpx.Client(base_url=url, timeout=30, cookies={PLAYER_COOKIE: cookie}) as client:
        while not stop.is_set():
            try:
                client.get(f"/api/games/{game_id}/hint")
            except httpx.TransportError:
                return


@pytest.mark.skipif(not Path("/proc/self/task").exists(), reason="reads the server's workers from /proc")
def test_sigterm_to_the_process_group_stops_the_server_within_10_s_every_time(tmp_path: Path) -> None:
    database = tmp_path / "spider.sqlite"
    pool = Pool(database)
    for suits in SUIT_COUNTS:  # a full pool: the pool worker waits to be told to stop
        pool.add(str(GameCode.random(suits)), suits, ["d"])
    pool.close()
    cookie, duel_id, remaining_ms, moves = "", "", 0, 0
    for _ in range(ROUNDS):
        process, url = start(database)
        try:
            with httpx.Client(base_url=url, timeout=30, cookies={PLAYER_COOKIE: cookie} if cookie else None) as me:
                if not duel_id:
                    opponent = {"kind": "computer", "strength": "master"}
                    duel = me.post("/api/duels", json={"suits": 1, "minutes": 15, "opponent": opponent}).json()
                    duel_id, cookie = duel["id"], me.cookies[PLAYER_COOKIE]
                else:  # the next server found the duel where the last one left it, its clock still running
                    duel = me.get(f"/api/duels/{duel_id}").json()
                    assert duel["state"] == "playing"
                    assert 0 < duel["remaining_ms"] < remaining_ms
                    assert duel["you"]["moves"] >= moves
                game = me.post("/api/games", json={"suits": 4}).json()
            children_idle(process.pid)
            stop_hints = threading.Event()
            hinting = threading.Thread(target=hints_in_flight, args=(url, cookie, game["id"], stop_hints))
            hinting.start()
            socket_url = url.replace("http", "ws") + "/api/socket"
            with connect(socket_url, additional_headers={"cookie": f"{PLAYER_COOKIE}={cookie}"}) as socket:
                json.loads(socket.recv(timeout=10))
                socket.send(json.dumps({"type": "follow", "duel": duel_id}))
                followed = frame_of(socket, "duel")["duel"]
                remaining_ms, moves = followed["remaining_ms"], followed["you"]["moves"]
                assert not followed["players"][1]["finished"]  # the computer plays, thinking between its waits
                socket.send(json.dumps({"type": "follow", "duel": duel_id, "ref": 1}))  # in hand at the signal
                began = time.monotonic()
                os.killpg(process.pid, signal.SIGTERM)
                try:
                    process.wait(STOP_SECONDS)
                except subprocess.TimeoutExpired:
                    pytest.fail(f"spider serve still ran {STOP_SECONDS} s after SIGTERM to its process group")
                took = time.monotonic() - began
                close_code = closed_with(socket)
            stop_hints.set()
            hinting.join(30)
        finally:
            if process.poll() is None:
                os.killpg(process.pid, signal.SIGKILL)
                process.wait(10)
        assert took < STOP_SECONDS
        assert close_code == 1001, "the page is told the server goes away, and reconnects"


def frame_of(socket: Any, kind: str) -> dict[str, Any]:
    for _ in range(100):
        frame: dict[str, Any] = json.loads(socket.recv(timeout=30))
        if frame["type"] == kind:
            return frame
    raise AssertionError(f"no {kind} frame came")


def closed_with(socket: Any) -> int | None:
    """The close code the server sent, once the frames before it are read."""
    try:
        for _ in range(1000):
            socket.recv(timeout=STOP_SECONDS)
    except ConnectionClosed as closed:
        return closed.rcvd.code if closed.rcvd is not None else None
    except TimeoutError:
        return None
    return None

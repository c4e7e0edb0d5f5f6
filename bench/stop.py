"""How long ``spider serve`` takes to stop: SIGTERM to its process group (as systemd and most
orchestrators send it) with computer duels under way, their sockets open and hints in flight.

Each try starts a server in a process group of its own over a fresh SQLite file (with its pool worker,
as served), opens ``--duels`` duels against a master computer player (each with a socket that follows
it), keeps hints in flight, waits ``--busy`` seconds, sends SIGTERM to the group and prints the seconds
until the server exited and the close codes its sockets got (1001: going away, so pages reconnect).
Target: every try under 10 s, every socket 1001.

    nice .venv/bin/python bench/stop.py [--tries 5] [--duels 3] [--busy 4]
"""

from __future__ import annotations

import argparse
import json
import os
import signal
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

import httpx
from web import free_port
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

GIVE_UP = 60.0


def one_try(database: Path, duels: int, busy: float) -> tuple[float | None, list[int | None]]:
    port = free_port()
    process = subprocess.Popen(
        [sys.executable, "-m", "spider.cli", "serve", "--port", str(port), "--database", str(database)],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True,
    )
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                httpx.get(f"{url}/api/presets", timeout=1)
                break
            except httpx.TransportError:
                if process.poll() is not None or time.monotonic() > deadline:
                    raise SystemExit("spider serve did not start") from None
                time.sleep(0.1)
        sockets = []
        for _ in range(duels):
            with httpx.Client(base_url=url, timeout=30) as player:
                opponent = {"kind": "computer", "strength": "master"}
                duel = player.post("/api/duels", json={"suits": 4, "minutes": 5, "opponent": opponent}).json()
                cookie = "; ".join(f"{name}={value}" for name, value in player.cookies.items())
            socket = connect(url.replace("http", "ws") + "/api/socket", additional_headers={"cookie": cookie})
            socket.recv(timeout=10)
            socket.send(json.dumps({"type": "follow", "duel": duel["id"]}))
            sockets.append(socket)
        hinter = httpx.Client(base_url=url, timeout=30)
        game = hinter.post("/api/games", json={"suits": 4}).json()
        stop = threading.Event()

        def hints() -> None:
            while not stop.is_set():
                try:
                    hinter.get(f"/api/games/{game['id']}/hint")
                except httpx.TransportError:
                    return

        threading.Thread(target=hints, daemon=True).start()
        time.sleep(busy)  # the computer players think, the hints are searched
        began = time.monotonic()
        os.killpg(process.pid, signal.SIGTERM)
        codes: list[int | None] = []

        def closed(socket: Any) -> None:
            try:
                while True:
                    socket.recv(timeout=GIVE_UP)
            except ConnectionClosed as error:
                codes.append(error.rcvd.code if error.rcvd is not None else None)
            except TimeoutError:
                codes.append(None)

        readers = [threading.Thread(target=closed, args=(socket,)) for socket in sockets]
        for reader in readers:
            reader.start()
        try:
            process.wait(GIVE_UP)
            took: float | None = time.monotonic() - began
        except subprocess.TimeoutExpired:
            took = None
        stop.set()
        for reader in readers:
            reader.join(GIVE_UP)
        return took, codes
    finally:
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait(10)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tries", type=int, default=5)
    parser.add_argument("--duels", type=int, default=3)
    parser.add_argument("--busy", type=float, default=4.0, help="seconds of play before the SIGTERM")
    args = parser.parse_args()
    times = []
    with tempfile.TemporaryDirectory() as folder:
        for number in range(args.tries):
            took, codes = one_try(Path(folder) / f"try{number}.sqlite", args.duels, args.busy)
            shown = f"{took:.2f} s" if took is not None else f"still running after {GIVE_UP:.0f} s"
            print(f"try {number + 1}: stopped in {shown}; sockets closed with {codes}", flush=True)
            times.append(took)
    done = [took for took in times if took is not None]
    print(f"stopped within 10 s: {sum(took < 10 for took in done)} of {len(times)}; "
          f"slowest {max(done):.2f} s" if done else "never stopped")


if __name__ == "__main__":
    main()

"""``examples/bot.py`` against a real server: it connects with its token, accepts a person's invitation
and plays the duel to its end; opened on its own, it plays a computer player to the end; and the command the
README gives for it runs as written, from the project's folder, with no environment activated."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from functools import partial
from pathlib import Path
from typing import Any

import httpx
import pytest

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "examples" / "bot.py"
TOKEN, URL = "spb_...", "http://localhost:8000"
"""What the README writes for the bot's token and the server's address."""


@pytest.fixture
def closing() -> Iterator[list[Any]]:
    opened: list[Any] = []
    yield opened
    for thing in opened:
        if isinstance(thing, subprocess.Popen):
            if thing.poll() is None:
                thing.kill()
            thing.wait(10)
        else:
            thing.close()


def person(url: str, name: str, closing: list[Any]) -> httpx.Client:
    client = httpx.Client(base_url=url, timeout=30)
    closing.append(client)
    client.get("/")
    assert client.put("/api/me", json={"name": name}).status_code == 200
    return client


def run_bot(url: str, token: str, closing: list[Any], *arguments: str) -> subprocess.Popen[str]:
    bot = subprocess.Popen(
        [sys.executable, str(EXAMPLE), "--url", url, "--strength", "beginner", "--duels", "1", *arguments],
        env={**os.environ, "SPIDER_BOT_TOKEN": token},
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    closing.append(bot)
    return bot


def wait_until(check: Callable[[], bool], seconds: float, what: str) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if check():
            return
        time.sleep(0.2)
    raise AssertionError(f"{what} within {seconds:g} s")


def test_the_example_bot_accepts_an_invitation_and_plays_a_person_to_the_end(
    serve: Callable[..., tuple[Any, str]], closing: list[Any]
) -> None:
    _, url = serve()
    ada = person(url, "Ada", closing)
    token = ada.post("/api/bots", json={"name": "Example Bot"}).json()["token"]
    bot = run_bot(url, token, closing)
    wait_until(lambda: ada.get("/api/players/Example Bot").json()["online"], 30, "the bot came online")
    table = ada.post("/api/duels", json={"suits": 1, "minutes": 3, "opponent": {"kind": "person"}}).json()
    assert ada.post(f"/api/duels/{table['id']}/invite", json={"name": "Example Bot"}).status_code == 200
    duel_url = f"/api/duels/{table['id']}"
    wait_until(lambda: ada.get(duel_url).json()["state"] == "playing", 30, "the bot accepted")
    assert ada.post(f"{duel_url}/actions", json={"action": "d"}).status_code == 200
    assert ada.post(f"{duel_url}/finish").status_code == 200
    output, _ = bot.communicate(timeout=240)  # the bot plays its game out, then stops after its one duel
    assert bot.returncode == 0, output
    duel = ada.get(duel_url).json()
    assert duel["state"] == "over" and duel["result"] is not None
    robot = duel["players"][1]
    assert (robot["name"], robot["bot"], robot["finished"]) == ("Example Bot", True, True)
    assert robot["score"] != 0 or robot["runs"] or robot["turned_up"]  # it played, not only finished
    assert "invited by Ada: accepted" in output and f"duel {table['id']} over" in output


def test_the_example_bot_opens_a_table_against_a_computer_player_and_plays_it_out(
    serve: Callable[..., tuple[Any, str]], closing: list[Any]
) -> None:
    _, url = serve(SPIDER_COMPUTER_PACE="0")
    ada = person(url, "Ada", closing)
    token = ada.post("/api/bots", json={"name": "Example Bot"}).json()["token"]
    bot = run_bot(url, token, closing, "--open", "beginner")
    output, _ = bot.communicate(timeout=240)
    assert bot.returncode == 0, output
    recent = ada.get("/api/players/Example Bot").json()["recent"]
    assert len(recent) == 1 and recent[0]["opponent"] == "Spider Beginner" and recent[0]["outcome"] is not None
    assert recent[0]["rating_change"] == 0.0  # rated apart: a computer player is no bot


def table_opened(client: httpx.Client, bot: subprocess.Popen[str], name: str) -> bool:
    """Whether the bot's table is in the lobby; the bot still running (no import error, no refused token)."""
    assert bot.poll() is None, bot.communicate()[0]
    return any(table["creator"] == name and table["bot"] for table in client.get("/api/duels").json()["tables"])


def documented_bot_commands() -> list[str]:
    """The command lines that run the example bot in the README, and in the documentation beside it."""
    pages = [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]
    lines = [line.strip() for page in pages if page.exists() for line in page.read_text().splitlines()]
    return [line for line in lines if "examples/bot.py" in line and "--url" in line and "`" not in line]


def test_the_readmes_bot_command_runs_as_written(serve: Callable[..., tuple[Any, str]], closing: list[Any]) -> None:
    """As a newcomer runs it after the README's setup: a shell in the project's folder, no virtual environment
    activated, nothing of the project's on the PATH; only the token and the address are their own."""
    commands = documented_bot_commands()
    assert commands, "the README gives no command line for examples/bot.py"
    if ".venv/" in commands[0] and not (ROOT / ".venv").is_dir():
        pytest.skip("the README's setup (scripts/setup, which makes .venv) was not run in this folder")
    _, url = serve()
    ada = person(url, "Ada", closing)
    for number, command in enumerate(commands, 1):
        name = f"Example Bot {number}"
        token = ada.post("/api/bots", json={"name": name}).json()["token"]
        assert TOKEN in command and URL in command, command
        fresh = {key: value for key, value in os.environ.items() if key not in ("VIRTUAL_ENV", "PYTHONPATH")}
        path = os.environ.get("PATH", os.defpath).split(os.pathsep)
        fresh["PATH"] = os.pathsep.join(entry for entry in path if not entry.startswith(str(ROOT)))
        bot = subprocess.Popen(
            ["sh", "-c", command.replace(TOKEN, token).replace(URL, url)],
            cwd=ROOT, env=fresh, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, start_new_session=True,
        )  # fmt: skip
        closing.append(bot)
        wait_until(partial(table_opened, ada, bot, name), 60, f"the README's bot opened its table ({command})")
        os.killpg(bot.pid, signal.SIGKILL)  # the shell and the bot it started
        bot.communicate(timeout=10)

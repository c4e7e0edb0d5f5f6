"""`spider play` keeps the game it is left with: Q asks first, the game is written to a file of its own, and
the next start offers to go on with it, the same table and the same undo history. A won or given-up game is
not offered; a file that is not a kept game is set aside, said, and a new game begins."""

from __future__ import annotations

import fcntl
import json
import os
import pty
import struct
import subprocess
import sys
import termios
from pathlib import Path

import pytest
from textual.pilot import Pilot

from spider import Game
from spider.terminal import SpiderApp
from spider.terminal import kept as kept_module
from spider.terminal.kept import KeptGame, keep, read
from tests.engine.test_terminal import (
    CODE,
    drive,
    move_by_keys,
    played,
    read_until,
    read_until_exit,
    said,
    table_of,
    table_shown,
)
from tests.engine.test_terminal_language import ONE_MOVE_FROM_A_WIN, screen_text


class Time:
    """A clock the test moves by hand."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def test_q_asks_keeps_the_game_and_the_next_start_goes_on_with_it(tmp_path: Path) -> None:
    kept_at = tmp_path / "kept.json"
    time = Time()
    first = SpiderApp(Game.from_code(CODE), kept_at=kept_at, now=time)
    left: dict[str, object] = {}

    async def play_and_quit(pilot: Pilot[int]) -> None:
        await move_by_keys(pilot, first, 2, 7, 1)
        time.now += 65
        await pilot.press("d", "u")  # a deal, taken back: the redo waits
        await pilot.press("q")
        assert first.screen.query("#leave")  # asked first
        await pilot.press("escape")  # stay
        assert not first.screen.query("#leave") and first.is_running
        await pilot.press("q", "right", "enter")  # from Stay to Quit
        left["position"] = first.game.position()

    drive(first, play_and_quit)
    assert first.return_value == 0
    assert json.loads(kept_at.read_text())["actions"] == ["2>7:1", "d", "u"]
    second = SpiderApp(Game.from_code("SP1-S1C-AAAAAAB"), kept_at=kept_at, now=time)

    async def go_on(pilot: Pilot[int]) -> None:
        assert second.screen.query("#leave")  # the offer: "Go on" has the focus
        await pilot.press("enter")
        assert second.game.code == CODE and second.game.position() == left["position"]
        assert table_shown(second) == table_of(played("2>7"))
        assert str(second.query_one("#clock").render()) == "1:05"
        await pilot.press("y")  # the deal taken back comes again: redo history kept
        assert table_shown(second) == table_of(played("2>7", "d"))
        await pilot.press("u", "u")  # and undo goes back to the opening
        assert table_shown(second) == table_of(Game.from_code(CODE))
        assert second.game.moves == 0

    drive(second, go_on)


def test_declining_the_offer_gives_the_kept_game_up(tmp_path: Path) -> None:
    kept_at = tmp_path / "kept.json"
    keep(kept_at, KeptGame.of(played("2>7"), ["2>7"], 3.0))
    app = SpiderApp(Game.from_code("SP1-S1C-AAAAAAB"), kept_at=kept_at)

    async def decline(pilot: Pilot[int]) -> None:
        await pilot.press("left", "enter")  # from Go on to New game
        assert app.game.code == "SP1-S1C-AAAAAAB" and app.game.moves == 0
        assert not kept_at.exists()

    drive(app, decline)


def test_the_offer_shows_which_answer_enter_gives_and_the_arrows_stop_at_the_edge(tmp_path: Path) -> None:
    """The new player's keys in Polish (issue 54): Right then Enter, from "Graj dalej", went on to a fresh game."""
    kept_at = tmp_path / "kept.json"
    keep(kept_at, KeptGame.of(played("2>7"), ["2>7"], 3.0))
    app = SpiderApp(Game.from_code("SP1-S1C-AAAAAAB"), lang="pl", kept_at=kept_at)

    async def right_then_enter(pilot: Pilot[int]) -> None:
        shown = screen_text(app)
        assert "⏎ Graj dalej" in shown and "⏎ Nowa partia" not in shown  # Enter's answer is marked
        await pilot.press("right")  # nothing further right: the mark stays
        assert "⏎ Graj dalej" in screen_text(app)
        await pilot.press("left")
        shown = screen_text(app)
        assert "⏎ Nowa partia" in shown and "⏎ Graj dalej" not in shown
        await pilot.press("right", "right", "enter")
        assert app.game.code == CODE and app.game.moves == 1

    drive(app, right_then_enter)


def test_escape_from_the_offer_gives_nothing_up(tmp_path: Path) -> None:
    kept_at = tmp_path / "kept.json"
    keep(kept_at, KeptGame.of(played("2>7"), ["2>7"], 3.0))
    app = SpiderApp(Game.from_code("SP1-S1C-AAAAAAB"), kept_at=kept_at)

    async def escape(pilot: Pilot[int]) -> None:
        await pilot.press("escape")
        assert not app.screen.query("#leave")
        assert app.game.code == CODE and app.game.moves == 1 and read(kept_at) is not None

    drive(app, escape)


def test_a_won_game_and_a_game_given_up_are_not_kept(tmp_path: Path) -> None:
    kept_at = tmp_path / "kept.json"
    app = SpiderApp(Game.from_code(CODE), kept_at=kept_at)

    async def give_up(pilot: Pilot[int]) -> None:
        await pilot.press("d")
        assert read(kept_at) is not None  # kept as it is played: a crash loses nothing
        await pilot.press("n", "right", "enter")  # a new game: this one is given up
        assert app.game.code != CODE and not kept_at.exists()

    drive(app, give_up)
    game = Game.from_position(ONE_MOVE_FROM_A_WIN)
    game.code = "SP1-S1C-AAAAAAB"  # as if dealt from a code, so that it could be kept
    keep(kept_at, KeptGame.of(played("d"), ["d"], 1.0))
    winning = SpiderApp(game, kept_at=kept_at, offer=False)  # as with --code: nothing offered

    async def win(pilot: Pilot[int]) -> None:
        assert read(kept_at) is not None
        await move_by_keys(pilot, winning, 2, 1, 1)
        assert winning.game.won
        await pilot.press("q")  # a won game: no question
        assert not winning.screen.query("#leave")

    drive(winning, win)
    assert winning.return_value == 0 and not kept_at.exists()


@pytest.mark.parametrize("content", [b'{"format": "spider-terminal-game", "vers', b'{"hello": 1}', b"\xff\xfe"])
def test_an_unreadable_kept_game_is_set_aside_said_and_a_new_game_begins(tmp_path: Path, content: bytes) -> None:
    kept_at = tmp_path / "kept.json"
    kept_at.write_bytes(content)
    app = SpiderApp(Game.from_code(CODE), kept_at=kept_at)

    async def scenario(pilot: Pilot[int]) -> None:
        aside = tmp_path / "kept.unreadable-1.json"
        assert not app.screen.query("#leave")  # nothing offered
        assert said(app) == f"The kept game could not be read; its file was moved to {aside}. This is a new game."
        assert aside.read_bytes() == content
        assert app.game.moves == 0 and table_shown(app) == table_of(Game.from_code(CODE))
        await pilot.press("d")  # the new game is kept in its place
        assert read(kept_at) is not None and aside.read_bytes() == content

    drive(app, scenario)


def test_a_kept_game_that_no_longer_plays_is_set_aside_too(tmp_path: Path) -> None:
    kept_at = tmp_path / "kept.json"
    data = KeptGame.of(Game.from_code(CODE), ["2>7:1", "9>9"], 1.0).to_json()
    kept_at.write_text(json.dumps(data))
    app = SpiderApp(Game.from_code(CODE), kept_at=kept_at)

    async def scenario(pilot: Pilot[int]) -> None:
        assert "could not be read" in said(app)
        assert json.loads((tmp_path / "kept.unreadable-1.json").read_text()) == data

    drive(app, scenario)


def test_a_crash_while_writing_leaves_the_kept_game_whole(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    kept_at = tmp_path / "kept.json"
    keep(kept_at, KeptGame.of(played("d"), ["d"], 1.0))
    before = kept_at.read_bytes()

    def crash(*args: object, **kwargs: object) -> None:
        raise OSError("disk full")

    monkeypatch.setattr(kept_module.os, "fsync", crash)
    with pytest.raises(OSError):
        keep(kept_at, KeptGame.of(played("d", "u", "r"), ["d", "u", "r"], 2.0))
    assert kept_at.read_bytes() == before
    assert sorted(path.name for path in tmp_path.iterdir()) == ["kept.json"]  # no temporary file left


def test_spider_play_keeps_the_game_in_the_users_data_folder_and_offers_it_next_time(tmp_path: Path) -> None:
    """The command in a real (pseudo-)terminal, with the data folder moved to a temporary one."""
    env = {**os.environ, "TERM": "xterm-256color", "XDG_DATA_HOME": str(tmp_path), "LANG": "C.UTF-8"}
    env.pop("LANGUAGE", None), env.pop("LC_ALL", None), env.pop("LC_MESSAGES", None)

    def session(arguments: list[str], keys: list[tuple[bytes, str]]) -> str:
        screen, typist = pty.openpty()
        fcntl.ioctl(typist, termios.TIOCSWINSZ, struct.pack("HHHH", 30, 110, 0, 0))
        command = [sys.executable, "-m", "spider.cli", "play", *arguments]
        with subprocess.Popen(command, stdin=typist, stdout=typist, stderr=typist, env=env) as game:
            os.close(typist)
            shown = ""
            for key, wanted in keys:
                if key:
                    os.write(screen, key)
                shown += read_until(screen, wanted)
            read_until_exit(screen, game)
        os.close(screen)
        return shown

    session(["--code", CODE], [(b"", CODE), (b"d", "Moves 1"), (b"q", "Leave this game?"), (b"\x1b[C\r", "")])
    kept = read(tmp_path / "spider" / "terminal-game.json")
    assert kept is not None and (kept.code, kept.actions) == (CODE, ("d",))
    shown = session(
        [], [(b"", "Go on with the game you left?"), (b"\r", "Moves 1"), (b"q", "Leave this game?"), (b"\x1b[C\r", "")]
    )
    assert CODE in shown

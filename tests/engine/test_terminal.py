"""The terminal game (``spider play``), driven as a player would with Textual's test pilot: keys and
mouse clicks, and what the screen shows afterwards, checked against the engine playing the same actions."""

from __future__ import annotations

import fcntl
import os
import pty
import select
import struct
import subprocess
import sys
import termios
import time
from collections.abc import Awaitable, Callable

import pytest
from rich.color import Color
from rich.console import Console
from textual.pilot import Pilot

from spider import Game
from spider.actions import COLUMNS, Deal, Move, parse_action
from spider.cli import main
from spider.rules import HELPS
from spider.solver import solve
from spider.terminal import SpiderApp
from spider.terminal.table import ColumnView
from tests.engine.table import position
from tests.own_loop import run
from tests.solver import positions

CODE = "SP1-S4C-SPIDERS"  # columns end in K♦ 3♥ K♠ A♠ 9♠ 10♣ 4♥ 5♥ K♣ J♥; under the 3♥ lies the J♦
Scenario = Callable[[Pilot[int]], Awaitable[None]]


def drive(app: SpiderApp, scenario: Scenario, size: tuple[int, int] = (100, 40)) -> None:
    """Opens the app headless and plays a scenario on it."""

    async def session() -> None:
        async with app.run_test(size=size) as pilot:
            await settle(pilot)
            await scenario(pilot)

    run(session())


async def settle(pilot: Pilot[int]) -> None:
    """Waits for the hint and "no more moves" searches, and for the screen to show their answers."""
    await pilot.app.workers.wait_for_complete()
    await pilot.pause()


def played(*actions: str, code: str = CODE) -> Game:
    """The engine's own game after some actions: what the screen must show."""
    game = Game.from_code(code)
    for action in actions:
        game.apply_text(action)
    return game


def column_lines(app: SpiderApp, column: int) -> list[str]:
    """A column as drawn: its number, then one line per card (face-down cards as backs)."""
    view = app.query_one(f"#column-{column}", ColumnView)
    return [line.strip() for line in view.render().plain.splitlines() if line.strip()]


def table_shown(app: SpiderApp) -> list[list[str]]:
    return [column_lines(app, column)[1:] for column in range(1, COLUMNS + 1)]


def table_of(game: Game) -> list[list[str]]:
    """How the table should look, written independently: backs, then rank and suit symbol."""
    symbols = {"s": "♠", "h": "♥", "d": "♦", "c": "♣"}
    names = {1: "A", 11: "J", 12: "Q", 13: "K"}
    table = []
    for cards, down in zip(game.columns, game.face_down, strict=True):
        up = [f"{names.get(card.rank, card.rank)}{symbols[card.suit]}" for card in cards[down:]]
        table.append(["▒▒▒"] * down + (up or ([] if down else ["· ·"])))
    return table


def said(app: SpiderApp) -> str:
    """The line under the table: refusals, hints, the end of the game."""
    return str(app.query_one("#message").render())


async def go_to(pilot: Pilot[int], app: SpiderApp, column: int) -> None:
    """Moves the cursor to a column with the arrows, the short way round."""
    right = (column - app.hand.column) % COLUMNS
    keys = ["right"] * right if right <= COLUMNS // 2 else ["left"] * (COLUMNS - right)
    await pilot.press(*keys)


async def move_by_keys(pilot: Pilot[int], app: SpiderApp, source: int, target: int, count: int) -> None:
    await go_to(pilot, app, source)
    more = count - app.hand.count
    await pilot.press(*(["up"] * more if more > 0 else ["down"] * -more))
    assert app.hand.count == count
    await pilot.press("enter")
    await go_to(pilot, app, target)
    await pilot.press("enter")
    await settle(pilot)


def test_the_opening_shows_backs_and_face_up_cards_and_the_status_line() -> None:
    app = SpiderApp(Game.from_code(CODE))

    async def scenario(pilot: Pilot[int]) -> None:
        assert table_shown(app) == table_of(Game.from_code(CODE))
        assert column_lines(app, 1) == ["1", "▒▒▒", "▒▒▒", "▒▒▒", "▒▒▒", "▒▒▒", "K♦"]
        status = str(app.query_one("#status").render())
        assert "Score 500" in status and "Moves 0" in status and "Deals left 5" in status and "Runs 0 of 8" in status

    drive(app, scenario)


def test_red_suits_are_drawn_in_colours_of_their_own() -> None:
    app = SpiderApp(Game.from_code(CODE))

    async def scenario(pilot: Pilot[int]) -> None:
        def colour(column: int) -> str:
            """The colour the last card of a column is drawn in."""
            last = app.query_one(f"#column-{column}", ColumnView).render().split("\n")[-1]
            segments = last.render(Console())
            return next(str(s.style.color.name) for s in segments if s.text.strip() and s.style and s.style.color)

        spade, heart, diamond = colour(4), colour(8), colour(1)  # A♠, 5♥, K♦
        assert len({spade, heart, diamond}) == 3
        assert Color.parse(heart).number in (Color.parse("red").number, Color.parse("bright_red").number)

    drive(app, scenario)


def test_arrows_and_enter_play_a_move_the_way_the_engine_does() -> None:
    app = SpiderApp(Game.from_code(CODE))

    async def scenario(pilot: Pilot[int]) -> None:
        await pilot.press("right", "enter")  # the 3♥ of column 2: the cursor jumps to where it fits best
        assert app.hand.held == (2, 1) and app.hand.column == 7
        await pilot.press("enter")
        expected = played("2>7")
        assert app.game.position() == expected.position()
        assert table_shown(app) == table_of(expected)
        assert column_lines(app, 2)[-1] == "J♦"  # turned up
        assert "Moves 1" in str(app.query_one("#status").render())
        # down and up choose how many cards: one to all the face-up ones
        assert (app.hand.column, app.hand.count) == (7, 2)
        await pilot.press("down", "down")
        assert app.hand.count == 1
        await pilot.press("up", "up", "up")
        assert app.hand.count == 2
        # the 4♥ 3♥ of column 7, both onto the 5♥
        await move_by_keys(pilot, app, 7, 8, 2)
        expected = played("2>7", "7>8")
        assert table_shown(app) == table_of(expected)
        assert column_lines(app, 8)[-3:] == ["5♥", "4♥", "3♥"]

    drive(app, scenario)


def test_undo_and_redo_take_back_and_play_again() -> None:
    app = SpiderApp(Game.from_code(CODE))

    async def scenario(pilot: Pilot[int]) -> None:
        await move_by_keys(pilot, app, 2, 7, 1)
        await move_by_keys(pilot, app, 7, 8, 2)
        await pilot.press("u")
        assert table_shown(app) == table_of(played("2>7"))
        await pilot.press("u")
        assert table_shown(app) == table_of(Game.from_code(CODE))
        await pilot.press("y", "y")
        assert table_shown(app) == table_of(played("2>7", "7>8"))
        await pilot.press("y")
        assert said(app) == "There is nothing to redo."

    drive(app, scenario)


def test_a_refused_move_shows_the_engines_sentence_and_the_cursor_goes_back() -> None:
    app = SpiderApp(Game.from_code(CODE))

    async def scenario(pilot: Pilot[int]) -> None:
        await pilot.press("enter")  # the K♦ of column 1, which has nowhere to go
        await go_to(pilot, app, 8)
        await pilot.press("enter")
        assert said(app) == "A king goes only into an empty column."
        assert app.game.moves == 0 and table_shown(app) == table_of(Game.from_code(CODE))
        assert (app.hand.column, app.hand.held) == (1, None)

    drive(app, scenario)


def test_escape_puts_the_cards_back_and_the_cursor_on_them() -> None:
    app = SpiderApp(Game.from_code(CODE))

    async def scenario(pilot: Pilot[int]) -> None:
        await go_to(pilot, app, 2)
        await pilot.press("enter")
        assert app.hand.held == (2, 1) and app.hand.column == 7  # jumped to the 4♥
        await pilot.press("escape")
        assert (app.hand.column, app.hand.count, app.hand.held) == (2, 1, None)
        assert app.game.moves == 0

    drive(app, scenario)


def test_d_deals_a_card_on_every_column() -> None:
    app = SpiderApp(Game.from_code(CODE))

    async def scenario(pilot: Pilot[int]) -> None:
        await pilot.press("d")
        assert table_shown(app) == table_of(played("d"))
        assert "Deals left 4" in str(app.query_one("#status").render())
        assert "4 deals left" in str(app.query_one("#stock").render())

    drive(app, scenario)


def test_a_hint_is_shown_and_enter_enter_plays_it() -> None:
    app = SpiderApp(Game.from_code(CODE))

    async def scenario(pilot: Pilot[int]) -> None:
        await pilot.press("h")
        await settle(pilot)
        hinted = app.hinted
        assert hinted is not None and hinted.action is not None and hinted.column is not None
        assert "Move the " in said(app) and f"from column {hinted.column} " in said(app)
        assert app.query_one(f"#column-{hinted.target}", ColumnView).picture.target
        await pilot.press("enter", "enter")
        assert table_shown(app) == table_of(played(hinted.action))

    drive(app, scenario)


def test_hints_follow_the_preset() -> None:
    app = SpiderApp(Game.from_code(CODE), HELPS["classic"], "classic")

    async def scenario(pilot: Pilot[int]) -> None:
        await pilot.press("h")
        await settle(pilot)
        assert said(app) == "Hints are off in the classic preset."

    drive(app, scenario)


def test_no_more_moves_is_said_when_nothing_helps_and_not_before() -> None:
    stuck = SpiderApp(Game.from_position(positions.SHUTTLE))

    async def when_stuck(pilot: Pilot[int]) -> None:
        assert said(stuck).startswith("No more moves")
        await pilot.press("h")
        await settle(pilot)
        assert said(stuck) == "No move can help any more: undo, or start a new game."

    drive(stuck, when_stuck)
    moving = SpiderApp(Game.from_position(positions.REVEAL))

    async def when_a_card_can_turn_up(pilot: Pilot[int]) -> None:
        assert said(moving) == ""

    drive(moving, when_a_card_can_turn_up)


def test_enter_turns_over_a_face_down_card_where_cards_turn_by_hand() -> None:
    columns = ["1|5s", "2|"] + ["1|Ks", "1|As"] * 4
    app = SpiderApp(Game.from_position(position(columns, rules="1C-M", score=0)))
    expected = Game.from_position(position(columns, rules="1C-M", score=0))

    async def scenario(pilot: Pilot[int]) -> None:
        await pilot.press("right")
        assert column_lines(app, 2)[1:] == ["▒▒▒", "▒▒▒"]
        await pilot.press("enter")
        expected.play("f2")
        assert table_shown(app) == table_of(expected)
        await pilot.press("enter")  # a face-up card now: Enter picks it up
        assert app.hand.held == (2, 1)

    drive(app, scenario, size=(100, 120))  # room for the spare cards face down in column 10


def test_w_shows_the_table_in_words() -> None:
    app = SpiderApp(Game.from_code(CODE))

    async def scenario(pilot: Pilot[int]) -> None:
        await pilot.press("d", "w")
        words = str(app.screen.query_one("#words").render())
        assert words == played("d").describe()
        assert "Stock: 40 cards, 4 deals left" in words
        await pilot.press("u")  # keys of the table do nothing while the words are shown
        assert app.game.moves == 1
        await pilot.press("escape")
        assert not app.screen.query("#words")

    drive(app, scenario)


def test_the_mouse_picks_up_puts_down_and_deals() -> None:
    app = SpiderApp(Game.from_code(CODE))

    async def scenario(pilot: Pilot[int]) -> None:
        async def click_card(column: int, from_end: int, times: int = 1) -> None:
            picture = app.query_one(f"#column-{column}", ColumnView).picture
            row = picture.row_of(len(app.game.columns[column - 1]) - from_end)
            await pilot.click(f"#column-{column}", offset=(3, row), times=times)

        await click_card(2, 1)
        assert app.hand.held == (2, 1)
        await pilot.click("#column-7", offset=(3, 20))  # anywhere in the column
        assert table_shown(app) == table_of(played("2>7"))
        await click_card(7, 2)  # the 4♥, with the 3♥ on it
        assert app.hand.held == (7, 2)
        await pilot.click("#column-8")
        assert table_shown(app) == table_of(played("2>7", "7>8"))
        await click_card(5, 1, times=2)  # a double click sends the 9♠ where it fits best: onto the 10♣
        assert table_shown(app) == table_of(played("2>7", "7>8", "5>6"))
        await pilot.click("#stock")
        assert table_shown(app) == table_of(played("2>7", "7>8", "5>6", "d"))

    drive(app, scenario)


def test_a_new_game_restart_and_suits_ask_first_when_the_game_has_moves() -> None:
    app = SpiderApp(Game.from_code(CODE))

    async def scenario(pilot: Pilot[int]) -> None:
        await pilot.press("d", "r")
        assert app.screen.query("#leave")
        await pilot.press("escape")  # stay
        assert app.game.moves == 1
        await pilot.press("r", "right", "enter")  # from Stay to Leave it
        assert app.game.code == CODE and app.game.moves == 0
        assert table_shown(app) == table_of(Game.from_code(CODE))
        await pilot.press("s")  # no moves yet: no question
        assert app.game.suits == 1 and app.game.code != CODE
        await pilot.press("n")
        assert app.game.suits == 1 and app.game.moves == 0

    drive(app, scenario)


def test_a_small_screen_draws_face_down_piles_in_one_row() -> None:
    game = played("d", "d", "d")
    app = SpiderApp(game)

    async def scenario(pilot: Pilot[int]) -> None:
        lines = column_lines(app, 1)
        assert lines[1] == f"▒×{game.face_down[0]}"
        assert len(lines) == 2 + len(game.face_up(1))

    drive(app, scenario, size=(80, 12))


def test_a_whole_one_suit_game_is_won_by_keys_alone() -> None:
    code = "SP1-S1C-AAAAAAB"
    result = solve(Game.from_code(code), seconds=60)
    assert result.verdict == "win"
    app = SpiderApp(Game.from_code(code))
    expected = Game.from_code(code)

    async def scenario(pilot: Pilot[int]) -> None:
        for text in result.line:
            action = parse_action(text)
            if isinstance(action, Deal):
                await pilot.press("d")
            else:
                assert isinstance(action, Move)
                count = expected.group_size(action)
                await move_by_keys(pilot, app, action.source, action.target, count)
            expected.play(action)
            assert app.game.position() == expected.position(), text
        await settle(pilot)
        assert app.game.won
        assert said(app).startswith("You won")
        assert "Runs 8 of 8" in str(app.query_one("#status").render())

    drive(app, scenario)


def test_spider_play_opens_the_table_in_a_terminal() -> None:
    """The command in a real (pseudo-)terminal: the deal named, the preset's helps, Q to quit."""
    screen, typist = pty.openpty()
    fcntl.ioctl(typist, termios.TIOCSWINSZ, struct.pack("HHHH", 30, 100, 0, 0))
    command = [sys.executable, "-m", "spider.cli", "play", "--code", CODE, "--preset", "classic"]
    env = {**os.environ, "TERM": "xterm-256color"}
    with subprocess.Popen(command, stdin=typist, stdout=typist, stderr=typist, env=env) as game:
        os.close(typist)
        shown = read_until(screen, CODE)
        os.write(screen, b"h")
        shown += read_until(screen, "Hints are off")
        os.write(screen, b"q")
        read_until_exit(screen, game)
    os.close(screen)
    assert "▒▒▒" in shown and "K♦" in shown


def test_spider_play_without_a_terminal_says_what_to_use(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "--code", CODE]) == 2  # pytest's captured output is no terminal
    assert "spider replay --moves" in capsys.readouterr().err


GIVE_UP = 60.0  # seconds to wait for the terminal to show something (never reached when all is well)


def read_until(screen: int, wanted: str) -> str:
    """What the program draws on the terminal, read until ``wanted`` appears in it."""
    shown = b""
    deadline = time.monotonic() + GIVE_UP
    while wanted not in shown.decode(errors="replace"):
        assert time.monotonic() < deadline, f"{wanted!r} never appeared"
        if select.select([screen], [], [], 0.5)[0]:
            shown += os.read(screen, 65536)
    return shown.decode(errors="replace")


def read_until_exit(screen: int, program: subprocess.Popen[bytes]) -> str:
    """What the program draws on the terminal until it exits with status 0: read all along, since a program
    whose terminal is not read stops on a full buffer and never exits (Textual draws some 15 kB as it leaves)."""
    shown = b""
    deadline = time.monotonic() + GIVE_UP
    while program.poll() is None:
        assert time.monotonic() < deadline, "the program never exited"
        if select.select([screen], [], [], 0.5)[0]:
            try:
                shown += os.read(screen, 65536)
            except OSError:  # the terminal closed with the program's end (EIO)
                break
    assert program.wait(GIVE_UP) == 0
    return shown.decode(errors="replace")

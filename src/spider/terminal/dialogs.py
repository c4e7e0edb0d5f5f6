"""The terminal game's two dialogs: the table in words, and the question before leaving a game."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Button, Static

from spider.text import message

DIALOG_CSS = """
{name} {{ align: center middle; }}
{name} > Vertical {{
    width: 80%; max-width: 100; height: auto; max-height: 90%;
    border: round $primary; background: $surface; padding: 0 1;
}}
{name} .title {{ text-style: bold; }}
{name} .note {{ color: $foreground-muted; }}
"""


class WordsScreen(ModalScreen[None]):
    """The table in words (SPEC 1.8), as a screen reader would read it; W or Esc closes it."""

    DEFAULT_CSS = DIALOG_CSS.format(name="WordsScreen") + "WordsScreen VerticalScroll { height: auto; }"
    BINDINGS = [Binding("escape,w,enter", "dismiss", message("terminal.key.close"))]

    def __init__(self, words: str) -> None:
        super().__init__()
        self.words = words

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(message("terminal.words_title"), classes="title")
            with VerticalScroll():
                yield Static(self.words, id="words", markup=False)
            yield Static(message("terminal.words_close"), classes="note")


class LeaveScreen(ModalScreen[bool]):
    """Asked before N, R or S leave a game that has moves: True to leave it."""

    DEFAULT_CSS = DIALOG_CSS.format(name="LeaveScreen") + "LeaveScreen Horizontal { height: auto; }"
    BINDINGS = [
        Binding("escape", "stay", message("terminal.leave_stay")),
        Binding("left", "app.focus_previous", show=False),
        Binding("right", "app.focus_next", show=False),
    ]

    def __init__(self, question: str) -> None:
        super().__init__()
        self.question = question

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(self.question, classes="title")
            yield Static(message("terminal.leave_text"))
            with Horizontal():
                yield Button(message("terminal.leave_stay"), id="stay")
                yield Button(message("terminal.leave_go"), id="leave", variant="primary")

    def on_mount(self) -> None:
        self.query_one("#stay", Button).focus()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.dismiss(event.button.id == "leave")

    def action_stay(self) -> None:
        self.dismiss(False)

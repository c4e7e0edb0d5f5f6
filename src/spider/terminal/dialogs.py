"""The terminal game's dialogs: the table in words, and a question with two answers (leave a game or
stay, go on with a kept game or start a new one). Their texts are in the app's language; in a
right-to-left language they read from the right, the first answer rightmost."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Button, Static

from spider.text import message

DIALOG_CSS = """
{name} {{ align: center middle; }}
{name} > Vertical {{
    width: 80%; max-width: 100; height: auto; max-height: 90%;
    border: round $foreground; background: $surface; padding: 0 1;
}}
{name} .title {{ text-style: bold; }}
{name} .note {{ color: $foreground-muted; }}
{name}.rtl Static {{ text-align: right; }}
{name}.rtl Horizontal {{ align-horizontal: right; }}
"""

RTL_LANGUAGES = frozenset({"he"})


def right_to_left(lang: str) -> bool:
    """Whether a language is read from the right (the table mirrors for it)."""
    return lang in RTL_LANGUAGES


class WordsScreen(ModalScreen[None]):
    """The table in words (SPEC 1.8), as a screen reader would read it; W or Esc closes it."""

    DEFAULT_CSS = DIALOG_CSS.format(name="WordsScreen") + "WordsScreen VerticalScroll { height: auto; }"

    def __init__(self, words: str, lang: str) -> None:
        super().__init__(classes="rtl" if right_to_left(lang) else None)
        self.words = words
        self.lang = lang
        self._bindings.bind("escape,w,enter", "dismiss", description=message("terminal.key.close", lang))

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(message("terminal.words_title", self.lang), classes="title")
            with VerticalScroll():
                yield Static(self.words, id="words", markup=False)
            yield Static(message("terminal.words_close", self.lang), classes="note")


class AskScreen(ModalScreen[bool]):
    """A question with two answers: True for ``go`` (leave the game, go on with the kept one), False for
    ``stay`` (Esc). The first answer has the focus; left and right go from one to the other.

    The buttons are drawn in the terminal's own text colour, the focused one reversed (Textual's ANSI
    buttons: no ANSI blue, which is hard to read on a dark background, and no black hover background,
    which hides the text on a light one)."""

    DEFAULT_CSS = (
        DIALOG_CSS.format(name="AskScreen")
        + """
        AskScreen Horizontal { height: auto; }
        AskScreen Button:ansi.-style-default { color: $foreground; border: tall $foreground-muted; }
        AskScreen Button:ansi.-style-default:hover { background: ansi_default; text-style: bold underline; }
        """
    )

    def __init__(self, question: str, text: str, stay: str, go: str, lang: str, focus_go: bool = False) -> None:
        super().__init__(classes="rtl" if right_to_left(lang) else None)
        self.question, self.text, self.stay, self.go = question, text, stay, go
        self.focus_go = focus_go
        self._bindings.bind("escape", "stay", description=stay)
        # the arrows go the way the buttons lie: in a right-to-left dialog the next button is on the left
        rtl = right_to_left(lang)
        self._bindings.bind("left", "app.focus_next" if rtl else "app.focus_previous", show=False)
        self._bindings.bind("right", "app.focus_previous" if rtl else "app.focus_next", show=False)

    def compose(self) -> ComposeResult:
        buttons = [Button(self.stay, id="stay"), Button(self.go, id="leave")]
        with Vertical():
            yield Static(self.question, classes="title", markup=False)
            yield Static(self.text, markup=False)
            with Horizontal():
                yield from reversed(buttons) if "rtl" in self.classes else buttons

    def on_mount(self) -> None:
        self.query_one("#leave" if self.focus_go else "#stay", Button).focus()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.dismiss(event.button.id == "leave")

    def action_stay(self) -> None:
        self.dismiss(False)


def leave_screen(question: str, lang: str, suits: int) -> AskScreen:
    """Asked before N, R or S leave a game that has moves: True to leave it (it is given up)."""
    return AskScreen(
        message(question, lang, suits=suits), message("terminal.leave_text", lang),
        message("terminal.leave_stay", lang), message("terminal.leave_go", lang), lang,
    )  # fmt: skip


def quit_screen(lang: str, kept: bool) -> AskScreen:
    """Asked before Q leaves a game that has moves: True to quit; the game is kept when it can be."""
    return AskScreen(
        message("terminal.quit_question", lang),
        message("terminal.quit_kept" if kept else "terminal.quit_lost", lang),
        message("terminal.leave_stay", lang), message("terminal.quit_go", lang), lang,
    )  # fmt: skip


def resume_screen(lang: str, code: str, moves: int, time: str) -> AskScreen:
    """Offered when ``spider play`` starts and a game was kept: True to go on with it."""
    return AskScreen(
        message("terminal.resume_question", lang),
        message("terminal.resume_text", lang, code=code, n=moves, time=time),
        message("terminal.resume_new", lang), message("terminal.resume_go", lang), lang, focus_go=True,
    )  # fmt: skip

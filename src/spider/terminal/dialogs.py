"""The terminal game's dialogs: the table in words, and a question with two answers (leave a game or
stay, go on with a kept game or start a new one). Their texts are in the app's language; in a
right-to-left language they read from the right, the first answer rightmost."""

from __future__ import annotations

from rich.cells import cell_len
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.events import DescendantFocus
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
    ``stay``. The answer that loses nothing (``stay``, unless ``go_is_safe``) has the focus at first, and Esc
    gives it. The focused answer is marked with the Enter key's sign and drawn reversed in a heavy frame, so
    that Enter's answer shows; left and right go to the answer on that side, and no further.

    The buttons are drawn in the terminal's own text colour (Textual's ANSI buttons: no ANSI blue, which is
    hard to read on a dark background, and no black hover background, which hides the text on a light one)."""

    DEFAULT_CSS = (
        DIALOG_CSS.format(name="AskScreen")
        + """
        AskScreen Horizontal { height: auto; }
        AskScreen Button:ansi.-style-default { color: $foreground; border: tall $foreground-muted; text-style: none; }
        AskScreen Button:ansi.-style-default:focus { border: heavy $foreground; text-style: bold reverse; }
        AskScreen Button:ansi.-style-default:hover { background: ansi_default; text-style: bold underline; }
        """
    )
    ENTER = "⏎ "
    """The mark of the focused answer: the key bar's sign for Enter."""

    def __init__(self, question: str, text: str, stay: str, go: str, lang: str, go_is_safe: bool = False) -> None:
        super().__init__(classes="rtl" if right_to_left(lang) else None)
        self.question, self.text = question, text
        self.words = {"stay": stay, "leave": go}
        self.safe = "leave" if go_is_safe else "stay"
        self._bindings.bind("escape", "safe", description=self.words[self.safe])
        # the arrows go the way the buttons lie on the screen (a right-to-left dialog lays them out mirrored)
        self._bindings.bind("left", "toward(-1)", show=False)
        self._bindings.bind("right", "toward(1)", show=False)

    def compose(self) -> ComposeResult:
        # each button as wide as its words with the mark, so that the mark moving moves no button
        buttons = [Button(words, id=answer) for answer, words in self.words.items()]
        for button, words in zip(buttons, self.words.values(), strict=True):
            button.styles.min_width = cell_len(self.ENTER + words) + 4  # its padding and frame
        with Vertical():
            yield Static(self.question, classes="title", markup=False)
            yield Static(self.text, markup=False)
            with Horizontal():
                yield from reversed(buttons) if "rtl" in self.classes else buttons

    def on_mount(self) -> None:
        self.query_one(f"#{self.safe}", Button).focus()

    def on_descendant_focus(self, event: DescendantFocus) -> None:
        for button in self.query(Button):
            words = self.words[str(button.id)]
            button.label = self.ENTER + words if button is event.widget else words

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.dismiss(event.button.id == "leave")

    def action_safe(self) -> None:
        self.dismiss(self.safe == "leave")

    def action_toward(self, step: int) -> None:
        """To the button on the left (-1) or the right (1) of the focused one, if there is one."""
        buttons = list(self.query(Button))
        focused = self.focused
        at = buttons.index(focused) if isinstance(focused, Button) and focused in buttons else 0
        if 0 <= at + step < len(buttons):
            # at once (``Widget.focus`` waits its turn): an Enter typed with the arrow presses the button arrived at
            self.set_focus(buttons[at + step])


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
    """Offered when ``spider play`` starts and a game was kept: True to go on with it, as Enter and Esc do at
    first; only New game chosen gives it up."""
    return AskScreen(
        message("terminal.resume_question", lang),
        message("terminal.resume_text", lang, code=code, n=moves, time=time),
        message("terminal.resume_new", lang), message("terminal.resume_go", lang), lang, go_is_safe=True,
    )  # fmt: skip

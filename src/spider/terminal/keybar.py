"""The key bar under the table: every key the table answers to, with its word, on as many lines as the terminal's
width needs. Textual's own footer keeps to one line and cuts off what does not fit (Quit, in Polish at 80 columns);
this one goes on to a second line instead. In a right-to-left language the keys read from the right, line after
line, the first key rightmost on the first line.

A key is clicked as on Textual's footer: the click presses it."""

from __future__ import annotations

from rich.cells import cell_len
from textual import events
from textual.app import ComposeResult
from textual.containers import HorizontalGroup
from textual.widgets import Footer
from textual.widgets._footer import FooterKey


def lines(widths: list[int], room: int) -> list[int]:
    """How many keys go on each line, in reading order, for keys this wide (each one cell apart) in ``room``
    cells: as many as fit on each line in turn, and at least one.

    >>> lines([10, 8, 6], 30)
    [3]
    >>> lines([10, 8, 6], 20)
    [2, 1]
    >>> lines([25, 8], 20)
    [1, 1]
    """
    counts: list[int] = []
    used = 0
    for width in widths:
        if counts and used + 1 + width <= room:
            counts[-1] += 1
            used += 1 + width
        else:
            counts.append(1)
            used = width
    return counts


class KeyBar(Footer):
    """The keys of the screen it is on that are shown (``show``), one per action, in the order bound."""

    DEFAULT_CSS = """
    KeyBar { layout: vertical; height: auto; }
    KeyBar > HorizontalGroup { height: 1; }
    KeyBar.rtl > HorizontalGroup { align-horizontal: right; }
    """

    def __init__(self, *, rtl: bool = False) -> None:
        super().__init__(compact=True, show_command_palette=False, classes="rtl" if rtl else None)
        self.rtl = rtl
        self.laid_out_for = 0
        """The width the keys were last put on lines for."""

    def compose(self) -> ComposeResult:
        if not self._bindings_ready:
            return
        keys: dict[str, FooterKey] = {}
        for _node, binding, enabled, tooltip in self.screen.active_bindings.values():
            if binding.show and binding.action not in keys:
                shown = self.app.get_key_display(binding)
                keys[binding.action] = FooterKey(
                    binding.key, shown, binding.description, binding.action, disabled=not enabled, tooltip=tooltip
                ).data_bind(compact=Footer.compact)
        # bound right to left in a right-to-left language (the app mirrors its keys): read in the language's order
        ordered = list(reversed(keys.values())) if self.rtl else list(keys.values())
        self.laid_out_for = self.app.size.width
        widths = [cell_len(key.key_display) + 1 + cell_len(key.description) for key in ordered]
        start = 0
        for count in lines(widths, self.laid_out_for):
            line = ordered[start : start + count]
            start += count
            with HorizontalGroup():
                yield from reversed(line) if self.rtl else line

    def on_resize(self, event: events.Resize) -> None:
        if self.app.size.width != self.laid_out_for:
            self.call_after_refresh(self.recompose)

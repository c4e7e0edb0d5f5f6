"""The table drawn in the terminal: ten columns of cards, the stock, the removed runs.

A column is drawn from a :class:`ColumnPicture`, which also says which card a row shows, so that the
drawing and the mouse agree. Colours come from the app's theme (component classes in CSS), and the
suits are drawn in four colours, as on the page: spades in the text colour, hearts red, diamonds
blue, clubs green.
"""

from __future__ import annotations

from dataclasses import dataclass

from rich.style import Style
from rich.text import Text
from textual.events import Click
from textual.message import Message
from textual.widget import Widget

from spider.cards import SUIT_SYMBOLS, Card
from spider.text import message

BACK = "▒▒▒"
HEADER_ROWS = 1  # the column's number, above its cards


def card_label(card: Card, lang: str | None = None) -> str:
    """A card's corner: rank and suit symbol, like ``10♥`` or ``K♠``."""
    return message(f"rank_short.{card.rank}", lang) + SUIT_SYMBOLS[card.suit]


@dataclass(frozen=True, slots=True)
class ColumnPicture:
    """What one column shows: its cards, and the marks of the cursor, the held cards and a hint.

    ``cursor``, ``held`` and ``hinted`` count cards from the column's end (0: none here).
    ``squeezed`` draws the face-down cards as one row, for a table taller than the screen.
    """

    number: int
    down: int
    up: tuple[Card, ...]
    cursor: int = 0
    cursor_here: bool = False
    held: int = 0
    hinted: int = 0
    target: bool = False
    """The held cards (or a hinted move) can go here."""
    squeezed: bool = False

    @property
    def down_rows(self) -> int:
        return min(self.down, 1) if self.squeezed else self.down

    @property
    def rows(self) -> int:
        """Rows the column needs: its number, then its cards (an empty column still shows its place)."""
        return HEADER_ROWS + self.down_rows + (len(self.up) or int(not self.down))

    def card_at(self, row: int) -> int | None:
        """The card a row shows, counted from the column's bottom (0), or None (the header, below the
        cards). Every row of a squeezed pile of face-down cards is its top card."""
        row -= HEADER_ROWS
        if row < 0:
            return None
        if row < self.down_rows:
            return self.down - self.down_rows + row
        index = self.down + row - self.down_rows
        return index if index < self.down + len(self.up) else None

    def row_of(self, index: int) -> int:
        """The row that shows a card (its index from the column's bottom)."""
        if index < self.down:
            return HEADER_ROWS + max(0, index - (self.down - self.down_rows))
        return HEADER_ROWS + self.down_rows + index - self.down


class ColumnView(Widget):
    """One column of the table; a click on it is reported with the card under the mouse."""

    COMPONENT_CLASSES = {
        "column--number",
        "column--cursor",
        "column--held",
        "column--target",
        "column--hinted",
        "column--back",
        "column--empty",
        "card--s",
        "card--h",
        "card--d",
        "card--c",
    }
    DEFAULT_CSS = """
    ColumnView { width: 1fr; height: auto; }
    ColumnView > .column--number { color: $foreground-muted; }
    ColumnView > .column--cursor { text-style: reverse bold; }
    ColumnView > .column--held { background: $accent; color: $foreground; text-style: bold; }
    ColumnView > .column--target { color: $success; text-style: bold; }
    ColumnView > .column--hinted { text-style: bold underline; color: $warning; }
    ColumnView > .column--back { color: $foreground; }
    ColumnView > .column--empty { color: $foreground-muted; }
    ColumnView > .card--s { color: $foreground; text-style: bold; }
    ColumnView > .card--h { color: ansi_bright_red; text-style: bold; }
    ColumnView > .card--d { color: ansi_bright_blue; text-style: bold; }
    ColumnView > .card--c { color: ansi_bright_green; text-style: bold; }
    """

    class Clicked(Message):
        """A click on a column: on a card (its index from the column's bottom) or on its free space."""

        def __init__(self, column: int, card: int | None, chain: int) -> None:
            super().__init__()
            self.column, self.card, self.chain = column, card, chain

    def __init__(self, number: int, lang: str | None = None) -> None:
        super().__init__(id=f"column-{number}")
        self.picture = ColumnPicture(number, 0, ())
        self.lang = lang

    def show(self, picture: ColumnPicture, height: int) -> None:
        """Draws the column anew if anything in it changed; ``height`` fills the table's height."""
        if self.styles.height is None or self.styles.height.value != height:
            self.styles.height = height
        if picture != self.picture:
            self.picture = picture
            self.refresh()

    def render(self) -> Text:
        picture, width = self.picture, self.size.width

        def style(name: str) -> Style:  # only what the component sets, over the card's own colours
            return self.get_component_rich_style(name, partial=True)

        def line(label: str, line_style: Style) -> Text:
            return Text(label.center(width), style=line_style)

        header = style("column--target" if picture.target else "column--number")
        if picture.cursor_here and not picture.cursor:
            header += style("column--cursor")
        lines = [line(f"{'▼' if picture.target else ''}{picture.number}", header)]
        if picture.squeezed and picture.down:
            lines.append(line(f"{BACK[0]}×{picture.down}", style("column--back")))
        else:
            lines += [line(BACK, style("column--back"))] * picture.down
        if not picture.up and not picture.down:
            lines.append(line("· ·", style("column--empty")))
        for position, card in enumerate(picture.up):
            from_end = len(picture.up) - position
            card_style = style(f"card--{card.suit}")
            if from_end <= picture.held:
                card_style += style("column--held")
            elif from_end <= picture.hinted:
                card_style += style("column--hinted")
            if picture.cursor_here and from_end <= picture.cursor:
                card_style += style("column--cursor")
            lines.append(line(card_label(card, self.lang), card_style))
        return Text("\n").join(lines)

    def on_click(self, event: Click) -> None:
        event.stop()
        self.post_message(self.Clicked(self.picture.number, self.picture.card_at(event.y), event.chain))


class StockView(Widget):
    """The stock: how many deals are left; a click deals."""

    DEFAULT_CSS = """
    StockView { width: auto; height: 1; color: $foreground; text-style: bold; padding: 0 1; }
    StockView.empty { color: $foreground-muted; }
    """

    class Clicked(Message):
        """A click on the stock."""

    deals = -1

    def __init__(self, lang: str | None = None) -> None:
        super().__init__(id="stock")
        self.lang = lang

    def show(self, deals: int) -> None:
        if deals != self.deals:
            self.deals = deals
            self.set_class(not deals, "empty")
            self.refresh(layout=True)

    def render(self) -> str:
        if not self.deals:
            return message("terminal.stock_empty", self.lang)
        return f"{BACK} " + message("terminal.stock", self.lang, n=self.deals)

    def on_click(self, event: Click) -> None:
        event.stop()
        self.post_message(self.Clicked())


def runs_text(runs: tuple[str, ...], total: int) -> str:
    """The removed runs as suit symbols, then a dot for each run still to make."""
    return "".join(SUIT_SYMBOLS[suit] for suit in runs) + "·" * (total - len(runs))

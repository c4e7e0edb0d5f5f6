"""Spider in a terminal (SPEC 5): the table drawn with Rich, actions typed in notation."""

from __future__ import annotations

from collections.abc import Callable

from rich.console import Console
from rich.table import Table
from rich.text import Text

from spider.cards import RANKS, Card
from spider.errors import SpiderError
from spider.game import Game

HELP = (
    "Type 3>7 to move from column 3 onto column 7 (3>7:2 for exactly two cards), d to deal, "
    "f3 to turn over column 3's top card (manual flip), u to undo, r to redo, "
    "w for the table in words, q to quit."
)
SUIT_SYMBOLS = {"s": "♠", "h": "♥", "d": "♦", "c": "♣"}
SUIT_STYLES = {"s": "bold white", "h": "bold red", "d": "bold magenta", "c": "bold green"}


def card_text(card: Card) -> Text:
    rank = "10" if card.rank == 10 else RANKS[card.rank - 1]
    return Text(f"{rank}{SUIT_SYMBOLS[card.suit]}", style=SUIT_STYLES[card.suit])


def table_view(game: Game) -> Table:
    """The ten columns side by side, face-down cards as ``░░``, with the stock and runs in the title."""
    runs = " ".join(SUIT_SYMBOLS[suit] for suit in game.runs) or "none"
    title = f"{game.code or 'Spider'}   stock {len(game.stock)} ({game.deals_left} deals)   runs {runs}"
    caption = f"score {game.score}   moves {game.moves}"
    view = Table(title=title, caption=caption, box=None, padding=(0, 1))
    for number in range(1, 11):
        view.add_column(str(number), justify="center", min_width=3)
    columns, face_down = game.columns, game.face_down
    for row in range(max(1, max(map(len, columns)))):
        cells: list[Text] = []
        for cards, down in zip(columns, face_down, strict=True):
            if row < down:
                cells.append(Text("░░", style="blue"))
            elif row < len(cards):
                cells.append(card_text(cards[row]))
            else:
                cells.append(Text("  " if row else "··", style="dim"))
        view.add_row(*cells)
    return view


def play(game: Game, console: Console, read: Callable[[str], str] = input) -> int:
    """Plays until the game is won or the player quits; returns the exit status."""
    console.print(HELP, style="dim")
    while True:
        console.print(table_view(game))
        if game.won:
            console.print(f"Won in {game.moves} moves with a score of {game.score}.", style="bold green")
            return 0
        try:
            typed = read("action> ").strip()
        except EOFError:
            return 0
        if typed in ("q", "quit"):
            return 0
        if typed == "w":
            console.print(game.describe())
            continue
        try:
            game.apply_text(typed)
        except SpiderError as refusal:
            console.print(str(refusal), style="yellow")

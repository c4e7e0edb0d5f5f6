"""Spider in a terminal (SPEC 5): the table full-screen, played with the page's keys and the mouse.

Keys as on the page: arrows choose a column and how many cards, Enter (or Space) picks them up and
puts them down, Esc puts them back, U undo, Y redo, H hint, D deal, N new game, R restart, S the next
number of suits; and W shows the table in words, Q quits. The mouse: a click on a card picks it up
(with the cards below it), a click on a column puts them down there, a double click sends a card and
the cards below it where they fit best, a click on the stock deals.

Every action goes to the rules engine, which answers with the new table or the rule that refuses it,
shown as the engine's sentence. Hints and "no more moves" come from :mod:`spider.solver`, given the
public position only, and are worked out in a thread so that the table stays responsive.
"""

from __future__ import annotations

from collections.abc import Callable

from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Footer, Static

from spider.actions import COLUMNS, Flip, Move
from spider.cards import RUNS_TO_WIN, SUIT_COUNTS
from spider.errors import SpiderError
from spider.game import Game
from spider.notation import Position
from spider.rules import Helps
from spider.solver import Hint, hint, no_more_moves
from spider.terminal.dialogs import LeaveScreen, WordsScreen
from spider.terminal.hand import Hand
from spider.terminal.table import ColumnPicture, ColumnView, StockView, runs_text
from spider.text import message

ALL_HELPS = Helps(hints=True, no_more_moves=True)
# Actions that change the game or the hand: not while a dialog is open over the table.
TABLE_ACTIONS = {
    "cursor", "take", "pick_or_put", "cancel", "undo", "redo", "hint", "deal", "new_game", "restart",
    "next_suits", "words",
}  # fmt: skip


class Tableau(VerticalScroll, can_focus=False):
    """The ten columns, scrolled when the table is taller than the screen (the keys stay the game's)."""


class SpiderApp(App[int]):
    """One game of Spider at a time, in the terminal; the app's return value is the exit status."""

    TITLE = "Spider"
    CSS = """
    #top { height: 1; }
    #runs { width: 1fr; padding: 0 1; }
    #code { width: auto; color: $foreground-muted; padding: 0 1; }
    #columns { height: auto; }
    #message { height: auto; min-height: 1; padding: 0 1; }
    #message.refusal { color: $error; text-style: bold; }
    #status { height: 1; padding: 0 1; background: $panel; color: $foreground; }
    """
    BINDINGS = [
        Binding("left", "cursor(-1)", show=False),
        Binding("right", "cursor(1)", show=False),
        Binding("up", "take(1)", show=False),
        Binding("down", "take(-1)", show=False),
        Binding("enter,space", "pick_or_put", message("terminal.key.pick"), key_display="⏎"),
        Binding("escape", "cancel", message("terminal.key.cancel"), show=False),
        Binding("u", "undo", message("terminal.key.undo"), key_display="U"),
        Binding("y", "redo", message("terminal.key.redo"), key_display="Y"),
        Binding("h", "hint", message("terminal.key.hint"), key_display="H"),
        Binding("d", "deal", message("terminal.key.deal"), key_display="D"),
        Binding("n", "new_game", message("terminal.key.new"), key_display="N"),
        Binding("r", "restart", message("terminal.key.restart"), key_display="R"),
        Binding("s", "next_suits", message("terminal.key.suits"), key_display="S"),
        Binding("w", "words", message("terminal.key.words"), key_display="W"),
        Binding("q", "quit", message("terminal.key.quit"), key_display="Q"),
    ]

    def __init__(self, game: Game, helps: Helps = ALL_HELPS, preset: str | None = None) -> None:
        super().__init__()
        self.game = game
        self.helps = helps
        self.preset = preset
        self.hand = Hand()
        self.hinted: Hint | None = None
        # the position the last hint was for, and the index of the hint to give next there
        self.hint_cycle: tuple[Position | None, int] = (None, 0)
        self.stuck = False

    # Drawing.

    def compose(self) -> ComposeResult:
        with Horizontal(id="top"):
            yield StockView()
            yield Static(id="runs")
            yield Static(id="code")
        with Tableau(id="tableau"), Horizontal(id="columns"):
            for number in range(1, COLUMNS + 1):
                yield ColumnView(number)
        yield Static(id="message", markup=False)
        yield Static(id="status", markup=False)
        yield Footer(compact=True, show_command_palette=False)

    def on_mount(self) -> None:
        self.theme = "ansi-dark"  # the terminal's own colours: its background, text and palette
        self.hand.point(self.game, 1)
        self.call_after_refresh(self.draw)
        self.look_at_the_end()

    def on_resize(self) -> None:
        self.call_after_refresh(self.draw)

    def pictures(self, squeezed: bool = False) -> list[ColumnPicture]:
        """What each column shows now: cards, cursor, held cards, the hint."""
        game, hand, hinted = self.game, self.hand, self.hinted
        targets: list[int] = []
        if hand.held is not None:
            targets = game.targets(*hand.held)
        elif hinted is not None and hinted.target is not None:
            targets = [hinted.target]
        pictures = []
        for number in range(1, COLUMNS + 1):
            pictures.append(
                ColumnPicture(
                    number,
                    game.face_down[number - 1],
                    game.face_up(number),
                    cursor=hand.count if hand.column == number else 0,
                    cursor_here=hand.column == number,
                    held=hand.held[1] if hand.held is not None and hand.held[0] == number else 0,
                    hinted=max(1, hinted.count) if hinted is not None and hinted.column == number else 0,
                    target=number in targets,
                    squeezed=squeezed,
                )
            )
        return pictures

    def draw(self) -> None:
        """Shows the game as it stands: columns, stock, runs, score."""
        game = self.game
        room = self.query_one(Tableau).size.height
        pictures = self.pictures()
        if max(picture.rows for picture in pictures) > room:
            pictures = self.pictures(squeezed=True)
        height = max(room, *(picture.rows for picture in pictures))
        for view, picture in zip(self.query(ColumnView), pictures, strict=True):
            view.show(picture, height)
        self.query_one(StockView).show(game.deals_left)
        self.query_one("#runs", Static).update(runs_text(game.runs, RUNS_TO_WIN))
        self.query_one("#code", Static).update(game.code or "")
        status = message(
            "terminal.status", score=game.score, moves=game.moves, deals=game.deals_left,
            runs=len(game.runs), total=RUNS_TO_WIN,
        )  # fmt: skip
        self.query_one("#status", Static).update(status)

    def say(self, text: str, refusal: bool = False) -> None:
        """A line under the table: a refusal (the engine's sentence), a hint, the end of the game."""
        line = self.query_one("#message", Static)
        line.update(text)
        line.set_class(refusal, "refusal")

    # Playing.

    def changed(self) -> None:
        """After the table changed: the hand on what is there now, the news, and a look for no more moves."""
        self.hinted = None
        self.stuck = False
        self.hand.held = None
        self.hand.point(self.game, self.hand.column)
        self.draw()
        self.look_at_the_end()

    def look_at_the_end(self) -> None:
        """Says when the game is won, and looks for no more moves where no deal is possible."""
        game = self.game
        if game.won:
            self.say(message("terminal.won", score=game.score, moves=game.moves))
        elif self.helps.no_more_moves and not game.deal_possible:
            position = game.public_position()
            self.run_worker(lambda: self.look_for_moves(position), thread=True, group="stuck", exclusive=True)

    def play(self, action: Move | Flip | str) -> bool:
        """Plays an action; a refusal is shown as the engine's sentence (and False returned)."""
        try:
            self.game.play(action)
        except SpiderError as refusal:
            self.say(str(refusal), refusal=True)
            return False
        self.say("")
        self.changed()
        return True

    def look_for_moves(self, position: Position) -> None:
        """In a worker thread: whether the game is stuck (SPEC 2.3), told if the table has not moved on."""
        stuck = no_more_moves(position)
        self.call_from_thread(self.stuck_found, position, stuck)

    def stuck_found(self, position: Position, stuck: bool) -> None:
        if stuck and position == self.game.public_position():
            self.stuck = True
            self.say(message("terminal.stuck"))

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        return not (action in TABLE_ACTIONS and isinstance(self.screen, ModalScreen))

    def action_cursor(self, columns: int) -> None:
        self.hand.step(self.game, columns)
        self.draw()

    def action_take(self, cards: int) -> None:
        if self.hand.held is None:
            self.hand.take(self.game, cards)
            self.draw()

    def action_pick_or_put(self) -> None:
        hand, game = self.hand, self.game
        if hand.held is not None:
            self.put_down(hand.column)
        elif not game.face_up(hand.column):
            self.flip(hand.column)
        elif hand.count:
            hinted = self.hinted
            hint_fits = hinted is not None and (hinted.column, hinted.count) == (hand.column, hand.count)
            hand.pick_up(game, hinted.target if hint_fits and hinted is not None else None)
            self.say("")
            self.draw()

    def put_down(self, target: int) -> None:
        """Plays the held cards onto a column; on their own column, puts them back."""
        hand = self.hand
        if hand.held is None:
            return
        source, count = hand.held
        if source == target:
            self.action_cancel()
        elif not self.play(Move(source, target, count)):
            hand.put_back()  # the cards are still where they were: so is the cursor
            self.draw()

    def flip(self, column: int) -> None:
        """Turns over the top card of a column that shows only face-down cards, where the rules let the
        player do so (manual flip); elsewhere nothing happens."""
        if Flip(column) in self.game.legal_actions():
            self.play(Flip(column))

    def action_cancel(self) -> None:
        self.hand.put_back()
        self.hinted = None
        self.say("")
        self.draw()

    def on_column_view_clicked(self, event: ColumnView.Clicked) -> None:
        """A card clicked is picked up, with the cards below it (clicked twice, it goes where it fits
        best); a column clicked takes the cards held. A face-down card clicked turns over if it may."""
        game, hand = self.game, self.hand
        card, column = event.card, event.column
        if card is not None and card < game.face_down[column - 1]:
            card = None
            if hand.held is None:
                self.flip(column)
        count = len(game.columns[column - 1]) - card if card is not None else 0
        if hand.held == (column, count) and event.chain > 1:
            target = game.best_target(column, count)
            if target is not None:
                self.put_down(target)
        elif hand.held is not None and (column != hand.held[0] or not count):
            self.put_down(column)
        else:
            if count:
                hand.hold(column, count)
            else:
                hand.point(game, column)
            self.hinted = None
            self.say("")
            self.draw()

    def on_stock_view_clicked(self) -> None:
        self.action_deal()

    def action_undo(self) -> None:
        self.step_through_history(self.game.undo)

    def action_redo(self) -> None:
        self.step_through_history(self.game.redo)

    def step_through_history(self, step: Callable[[], object]) -> None:
        try:
            step()
        except SpiderError as refusal:
            self.say(str(refusal), refusal=True)
            return
        self.say("")
        self.changed()

    def action_deal(self) -> None:
        self.play("d")

    def action_hint(self) -> None:
        if not self.helps.hints:
            self.say(message("terminal.hints_off", preset=self.preset or ""))
            return
        position = self.game.public_position()
        # pressing H again on the same table gives the next worthwhile move, then wraps
        index = self.hint_cycle[1] if self.hint_cycle[0] == position else 0
        self.run_worker(lambda: self.look_for_hint(position, index), thread=True, group="hint", exclusive=True)

    def look_for_hint(self, position: Position, index: int = 0) -> None:
        """In a worker thread: the solver's hint for what the player sees (SPEC 2.2)."""
        found = hint(position, index=index)
        self.call_from_thread(self.hint_found, position, found)

    def hint_found(self, position: Position, found: Hint) -> None:
        if position != self.game.public_position():
            return  # the table moved on meanwhile: that hint is stale
        self.hand.put_back()
        self.hinted = found if found.action is not None else None
        self.hint_cycle = (position, found.index + 1)
        if found.column is not None:
            self.hand.point(self.game, found.column, found.count or None)
        if found.total > 1:
            self.say(message("hint.cycle", index=found.index + 1, n=found.total, text=found.message))
        else:
            self.say(found.message)
        self.draw()

    def action_words(self) -> None:
        self.push_screen(WordsScreen(self.game.describe()))

    def action_new_game(self) -> None:
        self.leave_for(lambda: Game.new(self.game.suits, self.game.rules), "terminal.leave_new")

    def action_restart(self) -> None:
        code = self.game.code
        if code is not None:
            self.leave_for(lambda: Game.from_code(code), "terminal.leave_restart")

    def action_next_suits(self) -> None:
        suits = SUIT_COUNTS[(SUIT_COUNTS.index(self.game.suits) + 1) % len(SUIT_COUNTS)]
        self.leave_for(lambda: Game.new(suits, self.game.rules), "terminal.leave_suits")

    def leave_for(self, new_game: Callable[[], Game], question: str) -> None:
        """Starts another game, asking first when this one has moves and is not over."""

        def start(leave: bool | None = True) -> None:
            if leave:
                self.game = new_game()
                self.say("")
                self.changed()

        if self.game.moves and not self.game.won and not self.stuck:
            self.push_screen(LeaveScreen(message(question, suits=self.game.suits)), start)
        else:
            start()


def play(game: Game, helps: Helps = ALL_HELPS, preset: str | None = None) -> int:
    """Plays in the terminal until the player quits; returns the exit status."""
    return SpiderApp(game, helps, preset).run() or 0

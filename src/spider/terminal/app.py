"""Spider in a terminal (SPEC 5): the table full-screen, played with the page's keys and the mouse.

Keys as on the page: arrows choose a column and how many cards, Enter (or Space) picks them up and
puts them down, Esc puts them back, U undo, Y redo, H hint, D deal, N new game, R restart, S the next
number of suits; and W shows the table in words, Q quits (asking first when the game has moves: the
game is kept, :mod:`spider.terminal.kept`, and the next ``spider play`` offers to go on with it). The
mouse: a click on a card picks it up (with the cards below it), a click on a column puts them down
there, a double click sends a card and the cards below it where they fit best, a click on the stock
deals. A clock shows the time played (:mod:`spider.terminal.clock`).

Every action goes to the rules engine, which answers with the new table or the rule that refuses it,
shown as the engine's sentence. Hints and "no more moves" come from :mod:`spider.solver`, given the
public position only, and are worked out in a thread so that the table stays responsive.

Every text is in the app's language (``lang``, the command's ``--lang``), named on each call rather
than taken from the spoken language, which a worker thread does not inherit. In a right-to-left
language the table mirrors as the page does: column 1 is the rightmost, the left arrow goes on to the
next column, the stock sits on the right, and the lines under the table read from the right.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path

from textual.app import App, ComposeResult
from textual.containers import Horizontal, VerticalScroll
from textual.message import Message
from textual.screen import ModalScreen
from textual.widgets import Static

from spider.actions import COLUMNS, Flip, Move
from spider.cards import RUNS_TO_WIN, SUIT_COUNTS
from spider.errors import SpiderError
from spider.game import Game
from spider.notation import Position
from spider.rules import HELPS, Helps
from spider.solver import Hint, hint, no_more_moves
from spider.terminal import kept
from spider.terminal.clock import Clock, shown
from spider.terminal.dialogs import WordsScreen, leave_screen, quit_screen, resume_screen, right_to_left
from spider.terminal.hand import Hand
from spider.terminal.keybar import KeyBar
from spider.terminal.table import ColumnPicture, ColumnView, StockView, runs_text
from spider.text import message, spoken

ALL_HELPS = Helps(hints=True, no_more_moves=True)
# Actions that change the game or the hand: not while a dialog is open over the table.
TABLE_ACTIONS = {
    "cursor", "take", "pick_or_put", "cancel", "undo", "redo", "hint", "deal", "new_game", "restart",
    "next_suits", "words", "leave",
}  # fmt: skip
# The keys: (keys, action, the key bar's word, the key as the bar shows it; None: not on the bar).
KEYS = [
    ("left", "cursor(-1)", None, None),
    ("right", "cursor(1)", None, None),
    ("up", "take(1)", None, None),
    ("down", "take(-1)", None, None),
    ("enter,space", "pick_or_put", "terminal.key.pick", "⏎"),
    ("escape", "cancel", None, None),
    ("u", "undo", "terminal.key.undo", "U"),
    ("y", "redo", "terminal.key.redo", "Y"),
    ("h", "hint", "terminal.key.hint", "H"),
    ("d", "deal", "terminal.key.deal", "D"),
    ("n", "new_game", "terminal.key.new", "N"),
    ("r", "restart", "terminal.key.restart", "R"),
    ("s", "next_suits", "terminal.key.suits", "S"),
    ("w", "words", "terminal.key.words", "W"),
    ("q", "leave", "terminal.key.quit", "Q"),
]


class Tableau(VerticalScroll, can_focus=False):
    """The ten columns, scrolled when the table is taller than the screen (the keys stay the game's)."""

    class Resized(Message):
        """The room for the columns changed: the terminal was resized, or the key bar took a line more or less."""

    def on_resize(self) -> None:
        self.post_message(self.Resized())


class SpiderApp(App[int]):
    """One game of Spider at a time, in the terminal; the app's return value is the exit status."""

    TITLE = "Spider"
    ENABLE_COMMAND_PALETTE = False  # Textual's own palette speaks only English
    CSS = """
    #top { height: 1; }
    #runs { width: 1fr; padding: 0 1; }
    #runs.rtl { text-align: right; }
    #code { width: auto; color: $foreground-muted; padding: 0 1; }
    #clock { width: auto; padding: 0 1; text-style: bold; }
    #columns { height: auto; }
    #message { height: auto; min-height: 1; padding: 0 1; }
    #message.refusal { color: $error; text-style: bold; }
    #status { height: 1; padding: 0 1; background: $panel; color: $foreground; }
    #message.rtl, #status.rtl { text-align: right; }
    """

    def __init__(
        self,
        game: Game,
        helps: Helps = ALL_HELPS,
        preset: str | None = None,
        *,
        lang: str | None = None,
        kept_at: Path | None = None,
        offer: bool = True,
        now: Callable[[], float] = time.monotonic,
    ) -> None:
        """``lang``: the language of every text (the spoken one unless named); ``kept_at``: the file the
        game is kept in when left (None: nothing is kept), and, with ``offer``, offered from when the app
        starts; ``now``: the clock's time source."""
        super().__init__()
        self.game = game
        self.helps = helps
        self.preset = preset
        self.lang = lang or spoken()
        self.rtl = right_to_left(self.lang)
        self.kept_at = kept_at
        self.now = now
        self.clock = Clock(now=now)
        self.actions: list[str] = []
        """The game's actions since its opening, in notation (``u``, ``r`` included): what is kept."""
        self.offer = offer
        self.offered: kept.KeptGame | None = None
        self.clock_view = Static(id="clock")
        for keys, action, description, key_display in reversed(KEYS) if self.rtl else KEYS:
            words = message(description, self.lang) if description else ""
            self.bind(keys, action, description=words, show=description is not None, key_display=key_display)
        self.hand = Hand()
        self.hinted: Hint | None = None
        # the position the last hint was for, and the index of the hint to give next there
        self.hint_cycle: tuple[Position | None, int] = (None, 0)
        self.stuck = False

    # Drawing.

    def text(self, message_id: str, **params: object) -> str:
        """A text of the catalog in the app's language."""
        return message(message_id, self.lang, **params)

    def compose(self) -> ComposeResult:
        rtl = "rtl" if self.rtl else None
        top = [StockView(self.lang), Static(id="runs", classes=rtl), self.clock_view, Static(id="code")]
        numbers = range(1, COLUMNS + 1)
        with Horizontal(id="top"):
            yield from reversed(top) if self.rtl else top
        with Tableau(id="tableau"), Horizontal(id="columns"):
            for number in reversed(numbers) if self.rtl else numbers:
                yield ColumnView(number, self.lang)
        yield Static(id="message", markup=False, classes=rtl)
        yield Static(id="status", markup=False, classes=rtl)
        yield KeyBar(rtl=self.rtl)

    def on_mount(self) -> None:
        # The terminal's own colours: its background, text and palette. What the game colours itself
        # (the stock, the dialogs' borders and buttons) is in the terminal's text colour, or a colour
        # readable on both dark and light backgrounds: never ANSI blue on black.
        self.theme = "ansi-dark"
        self.hand.point(self.game, 1)
        self.call_after_refresh(self.draw)
        self.look_at_the_end()
        self.set_interval(1.0, self.show_clock)
        self.offer_kept_game()

    def offer_kept_game(self) -> None:
        """Offers to go on with the game kept when ``spider play`` was last left; an unreadable file is
        set aside under a name of its own (said on the message line) and a fresh game begins."""
        if self.kept_at is None or not self.offer:
            return
        try:
            offered = kept.read(self.kept_at)
        except kept.UnreadableKeptGame:
            try:
                aside = kept.set_aside(self.kept_at)
            except OSError:
                self.say(self.text("terminal.kept_unreadable_stays", path=str(self.kept_at)), refusal=True)
                self.kept_at = None  # never written over: the player may want to look at it
                return
            self.say(self.text("terminal.kept_unreadable", path=str(aside)), refusal=True)
            return
        if offered is None:
            return
        self.offered = offered
        game = offered.game()
        question = resume_screen(self.lang, offered.code, game.moves, shown(offered.seconds))
        self.push_screen(question, self.resume)

    def resume(self, go_on: bool | None) -> None:
        """Goes on with the kept game, or gives it up for the fresh one."""
        offered, self.offered = self.offered, None
        if offered is None or self.kept_at is None:
            return
        if not go_on:
            kept.forget(self.kept_at)
            return
        self.game = offered.game()
        self.actions = list(offered.actions)
        self.preset = offered.preset
        self.helps = HELPS.get(offered.preset or "", ALL_HELPS)
        self.clock = Clock(offered.seconds, now=self.now)
        self.clock.start()
        self.say("")
        self.changed(keep=False)

    def show_clock(self) -> None:
        """The time played, on the table (also while a dialog is open over it)."""
        self.clock_view.update(shown(self.clock.seconds()))

    def keep(self) -> None:
        """Keeps the game on disk while it has moves and is not won; otherwise nothing is kept."""
        if self.kept_at is None or self.offered is not None or self.game.code is None:
            return
        if self.game.moves and not self.game.won:
            kept.keep(self.kept_at, kept.KeptGame.of(self.game, self.actions, self.clock.seconds(), self.preset))
        else:
            kept.forget(self.kept_at)

    def on_tableau_resized(self) -> None:
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
        for picture in pictures:  # by number: in a right-to-left language column 1 is drawn last, rightmost
            self.query_one(f"#column-{picture.number}", ColumnView).show(picture, height)
        self.query_one(StockView).show(game.deals_left)
        self.query_one("#runs", Static).update(runs_text(game.runs, RUNS_TO_WIN))
        self.query_one("#code", Static).update(game.code or "")
        self.show_clock()
        status = self.text(
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

    def changed(self, keep: bool = True) -> None:
        """After the table changed: the hand on what is there now, the news, and a look for no more moves;
        the clock, and the game kept as it now stands."""
        if self.game.won:
            self.clock.stop()
        if keep:
            self.keep()
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
            self.say(self.text("terminal.won", score=game.score, moves=game.moves))
        elif self.helps.no_more_moves and not game.deal_possible:
            position = game.public_position()
            self.run_worker(lambda: self.look_for_moves(position), thread=True, group="stuck", exclusive=True)

    def play(self, action: Move | Flip | str) -> bool:
        """Plays an action; a refusal is shown as the engine's sentence (and False returned)."""
        try:
            self.game.play(action)
        except SpiderError as refusal:
            self.refuse(refusal)
            return False
        self.acted(str(action))
        return True

    def acted(self, action: str) -> None:
        """After an action was played: written down, the clock going, the table shown anew."""
        self.actions.append(action)
        if not self.game.won:
            self.clock.start()
        self.say("")
        self.changed()

    def refuse(self, refusal: SpiderError) -> None:
        """Shows the engine's refusal, in the app's language."""
        self.say(self.text(refusal.message_id, **refusal.params), refusal=True)

    def look_for_moves(self, position: Position) -> None:
        """In a worker thread: whether the game is stuck (SPEC 2.3), told if the table has not moved on."""
        stuck = no_more_moves(position)
        self.call_from_thread(self.stuck_found, position, stuck)

    def stuck_found(self, position: Position, stuck: bool) -> None:
        if stuck and position == self.game.public_position():
            self.stuck = True
            self.say(self.text("terminal.stuck"))

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        return not (action in TABLE_ACTIONS and isinstance(self.screen, ModalScreen))

    def action_cursor(self, columns: int) -> None:
        self.hand.step(self.game, -columns if self.rtl else columns)  # the arrows follow the eye
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
        self.step_through_history(self.game.undo, "u")

    def action_redo(self) -> None:
        self.step_through_history(self.game.redo, "r")

    def step_through_history(self, step: Callable[[], object], notation: str) -> None:
        try:
            step()
        except SpiderError as refusal:
            self.refuse(refusal)
            return
        self.acted(notation)

    def action_deal(self) -> None:
        self.play("d")

    def action_hint(self) -> None:
        if not self.helps.hints:
            self.say(self.text("terminal.hints_off", preset=self.preset or ""))
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
            self.say(self.text("hint.cycle", index=found.index + 1, n=found.total, text=found.text(self.lang)))
        else:
            self.say(found.text(self.lang))
        self.draw()

    def action_words(self) -> None:
        self.push_screen(WordsScreen(self.game.describe(self.lang), self.lang))

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
                self.actions = []
                self.clock = Clock(now=self.now)
                self.say("")
                self.changed()  # a game with no moves yet: the one given up is no longer kept

        if self.game.moves and not self.game.won and not self.stuck:
            self.push_screen(leave_screen(question, self.lang, self.game.suits), start)
        else:
            start()

    def action_leave(self) -> None:
        """Q: quits, asking first when the game has moves and is not won; the game is kept."""

        def leave(go: bool | None = True) -> None:
            if go:
                self.keep()  # with the clock's last seconds
                self.exit(0)

        if self.game.moves and not self.game.won:
            can_keep = self.kept_at is not None and self.game.code is not None
            self.push_screen(quit_screen(self.lang, can_keep), leave)
        else:
            leave()

    async def action_quit(self) -> None:
        """Ctrl+Q: quits at once, from the table or a dialog; the game is kept as Q keeps it."""
        self.keep()
        self.exit(0)

    def action_help_quit(self) -> None:
        """Ctrl+C: as Q (Textual's own answer is an English notice)."""
        if not isinstance(self.screen, ModalScreen):
            self.action_leave()


def play(
    game: Game,
    helps: Helps = ALL_HELPS,
    preset: str | None = None,
    *,
    kept_at: Path | None = None,
    offer: bool = True,
) -> int:
    """Plays in the terminal until the player quits; returns the exit status. With ``kept_at``, the game
    is kept there when left, and (with ``offer``) a game kept there before is offered first."""
    return SpiderApp(game, helps, preset, kept_at=kept_at, offer=offer).run() or 0

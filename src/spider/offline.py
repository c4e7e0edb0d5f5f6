"""A solo game played with no server: what the browser's offline engine (Pyodide, in a Web Worker) calls.

The server stays the only authority for online games. An offline game is the player's own: dealt here
from a random code, played by this same engine, and kept by the page (its code, table rules and actions)
so that a reload finds it again. Once the connection is back the page sends its result, and the server
plays the actions again to check it (``POST /api/offline-results``); offline results are counted apart.

Views have the shape of the server's (``spider.view``), with ``offline`` set, so the page draws them as
any other. The browser speaks JSON: each call answers a JSON text.

>>> game = OfflineGame.new(1)
>>> view = json.loads(game.view_json())
>>> view["offline"], view["moves"], view["code"], len(view["columns"])
(True, 0, None, 10)
>>> answer = json.loads(game.act_json("d"))
>>> answer["view"]["stock"]["cards"], answer["events"][0]["type"]
(40, 'dealt')
>>> again = OfflineGame.resume(game.code, game.rules.to_json(), game.actions)
>>> again.game.position() == game.game.position()
True
>>> json.loads(game.act_json("1>1"))["message_id"]
'refuse.same_column'
"""

from __future__ import annotations

import json
import time
from typing import Any

from spider.errors import SpiderError, error_body
from spider.game import Game
from spider.rules import TableRules
from spider.view import public_view


class OfflineGame:
    """One offline game: the engine's game and the actions played, undo and redo included, in order."""

    def __init__(self, game: Game, actions: list[str], started_at: float) -> None:
        self.game = game
        self.actions = actions
        self.started_at = started_at

    @classmethod
    def new(cls, suits: int, rules: dict[str, Any] | None = None) -> OfflineGame:
        """A random deal (64 random bits, as the server deals) under ``rules`` (the default preset if none)."""
        return cls(Game.new(suits, None if rules is None else TableRules.from_json(rules)), [], time.time())

    @classmethod
    def resume(
        cls, code: str, rules: dict[str, Any], actions: list[str], started_at: float | None = None
    ) -> OfflineGame:
        """The game a page kept, rebuilt from its opening and every action, undo history included."""
        game = Game.replay(code, TableRules.from_json(rules), actions)
        return cls(game, list(actions), time.time() if started_at is None else started_at)

    @property
    def code(self) -> str:
        assert self.game.code is not None  # every game dealt from a code has one
        return self.game.code

    @property
    def rules(self) -> TableRules:
        return self.game.rules

    def act(self, text: str) -> list[dict[str, Any]]:
        """Plays one action in notation (``u`` undoes, ``r`` redoes); raises the engine's refusal."""
        written = text.strip().lower()
        events = self.game.apply_text(written)
        self.actions.append(written)
        return [event.to_json() for event in events]

    def view(self, *, seconds: float = 0.0, result: str | None = None) -> dict[str, Any]:
        """The public view, as the server would give it; the code shows once the game is over."""
        over = result is not None or self.game.won
        view = public_view(
            self.game,
            id="offline",
            code=self.code if over else None,
            version=len(self.actions),
            started_at=self.started_at,
            seconds=seconds,
            over=over,
            result="won" if self.game.won else result,
        )
        return {**view, "offline": True}

    # The browser's calls: JSON in words the page reads.

    def view_json(self, seconds: float = 0.0, result: str | None = None) -> str:
        return json.dumps(self.view(seconds=seconds, result=result))

    def act_json(self, text: str, seconds: float = 0.0) -> str:
        """``{"view", "events"}`` as the server answers an action, or its refusal ``{"error", "message_id"}``
        in the language spoken (``spider.text.speak``: the page's)."""
        try:
            events = self.act(text)
        except SpiderError as refusal:
            return json.dumps(error_body(refusal.message_id, str(refusal)))
        return json.dumps({"view": self.view(seconds=seconds), "events": events})

    def kept_json(self) -> str:
        """What the page keeps to find the game again: its code, table rules and actions."""
        return json.dumps({"code": self.code, "rules": self.rules.to_json(), "actions": self.actions})

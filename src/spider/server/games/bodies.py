"""What the game routes take: a new game's deal and rules, an action, a sign of the clock, a resumed game,
a game played offline, and a hint's index; read strictly (``http.bodies``)."""

from __future__ import annotations

from typing import Annotated, Any, ClassVar, Literal, Self

from pydantic import Field, WithJsonSchema
from starlette.requests import Request

from spider import PRESETS
from spider.cards import SUIT_COUNTS
from spider.server.games.asks import NewGameAsked
from spider.server.http.answers import RULES_SCHEMA
from spider.server.http.bodies import (
    MAX_ACTION_LENGTH,
    MAX_CODE_LENGTH,
    MAX_PRESET_LENGTH,
    MAX_SHARE_LENGTH,
    TABLE_RULES,
    UNPROCESSABLE,
    YES_OR_NO,
    Body,
    SuitCount,
    one_of,
    text_up_to,
)
from spider.server.http.errors import RequestError
from spider.text import Phrase


class NewGame(Body):
    """``POST /api/games``: which deal and which table rules."""

    suits: SuitCount | None = None
    deal: Literal["random", "verified"] = "random"
    rules: Annotated[dict[str, Any], WithJsonSchema(RULES_SCHEMA)] | None = None
    """Single table rules that change the preset's (or the code's); the engine names a wrong one."""
    preset: Annotated[str, Field(min_length=1, max_length=MAX_PRESET_LENGTH, examples=list(PRESETS))] | None = None
    code: Annotated[str, Field(min_length=1, max_length=MAX_CODE_LENGTH, examples=["SP1-S2C-ABCDEFG"])] | None = None
    replay: bool = False
    """The game replays a winning line for the player to watch: it is kept out of every result."""
    share: Annotated[str, Field(min_length=1, max_length=MAX_SHARE_LENGTH)] | None = None
    """A shared deal's token (``POST /api/games/{id}/share``): its deal and table rules, code unseen."""
    daily: Annotated[str, Field(pattern=r"^\d{4}-\d{2}-\d{2}$", examples=["2026-12-05"])] | None = None
    """A day's daily deal (YYYY-MM-DD, today or before), with ``suits`` (and a ``preset`` for its helps): today's
    first game of it is on the day's board."""

    EXPECTED: ClassVar[dict[str, Phrase]] = {
        "suits": one_of(*SUIT_COUNTS),
        "deal": one_of("random", "verified"),
        "rules": TABLE_RULES,
        "preset": text_up_to(MAX_PRESET_LENGTH),
        "code": text_up_to(MAX_CODE_LENGTH),
        "replay": YES_OR_NO,
        "share": text_up_to(MAX_SHARE_LENGTH),
        "daily": Phrase("expected.daily_day"),
    }

    @classmethod
    def from_json(cls, body: dict[str, Any]) -> Self:
        request = super().from_json(body)
        others = request.model_fields_set - {"share"}
        if request.share is not None and others:
            fields = ", ".join(repr(field) for field in sorted(others))
            raise RequestError(UNPROCESSABLE, "server.share_alone", fields=fields)
        others = request.model_fields_set - {"daily", "suits", "preset"}
        if request.daily is not None and others:
            fields = ", ".join(repr(field) for field in sorted(others))
            raise RequestError(UNPROCESSABLE, "server.daily_alone", fields=fields, allowed="'daily', 'suits', 'preset'")
        return request

    def asked(self) -> NewGameAsked:
        """The new game this body asks the service for (a daily deal is asked of the daily deal's service)."""
        return NewGameAsked(self.suits, self.deal, self.rules, self.preset, self.code, self.replay, self.share)


class Action(Body):
    """``POST /api/games/{id}/actions``: one action in notation."""

    action: Annotated[
        str, Field(min_length=1, max_length=MAX_ACTION_LENGTH, examples=["3>7", "3>7:2", "d", "f3", "u", "r"])
    ]
    version: Annotated[int, Field(ge=0)] | None = None
    """The view's ``version`` the action was made on, if the client says."""

    EXPECTED: ClassVar[dict[str, Phrase]] = {
        "action": Phrase("expected.action", {"limit": MAX_ACTION_LENGTH}),
        "version": Phrase("expected.version"),
    }


class ClockSign(Body):
    """``POST /api/games/{id}/clock``: the page shows the game (``true``, also its heartbeat) or no longer does."""

    on_screen: bool

    EXPECTED: ClassVar[dict[str, Phrase]] = {"on_screen": YES_OR_NO}


class Resume(Body):
    """``POST /api/games/{id}/resume``: take a finished game up again after ``at`` of its actions."""

    at: Annotated[int, Field(ge=0)]
    replay: bool = False
    """A replay's table for showing the line from there, never the current game."""

    EXPECTED: ClassVar[dict[str, Phrase]] = {"at": Phrase("expected.at"), "replay": YES_OR_NO}


MAX_HINT_INDEX = 10_000


def hint_index(request: Request) -> int:
    """The ``index`` query parameter of a hint: which of the position's hints, from 0 (the default)."""
    value = request.query_params.get("index", "0")
    if not value.isascii() or not value.isdigit() or int(value) > MAX_HINT_INDEX:
        raise RequestError(UNPROCESSABLE, "server.bad_query", name="index", expected=Phrase("expected.hint_index"))
    return int(value)

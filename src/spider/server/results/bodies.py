"""What the results' routes take: a game played offline, to be checked and counted apart (``http.bodies``)."""


from __future__ import annotations

from typing import Annotated, Any, ClassVar, get_args

from pydantic import Field, WithJsonSchema

from spider.server.http.answers import RULES_SCHEMA
from spider.server.http.bodies import (
    MAX_CODE_LENGTH,
    TABLE_RULES,
    Body,
    one_of,
    text_up_to,
)
from spider.server.results.offline import OfflineGame
from spider.text import Phrase
from spider.view import OfflineEnding

MAX_OFFLINE_ACTIONS_LENGTH = 15_000
MAX_OFFLINE_SECONDS = 30 * 24 * 3600.0


class OfflineResult(Body):
    """``POST /api/offline-results``: a game played offline, as the page kept it, for the server to check."""

    code: Annotated[str, Field(min_length=1, max_length=MAX_CODE_LENGTH, examples=["SP1-S1C-ABCDEFGHIJKLMN"])]
    rules: Annotated[dict[str, Any], WithJsonSchema(RULES_SCHEMA)]
    """The table rules it was played under (every rule, as a view names them)."""
    actions: Annotated[str, Field(max_length=MAX_OFFLINE_ACTIONS_LENGTH, examples=["d 3>7 u 3>7:2"])]
    """Every action in notation, undo and redo included, in order, spaces between."""
    result: OfflineEnding
    """How it ended: "won" must be a win once the actions are played again."""
    seconds: Annotated[float, Field(ge=0, le=MAX_OFFLINE_SECONDS, allow_inf_nan=False)] | None = None
    """The playing time the page counted."""

    EXPECTED: ClassVar[dict[str, Phrase]] = {
        "code": text_up_to(MAX_CODE_LENGTH),
        "rules": TABLE_RULES,
        "actions": Phrase("expected.actions", {"limit": MAX_OFFLINE_ACTIONS_LENGTH}),
        "result": one_of(*get_args(OfflineEnding)),
        "seconds": Phrase("expected.seconds", {"seconds": int(MAX_OFFLINE_SECONDS)}),
    }

    def asked(self) -> OfflineGame:
        """The offline game this body sends, for the service to check and keep."""
        return OfflineGame(self.code, self.rules, self.actions, self.result, self.seconds)

"""What the solver's work answers in the API: a hint (its schema in ``/api/openapi.json``)."""

from __future__ import annotations

from pydantic import with_config
from typing_extensions import TypedDict  # Pydantic reads TypedDicts from here before Python 3.12

from spider.server.http.answers import FORBID
from spider.view import Column, Count, Whole


@with_config(FORBID)
class Hint(TypedDict):
    """A move the solver suggests from what the player sees, or (action null) why there is none."""

    action: str | None
    column: Column | None
    count: Count | None
    target: Column | None
    text: str
    message_id: str
    lead_id: str | None
    """A sentence said before the move, why it is suggested (``hint.fill_deal``: fill the empty columns,
    then deal), or null."""
    deal_possible: bool
    index: Whole
    """Which of the position's worthwhile moves this is, from 0: ask with ``index`` + 1 for the next."""
    total: Whole
    """How many worthwhile moves the position has (0 when there is no action)."""

"""What the arenas' routes take and answer (their schemas in ``/api/openapi.json``)."""

from __future__ import annotations

from typing import Annotated, Any, ClassVar

from pydantic import Field, PlainValidator, WithJsonSchema, with_config
from pydantic_core import PydanticCustomError
from typing_extensions import TypedDict

from spider.cards import SUIT_COUNTS
from spider.server.duels.bodies import DUEL_MINUTES, Minutes
from spider.server.http.answers import FORBID
from spider.server.http.bodies import YES_OR_NO, Body, SuitCount, one_of
from spider.text import Phrase
from spider.view import Suits, Whole

LENGTHS = (15, 30, 45, 60, 90, 120)
"""An arena's length in minutes, as a player may open one."""
MAX_DELAY = 24 * 60
"""An arena a player opens starts within a day."""
STATES = ("upcoming", "running", "over")


def _length(value: Any) -> int:
    if type(value) is not int or value not in LENGTHS:
        raise PydanticCustomError("length", "an arena's length")
    return value


Length = Annotated[int, PlainValidator(_length), WithJsonSchema({"enum": list(LENGTHS)})]
State = Annotated[str, WithJsonSchema({"enum": list(STATES)})]


class NewArena(Body):
    """``POST /api/arenas``: an arena of one's own: its suit count, each duel's minutes, its length, when
    it starts (minutes from now) and whether computer players fill in for a player left waiting."""

    suits: SuitCount
    minutes: Minutes
    length: Length
    starts_in: Annotated[int, Field(ge=0, le=MAX_DELAY)] = 0
    computers: bool = False

    EXPECTED: ClassVar[dict[str, Phrase]] = {
        "suits": one_of(*SUIT_COUNTS),
        "minutes": one_of(*DUEL_MINUTES),
        "length": one_of(*LENGTHS),
        "starts_in": Phrase("arena.expected_start", {"limit": MAX_DELAY}),
        "computers": YES_OR_NO,
    }


@with_config(FORBID)
class Standing(TypedDict):
    """One player's place: points, duels, wins, the run of wins (from 2 on, points count double)."""

    place: Annotated[int, Field(ge=1)]
    name: str
    """Empty for a player who has not chosen a name: a made-up name is on no board."""
    rating: float
    points: Whole
    duels: Whole
    wins: Whole
    streak: Whole
    playing: bool
    active: bool
    """Still in the arena (not withdrawn): paired as soon as they are free."""
    ranked: bool
    """In good standing (``results.standing``): only their duels with each other give points, and only they
    stand on the podium; the others play unranked, listed after them."""


@with_config(FORBID)
class ArenaYou(TypedDict):
    """The asking player in the arena: whether they are in, their duel now, and whether they may go berserk."""

    active: bool
    stalled: bool
    """Withdrawn for a duel they made no move in (their game ended by the clock's ``STALL_SECONDS`` or by their own
    Finish): the page tells them so, with the way back (joining again), until they do."""
    points: Whole
    duel: str | None
    berserk: bool
    """They went berserk in the duel they play now."""
    may_berserk: bool


@with_config(FORBID)
class ArenaSummary(TypedDict):
    id: str
    suits: Suits
    minutes: int
    length: int
    starts_at: str
    ends_at: str
    state: State
    computers: bool
    opened_by: str | None
    """The name of the player who opened it; null for one the server scheduled."""
    players: Whole
    joined: bool


@with_config(FORBID)
class Arenas(TypedDict):
    arenas: list[ArenaSummary]


@with_config(FORBID)
class ArenaState(TypedDict):
    """An arena with its standings (best first), the podium once over (the first three), and you."""

    arena: ArenaSummary
    remaining_ms: Whole
    """Until it starts (upcoming) or ends (running); 0 once over."""
    standings: list[Standing]
    podium: list[Standing] | None
    you: ArenaYou | None
    ranked: bool
    """Whether the asking player is in good standing: their arena duels with others in good standing give points."""
    unranked: str | None
    """Why the asking player plays unranked, and how to be ranked, in a sentence; null when they are ranked."""


"""What the duel routes take: a new duel table with its suits, time limit and opponent."""

from __future__ import annotations

import json
from typing import Annotated, Any, ClassVar, Literal, Self

from pydantic import BaseModel, ConfigDict, Field, PlainValidator, WithJsonSchema
from pydantic_core import PydanticCustomError

from spider import PRESETS
from spider.cards import SUIT_COUNTS
from spider.players import STRENGTHS
from spider.server.duels.asks import NewTable
from spider.server.duels.model import PERSON
from spider.server.http.answers import RULES_SCHEMA
from spider.server.http.bodies import (
    MAX_PRESET_LENGTH,
    TABLE_RULES,
    UNPROCESSABLE,
    Body,
    SuitCount,
    one_of,
    text_up_to,
)
from spider.server.http.errors import RequestError
from spider.text import Phrase

DUEL_MINUTES = (3, 5, 10, 15)
MAX_RATING = 10_000.0


def _minutes(value: Any) -> int:
    if type(value) is not int or value not in DUEL_MINUTES:
        raise PydanticCustomError("minutes", "a duel's time limit")
    return value


Minutes = Annotated[int, PlainValidator(_minutes), WithJsonSchema({"enum": list(DUEL_MINUTES)})]
Rating = Annotated[float, Field(ge=0, le=MAX_RATING, allow_inf_nan=False)]


class PersonOpponent(BaseModel):
    """A person, anyone whose rating is within the range (both ends included) if one is given."""

    model_config = ConfigDict(strict=True, extra="forbid", frozen=True)

    kind: Literal["person"]
    min_rating: Rating | None = None
    max_rating: Rating | None = None


class ComputerOpponent(BaseModel):
    model_config = ConfigDict(strict=True, extra="forbid", frozen=True)

    kind: Literal["computer"]
    strength: Annotated[str, WithJsonSchema({"enum": list(STRENGTHS)})]


class NewDuel(Body):
    """``POST /api/duels``: a table with its suits, time limit and opponent; the ``duel`` preset's
    table rules unless a preset or single rules say otherwise, always under duel scoring."""

    suits: SuitCount
    minutes: Minutes
    opponent: Annotated[PersonOpponent | ComputerOpponent, Field(discriminator="kind")]
    preset: Annotated[str, Field(min_length=1, max_length=MAX_PRESET_LENGTH, examples=list(PRESETS))] | None = None
    rules: Annotated[dict[str, Any], WithJsonSchema(RULES_SCHEMA)] | None = None

    EXPECTED: ClassVar[dict[str, Phrase]] = {
        "suits": one_of(*SUIT_COUNTS),
        "minutes": one_of(*DUEL_MINUTES),
        "opponent": Phrase("expected.opponent", {
            "person": json.dumps({"kind": "person"}),
            "computer": '{"kind": "computer", "strength": ' + " | ".join(map(json.dumps, STRENGTHS)) + "}",
        }),
        "preset": text_up_to(MAX_PRESET_LENGTH),
        "rules": TABLE_RULES,
    }

    @classmethod
    def from_json(cls, body: dict[str, Any]) -> Self:
        request = super().from_json(body)
        opponent = request.opponent
        if isinstance(opponent, ComputerOpponent) and opponent.strength not in STRENGTHS:
            raise RequestError(UNPROCESSABLE, "server.bad_field", field="opponent", expected=cls.EXPECTED["opponent"])
        scoring = (request.rules or {}).get("scoring", "duel")
        if scoring != "duel":  # a duel is won on duel points: under another scoring, never moving could win it
            raise RequestError(UNPROCESSABLE, "duel.scoring", scoring=str(scoring)[:16])
        if isinstance(opponent, PersonOpponent) and None not in (opponent.min_rating, opponent.max_rating):
            assert opponent.min_rating is not None and opponent.max_rating is not None
            if opponent.min_rating > opponent.max_rating:
                raise RequestError(UNPROCESSABLE, "duel.rating_range")
        return request

    def asked(self) -> NewTable:
        """The table this body asks the duels' service for."""
        opponent = self.opponent
        if isinstance(opponent, ComputerOpponent):
            return NewTable(self.suits, self.minutes, opponent.strength, self.preset, self.rules)
        return NewTable(
            self.suits, self.minutes, PERSON, self.preset, self.rules, opponent.min_rating, opponent.max_rating
        )



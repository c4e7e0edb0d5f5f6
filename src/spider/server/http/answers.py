"""What the API answers: the shape of each answer, as the types the code that builds it is checked
against (mypy) and as the schemas of the API's description (``openapi``, through Pydantic).

Every shape forbids keys it does not name, so that an answer with a key left undescribed breaks the
schema; the tests run generated requests against the description and check every answer.
"""

from __future__ import annotations

from typing import Annotated, Any

from pydantic import ConfigDict, WithJsonSchema, with_config
from typing_extensions import TypedDict  # Pydantic reads TypedDicts from here before Python 3.12

from spider.cards import SUIT_COUNTS
from spider.players.strengths import STRENGTHS
from spider.rules import CHOICES
from spider.view import RULES_PROPERTIES
from spider.view import AboutExercise as AboutExercise
from spider.view import Exercise as Exercise
from spider.view import Playing as Playing
from spider.view import Practising as Practising  # the view's shapes live beside the engine's view (spider.view)
from spider.view import Result as Result
from spider.view import View as View

RULES_SCHEMA: dict[str, Any] = {
    "type": "object",
    "title": "RuleChanges",
    "description": "Table rules by name (SPEC 1.9), each one of its choices; a rule not named keeps its value.",
    "properties": RULES_PROPERTIES,
    "additionalProperties": False,
}
"""Single table rules in a request."""

RuleChoices = Annotated[
    dict[str, list[Any]],
    WithJsonSchema(
        {
            "type": "object",
            "title": "RuleChoices",
            "description": "Each table rule's choices, the default first.",
            "properties": {name: {"type": "array"} for name in CHOICES},
            "required": list(CHOICES),
            "additionalProperties": False,
        }
    ),
]

SuitsKey = Annotated[str, WithJsonSchema({"enum": [str(suits) for suits in SUIT_COUNTS]})]
Strength = Annotated[str, WithJsonSchema({"enum": list(STRENGTHS)})]

FORBID = ConfigDict(extra="forbid")


@with_config(FORBID)
class Error(TypedDict):
    """Every refusal: a sentence naming the problem, and its id in the catalogs."""

    error: str
    message_id: str


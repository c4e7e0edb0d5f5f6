"""What the people's routes take: a name. Its one limit is ``MAX_NAME`` characters as the name is kept (spaces
around it left out), which ``check_name`` holds it to, with the sentence that names the problem."""

from __future__ import annotations

from typing import Annotated, ClassVar

from pydantic import WithJsonSchema

from spider.server.http.bodies import Body
from spider.server.people.service import MAX_NAME
from spider.text import Phrase


class Name(Body):
    """``PUT /api/me``: the name shown to other players."""

    name: Annotated[str, WithJsonSchema({"type": "string", "minLength": 1, "maxLength": MAX_NAME})]

    EXPECTED: ClassVar[dict[str, Phrase]] = {"name": Phrase("expected.name", {"limit": MAX_NAME})}

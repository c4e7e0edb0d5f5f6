"""What the people's routes take: a name (one limit, ``MAX_NAME``, on the name as it is kept: spaces around it
do not count)."""

from __future__ import annotations

from typing import Annotated, ClassVar

from pydantic import StringConstraints

from spider.server.http.bodies import (
    Body,
)
from spider.server.people.service import MAX_NAME
from spider.text import Phrase


class Name(Body):
    """``PUT /api/me``: the name shown to other players."""

    name: Annotated[str, StringConstraints(strip_whitespace=True, min_length=1, max_length=MAX_NAME)]

    EXPECTED: ClassVar[dict[str, Phrase]] = {"name": Phrase("expected.name", {"limit": MAX_NAME})}



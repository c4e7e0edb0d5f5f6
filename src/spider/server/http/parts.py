"""The app's parts (the games, the duels, the limits...), each kept under its own type: the one typed container
through which the handlers reach them.

``create_app`` adds each part once (:meth:`Parts.add`); a handler asks ``part(request, Games)`` and gets a
``Games``, to mypy and at run time, with no cast, and a part the app never added is a clear fault, not an
attribute error deep in a handler. A package names only the types of the packages below it, so the container
keeps to the declared order of the packages (``spider.server.LAYERS``); the app's untyped state is read here and
nowhere else.

>>> parts = Parts()
>>> parts.add(3.5)
>>> parts[float] + 1
4.5
>>> parts[int]
Traceback (most recent call last):
    ...
LookupError: the app has no part of type int
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar, cast

from starlette.requests import HTTPConnection

T = TypeVar("T")
Kind = Callable[..., T]
"""A part's type, as its class names it: a class, an abstract base class or a protocol (mypy takes the last two
as a ``Callable`` where it refuses them as a ``type``)."""


class Parts:
    """The app's parts, at most one of each type."""

    def __init__(self) -> None:
        self._parts: dict[Kind[Any], Any] = {}

    def add(self, *parts: object) -> None:
        """Keeps each part under its own type."""
        for found in parts:
            self.put(type(found), found)

    def put(self, kind: Kind[T], found: T) -> None:
        """Keeps a part under a type of the caller's choice: a base class, or a protocol it meets (a package
        below may ask by a protocol of its own for a part of a package above)."""
        if kind in self._parts:
            raise ValueError(f"the app has a part of type {_name(kind)} already")
        self._parts[kind] = found

    def replace(self, kind: Kind[T], found: T) -> None:
        """Puts a part in place of the one kept under ``kind`` (a test's limits on a clock of its own)."""
        self[kind]  # one that is there
        self._parts[kind] = found

    def __getitem__(self, kind: Kind[T]) -> T:
        try:
            return cast(T, self._parts[kind])
        except KeyError:
            raise LookupError(f"the app has no part of type {_name(kind)}") from None


def part(connection: HTTPConnection, kind: Kind[T]) -> T:
    """The part of type ``kind`` of the app serving this request or socket."""
    return parts_of(connection.app)[kind]


def parts_of(app: Any) -> Parts:
    """The parts of a Spider app (``app.create_app``)."""
    found: Parts = app.state.parts
    return found


def _name(kind: Kind[Any]) -> str:
    return getattr(kind, "__name__", repr(kind))

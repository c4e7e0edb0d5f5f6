"""The app's parts reach the handlers typed (``http.parts``): every part a module of the server asks for by type
is one the app put together, so no handler meets a missing part at run time."""

from __future__ import annotations

import ast
import importlib

import pytest
from starlette.testclient import TestClient

from spider.server.http.parts import Parts, parts_of
from tests.test_imports import PACKAGE


def asked_for() -> set[tuple[str, str]]:
    """Each (module, name) of a part asked for: ``part(request, Name)`` or ``parts[Name]``."""
    found = set()
    for path in sorted((PACKAGE / "server").rglob("*.py")):
        module = ".".join(path.relative_to(PACKAGE.parent).with_suffix("").parts)
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "part" and len(node.args) == 2:
                kind = node.args[1]
            elif isinstance(node, ast.Subscript) and getattr(node.value, "id", None) == "parts":
                kind = node.slice
            else:
                continue
            if isinstance(kind, ast.Name):
                found.add((module, kind.id))
    return found


def test_every_part_a_module_asks_for_is_one_the_app_has(client: TestClient) -> None:
    parts = parts_of(client.app)
    asked = asked_for()
    assert len(asked) > 20  # the handlers of every package, found
    for module, name in sorted(asked):
        kind = getattr(importlib.import_module(module), name)
        parts[kind]  # raises LookupError, naming the type, for a part the app lacks


def test_a_part_is_kept_once_and_a_missing_one_is_named() -> None:
    parts = Parts()
    parts.add(3.5)
    with pytest.raises(ValueError, match="a part of type float already"):
        parts.add(2.0)
    with pytest.raises(LookupError, match="^the app has no part of type int$"):
        parts[int]

"""The page's answer types (web/js/answers.d.ts) are the ones the server's OpenAPI description gives now."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

SCRIPT = Path(__file__).resolve().parents[1] / "scripts" / "answer_types.py"


def script() -> ModuleType:
    spec = importlib.util.spec_from_file_location("answer_types", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_committed_answer_types_are_current() -> None:
    answer_types = script()
    written = answer_types.TARGET.read_text(encoding="utf-8") if answer_types.TARGET.exists() else ""
    assert written == answer_types.generate(), (
        f"{answer_types.TARGET.name} differs from the server's description: run `{answer_types.COMMAND}`"
    )


def json_of(name: str) -> dict[str, object]:
    return {"content": {"application/json": {"schema": {"$ref": f"#/components/schemas/{name}"}}}}


def test_schemas_become_typescript() -> None:
    answer_types = script()
    document = {
        "paths": {
            "/api/things/{thing_id}": {
                "get": {"responses": {"200": json_of("Thing")}},
                "put": {
                    "requestBody": json_of("Nothing"),
                    "responses": {"204": {"description": "No Content"}},
                },
            },
            "/": {"get": {"responses": {"200": {"content": {"text/html": {"schema": {"type": "string"}}}}}}},
        },
        "components": {
            "schemas": {
                "Nothing": {"type": "object", "properties": {}, "additionalProperties": False},
                "Thing": {
                    "type": "object",
                    "description": "A thing.",
                    "properties": {
                        "name": {"type": "string"},
                        "size": {"anyOf": [{"type": "integer"}, {"type": "null"}]},
                        "kind": {"enum": ["big", "small", None]},
                        "suits": {"type": "array", "items": {"enum": [1, 2, 4]}},
                        "by_day": {"type": "object", "additionalProperties": {"$ref": "#/components/schemas/Nothing"}},
                        "pair": {"type": "array", "prefixItems": [{"type": "string"}, {"type": "number"}]},
                        "type": {"const": "thing"},
                        "odd key": {},
                    },
                    "required": ["name", "size", "kind", "suits", "by_day", "pair", "type"],
                },
            }
        },
    }
    text = answer_types.generate(document)
    assert "export type Nothing = Record<string, never>;" in text
    assert "/** A thing. */\nexport interface Thing {" in text
    for line in (
        "  name: string;",
        "  size: number | null;",
        '  kind: "big" | "small" | null;',
        "  suits: (1 | 2 | 4)[];",
        "  by_day: Record<string, Nothing>;",
        "  pair: [string, number];",
        '  type: "thing";',
        '  "odd key"?: unknown;',
        '  "GET /api/things/{thing_id}": Thing;',
        '  "PUT /api/things/{thing_id}": Nothing;',
    ):
        assert f"\n{line}\n" in text, line
    assert '"GET /"' not in text  # no JSON answer: not a route of request()

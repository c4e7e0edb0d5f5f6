"""Writes the page's answer types (src/spider/web/js/answers.d.ts) from the server's OpenAPI description.

    .venv/bin/python scripts/answer_types.py

The description is the one ``GET /api/openapi.json`` gives, built from the routes' table and the types of
their answers (``server/answers.py``, the view's in ``spider/view.py``), so the page's types follow the
server's: every schema of the description becomes a TypeScript declaration, and ``Endpoints`` maps each
route ("GET /api/games/{game_id}") to its answer's type, ``Bodies`` to the body it takes. tests/test_answer_types.py
holds the file to what this script writes now.
"""

from __future__ import annotations

import json
import re
import sys
import tempfile
import warnings
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
TARGET = ROOT / "src" / "spider" / "web" / "js" / "answers.d.ts"
COMMAND = ".venv/bin/python scripts/answer_types.py"
REFERENCE = "#/components/schemas/"
IDENTIFIER = re.compile(r"^[A-Za-z_$][A-Za-z0-9_$]*$")

Schema = dict[str, Any]


def description() -> dict[str, Any]:
    """The server's OpenAPI description, as an app on a throwaway database answers it."""
    with warnings.catch_warnings():
        # Starlette asks for httpx2 and warns when it finds httpx; the client works the same either way.
        warnings.filterwarnings("ignore", message="Using `httpx` with `starlette.testclient`")
        from starlette.testclient import TestClient

    # The server's only import here: its modules move, the app's factory and its settings stay.
    from spider.server.app import create_app
    from spider.server.settings import Settings

    with tempfile.TemporaryDirectory() as folder:
        settings = Settings(
            database=str(Path(folder) / "answers.sqlite"), pool_target=0, verify_seconds=0, solver_workers=0
        )
        with TestClient(create_app(settings)) as client:
            answer = client.get("/api/openapi.json")
            answer.raise_for_status()
            document: dict[str, Any] = answer.json()
    return document


def comment(text: str | None, indent: str) -> list[str]:
    """A JSDoc comment of a schema's description (none without one)."""
    if not text:
        return []
    lines = text.strip().replace("*/", "*\\/").splitlines()
    if len(lines) == 1:
        return [f"{indent}/** {lines[0]} */"]
    return [f"{indent}/**", *(f"{indent} * {line}".rstrip() for line in lines), f"{indent} */"]


def key(name: str) -> str:
    return name if IDENTIFIER.match(name) else json.dumps(name)


def union(members: list[str]) -> str:
    unique = list(dict.fromkeys(members))
    return " | ".join(unique) if unique else "never"


def grouped(text: str) -> str:
    """A type written so that [] or a further | binds to all of it."""
    return f"({text})" if " | " in text else text


def typescript(schema: Schema | bool, indent: str = "") -> str:
    """The TypeScript type of a JSON Schema (as Pydantic writes them)."""
    if schema is True or schema == {}:
        return "unknown"
    if schema is False:
        return "never"
    assert isinstance(schema, dict)
    if "$ref" in schema:
        return str(schema["$ref"]).removeprefix(REFERENCE)
    if "const" in schema:
        return json.dumps(schema["const"])
    if "enum" in schema:
        return union([json.dumps(value) for value in schema["enum"]])
    for choice in ("anyOf", "oneOf"):
        if choice in schema:
            return union([typescript(member, indent) for member in schema[choice]])
    kind = schema.get("type")
    if isinstance(kind, list):
        return union([typescript({**schema, "type": one}, indent) for one in kind])
    if kind in ("integer", "number"):
        return "number"
    if kind in ("string", "boolean", "null"):
        return str(kind)
    if kind == "array":
        if "prefixItems" in schema:
            return f"[{', '.join(typescript(item, indent) for item in schema['prefixItems'])}]"
        return f"{grouped(typescript(schema.get('items', True), indent))}[]"
    if kind == "object" or "properties" in schema:
        return object_type(schema, indent)
    raise ValueError(f"no TypeScript type for the schema {schema}")


def object_type(schema: Schema, indent: str) -> str:
    properties: dict[str, Schema] = schema.get("properties", {})
    extra = schema.get("additionalProperties", not properties)
    if not properties:
        return f"Record<string, {typescript(extra, indent)}>"
    return "{\n" + "\n".join(members(schema, indent + "  ")) + f"\n{indent}}}"


def members(schema: Schema, indent: str) -> list[str]:
    """An object schema's fields, one a line, each after its description."""
    required = set(schema.get("required", []))
    lines = []
    for name, field in schema.get("properties", {}).items():
        lines += comment(field.get("description"), indent)
        lines.append(f"{indent}{key(name)}{'' if name in required else '?'}: {typescript(field, indent)};")
    extra = schema.get("additionalProperties", False)
    if extra is not False:
        lines.append(f"{indent}[field: string]: {typescript(extra, indent)};")
    return lines


def declaration(name: str, schema: Schema) -> list[str]:
    lines = comment(schema.get("description"), "")
    if schema.get("type") == "object" and schema.get("properties"):
        return [*lines, f"export interface {name} {{", *members(schema, "  "), "}"]
    return [*lines, f"export type {name} = {typescript(schema)};"]


def routes(document: dict[str, Any]) -> tuple[list[str], list[str]]:
    """Each JSON route's answer (its success's), and the body of each route that takes one."""
    answers, bodies = [], []
    for path, operations in document["paths"].items():
        for method, operation in operations.items():
            route = json.dumps(f"{method.upper()} {path}")
            success = [status for status in operation["responses"] if status.startswith("2")]
            content = operation["responses"][success[0]].get("content", {}) if success else {}
            if "application/json" in content:
                answers.append(f"  {route}: {typescript(content['application/json']['schema'], '  ')};")
            body = operation.get("requestBody", {}).get("content", {}).get("application/json")
            if body:
                bodies.append(f"  {route}: {typescript(body['schema'], '  ')};")
    return answers, bodies


def generate(document: dict[str, Any] | None = None) -> str:
    """The text of answers.d.ts for the description (by default the server's own)."""
    document = description() if document is None else document
    lines = [
        f"// Written by `{COMMAND}` from the server's OpenAPI description (GET /api/openapi.json):",
        "// do not edit; a shape changed on the server is changed here by running it again. The page's own types,",
        "// and names for parts of these, are in types.d.ts.",
    ]
    for name, schema in document["components"]["schemas"].items():
        lines += ["", *declaration(name, schema)]
    answers, bodies = routes(document)
    lines += ["", "/** Each route's answer, by its method and path as the description names them. */"]
    lines += ["export interface Endpoints {", *answers, "}"]
    lines += ["", "/** The body each route takes, for those that take one. */"]
    lines += ["export interface Bodies {", *bodies, "}"]
    return "\n".join(lines) + "\n"


def main() -> int:
    text = generate()
    if TARGET.exists() and TARGET.read_text(encoding="utf-8") == text:
        print(f"{TARGET.relative_to(ROOT)} is current")
    else:
        TARGET.write_text(text, encoding="utf-8")
        print(f"wrote {TARGET.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

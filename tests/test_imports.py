"""No import circle in the house, Python or the page's JavaScript: arrows point down only (STYLE.md).

Every import counts: at the top of a file, inside a function, under ``TYPE_CHECKING``, and the page's dynamic
``import()``. A lazy import hides a circle from the interpreter, not from the reader, who still has to know
both files to change either.

Python: ``import a.b`` depends on ``a.b``; ``from a import b`` on ``a.b`` when that is one of our ``.py`` files,
otherwise (a function, a class, the compiled C core) on ``a``. A module depends on its package's ``__init__`` only
when it imports it by name, although Python runs it first: every module would otherwise be in a circle with its
package. JavaScript: ``import … from``, ``export … from``, a bare ``import '…'`` and ``import('…')``, with their
relative paths resolved; the Pyodide runtime copied into web/pyodide is not ours and is skipped.
"""

from __future__ import annotations

import ast
import posixpath
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[1] / "src" / "spider"
SKIPPED = "pyodide"  # web/pyodide: the offline engine's runtime, copied in at build time

Graph = dict[str, set[str]]


def _ours(root: Path, pattern: str) -> Iterator[Path]:
    for path in sorted(root.rglob(pattern)):
        if SKIPPED not in path.relative_to(root).parts:
            yield path


def python_graph(package: Path) -> Graph:
    """Each module of the package (dotted name) and the modules of the package it imports."""
    files: dict[str, Path] = {}
    for path in _ours(package, "*.py"):
        parts = path.relative_to(package.parent).with_suffix("").parts
        files[".".join(parts[:-1] if parts[-1] == "__init__" else parts)] = path
    graph: Graph = {}
    for name, path in files.items():
        here = name.split(".") if path.name == "__init__.py" else name.split(".")[:-1]
        imported: set[str] = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
            if isinstance(node, ast.Import):
                imported.update(alias.name for alias in node.names)
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:  # relative: from . import x, from ..y import z
                    base = ".".join([*here[: len(here) - node.level + 1], *([base] if base else [])])
                for alias in node.names:
                    imported.add(f"{base}.{alias.name}" if f"{base}.{alias.name}" in files else base)
        graph[name] = {module for module in imported if module in files}
    return graph


# Comments go first, so that an import in a comment is no edge ("//" after a ":" is a URL, not a comment).
JS_COMMENT = re.compile(r"/\*.*?\*/|(?<![:\w'\"])//[^\n]*", re.DOTALL)
JS_IMPORT = re.compile(
    r"""\b(?:import|export)\s[^;'"`]*?\bfrom\s*(['"])(?P<a>[^'"]+)\1"""  # import x from '…', export { x } from '…'
    r"""|\bimport\s*(['"])(?P<b>[^'"]+)\3"""  # import '…' (for its effects only)
    r"""|\bimport\s*\(\s*(['"])(?P<c>[^'"]+)\5\s*\)""",  # import('…')
)


def js_graph(web: Path) -> Graph:
    """Each JavaScript file of the page (path under web/) and the page's files it imports."""
    files = {path.relative_to(web).as_posix(): path for path in _ours(web, "*.js")}
    graph: Graph = {}
    for name, path in files.items():
        text = JS_COMMENT.sub("", path.read_text(encoding="utf-8"))
        imported = set()
        for found in JS_IMPORT.finditer(text):
            target = found["a"] or found["b"] or found["c"]
            if target.startswith("."):
                imported.add(posixpath.normpath(posixpath.join(posixpath.dirname(name), target)))
        graph[name] = imported & files.keys()
    return graph


def circles(graph: Graph) -> list[list[str]]:
    """The strongly connected components of more than one node, and the nodes that import themselves (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        for target in sorted(graph.get(node, ())):
            if target not in index:
                visit(target)
                low[node] = min(low[node], low[target])
            elif target in stack:
                low[node] = min(low[node], index[target])
        if low[node] == index[node]:  # node is the root of a component: it is what lies on the stack above it
            component = stack[stack.index(node) :]
            del stack[stack.index(node) :]
            if len(component) > 1 or node in graph.get(node, ()):
                found.append(sorted(component))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return sorted(found)


def described(components: list[list[str]], graph: Graph) -> str:
    """Each circle with the imports that close it, so that the failure says which lines to change."""
    lines = []
    for component in components:
        lines.append(f"{len(component)} in a circle: {', '.join(component)}")
        lines += [f"    {a} -> {b}" for a in component for b in sorted(graph[a]) if b in component]
    return "\n".join(lines)


def test_python_has_no_import_circle() -> None:
    graph = python_graph(PACKAGE)
    assert "spider.server.app" in graph  # the walk found the package
    found = circles(graph)
    assert not found, "import circles in src/spider:\n" + described(found, graph)


def test_page_has_no_import_circle() -> None:
    graph = js_graph(PACKAGE / "web")
    assert "js/main.js" in graph and "sw.js" in graph
    found = circles(graph)
    assert not found, "import circles in src/spider/web:\n" + described(found, graph)


# The finder itself, on small made-up trees: it must see the imports a lazy or type-only circle hides behind.


def write(root: Path, files: dict[str, str]) -> Path:
    for name, text in files.items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text(text, encoding="utf-8")
    return root


def test_python_circles_through_lazy_type_only_and_relative_imports_are_found(tmp_path: Path) -> None:
    package = write(
        tmp_path,
        {
            "pkg/__init__.py": "from pkg.a import A\n",
            "pkg/a.py": "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from pkg.b import B\nA = 1\n",
            "pkg/b.py": "def f():\n    from . import a\n",
            "pkg/c.py": "import pkg\n",  # the package's __init__, by name
            "pkg/d.py": "from pkg import A\n",  # a name of the package: the __init__ too
            "pkg/e.py": "import pkg.f\n",
            "pkg/f.py": "from pkg import e\n",
            "pkg/g.py": "from pkg import g\n",  # itself
            "pkg/leaf.py": "import os\nfrom pkg import a\n",
        },
    )
    graph = python_graph(package / "pkg")
    assert graph["pkg"] == {"pkg.a"}
    assert graph["pkg.leaf"] == {"pkg.a"}
    assert circles(graph) == [["pkg.a", "pkg.b"], ["pkg.e", "pkg.f"], ["pkg.g"]]


def test_a_module_is_not_in_a_circle_with_a_package_it_does_not_name(tmp_path: Path) -> None:
    package = write(tmp_path, {"pkg/__init__.py": "from pkg.a import A\n", "pkg/a.py": "A = 1\n"})
    assert circles(python_graph(package / "pkg")) == []


def test_page_circles_through_dynamic_imports_and_re_exports_are_found(tmp_path: Path) -> None:
    web = write(
        tmp_path,
        {
            "js/a.js": "import { b } from './b.js';\n",
            "js/b.js": "// import { a } from './a.js';\nexport const b = () => import('../js/c.js');\n",
            "js/c.js": "export {\n  b,\n} from './b.js';\nfetch('http://x//y');\n",
            "js/d.js": "import './e.js';\nimport { z } from '/static/pyodide/x.mjs';\n",
            "js/e.js": "/* import('./d.js') */\nexport const e = 1;\n",
            "sw.js": "import { a } from './js/a.js';\n",
            "pyodide/x.js": "import './x.js';\n",
        },
    )
    graph = js_graph(web)
    assert graph["sw.js"] == {"js/a.js"} and graph["js/d.js"] == {"js/e.js"} and graph["js/e.js"] == set()
    assert "pyodide/x.js" not in graph
    assert circles(graph) == [["js/b.js", "js/c.js"]]


@pytest.mark.parametrize("length", [2, 3, 400])
def test_a_long_chain_closed_at_its_end_is_one_circle(length: int) -> None:
    graph = {str(n): {str(n + 1)} for n in range(length)} | {str(length): {"0"}}
    assert circles(graph) == [sorted(str(n) for n in range(length + 1))]

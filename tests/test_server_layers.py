"""The server's packages in their declared order (``spider.server.LAYERS``), as lila's build file declares its
modules: a package may import the packages of the layers before its own, and none of its own layer or after.

Every import counts, as in ``test_imports``: at the top of a file, inside a function, under ``TYPE_CHECKING``.
"""

from __future__ import annotations

from pathlib import Path

from spider.server import LAYERS
from tests.test_imports import PACKAGE, python_graph, write

SERVER = "spider.server"


def package_of(module: str) -> str | None:
    """The server package (``games``) or top-level module (``app``) a module of the server is in."""
    parts = module.split(".")
    if parts[:2] != SERVER.split(".") or len(parts) < 3:
        return None
    return parts[2]


def against_the_order(graph: dict[str, set[str]], layers: tuple[tuple[str, ...], ...]) -> list[str]:
    """Each import from a server package to one of its own layer or a later one, as ``a.b -> c.d``."""
    rank = {package: index for index, layer in enumerate(layers) for package in layer}
    wrong = []
    for module, imported in sorted(graph.items()):
        here = package_of(module)
        if here is None:
            continue
        for other in sorted(imported):
            there = package_of(other)
            if there is None or there == here:
                continue
            if here not in rank or there not in rank:
                wrong.append(f"{module} -> {other} (a package missing from LAYERS)")
            elif rank[there] >= rank[here]:
                wrong.append(f"{module} -> {other}")
    return wrong


def test_every_server_package_is_in_one_layer() -> None:
    declared = [package for layer in LAYERS for package in layer]
    assert len(declared) == len(set(declared)), "a package is declared twice"
    there = {
        path.stem if path.suffix == ".py" else path.name
        for path in (PACKAGE / "server").iterdir()
        if (path.suffix == ".py" and path.stem != "__init__") or (path / "__init__.py").exists()
    }
    assert there == set(declared)


def test_server_packages_import_only_the_layers_before_theirs() -> None:
    assert against_the_order(python_graph(PACKAGE), LAYERS) == []


def test_an_import_against_the_order_is_found_lazy_or_type_only(tmp_path: Path) -> None:
    root = write(tmp_path, {
        "spider/__init__.py": "",
        "spider/server/__init__.py": "",
        "spider/server/base/__init__.py": "",
        "spider/server/base/x.py": "def f():\n    from spider.server.top import y\n",
        "spider/server/top/__init__.py": "",
        "spider/server/top/y.py": (
            "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from spider.server.side import z\n"
        ),
        "spider/server/side/__init__.py": "",
        "spider/server/side/z.py": "from spider.server.base import x\n",
    })
    graph = python_graph(root / "spider")
    assert against_the_order(graph, (("base",), ("side", "top"))) == [
        "spider.server.base.x -> spider.server.top.y",
        "spider.server.top.y -> spider.server.side.z",
    ]


def test_every_table_module_is_a_package_of_the_server() -> None:
    from spider.server.migrations.schema import PACKAGES, metadata

    assert {module.__name__.split(".")[2] for module in PACKAGES} == {
        path.parent.name for path in (PACKAGE / "server").glob("*/tables.py")
    }
    assert metadata.tables  # and the one MetaData holds them all


def readers_of_tables(graph: dict[str, set[str]]) -> list[str]:
    """Each import of a package's tables from outside it (the migrations, the schema's history, apart)."""
    found = []
    for module, imported in sorted(graph.items()):
        here = package_of(module)
        for other in sorted(imported):
            there = package_of(other)
            if other.endswith(".tables") and there not in (here, None) and here != "migrations":
                found.append(f"{module} -> {other}")
    return found


def test_a_package_alone_reads_and_writes_its_tables() -> None:
    # another package asks the owner: a function of its store or service, or a read-only view it declares to join
    assert readers_of_tables(python_graph(PACKAGE)) == []

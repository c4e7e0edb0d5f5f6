"""The server's services speak no HTTP (issue 50): they raise refusals (``spider.server.refusals``) and take plain
values, and the one error table (``http.errors``) turns a refusal into an answer. So no service module imports
Starlette (any of its modules) or a request body (any ``bodies`` module), at the top of a file, inside a
function or under ``TYPE_CHECKING``.

The service modules: every package's ``service.py`` and ``store.py``, and the domain modules beside them that
answer no route: ``games.asks``, ``games.records``, ``games.clock``, ``games.kinds``, ``games.events``,
``duels.duels``, ``duels.asks``, ``duels.computer``, ``duels.lobby``, ``duels.model``, ``duels.rated``,
``duels.state``, ``duels.clock``, ``arenas.arenas``, ``arenas.rules``, ``results.*``, ``solving.searches``,
``records.files``, ``people.ratings``, ``people.lookalikes``, ``people.presence``, ``people.accounts``,
``accounts.leaving``, ``daily``'s and ``ghosts``'
services, and the refusals themselves.
"""

from __future__ import annotations

import ast
from pathlib import Path

from tests.test_imports import PACKAGE, write

SERVER = PACKAGE / "server"
DOMAIN_MODULES = (
    "refusals.py",
    "games/asks.py", "games/records.py", "games/clock.py", "games/kinds.py", "games/events.py",
    "duels/duels.py", "duels/asks.py", "duels/computer.py", "duels/lobby.py", "duels/model.py", "duels/rated.py",
    "duels/state.py", "duels/clock.py",
    "arenas/arenas.py", "arenas/rules.py",
    "results/counting.py", "results/offline.py", "results/stats.py", "results/tallies.py",
    "solving/searches.py", "records/files.py",
    "people/ratings.py", "people/lookalikes.py", "people/presence.py", "people/accounts.py",
    "accounts/leaving.py",
)


def service_modules(server: Path) -> list[Path]:
    """Every service module of the server: each package's ``service.py`` and ``store.py``, and the domain
    modules named above."""
    found = {*server.glob("*/service.py"), *server.glob("*/store.py")}
    found |= {server / name for name in DOMAIN_MODULES if (server / name).exists()}
    return sorted(found)


def web_imports(path: Path) -> list[str]:
    """The Starlette modules and request bodies a file imports, anywhere in it."""
    wrong = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = "." * node.level + (node.module or "")
            names = [base, *(f"{base}.{alias.name}" for alias in node.names)]
        else:
            continue
        for name in names:
            parts = name.lstrip(".").split(".")
            if parts[0] == "starlette" or "bodies" in parts:
                wrong.append(name)
                break
    return wrong


def test_the_domain_modules_listed_are_there() -> None:
    missing = [name for name in DOMAIN_MODULES if not (SERVER / name).exists()]
    assert missing == []
    assert len(service_modules(SERVER)) > len(DOMAIN_MODULES)  # the services and stores are found too


def test_no_service_imports_starlette_or_a_request_body() -> None:
    wrong = {
        str(path.relative_to(SERVER)): found for path in service_modules(SERVER) if (found := web_imports(path))
    }
    assert wrong == {}


def test_a_web_import_is_found_lazy_or_type_only(tmp_path: Path) -> None:
    root = write(tmp_path, {
        "server/games/service.py": "def f():\n    from starlette.concurrency import run_in_threadpool\n",
        "server/duels/store.py": (
            "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from spider.server.duels.bodies import NewDuel\n"
        ),
        "server/people/service.py": "from ..http import bodies\nimport starlette\n",
        "server/daily/service.py": "from spider.server.refusals import Invalid\n",
        "server/duels/duels.py": "from .bodies import NewDuel\n",
    })
    server = root / "server"
    assert {str(path.relative_to(server)): web_imports(path) for path in service_modules(server)} == {
        "daily/service.py": [],
        "duels/duels.py": [".bodies"],
        "duels/store.py": ["spider.server.duels.bodies"],
        "games/service.py": ["starlette.concurrency"],
        "people/service.py": ["..http.bodies", "starlette"],
    }

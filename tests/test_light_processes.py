"""Processes that need no web stack load none: the ``spider`` command, the solver's worker processes and the
replay viewer's positions (the deal pool's worker loads SQLAlchemy for the pool's table, and nothing else of it).

A solver worker is a spawned process: it imports the module of each function it is handed, and the ``spider``
script too (a spawned process runs its parent's main script again, and the server's is ``spider serve``). Each
case runs in a fresh interpreter and reads its ``sys.modules``.
"""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

WEB_STACK = {"starlette", "pydantic", "pydantic_core", "sqlalchemy", "redis", "alembic", "prometheus_client", "uvicorn"}

MODULES = "__import__('json').dumps(sorted(__import__('sys').modules))"  # evaluated in the process counted

CASES = {
    "import spider.cli": (f"import spider.cli\nprint({MODULES})", "spider.cli"),
    "spider --help": (
        "import contextlib, io\nfrom spider.cli import main\nout = io.StringIO()\n"
        "with contextlib.redirect_stdout(out), contextlib.suppress(SystemExit):\n    main(['--help'])\n"
        "assert 'serve' in out.getvalue() and 'verify' in out.getvalue(), out.getvalue()\n"  # every command listed
        f"print({MODULES})",
        "spider.server.commands",
    ),
    "import spider.server.solving.workers": (
        f"import spider.server.solving.workers\nprint({MODULES})", "spider.solver"
    ),
    # a worker started as the server starts one, asked what it has loaded once it is ready
    "a search worker": (
        "from spider.server.work.local import Workers\nworkers = Workers(1, 0)\nworkers.start()\n"
        "assert workers.executor\n"
        f"print(workers.executor.submit(eval, {MODULES!r}).result())\nworkers.close()",
        "spider.server.work.jobs",
    ),
    "a worker of the Redis queue": (f"import spider.server.work.worker\nprint({MODULES})", "redis"),
    # the replay viewer's positions (``POST /api/records/positions``), which a worker may be handed
    "import spider.replays": (f"import spider.replays\nprint({MODULES})", "spider.record"),
    "the deal pool's worker": (
        f"import spider.server.solving.pool_worker\nprint({MODULES})", "spider.server.solving.deal_pool"
    ),
}
NEEDED = {
    "the deal pool's worker": {"sqlalchemy"},  # for its own job: it writes the pool's table
    "a worker of the Redis queue": {"redis"},  # its queue
}


def loaded(code: str) -> set[str]:
    """The modules counted by ``code``, run in a fresh interpreter."""
    ran = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert ran.returncode == 0, ran.stderr
    found: list[str] = json.loads(ran.stdout.splitlines()[-1])
    return set(found)


@pytest.mark.parametrize("case", CASES)
def test_loads_the_engine_and_the_solver_and_no_web_stack(case: str) -> None:
    code, expected = CASES[case]
    modules = loaded(code)
    assert expected in modules  # it did load what it is for
    assert sorted(WEB_STACK & {name.partition(".")[0] for name in modules} - NEEDED.get(case, set())) == []

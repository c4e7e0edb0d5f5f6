"""The service worker's script (``/sw.js``, whose scope is the whole site): ``web/sw.js`` with the lists
of files it keeps filled in, and the offline engine's zip it keeps when offline play is on.

The shell is every file of the page (the index as ``/``, its styles, modules, catalogs, rules pages and
icons); the engine is Pyodide and the zip of our Python (``offline_engine``). Each list comes with a
version made of its files' ETags, so that a changed file changes the script, and browsers then install
the new worker, which keeps the new files.
"""

from __future__ import annotations

import functools
import hashlib
import json
from pathlib import Path

from spider.server.http.offline_engine import engine_zip
from spider.server.http.static import StaticFile, StaticFiles, file_of

ENGINE_FOLDER = "pyodide"
"""Where ``scripts/setup`` puts Pyodide, under the page's folder (not in git)."""
ENGINE_ZIP = "/static/offline/engine.zip"
SCRIPT = "sw.js"
TYPES_ONLY = ".d.ts"  # the page's types, read by tsc alone: no page loads them, so none is kept offline


@functools.cache
def engine_file() -> StaticFile:
    """The engine zip's answer, made once per process."""
    return file_of("engine.zip", engine_zip())


def _version(files: list[StaticFile]) -> str:
    return hashlib.sha256("".join(found.etag for found in files).encode("ascii")).hexdigest()[:16]


def script(files: StaticFiles) -> str:
    """``web/sw.js`` after a first line that names what it keeps (``self.SPIDER``)."""
    shell_paths = sorted(
        path.relative_to(files.folder).as_posix()
        for path in files.folder.rglob("*")
        if path.is_file()
        and path.relative_to(files.folder).parts[0] != ENGINE_FOLDER
        and not path.name.endswith(TYPES_ONLY)
    )
    shell_paths = [path for path in shell_paths if path != SCRIPT]
    shell = [files.find(path) for path in shell_paths]
    urls = ["/" if path == "index.html" else f"/static/{path}" for path in shell_paths]
    engine_paths = sorted(
        path.relative_to(files.folder).as_posix()
        for path in (files.folder / ENGINE_FOLDER).glob("*")
        if path.is_file() and path.name != "VERSION"
    )
    engine = [files.find(path) for path in engine_paths]
    engine_urls = [f"/static/{path}" for path in engine_paths]
    if engine_urls:
        engine.append(engine_file())
        engine_urls.append(ENGINE_ZIP)
    kept = {
        "shell": urls,
        "shellVersion": _version(shell),
        "engine": engine_urls,
        "engineVersion": _version(engine),
        "engineBytes": sum(len(found.body) for found in engine),  # what the download's progress counts towards
    }
    text = Path(files.folder / SCRIPT).read_text(encoding="utf-8")
    return f"self.SPIDER = {json.dumps(kept)};\n{text}"

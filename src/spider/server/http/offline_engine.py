"""The Python half of the browser's offline engine, as one zip that Pyodide unpacks into its
site-packages: the ``spider`` engine's modules and catalogs, and Babel with the CLDR data of our
languages only.

Built from the installed packages on first request, so it is always the code the server runs (no
stale copy to rebuild after an edit). The rest of the package (server, solver, terminal, computer
players) stays out: an offline game needs the rules, the view and the texts, and Pyodide has none of
the server's libraries. Babel's other locales stay out too: its full data is 30 MB; ours is about 1 MB.

>>> names = zip_names(engine_zip())
>>> "spider/offline.py" in names and "spider/catalogs/pl.json" in names and "babel/locale-data/pt_PT.dat" in names
True
>>> any(name.startswith("spider/server/") for name in names), "babel/locale-data/fr.dat" in names
(False, False)
"""

from __future__ import annotations

import functools
import io
import zipfile
from pathlib import Path

import babel

import spider
from spider.text import languages, locale

CLDR_ALWAYS = ("root",)
"""Babel's locale data every locale falls back to."""


def _spider_files() -> list[tuple[Path, str]]:
    package = Path(spider.__file__).parent
    modules = [(path, f"spider/{path.name}") for path in sorted(package.glob("*.py"))]
    catalogs = [(path, f"spider/catalogs/{path.name}") for path in sorted((package / "catalogs").glob("*.json"))]
    return [*modules, *catalogs, (package / "py.typed", "spider/py.typed")]


def _babel_files() -> list[tuple[Path, str]]:
    package = Path(babel.__file__).parent
    # its code but the message catalogs' tools (``babel.messages``), which nothing here uses
    code = [
        (path, f"babel/{path.relative_to(package).as_posix()}")
        for path in sorted(package.rglob("*.py"))
        if path.relative_to(package).parts[0] != "messages"
    ]
    data = [(package / name, f"babel/{name}") for name in ("global.dat", "py.typed")]
    locales: set[str] = set(CLDR_ALWAYS)
    for lang in languages():
        # a locale's data falls back through its parents (pt_PT, pt, root): each is kept
        name = str(locale(lang))
        locales.update({name, name.split("_")[0]})
    cldr = [(package / "locale-data" / f"{name}.dat", f"babel/locale-data/{name}.dat") for name in sorted(locales)]
    return [*code, *data, *cldr]


@functools.cache
def engine_zip() -> bytes:
    """The zip, built once per process."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as bundle:
        for path, name in [*_spider_files(), *_babel_files()]:
            # a fixed date, so that the same files make the same zip (and the same ETag)
            info = zipfile.ZipInfo(name, date_time=(2000, 1, 1, 0, 0, 0))
            info.compress_type = zipfile.ZIP_DEFLATED
            bundle.writestr(info, path.read_bytes())
    return buffer.getvalue()


def zip_names(data: bytes) -> list[str]:
    with zipfile.ZipFile(io.BytesIO(data)) as bundle:
        return bundle.namelist()

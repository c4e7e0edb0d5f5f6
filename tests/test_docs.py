"""The documentation (README.md, docs/, mkdocs.yml) builds without a warning, its links lead somewhere, and what
it states of the code is so: the settings with their defaults, the library's examples."""

from __future__ import annotations

import datetime as dt
import doctest
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from spider.server.settings import Settings

ROOT = Path(__file__).resolve().parents[1]
DOCS = ROOT / "docs"
LINK = re.compile(r"\[[^\]]*\]\(([^)\s]+)\)")
ROW = re.compile(r"^\| `(SPIDER_[A-Z0-9_]+)` \| ([^|]+) \|", re.MULTILINE)


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The site as `mkdocs build --strict` makes it: a missing page, heading or image is an error there."""
    built = tmp_path_factory.mktemp("site")
    done = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "--config-file", str(ROOT / "mkdocs.yml"),
         "--site-dir", str(built)],
        cwd=ROOT, capture_output=True, text=True, timeout=300,
        env={**os.environ, "NO_MKDOCS_2_WARNING": "1"},
    )
    assert done.returncode == 0, f"mkdocs build --strict failed:\n{done.stdout}{done.stderr}"
    return built


def test_every_page_is_built(site: Path) -> None:
    for page in DOCS.glob("*.md"):
        built = site / "index.html" if page.stem == "index" else site / page.stem / "index.html"
        assert built.is_file(), f"{page.name} was not built"


def test_the_readme_links_lead_somewhere(site: Path) -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    links = [target for target in LINK.findall(readme) if "://" not in target]
    assert links, "the README links to no page"
    for target in links:
        path, _, heading = target.partition("#")
        assert (ROOT / path).exists(), f"README.md links to {target}: no such file"
        if heading:
            assert path.startswith("docs/") and path.endswith(".md"), f"README.md links to a heading in {path}"
            page = Path(path).relative_to("docs").with_suffix("")
            built = site / ("index.html" if page.name == "index" else f"{page}/index.html")
            ids = re.findall(r'id="([^"]+)"', built.read_text(encoding="utf-8"))
            assert heading in ids, f"README.md links to {target}: no such heading"


def written(value: object) -> str:
    """A setting's default as the settings page writes it: a yes or no as 1 or 0, nothing as (empty)."""
    if isinstance(value, bool):
        return "1" if value else "0"
    if value == "":
        return "(empty)"
    if isinstance(value, float):
        return f"{value:g}"
    if isinstance(value, dt.date):
        return value.isoformat()
    return str(value)


def test_the_settings_page_gives_every_setting_with_its_default() -> None:
    rows = dict(ROW.findall((DOCS / "settings.md").read_text(encoding="utf-8")))
    fields = Settings.model_fields
    assert sorted(rows) == sorted(f"SPIDER_{name.upper()}" for name in fields)
    for name, field in fields.items():
        if field.default_factory is None:
            assert rows[f"SPIDER_{name.upper()}"].strip() == written(field.default), f"SPIDER_{name.upper()}"


def test_the_library_examples_run() -> None:
    failed, tried = doctest.testfile(str(DOCS / "library.md"), module_relative=False,
                                     optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    assert tried > 0 and failed == 0

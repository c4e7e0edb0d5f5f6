"""The install builds the solver's C core wherever a C compiler exists: a missing build is no quiet skip."""

from __future__ import annotations

import os
import shutil

import pytest

from spider.solver import core


@pytest.mark.skipif(os.environ.get("SPIDER_PURE_PYTHON") == "1", reason="the Python core was asked for")
@pytest.mark.skipif(shutil.which("cc") is None and shutil.which("gcc") is None, reason="no C compiler here")
def test_the_c_core_was_built_and_is_used() -> None:
    assert core.NATIVE is not None, "pip install -e . did not build spider.solver._core"
    assert core.NATIVE.__name__ == "spider.solver._core"

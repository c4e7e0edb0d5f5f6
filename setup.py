"""The build of the solver's C core; everything else about the package is in pyproject.toml.

The extension is optional: where no C compiler exists the install still succeeds, and the solver runs
its Python core (spider.solver.core says so once with a warning).
"""

from setuptools import Extension, setup

setup(
    ext_modules=[
        Extension(
            "spider.solver._core",
            ["src/spider/solver/_core.c"],
            extra_compile_args=["-O2"],
            optional=True,
        )
    ]
)

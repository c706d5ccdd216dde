"""The test files' assertions rewritten once, before the test workers start (issue 39).

pytest rewrites the ``assert`` statements of every test file as it imports it and keeps
the result in ``__pycache__``. From a clean checkout the cache is empty, and each of
the test workers, collecting at the same moment, rewrote all of them itself: on two
cores that cost 15 s of processor time (22 s for four workers' collection where a
warm cache needs 7). Done once by the controller just before it starts the workers,
each worker finds the rewritten files in the cache.

This reaches into pytest's assertion rewriting (``_pytest.assertion.rewrite``), the
one place the suite does; ``tests/structure/test_precompile.py`` checks that a worker
takes what it writes.
"""

from __future__ import annotations

import compileall
import importlib.util
from collections.abc import Iterable
from pathlib import Path

import pytest


def rewrite_once(config: pytest.Config, files: Iterable[Path]) -> int:
    """Rewrite the assertions of ``files`` into pytest's cache where the cache lacks
    them or is out of date; the number of files written. Nothing without assertion
    rewriting (``--assert=plain``) or where the cache cannot be written."""
    from _pytest.assertion import rewrite

    if config.getoption("assertmode") != "rewrite":
        return 0
    state = config.stash[rewrite.assertstate_key]
    written = 0
    for source in files:
        cache = rewrite.get_cache_dir(source)
        pyc = cache / (source.name[:-3] + rewrite.PYC_TAIL)
        if rewrite._read_pyc(source, pyc) is not None:
            continue
        if not rewrite.try_makedirs(cache):
            return written
        stat, code = rewrite._rewrite_test(source, config)
        written += rewrite._write_pyc(state, code, stat, pyc)
    return written


def rewritten_files(root: Path) -> list[Path]:
    """The files pytest rewrites under ``root``: the test files and the conftests."""
    return sorted([*root.rglob("test_*.py"), *root.rglob("conftest.py")])


def compile_program() -> None:
    """Compile the program's own modules (a plain ``__pycache__``), once for all the
    workers."""
    spec = importlib.util.find_spec("shipyard_tui")
    for folder in (spec.submodule_search_locations or []) if spec else []:
        compileall.compile_dir(folder, quiet=1)

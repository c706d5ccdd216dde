"""The controller rewrites the test files' assertions once for every test worker
(issue 39, ``support.precompile``): what it writes is what a worker reads."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from _pytest.assertion import rewrite

from support.precompile import rewrite_once, rewritten_files

SAMPLE = '''
def test_sample():
    numbers = [1, 2]
    assert numbers == [1, 3]
'''


def cached(source: Path) -> Path:
    return rewrite.get_cache_dir(source) / (source.name[:-3] + rewrite.PYC_TAIL)


def test_a_rewritten_file_is_taken_from_the_cache_with_its_assertions_explained(
        tmp_path: Path, pytestconfig: pytest.Config) -> None:
    source = tmp_path / "test_sample.py"
    source.write_text(SAMPLE, encoding="utf-8")
    (tmp_path / "helper.py").write_text("X = 1\n", encoding="utf-8")
    assert rewritten_files(tmp_path) == [source]
    assert rewrite_once(pytestconfig, [source]) == 1
    code = rewrite._read_pyc(source, cached(source))
    assert code is not None  # what a worker's import finds, so it does not rewrite
    names: dict[str, object] = {}
    exec(code, names)
    with pytest.raises(AssertionError) as failed:
        names["test_sample"]()  # type: ignore[operator]
    assert "[1, 2] == [1, 3]" in str(failed.value)  # pytest's explanation, not a bare assert
    assert rewrite_once(pytestconfig, [source]) == 0  # up to date: left as it is


def test_a_changed_file_is_rewritten_again(tmp_path: Path,
                                           pytestconfig: pytest.Config) -> None:
    source = tmp_path / "test_sample.py"
    source.write_text(SAMPLE, encoding="utf-8")
    assert rewrite_once(pytestconfig, [source]) == 1
    source.write_text(SAMPLE + "\n\nX = 2\n", encoding="utf-8")
    assert rewrite._read_pyc(source, cached(source)) is None  # out of date
    assert rewrite_once(pytestconfig, [source]) == 1
    assert rewrite._read_pyc(source, cached(source)) is not None


def test_the_suites_own_files_are_found() -> None:
    root = Path(__file__).parents[1]
    found = rewritten_files(root)
    assert Path(__file__) in found and root / "conftest.py" in found
    assert all(p.name.startswith("test_") or p.name == "conftest.py" for p in found)
    assert sys.dont_write_bytecode is False  # the conftest keeps the caches written

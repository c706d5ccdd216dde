"""Where the test suite's processor time goes: a pytest plugin that notes each test's
own CPU and its child processes' (``os.times()`` around the test, setup and teardown
included), and, run as a script, a summary by folder, by file and the dearest tests.

    PYTEST_ADDOPTS="-p cpu_probe" PYTHONPATH=benchmarks .venv/bin/python -m pytest -n auto
    .venv/bin/python benchmarks/cpu_probe.py

Each test process writes ``cpu-probe-<worker>.json`` into ``CPU_PROBE_DIR`` (default
``/tmp/cpu-probe``); the summary reads every such file there.
"""

from __future__ import annotations

import json
import os
import sys
import time
from collections import Counter
from collections.abc import Generator
from pathlib import Path
from typing import Any

FOLDER = Path(os.environ.get("CPU_PROBE_DIR", "/tmp/cpu-probe"))

_rows: list[tuple[str, float, float, float]] = []


def _hookwrapper(function: Any) -> Any:
    """``pytest.hookimpl(hookwrapper=True)``, imported only inside pytest."""
    import pytest

    return pytest.hookimpl(hookwrapper=True)(function)


@_hookwrapper
def pytest_runtest_protocol(item: Any, nextitem: Any) -> Generator[None, None, None]:
    before, wall = os.times(), time.monotonic()
    yield
    after = os.times()
    own = (after.user - before.user) + (after.system - before.system)
    children = ((after.children_user - before.children_user)
                + (after.children_system - before.children_system))
    _rows.append((item.nodeid, own, children, time.monotonic() - wall))


def pytest_sessionfinish(session: Any) -> None:
    FOLDER.mkdir(parents=True, exist_ok=True)
    worker = os.environ.get("PYTEST_XDIST_WORKER", "main")
    (FOLDER / f"cpu-probe-{worker}.json").write_text(json.dumps(_rows))


def summary(rows: list[list[Any]], top: int = 25) -> str:
    """The totals by folder, the dearest files and the dearest tests (seconds)."""
    lines = [f"{len(rows)} tests: own CPU {sum(r[1] for r in rows):.1f} s, child "
             f"processes {sum(r[2] for r in rows):.1f} s, wall {sum(r[3] for r in rows):.1f} s"]
    folders: Counter[str] = Counter()
    files: Counter[str] = Counter()
    for nodeid, own, _children, _wall in rows:
        path = nodeid.split("::")[0]
        folders[path.split("/")[1] if "/" in path else path] += own
        files[path] += own
    lines.append("by folder: " + ", ".join(f"{k} {v:.1f}" for k, v in folders.most_common()))
    lines.append("files (own CPU):")
    lines += [f"  {v:7.1f}  {k}" for k, v in files.most_common(top)]
    lines.append("tests (own CPU, child CPU, wall):")
    lines += [f"  {r[1]:6.1f} {r[2]:6.1f} {r[3]:6.1f}  {r[0]}"
              for r in sorted(rows, key=lambda r: -(r[1] + r[2]))[:top]]
    return "\n".join(lines)


def main() -> int:
    rows = [row for path in sorted(FOLDER.glob("cpu-probe-*.json"))
            for row in json.loads(path.read_text())]
    if not rows:
        print(f"no probe files in {FOLDER}", file=sys.stderr)
        return 1
    print(summary(rows))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

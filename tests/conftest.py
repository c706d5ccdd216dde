import itertools
import os
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))

from support.collector import settle_collector
from support.precompile import compile_program, rewrite_once, rewritten_files
from support.spread import spread_long_tests

# Keep compiled modules (``__pycache__``, ignored by git) even where the shell asks
# Python not to write them (PYTHONDONTWRITEBYTECODE): hundreds of tests start a fresh
# ``shipyard`` process (the command line, crash and SSH tests), and without the caches
# each one compiled the program again; the test workers inherit the environment.
# Measured on tests/table at -n 4: 89 s of CPU time with the variable set, 71 s
# without (docs/performance.md, issue 39).
os.environ.pop("PYTHONDONTWRITEBYTECODE", None)
sys.dont_write_bytecode = False

WORKERS_PER_CORE = 2
"""Test processes per core for ``pytest -n auto``. Many tests wait as much as they work
(an app under test idles between frames, an SSH client waits for its screen): with one
process a core, about 40 % of the interface tests' time was a core standing idle, and a
second process per core fills it (issue 39, docs/performance.md)."""


def pytest_xdist_auto_num_workers(config: pytest.Config) -> int | None:
    """``-n auto``: two workers per core, unless PYTEST_XDIST_AUTO_NUM_WORKERS says
    otherwise (then xdist's own rule reads it)."""
    if os.environ.get("PYTEST_XDIST_AUTO_NUM_WORKERS"):
        return None
    return WORKERS_PER_CORE * (os.cpu_count() or 1)


def pytest_xdist_setupnodes(config: pytest.Config) -> None:
    """Before the test workers start: rewrite the test files' assertions and compile
    the program once, not once in every worker (issue 39, :mod:`support.precompile`)."""
    rewrite_once(config, rewritten_files(Path(__file__).parent))
    compile_program()


@pytest.hookimpl(tryfirst=True)
def pytest_cmdline_main(config: pytest.Config) -> None:
    """Spread the tests by work stealing (a worker that runs dry takes tests from a busy
    one) unless ``--dist`` names a mode: the tests' lengths differ by a thousand times."""
    option = config.option
    if getattr(option, "dist", None) == "no" and getattr(option, "numprocesses", None):
        option.dist = "worksteal"


def pytest_collection_finish(session: pytest.Session) -> None:
    """Once the tests are collected, the collector runs less often (issue 39)."""
    settle_collector()


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """The long tests (marked ``slow``) first, spread over the test workers: started
    last, a single minute-long game kept one worker busy after the others had finished."""
    workerinput = getattr(config, "workerinput", None)
    workers = int(workerinput["workercount"]) if workerinput else 1
    items[:] = spread_long_tests(items, workers)


@pytest.fixture(autouse=True)
def utf8_colour_terminal(monkeypatch):
    """Every test starts in a UTF-8 colour terminal, whatever the shell running pytest
    has (LANG=C would turn on ASCII mode, NO_COLOR the colourless look); the tests of
    those modes set them themselves."""
    monkeypatch.setenv("LANG", "C.UTF-8")
    monkeypatch.setenv("TERM", "xterm-256color")
    for name in ("LC_ALL", "LC_CTYPE", "NO_COLOR"):
        monkeypatch.delenv(name, raising=False)


_FOLDERS = itertools.count()
"""Numbers the private folders of this test process's tests."""


@pytest.fixture(autouse=True)
def private_data_folders(monkeypatch, tmp_path_factory):
    """No test writes into the real data or config folder: every test starts with its
    own (tests that need a particular folder set the variables themselves). They are
    numbered here, not by ``mktemp``, which lists every folder made so far to number the
    next: two a test cost a worker 1.2 s by its 800th test (issue 39)."""
    folder = tmp_path_factory.getbasetemp() / f"private-{next(_FOLDERS)}"
    for name, variable in (("data", "SHIPYARD_DATA_DIR"), ("config", "SHIPYARD_CONFIG_DIR")):
        (folder / name).mkdir(parents=True)
        monkeypatch.setenv(variable, str(folder / name))


@pytest.fixture(autouse=True)
def no_guidance(monkeypatch):
    """Every test's app starts without the guided first game's notes (a first game's
    default, issue 34), whatever config folder it uses, the programs it starts and the
    server's sessions included: the tests of the notes turn them on themselves."""
    monkeypatch.setenv("SHIPYARD_GUIDANCE", "off")


@pytest.fixture
async def host(tmp_path: Path):  # type: ignore[no-untyped-def]
    """A table host of the SSH server on its Unix socket, in a folder of the test's."""
    from shipyard_tui.server.host import TableHost

    table_host = TableHost(tmp_path / "server")
    await table_host.start()
    yield table_host
    await table_host.close()


import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))


@pytest.fixture(autouse=True)
def utf8_colour_terminal(monkeypatch):
    """Every test starts in a UTF-8 colour terminal, whatever the shell running pytest
    has (LANG=C would turn on ASCII mode, NO_COLOR the colourless look); the tests of
    those modes set them themselves."""
    monkeypatch.setenv("LANG", "C.UTF-8")
    monkeypatch.setenv("TERM", "xterm-256color")
    for name in ("LC_ALL", "LC_CTYPE", "NO_COLOR"):
        monkeypatch.delenv(name, raising=False)


@pytest.fixture(autouse=True)
def private_data_folders(monkeypatch, tmp_path_factory):
    """No test writes into the real data or config folder: every test starts with its
    own (tests that need a particular folder set the variables themselves)."""
    monkeypatch.setenv("SHIPYARD_DATA_DIR", str(tmp_path_factory.mktemp("data")))
    monkeypatch.setenv("SHIPYARD_CONFIG_DIR", str(tmp_path_factory.mktemp("config")))


@pytest.fixture
async def host(tmp_path: Path):  # type: ignore[no-untyped-def]
    """A table host of the SSH server on its Unix socket, in a folder of the test's."""
    from shipyard_tui.server.host import TableHost

    table_host = TableHost(tmp_path / "server")
    await table_host.start()
    yield table_host
    await table_host.close()


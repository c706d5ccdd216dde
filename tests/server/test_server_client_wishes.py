"""What a client of the SSH server asks for and is told (issue 36 item 10): its
``NO_COLOR``, a seat kept for a friend, finished tables put away, and the refused
told and logged. Each test here failed before its fix."""

from __future__ import annotations

import asyncio
from pathlib import Path

import asyncssh
import pytest

from support.ssh import Server, Terminal, make_key, start_server


@pytest.fixture
def keys(tmp_path: Path) -> dict[str, asyncssh.SSHKey]:
    out = {}
    lines = []
    for name in ("Ann", "Bob", "Cid"):
        key, line = make_key(tmp_path, name)
        out[name] = key
        lines.append(line)
    (tmp_path / "players").write_text("\n".join(lines) + "\n")
    return out


@pytest.fixture
def server(tmp_path: Path, keys: dict[str, asyncssh.SSHKey],
           monkeypatch: pytest.MonkeyPatch):  # type: ignore[no-untyped-def]
    monkeypatch.delenv("NO_COLOR", raising=False)
    running = start_server(tmp_path / "data", "--players", str(tmp_path / "players"))
    yield running
    running.stop()


def _coloured(terminal: Terminal) -> int:
    """How many cells of the terminal's screen have a colour of their own."""
    return sum(1 for row in terminal.screen.buffer.values() for char in row.values()
               if char.fg != "default" or char.bg != "default")


async def test_no_color_sent_by_the_client_is_honoured(
        server: Server, keys: dict[str, asyncssh.SSHKey]) -> None:
    """Issue 36 item 10: ``ssh -o SendEnv=NO_COLOR`` was ignored; the session is now
    drawn in the terminal's own colours, and only that client's."""
    plain = await Terminal().connect(server.port, keys["Ann"], env={"NO_COLOR": "1"})
    await plain.wait_for("you are Ann")
    await asyncio.sleep(0.5)
    coloured = await Terminal().connect(server.port, keys["Bob"])
    await coloured.wait_for("you are Bob")
    await asyncio.sleep(0.5)
    assert _coloured(coloured) > 0
    assert _coloured(plain) == 0
    await plain.close()
    await coloured.close()

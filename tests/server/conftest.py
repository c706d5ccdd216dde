"""Fixtures of the SSH tests: two players' keys (Ann and Bob, in a players file) and
a running ``shipyard serve`` that admits them. A test file with other players
(``test_server_client_wishes``, ``test_server_hostile``) defines its own."""

from __future__ import annotations

from pathlib import Path

import asyncssh
import pytest

from support.ssh import make_key, start_server


@pytest.fixture
def keys(tmp_path: Path) -> dict[str, asyncssh.SSHKey]:
    """Ann's and Bob's keys, and the players file naming them."""
    out = {}
    lines = []
    for name in ("Ann", "Bob"):
        key, line = make_key(tmp_path, name)
        out[name] = key
        lines.append(line)
    (tmp_path / "players").write_text("\n".join(lines) + "\n")
    return out


@pytest.fixture
def server(tmp_path: Path, keys: dict[str, asyncssh.SSHKey]):  # type: ignore[no-untyped-def]
    """``shipyard serve`` on a free loopback port for the players of :func:`keys`."""
    running = start_server(tmp_path / "data", "--players", str(tmp_path / "players"))
    yield running
    running.stop()

"""The players file, the host key and the serve command's refusals."""

from __future__ import annotations

import stat
from pathlib import Path

import asyncssh
import pytest

from shipyard_tui.cli import main
from shipyard_tui.server.keys import PlayersFileError, host_key, read_players
from shipyard_tui.server.serve import is_loopback


def public_line() -> tuple[str, str]:
    key = asyncssh.generate_private_key("ssh-ed25519")
    return key.export_public_key().decode().strip(), key.get_fingerprint()


def test_players_file_names_each_key(tmp_path: Path) -> None:
    (ann, ann_fp), (bob, bob_fp) = public_line(), public_line()
    path = tmp_path / "players"
    path.write_text(f'# friends\n\nname="Ann Vos" {ann} ann@laptop\n{bob} Bob\n')
    assert read_players(path) == {ann_fp: "Ann Vos", bob_fp: "Bob"}


@pytest.mark.parametrize("line, problem", [
    ("ssh-ed25519", "key type and the key"),
    ("ssh-ed25519 AAAAnotakey Ann", "not a public key"),
    ("{key}", "give the key a name"),
    ('name="A:B" {key}', "cannot contain"),
    ("{key} Ann\n{other} ann", "one key per name"),
])
def test_players_file_problems_name_the_line(tmp_path: Path, line: str, problem: str) -> None:
    path = tmp_path / "players"
    path.write_text(line.format(key=public_line()[0], other=public_line()[0]) + "\n")
    with pytest.raises(PlayersFileError, match=problem):
        read_players(path)


def test_the_host_key_is_made_once_and_kept_private(tmp_path: Path) -> None:
    first = host_key(tmp_path)
    path = tmp_path / "ssh_host_ed25519_key"
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    again = host_key(tmp_path)
    assert again.get_fingerprint() == first.get_fingerprint()


def test_serve_needs_players_or_open(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["serve"]) == 2
    assert "--players FILE" in capsys.readouterr().err


def test_loopback_is_told_apart() -> None:
    assert is_loopback("127.0.0.1") and is_loopback("::1") and is_loopback("localhost")
    assert not is_loopback("0.0.0.0") and not is_loopback("192.168.1.5")


def test_ssh_session_without_a_terminal_says_how_to_connect(tmp_path: Path) -> None:
    import os
    import subprocess
    import sys

    # under OpenSSH's ForceCommand, SSH_CONNECTION names the server's address and port
    env = dict(os.environ, SHIPYARD_DATA_DIR=str(tmp_path),
               SSH_CONNECTION="10.0.0.9 50122 10.0.0.1 2222", USER="shipyard")
    done = subprocess.run([sys.executable, "-m", "shipyard_tui", "ssh-session", "--player",
                           "Ann"], stdin=subprocess.DEVNULL, capture_output=True, text=True,
                          env=env, timeout=60)
    assert done.returncode == 1
    # with the account's name: OpenSSH's would be the player's own (issue 36 item 6)
    assert "has none" in done.stdout and "ssh -t shipyard@10.0.0.1 -p 2222" in done.stdout

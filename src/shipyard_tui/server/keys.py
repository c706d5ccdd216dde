"""Keys of the SSH server: its own host key, and the players' public keys.

The players file is written like OpenSSH's ``authorized_keys``, one key a line, and
gives each key the name its owner plays under: either an option ``name="Ann"`` before
the key or, without it, the key's comment::

    name="Ann" ssh-ed25519 AAAAC3Nza… ann@laptop
    ssh-ed25519 AAAAC3Nza… Bob

Blank lines and lines starting with ``#`` are ignored.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

import asyncssh

from shipyard_tui.seats import clean_name

HOST_KEY_NAME = "ssh_host_ed25519_key"
_NAME_OPTION = re.compile(r'^name="([^"]*)"\s+(.*)$')


class PlayersFileError(ValueError):
    """A line of the players file that cannot be used, with its line number."""


def read_players(path: Path) -> dict[str, str]:
    """Key fingerprint (SHA256) → player name, from a players file."""
    players: dict[str, str] = {}
    names: dict[str, int] = {}
    text = path.read_text("utf-8")
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        name = None
        match = _NAME_OPTION.match(line)
        if match:
            name, line = match.group(1), match.group(2)
        parts = line.split(None, 2)
        if len(parts) < 2:
            raise PlayersFileError(f"{path}:{number}: expected a key type and the key")
        try:
            key = asyncssh.import_public_key(f"{parts[0]} {parts[1]}")
        except (asyncssh.KeyImportError, ValueError) as exc:
            raise PlayersFileError(f"{path}:{number}: not a public key ({exc})") from None
        if name is None:
            if len(parts) < 3:
                raise PlayersFileError(f"{path}:{number}: give the key a name "
                                       '(name="…" before it, or a comment after it)')
            name = parts[2]
        try:
            name = clean_name(name)
        except ValueError as exc:
            raise PlayersFileError(f"{path}:{number}: {exc}") from None
        if name.casefold() in names:
            raise PlayersFileError(f"{path}:{number}: {name} already has a key on line "
                                   f"{names[name.casefold()]}; one key per name")
        names[name.casefold()] = number
        players[key.get_fingerprint()] = name
    return players


def host_key(folder: Path) -> asyncssh.SSHKey:
    """The server's host key, made on first start and kept readable by the owner only."""
    path = folder / HOST_KEY_NAME
    folder.mkdir(parents=True, exist_ok=True)
    if not path.exists():
        key = asyncssh.generate_private_key("ssh-ed25519")
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        with os.fdopen(fd, "wb") as handle:
            handle.write(key.export_private_key())
        return key
    os.chmod(path, 0o600)
    return asyncssh.read_private_key(str(path))


def player_from_auth_info(players_file: Path) -> str:
    """The name of the key this OpenSSH login used: sshd's ``ExposeAuthInfo yes`` lists
    it in the file named by ``SSH_USER_AUTH``; ``ValueError`` says what is missing."""
    info = os.environ.get("SSH_USER_AUTH")
    if not info:
        raise ValueError("SSH_USER_AUTH is not set: add 'ExposeAuthInfo yes' to the sshd "
                         "Match block (or use --player NAME)")
    players = read_players(players_file)
    for line in Path(info).read_text("utf-8").splitlines():
        parts = line.split()
        if len(parts) >= 3 and parts[0] == "publickey":
            try:
                key = asyncssh.import_public_key(f"{parts[1]} {parts[2]}")
            except (asyncssh.KeyImportError, ValueError):
                continue
            name = players.get(key.get_fingerprint())
            if name is not None:
                return name
    # the player reads this: what to do, not where the host keeps its list
    raise ValueError("this server does not know the key you logged in with. Send the host "
                     "your public key (the .pub file beside it, such as "
                     "~/.ssh/id_ed25519.pub) and ask them to add it.")

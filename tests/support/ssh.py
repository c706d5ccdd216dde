"""Helpers for the SSH server tests: a server in a subprocess, clients with terminals."""

from __future__ import annotations

import asyncio
import contextlib
import os
import re
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import asyncssh
import pyte
from wcwidth import wcwidth

ENTER = "\r"
ESCAPE = "\x1b"
RIGHT = "\x1b[C"
DOWN = "\x1b[B"


def make_key(folder: Path, name: str) -> tuple[asyncssh.SSHKey, str]:
    """A fresh key for a player, and its players-file line."""
    key = asyncssh.generate_private_key("ssh-ed25519")
    line = key.export_public_key().decode().strip()
    (folder / f"{name}.pub").write_text(line + "\n")
    return key, f'name="{name}" {line}'


@dataclass
class Server:
    """``shipyard serve`` running in a subprocess on a free loopback port."""

    process: subprocess.Popen[str]
    port: int
    data: Path
    output: list[str] = field(default_factory=list)

    def stop(self, kill: bool = False) -> None:
        if self.process.poll() is None:
            if kill:
                self.process.kill()
            else:
                self.process.terminate()
            with contextlib.suppress(subprocess.TimeoutExpired):
                self.process.wait(15)
            if self.process.poll() is None:
                self.process.kill()
                self.process.wait(5)


def _keep_reading(stream: Any, output: list[str]) -> None:
    """Drain the server's output so it never blocks on a full pipe."""
    output.extend(iter(stream.readline, ""))


def start_server(data: Path, *args: str) -> Server:
    env = dict(os.environ, SHIPYARD_DATA_DIR=str(data),
               SHIPYARD_CONFIG_DIR=str(data / "config"))
    process = subprocess.Popen(
        [sys.executable, "-m", "shipyard_tui", "serve", "--port", "0", *args],
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env=env,
        start_new_session=True)
    assert process.stdout is not None
    output: list[str] = []
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        line = process.stdout.readline()
        if not line:
            break
        output.append(line)
        match = re.search(r"listening on [0-9.]+:(\d+)", "".join(output))
        if match and line.startswith("Connect with:"):
            # The whole greeting is read before the tests look at it (the note on
            # loopback comes between these two lines).
            threading.Thread(target=_keep_reading, args=(process.stdout, output),
                             daemon=True).start()
            return Server(process, int(match.group(1)), data, output)
    process.kill()
    raise AssertionError(f"the server did not start: {''.join(output)}")


def line_text(screen: pyte.Screen, y: int) -> str:
    """Line ``y`` of ``screen`` as pyte's ``Screen.display`` gives it (a wide character's
    second cell left out)."""
    line = screen.buffer[y]
    out = []
    wide = False
    for x in range(screen.columns):
        if wide:
            wide = False
            continue
        char = line[x].data
        wide = bool(char) and wcwidth(char[0]) == 2
        out.append(char)
    return "".join(out)


class Terminal:
    """An SSH client with a terminal: what it shows is read through a VT emulator."""

    def __init__(self, width: int = 120, height: int = 40) -> None:
        self.screen = pyte.Screen(width, height)
        self.stream = pyte.ByteStream(self.screen)
        self.conn: asyncssh.SSHClientConnection | None = None
        self.process: asyncssh.SSHClientProcess[bytes] | None = None
        self._reader: asyncio.Task[None] | None = None
        self.closed = asyncio.Event()
        self.raw = bytearray()
        self._text: str | None = None
        """The screen's text as last read (drawing it anew from pyte's buffer on every
        look took a quarter of a whole game's test)."""
        self._lines: list[str] = []
        """Each line's text as last read: only the lines pyte marks as changed since are
        read again (reading all of them at each look took 39 % of the load benchmark's
        clients, who look at every chunk while a key waits for its effect)."""

    async def connect(self, port: int, key: asyncssh.SSHKey, *, term: str = "xterm",
                      command: str | None = None,
                      env: dict[str, str] | None = None) -> Terminal:
        self.conn = await asyncssh.connect("127.0.0.1", port, username="player",
                                           client_keys=[key], known_hosts=None,
                                           password=None, agent_path=None)
        self.process = await self.conn.create_process(
            command, term_type=term, term_size=(self.screen.columns, self.screen.lines),
            encoding=None, env=env or {})
        self._reader = asyncio.get_running_loop().create_task(self._read())
        return self

    async def _read(self) -> None:
        assert self.process is not None
        try:
            while True:
                data = await self.process.stdout.read(65536)
                if not data:
                    break
                self.raw += data
                self.stream.feed(data)
                self._text = None
        except (asyncssh.Error, OSError):
            pass
        finally:
            self.closed.set()

    def text(self) -> str:
        """The screen's text, as ``"\n".join(self.screen.display)`` gives it."""
        if self._text is None:
            screen = self.screen
            if len(self._lines) != screen.lines:
                self._lines = [""] * screen.lines
                changed: Iterable[int] = range(screen.lines)
            else:
                changed = sorted(screen.dirty)
            for y in changed:
                if y < screen.lines:
                    self._lines[y] = line_text(screen, y)
            screen.dirty.clear()
            self._text = "\n".join(self._lines)
        return self._text

    def press(self, *keys: str) -> None:
        assert self.process is not None
        for key in keys:
            self.process.stdin.write(key.encode())

    async def wait_for(self, wanted: str | Callable[[str], bool], timeout: float = 30) -> str:
        test = (lambda text: wanted in text) if isinstance(wanted, str) else wanted
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            text = self.text()
            if test(text):
                return text
            if self.closed.is_set():
                break
            await asyncio.sleep(0.05)
        raise AssertionError(f"the terminal never showed {wanted!r}:\n{self.text()}")

    def resize(self, width: int, height: int) -> None:
        assert self.process is not None
        self.screen.resize(height, width)
        self._text = None
        self.process.change_terminal_size(width, height)

    def drop(self) -> None:
        """Close the connection abruptly (as a lost network would)."""
        assert self.conn is not None
        self.conn.abort()

    async def close(self) -> None:
        if self.conn is not None:
            self.conn.close()
            with contextlib.suppress(Exception):
                await asyncio.wait_for(self.conn.wait_closed(), 10)
        if self._reader is not None:
            self._reader.cancel()


def recording_lobby() -> tuple[Any, list[dict[str, Any]]]:
    """The lobby's showcase app (no host behind it) and the list that records each
    message it would send the host."""
    from shipyard_tui.server.showcase import LobbyShowcase

    sent: list[dict[str, Any]] = []
    app = LobbyShowcase()
    app.send = sent.append  # type: ignore[method-assign]
    return app, sent


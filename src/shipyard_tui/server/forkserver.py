"""The fork server: one process, started by ``shipyard serve``, that has imported the
interface once and forks a copy of itself for each connection's session.

A session started by ``exec`` imports Python, Textual, the app and the games' screens
anew: tens of megabytes per connection, and a second or more before the first frame.
A fork shares all of that with its parent until it writes to it. The fork server is
started as a program of its own (``python -m shipyard_tui.server.forkserver SOCKET``)
so that it holds no event loop and no thread when it forks; it imports the interface,
freezes its objects out of the garbage collector's reach (a collection would write to
every page and undo the sharing), says ``ready`` and waits on its Unix socket.

One request per connection to the socket: the session's arguments (those of
``shipyard …``: ``ssh-session`` only) and environment as JSON, with the pty's slave
end passed as a file descriptor (``SCM_RIGHTS``). The fork server forks; the child
makes the pty its controlling terminal and its standard streams (as the exec'd
session's ``setsid`` and ``TIOCSCTTY`` did), takes the environment, and runs
``shipyard_tui.cli.main`` on the arguments. The server is told ``pid N``, then
``exit N`` when the session ends: written by the child itself as it leaves, or by the
fork server when it reaps a child a signal ended (negative: the signal, as asyncio's
``returncode`` says it). The child holds its connection open until it is gone, so a
fork server that died first still lets the server see the end.

The server side is :class:`Forks` (:meth:`Forks.spawn` returns a
:class:`ForkedSession`, which looks like the ``asyncio.subprocess.Process`` of the exec
path), and it falls back to that path when the fork server is not there.
"""

from __future__ import annotations

import asyncio
import contextlib
import fcntl
import json
import os
import selectors
import signal
import socket
import struct
import sys
import termios
from pathlib import Path

ALLOWED = ("ssh-session",)
"""The only command a fork may run: nothing else is ever asked of the fork server."""

MAX_REQUEST = 1 << 20


class ForkedSession:
    """A session forked by the fork server: its pid and, once it ended, its exit code
    (negative: the signal that ended it), as ``asyncio.subprocess.Process`` has them."""

    def __init__(self, pid: int, reader: asyncio.StreamReader,
                 writer: asyncio.StreamWriter, early: bytes = b"") -> None:
        self.pid = pid
        self.returncode: int | None = None
        self._reader = reader
        self._writer = writer
        self._early = early
        self._ended = asyncio.get_running_loop().create_task(self._end())

    async def _end(self) -> int:
        code = -signal.SIGKILL  # nothing said: both ended without a word
        with contextlib.suppress(OSError, ValueError, asyncio.IncompleteReadError):
            line = self._early or await self._reader.readline()
            if line.startswith(b"exit "):
                code = int(line.split()[1])
        self._writer.close()
        self.returncode = code
        return code

    async def wait(self) -> int:
        return await asyncio.shield(self._ended)


class Forks:
    """The server's side of the fork server: starts it, asks it for sessions."""

    def __init__(self, socket_path: Path) -> None:
        self.socket_path = socket_path
        self.process: asyncio.subprocess.Process | None = None

    async def start(self, timeout: float = 60.0) -> bool:
        """Start the fork server and wait until it has imported the interface;
        False (and nothing left running) if it could not."""
        with contextlib.suppress(FileNotFoundError):
            self.socket_path.unlink()
        try:
            self.process = await asyncio.create_subprocess_exec(
                sys.executable, "-m", "shipyard_tui.server.forkserver",
                str(self.socket_path), stdin=asyncio.subprocess.PIPE,
                stdout=asyncio.subprocess.PIPE, start_new_session=True)
            assert self.process.stdout is not None
            line = await asyncio.wait_for(self.process.stdout.readline(), timeout)
        except (TimeoutError, OSError):
            line = b""
        if line.strip() != b"ready":
            await self.close()
            return False
        return True

    @property
    def alive(self) -> bool:
        return self.process is not None and self.process.returncode is None

    async def gone(self, wait: float = 1.0) -> bool:
        """Whether the fork server has ended, after a failed fork: killed, its exit may
        not have been collected yet, so give it ``wait`` seconds to be."""
        process = self.process
        if process is None or process.returncode is not None:
            return True
        try:
            await asyncio.wait_for(process.wait(), wait)
        except TimeoutError:
            return False
        return True

    async def spawn(self, arguments: list[str], env: dict[str, str], slave: int
                    ) -> ForkedSession | None:
        """A session forked with these arguments, environment and terminal; None when
        the fork server is gone or failed to fork (the caller execs instead)."""
        if not self.alive:
            return None
        body = json.dumps({"argv": arguments, "env": env}).encode()
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        try:
            sock.settimeout(5)
            sock.connect(str(self.socket_path))
            socket.send_fds(sock, [struct.pack("!I", len(body)) + body], [slave])
            sock.setblocking(False)
            reader, writer = await asyncio.open_unix_connection(sock=sock)
            line = await asyncio.wait_for(reader.readline(), 10)
            early = line if line.startswith(b"exit ") else b""
            if early:  # it ended before the fork server said who it was
                line = await asyncio.wait_for(reader.readline(), 10)
        except (TimeoutError, OSError):
            sock.close()
            return None
        if not line.startswith(b"pid "):
            writer.close()
            return None
        return ForkedSession(int(line.split()[1]), reader, writer, early)

    async def close(self) -> None:
        """Stop the fork server (the sessions it forked go on)."""
        process, self.process = self.process, None
        if process is None:
            return
        if process.stdin is not None:
            process.stdin.close()
        try:
            await asyncio.wait_for(process.wait(), 5)
        except TimeoutError:
            with contextlib.suppress(ProcessLookupError):
                process.kill()
            await process.wait()
        with contextlib.suppress(FileNotFoundError):
            self.socket_path.unlink()


# -- the fork server itself ----------------------------------------------------------


LAZY = (
    "shipyard_tui.server.serve",
    "shipyard_tui.ui.screens.confirm",
    "textual.drivers.headless_driver",
    "textual.drivers.linux_driver",
    "textual.layouts.factory",
    "textual.layouts.grid",
    "textual.layouts.horizontal",
    "textual.layouts.stream",
    "textual.layouts.vertical",
    "textual.pilot",
    "textual.scrollbar",
    "rich._emoji_codes",
    "concurrent.futures.thread",
)
"""Modules a session imports only as it runs (Textual and Rich import them on first
use): imported here once, not once in every session (measured in a forked session
after a game's first moves; docs/performance.md, "Fork per connection")."""


def preload() -> None:
    """Import what a session imports: the command line, the session's app, Textual,
    and each game's interface (through the registry: its kind's modules)."""
    import importlib
    import pkgutil

    from shipyard_tui import cli, games
    from shipyard_tui.server import session, table_screen
    from shipyard_tui.ui.compat import quicken_textual

    del cli, session, table_screen
    quicken_textual()  # Textual's classes changed once here, for every session
    for lazy in LAZY:
        with contextlib.suppress(ImportError):
            importlib.import_module(lazy)
    with contextlib.suppress(Exception):  # rich's table of character widths
        from rich._unicode_data import load

        load()
    for name in games.names():
        kind = games.kind(name)
        with contextlib.suppress(Exception):
            kind.remote_view()
        package = type(kind).__module__.rpartition(".")[0]
        with contextlib.suppress(ImportError):
            ui = importlib.import_module(f"{package}.ui")
            for module in pkgutil.walk_packages(ui.__path__, f"{package}.ui."):
                if not module.name.endswith(".scenes"):
                    with contextlib.suppress(Exception):
                        importlib.import_module(module.name)


def serve_forks(path: Path) -> int:
    """The fork server's loop: requests in, children out, their ends reported."""
    import gc

    preload()
    gc.collect()
    gc.freeze()
    old = os.umask(0o177)
    listener = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    listener.bind(str(path))
    os.umask(old)
    listener.listen(128)
    selector = selectors.DefaultSelector()
    selector.register(listener, selectors.EVENT_READ, "listener")
    selector.register(sys.stdin.fileno(), selectors.EVENT_READ, "parent")
    waiting: dict[int, socket.socket] = {}
    """Each forked session's connection, by its pid, until its exit is reported."""
    sys.stdout.write("ready\n")
    sys.stdout.flush()
    while True:
        for key, _ in selector.select(0.1):
            if key.data == "parent":  # the server is gone (EOF) or closed its end
                return 0
            conn, _ = listener.accept()
            pid = _fork_one(conn, listener, selector, waiting)
            if pid is None:
                conn.close()
            else:
                waiting[pid] = conn
        _reap(waiting)


def _reap(waiting: dict[int, socket.socket]) -> None:
    while True:
        try:
            pid, status = os.waitpid(-1, os.WNOHANG)
        except ChildProcessError:
            return
        if pid == 0:
            return
        conn = waiting.pop(pid, None)
        if conn is not None:
            code = -os.WTERMSIG(status) if os.WIFSIGNALED(status) \
                else os.waitstatus_to_exitcode(status)
            with contextlib.suppress(OSError):
                conn.sendall(f"exit {code}\n".encode())
            conn.close()


def _fork_one(conn: socket.socket, listener: socket.socket,
              selector: selectors.BaseSelector, waiting: dict[int, socket.socket]
              ) -> int | None:
    """Read one request and fork its session; its pid (None: a bad request)."""
    try:
        conn.settimeout(5)
        creds = conn.getsockopt(socket.SOL_SOCKET, socket.SO_PEERCRED,
                                struct.calcsize("3i"))
        if struct.unpack("3i", creds)[1] != os.getuid():
            return None
        data, fds, _, _ = socket.recv_fds(conn, 65536, 1)
        if not fds:
            return None
        slave = fds[0]
        while len(data) < 4 or len(data) < 4 + struct.unpack("!I", data[:4])[0]:
            more = conn.recv(65536)
            if not more or len(data) > MAX_REQUEST:
                os.close(slave)
                return None
            data += more
        request = json.loads(data[4:])
        arguments = [str(a) for a in request["argv"]]
        env = {str(k): str(v) for k, v in request["env"].items()}
    except (OSError, ValueError, KeyError, TypeError, AttributeError, struct.error):
        return None
    if not arguments or arguments[0] not in ALLOWED:
        os.close(slave)
        return None
    sys.stdout.flush()
    sys.stderr.flush()
    pid = os.fork()
    if pid == 0:  # the session
        selector.close()
        listener.close()
        for other in waiting.values():
            other.close()
        _session(conn, slave, arguments, env)
    os.close(slave)
    with contextlib.suppress(OSError):
        conn.sendall(f"pid {pid}\n".encode())
    return pid


def _session(conn: socket.socket, slave: int, arguments: list[str],
             env: dict[str, str]) -> None:
    """In the child: become the session on its terminal, run it, report and leave."""
    code = 1
    try:
        os.setsid()
        for fd in (0, 1, 2):
            os.dup2(slave, fd)
        if slave > 2:
            os.close(slave)
        fcntl.ioctl(0, termios.TIOCSCTTY, 0)
        conn.settimeout(None)
        os.environ.clear()
        os.environ.update(env)
        os.environ["SHIPYARD_FORKED"] = "1"
        encoding = env.get("PYTHONIOENCODING", "utf-8") or "utf-8"
        streams = {"stdin": open(0, encoding=encoding, closefd=False),  # noqa: SIM115
                   "stdout": open(1, "w", encoding=encoding,  # noqa: SIM115
                                  buffering=1, closefd=False),
                   "stderr": open(2, "w", encoding=encoding,  # noqa: SIM115
                                  errors="backslashreplace", buffering=1, closefd=False)}
        for name, stream in streams.items():  # Textual draws on sys.__stderr__
            setattr(sys, name, stream)
            setattr(sys, f"__{name}__", stream)
        sys.argv = ["shipyard", *arguments]
        _fresh_settings()
        from shipyard_tui.cli import main

        code = main(arguments)
    except SystemExit as exc:
        code = exc.code if isinstance(exc.code, int) else (0 if exc.code is None else 1)
    except BaseException:
        import traceback

        traceback.print_exc()
        code = 1
    finally:
        with contextlib.suppress(Exception):
            sys.stdout.flush()
            sys.stderr.flush()
        with contextlib.suppress(OSError):
            conn.sendall(f"exit {code & 0xFF}\n".encode())
        os._exit(code & 0xFF)


def _fresh_settings() -> None:
    """What the imports read from the environment at import time, read again from the
    session's (Textual's constants: its colour system among them)."""
    import importlib

    constants = sys.modules.get("textual.constants")
    if constants is not None:
        importlib.reload(constants)


def main() -> int:
    if len(sys.argv) != 2:
        print("usage: python -m shipyard_tui.server.forkserver SOCKET", file=sys.stderr)
        return 2
    try:
        return serve_forks(Path(sys.argv[1]))
    finally:
        with contextlib.suppress(OSError):
            Path(sys.argv[1]).unlink()


if __name__ == "__main__":
    sys.exit(main())

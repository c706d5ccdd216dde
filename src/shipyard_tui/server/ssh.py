"""The SSH front door: public keys in, one interface process per connection.

Only public-key authentication lets anyone in: no passwords. A refused key is told why
(its key is not on the list, and how to get it there) in an authentication banner,
which a client in BatchMode shows too; keyboard-interactive is offered only to tell a
client with no key at all, and never lets anyone in. Every refused or failed attempt
is logged with its reason. No port forwarding, agent or X11 forwarding, no
subsystems (so no sftp or scp). Whether the client asks for a shell or for a command,
it gets the game: the command is never run. A connection without a terminal gets a
sentence saying how to connect instead.

Each session runs ``shipyard ssh-session`` in a pseudo-terminal of its own (a process
per connection, as textual-serve does, since several Textual apps in one process would
fight over the terminal and the signals): forked by the fork server
(:mod:`.forkserver`), which has the interface imported already, or, without one,
started as ``python -m shipyard_tui ssh-session``. The bytes and the window changes go
between the SSH channel and the pty master.
"""

from __future__ import annotations

import asyncio
import contextlib
import fcntl
import os
import pty
import signal
import struct
import sys
import termios
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import asyncssh

from shipyard_tui.server.forkserver import ForkedSession, Forks
from shipyard_tui.server.tables import how_long


def no_terminal(host: str | None = None, port: int | None = None,
                user: str | None = None) -> bytes:
    """What a connection without a terminal is told: how to connect with one (the
    login name it used, the server's own address and port when known)."""
    login = f"{user}@" if user and user.isprintable() and " " not in user else ""
    where = f"{login}{host} -p {port}" if host and port else f"{login}HOST -p PORT"
    return ("Shipyard is played in a terminal, and this connection has none.\r\n"
            f"Connect with a terminal: ssh -t {where} (and without -T).\r\n").encode()


def unknown_key(offered: str) -> str:
    """What a client whose key (``offered``: its fingerprints) is refused is told."""
    return (f"This Shipyard server does not know your key ({offered}).\n"
            "Send the host your public key (the .pub file beside it, such as "
            "~/.ssh/id_ed25519.pub) and ask to be added to the players file.")


CANNOT_DRAW = ("dumb", "unknown")
"""Terminal types that cannot draw the game's screens (``TERM``): the local command
refuses them too (``cli/play.py``)."""


def cannot_draw(term: str) -> bytes:
    """What a client whose terminal cannot draw the game is told."""
    return (f"Shipyard draws its screens in the terminal, and this one (TERM={term}) "
            "cannot draw them.\r\nConnect from a terminal emulator, or set TERM to one "
            "it understands (for example: TERM=xterm ssh ...).\r\n").encode()


RESTORE = (b"\x1b[?1000l\x1b[?1002l\x1b[?1003l\x1b[?1006l\x1b[?1015l"  # mouse off
           b"\x1b[?2004l\x1b[?1049l\x1b[?25h\x1b[0m")
"""What gives a client's terminal back when the interface could not (it was ended by
a signal): mouse tracking and bracketed paste off, out of the alternate screen, the
cursor shown, the colours reset."""


FULL = b"The server is full right now; please try again in a while.\r\n"
STOPPING = b"The server is stopping; please try again when it is back.\r\n"


@dataclass
class Gate:
    """Who may come in, and the limits every connection lives under."""

    socket_path: Path
    players: dict[str, str] = field(default_factory=dict)
    """Key fingerprint → name (``--players``)."""
    open_door: bool = False
    """Any key may come in and pick a name in the lobby (``--open``)."""
    max_sessions: int = 128
    idle_timeout: float = 3600.0
    """Seconds without a key from the player before the connection is closed."""
    sessions: int = 0
    children: set[int] = field(default_factory=set)
    """Process ids of the running interface processes."""
    stopping: bool = False
    """The server is stopping: no new session starts."""
    forks: Forks | None = None
    """The fork server the sessions are forked from (None: each is a new process)."""
    log: Callable[[str], None] | None = None
    """Where the server says who came in, who was refused and who left (``serve``
    prints it with the time)."""

    def note(self, line: str) -> None:
        if self.log is not None:
            self.log(line)

    async def stop_sessions(self, grace: float, now: asyncio.Event | None = None) -> None:
        """Ask every interface process to leave (SIGTERM: it gives the player's terminal
        back and says the server is stopping), wait up to ``grace`` seconds for the
        connections to end (or until ``now`` is set: the operator insists), then kill
        what is left."""
        self.stopping = True
        for pid in list(self.children):
            with contextlib.suppress(ProcessLookupError):
                os.killpg(pid, signal.SIGTERM)
        deadline = time.monotonic() + grace
        while self.sessions and time.monotonic() < deadline and not (now and now.is_set()):
            await asyncio.sleep(0.05)
        for pid in list(self.children):
            with contextlib.suppress(ProcessLookupError):
                os.killpg(pid, signal.SIGKILL)


LOCALE_VARIABLES = ("LANG", "LC_ALL", "LC_CTYPE")
"""What says whether the player's terminal shows UTF-8 (OpenSSH sends them with its
default ``SendEnv LANG LC_*``); the server's own locale says nothing about it."""


def client_locale(sent: dict[str, str]) -> dict[str, str]:
    """The locale variables for a player's session: those the client sent (when they
    look like locale names), else UTF-8, which nearly every terminal today shows."""
    locale = {name: sent[name] for name in LOCALE_VARIABLES
              if 0 < len(sent.get(name, "")) <= 64
              and all(c.isascii() and (c.isalnum() or c in "._-@") for c in sent[name])}
    if not locale.get("LANG"):
        locale["LANG"] = "C.UTF-8"
    return locale


def colour_system(term: str, env: dict[str, str]) -> str:
    """16 colours unless the client says it can show more (TERM or COLORTERM)."""
    colorterm = env.get("COLORTERM", "").lower()
    if colorterm in ("truecolor", "24bit"):
        return "truecolor"
    if "256color" in term:
        return "256"
    return "standard"


class ShipyardServer(asyncssh.SSHServer):
    """One SSH connection: authenticates the key, then opens the game session."""

    def __init__(self, gate: Gate) -> None:
        self.gate = gate
        self.player: str | None = None
        self.fingerprint = ""
        self.conn: asyncssh.SSHServerConnection | None = None
        self.peer = "?"
        self.refused: list[str] = []
        """Fingerprints of the keys this client offered that are not on the list."""
        self.came_in = False
        self.told = False
        """The client has been told why it is refused."""
        self.logged = False
        """The server's log has said why it was refused."""

    def connection_made(self, conn: asyncssh.SSHServerConnection) -> None:
        self.conn = conn
        peer = conn.get_extra_info("peername") or ("?",)
        self.peer = str(peer[0])

    def connection_lost(self, exc: Exception | None) -> None:
        if self.came_in:
            self.gate.note(f"{self.player or 'a new key'} left ({self.peer})")
            return
        # never in: a refused key whose client could not be asked anything (BatchMode
        # offers no keyboard-interactive step), a client with no key, a failed handshake
        why = f" ({exc})" if exc is not None and str(exc) else ""
        if self.refused and not self.logged:
            offered = ", ".join(self.refused[:3])
            self.gate.note(f"refused {offered} from {self.peer}: not in the players "
                           f"file{why}")
        elif not self.refused and not self.logged:
            self.gate.note(f"a client from {self.peer} left without logging in: it "
                           f"offered no key the server knows{why}")

    def auth_completed(self) -> None:
        self.came_in = True
        who = self.player or f"a new key {self.fingerprint}"
        self.gate.note(f"{who} came in from {self.peer}")

    def begin_auth(self, username: str) -> bool:
        return True

    def password_auth_supported(self) -> bool:
        return False

    def kbdint_auth_supported(self) -> bool:
        """Offered only to tell a refused client why (see :meth:`get_kbdint_challenge`):
        OpenSSH shows the words, then says permission denied. Once told, the client is
        not offered it again (a client that kept asking would be told forever)."""
        return not self.gate.open_door and not self.told

    def get_kbdint_challenge(self, username: str, lang: str, submethods: str
                             ) -> bool | tuple[str, str, str, list[tuple[str, bool]]]:
        """No question, only the reason, once (OpenSSH asks three times), and it never
        lets anyone in."""
        if self.told:
            return False
        self.told = self.logged = True
        if self.refused:
            offered = ", ".join(self.refused[:3])
            self.gate.note(f"refused {offered} from {self.peer}: not in the players file")
            why = unknown_key(offered)
        else:
            self.gate.note(f"refused a client with no key from {self.peer}")
            why = ("This Shipyard server lets players in by their SSH key, and your "
                   "client offered none.\nMake one with ssh-keygen, then send the host "
                   "the .pub file and ask to be added to the players file.")
        return "Shipyard", why, "", []

    def validate_kbdint_response(self, username: str, responses: Any) -> bool:
        return False

    def host_based_auth_supported(self) -> bool:
        return False

    def public_key_auth_supported(self) -> bool:
        return True

    def validate_public_key(self, username: str, key: asyncssh.SSHKey) -> bool:
        fingerprint = key.get_fingerprint()
        name = self.gate.players.get(fingerprint)
        if name is None and not self.gate.open_door:
            if fingerprint not in self.refused:
                self.refused.append(fingerprint)
            self._banner(fingerprint)
            return False
        self.player, self.fingerprint = name, fingerprint
        return True

    def _banner(self, fingerprint: str) -> None:
        """Tell a refused key why, once, in a banner: a client in BatchMode, which asks
        no keyboard-interactive step, shows it too (a client with another key may still
        come in with it, so the words allow for that)."""
        if self.told or self.conn is None:
            return
        self.told = True
        with contextlib.suppress(OSError, asyncssh.Error):
            self.conn.send_auth_banner(
                f"This Shipyard server does not know your key ({fingerprint}). If it "
                "knows none of your keys, send the host your public key (the .pub file "
                "beside it, such as ~/.ssh/id_ed25519.pub) and ask to be added to the "
                "players file.\n")

    def session_requested(self) -> asyncssh.SSHServerSession[bytes]:
        return GameSession(self)

    def server_requested(self, listen_host: str, listen_port: int) -> bool:
        return False

    def connection_requested(self, dest_host: str, dest_port: int, orig_host: str,
                             orig_port: int) -> bool:
        return False

    def unix_connection_requested(self, dest_path: str) -> bool:
        return False

    def unix_server_requested(self, listen_path: str) -> bool:
        return False


class GameSession(asyncssh.SSHServerSession[bytes]):
    """The game in the client's terminal: an interface process under a pty of its own."""

    def __init__(self, server: ShipyardServer) -> None:
        self.server = server
        self.gate = server.gate
        self.chan: asyncssh.SSHServerChannel[bytes] | None = None
        self.term: str | None = None
        self.size = (80, 24)
        self.master: int | None = None
        self.process: asyncio.subprocess.Process | ForkedSession | None = None
        self.last_input = time.monotonic()
        self._counted = False
        self._reading = False
        self._watch: asyncio.Task[None] | None = None
        self.idle = False
        """The connection is being closed for want of a key."""
        self.input_ended = False
        """The client sent EOF: its input has ended."""

    def connection_made(self, chan: asyncssh.SSHServerChannel[bytes]) -> None:
        self.chan = chan

    def pty_requested(self, term_type: str, term_size: tuple[int, int, int, int],
                      term_modes: Any) -> bool:
        self.term = term_type or "xterm"
        if term_size[0] > 0 and term_size[1] > 0:
            self.size = (term_size[0], term_size[1])
        return True

    def shell_requested(self) -> bool:
        return True

    def exec_requested(self, command: str) -> bool:
        """Any command gets the game: nothing the client sends is ever run."""
        return True

    def subsystem_requested(self, subsystem: str) -> bool:
        return False

    def session_started(self) -> None:
        assert self.chan is not None
        if self.term is None:
            sockname: tuple[Any, ...] = tuple(self.chan.get_extra_info("sockname") or ())
            user = self.chan.get_extra_info("username")
            host, port = (sockname[0], sockname[1]) if len(sockname) >= 2 else (None, None)
            self.gate.note(f"{self.server.player or 'a new key'} has no terminal "
                           f"({self.server.peer}): told to connect with one")
            self.chan.write(no_terminal(host, port, user if isinstance(user, str) else None))
            self.chan.exit(1)
            return
        if self.term.lower() in CANNOT_DRAW:
            # the interface would draw nothing and spin until the client left
            self.gate.note(f"{self.server.player or 'a new key'} has a terminal that "
                           f"cannot draw (TERM={self.term}): told so")
            self.chan.write(cannot_draw(self.term))
            self.chan.exit(1)
            return
        if self.gate.stopping:
            self.chan.write(STOPPING)
            self.chan.exit(1)
            return
        if self.gate.sessions >= self.gate.max_sessions:
            self.chan.write(FULL)
            self.chan.exit(1)
            return
        self.gate.sessions += 1
        self._counted = True
        self._watch = asyncio.get_running_loop().create_task(self._run())

    # -- the interface process -------------------------------------------------------

    def _command(self) -> list[str]:
        return [sys.executable, "-m", "shipyard_tui", *self._arguments()]

    def _arguments(self) -> list[str]:
        """The session's ``shipyard`` command line."""
        arguments = ["ssh-session", "--socket", str(self.gate.socket_path)]
        if self.server.player is not None:
            arguments += ["--player", self.server.player]
        else:
            arguments += ["--fingerprint", self.server.fingerprint]
        return arguments

    async def _start(self, slave: int) -> asyncio.subprocess.Process | ForkedSession:
        """The session's process on the pty: a fork of the fork server, or, without
        one, a new process."""
        forks = self.gate.forks
        if forks is not None:
            forked = await forks.spawn(self._arguments(), self._environment(), slave)
            if forked is not None:
                return forked
            if self.gate.forks is forks and await forks.gone():
                self.gate.forks = None
                self.gate.note("the fork server is gone: sessions start as new processes")
        return await asyncio.create_subprocess_exec(
            *self._command(), stdin=slave, stdout=slave, stderr=slave,
            env=self._environment(), start_new_session=True, preexec_fn=_take_terminal)

    def _environment(self) -> dict[str, str]:
        assert self.chan is not None and self.term is not None
        sent = {str(k): str(v) for k, v in self.chan.get_environment().items()}
        env = {k: v for k, v in os.environ.items()
               if k not in ("COLORTERM", "TERM", "TEXTUAL_COLOR_SYSTEM", "COLUMNS", "LINES",
                            "NO_COLOR", *LOCALE_VARIABLES)}
        env["TERM"] = self.term
        if sent.get("COLORTERM"):
            env["COLORTERM"] = sent["COLORTERM"]
        if sent.get("NO_COLOR"):
            # the player's wish (``ssh -o SendEnv=NO_COLOR``), never the server's own
            env["NO_COLOR"] = "1"
        env["TEXTUAL_COLOR_SYSTEM"] = colour_system(self.term, sent)
        env.update(client_locale(sent))
        env["PYTHONIOENCODING"] = "utf-8"
        return env

    async def _run(self) -> None:
        assert self.chan is not None
        master, slave = pty.openpty()
        self.master = master
        self._set_size(self.size[0], self.size[1])
        try:
            self.process = await self._start(slave)
        except OSError as exc:
            self._close_pty()
            self.chan.write(f"The game could not start ({exc.strerror}).\r\n".encode())
            self.chan.exit(1)
            return
        finally:
            os.close(slave)
        self.gate.children.add(self.process.pid)
        if self.input_ended:
            self._hang_up()  # the client's input ended while the process started
        elif self.gate.stopping:  # the server began to stop while the process started
            with contextlib.suppress(ProcessLookupError):
                os.killpg(self.process.pid, signal.SIGTERM)
        os.set_blocking(master, False)
        loop = asyncio.get_running_loop()
        loop.add_reader(master, self._from_pty)
        self._reading = True
        idle = loop.create_task(self._idle_watch())
        code = await self.process.wait()
        idle.cancel()
        self.gate.children.discard(self.process.pid)
        self._drain_pty()
        self._close_pty()
        if self.idle or code < 0:  # ended by a signal: it left the terminal as it was
            with contextlib.suppress(OSError, asyncssh.Error):
                self.chan.write(RESTORE)
        if self.idle:
            self.chan.write(f"\r\nClosed after {how_long(self.gate.idle_timeout)} without "
                            "a key; your seat waits for you.\r\n".encode())
        with contextlib.suppress(Exception):
            self.chan.exit(code if code >= 0 else 1)

    def _from_pty(self) -> None:
        assert self.master is not None and self.chan is not None
        try:
            data = os.read(self.master, 65536)
        except BlockingIOError:
            return
        except OSError:
            data = b""
        if not data:
            self._stop_reading()
            return
        self._send(data)

    def _send(self, data: bytes) -> None:
        """Bytes to the client; if the channel cannot take them any more, the player
        is gone: stop reading and let the interface leave."""
        assert self.chan is not None
        try:
            self.chan.write(data)
        except (OSError, asyncssh.Error):
            self._stop_reading()
            self._hang_up()

    def _drain_pty(self) -> None:
        """Whatever the process wrote last (its terminal reset) still goes out."""
        if self.master is None or self.chan is None:
            return
        with contextlib.suppress(OSError, asyncssh.Error):
            while data := os.read(self.master, 65536):
                self.chan.write(data)

    def _stop_reading(self) -> None:
        if self._reading and self.master is not None:
            asyncio.get_running_loop().remove_reader(self.master)
            self._reading = False

    def _close_pty(self) -> None:
        self._stop_reading()
        if self.master is not None:
            with contextlib.suppress(OSError):
                os.close(self.master)
            self.master = None

    def pause_writing(self) -> None:
        """The client reads slowly: stop reading the pty until it catches up."""
        self._stop_reading()

    def resume_writing(self) -> None:
        if not self._reading and self.master is not None:
            asyncio.get_running_loop().add_reader(self.master, self._from_pty)
            self._reading = True

    async def _idle_watch(self) -> None:
        while True:
            left = self.last_input + self.gate.idle_timeout - time.monotonic()
            if left <= 0:
                break
            await asyncio.sleep(min(left, 30.0))
        self.idle = True
        self._hang_up()

    # -- what the client sends ----------------------------------------------------------

    def data_received(self, data: bytes, datatype: int | None) -> None:
        self.last_input = time.monotonic()
        if self.master is not None:
            with contextlib.suppress(OSError):
                os.write(self.master, data)

    def terminal_size_changed(self, width: int, height: int, pixwidth: int,
                              pixheight: int) -> None:
        if width > 0 and height > 0:
            self.size = (width, height)
            if self.master is not None:
                self._set_size(width, height)

    def _set_size(self, width: int, height: int) -> None:
        assert self.master is not None
        with contextlib.suppress(OSError):
            fcntl.ioctl(self.master, termios.TIOCSWINSZ,
                        struct.pack("HHHH", height, width, 0, 0))

    def eof_received(self) -> bool:
        """The client's input ended (``ssh -tt host </dev/null``): no key can come, so
        the interface leaves; the channel stays open for its last bytes (the terminal
        given back) and the exit status."""
        self.input_ended = True
        self._hang_up()
        return True

    def connection_lost(self, exc: Exception | None) -> None:
        self._hang_up()
        if self._counted:
            self._counted = False
            self.gate.sessions -= 1

    def _hang_up(self) -> None:
        """The player is gone: the interface leaves (its seat waits at the host)."""
        process = self.process
        if process is not None and process.returncode is None:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(process.pid, signal.SIGHUP)
            asyncio.get_running_loop().call_later(5, _kill, process)


def _kill(process: asyncio.subprocess.Process | ForkedSession) -> None:
    if process.returncode is None:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(process.pid, signal.SIGKILL)


def _take_terminal() -> None:
    """In the child: make the pty its controlling terminal, so window changes reach it."""
    fcntl.ioctl(0, termios.TIOCSCTTY, 0)


async def start_ssh(gate: Gate, host: str, port: int, host_key: asyncssh.SSHKey
                    ) -> asyncssh.SSHAcceptor:
    """Listen for players; the acceptor's ``close()`` stops listening."""
    return await asyncssh.create_server(
        lambda: ShipyardServer(gate), host, port,
        server_host_keys=[host_key], encoding=None,
        allow_scp=False, agent_forwarding=False, x11_forwarding=False,
        login_timeout=60, keepalive_interval=60, keepalive_count_max=3)

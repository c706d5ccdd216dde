"""Odd and hostile SSH clients against ``shipyard serve`` (found by a play-test with
OpenSSH on loopback): garbage escape sequences, a client whose input ends at once, the
lobby's own leave key, and the server stopping under connected players."""

from __future__ import annotations

import asyncio
from pathlib import Path

import asyncssh
import pytest

from support.ssh import Server, Terminal, make_key, start_server


@pytest.fixture
def ann_key(tmp_path: Path) -> asyncssh.SSHKey:
    key, line = make_key(tmp_path, "Ann")
    (tmp_path / "players").write_text(line + "\n")
    return key


@pytest.fixture
def server(tmp_path: Path, ann_key: asyncssh.SSHKey):  # type: ignore[no-untyped-def]
    running = start_server(tmp_path / "data", "--players", str(tmp_path / "players"))
    yield running
    running.stop()


def crash_logs(server: Server) -> list[Path]:
    return sorted((server.data / "server").glob("session-crash-*.log"))


async def test_garbage_escape_sequences_are_dropped_and_the_session_goes_on(
        server: Server, ann_key: asyncssh.SSHKey) -> None:
    """A number too large for a character in a key sequence made Textual's key parser
    fail in its input thread, which painted the traceback (server paths and all) on the
    player's terminal and ended the session."""
    ann = await Terminal(80, 24).connect(server.port, ann_key)
    await ann.wait_for("you are Ann")
    ann.press("\x1b[9999999999999999999A", "\x1b[99999999999999999999;5u",
              "\x1b[1114112u")
    await asyncio.sleep(1.0)
    ann.press("n")
    await ann.wait_for("A new table")
    raw = bytes(ann.raw)
    assert b"Traceback" not in raw and b"Error" not in raw
    assert not ann.closed.is_set()
    assert not crash_logs(server)
    await ann.close()


async def test_q_leaves_the_lobby(server: Server, ann_key: asyncssh.SSHKey) -> None:
    """The lobby's footer offers ``q Leave``; the key did nothing (the screen bound an
    action only the app has)."""
    ann = await Terminal(80, 24).connect(server.port, ann_key)
    await ann.wait_for("q Leave")
    ann.press("q")
    await asyncio.wait_for(ann.closed.wait(), 30)
    assert b"\x1b[?1049l" in bytes(ann.raw)  # the terminal was given back


async def test_a_client_whose_input_ends_is_let_go_quietly(
        server: Server, ann_key: asyncssh.SSHKey) -> None:
    """``ssh -tt host </dev/null``: the client's input ends at once. The session used to
    hang with nothing drawn while the server logged a traceback a write."""
    ann = await Terminal(80, 24).connect(server.port, ann_key)
    assert ann.process is not None
    ann.process.stdin.write_eof()
    await asyncio.wait_for(ann.closed.wait(), 30)
    await asyncio.sleep(0.5)
    log = "".join(server.output)
    assert "Traceback" not in log and "BrokenPipeError" not in log
    assert server.process.poll() is None


async def test_stopping_the_server_gives_players_their_terminal_back(
        tmp_path: Path, ann_key: asyncssh.SSHKey) -> None:
    """Stopping the server closed every connection at once: the players' terminals stayed
    in the game's screen with the mouse reporting on, and nobody said why."""
    running = start_server(tmp_path / "data", "--players", str(tmp_path / "players"))
    try:
        ann = await Terminal(80, 24).connect(running.port, ann_key)
        await ann.wait_for("you are Ann")
        # SIGTERM, as Ctrl-C or a service manager would; in a thread, so that this
        # loop's client can answer the server while it stops
        await asyncio.to_thread(running.stop)
        await asyncio.wait_for(ann.closed.wait(), 30)
    finally:
        running.stop(kill=True)
    raw = bytes(ann.raw)
    end = raw.rfind(b"\x1b[?1049l")
    assert end >= 0, "the alternate screen was left"
    assert b"\x1b[?1000l" in raw[raw.rfind(b"\x1b[?1000h"):], "mouse reporting was left on"
    assert b"server is stopping" in raw[end:]
    log = "".join(running.output)
    assert "Shipyard server stopped" in log and "Traceback" not in log


def test_the_terminal_title_is_ascii_for_an_ascii_client() -> None:
    """The title ("Your turn — Shipyard") reached a LANG=C client with its em dash: it
    goes to the terminal directly, not through the app's ASCII line filter."""
    from types import SimpleNamespace

    from shipyard_tui.server.session import set_terminal_title

    written: list[str] = []
    driver = SimpleNamespace(write=written.append)
    for ascii_wanted, dash in ((True, "-"), (False, "—")):
        app = SimpleNamespace(ascii=ascii_wanted, is_headless=False, _driver=driver)
        set_terminal_title(app, "Your turn — Shipyard")  # type: ignore[arg-type]
        assert written.pop() == f"\x1b]2;Your turn {dash} Shipyard\x07"


def _sessions_of(folder: Path, fork_server: bool = False) -> list[int]:
    """Process ids of interface processes of this data folder: those whose command line
    names it, and the forks of its fork server (issue 36), which carry the fork server's
    command line; with ``fork_server``, the fork server itself too."""
    commands: dict[int, str] = {}
    parents: dict[int, int] = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            command = (entry / "cmdline").read_bytes().replace(b"\0", b" ").decode()
            parent = int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1])
        except (OSError, IndexError, ValueError):
            continue
        if str(folder) in command:
            commands[int(entry.name)] = command
            parents[int(entry.name)] = parent
    forks = {pid for pid, command in commands.items() if "forkserver" in command}
    return [pid for pid, command in commands.items()
            if "ssh-session" in command or parents[pid] in forks
            or (fork_server and pid in forks)]


async def test_sessions_end_when_the_server_is_killed(tmp_path: Path,
                                                      ann_key: asyncssh.SSHKey) -> None:
    """A killed server (no graceful stop) leaves its players' interface processes
    without a terminal: they must end on the hang-up, not linger (after the graceful
    stop was added, a test that kills the server mid-game left them sleeping)."""
    import time

    from test_server_ssh import open_table

    bob_key, line = make_key(tmp_path, "Bob")
    with (tmp_path / "players").open("a") as players:
        players.write(line + "\n")
    running = start_server(tmp_path / "data", "--players", str(tmp_path / "players"))
    try:
        ann, bob = await open_table(running, {"Ann": ann_key, "Bob": bob_key})
        assert len(_sessions_of(tmp_path / "data")) == 2
    finally:
        running.stop(kill=True)
    deadline = time.monotonic() + 20
    while _sessions_of(tmp_path / "data", True) and time.monotonic() < deadline:
        await asyncio.sleep(0.2)
    assert not _sessions_of(tmp_path / "data", True)
    await ann.close()
    await bob.close()

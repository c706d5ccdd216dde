"""``shipyard serve`` and ``shipyard ssh-session``: starting the server and one seat."""

from __future__ import annotations

import asyncio
import contextlib
import ipaddress
import os
import signal
import sys
import time
from pathlib import Path

from shipyard_tui import paths

STOP_GRACE = 10.0
"""Seconds the players' sessions have, when the server stops, to give their terminals
back and say why before their connections are closed."""

LOOPBACK_NOTE = ("Only this machine can connect (loopback). To let friends in from other "
                 "machines, pass --host 0.0.0.0 (or this machine's address).")


def server_dir() -> Path:
    """The server's own folder in the data directory: host key, tables, saves, socket."""
    return paths.data_dir() / "server"


def is_loopback(host: str) -> bool:
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


async def serve(host: str, port: int, *, players_file: Path | None, open_door: bool,
                max_sessions: int = 128, idle_timeout: float = 3600.0,
                folder: Path | None = None, ssh: bool = True, fork: bool = True) -> int:
    """Run the table host and the SSH server until interrupted; ``fork``: the sessions
    are forked from a fork server that has the interface imported (else each is a new
    process, as when the fork server could not start or has died)."""
    from shipyard_tui.saves import SaveError
    from shipyard_tui.server.forkserver import Forks
    from shipyard_tui.server.host import TableHost
    from shipyard_tui.server.keys import PlayersFileError, host_key, read_players
    from shipyard_tui.server.ssh import Gate, start_ssh

    folder = folder or server_dir()
    players: dict[str, str] = {}
    if players_file is not None:
        try:
            players = read_players(players_file)
        except (OSError, PlayersFileError) as exc:
            print(f"shipyard serve: {exc}", file=sys.stderr)
            return 2
    if ssh and not players and not open_door:
        print("shipyard serve: nobody could come in: give --players FILE (keys and names) "
              "or --open (any key picks a name)", file=sys.stderr)
        return 2
    table_host = TableHost(folder, open_names=open_door, reserved=set(players.values()))
    try:
        await table_host.start()
    except SaveError as exc:
        print(f"shipyard serve: {exc.message} (nothing was changed)", file=sys.stderr)
        return 2
    for why in table_host.left_out:
        print(f"shipyard serve: {why} (its save stays where it is)", file=sys.stderr)
    if not ssh:
        print(f"Shipyard table host on {table_host.socket_path} (no SSH listener: players "
              "come in with 'shipyard ssh-session').", flush=True)
        await _until_stopped()
        await table_host.close()
        return 0
    gate = Gate(table_host.socket_path, players, open_door, max_sessions, idle_timeout,
                log=log_line)
    if fork:
        forks = Forks(folder / "fork.sock")
        if await forks.start():
            gate.forks = forks
        else:
            log_line("the fork server did not start: sessions start as new processes")
    try:
        acceptor = await start_ssh(gate, host, port, host_key(folder))
    except OSError as exc:
        if gate.forks is not None:
            await gate.forks.close()
        await table_host.close()
        print(f"shipyard serve: cannot listen on {host}:{port}: {exc.strerror}",
              file=sys.stderr)
        return 1
    actual = acceptor.get_port()
    who = "any key (names picked in the lobby)" if open_door else \
        f"{len(players)} key{'s' if len(players) != 1 else ''} from {players_file}"
    print(f"Shipyard server listening on {host}:{actual} for {who}.", flush=True)
    if is_loopback(host):
        print(LOOPBACK_NOTE, flush=True)
    print(f"Connect with: ssh -p {actual} {host if host not in ('0.0.0.0', '::') else 'HOST'}",
          flush=True)
    await _until_stopped()
    acceptor.close()
    print("Stopping: the players' sessions are closing (again to stop at once).",
          flush=True)
    await gate.stop_sessions(STOP_GRACE, now=_stop_signal())
    if gate.forks is not None:
        await gate.forks.close()
    await table_host.close()
    print("Shipyard server stopped; the games are saved.", flush=True)
    return 0


def log_line(line: str) -> None:
    """One line of the server's log: the time, then the line (anything unprintable a
    client could have put in it shown as ``?``)."""
    clean = "".join(c if c.isprintable() else "?" for c in line)
    print(f"{time.strftime('%Y-%m-%d %H:%M:%S')} {clean}", flush=True)


async def _until_stopped() -> None:
    await _stop_signal().wait()


def _stop_signal() -> asyncio.Event:
    """An event set by the next SIGINT, SIGTERM or SIGHUP."""
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP):
        with contextlib.suppress(NotImplementedError, RuntimeError):
            loop.add_signal_handler(sig, stop.set)
    return stop


def ssh_session(player: str | None, fingerprint: str | None, socket_path: Path | None,
                bell: bool) -> int:
    """One player's interface, against a running table host (the SSH server's module,
    and asyncssh with it, imported only to word a refusal: a session has no use for
    them, and a forked session would hold its own copy of them)."""
    if not (sys.stdin.isatty() and sys.stdout.isatty()):
        from shipyard_tui.server.ssh import no_terminal

        # under OpenSSH's ForceCommand: SSH_CONNECTION says where the client came in
        parts = os.environ.get("SSH_CONNECTION", "").split()
        host, port = (parts[2], int(parts[3])) if len(parts) == 4 and parts[3].isdigit() \
            else (None, None)
        # ... and the account they logged in to is this process's
        user = os.environ.get("USER") or os.environ.get("LOGNAME")
        sys.stdout.write(no_terminal(host, port, user).decode().replace("\r\n", "\n"))
        return 1
    from shipyard_tui.server.session import SessionApp

    socket_path = socket_path or server_dir() / "host.sock"
    app = SessionApp(socket_path, player=player, fingerprint=fingerprint, bell=bell)
    app.run()
    if app.problem:
        print(app.problem, file=sys.stderr)
    return app.return_code or 0

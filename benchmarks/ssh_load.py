"""Load on the SSH server: N players at once, each in an SSH client with a terminal,
playing by keys at a person's pace.

    .venv/bin/python benchmarks/ssh_load.py --players 10
    .venv/bin/python benchmarks/ssh_load.py --players 100 --seconds 90

Starts ``shipyard serve`` on a free loopback port (``--max-connections`` raised to
fit), connects one asyncssh client with a terminal per player, and seats them at
tables of 2, 3 and 4 in turn (``--seats``), each table opened by keys through the
lobby; a player left over with no table to fill stays in the lobby. Then, for
``--seconds``, every player presses a key every 1 to 3 seconds (uniformly drawn,
``--pace``): the player whose decision it is picks the first choice (``a``) and
then confirms it (Enter, or ``y`` where a choice asks to be confirmed), one key at
a time; the others look at another board panel (``1``, ``2``, ``3``: Market, Rondels,
Yards, by F2, F3, F4); a player in the lobby moves its cursor. Everything stays on 127.0.0.1.

**Key-to-screen latency** is timed for each key whose effect can be read on the
screen: a panel key until that panel's contents are on the client's screen, a
confirming key until the decision on screen is another (or gone). The clock stops
when the bytes that show it have reached the client and been decoded (pyte), so the
figure includes the client's own work; the clients run in this one process, on the
same machine as the server. A panel key is not timed when a decision for the player
arrives while it waits (the screen then shows the decision). ``a`` is pressed but not
timed (when the first choice is already highlighted it changes only colours, or
nothing). A timed key whose effect is not on screen within 10 s counts as an error.

Reported at the end, every connection still open:

- memory per connection as PSS (each shared page divided among the processes that
  share it) and USS (pages no other process has), from ``/proc/PID/smaps_rollup``;
  "PSS per connection" is the sessions' PSS plus the fork server's, divided by N;
  "marginal PSS per connection" is the growth of the whole server's PSS (SSH server
  and host, fork server, sessions) from before the first connection to the end,
  divided by N: what one more player costs;
- CPU over the timed play, in % of one core: the host's (the whole machine, from
  ``/proc/stat``, this benchmark's clients included), the SSH server and table host,
  the sessions together, the fork server, and this benchmark's own process;
- errors: connections closed, a traceback on a screen or in the server's output, a
  session's crash log, a timed key without its effect.

``--pages`` (as root) also splits each session's resident anonymous memory into pages
still shared with the fork server, pages copied from it (written: a reference count,
a function's specialised code) and new pages; the medians are printed.

``--no-fork`` serves with a new process per connection instead of the fork server.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import resource
import shutil
import statistics
import struct
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from support.ssh import DOWN, ENTER, RIGHT, Server, Terminal, make_key, start_server

PAGE = 4096
TICK = 1 / 100
UP = "\x1b[A"
CTRL_END = "\x1b[1;5F"
PANELS = {"\x1bOQ": ("bow (", "☼ lantern"),
          "\x1bOR": ("Employees (", " ring ╰", " wheel ╰", "▶ marker"),
          "\x1bOS": (" · shipyard",)}
"""A board panel's key (F2, F3, F4: the same as 1, 2, 3, which at some decisions
are yard cells) and words only that panel shows, any of them (Shipyard, at 100
columns; a panel keeps its scroll position, so its top line may be out of sight)."""
ANSWER = 10.0
"""Seconds a timed key's effect may take before it counts as an error."""


def _stat(pid: int) -> tuple[int, float] | None:
    """(resident bytes, CPU seconds) of a process, from /proc."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        pages = int(Path(f"/proc/{pid}/statm").read_text().split()[1])
    except (OSError, IndexError, ValueError):
        return None
    return pages * PAGE, (int(fields[11]) + int(fields[12])) * TICK


def _private(pid: int) -> tuple[int, int] | None:
    """(PSS bytes, USS bytes) of a process, from /proc/PID/smaps_rollup."""
    try:
        lines = Path(f"/proc/{pid}/smaps_rollup").read_text().splitlines()
    except OSError:
        return None
    kb = {}
    for line in lines:
        parts = line.split()
        if len(parts) == 3 and parts[2] == "kB":
            kb[parts[0].rstrip(":")] = int(parts[1])
    uss = kb.get("Private_Clean", 0) + kb.get("Private_Dirty", 0)
    return kb.get("Pss", 0) * 1024, uss * 1024


def _machine_busy() -> tuple[int, int]:
    """(busy, total) clock ticks of the whole machine, from /proc/stat."""
    values = [int(v) for v in Path("/proc/stat").read_text().split("\n", 1)[0].split()[1:]]
    idle = values[3] + values[4]  # idle and iowait
    return sum(values) - idle, sum(values)


def _is_fork_server(pid: int) -> bool:
    try:
        return b"forkserver" in Path(f"/proc/{pid}/cmdline").read_bytes()
    except OSError:
        return False


def _children(pid: int) -> list[int]:
    out = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                ppid = int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1])
            except (OSError, IndexError, ValueError):
                continue
            if ppid == pid:
                out.append(int(entry.name))
    return out


def _sessions(pid: int) -> tuple[list[int], list[int]]:
    """(the connections' interface processes, the fork servers) under the server:
    its children, or the children of its fork server."""
    sessions, forks = [], []
    for child in _children(pid):
        if _is_fork_server(child):
            forks.append(child)
            sessions.extend(_children(child))
        else:
            sessions.append(child)
    return sessions, forks


def _anonymous_frames(pid: int) -> dict[int, int]:
    """The physical frame of each resident page of a process's writable anonymous
    memory (and heap), by address, from /proc/PID/pagemap (frames read as 0 unless
    run as root)."""
    frames: dict[int, int] = {}
    try:
        with open(f"/proc/{pid}/maps") as maps, open(f"/proc/{pid}/pagemap", "rb") as pagemap:
            for line in maps:
                parts = line.split()
                if "w" not in parts[1] or (len(parts) > 5 and parts[5] != "[heap]"):
                    continue
                start, end = (int(v, 16) for v in parts[0].split("-"))
                pagemap.seek(start // PAGE * 8)
                data = pagemap.read((end - start) // PAGE * 8)
                for i, (entry,) in enumerate(struct.iter_unpack("<Q", data)):
                    if entry >> 63:  # present
                        frames[start + i * PAGE] = entry & ((1 << 55) - 1)
    except OSError:
        pass
    return frames


def pages_of(session: int, fork_server: int) -> tuple[int, int, int]:
    """(shared, copied, new) bytes of a session's resident anonymous memory: a page
    still the fork server's, a page at an address the fork server has but a frame of
    its own (copied on write), a page at an address the fork server does not have."""
    parent = _anonymous_frames(fork_server)
    shared = copied = new = 0
    for address, frame in _anonymous_frames(session).items():
        if address not in parent:
            new += 1
        elif parent[address] == frame:
            shared += 1
        else:
            copied += 1
    return shared * PAGE, copied * PAGE, new * PAGE


@dataclass
class Snapshot:
    """The server's processes' memory and CPU at one moment."""

    server: tuple[int, int]
    forks: tuple[int, int]
    sessions: dict[int, tuple[int, int]]
    """(PSS, USS) of each connection's interface process."""
    cpu: dict[str, float]
    """CPU seconds so far: the server, the fork server, the sessions (together)."""
    machine: tuple[int, int]
    own: float
    fork_server: int | None = None

    @classmethod
    def take(cls, server_pid: int) -> Snapshot:
        sessions, forks = _sessions(server_pid)
        private = {pid: p for pid in sessions if (p := _private(pid)) is not None}
        usage = resource.getrusage(resource.RUSAGE_SELF)
        return cls(server=_private(server_pid) or (0, 0),
                   forks=_private(forks[0]) or (0, 0) if forks else (0, 0),
                   sessions=private,
                   cpu={"server": (_stat(server_pid) or (0, 0.0))[1],
                        "fork server": sum((_stat(f) or (0, 0.0))[1] for f in forks),
                        "sessions": sum((_stat(s) or (0, 0.0))[1] for s in sessions)},
                   machine=_machine_busy(), own=usage.ru_utime + usage.ru_stime,
                   fork_server=forks[0] if forks else None)

    def total_pss(self) -> int:
        return self.server[0] + self.forks[0] + sum(p for p, _ in self.sessions.values())


class Watched:
    """A terminal whose screen is tested as each chunk of bytes arrives, so that a
    key's effect is timed when it reaches the client, not when the test next looks."""

    def __init__(self, terminal: Terminal, name: str) -> None:
        self.terminal = terminal
        self.name = name
        self._pending: tuple[float, Callable[[str], bool], asyncio.Future[float]] | None = None
        feed = terminal.stream.feed

        def fed(data: bytes) -> None:
            feed(data)
            if self._pending is not None:
                start, test, done = self._pending
                terminal._text = None
                if test(terminal.text()):
                    self._pending = None
                    if not done.done():
                        done.set_result(time.monotonic() - start)

        terminal.stream.feed = fed  # type: ignore[method-assign]

    async def timed(self, key: str, test: Callable[[str], bool]) -> float | None:
        """Press ``key``; seconds until the screen passes ``test`` (None: not in
        :data:`ANSWER` seconds)."""
        done: asyncio.Future[float] = asyncio.get_running_loop().create_future()
        self._pending = (time.monotonic(), test, done)
        self.terminal.press(key)
        try:
            return await asyncio.wait_for(done, ANSWER)
        except TimeoutError:
            return None
        finally:
            self._pending = None


def decision(text: str, name: str) -> list[str] | None:
    """The player's decision on screen: its prompt line and what follows it (the
    choices); None when the screen asks this player nothing."""
    lines = text.splitlines()
    for i, line in enumerate(lines):
        if line.startswith(f" {name}: "):
            return [row.rstrip() for row in lines[i:-2]]
    return None


def _decided_other(now: str, name: str, before: list[str]) -> bool:
    """A confirming key's effect: the decision on screen is another, or gone."""
    return decision(now, name) != before


def _panel_shown(now: str, name: str, words: tuple[str, ...]) -> bool:
    """A panel key's effect: its panel's words on screen (or a decision for the
    player came, which :func:`play` does not time)."""
    return any(w in now for w in words) or decision(now, name) is not None


def _at_table(now: str, name: str) -> bool:
    """The table's game on screen: this player's decision, or whose turn it is."""
    return f"{name}: " in now or "'s turn" in now


@dataclass
class Tally:
    latencies: dict[str, list[float]] = field(default_factory=lambda: {"move": [], "panel": []})
    keys: int = 0
    unanswered: list[str] = field(default_factory=list)
    interrupted: int = 0
    """Panel keys whose wait a decision for the player cut short (not timed)."""
    first_unanswered: str = ""
    """The screen of the first timed key without its effect."""


async def play(watched: Watched, rng: random.Random, pace: tuple[float, float],
               until: float, tally: Tally, seated: bool) -> None:
    """One player at a person's pace until ``until`` (monotonic seconds)."""
    name, terminal = watched.name, watched.terminal
    picked: list[str] | None = None
    """The decision for which ``a`` was pressed (the next key confirms it)."""
    lobby_key = DOWN
    while True:
        await asyncio.sleep(rng.uniform(*pace))
        if time.monotonic() >= until or terminal.closed.is_set():
            return
        tally.keys += 1
        text = terminal.text()
        if not seated:
            terminal.press(lobby_key)
            lobby_key = UP if lobby_key == DOWN else DOWN
            continue
        asked = decision(text, name)
        if asked is not None and picked != asked and not ("(y)" in text and "(n)" in text):
            terminal.press("a")
            await asyncio.sleep(0.05)
            picked = decision(terminal.text(), name)
            continue
        if asked is not None:
            key = "y" if "(y)" in text and "(n)" in text else ENTER
            kind = "move"
            test = partial(_decided_other, name=name, before=asked)
        else:
            shown = [k for k, words in PANELS.items() if any(w in text for w in words)]
            choices = [k for k in PANELS if k not in shown]
            key = rng.choice(choices)
            kind = "panel"
            test = partial(_panel_shown, name=name, words=PANELS[key])
        picked = None
        seconds = await watched.timed(key, test)
        if kind == "panel" and decision(terminal.text(), name) is not None:
            tally.interrupted += 1  # a decision came: not the key's effect, not timed
        elif seconds is None:
            tally.unanswered.append(f"{name} {kind} {key!r}")
            if len(tally.unanswered) == 1:
                tally.first_unanswered = terminal.text()
        else:
            tally.latencies[kind].append(seconds)


def moves_made(server: Server) -> dict[str, int]:
    """Each table's moves so far, by table id, from its autosave."""
    out: dict[str, int] = {}
    for path in (server.data / "server" / "saves").glob("*table-*.json"):
        if ".bak" in path.name:
            continue
        try:
            body = json.loads(path.read_text())
            out[body["game_id"]] = len(body["game"]["moves"])
        except (OSError, ValueError, KeyError, TypeError):
            continue
    return out


def table_sizes(players: int, seats: list[int]) -> list[int]:
    """Tables of the given sizes in turn while players are left to fill them; a last
    table of what is left (when 2 or more), else that player stays in the lobby."""
    sizes: list[int] = []
    left = players
    while left >= 2:
        size = seats[len(sizes) % len(seats)]
        sizes.append(min(size, left))
        left -= sizes[-1]
    return sizes


async def open_table(host: Terminal, guests: list[Terminal], host_name: str) -> None:
    """The host opens a table with every other seat open for a person; the guests
    sit down at it (the newest table: the lobby's last row)."""
    seats = len(guests) + 1
    host.press("n")
    await host.wait_for("A new table", 60)
    for row in range(1, seats - 1):
        host.press(DOWN, RIGHT)
        await host.wait_for(f"Seat {row + 2}: ◀ open", 60)
    host.press(ENTER)
    await host.wait_for("You sit at table", 60)

    async def sit(guest: Terminal) -> None:
        deadline = time.monotonic() + 60
        while f" {host_name} · " not in guest.text():  # the row, scrolled into view
            if time.monotonic() > deadline:
                raise AssertionError(f"{host_name}'s table is not in the lobby:\n"
                                     f"{guest.text()}")
            guest.press(CTRL_END)
            await asyncio.sleep(0.3)
        guest.press(CTRL_END)
        await asyncio.sleep(0.2)
        guest.press(ENTER)

    await asyncio.gather(*(sit(guest) for guest in guests))


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q / 100 * (len(ordered) - 1)))]


async def run(players: int, seats: list[int], seconds: float, pace: tuple[float, float],
              size: tuple[int, int], fork: bool, seed: int, with_pages: bool = False
              ) -> dict[str, float | str]:
    folder = Path(tempfile.mkdtemp(prefix="shipyard-load-"))
    names = [f"P{i:03d}" for i in range(1, players + 1)]
    keys, lines = {}, []
    for name in names:
        keys[name], line = make_key(folder, name)
        lines.append(line)
    (folder / "players").write_text("\n".join(lines) + "\n")
    server: Server = start_server(folder / "data", "--players", str(folder / "players"),
                                  "--max-connections", str(players + 8),
                                  *(() if fork else ("--no-fork",)))
    terminals: list[Terminal] = []
    try:
        await asyncio.sleep(1)
        before = Snapshot.take(server.process.pid)
        sizes = table_sizes(players, seats)
        connected = opened = 0.0

        async def connect(group: list[str]) -> list[Terminal]:
            nonlocal connected
            started = time.monotonic()
            new = [await Terminal(*size).connect(server.port, keys[name]) for name in group]
            for terminal, name in zip(new, group, strict=True):
                await terminal.wait_for(f"you are {name}", 120)
            connected += time.monotonic() - started
            terminals.extend(new)
            return new

        # Table by table: its players connect, then open it and sit down (players
        # waiting in the lobby while every other table is opened would only make
        # the opening slow: each lobby is redrawn at every change).
        for count in sizes:
            group = await connect(names[len(terminals):len(terminals) + count])
            started = time.monotonic()
            await open_table(group[0], group[1:], names[len(terminals) - count])
            opened += time.monotonic() - started
        seated = len(terminals)
        await connect(names[seated:])
        for terminal, name in zip(terminals[:seated], names[:seated], strict=True):
            await terminal.wait_for(partial(_at_table, name=name), 120)
        watched = [Watched(t, n) for t, n in zip(terminals, names, strict=True)]
        rng = random.Random(seed)
        tally = Tally()
        at_start = Snapshot.take(server.process.pid)
        play_start = time.monotonic()
        until = play_start + seconds
        await asyncio.gather(*(play(w, random.Random(rng.random()), pace, until, tally,
                                    i < seated) for i, w in enumerate(watched)))
        played = time.monotonic() - play_start
        end = Snapshot.take(server.process.pid)
        moves = moves_made(server)
        errors = [f"{name}: closed" for name, t in zip(names, terminals, strict=True)
                  if t.closed.is_set()]
        errors += [f"{name}: traceback on screen" for name, t
                   in zip(names, terminals, strict=True) if "Traceback" in t.text()]
        if server.process.poll() is not None:
            errors.append("the server stopped")
        if any("Traceback" in line for line in server.output):
            errors.append("a traceback in the server's output")
        errors += [f"crash log {p.name}" for p
                   in (server.data / "server").glob("session-crash-*")]
        errors += [f"no effect in {ANSWER:.0f} s: {k}" for k in tally.unanswered]
        for error in errors[:20]:
            print("error:", error, file=sys.stderr)
        if tally.first_unanswered:
            print(f"the first key without its effect left:\n{tally.first_unanswered}",
                  file=sys.stderr)
        timed = tally.latencies["move"] + tally.latencies["panel"]
        pss = [p for p, _ in end.sessions.values()]
        uss = [u for _, u in end.sessions.values()]
        busy = end.machine[0] - at_start.machine[0]
        total = end.machine[1] - at_start.machine[1]
        cores = len([line for line in Path("/proc/stat").read_text().splitlines()
                     if line.startswith("cpu") and line[3:4].isdigit()])

        def core_share(key: str) -> float:
            return round(100 * (end.cpu[key] - at_start.cpu[key]) / played, 1)

        def ms(values: list[float], q: float) -> float:
            return round(1000 * percentile(values, q), 1) if values else 0.0

        mib = 2**20
        pages: dict[str, float | str] = {}
        if with_pages and end.fork_server is not None:
            kinds = [pages_of(pid, end.fork_server) for pid in end.sessions]
            for i, label in enumerate(("shared", "copied", "new")):
                pages[f"session anon {label} MiB median"] = round(
                    statistics.median(k[i] for k in kinds) / mib, 1) if kinds else 0
        return {
            "fork server": "yes" if end.forks[0] else "no",
            "connections": len(terminals),
            "tables": "+".join(str(s) for s in sizes),
            "in the lobby": players - seated,
            "errors": len(errors),
            "connecting s (sum)": round(connected, 1),
            "open tables s": round(opened, 1),
            "played s": round(played, 1),
            "moves": sum(moves.values()),
            "tables that moved": sum(1 for count in moves.values() if count),
            "keys": tally.keys,
            "keys per s": round(tally.keys / played, 1),
            "timed keys": len(timed),
            "panel keys cut short": tally.interrupted,
            "latency p50 ms": ms(timed, 50),
            "latency p90 ms": ms(timed, 90),
            "latency p95 ms": ms(timed, 95),
            "latency p99 ms": ms(timed, 99),
            "latency max ms": ms(timed, 100),
            "move keys p95 ms": ms(tally.latencies["move"], 95),
            "panel keys p95 ms": ms(tally.latencies["panel"], 95),
            "session PSS MiB median": round(statistics.median(pss) / mib, 1) if pss else 0,
            "session USS MiB median": round(statistics.median(uss) / mib, 1) if uss else 0,
            "session USS MiB max": round(max(uss) / mib, 1) if uss else 0,
            "fork server PSS MiB": round(end.forks[0] / mib, 1),
            "server PSS MiB": round(end.server[0] / mib, 1),
            "PSS per connection MiB": round((sum(pss) + end.forks[0])
                                            / max(1, len(pss)) / mib, 1),
            "marginal PSS per connection MiB": round(
                (end.total_pss() - before.total_pss()) / max(1, len(terminals)) / mib, 1),
            "host CPU % of a core": round(100 * cores * busy / max(1, total), 1),
            "server CPU %": core_share("server"),
            "sessions CPU % (sum)": core_share("sessions"),
            "fork server CPU %": core_share("fork server"),
            "benchmark's clients CPU %": round(100 * (end.own - at_start.own) / played, 1),
            **pages,
        }
    finally:
        for terminal in terminals:
            await terminal.close()
        server.stop()
        shutil.rmtree(folder, ignore_errors=True)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--players", type=int, default=10, help="connections (default 10)")
    parser.add_argument("--seats", default="2,3,4",
                        help="table sizes, taken in turn (default 2,3,4)")
    parser.add_argument("--seconds", type=float, default=60,
                        help="how long the players play at their pace (default 60)")
    parser.add_argument("--pace", default="1,3",
                        help="seconds between a player's keys, least and most (default 1,3)")
    parser.add_argument("--size", default="100x30", help="each client's terminal size")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--pages", action="store_true",
                        help="also split each session's anonymous memory into pages still "
                             "the fork server's, pages copied from it and new pages "
                             "(/proc/PID/pagemap; needs root)")
    parser.add_argument("--no-fork", action="store_true",
                        help="serve with --no-fork: a new process per connection")
    args = parser.parse_args()
    width, height = (int(v) for v in args.size.split("x"))
    seats = [int(v) for v in args.seats.split(",")]
    if not all(2 <= s <= 4 for s in seats) or args.players < 1:
        parser.error("tables seat 2 to 4; at least one player")
    least, most = (float(v) for v in args.pace.split(","))
    result = asyncio.run(run(args.players, seats, args.seconds, (least, most),
                             (width, height), not args.no_fork, args.seed, args.pages))
    for key, value in result.items():
        print(f"{key:<34} {value}")
    return 0 if result["errors"] == 0 else 1


if __name__ == "__main__":
    sys.exit(main())

"""Load on the SSH server: many connections at once, each an interface in its own pty.

    .venv/bin/python benchmarks/ssh_load.py --tables 6 --seats 4

Starts ``shipyard serve`` on a free loopback port, connects one SSH client with a
terminal per seat, opens the tables through the lobby by keys, and plays every seat
by pressing the first choice (``a``, Enter) as soon as that player's prompt shows: a
person playing at a bot's pace. It stops when every game is over (or after
``--moves`` moves per table), then prints the memory of each connection's interface
process, the server's memory, and the CPU the server and the interfaces used.
Everything stays on 127.0.0.1.

Memory per connection is given three ways: resident (RSS, the largest seen), and, at
the end, proportional (PSS: each shared page divided among the processes sharing it)
and unique (USS: pages no other process has), from ``/proc/PID/smaps_rollup``. With
the fork server (issue 36; ``--no-fork`` for a new process per connection) the
sessions share the interface the fork server imported, which RSS counts again in
every one of them; "PSS per connection" adds the fork server's own PSS, shared out.

    .venv/bin/python benchmarks/ssh_load.py --tables 5 --seats 2 --moves 30
    .venv/bin/python benchmarks/ssh_load.py --tables 5 --seats 2 --moves 30 --no-fork
"""

from __future__ import annotations

import argparse
import asyncio
import json
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from support.ssh import DOWN, ENTER, RIGHT, Server, Terminal, make_key, start_server

PAGE = 4096
TICK = 1 / 100


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


def _is_fork_server(pid: int) -> bool:
    try:
        return b"forkserver" in Path(f"/proc/{pid}/cmdline").read_bytes()
    except OSError:
        return False


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


class Meter:
    """Samples the server's and the interfaces' memory and CPU while the load runs."""

    def __init__(self, server: Server) -> None:
        self.pid = server.process.pid
        self.server_rss: list[int] = []
        self.child_rss: dict[int, int] = {}
        self.child_cpu: dict[int, float] = {}
        self.child_private: dict[int, tuple[int, int]] = {}
        """(PSS, USS) of each interface process at the last sample."""
        self.forks_private: tuple[int, int] = (0, 0)
        self.forks_rss = 0
        self.server_cpu = 0.0
        self.start_cpu = (_stat(self.pid) or (0, 0.0))[1]
        self.started = time.monotonic()

    def sample(self) -> None:
        own = _stat(self.pid)
        if own is not None:
            self.server_rss.append(own[0])
            self.server_cpu = own[1] - self.start_cpu
        sessions, forks = _sessions(self.pid)
        for child in sessions:
            seen = _stat(child)
            if seen is not None:
                self.child_rss[child] = max(self.child_rss.get(child, 0), seen[0])
                self.child_cpu[child] = seen[1]
        self.child_private = {child: private for child in sessions
                              if (private := _private(child)) is not None}
        for fork in forks:
            self.forks_private = _private(fork) or (0, 0)
            self.forks_rss = (_stat(fork) or (0, 0.0))[0]


async def open_tables(server: Server, terminals: list[Terminal], names: list[str],
                      seats: int) -> None:
    """Table by table: the first player opens it with every other seat open for a
    person, the others sit down by picking its row in the lobby."""
    for t in range(len(terminals) // seats):
        group = terminals[t * seats:(t + 1) * seats]
        host = group[0]
        host.press("n")
        await host.wait_for("A new table")
        for row in range(1, seats - 1):
            host.press(DOWN, RIGHT)
            await host.wait_for(f"Seat {row + 2}: ◀ open")
        host.press(ENTER)
        await host.wait_for(f"{seats - 1} seats open" if seats > 2 else "1 seat open")
        for i, guest in enumerate(group[1:], start=1):
            await guest.wait_for(f" {names[t * seats]} · ")
            await asyncio.sleep(0.3)
            for _ in range(t):
                guest.press(DOWN)
                await asyncio.sleep(0.2)
            guest.press(ENTER)
            if i < seats - 1:
                await guest.wait_for("You sit at table", 60)
        for member, name in zip(group, names[t * seats:], strict=False):
            await member.wait_for(lambda text, name=name: f"{name}: " in text
                                  or "'s turn" in text, 60)


def table_games(server: Server) -> dict[str, dict]:
    """Each table's last autosave (or archive), by table id."""
    out: dict[str, dict] = {}
    for kind in ("saves", "finished"):
        for path in (server.data / "server" / kind).glob("*table-*.json"):
            if path.name.endswith(".bak.json") or ".bak" in path.name:
                continue
            try:
                body = json.loads(path.read_text())
            except (OSError, ValueError):
                continue
            out[body["game_id"].removeprefix("table-")] = body["game"]
    return out


async def drive(server: Server, by_name: dict[str, Terminal], moves: int,
                limit: float) -> dict[str, dict]:
    """Press the first choice for whoever is to move at every table, until every game
    is over (or has ``moves`` moves)."""
    plan = json.loads((server.data / "server" / "tables.json").read_text())
    seats = {t["table"]: [s["player"] for s in t["seats"]] for t in plan["tables"]}
    pressed: dict[str, tuple[int, float]] = {}
    deadline = time.monotonic() + limit
    while True:
        games = table_games(server)
        done = 0
        for table, names in seats.items():
            game = games.get(table)
            if game is None:
                continue
            count = len(game["moves"])
            over = game["state"]["stage"] == "over"
            if over or (moves and count >= moves):
                done += 1
                continue
            name = names[game["state"]["turn"]["seat"]]
            terminal = by_name[name]
            last = pressed.get(table, (-1, 0.0))
            text = terminal.text()
            if f"{name}: " in text and (last[0] != count or time.monotonic() - last[1] > 5):
                # An irreversible choice asks to be confirmed; otherwise the first choice.
                confirming = "(y)" in text and "(n)" in text
                terminal.press(*(("y",) if confirming else ("a", ENTER)))
                pressed[table] = (count, time.monotonic())
        if done == len(seats):
            return games
        if time.monotonic() > deadline:
            raise TimeoutError(f"{done} of {len(seats)} tables finished in {limit:.0f} s")
        await asyncio.sleep(0.05)


async def run(tables: int, seats: int, moves: int, limit: float, size: tuple[int, int],
              lobby: int = 0, fork: bool = True) -> dict[str, float | str]:
    folder = Path(tempfile.mkdtemp(prefix="shipyard-load-"))
    names = [f"P{i:02d}" for i in range(1, tables * seats + lobby + 1)]
    keys, lines = {}, []
    for name in names:
        keys[name], line = make_key(folder, name)
        lines.append(line)
    (folder / "players").write_text("\n".join(lines) + "\n")
    server = start_server(folder / "data", "--players", str(folder / "players"),
                          *(() if fork else ("--no-fork",)))
    meter = Meter(server)
    terminals: list[Terminal] = []
    try:
        started = time.monotonic()
        for name in names:
            terminals.append(await Terminal(*size).connect(server.port, keys[name]))
        for terminal, name in zip(terminals, names, strict=True):
            await terminal.wait_for(f"you are {name}", 120)
        connected = time.monotonic() - started
        meter.sample()
        await open_tables(server, terminals[:tables * seats], names, seats)

        async def sampling() -> None:
            while True:
                meter.sample()
                await asyncio.sleep(2)

        sampler = asyncio.get_running_loop().create_task(sampling())
        play_start = time.monotonic()
        server_cpu_before = meter.server_cpu
        games = await drive(server, dict(zip(names, terminals, strict=True)), moves, limit)
        meter.sample()  # PSS and USS, every connection still open
        played = time.monotonic() - play_start
        sampler.cancel()
        meter.sample()
        errors = [name for name, t in zip(names, terminals, strict=True)
                  if "Traceback" in t.text() or t.closed.is_set()]
        if server.process.poll() is not None:
            errors.append("the server stopped")
        if any("Traceback" in line for line in server.output):
            errors.append("the server reported an error:\n" + "".join(server.output))
        total_moves = sum(len(g["moves"]) for g in games.values())
        over = sum(1 for g in games.values() if g["state"]["stage"] == "over")
        rss = sorted(meter.child_rss.values())
        pss = [p for p, _ in meter.child_private.values()]
        uss = [u for _, u in meter.child_private.values()]
        return {
            "fork server": "yes" if meter.forks_rss else "no",
            "connections": len(terminals),
            "tables": tables,
            "games over": over,
            "errors": len(errors),
            "moves": total_moves,
            "connect s": round(connected, 1),
            "play s": round(played, 1),
            "moves per s": round(total_moves / played, 2),
            "interface MiB median": round(statistics.median(rss) / 2**20, 1) if rss else 0,
            "interface MiB max": round(max(rss) / 2**20, 1) if rss else 0,
            "interface PSS MiB median": round(statistics.median(pss) / 2**20, 1) if pss else 0,
            "interface USS MiB median": round(statistics.median(uss) / 2**20, 1) if uss else 0,
            "fork server RSS MiB": round(meter.forks_rss / 2**20, 1),
            "fork server PSS MiB": round(meter.forks_private[0] / 2**20, 1),
            "PSS per connection MiB": round((sum(pss) + meter.forks_private[0])
                                            / max(1, len(pss)) / 2**20, 1),
            "server MiB max": round(max(meter.server_rss) / 2**20, 1),
            "server CPU %": round(100 * (meter.server_cpu - server_cpu_before) / played, 1),
            "interfaces CPU % (sum)": round(100 * sum(meter.child_cpu.values()) /
                                            (time.monotonic() - meter.started), 1),
        }
    finally:
        for terminal in terminals:
            await terminal.close()
        server.stop()
        shutil.rmtree(folder, ignore_errors=True)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=6)
    parser.add_argument("--seats", type=int, default=4, choices=(2, 3, 4))
    parser.add_argument("--moves", type=int, default=0,
                        help="stop each table after this many moves (default: play to the end)")
    parser.add_argument("--limit", type=float, default=1800, help="give up after this many "
                                                                  "seconds (default 1800)")
    parser.add_argument("--size", default="100x30", help="each client's terminal size")
    parser.add_argument("--lobby", type=int, default=0,
                        help="more connections that stay in the lobby (default 0)")
    parser.add_argument("--no-fork", action="store_true",
                        help="serve with --no-fork: a new process per connection")
    args = parser.parse_args()
    width, height = (int(v) for v in args.size.split("x"))
    result = asyncio.run(run(args.tables, args.seats, args.moves, args.limit, (width, height),
                             args.lobby, not args.no_fork))
    for key, value in result.items():
        print(f"{key:<24} {value}")
    return 0 if result["errors"] == 0 else 1


if __name__ == "__main__":
    sys.exit(main())

"""Bytes sent to the terminal per key press, and a 4-bot game's time by terminal size.

Everything runs in a real pseudo-terminal, as a player over ssh would see it:

* navigation: arrow keys moving the highlight in the choice list at the first decision,
  and letters jumping to a choice;
* played moves: Enter on the highlighted choice (a greedy-ish walk through a game
  against bots without pauses); bytes are divided by the moves each Enter committed
  (counted through ``SHIPYARD_MOVE_LOG``), so a bot's turn counts as its own moves;
* the anchor: a minimal Textual app whose one label changes on every key, measured in
  the same run in alternating rounds, so machine load hits both alike;
* a 4-bot game without pauses, timed from start to the archived result at 160x50 and
  at 80x24, in alternating rounds.

    .venv/bin/python benchmarks/terminal_bytes.py --rounds 3
    .venv/bin/python benchmarks/terminal_bytes.py --rounds 1 --presses 100 \
        --kinds shipyard,classic,solo,nauticus

Every measurement starts once the program's first frame has arrived and the screen is
quiet (:meth:`Terminal.wait_first_frame`).
"""

from __future__ import annotations

import argparse
import fcntl
import os
import pty
import select
import shutil
import signal
import statistics
import struct
import sys
import tempfile
import termios
import textwrap
import time
from dataclasses import dataclass, field
from pathlib import Path

PYTHON = sys.executable
SOURCE = ""
"""Another checkout's ``src`` to measure instead of the installed one (--src)."""
KEYS = {"down": b"\x1b[B", "up": b"\x1b[A", "enter": b"\r"}

ANCHOR_APP = textwrap.dedent('''
    from textual.app import App
    from textual.widgets import Label

    class Anchor(App):
        def compose(self):
            yield Label("0", id="count")

        def on_key(self, event):
            label = self.query_one("#count", Label)
            label.update(str(int(str(label.content)) + 1))

    Anchor().run()
''')


@dataclass
class Terminal:
    """A program running in a pseudo-terminal of a given size; counts what it writes."""

    argv: list[str]
    size: tuple[int, int]
    env: dict[str, str]
    pid: int = 0
    fd: int = -1
    received: int = 0
    log: bytearray = field(default_factory=bytearray)

    def start(self) -> None:
        pid, fd = pty.fork()
        if pid == 0:
            os.execve(self.argv[0], self.argv, self.env)
        self.pid, self.fd = pid, fd
        cols, rows = self.size
        fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", rows, cols, 0, 0))
        os.kill(pid, signal.SIGWINCH)

    def read_until_quiet(self, quiet: float = 0.25, limit: float = 20.0) -> int:
        """Read until nothing arrives for ``quiet`` seconds; return the bytes read."""
        start = self.received
        deadline = time.monotonic() + limit
        while time.monotonic() < deadline:
            ready, _, _ = select.select([self.fd], [], [], quiet)
            if not ready:
                break
            try:
                chunk = os.read(self.fd, 65536)
            except OSError:
                break
            if not chunk:
                break
            self.received += len(chunk)
        return self.received - start

    def wait_first_frame(self, at_least: int = 2000, limit: float = 60.0) -> int:
        """Read until the first frame has arrived (``at_least`` bytes) and the screen
        then stays quiet: a program still starting sends nothing, which a bare
        quiet-wait took for a drawn screen, and its first frame was counted against
        the first key (a 65 KB "key" on a loaded machine)."""
        deadline = time.monotonic() + limit
        while self.received < at_least and time.monotonic() < deadline:
            self.read_until_quiet(quiet=0.5, limit=1.0)
        return self.read_until_quiet(quiet=1.5)

    def press(self, key: str) -> int:
        os.write(self.fd, KEYS.get(key, key.encode()))
        return self.read_until_quiet()

    def stop(self) -> None:
        if self.pid:
            try:
                os.kill(self.pid, signal.SIGTERM)
                os.waitpid(self.pid, 0)
            except (ProcessLookupError, ChildProcessError):
                pass
        if self.fd >= 0:
            os.close(self.fd)
        self.pid, self.fd = 0, -1


GUIDANCE = "off"
"""The guided first game's notes (``SHIPYARD_GUIDANCE``): off unless ``--guided``."""


def base_env(home: Path, extra: dict[str, str] | None = None) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in ("NO_COLOR", "LC_ALL")}
    env.update(TERM="xterm-256color", LANG="C.UTF-8", COLORTERM="truecolor",
               SHIPYARD_DATA_DIR=str(home / "data"), SHIPYARD_CONFIG_DIR=str(home / "config"),
               SHIPYARD_GUIDANCE=GUIDANCE)
    if SOURCE:
        env["PYTHONPATH"] = SOURCE
    env.update(extra or {})
    return env


def shipyard(*args: str) -> list[str]:
    return [PYTHON, "-m", "shipyard_tui.cli", *args]


def moves_logged(path: Path) -> int:
    try:
        return len(path.read_text().splitlines())
    except OSError:
        return 0


def measure_game(size: tuple[int, int], home: Path, presses: int) -> dict[str, list[float]]:
    """Navigation keys and played moves in a 2-seat game against a bot, no pauses."""
    log = home / "moves.log"
    log.unlink(missing_ok=True)
    env = base_env(home, {"SHIPYARD_MOVE_LOG": str(log)})
    term = Terminal(shipyard("play", "--seed", "7", "--seat", "Ann:human",
                             "--seat", "Bob:bot:greedy", "--bot-delay", "0"), size, env)
    term.start()
    try:
        term.wait_first_frame()
        nav: list[float] = []
        for i in range(presses):
            nav.append(term.press("down" if i % 4 < 2 else "up"))
        for letter in "bcab":
            nav.append(term.press(letter))
        per_move: list[float] = []
        for _ in range(presses):
            before = moves_logged(log)
            sent = term.press("enter")
            played = moves_logged(log) - before
            if not played:
                # a loaded machine may not have drawn the move yet when the screen first
                # went quiet: wait longer before taking it for a confirmation
                sent += term.read_until_quiet(quiet=1.0)
                played = moves_logged(log) - before
            if not played:  # a confirmation: answer yes
                sent += term.press("y")
                played = moves_logged(log) - before
            if played:
                per_move.append(sent / played)
        return {"nav": nav, "move": per_move}
    finally:
        term.stop()


def measure_anchor(size: tuple[int, int], home: Path, presses: int) -> list[float]:
    script = home / "anchor.py"
    script.write_text(ANCHOR_APP)
    term = Terminal([PYTHON, str(script)], size, base_env(home))
    term.start()
    try:
        term.wait_first_frame(at_least=20)
        return [term.press("x") for _ in range(presses)]
    finally:
        term.stop()


NAVIGATION_GAMES = {
    "shipyard": ("play", "--seat", "Ann:human", "--seat", "Bob:bot:greedy"),
    "classic": ("play", "--rules", "classic", "--seat", "Ann:human", "--seat",
                "Bob:bot:greedy"),
    "solo": ("solo", "--name", "Ann"),
    "nauticus": ("play", "--game", "nauticus", "--seat", "Ann:human", "--seat",
                 "Bob:bot:greedy"),
}
"""The games whose navigation keys ``--kinds`` measures: a person's first decision."""


def measure_navigation(kind: str, size: tuple[int, int], home: Path,
                       presses: int) -> list[float]:
    """Bytes per navigation key at the first decision of a game of ``kind``, once its
    first frame is drawn: arrows down and up, two at a time, and every tenth key a
    letter that jumps to a choice."""
    shutil.rmtree(home / "data", ignore_errors=True)
    term = Terminal(shipyard(*NAVIGATION_GAMES[kind], "--seed", "7", "--bot-delay", "0"),
                    size, base_env(home))
    term.start()
    try:
        term.wait_first_frame()
        return [term.press("bc"[i // 10 % 2] if i % 10 == 9 else
                           "down" if i % 4 < 2 else "up") for i in range(presses)]
    finally:
        term.stop()


def time_bot_game(size: tuple[int, int], home: Path, seed: int) -> float:
    """Seconds from start until a 4-bot game without pauses is archived as finished."""
    shutil.rmtree(home / "data", ignore_errors=True)
    seats = [arg for name in ("Ann", "Bob", "Cy", "Di")
             for arg in ("--seat", f"{name}:bot:greedy")]
    term = Terminal(shipyard("play", "--seed", str(seed), *seats, "--bot-delay", "0"),
                    size, base_env(home))
    started = time.perf_counter()
    term.start()
    finished = home / "data" / "finished"
    try:
        while True:
            term.read_until_quiet(quiet=0.05, limit=0.5)
            if finished.is_dir() and any(finished.glob("*.json")):
                return time.perf_counter() - started
            if time.perf_counter() - started > 600:
                raise RuntimeError("the bot game did not finish in 10 minutes")
    finally:
        term.stop()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--presses", type=int, default=20)
    parser.add_argument("--no-bot-game", action="store_true")
    parser.add_argument("--kinds", help="only navigation keys, in these games "
                                        f"(comma-separated: {', '.join(NAVIGATION_GAMES)})")
    parser.add_argument("--src", help="measure the code in this src folder (e.g. an older "
                                      "commit exported with git archive)")
    parser.add_argument("--guided", action="store_true",
                        help="with the guided first game's notes (by default off, as a "
                             "second game and code from before the notes have them)")
    args = parser.parse_args()
    global SOURCE, GUIDANCE
    GUIDANCE = "on" if args.guided else "off"
    SOURCE = str(Path(args.src).resolve()) if args.src else ""
    sizes = [(80, 24), (160, 50)]
    if args.kinds:
        return navigation_only(args.kinds.split(","), sizes, args.presses, args.rounds)
    results: dict[str, list[float]] = {}
    with tempfile.TemporaryDirectory() as tmp:
        home = Path(tmp)
        for _ in range(args.rounds):
            for size in sizes:
                tag = f"{size[0]}x{size[1]}"
                results.setdefault(f"anchor {tag}", []).extend(
                    measure_anchor(size, home, args.presses))
                game = measure_game(size, home, args.presses)
                results.setdefault(f"nav {tag}", []).extend(game["nav"])
                results.setdefault(f"move {tag}", []).extend(game["move"])
            if not args.no_bot_game:
                for size in sizes:
                    tag = f"{size[0]}x{size[1]}"
                    results.setdefault(f"bot game {tag}", []).append(
                        time_bot_game(size, home, 2026))
    print(f"{'measure':<22} {'n':>4} {'mean':>10} {'median':>10} {'max':>10}")
    for name, values in results.items():
        unit = "s" if name.startswith("bot game") else "B"
        print(f"{name:<22} {len(values):>4} {statistics.mean(values):>9.0f}{unit} "
              f"{statistics.median(values):>9.0f}{unit} {max(values):>9.0f}{unit}"
              if unit == "B" else
              f"{name:<22} {len(values):>4} {statistics.mean(values):>9.2f}{unit} "
              f"{statistics.median(values):>9.2f}{unit} {max(values):>9.2f}{unit}")
    for tag in ("80x24", "160x50"):
        anchor = statistics.mean(results[f"anchor {tag}"])
        nav = statistics.mean(results[f"nav {tag}"])
        print(f"nav / anchor at {tag}: {nav / anchor:.1f}x")
    if not args.no_bot_game:
        ratio = (statistics.mean(results["bot game 160x50"])
                 / statistics.mean(results["bot game 80x24"]))
        print(f"bot game 160x50 / 80x24: {ratio:.2f}x")
    return 0


def navigation_only(kinds: list[str], sizes: list[tuple[int, int]], presses: int,
                    rounds: int) -> int:
    """Navigation keys in each game at each size, with the anchor in the same rounds."""
    results: dict[str, list[float]] = {}
    with tempfile.TemporaryDirectory() as tmp:
        home = Path(tmp)
        for _ in range(rounds):
            for size in sizes:
                tag = f"{size[0]}x{size[1]}"
                results.setdefault(f"anchor {tag}", []).extend(
                    measure_anchor(size, home, 20))
                for kind in kinds:
                    results.setdefault(f"{kind} {tag}", []).extend(
                        measure_navigation(kind, size, home, presses))
    print(f"{'navigation key':<20} {'n':>4} {'mean':>8} {'median':>8} {'max':>8} "
          f"{'keys > 8 KB':>12}")
    for name, values in results.items():
        print(f"{name:<20} {len(values):>4} {statistics.mean(values):>7.0f}B "
              f"{statistics.median(values):>7.0f}B {max(values):>7.0f}B "
              f"{sum(v > 8192 for v in values):>12}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""Enter every 0.1 s at a real ``shipyard`` in a pseudo-terminal, through whole games
(issue 38): a person who keeps pressing Enter faster than the screen redraws must never
crash the game. Every other press is a double tap: two Enters in one write, which the
program reads at once (the crash of two quick Enters).

The suite plays one game of each kind (``test_enter_storm.py``); run this file to play
more, and see docs/performance.md for the figures::

    .venv/bin/python tests/enter_storm.py --games 20 [--kinds solo,nauticus] [--jobs 2]

A question (a contract discarded, a ship sailed empty) gets ``y``, as a person who
reads it would answer: Enter presses its "Go back" button. A game counts as crashed
when the process ends before the game does, ends with another exit status than 0,
writes a crash log, or shows the crash message.
"""

from __future__ import annotations

import argparse
import contextlib
import fcntl
import os
import pty
import select
import struct
import subprocess
import sys
import tempfile
import termios
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

import pyte

HUMAN = "Ann:human"
BOTS = ("Bob:bot:beginner", "Cy:bot:beginner", "Di:bot:beginner")

KINDS: dict[str, list[str]] = {
    "shipyard-2": ["play", "--seat", HUMAN, "--seat", BOTS[0]],
    "shipyard-3": ["play", "--seat", HUMAN, *[a for b in BOTS[:2] for a in ("--seat", b)]],
    "shipyard-4": ["play", "--seat", HUMAN, *[a for b in BOTS for a in ("--seat", b)]],
    "solo": ["solo", "--name", "Ann"],
    "classic": ["play", "--rules", "classic", "--seat", HUMAN, "--seat", BOTS[0]],
    "nauticus": ["play", "--game", "nauticus", "--seat", HUMAN, "--seat", BOTS[0]],
}
"""The command line of each kind of game (a person against beginner bots)."""

CRASH_WORDS = b"because of a bug"


@dataclass(frozen=True)
class Storm:
    """How one game under a storm of Enters went."""

    kind: str
    seed: int
    finished: bool
    crashed: bool
    enters: int
    seconds: float
    detail: str = ""


def _drain(master: int, out: bytearray, stream: pyte.ByteStream) -> bool:
    """Read what the terminal shows now; False once it is closed."""
    while select.select([master], [], [], 0)[0]:
        try:
            chunk = os.read(master, 65536)
        except OSError:
            return False
        if not chunk:
            return False
        stream.feed(chunk)
        out.extend(chunk[-4096:])
        del out[:-8192]
    return True


def _newest(folder: Path) -> float:
    """When a save in ``folder`` last changed (the autosave moves on with the game)."""
    times = [0.0]
    for path in folder.glob("*.json"):
        with contextlib.suppress(OSError):  # a temporary file renamed away meanwhile
            times.append(path.stat().st_mtime)
    return max(times)


def _asked(screen: pyte.Screen) -> bool:
    """Whether a yes/no question is on the screen."""
    text = "\n".join(screen.display)
    return "(y)" in text and "(n)" in text


def storm(kind: str, seed: int, *, interval: float = 0.1, size: tuple[int, int] = (80, 24),
          timeout: float = 900.0, stall: float = 60.0) -> Storm:
    """Play one game of ``kind`` by pressing Enter every ``interval`` seconds in a
    terminal of ``size`` until it is finished, then leave with q; a game whose autosave
    has not changed for ``stall`` seconds is stuck (the screen is in the detail)."""
    folder = Path(tempfile.mkdtemp(prefix="enter-storm-"))
    env = dict(os.environ, SHIPYARD_DATA_DIR=str(folder / "data"),
               SHIPYARD_CONFIG_DIR=str(folder / "config"), TERM="xterm-256color",
               LANG="C.UTF-8")
    env.pop("NO_COLOR", None)
    args = [sys.executable, "-m", "shipyard_tui.cli", *KINDS[kind], "--seed", str(seed),
            "--bot-delay", "0"]
    master, slave = pty.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", size[1], size[0], 0, 0))
    proc = subprocess.Popen(args, stdin=slave, stdout=slave, stderr=slave, env=env,
                            start_new_session=True, close_fds=True)
    os.close(slave)
    finished_dir = folder / "data" / "finished"
    out = bytearray()
    screen = pyte.Screen(*size)
    stream = pyte.ByteStream(screen)
    enters, start, detail = 0, time.monotonic(), ""
    finished = False
    saves = folder / "data" / "saves"
    last_save, moved = 0.0, time.monotonic()
    try:
        while proc.poll() is None and time.monotonic() - start < timeout:
            _drain(master, out, stream)
            if finished_dir.exists() and any(finished_dir.iterdir()):
                finished = True
                break
            newest = _newest(saves)
            if newest != last_save:
                last_save, moved = newest, time.monotonic()
            elif time.monotonic() - moved > stall:
                detail = f"stuck for {stall:.0f} s on this screen:\n" + "\n".join(
                    line.rstrip() for line in screen.display)
                break
            if _asked(screen):
                os.write(master, b"y")
            else:
                taps = 1 + enters % 2
                os.write(master, b"\r" * taps)
                enters += taps
            time.sleep(interval)
        if not finished and proc.poll() is None and not detail:
            detail = "did not finish in time"
        if finished:
            for key in (b"q", b"q", b"q"):  # the review, the title screen, quit
                time.sleep(0.5)
                _drain(master, out, stream)
                if proc.poll() is None:
                    os.write(master, key)
        if not finished:
            proc.terminate()
        try:
            proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            detail = detail or "did not quit"
            proc.kill()
            proc.wait()
        _drain(master, out, stream)
    finally:
        os.close(master)
    crash_logs = list((folder / "data").glob("crash-*.log"))
    if crash_logs:
        detail = crash_logs[0].read_text(errors="replace")[-600:]
    crashed = bool(crash_logs) or CRASH_WORDS in out or (proc.returncode not in (0, None)
                                                          and not detail)
    if not finished and not detail:
        detail = f"not finished after {time.monotonic() - start:.0f} s"
    return Storm(kind, seed, finished, crashed, enters, time.monotonic() - start, detail)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=20, help="games of each kind")
    parser.add_argument("--kinds", default=",".join(KINDS), help="comma-separated kinds")
    parser.add_argument("--first-seed", type=int, default=1)
    parser.add_argument("--interval", type=float, default=0.1)
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args(argv)
    kinds = args.kinds.split(",")
    work = [(kind, args.first_seed + i) for kind in kinds for i in range(args.games)]
    with ThreadPoolExecutor(args.jobs) as pool:
        results = list(pool.map(lambda job: storm(*job, interval=args.interval), work))
    bad = 0
    for kind in kinds:
        mine = [r for r in results if r.kind == kind]
        crashes = [r for r in mine if r.crashed or not r.finished]
        bad += len(crashes)
        seconds = sorted(r.seconds for r in mine)
        print(f"{kind}: {len(mine)} games, {sum(r.finished for r in mine)} finished, "
              f"{sum(r.crashed for r in mine)} crashed, "
              f"{sum(r.enters for r in mine)} Enters, median {seconds[len(seconds) // 2]:.0f} s")
        for r in crashes:
            print(f"  seed {r.seed}: {r.detail}")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())

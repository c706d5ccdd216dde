"""No crash, kill or hang-up costs more than the move in progress.

A real ``shipyard play`` process runs a bot game in a pseudo-terminal. It is killed
with SIGKILL at random moments, many times, and every time ``continue`` must resume a
valid game at most one move behind the last move the process committed (the process
writes each committed move's number to SHIPYARD_MOVE_LOG before autosaving it).
"""

from __future__ import annotations

import fcntl
import os
import pty
import random
import signal
import struct
import subprocess
import sys
import termios
import threading
import time
from pathlib import Path

import pytest

from shipyard_tui.rules import Game
from shipyard_tui.saves import SaveStore
from shipyard_tui.ui.app import ShipyardApp
from shipyard_tui.ui.screens.game import GameScreen

KILLS = 10


class Terminal:
    """A child process on a pseudo-terminal of 80x24, its output drained in a thread."""

    def __init__(self, args: list[str], env: dict[str, str]) -> None:
        master, slave = pty.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
        self.proc = subprocess.Popen(args, stdin=slave, stdout=slave, stderr=slave, env=env,
                                     start_new_session=True, close_fds=True)
        os.close(slave)
        self.master = master
        self.output = bytearray()
        self._reader = threading.Thread(target=self._drain, daemon=True)
        self._reader.start()

    def _drain(self) -> None:
        while True:
            try:
                chunk = os.read(self.master, 65536)
            except OSError:
                return
            if not chunk:
                return
            self.output.extend(chunk)

    def send(self, sig: int) -> None:
        self.proc.send_signal(sig)

    def wait(self, timeout: float) -> int:
        code = self.proc.wait(timeout=timeout)
        self._reader.join(timeout=2)
        os.close(self.master)
        return code


def environment(tmp_path: Path) -> dict[str, str]:
    env = dict(os.environ)
    env.update({
        "SHIPYARD_DATA_DIR": str(tmp_path / "data"),
        "SHIPYARD_CONFIG_DIR": str(tmp_path / "config"),
        "SHIPYARD_MOVE_LOG": str(tmp_path / "moves.log"),
        "TERM": "xterm-256color",
        "PYTHONUNBUFFERED": "1",
    })
    return env


def committed(tmp_path: Path) -> int:
    log = tmp_path / "moves.log"
    lines = log.read_text().split() if log.exists() else []
    return int(lines[-1]) if lines else -1


def wait_for_moves(tmp_path: Path, at_least: int, timeout: float = 30.0) -> None:
    deadline = time.monotonic() + timeout
    while committed(tmp_path) < at_least:
        assert time.monotonic() < deadline, "the game did not start"
        time.sleep(0.05)


def play_command(seed: int) -> list[str]:
    return [sys.executable, "-m", "shipyard_tui.cli", "play", "--seat", "Ann:bot",
            "--seat", "Bob:bot:random", "--seed", str(seed), "--bot-delay", "0.01"]


async def resumed(tmp_path: Path, monkeypatch) -> Game:
    """What ``continue`` opens, as the app itself does it."""
    monkeypatch.setenv("SHIPYARD_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("SHIPYARD_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.delenv("SHIPYARD_MOVE_LOG", raising=False)
    app = ShipyardApp(continue_last=True, bot_delay=600.0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, GameScreen), type(app.screen).__name__
        assert app.model is not None
        return app.model.game


@pytest.mark.parametrize("round_", range(KILLS))
async def test_sigkill_at_a_random_moment_loses_at_most_one_move(tmp_path, monkeypatch, round_):
    rng = random.Random(round_)
    term = Terminal(play_command(100 + round_), environment(tmp_path))
    try:
        wait_for_moves(tmp_path, 1)
        time.sleep(rng.uniform(0.05, 1.5))
    finally:
        term.send(signal.SIGKILL)
        term.wait(timeout=10)
    last = committed(tmp_path)
    game = await resumed(tmp_path, monkeypatch)
    assert last - 1 <= len(game.moves) <= last
    replayed = Game.replay(game.config, game.moves)
    assert replayed.state.to_dict() == game.state.to_dict()


def test_continue_command_resumes_the_killed_game(tmp_path):
    env = environment(tmp_path)
    first = Terminal(play_command(7), env)
    wait_for_moves(tmp_path, 20)
    first.send(signal.SIGKILL)
    first.wait(timeout=10)
    before = committed(tmp_path)
    second = Terminal([sys.executable, "-m", "shipyard_tui.cli", "continue",
                       "--bot-delay", "0.01"], env)
    try:
        wait_for_moves(tmp_path, before + 10)
    finally:
        second.send(signal.SIGKILL)
        second.wait(timeout=10)
    numbers = [int(n) for n in (tmp_path / "moves.log").read_text().split()]
    resumed_from = numbers[numbers.index(before) + 1] if before in numbers else None
    assert resumed_from is not None and resumed_from >= before - 1


def test_sighup_leaves_the_game_saved(tmp_path):
    term = Terminal(play_command(3), environment(tmp_path))
    wait_for_moves(tmp_path, 15)
    term.send(signal.SIGHUP)
    code = term.wait(timeout=15)
    assert code == 0
    store = SaveStore(tmp_path / "data" / "saves", tmp_path / "data" / "finished")
    latest = store.latest_autosave()
    assert latest is not None
    from shipyard_tui.saves import load

    game = load(latest).game
    assert len(game.moves) == committed(tmp_path)
    assert b"Traceback" not in bytes(term.output)

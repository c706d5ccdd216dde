"""No crash, kill or hang-up costs more than the move in progress.

A real ``shipyard play`` process runs a bot game in a pseudo-terminal. It is killed
with SIGKILL at random moments, many times, and every time ``continue`` must resume a
valid game at most one move behind the last move the process committed (the process
writes each committed move's number to SHIPYARD_MOVE_LOG before autosaving it).
A hundred more kills land inside the autosave itself, and a terminal that goes away
must end the process within seconds, its game saved.
"""

from __future__ import annotations

import fcntl
import mmap
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

from shipyard_tui.games.shipyard.rules import Game
from shipyard_tui.games.shipyard.ui.screen import GameScreen
from shipyard_tui.saves import GameFile, SaveStore, game_id_of, load, new_game_id
from shipyard_tui.ui.app import ShipyardApp
from support.invariants import random_config

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

    def drop(self) -> None:
        """Close the terminal's far end, as a dropped SSH connection does."""
        os.close(self.master)
        self.master = -1

    def wait(self, timeout: float) -> int:
        code = self.proc.wait(timeout=timeout)
        self._reader.join(timeout=2)
        if self.master >= 0:
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


@pytest.mark.parametrize("round_", range(3))
def test_a_dropped_terminal_ends_the_process_within_seconds(tmp_path, round_):
    """The pty's far end closes (an SSH connection drops): the game is saved and the
    process ends, whatever Textual's writer thread is doing."""
    term = Terminal(play_command(40 + round_), environment(tmp_path))
    wait_for_moves(tmp_path, 5)
    term.drop()
    try:
        term.wait(timeout=20)
    except subprocess.TimeoutExpired:
        term.send(signal.SIGKILL)
        term.wait(timeout=10)
        pytest.fail("the process lives on after its terminal went away")
    store = SaveStore(tmp_path / "data" / "saves", tmp_path / "data" / "finished")
    latest = store.latest_autosave()
    assert latest is not None
    assert len(load(latest).game.moves) == committed(tmp_path)


# -- a hundred kills, many inside the autosave ------------------------------------------------

SAVE_CALLS = ("fsync", "link", "replace", "pwrite", "ftruncate")
"""System calls the autosave makes; a child may kill itself at one of them."""


def _play_until_killed(store: SaveStore, log: Path, flag: mmap.mmap, seed: int,
                       die_at: tuple[str, int] | None) -> None:
    """In a forked child: resume the latest game as ``continue`` does (or start one),
    then play random moves, logging each and saving it by the game's one writer."""
    if die_at is not None:
        name, nth = die_at
        real = getattr(os, name)
        calls = [0]

        def dying(*args: object) -> object:
            calls[0] += 1
            if calls[0] == nth:
                os.kill(os.getpid(), signal.SIGKILL)
            return real(*args)

        setattr(os, name, dying)
    latest = store.latest_autosave()
    game_id = game_id_of(latest) if latest is not None else ""
    game = load(latest).game if latest is not None else Game(random_config(2, seed))
    game_file = GameFile(store, game_id or new_game_id())
    game_file.claim()
    flag[0] = 1
    game_file.save(game)
    flag[0] = 0
    rng = random.Random(seed)
    with open(log, "a", encoding="utf-8") as trace:
        while not game.is_over:
            game.push(rng.choice(game.legal_moves()))
            trace.write(f"{game_file.game_id} {len(game.moves)}\n")
            trace.flush()
            flag[0] = 1
            game_file.save(game)
            flag[0] = 0
    flag[1] = 1  # the game is over: nothing more will be logged
    while True:
        time.sleep(1)


def _last_logged(log: Path) -> tuple[str, int]:
    lines = log.read_text().split("\n") if log.exists() else []
    complete = [line.split() for line in lines[:-1] if len(line.split()) == 2]
    return (complete[-1][0], int(complete[-1][1])) if complete else ("", -1)


@pytest.mark.slow(seconds=6)
def test_a_hundred_kills_inside_and_around_the_autosave_lose_at_most_one_move(tmp_path):
    """Each round a forked child resumes the game as ``continue`` would and is killed:
    half the rounds at a random moment (often mid-save), half by the child itself at a
    random system call of the autosave (writing, syncing, linking the backup, renaming,
    updating the lease). Every time the game on disk loads, is at most one move behind
    the last move logged, and no temporary file outlives the next resumption."""
    store = SaveStore(tmp_path / "saves", tmp_path / "finished")
    log = tmp_path / "moves.log"
    flag = mmap.mmap(-1, 2)  # [0]: inside an autosave; [1]: the child's game is over
    rng = random.Random(9)
    inside = 0
    for round_ in range(100):
        die_at = (rng.choice(SAVE_CALLS), rng.randint(1, 12)) if round_ % 2 else None
        before = _last_logged(log)[1]
        flag[0] = flag[1] = 0
        pid = os.fork()
        if pid == 0:
            try:
                _play_until_killed(store, log, flag, round_, die_at)
            finally:
                os._exit(0)
        wait = 0.005 + rng.random() * 0.05 if die_at is None else 30.0
        deadline = time.monotonic() + wait
        # Wait for a move to be logged, unless the child resumed a game that is over
        # (a kill after its last save, before it was archived) and logs nothing.
        while time.monotonic() < deadline or _last_logged(log)[1] == before:
            if os.waitpid(pid, os.WNOHANG) != (0, 0):
                break
            if flag[1]:
                os.kill(pid, signal.SIGKILL)
                os.waitpid(pid, 0)
                break
            time.sleep(0.0005)
        else:
            os.kill(pid, signal.SIGKILL)
            os.waitpid(pid, 0)
        inside += flag[0]
        game_id, last = _last_logged(log)
        latest = store.latest_autosave()
        if latest is not None and game_id_of(latest) != game_id:
            game_id, last = game_id_of(latest), 0  # a new game, saved before its first move
        if latest is None:
            game = load(store.finished / f"{game_id}.json").game
        else:
            assert game_id_of(latest) == game_id
            game = load(latest).game
        assert last - 1 <= len(game.moves) <= last, (round_, die_at)
        resumed = GameFile(store, game_id)
        resumed.claim()
        resumed.release()
        assert not list(store.saves.glob(".tmp-*")), (round_, die_at)
    assert inside >= 40, f"only {inside} of 100 kills landed inside an autosave"

"""Two sessions on one data directory, and disks that refuse to save (issue 9).

A game has one writer at a time: a second session finds it in use and may take it
over, and a stale session never replaces the newer save. When saving fails, the
table counts the moves not saved until a save succeeds again, and leaving the game
writes an emergency copy and says where it is.
"""

from __future__ import annotations

import errno
import os
import re
import signal
import subprocess
import sys
import threading
from pathlib import Path

import pytest
from test_crash import Terminal, committed, environment, wait_for_moves
from test_saves import random_game

from shipyard_tui import paths, saves
from shipyard_tui.games.shipyard.rules import GameConfig, Move, SeatConfig, SeatKind
from shipyard_tui.games.shipyard.ui.screen import GameScreen
from shipyard_tui.saves import GameFile, GameInUse, SaveError, SaveStore, load
from shipyard_tui.ui.app import ShipyardApp, UnsavedNotice
from shipyard_tui.ui.screens.confirm import ConfirmScreen
from support.ui import choices, settle


@pytest.fixture
def store(tmp_path, monkeypatch) -> SaveStore:
    monkeypatch.setenv(paths.DATA_ENV, str(tmp_path / "data"))
    monkeypatch.setenv(paths.CONFIG_ENV, str(tmp_path / "config"))
    return SaveStore()


def config() -> GameConfig:
    return GameConfig((SeatConfig("Ann"), SeatConfig("Bob", SeatKind.BOT, "greedy")), seed=0)


def dead_pid() -> int:
    """The id of a process that has ended."""
    proc = subprocess.Popen([sys.executable, "-c", "pass"])
    proc.wait()
    return proc.pid


# -- one writer per game ------------------------------------------------------------------


def test_a_second_session_finds_the_game_in_use(store):
    first = GameFile(store, "g1")
    first.claim()
    first.save(random_game(seed=1, moves=5))
    second = GameFile(store, "g1")
    with pytest.raises(GameInUse) as caught:
        second.claim()
    assert f"process {os.getpid()}" in caught.value.message


def test_a_session_that_was_taken_over_never_writes_again(store):
    stale = GameFile(store, "g1")
    stale.claim()
    stale.save(random_game(seed=1, moves=18))
    newer = GameFile(store, "g1")
    newer.claim(take_over=True)
    newer.save(random_game(seed=1, moves=40))
    with pytest.raises(SaveError) as caught:
        stale.save(random_game(seed=1, moves=19))
    assert caught.value.kind == "taken_over"
    assert "took this game over" in caught.value.message
    assert len(load(store.autosave_path("g1")).game.moves) == 40


def test_a_stale_session_does_not_replace_a_newer_save_after_the_other_left(store):
    stale = GameFile(store, "g1")
    stale.claim()
    stale.save(random_game(seed=1, moves=18))
    newer = GameFile(store, "g1")
    newer.claim(take_over=True)
    for moves in range(19, 30):
        newer.save(random_game(seed=1, moves=moves))
    newer.release()
    with pytest.raises(SaveError) as caught:
        stale.save(random_game(seed=1, moves=19))
    assert caught.value.kind in ("newer_on_disk", "taken_over")
    assert len(load(store.autosave_path("g1")).game.moves) == 29


def test_the_lease_of_a_session_that_died_is_taken_without_asking(store):
    first = GameFile(store, "g1")
    first.claim()
    first.save(random_game(seed=1, moves=5))
    lease = store.lease_path("g1")
    lease.write_text(lease.read_text().replace(f'"pid": {os.getpid()}',
                                               f'"pid": {dead_pid()}'))
    second = GameFile(store, "g1")
    second.claim()
    second.save(random_game(seed=1, moves=6))
    assert len(load(store.autosave_path("g1")).game.moves) == 6


async def test_continue_in_the_app_asks_before_taking_a_game_over(store):
    other = GameFile(store, "g7")
    other.claim()
    other.save(random_game(players=2, seed=3, moves=12))
    app = ShipyardApp(continue_last=True, bot_delay=600.0, store=store)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.press("y")
        await settle(pilot)
        assert any(isinstance(s, GameScreen) for s in app.screen_stack)
        assert app.model is not None and len(app.model.game.moves) == 12
    with pytest.raises(SaveError) as caught:
        other.save(random_game(players=2, seed=3, moves=13))
    assert caught.value.kind == "taken_over"


def _session_env(tmp_path: Path, name: str) -> dict[str, str]:
    env = environment(tmp_path)
    env["SHIPYARD_MOVE_LOG"] = str(tmp_path / f"{name}.log")
    return env


def freeze_outside_a_save(term: Terminal, saves_dir: Path) -> None:
    """Stop the process at a moment it holds no game's lock (as a hung session would)."""
    import fcntl

    while True:
        term.send(signal.SIGSTOP)
        lease = next(saves_dir.glob(".lease-*"))
        with open(lease, "rb") as handle:
            try:
                fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except BlockingIOError:
                term.send(signal.SIGCONT)
                threading.Event().wait(0.003)
                continue
            fcntl.flock(handle, fcntl.LOCK_UN)
            return


@pytest.mark.slow(seconds=4)
def test_a_frozen_session_that_hangs_up_late_does_not_overwrite_the_newer_game(tmp_path):
    """The issue's story: A freezes, B takes the game over and plays on, then A's
    hang-up arrives. A must say what happened and leave B's game alone."""
    play = [sys.executable, "-m", "shipyard_tui.cli", "play", "--seat", "Ann:bot",
            "--seat", "Bob:bot:random", "--seed", "5", "--bot-delay", "0.02"]
    a = Terminal(play, _session_env(tmp_path, "a"))
    b = None
    try:
        wait_log = tmp_path / "a.log"
        while not wait_log.exists() or len(wait_log.read_text().split()) < 10:
            assert a.proc.poll() is None
            threading.Event().wait(0.05)
        freeze_outside_a_save(a, tmp_path / "data" / "saves")
        frozen_at = int(wait_log.read_text().split()[-1])
        b = Terminal([sys.executable, "-m", "shipyard_tui.cli", "continue", "--take-over",
                      "--bot-delay", "0.02"], _session_env(tmp_path, "b"))
        b_log = tmp_path / "b.log"
        while not b_log.exists() or int(b_log.read_text().split()[-1]) < frozen_at + 15:
            assert b.proc.poll() is None, bytes(b.output)[-2000:]
            threading.Event().wait(0.05)
        b.send(signal.SIGHUP)
        assert b.wait(timeout=20) == 0
        b_last = int(b_log.read_text().split()[-1])
        a.send(signal.SIGCONT)
        a.send(signal.SIGHUP)
        a.wait(timeout=20)
    finally:
        for term in (a, b):
            if term is not None and term.proc.poll() is None:
                term.send(signal.SIGKILL)
                term.wait(timeout=10)
    store = SaveStore(tmp_path / "data" / "saves", tmp_path / "data" / "finished")
    latest = store.latest_autosave()
    assert latest is not None
    assert len(load(latest).game.moves) == b_last
    said = bytes(a.output).replace(b"\r\n", b" ")
    assert b"another session" in said and b"no longer saves it" in said, said[-600:]


# -- races between processes ----------------------------------------------------------------


def test_latest_autosave_skips_a_file_that_vanished(store):
    store.autosave(random_game(seed=1, moves=5), "here")
    (store.saves / "autosave-gone.json").symlink_to(store.saves / "no-such-file.json")
    assert store.latest_autosave() == store.autosave_path("here")


def test_two_writers_of_one_file_never_fail_spuriously(store):
    game = random_game(seed=2, moves=10)
    store.autosave(game, "both")
    failures: list[str] = []

    def write() -> None:
        for _ in range(150):
            try:
                store.autosave(game, "both")
            except SaveError as exc:
                failures.append(exc.message)

    writers = [threading.Thread(target=write) for _ in range(3)]
    for writer in writers:
        writer.start()
    for writer in writers:
        writer.join()
    assert failures == []
    assert len(load(store.autosave_path("both")).game.moves) == 10


def test_temporary_files_of_interrupted_saves_are_removed(store):
    store.saves.mkdir(parents=True)
    stray = store.saves / f".tmp-{dead_pid()}-abcd.json"
    stray.write_bytes(b'{"format": "shipyard-sa')
    busy = store.saves / ".tmp-1-efgh.json"
    busy.write_bytes(b"{")
    GameFile(store, "g1").claim()
    assert not stray.exists()
    assert busy.exists(), "a live process's temporary file is left to it"


# -- disks that refuse --------------------------------------------------------------------


def failing_fsync(monkeypatch, code: int = errno.ENOSPC) -> None:
    def refuse(fd: int) -> None:
        raise OSError(code, os.strerror(code))
    monkeypatch.setattr(saves.files.os, "fsync", refuse)


async def test_every_unsaved_move_is_counted_on_screen_until_a_save_succeeds(store,
                                                                             monkeypatch):
    app = ShipyardApp(config=config(), bot_delay=0.0, store=store)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        model = app.model
        assert model is not None
        fault = pytest.MonkeyPatch()
        failing_fsync(fault)
        made = 0
        while made < 3:
            if model.human_to_move:
                offered = [c for c in choices(app) if isinstance(c.move, Move)]
                assert offered
                model.play(offered[0].move)
                made += 1
            await settle(pilot)
            notices = app.screen.query(UnsavedNotice)
            assert len(notices) == 1
            shown = str(notices.first().content)
            assert "No space left on device" in shown
        assert app.game_file is not None and app.game_file.unsaved >= 3
        assert f"{app.game_file.unsaved} moves not saved" in shown
        fault.undo()
        app._retry_save()
        await settle(pilot)
        assert not app.screen.query(UnsavedNotice)
        assert len(load(store.autosave_path(model.game_id)).game.moves) == len(model.game.moves)


async def test_leaving_with_unsaved_moves_writes_an_emergency_copy_and_says_where(
        store, monkeypatch, tmp_path):
    app = ShipyardApp(config=config(), bot_delay=0.0, store=store)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        model = app.model
        assert model is not None
        real_fsync = os.fsync
        saves_dir = store.saves.resolve()

        def refuse_in_saves(fd: int) -> None:
            if Path(os.readlink(f"/proc/self/fd/{fd}")).parent == saves_dir:
                raise OSError(errno.EROFS, os.strerror(errno.EROFS))
            real_fsync(fd)

        monkeypatch.setattr(saves.files.os, "fsync", refuse_in_saves)
        offered = [c for c in choices(app) if isinstance(c.move, Move)]
        model.play(offered[0].move)
        await settle(pilot)
        report = app.finish_saving()
    assert "Read-only file system" in report
    copy = next((tmp_path / "config" / "emergency").glob("emergency-*.json"))
    assert str(copy) in report
    assert len(load(copy).game.moves) == len(model.game.moves)


def test_the_emergency_copy_goes_to_the_temporary_folder_when_config_is_blocked(
        store, monkeypatch, tmp_path):
    (tmp_path / "config").write_text("not a folder")
    monkeypatch.setattr(saves.lease.tempfile, "tempdir", str(tmp_path / "tmp"))
    (tmp_path / "tmp").mkdir()
    copy = GameFile(store, "g1").emergency_copy(random_game(seed=4, moves=9))
    assert copy is not None and copy.is_relative_to(tmp_path / "tmp")
    assert len(load(copy).game.moves) == 9


async def test_saves_being_a_file_is_explained_plainly(store):
    store.saves.parent.mkdir(parents=True)
    store.saves.write_text("I am in the way")
    app = ShipyardApp(config=config(), bot_delay=0.0, store=store)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        notice = app.screen.query_one(UnsavedNotice)
        assert "is a file where a folder should be" in str(notice.content)
        assert str(store.saves) in str(notice.content)


def test_the_command_line_says_at_exit_what_was_not_saved(tmp_path):
    """A hang-up while the disk refuses: the exit message names the emergency copy."""
    env = environment(tmp_path)
    term = Terminal([sys.executable, "-c",
                     "import errno, os, sys\n"
                     "from shipyard_tui import saves, cli\n"
                     "real = os.fsync\n"
                     "count = [0]\n"
                     "def fsync(fd):\n"
                     "    count[0] += 1\n"
                     "    where = os.readlink(f'/proc/self/fd/{fd}')\n"
                     "    if count[0] > 6 and 'emergency' not in where:\n"
                     "        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))\n"
                     "    real(fd)\n"
                     "saves.files.os.fsync = fsync\n"
                     "sys.exit(cli.main(['play', '--seat', 'Ann:bot', '--seat', 'Bob:bot',"
                     " '--seed', '2', '--bot-delay', '0.01']))\n"], env)
    try:
        wait_for_moves(tmp_path, 12)
    finally:
        term.send(signal.SIGHUP)
        term.wait(timeout=20)
    text = bytes(term.output).decode(errors="replace").replace("\r\n", "\n")
    assert re.search(r"\d+ moves? of this game (was|were) not saved \(cannot write the "
                     r"autosave: No space left on device\)", text)
    copies = list((tmp_path / "config" / "emergency").glob("emergency-*.json"))
    assert len(copies) == 1 and str(copies[0]) in text.replace("\n", "")
    assert len(load(copies[0]).game.moves) >= committed(tmp_path) - 1


def test_a_stale_session_does_not_bring_back_a_game_finished_elsewhere(store):
    stale = GameFile(store, "g1")
    stale.claim()
    stale.save(random_game(players=2, seed=1, moves=18))
    newer = GameFile(store, "g1")
    newer.claim(take_over=True)
    newer.save(random_game(players=2, seed=1))
    assert store.finished_path("g1").exists() and not store.autosave_path("g1").exists()
    assert not stale.still_ours()
    with pytest.raises(SaveError):
        stale.save(random_game(players=2, seed=1, moves=19))
    assert not store.autosave_path("g1").exists()
    assert not list(store.saves.glob(".lease-*")) or not store.lease_path("g1").read_bytes()


async def test_opening_the_game_this_session_plays_again_does_not_ask(store):
    app = ShipyardApp(config=config(), bot_delay=600.0, store=store)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        assert app.model is not None
        game_id = app.model.game_id
        app.load_game(store.autosave_path(game_id))
        await settle(pilot)
        assert isinstance(app.screen, GameScreen)
        assert app.model.game_id == game_id
        assert app.game_file is not None and app.game_file.still_ours()

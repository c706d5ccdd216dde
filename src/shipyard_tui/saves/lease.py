"""One writer per game: the lease that lets one session at a time write a game's
autosave (:class:`GameFile`), and what another session is told (:class:`GameInUse`).

A save never replaces a newer save of the same game: every write checks, under a
lock, that the lease is still this session's and that the autosave on disk is not
newer than the one this session last wrote.
"""

from __future__ import annotations

import contextlib
import fcntl
import json
import os
import secrets
import socket
import tempfile
import time
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

from shipyard_tui import paths
from shipyard_tui.saves.files import (
    alive,
    backup_of,
    make_folder,
    read_bytes,
    remove_stray_temps,
    write_atomic,
)
from shipyard_tui.saves.format import SavedGame, SaveError, encode, new_game_id, printable
from shipyard_tui.saves.store import SaveStore

LOCK_WAIT = 5.0
"""Seconds a session waits for another one to finish writing the same game."""


@dataclass(frozen=True, slots=True)
class Holder:
    """The session that writes a game, as its lease file names it."""

    pid: int
    host: str
    since: str
    token: str

    @property
    def alive(self) -> bool:
        """Whether that session may still be running (on another machine: assume so)."""
        return self.host != socket.gethostname() or alive(self.pid)

    def describe(self) -> str:
        try:
            since = datetime.fromisoformat(self.since).astimezone().strftime("%H:%M")
        except ValueError:
            since = "?"
        return printable(f"process {self.pid} on {self.host[:64]}, since {since}")


class GameInUse(SaveError):
    """Another live session writes this game; it can be taken over."""

    def __init__(self, holder: Holder, path: Path) -> None:
        super().__init__(f"this game is open in another session ({holder.describe()})",
                         "in_use", path)
        self.holder = holder


class GameFile:
    """The autosave of one game, written by one session at a time.

    :meth:`claim` takes the game's lease (a small file next to the autosave naming
    this session); a second session finds it and may take the game over. Every
    :meth:`save` checks, under a lock, that the lease is still this session's and
    that the autosave on disk is not newer than the one this session last wrote; a
    stale session is told instead of overwriting the newer game. Failed saves are
    counted, so the interface can show what is not saved and keep an emergency copy.
    """

    def __init__(self, store: SaveStore, game_id: str) -> None:
        self.store = store
        self.game_id = game_id
        self.path = store.autosave_path(game_id)
        self.lease = store.lease_path(game_id)
        self.token = secrets.token_hex(8)
        self.revision = -1
        """The revision of the autosave this session last claimed or wrote."""
        self.unsaved = 0
        """Moves (and takebacks) made since the last save that reached the disk."""
        self.problem = ""
        """Why the last save failed ('' once one succeeds)."""
        self.stopped = False
        """True once another session has the game: this one never writes it again."""
        self.archived = False
        """True once this session archived the finished game."""
        self._written = (b"", -1)
        """The bytes of the autosave this session last wrote, and their revision."""
        self._was_finished = self.store.finished_path(game_id).exists()

    # -- the lease ---------------------------------------------------------------------

    @contextlib.contextmanager
    def _locked(self) -> Iterator[int]:
        """The lease file, locked against other sessions for a check and a write. A
        session stopped while holding the lock is waited for a few seconds only."""
        make_folder(self.lease.parent)
        deadline = time.monotonic() + LOCK_WAIT
        while True:
            fd = os.open(self.lease, os.O_RDWR | os.O_CREAT | os.O_CLOEXEC | os.O_NOFOLLOW,
                         0o644)
            try:
                while True:
                    try:
                        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
                    except BlockingIOError:
                        if time.monotonic() < deadline:
                            time.sleep(0.01)
                            continue
                    except OSError:
                        pass
                    break
                if not self._same_file(fd) and time.monotonic() < deadline:
                    continue  # removed by its holder meanwhile (release): open the new one
                yield fd
                return
            finally:
                os.close(fd)

    def _same_file(self, fd: int) -> bool:
        """Whether ``fd`` is still the file at the lease's path: a holder that quits
        removes the lease under the lock, and a session that opened it just before then
        holds a file no one else will see."""
        try:
            mine, there = os.fstat(fd), os.stat(self.lease, follow_symlinks=False)
        except OSError:
            return False
        return (mine.st_dev, mine.st_ino) == (there.st_dev, there.st_ino)

    @staticmethod
    def _holder(fd: int) -> Holder | None:
        try:
            raw = json.loads(os.pread(fd, 4096, 0).decode("utf-8"))
            holder = Holder(int(raw["pid"]), str(raw["host"]), str(raw["since"]),
                            str(raw["token"]))
        except (OSError, ValueError, KeyError, TypeError):
            return None
        return holder if holder.token else None

    def _write_lease(self, fd: int, token: str) -> None:
        body = {"pid": os.getpid(), "host": socket.gethostname(), "token": token,
                "since": datetime.now(UTC).isoformat(timespec="seconds")}
        data = json.dumps(body).encode("utf-8")
        # written over the old lease, then cut to its length: emptied first, the file's
        # blocks were freed and taken again at every autosave (issue 39)
        os.pwrite(fd, data, 0)
        os.ftruncate(fd, len(data))

    def _disk_revision(self) -> int:
        """The revision of the autosave on disk (-1 when there is none to protect).
        The file this session wrote last, byte for byte, is not parsed again (issue 39)."""
        try:
            data = read_bytes(self.path)
            if data == self._written[0]:
                return self._written[1]
            body = json.loads(data)
        except (SaveError, ValueError, RecursionError):
            return -1
        revision = body.get("revision", 0) if isinstance(body, dict) else 0
        return revision if type(revision) is int else 0

    def claim(self, *, take_over: bool = False) -> None:
        """Become the game's one writer; raise :class:`GameInUse` when a live session is,
        unless ``take_over``. The autosave on disk then counts as this session's."""
        try:
            with self._locked() as fd:
                holder = self._holder(fd)
                if (holder is not None and holder.token != self.token and holder.alive
                        and not take_over):
                    raise GameInUse(holder, self.path)
                self._write_lease(fd, self.token)
                self.revision = self._disk_revision()
                self._was_finished = self.store.finished_path(self.game_id).exists()
                self.stopped = False
        except OSError as exc:
            self.problem = f"cannot write the autosave: {exc.strerror or exc}"
            self.revision = max(self.revision, self._disk_revision())
        for folder in (self.store.saves, self.store.finished):
            remove_stray_temps(folder)

    def release(self) -> None:
        """Leave the game to other sessions: the lease, if still this one's, is removed
        (a play-test found an empty ``.lease-*.json`` left in ``saves/`` after every
        normal quit). It is removed under its lock; a session waiting for that lock
        then finds the file gone and opens a new one (:meth:`_locked`)."""
        if not self.lease.exists():
            return
        with contextlib.suppress(OSError), self._locked() as fd:
            holder = self._holder(fd)
            if holder is None or holder.token == self.token:
                os.ftruncate(fd, 0)
                self.lease.unlink()

    def _check_writer(self, fd: int) -> None:
        """Raise when another session has the game or wrote a newer autosave."""
        holder = self._holder(fd)
        if holder is not None and holder.token != self.token:
            self.stopped = True
            raise SaveError(f"another session took this game over ({holder.describe()}): "
                            "this one no longer saves it", "taken_over", self.path)
        if not self._was_finished and self.store.finished_path(self.game_id).exists():
            self.stopped = True
            raise SaveError("another session finished this game: this one no longer saves "
                            "it", "newer_on_disk", self.path)
        if self._disk_revision() > self.revision:
            self.stopped = True
            raise SaveError("another session saved a newer state of this game: this one "
                            "no longer saves it", "newer_on_disk", self.path)

    def still_ours(self) -> bool:
        """Whether this session still writes the game (False once another took it over
        or saved a newer state; :attr:`problem` then says so)."""
        if not self.stopped and not self.archived:
            try:
                with self._locked() as fd:
                    self._check_writer(fd)
            except SaveError as exc:
                self.problem = exc.message
            except OSError:
                pass
        return not self.stopped

    # -- saving ------------------------------------------------------------------------

    def save(self, game: SavedGame) -> Path:
        """Write the autosave (or, once the game is over, archive it); count a failure."""
        try:
            if self.stopped:
                raise SaveError(self.problem, "taken_over", self.path)
            with self._locked() as fd:
                self._check_writer(fd)
                if game.is_over:
                    where = self.store.archive(game, self.game_id)
                    self.archived = True
                    os.ftruncate(fd, 0)
                    with contextlib.suppress(OSError):
                        self.lease.unlink()
                else:
                    data = encode(game, self.game_id, "autosave", self.revision + 1)
                    where = self.store.write_autosave(self.game_id, data)
                    self.revision += 1
                    self._written = (data, self.revision)
                    self._write_lease(fd, self.token)
        except (SaveError, OSError) as exc:
            self.unsaved += 1
            self.problem = exc.message if isinstance(exc, SaveError) else \
                f"cannot write the autosave: {exc.strerror or exc}"
            raise SaveError(self.problem, getattr(exc, "kind", "write_failed"),
                            self.path) from None
        self.unsaved = 0
        self.problem = ""
        return where

    def retry(self, game: SavedGame) -> bool:
        """Try the save again after a failure (not after losing the game to another
        session); True when nothing is left unsaved."""
        if self.stopped or not (self.unsaved or self.problem):
            return not (self.unsaved or self.problem)
        self.unsaved -= 1
        with contextlib.suppress(SaveError):
            self.save(game)
        return not (self.unsaved or self.problem)

    def emergency_copy(self, game: SavedGame) -> Path | None:
        """Write the game where it can still go: the config folder, else the temporary
        folder. Return where it went, or None when nowhere would take it."""
        stamp = datetime.now(UTC).strftime("%Y%m%d-%H%M%S")
        data = encode(game, new_game_id(), "emergency copy")
        for folder in (paths.config_dir() / "emergency",
                       Path(tempfile.gettempdir()) / f"shipyard-tui-{os.getuid()}"):
            target = folder / f"emergency-{self.game_id}-{stamp}.json"
            try:
                write_atomic(target, data)
            except OSError:
                continue
            return target
        return None


def delete_save(store: SaveStore, name: str) -> Path:
    """Move the listed save ``name`` (:meth:`SaveStore.entries`) into the trash, an
    autosave with its backup, and drop its lease and given name; return where the save
    went. A game another session is playing is refused (:class:`GameInUse`): that
    session would only write it again."""
    entry = store.find(name)
    if entry is None:
        raise SaveError(f"there is no save called {name!r}: 'shipyard saves' lists them",
                        "missing")
    game_id = entry.game_id
    if not game_id:
        return _trash(store, entry.path)
    game_file = GameFile(store, game_id)
    if not game_file.lease.exists():
        where = _trash(store, entry.path)
    else:
        with game_file._locked() as fd:
            holder = game_file._holder(fd)
            if holder is not None and holder.alive:
                raise GameInUse(holder, entry.path)
            where = _trash(store, entry.path)
            with contextlib.suppress(OSError):
                game_file.lease.unlink()
    store.forget_name(game_id)
    return where


def _trash(store: SaveStore, path: Path) -> Path:
    """Move a save (and an autosave's backup) into the trash; where the save went."""
    try:
        where = store.to_trash(path)
        backup = backup_of(path)
        if backup is not None and backup.exists():
            store.to_trash(backup)
    except OSError as exc:
        raise SaveError(f"cannot move {path.name} to the trash: {exc.strerror or exc}",
                        "write_failed", path) from None
    return where

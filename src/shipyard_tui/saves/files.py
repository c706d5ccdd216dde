"""The file primitives saves are built on, shared with the settings and the server:
reading a file safely, writing one atomically (with a backup), and cleaning up after
interrupted writes.

A crash never leaves a half-written file: bytes go to a temporary file in the same
folder (``.tmp-<pid>-*.json``, named for its writer so a later session can remove it
if this one is killed), are synced, and are renamed over the old file. A file is read
only if it is a regular file, and only so many bytes of it.
"""

from __future__ import annotations

import contextlib
import os
import secrets
import stat
import tempfile
import time
from pathlib import Path

from shipyard_tui.saves.format import AUTOSAVE_PREFIX, BACKUP_SUFFIX, MAX_BYTES, SaveError

TEMP_PREFIX = ".tmp-"
STALE_TEMP_SECONDS = 3600.0
"""A temporary file this old is left over from an interrupted save, whoever wrote it."""


def read_bytes(path: Path) -> bytes:
    """The bytes of a regular file, at most :data:`MAX_BYTES` of them.

    Devices, pipes and sockets are refused without reading (a FIFO is opened without
    waiting for a writer), so ``/dev/zero`` or a link to it cannot fill the memory.
    """
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | os.O_CLOEXEC)
    except FileNotFoundError:
        raise SaveError(f"there is no save at {path}", "missing", path) from None
    except OSError as exc:
        raise SaveError(f"cannot read {path}: {exc.strerror}", "unreadable", path) from None
    try:
        mode = os.fstat(fd)
        if stat.S_ISDIR(mode.st_mode):
            raise SaveError(f"{path} is a folder, not a save", "not_a_save", path)
        if not stat.S_ISREG(mode.st_mode):
            raise SaveError(f"{path} is not a regular file (a device, pipe or socket), "
                            "not a save", "not_a_save", path)
        if mode.st_size > MAX_BYTES:
            raise SaveError(f"{path.name} is {mode.st_size:,} bytes: far too large to be a "
                            "Shipyard save", "too_large", path)
        chunks: list[bytes] = []
        left = MAX_BYTES + 1
        while left > 0:
            chunk = os.read(fd, min(left, 1 << 20))
            if not chunk:
                break
            chunks.append(chunk)
            left -= len(chunk)
    except OSError as exc:
        raise SaveError(f"cannot read {path}: {exc.strerror}", "unreadable", path) from None
    finally:
        os.close(fd)
    data = b"".join(chunks)
    if len(data) > MAX_BYTES:
        raise SaveError(f"{path.name} is more than {MAX_BYTES:,} bytes: far too large to be "
                        "a Shipyard save", "too_large", path)
    return data


def main_of_backup(path: Path) -> Path | None:
    """The autosave whose backup ``path`` is, or ``None`` if it is no backup.

    >>> main_of_backup(Path("autosave-g1.bak.json"))
    PosixPath('autosave-g1.json')
    """
    if path.name.startswith(AUTOSAVE_PREFIX) and path.name.endswith(BACKUP_SUFFIX):
        return path.with_name(path.name[: -len(BACKUP_SUFFIX)] + ".json")
    return None


def backup_of(path: Path) -> Path | None:
    """The backup of an autosave, or ``None`` for a file that has none.

    >>> backup_of(Path("autosave-g1.json")), backup_of(Path("mine.json"))
    (PosixPath('autosave-g1.bak.json'), None)
    """
    if path.name.startswith(AUTOSAVE_PREFIX) and not path.name.endswith(BACKUP_SUFFIX):
        return path.with_name(path.name[: -len(".json")] + BACKUP_SUFFIX)
    return None


# -- writing -----------------------------------------------------------------------


def make_folder(folder: Path) -> None:
    """Create ``folder``; a file standing where a folder should be is named plainly."""
    if os.path.isdir(folder):  # one look before every save, not a failed mkdir (issue 39)
        return
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except (FileExistsError, NotADirectoryError):
        blocker = next((p for p in (folder, *folder.parents) if p.exists() and not p.is_dir()),
                       folder)
        raise OSError(f"{blocker} is a file where a folder should be: move or rename it "
                      "so that saves can be written") from None


def write_atomic(path: Path, data: bytes, *, keep_backup: bool = False) -> None:
    """Write ``data`` to ``path`` so that a crash leaves either the old or the new file.

    The bytes go to a temporary file in the same folder (named for this process, so
    a later session can remove it if this one is killed), are flushed and synced, and
    the file is renamed over the old one. With ``keep_backup`` the old file first
    becomes the backup (``.bak.json``) through a hard link, so ``path`` itself never
    goes missing.
    """
    make_folder(path.parent)
    fd, tmp = tempfile.mkstemp(prefix=f"{TEMP_PREFIX}{os.getpid()}-", suffix=".json",
                               dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        backup = backup_of(path)
        if keep_backup and backup is not None:
            _keep_backup(path, backup)
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise
    sync_dir(path.parent)


def _keep_backup(path: Path, backup: Path) -> None:
    """Make the file at ``path`` (if there is one) the backup, leaving ``path`` in place."""
    link = path.with_name(f"{TEMP_PREFIX}{os.getpid()}-{secrets.token_hex(4)}.json")
    try:
        os.link(path, link)
    except FileNotFoundError:
        return
    except OSError:
        with contextlib.suppress(FileNotFoundError):
            os.replace(path, backup)
        return
    try:
        os.replace(link, backup)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(link)
        raise


def sync_dir(folder: Path) -> None:
    """Sync a folder's entries to the disk (a rename in it then survives a crash)."""
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def alive(pid: int) -> bool:
    """Whether process ``pid`` runs on this machine."""
    if pid <= 0:
        return False
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:
        return True
    return True


def remove_stray_temps(folder: Path) -> list[Path]:
    """Remove temporary files left by interrupted saves: their writer is gone, or they
    are an hour old. Return what was removed."""
    removed: list[Path] = []
    if not folder.is_dir():
        return removed
    now = time.time()
    for path in folder.glob(f"{TEMP_PREFIX}*.json"):
        pid_text = path.name[len(TEMP_PREFIX):].split("-", 1)[0]
        pid = int(pid_text) if pid_text.isdigit() else 0
        try:
            old = now - path.lstat().st_mtime > STALE_TEMP_SECONDS
        except OSError:
            continue
        if pid == os.getpid() or not (old or not alive(pid)):
            continue
        with contextlib.suppress(OSError):
            path.unlink()
            removed.append(path)
    return removed


def inside(path: Path, folder: Path) -> bool:
    """Whether ``path`` stays inside ``folder`` once links and ``..`` are resolved."""
    return path.resolve().is_relative_to(folder.resolve())

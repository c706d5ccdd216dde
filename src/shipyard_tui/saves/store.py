"""The saves of an installation (:class:`SaveStore`) and loading a save file.

Files live in the data directory (``paths``): ``saves/autosave-<id>.json`` (with
``.bak.json``, the autosave before it, and ``.lease-<id>``, the session writing it),
``saves/<name>.json`` for named saves and ``finished/<id>.json`` for finished games.
Ids are checked before they name a file, and every path is kept inside its folder.
"""

from __future__ import annotations

import contextlib
import os
import stat
import time
from pathlib import Path

from shipyard_tui import paths
from shipyard_tui.saves.files import (
    backup_of,
    inside,
    main_of_backup,
    make_folder,
    read_bytes,
    write_atomic,
)
from shipyard_tui.saves.format import (
    AUTOSAVE_PREFIX,
    BACKUP_SUFFIX,
    Loaded,
    SavedGame,
    SaveError,
    SaveInfo,
    clean_save_name,
    decode,
    encode,
    is_game_id,
)

LEASE_PREFIX = ".lease-"


def load_for_review(path: Path) -> Loaded:
    """Load a save to review it: like :func:`load`, but a game of an earlier rulings
    revision is read from its stored state (it cannot be continued)."""
    return load(path, review=True)


def load(path: Path, *, review: bool = False, expect: str | None = None) -> Loaded:
    """Load a save file; a damaged autosave reports its backup when that one is good.
    With ``expect`` (a game's name) a save of another game is refused."""
    try:
        return decode(read_bytes(path), path, review=review, expect=expect)
    except SaveError as exc:
        backup = backup_of(path)
        if backup is not None and backup.exists() and exc.kind != "other_game":
            try:
                exc.backup_info = decode(read_bytes(backup), backup, review=review,
                                         expect=expect).info
                exc.backup = backup
            except SaveError:
                pass
        raise


def read_info(path: Path) -> SaveInfo:
    """What a listing shows of a save: its game is replayed, so what the listing says
    (scores, turn, finished or not) is what the game says, whatever the summary claims."""
    return decode(read_bytes(path), path).info


def game_id_of(path: Path) -> str:
    """The game id an autosave's file name carries, or ``""`` when it names none.

    >>> game_id_of(Path("autosave-g1.bak.json")), game_id_of(Path("mine.json"))
    ('g1', '')
    """
    name = path.name
    for suffix in (BACKUP_SUFFIX, ".json"):
        if name.startswith(AUTOSAVE_PREFIX) and name.endswith(suffix):
            candidate = name[len(AUTOSAVE_PREFIX): -len(suffix)]
            return candidate if is_game_id(candidate) else ""
    return ""


class SaveStore:
    """The saves of this installation: autosaves, named saves and finished games."""

    def __init__(self, saves: Path | None = None, finished: Path | None = None) -> None:
        self.saves = saves if saves is not None else paths.saves_dir()
        self.finished = finished if finished is not None else paths.finished_dir()

    def _game_file(self, folder: Path, stem: str, game_id: str) -> Path:
        """A file named after a game; the id is checked and the path kept in ``folder``."""
        if not is_game_id(game_id):
            raise SaveError(f"{game_id[:80]!r} cannot name a game's file", "bad_name")
        path = folder / f"{stem}.json"
        if not inside(path, folder):
            raise SaveError(f"{path} would leave {folder}", "bad_name")
        return path

    @property
    def damaged(self) -> Path:
        """Where damaged autosaves are set aside (:meth:`set_aside`)."""
        return self.saves / paths.DAMAGED_FOLDER

    def set_aside(self, path: Path) -> Path | None:
        """Move a damaged autosave out of the way, into :attr:`damaged` under its name
        and the time, before its backup is played on: the next autosave would make it
        the backup (a play-test found the backup slot holding the cut-short file), and
        it is kept, not deleted, since it may hold moves the backup lacks. Only an
        autosave of this store is moved; the new path, or ``None``."""
        if not path.name.startswith(AUTOSAVE_PREFIX) or path.name.endswith(BACKUP_SUFFIX) \
                or path.parent.resolve() != self.saves.resolve():
            return None
        make_folder(self.damaged)
        stamp = time.strftime("%Y%m%d-%H%M%S")
        target = self.damaged / f"{path.stem}-{stamp}.json"
        try:
            os.replace(path, target)
        except OSError:
            return None
        return target

    def autosave_path(self, game_id: str) -> Path:
        return self._game_file(self.saves, f"{AUTOSAVE_PREFIX}{game_id}", game_id)

    def lease_path(self, game_id: str) -> Path:
        return self._game_file(self.saves, f"{LEASE_PREFIX}{game_id}", game_id)

    def autosave(self, game: SavedGame, game_id: str, revision: int = 0) -> Path:
        """Save after a move; the previous autosave is kept as the backup."""
        path = self.autosave_path(game_id)
        try:
            write_atomic(path, encode(game, game_id, "autosave", revision), keep_backup=True)
        except OSError as exc:
            raise SaveError(f"cannot write the autosave: {exc.strerror or exc}",
                            "write_failed", path) from None
        return path

    def named_path(self, name: str) -> Path:
        """The file of a named save; the name is checked and kept inside the saves folder."""
        clean = clean_save_name(name)
        path = (self.saves / f"{clean}.json").resolve()
        root = self.saves.resolve()
        if path.parent != root:
            raise SaveError(f"{name!r} would leave the saves folder", "bad_name")
        return path

    def save_as(self, game: SavedGame, game_id: str, name: str) -> Path:
        path = self.named_path(name)
        try:
            write_atomic(path, encode(game, game_id, clean_save_name(name)))
        except OSError as exc:
            raise SaveError(f"cannot write {path.name}: {exc.strerror or exc}", "write_failed",
                            path) from None
        return path

    def finished_path(self, game_id: str) -> Path:
        return self._game_file(self.finished, game_id, game_id)

    def archive(self, game: SavedGame, game_id: str) -> Path:
        """Keep a finished game for review, and drop its autosaves."""
        path = self.finished_path(game_id)
        try:
            write_atomic(path, encode(game, game_id, "finished"))
        except OSError as exc:
            raise SaveError(f"cannot archive the game: {exc.strerror or exc}", "write_failed",
                            path) from None
        auto = self.autosave_path(game_id)
        # The backup goes first: a kill between the two removals must leave the autosave
        # (one move behind the finished game), never the backup alone (two behind).
        for old in (backup_of(auto), auto):
            if old is not None and inside(old, self.saves):
                with contextlib.suppress(OSError):
                    old.unlink()
        return path

    def _listing(self, folder: Path) -> list[tuple[SaveInfo | None, Path, str]]:
        out: list[tuple[SaveInfo | None, Path, str]] = []
        if not folder.is_dir():
            return out
        for path in folder.glob("*.json"):
            if path.name.endswith(BACKUP_SUFFIX) or path.name.startswith("."):
                continue
            try:
                out.append((read_info(path), path, ""))
            except SaveError as exc:
                out.append((None, path, exc.message))
        out.sort(key=lambda item: item[0].saved_at if item[0] else "", reverse=True)
        return out

    def list_saves(self) -> list[tuple[SaveInfo | None, Path, str]]:
        """Saves newest first; damaged ones come with their problem instead of a summary."""
        return self._listing(self.saves)

    def list_finished(self) -> list[tuple[SaveInfo | None, Path, str]]:
        return self._listing(self.finished)

    def latest_autosave(self) -> Path | None:
        """The most recently written autosave (or its backup, if only that one is left).

        Another session may remove or replace files meanwhile: a file that is gone by
        the time it is looked at is simply not a candidate.
        """
        if not self.saves.is_dir():
            return None
        candidates: list[tuple[float, Path]] = []
        for path in self.saves.glob(f"{AUTOSAVE_PREFIX}*.json"):
            try:
                mode = path.stat()
            except OSError:
                continue
            if stat.S_ISREG(mode.st_mode):
                candidates.append((mode.st_mtime, path))
        if not candidates:
            return None
        newest = max(candidates)[1]
        if newest.name.endswith(BACKUP_SUFFIX):
            main = main_of_backup(newest)
            return main if main is not None and main.exists() else newest
        return newest

    def resolve(self, name_or_path: str) -> Path:
        """A save named in the saves folder, an archived game, or a file path."""
        candidate = Path(name_or_path).expanduser()
        if candidate.suffix == ".json" or os.sep in name_or_path or candidate.exists():
            return candidate
        try:
            named = self.named_path(name_or_path)
        except SaveError:
            return candidate
        if named.exists():
            return named
        for folder in (self.saves, self.finished):
            for path in folder.glob("*.json") if folder.is_dir() else ():
                if path.stem == name_or_path:
                    return path
        return named

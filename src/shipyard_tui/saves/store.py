"""The saves of an installation (:class:`SaveStore`) and loading a save file.

Files live in the data directory (``paths``): ``saves/autosave-<id>.json`` (with
``.bak.json``, the autosave before it, and ``.lease-<id>``, the session writing it),
``saves/<name>.json`` for named saves and ``finished/<id>.json`` for finished games.
Ids are checked before they name a file, and every path is kept inside its folder.

Every save is listed under a name (:meth:`SaveStore.entries`), and that name opens it
(:meth:`SaveStore.resolve`): a named save's file name, an unfinished game's autosave
the name it was given (``saves/.names.json``, :meth:`SaveStore.rename`) or else its
players ("Ann vs Bot 1"). Deleted saves wait in the trash (``paths.trash_dir``) for
:data:`~shipyard_tui.paths.TRASH_DAYS` days.
"""

from __future__ import annotations

import contextlib
import json
import os
import stat
import time
from dataclasses import dataclass
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
NAMES_FILE = ".names.json"
"""The names given to unfinished games (their autosaves), by game id."""


@dataclass(frozen=True, slots=True)
class Entry:
    """One save as the listing shows it: the name that opens it, its file, and what the
    replayed game says (``info``) or what is wrong with the file (``problem``)."""

    name: str
    path: Path
    info: SaveInfo | None
    problem: str = ""

    @property
    def game_id(self) -> str:
        """The game an autosave holds ('' for a named save)."""
        return game_id_of(self.path)


def players_name(info: SaveInfo) -> str:
    """The name an unfinished game is listed under until it is given one: its players.

    >>> from shipyard_tui.saves.format import SaveInfo
    >>> info = SaveInfo(Path("a.json"), "autosave", "g", "", ("Ann", "Bob"), ("human", "bot"),
    ...                 (0, 0), 1, "", False, False, "Ann")
    >>> players_name(info)
    'Ann vs Bob'
    """
    people = [name for name, kind in zip(info.seats, info.kinds, strict=False)
              if kind != "automa"]
    if info.solo or len(people) == 1:
        return f"{people[0] if people else 'solo'} solo"
    return " vs ".join(people) if people else "game"


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


def _own_name(info: SaveInfo, path: Path) -> str:
    """The name a named save is listed under: the one it was saved as, or its file's
    when that one is a word kept for the program ("autosave", "finished")."""
    name = info.name.strip()
    if not name or name.casefold().startswith(AUTOSAVE_PREFIX.rstrip("-")) \
            or name.casefold() in ("finished", "emergency copy"):
        return path.stem
    return name


class SaveStore:
    """The saves of this installation: autosaves, named saves and finished games."""

    def __init__(self, saves: Path | None = None, finished: Path | None = None,
                 trash: Path | None = None) -> None:
        self.saves = saves if saves is not None else paths.saves_dir()
        self.finished = finished if finished is not None else paths.finished_dir()
        self.trash = trash if trash is not None else (
            paths.trash_dir() if saves is None else self.saves.parent / paths.TRASH_FOLDER)
        """Where deleted saves wait :data:`~shipyard_tui.paths.TRASH_DAYS` days."""
        self.purge_trash()

    def _game_file(self, folder: Path, stem: str, game_id: str) -> Path:
        """A file named after a game; the id is checked and the path kept in ``folder``."""
        if not is_game_id(game_id):
            raise SaveError(f"{game_id[:80]!r} cannot name a game's file", "bad_name")
        path = folder / f"{stem}.json"
        # A checked id has no "/" and is no "..": only a link there can lead out of the
        # folder, so the two paths are resolved only then (issue 39: every autosave
        # names its files again).
        if os.path.islink(path) and not inside(path, folder):
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
        return self.write_autosave(game_id, encode(game, game_id, "autosave", revision))

    def write_autosave(self, game_id: str, data: bytes) -> Path:
        """Write an autosave's bytes (:func:`encode`); the previous one becomes the backup."""
        path = self.autosave_path(game_id)
        try:
            write_atomic(path, data, keep_backup=True)
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
        self.purge_trash()
        return self._listing(self.saves)

    # -- names -------------------------------------------------------------------------

    @property
    def names_path(self) -> Path:
        return self.saves / NAMES_FILE

    def given_names(self) -> dict[str, str]:
        """The names given to unfinished games, by game id; anything in the file that
        is not a good id and a good name is ignored."""
        try:
            raw = json.loads(read_bytes(self.names_path))
        except (SaveError, ValueError, RecursionError):
            return {}
        names = raw.get("names") if isinstance(raw, dict) else None
        out: dict[str, str] = {}
        for game_id, name in (names.items() if isinstance(names, dict) else ()):
            if isinstance(name, str) and is_game_id(game_id):
                with contextlib.suppress(SaveError):
                    out[game_id] = clean_save_name(name)
        return out

    def _write_names(self, names: dict[str, str]) -> None:
        if not names:
            with contextlib.suppress(OSError):
                self.names_path.unlink()
            return
        data = json.dumps({"names": dict(sorted(names.items()))}, indent=1,
                          ensure_ascii=False).encode("utf-8")
        try:
            write_atomic(self.names_path, data)
        except OSError as exc:
            raise SaveError(f"cannot write {self.names_path}: {exc.strerror or exc}",
                            "write_failed", self.names_path) from None

    def entries(self) -> list[Entry]:
        """The saves, newest first, each under the one name that opens it: a named
        save's own name (as Save as wrote it), an unfinished game's given name or else
        its players ("Ann vs Bob", "Ann vs Bob (2)" for a later game of the same
        players), a damaged file's name. No two entries share a name."""
        listing = self.list_saves()
        given = self.given_names()
        taken: set[str] = set()
        named: dict[Path, str] = {}

        def take(path: Path, base: str) -> None:
            name, number = base, 1
            while name.casefold() in taken:
                number += 1
                name = f"{base} ({number})"
            named[path] = name
            taken.add(name.casefold())

        # own names first, then the players' names, numbered from the oldest game (an
        # autosave's id begins with its game's start)
        ordered = sorted(listing, key=lambda item: item[1].name)
        for info, path, _ in ordered:
            game_id = game_id_of(path)
            if info is None:
                take(path, path.stem)
            elif game_id and game_id in given:
                take(path, given[game_id])
            elif not game_id:
                take(path, _own_name(info, path))
        for info, path, _ in ordered:
            if path not in named and info is not None:
                take(path, players_name(info))
        return [Entry(named[path], path, info, problem) for info, path, problem in listing]

    def find(self, name: str) -> Entry | None:
        """The listed save of that name (letter case aside when only one matches)."""
        entries = self.entries()
        exact = [e for e in entries if e.name == name]
        folded = [e for e in entries if e.name.casefold() == name.strip().casefold()]
        found = exact or folded
        return found[0] if len(found) == 1 else None

    def rename(self, old: str, new: str) -> Entry:
        """Give a listed save a new name: a named save's file is renamed, an unfinished
        game's name is kept in :data:`NAMES_FILE` (its autosave keeps its file, which its
        session goes on writing). :class:`SaveError` says what is wrong."""
        entry = self.find(old)
        if entry is None:
            raise SaveError(f"there is no save called {old!r}: 'shipyard saves' lists them",
                            "missing")
        clean = clean_save_name(new)
        for other in self.entries():
            if other.path != entry.path and other.name.casefold() == clean.casefold():
                raise SaveError(f"there is a save called {other.name!r} already", "bad_name")
        game_id = entry.game_id
        if game_id:
            names = self.given_names()
            names[game_id] = clean
            self._write_names(names)
        elif entry.path.parent.resolve() == self.saves.resolve():
            return self._rename_file(entry, clean)
        else:
            raise SaveError(f"{entry.path} is not in the saves folder", "bad_name")
        return Entry(clean, entry.path, entry.info, entry.problem)

    def _rename_file(self, entry: Entry, clean: str) -> Entry:
        """A named save written again under its new name (the name inside it too), the
        old file then removed; a damaged one is only moved."""
        target = self.named_path(clean)
        if target.exists() and not target.samefile(entry.path):
            raise SaveError(f"there is a file {target.name} already", "bad_name", target)
        try:
            if entry.info is None:
                os.replace(entry.path, target)
            else:
                loaded = load(entry.path)
                write_atomic(target, encode(loaded.game, loaded.info.game_id, clean))
                if not target.samefile(entry.path):
                    entry.path.unlink()
        except OSError as exc:
            raise SaveError(f"cannot rename {entry.path.name}: {exc.strerror or exc}",
                            "write_failed", entry.path) from None
        return Entry(clean, target, read_info(target) if entry.info else None,
                     entry.problem)

    def forget_name(self, game_id: str) -> None:
        """Drop the name given to a game (once its autosave is deleted)."""
        names = self.given_names()
        if names.pop(game_id, None) is not None:
            with contextlib.suppress(SaveError):
                self._write_names(names)

    # -- the trash ---------------------------------------------------------------------

    def to_trash(self, path: Path) -> Path:
        """Move a save into :attr:`trash` (under the time and its name, its date set to
        now, so that it is kept :data:`~shipyard_tui.paths.TRASH_DAYS` days from
        now); return where it went."""
        make_folder(self.trash)
        stamp = time.strftime("%Y%m%d-%H%M%S")
        target = self.trash / f"{stamp}-{path.name}"
        number = 1
        while target.exists():
            number += 1
            target = self.trash / f"{stamp}-{number}-{path.name}"
        os.replace(path, target)
        with contextlib.suppress(OSError):
            os.utime(target)
        return target

    def purge_trash(self, now: float | None = None) -> list[Path]:
        """Remove what has been in the trash longer than
        :data:`~shipyard_tui.paths.TRASH_DAYS` days (by the date :meth:`to_trash` gave
        it); return what was removed. Run whenever the store is opened or listed."""
        removed: list[Path] = []
        if not self.trash.is_dir():
            return removed
        limit = (time.time() if now is None else now) - paths.TRASH_DAYS * 86400
        for path in self.trash.iterdir():
            try:
                mode = path.lstat()
            except OSError:
                continue
            if stat.S_ISDIR(mode.st_mode) or mode.st_mtime >= limit:
                continue
            with contextlib.suppress(OSError):
                path.unlink()
                removed.append(path)
        return removed

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
        """A save by the name the listing gives it (:meth:`entries`), a named save, an
        autosave or archived game by its id, ``autosave`` (the latest), or a file path."""
        candidate = Path(name_or_path).expanduser()
        if candidate.suffix == ".json" or os.sep in name_or_path or candidate.exists():
            return candidate
        entry = self.find(name_or_path)
        if entry is not None:
            return entry.path
        with contextlib.suppress(SaveError):
            named = self.named_path(name_or_path)
            if named.exists():
                return named
        if name_or_path.strip().casefold() == AUTOSAVE_PREFIX.rstrip("-"):
            latest = self.latest_autosave()
            if latest is not None:
                return latest
        for folder in (self.saves, self.finished):
            for path in folder.glob("*.json") if folder.is_dir() else ():
                if path.stem in (name_or_path, f"{AUTOSAVE_PREFIX}{name_or_path}"):
                    return path
        try:
            return self.named_path(name_or_path)
        except SaveError:
            return candidate

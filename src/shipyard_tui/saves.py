"""Saves that never lose a game: a versioned, checksummed file written atomically.

A save holds the game's configuration and move list (so it replays) with a snapshot
of the state and a summary for listings, all covered by a SHA-256 checksum. Loading
replays the moves and checks the result against the snapshot, so a save either
loads as a valid game or fails with a message that says what is wrong with it.

Files live in the data directory (``paths``): ``saves/autosave-<id>.json`` (with
``.bak.json``, the autosave before it), ``saves/<name>.json`` for named saves and
``finished/<id>.json`` for finished games.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import re
import secrets
import tempfile
import unicodedata
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from shipyard_tui import __version__, paths
from shipyard_tui.rules import Game, GameConfig, IllegalMoveError, MoveSyntaxError
from shipyard_tui.rules.codec import from_data
from shipyard_tui.rules.game import OldRulesError
from shipyard_tui.seats import clean_name

FORMAT = "shipyard-save"
VERSION = 1
"""The save format this version writes; older formats are migrated on load."""

MAX_BYTES = 16 * 1024 * 1024
"""A save of a whole game is well under 100 kB; anything this big is not a save."""

MAX_NAME = 40
AUTOSAVE_PREFIX = "autosave-"
BACKUP_SUFFIX = ".bak.json"

Migration = Callable[[dict[str, Any]], dict[str, Any]]
MIGRATIONS: dict[int, Migration] = {}
"""``MIGRATIONS[n]`` turns a version-``n`` save into version ``n + 1``."""


class SaveError(Exception):
    """A save that cannot be written or loaded, with a message for players.

    ``kind`` names the problem (``missing``, ``unreadable``, ``too_large``,
    ``not_a_save``, ``truncated``, ``corrupt``, ``checksum``, ``newer``,
    ``unknown_version``, ``old_rules``, ``invalid_game``, ``bad_name``, ``write_failed``);
    a save of ``old_rules`` can still be reviewed (:func:`load_for_review`);
    ``backup`` is a good backup to offer instead, when there is one.
    """

    def __init__(self, message: str, kind: str, path: Path | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.kind = kind
        self.path = path
        self.backup: Path | None = None


@dataclass(frozen=True, slots=True)
class SaveInfo:
    """What a listing shows of a save, read from its summary."""

    path: Path
    name: str
    game_id: str
    saved_at: str
    seats: tuple[str, ...]
    kinds: tuple[str, ...]
    scores: tuple[int, ...]
    turn: int
    stage: str
    over: bool
    solo: bool
    to_move: str

    @property
    def is_autosave(self) -> bool:
        return self.path.name.startswith(AUTOSAVE_PREFIX)

    @property
    def when(self) -> str:
        """The save time in local time, to the minute."""
        try:
            moment = datetime.fromisoformat(self.saved_at).astimezone()
        except ValueError:
            return self.saved_at
        return moment.strftime("%Y-%m-%d %H:%M")


@dataclass(frozen=True, slots=True)
class Loaded:
    """A loaded save: the game (replayed and checked) and what its summary said."""

    game: Game
    info: SaveInfo


# -- names and ids ------------------------------------------------------------------


def new_game_id() -> str:
    """A fresh id for a game: its start time and a random part."""
    stamp = datetime.now(UTC).strftime("%Y%m%d-%H%M%S")
    return f"{stamp}-{secrets.token_hex(3)}"


_NAME_OK = re.compile(r"[\w .'-]+")


def clean_save_name(text: str) -> str:
    """A save name as typed, trimmed; raise :class:`SaveError` saying what is wrong."""
    name = text.strip()
    if not name:
        raise SaveError("a save needs a name", "bad_name")
    for char in name:
        if unicodedata.category(char).startswith("C"):
            raise SaveError(f"a save name cannot contain control characters ({char!r})",
                            "bad_name")
        if char in "/\\":
            raise SaveError(f"a save name cannot contain {char!r}: names are not paths",
                            "bad_name")
    if len(name) > MAX_NAME:
        raise SaveError(f"a save name has at most {MAX_NAME} characters", "bad_name")
    if name.startswith(".") or ".." in name:
        raise SaveError("a save name cannot start with a dot or contain '..'", "bad_name")
    if name.lower().startswith(AUTOSAVE_PREFIX.rstrip("-")):
        raise SaveError("names starting with 'autosave' are kept for autosaves", "bad_name")
    if not _NAME_OK.fullmatch(name):
        bad = sorted({c for c in name if not _NAME_OK.fullmatch(c)})
        raise SaveError(f"a save name cannot contain {' '.join(bad)}", "bad_name")
    return name


# -- encoding ------------------------------------------------------------------------


def _canonical(body: dict[str, Any]) -> bytes:
    return json.dumps(body, sort_keys=True, separators=(",", ":"),
                      ensure_ascii=False).encode("utf-8")


def _checksum(body: dict[str, Any]) -> str:
    return "sha256:" + hashlib.sha256(_canonical(body)).hexdigest()


def summary(game: Game) -> dict[str, Any]:
    state = game.state
    to_move = state.to_move
    return {
        "seats": [s.name for s in state.seats],
        "kinds": [s.kind.value for s in state.seats],
        "scores": [s.score for s in state.seats],
        "turn": state.turn_number,
        "stage": state.stage.value,
        "over": game.is_over,
        "solo": state.config.solo,
        "to_move": state.seats[to_move].name if to_move is not None else "",
    }


def encode(game: Game, game_id: str, name: str) -> bytes:
    """The bytes of a save of ``game``."""
    body: dict[str, Any] = {
        "format": FORMAT,
        "version": VERSION,
        "app_version": __version__,
        "game_id": game_id,
        "name": name,
        "saved_at": datetime.now(UTC).isoformat(timespec="seconds"),
        "summary": summary(game),
        "game": game.to_json(),
    }
    body["checksum"] = _checksum(body)
    return _canonical(body)


def _parse(data: bytes, where: Path) -> dict[str, Any]:
    label = where.name
    if len(data) > MAX_BYTES:
        raise SaveError(f"{label} is {len(data):,} bytes: far too large to be a Shipyard save",
                        "too_large", where)
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        raise SaveError(f"{label} is not a Shipyard save (it is not text)", "not_a_save",
                        where) from None
    if not text.strip():
        raise SaveError(f"{label} is empty", "truncated", where)
    try:
        body = json.loads(text)
    except RecursionError:
        raise SaveError(f"{label} is not a Shipyard save (it nests too deeply)", "not_a_save",
                        where) from None
    except json.JSONDecodeError as exc:
        raise _bad_json(text, exc, where) from None
    except ValueError:
        raise SaveError(f"{label} is not a Shipyard save (it holds a number far too long)",
                        "not_a_save", where) from None
    if not isinstance(body, dict) or body.get("format") != FORMAT:
        raise SaveError(f"{label} is not a Shipyard save", "not_a_save", where)
    return body


def _bad_json(text: str, exc: json.JSONDecodeError, where: Path) -> SaveError:
    """The right error for text that is not valid JSON: cut short, damaged, or foreign."""
    label = where.name
    looks_like_save = text.lstrip().startswith("{")
    if looks_like_save and _looks_cut_short(text):
        return SaveError(f"{label} ends too early: the file was cut short (truncated)",
                         "truncated", where)
    if looks_like_save and '"format"' in text[:200]:
        return SaveError(f"{label} is damaged: it is not valid JSON any more "
                         f"(line {exc.lineno}, column {exc.colno})", "corrupt", where)
    return SaveError(f"{label} is not a Shipyard save (it is not JSON)", "not_a_save", where)


def _looks_cut_short(text: str) -> bool:
    """Whether JSON text ends inside a string or with brackets still open."""
    depth = 0
    in_string = escaped = False
    for char in text:
        if in_string:
            if escaped:
                escaped = False
            elif char == "\\":
                escaped = True
            elif char == '"':
                in_string = False
        elif char == '"':
            in_string = True
        elif char in "{[":
            depth += 1
        elif char in "}]":
            depth -= 1
            if depth < 0:
                return False
    return in_string or depth > 0


def _migrate(body: dict[str, Any], where: Path) -> dict[str, Any]:
    version = body.get("version")
    if not isinstance(version, int) or isinstance(version, bool):
        raise SaveError(f"{where.name} has no valid format version", "corrupt", where)
    if version > VERSION:
        raise SaveError(f"{where.name} was written by a newer shipyard-tui "
                        f"(save format {version}; this version reads up to {VERSION}): "
                        "update the program to load it", "newer", where)
    while version < VERSION:
        step = MIGRATIONS.get(version)
        if step is None:
            raise SaveError(f"{where.name} uses save format {version}, which this version "
                            "cannot read", "unknown_version", where)
        body = step(body)
        version += 1
        body["version"] = version
    return body


def decode(data: bytes, where: Path, *, review: bool = False) -> Loaded:
    """Read a save, check everything, and replay its game; raise :class:`SaveError`.

    A game played under an earlier rulings revision cannot be replayed (``old_rules``);
    with ``review`` it is read from its stored, checksummed state instead, for a review.
    """
    body = _parse(data, where)
    stored = body.pop("checksum", None)
    if not isinstance(stored, str) or stored != _checksum(body):
        raise SaveError(f"{where.name} is damaged: its checksum does not match its contents",
                        "checksum", where)
    body = _migrate(body, where)
    try:
        _check_seats(from_data(GameConfig, body["game"]["config"]))
        try:
            game = Game.from_json(body["game"], replay=True)
        except OldRulesError as exc:
            if not review:
                raise SaveError(f"{where.name} cannot be continued: {exc}", "old_rules",
                                where) from None
            game = Game.from_json(body["game"], replay=False)
        info = _info(body, where)
        if not len(info.seats) == len(info.kinds) == len(info.scores) == len(game.state.seats):
            raise ValueError("its summary does not match its seats")
    except (IllegalMoveError, MoveSyntaxError, ValueError, KeyError, TypeError,
            RecursionError, OverflowError) as exc:
        raise SaveError(f"{where.name} is damaged: {exc}", "invalid_game", where) from None
    return Loaded(game, info)


def _check_seats(config: GameConfig) -> None:
    """Names a terminal can show, and bot levels this version has."""
    from shipyard_tui.bots import BOT_LEVELS

    for seat in config.seats:
        clean_name(seat.name)
        if seat.kind.value == "bot" and seat.level and seat.level not in BOT_LEVELS:
            raise ValueError(f"seat {seat.name} is a bot of an unknown level {seat.level!r}")


def _info(body: dict[str, Any], where: Path) -> SaveInfo:
    s = body["summary"]
    return SaveInfo(
        path=where,
        name=str(body.get("name", where.stem)),
        game_id=str(body.get("game_id", "")),
        saved_at=str(body.get("saved_at", "")),
        seats=tuple(str(x) for x in s["seats"]),
        kinds=tuple(str(x) for x in s["kinds"]),
        scores=tuple(int(x) for x in s["scores"]),
        turn=int(s["turn"]),
        stage=str(s["stage"]),
        over=bool(s["over"]),
        solo=bool(s.get("solo", False)),
        to_move=str(s.get("to_move", "")),
    )


def _read_bytes(path: Path) -> bytes:
    try:
        size = path.stat().st_size
    except FileNotFoundError:
        raise SaveError(f"there is no save at {path}", "missing", path) from None
    except OSError as exc:
        raise SaveError(f"cannot read {path}: {exc.strerror}", "unreadable", path) from None
    if size > MAX_BYTES:
        raise SaveError(f"{path.name} is {size:,} bytes: far too large to be a Shipyard save",
                        "too_large", path)
    try:
        return path.read_bytes()
    except IsADirectoryError:
        raise SaveError(f"{path} is a folder, not a save", "not_a_save", path) from None
    except OSError as exc:
        raise SaveError(f"cannot read {path}: {exc.strerror}", "unreadable", path) from None


def load_for_review(path: Path) -> Loaded:
    """Load a save to review it: like :func:`load`, but a game of an earlier rulings
    revision is read from its stored state (it cannot be continued)."""
    return load(path, review=True)


def load(path: Path, *, review: bool = False) -> Loaded:
    """Load a save file; a damaged autosave reports its backup when that one is good."""
    try:
        return decode(_read_bytes(path), path, review=review)
    except SaveError as exc:
        backup = backup_of(path)
        if backup is not None and backup.exists():
            try:
                decode(_read_bytes(backup), backup, review=review)
                exc.backup = backup
            except SaveError:
                pass
        raise


def read_info(path: Path) -> SaveInfo:
    """The summary of a save, checksum checked but without replaying it (for listings)."""
    body = _parse(_read_bytes(path), path)
    stored = body.pop("checksum", None)
    if stored != _checksum(body):
        raise SaveError(f"{path.name} is damaged: its checksum does not match its contents",
                        "checksum", path)
    try:
        return _info(body, path)
    except (KeyError, TypeError, ValueError, OverflowError):
        raise SaveError(f"{path.name} is damaged: its summary is unreadable", "corrupt",
                        path) from None


def backup_of(path: Path) -> Path | None:
    if path.name.startswith(AUTOSAVE_PREFIX) and not path.name.endswith(BACKUP_SUFFIX):
        return path.with_name(path.name[: -len(".json")] + BACKUP_SUFFIX)
    return None


# -- writing -----------------------------------------------------------------------


def write_atomic(path: Path, data: bytes, *, keep_backup: bool = False) -> None:
    """Write ``data`` to ``path`` so that a crash leaves either the old or the new file.

    The bytes go to a temporary file in the same folder, are flushed and synced, and
    the file is renamed over the old one. With ``keep_backup`` the old file first
    becomes the backup (``.bak.json``).
    """
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=".tmp-", suffix=".json", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        backup = backup_of(path)
        if keep_backup and backup is not None and path.exists():
            os.replace(path, backup)
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise
    _sync_dir(path.parent)


def _sync_dir(folder: Path) -> None:
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


class SaveStore:
    """The saves of this installation: autosaves, named saves and finished games."""

    def __init__(self, saves: Path | None = None, finished: Path | None = None) -> None:
        self.saves = saves if saves is not None else paths.saves_dir()
        self.finished = finished if finished is not None else paths.finished_dir()

    def autosave_path(self, game_id: str) -> Path:
        return self.saves / f"{AUTOSAVE_PREFIX}{game_id}.json"

    def autosave(self, game: Game, game_id: str) -> Path:
        """Save after a move; the previous autosave is kept as the backup."""
        path = self.autosave_path(game_id)
        try:
            write_atomic(path, encode(game, game_id, "autosave"), keep_backup=True)
        except OSError as exc:
            raise SaveError(f"cannot write the autosave: {exc.strerror}", "write_failed",
                            path) from None
        return path

    def named_path(self, name: str) -> Path:
        """The file of a named save; the name is checked and kept inside the saves folder."""
        clean = clean_save_name(name)
        path = (self.saves / f"{clean}.json").resolve()
        root = self.saves.resolve()
        if path.parent != root:
            raise SaveError(f"{name!r} would leave the saves folder", "bad_name")
        return path

    def save_as(self, game: Game, game_id: str, name: str) -> Path:
        path = self.named_path(name)
        try:
            write_atomic(path, encode(game, game_id, clean_save_name(name)))
        except OSError as exc:
            raise SaveError(f"cannot write {path.name}: {exc.strerror}", "write_failed",
                            path) from None
        return path

    def archive(self, game: Game, game_id: str) -> Path:
        """Keep a finished game for review, and drop its autosaves."""
        path = self.finished / f"{game_id}.json"
        try:
            write_atomic(path, encode(game, game_id, "finished"))
        except OSError as exc:
            raise SaveError(f"cannot archive the game: {exc.strerror}", "write_failed",
                            path) from None
        auto = self.autosave_path(game_id)
        for old in (auto, backup_of(auto)):
            if old is not None:
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
        """The most recently written autosave (or its backup, if only that one is left)."""
        if not self.saves.is_dir():
            return None
        candidates = [p for p in self.saves.glob(f"{AUTOSAVE_PREFIX}*.json")]
        if not candidates:
            return None
        newest = max(candidates, key=lambda p: p.stat().st_mtime)
        if newest.name.endswith(BACKUP_SUFFIX):
            main = newest.with_name(newest.name[: -len(BACKUP_SUFFIX)] + ".json")
            return main if main.exists() else newest
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

"""Saves that never lose a game: a versioned, checksummed file written atomically.

A save holds the game's configuration and move list (so it replays) with a snapshot
of the state, a summary and a revision (how many times its autosave was written), all
covered by a SHA-256 checksum. Loading replays the moves and checks the result against
the snapshot, so a save either loads as a valid game or fails with a message that says
what is wrong with it.

Files live in the data directory (``paths``): ``saves/autosave-<id>.json`` (with
``.bak.json``, the autosave before it, and ``.lease-<id>``, the session writing it),
``saves/<name>.json`` for named saves and ``finished/<id>.json`` for finished games.
Temporary files of saves in progress are ``.tmp-<pid>-*.json``.

A save records which game it holds (``"game_name"``: ``shipyard`` or ``nauticus``;
saves written before Nauticus have none and are Shipyard's). The two games share the
data directory and every guarantee above; a save is only ever read back as the game
it names, and :func:`load` with ``expect`` refuses the other game's saves.

Nothing read from a file is trusted: ids are checked before they name a file, only
regular files are read, and only so many bytes; every text a listing or an error
shows is made printable first, and listings show what the replayed game says. One
session at a time writes a game (:class:`GameFile`), and a save never replaces a newer
save of the same game.
"""

from __future__ import annotations

import contextlib
import fcntl
import hashlib
import json
import os
import re
import secrets
import socket
import stat
import tempfile
import time
import unicodedata
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, TypeAlias

from shipyard_tui import __version__, paths
from shipyard_tui.core.codec import from_data
from shipyard_tui.games.nauticus import NauticusGame
from shipyard_tui.games.shipyard.rules import (
    Game,
    GameConfig,
    IllegalMoveError,
    MoveSyntaxError,
    OldRulesError,
    SeatKind,
)
from shipyard_tui.seats import clean_name

FORMAT = "shipyard-save"
VERSION = 1
"""The save format this version writes; older formats are migrated on load."""

MAX_BYTES = 16 * 1024 * 1024
"""A save of a whole game is well under 100 kB; anything this big is not a save."""

MAX_DEPTH = 64
"""A save nests a few levels deep; deeper JSON is refused before anything recurses."""

MAX_NAME = 40
AUTOSAVE_PREFIX = "autosave-"
BACKUP_SUFFIX = ".bak.json"
TEMP_PREFIX = ".tmp-"
LEASE_PREFIX = ".lease-"
STALE_TEMP_SECONDS = 3600.0
"""A temporary file this old is left over from an interrupted save, whoever wrote it."""
LOCK_WAIT = 5.0
"""Seconds a session waits for another one to finish writing the same game."""

GAME_NAMES = ("shipyard", "nauticus")


def game_words(game_name: str, classic: bool = False) -> str:
    """A game and its rules as lists name them: "Shipyard", "Shipyard classic",
    "Nauticus" (the load lists, ``shipyard history``, the server's lobby)."""
    if game_name == "nauticus":
        return "Nauticus"
    return "Shipyard classic" if classic else "Shipyard"
"""The games a save can hold, by the name a save records."""

AnyGame: TypeAlias = Game | NauticusGame
"""A game of either kind, as saves write and load them."""

Migration = Callable[[dict[str, Any]], dict[str, Any]]
MIGRATIONS: dict[int, Migration] = {}
"""``MIGRATIONS[n]`` turns a version-``n`` save into version ``n + 1``."""


class SaveError(Exception):
    """A save that cannot be written or loaded, with a message for players.

    ``kind`` names the problem (``missing``, ``unreadable``, ``too_large``,
    ``not_a_save``, ``truncated``, ``corrupt``, ``checksum``, ``newer``,
    ``unknown_version``, ``old_rules``, ``invalid_game``, ``unknown_game``,
    ``other_game``, ``bad_name``, ``write_failed``, ``in_use``, ``taken_over``,
    ``newer_on_disk``); a save of ``old_rules`` can still be
    reviewed (:func:`load_for_review`); ``backup`` is a good backup to offer instead,
    when there is one, and ``backup_info`` what it holds (the autosave written before
    the damaged one: usually one move earlier, but after another save of the same game
    was loaded, that game's other line of play). The message is always printable
    (:func:`printable`).
    """

    def __init__(self, message: str, kind: str, path: Path | None = None) -> None:
        message = printable(message)
        super().__init__(message)
        self.message = message
        self.kind = kind
        self.path = path
        self.backup: Path | None = None
        self.backup_info: SaveInfo | None = None


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
    winners: tuple[int, ...] = ()
    """The winning seats (after the game's tie-break), once the game is over."""
    revision: int = 0
    game_name: str = "shipyard"
    """Which game the save holds (one of :data:`GAME_NAMES`)."""
    classic: bool = False
    """A Shipyard game of the classic rules (RC-1.1)."""

    @property
    def game_words(self) -> str:
        """The game and its rules, as lists name them (:func:`game_words`)."""
        return game_words(self.game_name, self.classic)

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

    game: AnyGame
    info: SaveInfo


# -- text and names from files ---------------------------------------------------------


def printable(text: str) -> str:
    """``text`` with control, format and separator characters written as escapes.

    Every text that comes from a file or the network passes through here before it
    is shown, so no byte in a file can move the cursor, retitle the window or write
    the clipboard.

    >>> printable("Ann\\x1b]52;c;SGk=\\x07")
    'Ann\\\\x1b]52;c;SGk=\\\\x07'
    """
    if text.isprintable():
        return text
    out = []
    for char in text:
        if char.isprintable():
            out.append(char)
        else:
            code = ord(char)
            out.append(f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"
                       if code < 0x10000 else f"\\U{code:08x}")
    return "".join(out)


_ID_OK = re.compile(r"[A-Za-z0-9][A-Za-z0-9_-]{0,63}")


def is_game_id(text: str) -> bool:
    """Whether ``text`` can name a game's files: letters, digits, ``-`` and ``_``, at
    most 64 characters. An id read from a file that is not one is never used."""
    return _ID_OK.fullmatch(text) is not None


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


def game_name_of(game: AnyGame) -> str:
    """The name a save records for ``game``."""
    return "nauticus" if isinstance(game, NauticusGame) else "shipyard"


def summary(game: AnyGame) -> dict[str, Any]:
    if isinstance(game, NauticusGame):
        return _nauticus_summary(game)
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
        "winners": list(state.winners),
    }


def _nauticus_summary(game: NauticusGame) -> dict[str, Any]:
    """A Nauticus game's summary in the fields Shipyard's has: ``turn`` is the round,
    ``stage`` the round and phase in words."""
    state = game.state
    to_move = state.to_move
    stage = ("over" if game.is_over
             else f"round {state.round} of {state.config.rounds}, phase {min(state.phase, 7)}")
    return {
        "seats": [s.name for s in state.seats],
        "kinds": [s.kind.value for s in state.config.seats],
        "scores": [s.vp for s in state.seats],
        "turn": state.round,
        "stage": stage,
        "over": game.is_over,
        "solo": False,
        "to_move": state.seats[to_move].name if to_move is not None else "",
        "winners": list(state.winners),
    }


def encode(game: AnyGame, game_id: str, name: str, revision: int = 0) -> bytes:
    """The bytes of a save of ``game``; ``revision`` counts the writes of its autosave."""
    body: dict[str, Any] = {
        "format": FORMAT,
        "version": VERSION,
        "game_name": game_name_of(game),
        "app_version": __version__,
        "game_id": game_id,
        "name": name,
        "revision": revision,
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
    if _depth(body) > MAX_DEPTH:
        raise SaveError(f"{label} is not a Shipyard save (it nests too deeply)", "not_a_save",
                        where)
    if not isinstance(body, dict) or body.get("format") != FORMAT:
        raise SaveError(f"{label} is not a Shipyard save", "not_a_save", where)
    return body


def _depth(value: object) -> int:
    """How deeply lists and objects nest in parsed JSON, counted without recursion."""
    deepest = 0
    stack: list[tuple[object, int]] = [(value, 1)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, dict):
            item = list(item.values())
        if isinstance(item, list):
            deepest = max(deepest, depth)
            if depth > MAX_DEPTH:
                return depth
            stack.extend((child, depth + 1) for child in item)
    return deepest


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


def decode(data: bytes, where: Path, *, review: bool = False,
           expect: str | None = None) -> Loaded:
    """Read a save, check everything, and replay its game; raise :class:`SaveError`.

    A game played under an earlier rulings revision cannot be replayed (``old_rules``);
    with ``review`` it is read from its stored, checksummed state instead, for a review.
    The game is read as the game the save names, never as the other one; with
    ``expect`` a save of another game is refused (``other_game``).
    """
    body = _parse(data, where)
    stored = body.pop("checksum", None)
    if not isinstance(stored, str) or stored != _checksum(body):
        raise SaveError(f"{where.name} is damaged: its checksum does not match its contents",
                        "checksum", where)
    body = _migrate(body, where)
    name = body.get("game_name", "shipyard")
    if name not in GAME_NAMES:
        raise SaveError(f"{where.name} holds a game this version does not know "
                        f"({printable(str(name))[:40]!r})", "unknown_game", where)
    if expect is not None and name != expect:
        raise SaveError(f"{where.name} is a save of {name.title()}, not of "
                        f"{expect.title()}", "other_game", where)
    if name == "nauticus":
        return _decode_nauticus(body, where)
    try:
        _check_seats(from_data(GameConfig, body["game"]["config"]))
        try:
            game = Game.from_json(body["game"], replay=True)
        except OldRulesError as exc:
            if not review:
                raise SaveError(f"{where.name} cannot be continued: {exc}", "old_rules",
                                where) from None
            game = Game.from_json(body["game"], replay=False)
        info = _info(body, game, where)
    except (IllegalMoveError, MoveSyntaxError, ValueError, KeyError, TypeError,
            RecursionError, OverflowError) as exc:
        raise SaveError(f"{where.name} is damaged: {_damage(exc)}", "invalid_game",
                        where) from None
    return Loaded(game, info)


def _damage(exc: Exception) -> str:
    """What is wrong with a save's game, in words: a key not found is said to be
    missing or unknown (a bare ``KeyError`` read "is damaged: 'config'")."""
    if type(exc) is KeyError and exc.args:
        return f"{exc.args[0]!r} is missing or unknown"
    return str(exc)


def _decode_nauticus(body: dict[str, Any], where: Path) -> Loaded:
    """A Nauticus save, replayed and checked like a Shipyard one."""
    from shipyard_tui.games.nauticus.bots import NAUTICUS_BOT_LEVELS
    from shipyard_tui.games.nauticus.rules.game import IllegalMoveError as NauticusIllegal

    try:
        game = NauticusGame.from_json(body["game"], replay=True)
        for seat in game.config.seats:
            clean_name(seat.name)
            if seat.kind.value == "bot" and seat.level and \
                    seat.level not in NAUTICUS_BOT_LEVELS:
                raise ValueError(f"seat {seat.name} is a Nauticus bot of an unknown level "
                                 f"{seat.level!r}")
        info = _info(body, game, where)
    except (NauticusIllegal, ValueError, KeyError, TypeError, AttributeError,
            RecursionError, OverflowError) as exc:
        raise SaveError(f"{where.name} is damaged: {_damage(exc)}", "invalid_game",
                        where) from None
    return Loaded(game, info)


def _check_seats(config: GameConfig) -> None:
    """Names a terminal can show, and bot levels this version has."""
    from shipyard_tui.games.shipyard.bots import BOT_LEVELS

    for seat in config.seats:
        clean_name(seat.name)
        if seat.kind is SeatKind.BOT and seat.level and seat.level not in BOT_LEVELS:
            raise ValueError(f"seat {seat.name} is a bot of an unknown level {seat.level!r}")


def _info(body: dict[str, Any], game: AnyGame, where: Path) -> SaveInfo:
    """What a listing shows: seats, scores and stage from the replayed game itself (the
    summary in the file is not trusted); name, date and id from the file, made safe."""
    s = summary(game)
    game_id = body.get("game_id")
    revision = body.get("revision", 0)
    saved_at = body.get("saved_at")
    return SaveInfo(
        path=where,
        name=printable(str(body.get("name", where.stem)))[:MAX_NAME * 2],
        game_id=game_id if isinstance(game_id, str) and is_game_id(game_id) else "",
        saved_at=printable(saved_at)[:40] if isinstance(saved_at, str) else "",
        seats=tuple(s["seats"]),
        kinds=tuple(s["kinds"]),
        scores=tuple(s["scores"]),
        turn=s["turn"],
        stage=s["stage"],
        over=s["over"],
        solo=s["solo"],
        to_move=s["to_move"],
        winners=tuple(s["winners"]),
        revision=revision if type(revision) is int and revision >= 0 else 0,
        game_name=game_name_of(game),
        classic=isinstance(game.config, GameConfig) and game.config.classic,
    )


def _read_bytes(path: Path) -> bytes:
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


def load_for_review(path: Path) -> Loaded:
    """Load a save to review it: like :func:`load`, but a game of an earlier rulings
    revision is read from its stored state (it cannot be continued)."""
    return load(path, review=True)


def load(path: Path, *, review: bool = False, expect: str | None = None) -> Loaded:
    """Load a save file; a damaged autosave reports its backup when that one is good.
    With ``expect`` (a game's name) a save of the other game is refused."""
    try:
        return decode(_read_bytes(path), path, review=review, expect=expect)
    except SaveError as exc:
        backup = backup_of(path)
        if backup is not None and backup.exists() and exc.kind != "other_game":
            try:
                exc.backup_info = decode(_read_bytes(backup), backup, review=review,
                                         expect=expect).info
                exc.backup = backup
            except SaveError:
                pass
        raise


def read_info(path: Path) -> SaveInfo:
    """What a listing shows of a save: its game is replayed, so what the listing says
    (scores, turn, finished or not) is what the game says, whatever the summary claims."""
    return decode(_read_bytes(path), path).info


def main_of_backup(path: Path) -> Path | None:
    """The autosave whose backup ``path`` is, or ``None`` if it is no backup."""
    if path.name.startswith(AUTOSAVE_PREFIX) and path.name.endswith(BACKUP_SUFFIX):
        return path.with_name(path.name[: -len(BACKUP_SUFFIX)] + ".json")
    return None


def backup_of(path: Path) -> Path | None:
    if path.name.startswith(AUTOSAVE_PREFIX) and not path.name.endswith(BACKUP_SUFFIX):
        return path.with_name(path.name[: -len(".json")] + BACKUP_SUFFIX)
    return None


# -- writing -----------------------------------------------------------------------


def make_folder(folder: Path) -> None:
    """Create ``folder``; a file standing where a folder should be is named plainly."""
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
    _sync_dir(path.parent)


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


def _alive(pid: int) -> bool:
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
        if pid == os.getpid() or not (old or not _alive(pid)):
            continue
        with contextlib.suppress(OSError):
            path.unlink()
            removed.append(path)
    return removed


def _inside(path: Path, folder: Path) -> bool:
    """Whether ``path`` stays inside ``folder`` once links and ``..`` are resolved."""
    return path.resolve().is_relative_to(folder.resolve())


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
        if not _inside(path, folder):
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

    def autosave(self, game: AnyGame, game_id: str, revision: int = 0) -> Path:
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

    def save_as(self, game: AnyGame, game_id: str, name: str) -> Path:
        path = self.named_path(name)
        try:
            write_atomic(path, encode(game, game_id, clean_save_name(name)))
        except OSError as exc:
            raise SaveError(f"cannot write {path.name}: {exc.strerror or exc}", "write_failed",
                            path) from None
        return path

    def finished_path(self, game_id: str) -> Path:
        return self._game_file(self.finished, game_id, game_id)

    def archive(self, game: AnyGame, game_id: str) -> Path:
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
            if old is not None and _inside(old, self.saves):
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


def game_id_of(path: Path) -> str:
    """The game id an autosave's file name carries, or ``""`` when it names none."""
    name = path.name
    for suffix in (BACKUP_SUFFIX, ".json"):
        if name.startswith(AUTOSAVE_PREFIX) and name.endswith(suffix):
            candidate = name[len(AUTOSAVE_PREFIX): -len(suffix)]
            return candidate if is_game_id(candidate) else ""
    return ""


# -- one writer per game ------------------------------------------------------------------


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
        return self.host != socket.gethostname() or _alive(self.pid)

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
        self._was_finished = self.store.finished_path(game_id).exists()

    # -- the lease ---------------------------------------------------------------------

    @contextlib.contextmanager
    def _locked(self) -> Iterator[int]:
        """The lease file, locked against other sessions for a check and a write. A
        session stopped while holding the lock is waited for a few seconds only."""
        make_folder(self.lease.parent)
        fd = os.open(self.lease, os.O_RDWR | os.O_CREAT | os.O_CLOEXEC | os.O_NOFOLLOW, 0o644)
        try:
            deadline = time.monotonic() + LOCK_WAIT
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
            yield fd
        finally:
            os.close(fd)

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
        os.ftruncate(fd, 0)
        os.pwrite(fd, data, 0)

    def _disk_revision(self) -> int:
        """The revision of the autosave on disk (-1 when there is none to protect)."""
        try:
            body = json.loads(_read_bytes(self.path))
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
        """Leave the game to other sessions (the lease is dropped if still this one's)."""
        if not self.lease.exists():
            return
        with contextlib.suppress(OSError), self._locked() as fd:
            holder = self._holder(fd)
            if holder is not None and holder.token == self.token:
                os.ftruncate(fd, 0)

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

    def save(self, game: AnyGame) -> Path:
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
                    where = self.store.autosave(game, self.game_id, self.revision + 1)
                    self.revision += 1
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

    def retry(self, game: AnyGame) -> bool:
        """Try the save again after a failure (not after losing the game to another
        session); True when nothing is left unsaved."""
        if self.stopped or not (self.unsaved or self.problem):
            return not (self.unsaved or self.problem)
        self.unsaved -= 1
        with contextlib.suppress(SaveError):
            self.save(game)
        return not (self.unsaved or self.problem)

    def emergency_copy(self, game: AnyGame) -> Path | None:
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

"""The save format: what a save's bytes hold, how they are checked, and how a save
becomes a game again.

A save is canonical JSON (sorted keys, no spaces, UTF-8) with a ``checksum``
(SHA-256 of the rest), a ``version`` (older versions are migrated, :data:`MIGRATIONS`)
and a ``game_name`` naming the game it holds (saves written before Nauticus have none
and are the default game's, :data:`shipyard_tui.games.DEFAULT`). The game itself is
written and read by its kind (:class:`~shipyard_tui.core.game.GameKind`): this module
names no game.

Nothing read from a file is trusted: every text a listing or an error shows is made
printable first (:func:`printable`), and a listing shows what the replayed game says.
"""

from __future__ import annotations

import hashlib
import json
import re
import secrets
import unicodedata
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, Protocol, TypeAlias

from shipyard_tui import __version__, games
from shipyard_tui.core.codec import from_data
from shipyard_tui.core.game import GameKind, OldRulesError
from shipyard_tui.core.loop import GameLoop
from shipyard_tui.core.seats import SeatConfig, SeatKind
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

AnyGame: TypeAlias = GameLoop[Any, Any, Any, Any]
"""A game of any kind, as saves load them."""


class SavedGame(Protocol):
    """What saves ask of a game they write (its kind does the rest)."""

    @property
    def is_over(self) -> bool: ...

    def to_json(self, *, with_events: bool = False) -> dict[str, Any]: ...


Migration = Callable[[dict[str, Any]], dict[str, Any]]
MIGRATIONS: dict[int, Migration] = {}
"""``MIGRATIONS[n]`` turns a version-``n`` save into version ``n + 1``."""

def game_words(game_name: str, rules: str = "") -> str:
    """A game and its rules as lists name them: "Shipyard", "Shipyard classic",
    "Nauticus" (the load lists, ``shipyard history``, the server's lobby).

    >>> game_words("shipyard", "classic"), game_words("nauticus")
    ('Shipyard classic', 'Nauticus')
    """
    return games.kind(game_name).describe(rules)


class SaveError(Exception):
    """A save that cannot be written or loaded, with a message for players.

    ``kind`` names the problem (``missing``, ``unreadable``, ``too_large``,
    ``not_a_save``, ``truncated``, ``corrupt``, ``checksum``, ``newer``,
    ``unknown_version``, ``old_rules``, ``invalid_game``, ``unknown_game``,
    ``other_game``, ``bad_name``, ``write_failed``, ``in_use``, ``taken_over``,
    ``newer_on_disk``); a save of ``old_rules`` can still be
    reviewed (:func:`~shipyard_tui.saves.load_for_review`); ``backup`` is a good backup
    to offer instead, when there is one, and ``backup_info`` what it holds (the autosave
    written before the damaged one: usually one move earlier, but after another save of
    the same game was loaded, that game's other line of play). The message is always
    printable (:func:`printable`).
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
    game_name: str = games.DEFAULT
    """Which game the save holds (one of :func:`shipyard_tui.games.names`)."""
    rules: str = ""
    """The rule book the game plays, as its kind names it (``GameKind.rules_of``;
    Shipyard: ``second`` or ``classic``)."""

    @property
    def classic(self) -> bool:
        """A Shipyard game of the classic rules (RC-1.1)."""
        return self.rules == "classic"

    @property
    def game_kind(self) -> GameKind:
        """The game the save holds."""
        return games.kind(self.game_name)

    @property
    def game_words(self) -> str:
        """The game and its rules, as lists name them (:func:`game_words`)."""
        return self.game_kind.describe(self.rules)

    @property
    def summary(self) -> dict[str, Any]:
        """The fields of the game's summary (``GameKind.summary``) again."""
        return {"seats": list(self.seats), "kinds": list(self.kinds),
                "scores": list(self.scores), "turn": self.turn, "stage": self.stage,
                "over": self.over, "solo": self.solo, "to_move": self.to_move,
                "winners": list(self.winners)}

    @property
    def round_words(self) -> str:
        """Where the game stands, in the game's words ("round 5")."""
        return self.game_kind.round_words(self.summary)

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

    game: Any
    """The game, of the kind ``info.game_name`` names (its kind's type: ask the kind,
    :func:`shipyard_tui.games.kind_of`, what to do with it)."""
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
    most 64 characters. An id read from a file that is not one is never used.

    >>> is_game_id("20260101-120000-abc123"), is_game_id("../etc")
    (True, False)
    """
    return _ID_OK.fullmatch(text) is not None


def new_game_id() -> str:
    """A fresh id for a game: its start time and a random part."""
    stamp = datetime.now(UTC).strftime("%Y%m%d-%H%M%S")
    return f"{stamp}-{secrets.token_hex(3)}"


_NAME_OK = re.compile(r"[\w .'-]+")


def clean_save_name(text: str) -> str:
    """A save name as typed, trimmed; raise :class:`SaveError` saying what is wrong.

    >>> clean_save_name("  before the storm ")
    'before the storm'
    """
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


def game_name_of(game: SavedGame) -> str:
    """The name a save records for ``game``."""
    return games.kind_of(game).name


def summary(game: SavedGame) -> dict[str, Any]:
    """What a listing shows of ``game`` (``GameKind.summary``)."""
    return games.kind_of(game).summary(game)


def encode(game: SavedGame, game_id: str, name: str, revision: int = 0) -> bytes:
    """The bytes of a save of ``game``; ``revision`` counts the writes of its autosave."""
    kind = games.kind_of(game)
    body: dict[str, Any] = {
        "format": FORMAT,
        "version": VERSION,
        "game_name": kind.name,
        "app_version": __version__,
        "game_id": game_id,
        "name": name,
        "revision": revision,
        "saved_at": datetime.now(UTC).isoformat(timespec="seconds"),
        "summary": kind.summary(game),
        "game": game.to_json(),
    }
    return _signed(body)


def _signed(body: dict[str, Any]) -> bytes:
    """The bytes of ``body`` with its ``checksum``, exactly as :func:`_canonical` writes
    them, but the body encoded once (issue 39): the checksum's key sorts right after
    ``app_version``, the first key of a save, and is written in at that place.

    >>> for body in ({"app_version": "1.0", "format": "f", "game": {"moves": ["a b"]}},
    ...              {"app_version": "ä"}, {"format": "f"}):
    ...     assert _signed(body) == _canonical({**body, "checksum": _checksum(body)})
    """
    data = _canonical(body)
    checksum = "sha256:" + hashlib.sha256(data).hexdigest()
    if [key for key in body if key < "checksum"] != ["app_version"]:
        return _canonical({**body, "checksum": checksum})
    first = _canonical({"app_version": body["app_version"]})[:-1]
    return b"%s,%s%s" % (first, _canonical({"checksum": checksum})[1:-1], data[len(first):])


# -- decoding ------------------------------------------------------------------------


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
    """How deeply lists and objects nest in parsed JSON, counted without recursion.

    >>> _depth({"a": [1, [2]]})
    3
    """
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
    """Whether JSON text ends inside a string or with brackets still open.

    >>> _looks_cut_short('{"a": [1, 2'), _looks_cut_short('{"a": 1}')
    (True, False)
    """
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


def _title(name: str) -> str:
    """A game's name as people read it (a name no game has, capitalised)."""
    try:
        return games.kind(name).title
    except ValueError:
        return printable(name).title()


def decode(data: bytes, where: Path, *, review: bool = False,
           expect: str | None = None) -> Loaded:
    """Read a save, check everything, and replay its game; raise :class:`SaveError`.

    A game played under an earlier rulings revision cannot be replayed (``old_rules``);
    with ``review`` it is read from its stored, checksummed state instead, for a review.
    The game is read as the game the save names, never as another one; with
    ``expect`` (a game's name) a save of another game is refused (``other_game``).
    """
    body = _parse(data, where)
    stored = body.pop("checksum", None)
    if not isinstance(stored, str) or stored != _checksum(body):
        raise SaveError(f"{where.name} is damaged: its checksum does not match its contents",
                        "checksum", where)
    body = _migrate(body, where)
    name = body.get("game_name", games.DEFAULT)
    if not isinstance(name, str) or name not in games.names():
        raise SaveError(f"{where.name} holds a game this version does not know "
                        f"({printable(str(name))[:40]!r})", "unknown_game", where)
    if expect is not None and name != expect:
        raise SaveError(f"{where.name} is a save of {_title(name)}, not of "
                        f"{_title(expect)}", "other_game", where)
    kind = games.kind(name)
    try:
        saved = body["game"]
        _check_seats(kind, saved["config"])
        try:
            game = kind.load(saved, review=review)
        except OldRulesError as exc:
            raise SaveError(f"{where.name} cannot be continued: {exc}", "old_rules",
                            where) from None
        info = _info(body, kind, game, where)
    except (ValueError, KeyError, TypeError, AttributeError, RecursionError,
            OverflowError) as exc:
        raise SaveError(f"{where.name} is damaged: {_damage(exc)}", "invalid_game",
                        where) from None
    return Loaded(game, info)


def _damage(exc: Exception) -> str:
    """What is wrong with a save's game, in words: a key not found is said to be
    missing or unknown (a bare ``KeyError`` read "is damaged: 'config'")."""
    if type(exc) is KeyError and exc.args:
        return f"{exc.args[0]!r} is missing or unknown"
    return str(exc)


def _check_seats(kind: GameKind, config: Any) -> None:
    """Names a terminal can show, and bot levels this version has, checked before the
    game is replayed. Every game's save holds its configuration (``GameLoop.to_json``)
    with its seats, each a :class:`~shipyard_tui.core.seats.SeatConfig`."""
    levels = kind.bot_levels()
    for raw in config["seats"]:
        seat = from_data(SeatConfig, raw)
        clean_name(seat.name)
        if seat.kind == SeatKind.BOT and seat.level and seat.level not in levels:
            raise ValueError(f"seat {seat.name} is a {kind.title} bot of an unknown level "
                             f"{seat.level!r}")


def _info(body: dict[str, Any], kind: GameKind, game: Any, where: Path) -> SaveInfo:
    """What a listing shows: seats, scores and stage from the replayed game itself (the
    summary in the file is not trusted); name, date and id from the file, made safe."""
    s = kind.summary(game)
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
        game_name=kind.name,
        rules=kind.rules_of(game),
    )

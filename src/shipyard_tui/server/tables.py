"""The tables of a server: who sits where, and the settings each table was opened with.

A table is opened with its seats planned (a person, or a bot of a level); the creator
sits at the first seat. The game is set up when every person's seat is taken, with the
players' names as seat names. The plan is kept in ``tables.json`` next to the autosaves,
so a restarted server puts everyone back where they sat. A table plays any game of the
registry (``game_name``), asked through the game seam only
(:class:`~shipyard_tui.core.game.GameKind`).
"""

from __future__ import annotations

import json
import random
import secrets
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol

from shipyard_tui import games
from shipyard_tui.core.events import event_to_json
from shipyard_tui.core.game import GameKind, Options, outcome_of
from shipyard_tui.core.seats import SeatConfig, SeatKind
from shipyard_tui.saves import SaveError, SaveStore, load, remove_stray_temps, write_atomic
from shipyard_tui.seats import clean_name

PERSON = "person"
BOT = "bot"
AUTOMA = "automa"
"""A seat of a solo game's automa: a table of one person."""
SOLO_SEATS = ["me", AUTOMA, AUTOMA]
"""How a solo table is asked for: the one person, then the two automa (R-12.1)."""


class TableGame(Protocol):
    """What the server asks of a table's game: every game's loop
    (:class:`~shipyard_tui.core.loop.GameLoop`) has it."""

    moves: list[Any]
    events: list[Any]

    @property
    def to_move(self) -> int | None: ...

    @property
    def is_over(self) -> bool: ...

    @property
    def can_undo(self) -> bool: ...

    def legal_moves(self) -> list[Any]: ...

    def play(self, move: Any) -> list[Any]: ...

    def push(self, move: Any) -> list[Any]: ...

    def outcome(self) -> Any: ...

    def undo(self) -> Any: ...

    def view(self, seat: int | None) -> Any: ...

    def to_json(self, *, with_events: bool = False) -> dict[str, Any]: ...


def table_games() -> tuple[str, ...]:
    """The games a table can play: every game of the registry."""
    return games.names()


@dataclass(slots=True)
class SeatPlan:
    """One seat of a table: for a person (taken by ``player`` or still open) or a bot."""

    kind: str
    level: str = ""
    player: str | None = None
    kept_for: str = ""
    """The one player who may take this open seat (their name; empty: anyone)."""
    seated_at: float = 0.0
    """When its player last sat down there (seconds since the epoch; 0: not known), so
    a player back with several games goes back to the one they were last at."""

    @property
    def is_open(self) -> bool:
        return self.kind == PERSON and self.player is None


@dataclass(slots=True)
class Table:
    """A table of the server and, once every person's seat is taken, its game."""

    table_id: str
    seats: list[SeatPlan]
    stand_in: float | None = None
    """Seconds a person may be away on their turn before a bot plays for them (None: never)."""
    bot_delay: float = 0.6
    """Seconds each bot waits before it moves, so people can follow."""
    stand_in_level: str = "greedy"
    seed: int = field(default_factory=lambda: random.SystemRandom().randrange(1 << 31))
    game: TableGame | None = field(default=None, repr=False)
    game_name: str = games.DEFAULT
    """Which game the table plays (a name of the registry, :func:`table_games`)."""
    edition: str = ""
    """The rule book of the table's game (Shipyard's 2nd edition or classic rules,
    RC-1.1); empty: the game's default (and all a game of one rule book has)."""
    start_seat: int | None = None
    """The seat that starts, where the table's opener picked it (a game whose setup
    offers the choice, NA-2.4); ``None``: as the game's rules choose."""
    stood_in: list[tuple[int, int, int]] = field(default_factory=list)
    """The events the stand-in's moves made: (first, end, seat), for the log's marks."""
    removed_by: list[str] = field(default_factory=list)
    """The players who removed the finished table from their lobby."""

    def mark_stand_in(self, first: int, end: int, seat: int) -> None:
        """The stand-in played for ``seat`` and its move made events ``first:end``
        (one run for moves in a row)."""
        if self.stood_in and self.stood_in[-1][1] == first and self.stood_in[-1][2] == seat:
            self.stood_in[-1] = (self.stood_in[-1][0], end, seat)
        elif end > first:
            self.stood_in.append((first, end, seat))

    @property
    def kind(self) -> GameKind:
        """The game the table plays, as the seat sees it."""
        return games.kind(self.game_name)

    @property
    def game_id(self) -> str:
        return f"table-{self.table_id}"

    @property
    def started(self) -> bool:
        return self.game is not None

    def seat_of(self, player: str) -> int | None:
        for i, seat in enumerate(self.seats):
            if seat.kind == PERSON and seat.player == player:
                return i
        return None

    def open_seats(self, player: str | None = None) -> list[int]:
        """The seats nobody has taken; with ``player``, those they may take (a seat kept
        for a named player is theirs alone)."""
        return [i for i, seat in enumerate(self.seats) if seat.is_open and (
            player is None or not seat.kept_for
            or seat.kept_for.casefold() == player.casefold())]

    @property
    def solo(self) -> bool:
        """A solo table: one person against the automa (R-12.1)."""
        return any(seat.kind == AUTOMA for seat in self.seats)

    @property
    def rules(self) -> str:
        """The rule book the game is set up with: the table's, where the game has a
        choice of them (a table saved by an earlier version named its default)."""
        kind = self.kind
        if self.edition in kind.rule_books:
            return self.edition
        return kind.rule_books[0] if kind.rule_books else ""

    def seat_names(self) -> list[str]:
        """The seat names of the game: the players' names; bots are numbered, the
        automa lettered."""
        names = []
        for i, seat in enumerate(self.seats):
            if seat.kind == BOT:
                names.append(f"Bot {i + 1}")
            elif seat.kind == AUTOMA:
                names.append(f"Automa {'AB'[i - 1]}")
            else:
                names.append(seat.player or f"Seat {i + 1}")
        return names

    def config(self, names: list[str] | None = None) -> Any:
        """The game's configuration, through the seam (``ValueError`` says what is
        wrong); ``names`` replaces the seat names (to check a plan before its seats are
        taken). A solo table names its person only: the game adds its automa."""
        seats = []
        for name, seat in zip(names or self.seat_names(), self.seats, strict=True):
            if seat.kind == BOT:
                seats.append(SeatConfig(name, SeatKind.BOT, seat.level))
            elif seat.kind == PERSON:
                seats.append(SeatConfig(name, SeatKind.HUMAN))
        return self.kind.make_config(seats, self.seed, Options(rules=self.rules,
                                                               solo=self.solo,
                                                               start_seat=self.start_seat))

    def check(self) -> None:
        """``ValueError`` when the game cannot be set up with this plan (whoever sits
        down): the checks of the game's own configuration."""
        self.config([f"Seat {i + 1}" for i in range(len(self.seats))])

    def start(self) -> TableGame:
        """Set up the game now that every person's seat is taken."""
        assert not self.open_seats()
        game: TableGame = self.kind.new_game(self.config())
        self.game = game
        return game

    def scores(self) -> list[int]:
        """Each seat's score so far (empty before the game is set up)."""
        if self.game is None:
            return []
        return [int(score) for score in self.kind.summary(self.game)["scores"]]

    def winners(self) -> list[int]:
        """The winning seats of a finished game, as the game's result has them (a tie
        broken as its rules break it); empty while it goes on."""
        if self.game is None or not self.game.is_over:
            return []
        return list(outcome_of(self.game).winners)

    def round_words(self) -> str:
        """Where the game stands, as the game says it ("round 5")."""
        if self.game is None:
            return ""
        return self.kind.round_words(self.kind.summary(self.game))

    def seat_message(self, seat: int | None, events_from: int = 0,
                     past: tuple[int, dict[int, Any]] | None = None) -> dict[str, Any]:
        """What seat ``seat`` (``None``: a watcher) may know of the game now (R-11.1),
        as the host's ``game`` message says it for every game.

        The state is the seat's view; events are redacted for the seat and sent from
        ``events_from`` on; legal moves go only to the seat to move. Once the game is
        over the contracts are revealed (R-10.5), so the whole game is sent. ``past``:
        the number of moves and the boards after each turn the last of them played by
        itself (a solo game's automa), sent while that move is the last.
        """
        game = self.game
        if game is None:
            return {}
        marks = {"stood_in": [list(mark) for mark in self.stood_in]} if self.stood_in else {}
        if game.is_over:
            return {"final": game.to_json(with_events=True), **marks}
        message: dict[str, Any] = {
            **marks,
            "state": game.view(seat).to_dict(),
            "events_from": events_from,
            "events": [event_to_json(e)
                       for e in self.kind.visible_events(game, seat, events_from)],
            "legal": [str(m) for m in game.legal_moves()] if game.to_move == seat else [],
            "can_undo": game.to_move == seat and game.can_undo,
            "moves_played": len(game.moves),
        }
        moves, boards = past or (-1, {})
        if boards and moves == len(game.moves):
            message["past"] = {str(turn): self.kind.seat_view(board, seat).to_dict()
                               for turn, board in boards.items()}
        return message

    def to_json(self) -> dict[str, Any]:
        return {
            "table": self.table_id,
            "seats": [{"kind": s.kind, "level": s.level, "player": s.player,
                       **({"kept_for": s.kept_for} if s.kept_for else {}),
                       **({"seated_at": s.seated_at} if s.seated_at else {})}
                      for s in self.seats],
            "stand_in": self.stand_in,
            "bot_delay": self.bot_delay,
            "stand_in_level": self.stand_in_level,
            "seed": self.seed,
            "game_name": self.game_name,
            "edition": self.rules,
            **({"start_seat": self.start_seat} if self.start_seat is not None else {}),
            **({"stood_in": [list(mark) for mark in self.stood_in]} if self.stood_in else {}),
            **({"removed_by": self.removed_by} if self.removed_by else {}),
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Table:
        seats = [SeatPlan(str(s["kind"]), str(s.get("level") or ""), s.get("player"),
                          str(s.get("kept_for") or ""), float(s.get("seated_at") or 0.0))
                 for s in data["seats"]]
        stand_in = data.get("stand_in")
        return cls(str(data["table"]), seats,
                   stand_in=None if stand_in is None else float(stand_in),
                   bot_delay=float(data.get("bot_delay", 0.6)),
                   stand_in_level=str(data.get("stand_in_level", "greedy")),
                   seed=int(data["seed"]),
                   game_name=str(data.get("game_name", games.DEFAULT)),
                   edition=str(data.get("edition", "")),
                   start_seat=seat_number(data.get("start_seat")),
                   stood_in=[(int(a), int(b), int(c)) for a, b, c in data.get("stood_in", [])],
                   removed_by=[str(name) for name in data.get("removed_by", [])])


def new_table(message: dict[str, Any], creator: str) -> Table:
    """The table a ``create`` message opens, its creator at the first seat
    (``ValueError`` says what is wrong with the message)."""
    game_name = message.get("game", games.DEFAULT)
    kind = table_kind(game_name)
    seats = plan_seats(list(message.get("seats", [])), creator, game_name)
    names = Table("", seats).seat_names()
    if creator.casefold() in (n.casefold() for n in names[1:]):
        raise ValueError(f"a bot at this table would be called {creator} too")
    stand_in = stand_in_seconds(message.get("stand_in"))
    delay = message.get("bot_delay", 0.6)
    if not isinstance(delay, int | float) or not 0 <= delay <= 10:
        raise ValueError("bot_delay is between 0 and 10 seconds")
    rules = message.get("rules") or ""
    if rules and rules not in kind.rule_books:
        books = " or ".join(repr(book) for book in kind.rule_books)
        raise ValueError(f"rules is {books}" if books
                         else f"{kind.title} has one rule book: leave rules out")
    level = stand_in_level(message.get("stand_in_level", "beginner"), game_name)
    table = Table(secrets.token_hex(3), seats, stand_in=stand_in, bot_delay=float(delay),
                  stand_in_level=level, game_name=game_name, edition=rules,
                  start_seat=seat_number(message.get("start_seat")))
    table.check()  # the game's own checks (the classic rules have no solo game)
    return table


def seat_to_return_to(running: list[tuple[Table, int]], held: Callable[[Table, int], bool]
                      ) -> tuple[tuple[Table, int] | None, Table | None]:
    """Where a player coming back with games under way (``running``: each table and
    their seat, newest table first) sits down, and which table the lobby's cursor
    shows when they stay there: back at the seat they last sat at if no connection
    holds it; else at the one seat nobody holds; with several and none known to be the
    last, in the lobby on the most recent of them; with every seat held (an older
    connection not timed out yet, a second terminal), at the last one, taking it over."""
    if not running:
        return None, None
    free = [(table, seat) for table, seat in running if not held(table, seat)]

    def recency(place: tuple[Table, int]) -> float:
        return place[0].seats[place[1]].seated_at

    known = [place for place in running if recency(place)]
    last = max(known, key=recency) if known else None
    if last is not None and last in free:
        return last, None
    if len(free) == 1:
        return free[0], None
    if free:
        return None, max(free, key=recency)[0]  # newest first: ties go to the newest
    return last or running[0], None


def seat_number(value: object) -> int | None:
    """A seat index as a table file or a message gives it; ``ValueError`` otherwise."""
    if value is None:
        return None
    if type(value) is not int or not 0 <= value < 4:
        raise ValueError(f"start_seat is a seat number from 0 to 3, not {str(value)[:20]!r}")
    return value


def table_kind(game_name: object) -> GameKind:
    """The game a table is asked to play; ``ValueError`` names the games there are."""
    names = table_games()
    if not isinstance(game_name, str) or game_name not in names:
        raise ValueError(f"a table plays {' or '.join(names)}, not {str(game_name)[:40]!r}")
    return games.kind(game_name)


def plan_seats(specs: list[str], creator: str, game_name: str = games.DEFAULT
               ) -> list[SeatPlan]:
    """Seats from ``me``, ``open`` and ``bot:LEVEL``, where LEVEL is a level players see
    (``beginner``, ``sensible``, ``strong``) or a bot level of that game (``greedy``…);
    the plan keeps the bot level. ``["me", "automa", "automa"]`` is a solo table of a
    game that has one (Shipyard, R-12.1). ``ValueError`` says what is wrong."""
    kind = table_kind(game_name)
    if specs == SOLO_SEATS:
        if "solo" not in kind.options:
            solo = [games.kind(name).title for name in table_games()
                    if "solo" in games.kind(name).options]
            raise ValueError(f"only {' and '.join(solo) or 'no game'} has a solo game")
        return [SeatPlan(PERSON, player=creator), SeatPlan(AUTOMA), SeatPlan(AUTOMA)]
    if AUTOMA in specs:
        raise ValueError("a solo table is ['me', 'automa', 'automa']: the two automa "
                         "after the one person (R-12.1)")
    fewest, most = kind.seats
    if not fewest <= len(specs) <= most:
        raise ValueError(f"a table has {fewest} to {most} seats, not {len(specs)}")
    seats = []
    for i, spec in enumerate(specs):
        if not isinstance(spec, str):
            raise ValueError("a seat is written as a string")
        if i == 0:
            if spec != "me":
                raise ValueError("the first seat is the one who opens the table ('me')")
            seats.append(SeatPlan(PERSON, player=creator))
        elif spec == "open":
            seats.append(SeatPlan(PERSON))
        elif spec.startswith("for:"):
            friend = clean_name(spec[4:])
            if friend.casefold() in (creator.casefold(),
                                     *(s.kept_for.casefold() for s in seats)):
                raise ValueError(f"a seat at this table is already {friend}'s")
            seats.append(SeatPlan(PERSON, kept_for=friend))
        elif spec.startswith("bot:") and (level := known_level(spec[4:], game_name)):
            seats.append(SeatPlan(BOT, level=level))
        else:
            known = ", ".join(f"bot:{level}" for level in kind.player_levels)
            raise ValueError(f"{spec!r}: a seat is 'open', 'for:NAME' (kept for a "
                             f"player) or one of {known}")
    return seats


def known_level(name: str, game_name: str = games.DEFAULT) -> str | None:
    """The bot level of ``game_name`` behind a level name of either kind, or ``None``
    if unknown."""
    try:
        return table_kind(game_name).resolve_level(name)
    except ValueError:
        return None


def stand_in_seconds(value: object) -> float | None:
    """The seconds of an away person's turn before the stand-in plays for them, as a
    message gives them (``None``: never); ``ValueError`` otherwise."""
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int | float) or not 0 <= value < 1e7:
        raise ValueError("stand_in is a number of seconds, or null")
    return float(value)


def how_long(seconds: float) -> str:
    """A span of time in words: "1 minute", "5 minutes", "30 seconds"."""
    if seconds >= 60 and seconds % 60 == 0:
        count, unit = int(seconds // 60), "minute"
    elif seconds >= 60:
        return f"{seconds / 60:g} minutes"
    else:
        count, unit = max(1, round(seconds)), "second"
    return f"{count} {unit}{'' if count == 1 else 's'}"


def stand_in_level(name: object, game_name: str = games.DEFAULT) -> str:
    """The bot level that stands in for the away at a table opened with ``name``."""
    level = known_level(name, game_name) if isinstance(name, str) else None
    if level is None:
        levels = table_kind(game_name).player_levels
        raise ValueError("stand_in_level is one of " + ", ".join(levels))
    return level


TABLES_FILE = "tables.json"
"""The seat plans of a server's tables and the names its keys own, in its folder."""


@dataclass
class TablesFile:
    """What a server's folder holds of its tables: the tables whose games loaded, the
    names its keys own, and the tables left out because their game's save is damaged
    (kept as they were in the file, with what is wrong, so that nothing is lost)."""

    tables: dict[str, Table]
    names: dict[str, str]
    left_out: list[tuple[dict[str, Any], str]]


def read_tables(folder: Path, store: SaveStore) -> TablesFile:
    """The tables of a server's folder, each with its game from the store, and the names
    its keys own (``SaveError`` when the file itself is damaged). A table whose game's
    save cannot be read is left out, not the server: its entry and its save stay."""
    path = folder / TABLES_FILE
    try:
        data = json.loads(path.read_text("utf-8"))
    except FileNotFoundError:
        data = {}
    except (OSError, ValueError) as exc:
        raise SaveError(f"cannot read {path}: {exc}", "damaged", path) from None
    names = {str(k): str(v) for k, v in data.get("names", {}).items()}
    # A server killed while it saved leaves its temporary files behind; its
    # successor clears them (they are never a game's record).
    for place in (folder, store.saves, store.finished):
        remove_stray_temps(place)
    tables: dict[str, Table] = {}
    left_out: list[tuple[dict[str, Any], str]] = []
    for raw in data.get("tables", []):
        table = Table.from_json(raw)
        try:
            for candidate in (store.autosave_path(table.game_id),
                              store.finished / f"{table.game_id}.json"):
                if candidate.exists():
                    table.game = load(candidate, expect=table.game_name).game
                    break
        except SaveError as exc:
            left_out.append((raw, f"table {table.table_id} is left out: {exc.message}"))
            continue
        tables[table.table_id] = table
    return TablesFile(tables, names, left_out)


def write_tables(folder: Path, tables: dict[str, Table], names: dict[str, str],
                 left_out: Sequence[dict[str, Any]] = ()) -> None:
    """Write the seat plans (and, as they were, the tables left out when read)."""
    data = {"tables": [t.to_json() for t in tables.values()] + list(left_out),
            "names": names}
    write_atomic(folder / TABLES_FILE, json.dumps(data, indent=1).encode("utf-8"))

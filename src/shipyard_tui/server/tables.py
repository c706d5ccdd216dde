"""The tables of a server: who sits where, and the settings each table was opened with.

A table is opened with its seats planned (a person, or a bot of a level); the creator
sits at the first seat. The game is set up when every person's seat is taken, with the
players' names as seat names. The plan is kept in ``tables.json`` next to the autosaves,
so a restarted server puts everyone back where they sat. A table plays Shipyard or
Nauticus (``game_name``).
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from shipyard_tui.games.nauticus import NauticusConfig, NauticusGame
from shipyard_tui.games.nauticus.bots import resolve_level as resolve_nauticus_level
from shipyard_tui.games.shipyard.bots.base import PLAYER_LEVELS, resolve_level
from shipyard_tui.games.shipyard.rules import SECOND, Game, GameConfig, SeatConfig, SeatKind

GAMES = ("shipyard", "nauticus")
"""The games a table can play."""

PERSON = "person"
BOT = "bot"
AUTOMA = "automa"
"""A seat of the solo game's two automa (R-12.1): a table of one person."""


@dataclass(slots=True)
class SeatPlan:
    """One seat of a table: for a person (taken by ``player`` or still open) or a bot."""

    kind: str
    level: str = ""
    player: str | None = None

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
    game: Game | NauticusGame | None = field(default=None, repr=False)
    game_name: str = "shipyard"
    """Which game the table plays (one of :data:`GAMES`)."""
    edition: str = SECOND
    """The rules of the table's game: the 2nd edition's or the classic ones (RC-1.1)."""

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

    def open_seats(self) -> list[int]:
        return [i for i, seat in enumerate(self.seats) if seat.is_open]

    @property
    def solo(self) -> bool:
        """A solo table: one person against the two automa (R-12.1)."""
        return any(seat.kind == AUTOMA for seat in self.seats)

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

    def config(self) -> GameConfig | NauticusConfig:
        seats = []
        for name, seat in zip(self.seat_names(), self.seats, strict=True):
            if seat.kind == BOT:
                seats.append(SeatConfig(name, SeatKind.BOT, seat.level))
            elif seat.kind == AUTOMA:
                seats.append(SeatConfig(name, SeatKind.AUTOMA))
            else:
                seats.append(SeatConfig(name, SeatKind.HUMAN))
        if self.game_name == "nauticus":
            return NauticusConfig(tuple(seats), seed=self.seed)
        return GameConfig(tuple(seats), seed=self.seed, edition=self.edition, solo=self.solo)

    def start(self) -> Game | NauticusGame:
        """Set up the game now that every person's seat is taken."""
        assert not self.open_seats()
        config = self.config()
        self.game = NauticusGame(config) if isinstance(config, NauticusConfig) \
            else Game(config)
        return self.game

    def to_json(self) -> dict[str, Any]:
        return {
            "table": self.table_id,
            "seats": [{"kind": s.kind, "level": s.level, "player": s.player}
                      for s in self.seats],
            "stand_in": self.stand_in,
            "bot_delay": self.bot_delay,
            "stand_in_level": self.stand_in_level,
            "seed": self.seed,
            "game_name": self.game_name,
            "edition": self.edition,
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Table:
        seats = [SeatPlan(str(s["kind"]), str(s.get("level") or ""), s.get("player"))
                 for s in data["seats"]]
        stand_in = data.get("stand_in")
        return cls(str(data["table"]), seats,
                   stand_in=None if stand_in is None else float(stand_in),
                   bot_delay=float(data.get("bot_delay", 0.6)),
                   stand_in_level=str(data.get("stand_in_level", "greedy")),
                   seed=int(data["seed"]),
                   game_name=str(data.get("game_name", "shipyard")),
                   edition=str(data.get("edition", SECOND)))


def plan_seats(specs: list[str], creator: str, game_name: str = "shipyard") -> list[SeatPlan]:
    """Seats from ``me``, ``open`` and ``bot:LEVEL``, where LEVEL is a level players see
    (``beginner``, ``sensible``, ``strong``) or a bot level of that game (``greedy``…);
    the plan keeps the bot level. ``["me", "automa", "automa"]`` is a solo table of
    Shipyard (R-12.1). ``ValueError`` says what is wrong."""
    if game_name not in GAMES:
        raise ValueError(f"a table plays {' or '.join(GAMES)}, not {str(game_name)[:40]!r}")
    if specs == ["me", AUTOMA, AUTOMA]:
        if game_name != "shipyard":
            raise ValueError("only Shipyard has a solo game")
        return [SeatPlan(PERSON, player=creator), SeatPlan(AUTOMA), SeatPlan(AUTOMA)]
    if AUTOMA in specs:
        raise ValueError("a solo table is ['me', 'automa', 'automa']: the two automa "
                         "after the one person (R-12.1)")
    if not 2 <= len(specs) <= 4:
        raise ValueError(f"a table has 2 to 4 seats, not {len(specs)}")
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
        elif spec.startswith("bot:") and (level := known_level(spec[4:], game_name)):
            seats.append(SeatPlan(BOT, level=level))
        else:
            known = ", ".join(f"bot:{level}" for level in PLAYER_LEVELS)
            raise ValueError(f"{spec!r}: a seat is 'open' or one of {known}")
    return seats


def known_level(name: str, game_name: str = "shipyard") -> str | None:
    """The bot level of ``game_name`` behind a level name of either kind, or ``None``
    if unknown."""
    resolve = resolve_nauticus_level if game_name == "nauticus" else resolve_level
    try:
        return resolve(name)
    except ValueError:
        return None


def stand_in_level(name: object, game_name: str = "shipyard") -> str:
    """The bot level that stands in for the away at a table opened with ``name``."""
    level = known_level(name, game_name) if isinstance(name, str) else None
    if level is None:
        raise ValueError("stand_in_level is one of " + ", ".join(PLAYER_LEVELS))
    return level

"""Seat names and seat specifications as people type them, for every game.

>>> clean_name("  Ann  ")
'Ann'
>>> parse_seat("Bob:bot")
SeatConfig(name='Bob', kind=<SeatKind.BOT: 'bot'>, level='greedy')
"""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence

from shipyard_tui import games
from shipyard_tui.core.game import GameKind
from shipyard_tui.core.seats import SeatConfig, SeatKind

MAX_NAME = 16
DEFAULT_BOT_LEVEL = "greedy"
"""The level of a bot seat that names none, where no game is named (each game has its
own, :attr:`~shipyard_tui.core.game.GameKind.default_level`)."""


def clean_name(text: str) -> str:
    """A seat name, trimmed; raise ``ValueError`` saying what is wrong with it."""
    name = " ".join(text.split())
    if not name:
        raise ValueError("a name cannot be empty")
    if len(name) > MAX_NAME:
        raise ValueError(f"{name[:MAX_NAME]}… is too long: names have at most {MAX_NAME} "
                         "characters")
    for char in name:
        category = unicodedata.category(char)
        if category.startswith("C"):
            raise ValueError(f"names cannot contain control characters ({char!r})")
        if unicodedata.east_asian_width(char) in ("W", "F") or category in ("Mn", "Me"):
            raise ValueError(f"{name!r}: use letters that take one column in a terminal")
    for char in ":[]\\":
        if char in name:
            raise ValueError(f"names cannot contain {char!r}")
    return name


def parse_seat(spec: str, kind: GameKind | None = None) -> SeatConfig:
    """Read ``NAME:human``, ``NAME:bot`` or ``NAME:bot:LEVEL`` for a game of ``kind``
    (default: the default game); LEVEL is one of its bot levels or a player's name for
    one (beginner, sensible, strong, expert), stored as the bot level
    (:meth:`~shipyard_tui.core.game.GameKind.resolve_level`)."""
    game = kind if kind is not None else games.kind(games.DEFAULT)
    parts = spec.split(":")
    if len(parts) not in (2, 3):
        raise ValueError(f"{spec!r}: write a seat as NAME:human, NAME:bot or NAME:bot:LEVEL")
    name = clean_name(parts[0])
    seat = parts[1].strip().lower()
    if seat not in ("human", "bot"):
        raise ValueError(f"{spec!r}: a seat is human or bot, not {parts[1]!r}")
    if seat == "human":
        if len(parts) == 3:
            raise ValueError(f"{spec!r}: only bots have a level")
        return SeatConfig(name, SeatKind.HUMAN)
    level = parts[2] if len(parts) == 3 else game.default_level
    try:
        level = game.resolve_level(level)
    except ValueError as exc:
        raise ValueError(f"{spec!r}: {exc}") from None
    return SeatConfig(name, SeatKind.BOT, level)


def check_seats(seats: Sequence[SeatConfig], kind: GameKind | None = None) -> None:
    """Raise ``ValueError`` unless the seats make a game of ``kind`` that is not solo
    (its :attr:`~shipyard_tui.core.game.GameKind.seats`; default 2 to 4), each seat
    with a name of its own."""
    fewest, most = kind.seats if kind is not None else (2, 4)
    if not fewest <= len(seats) <= most:
        raise ValueError(f"a game has {fewest} to {most} seats, not {len(seats)}")
    names = [s.name.casefold() for s in seats]
    for name in names:
        if names.count(name) > 1:
            raise ValueError(f"two seats are called {name!r}: every seat needs its own name")

"""Seat names and seat specifications as people type them.

>>> clean_name("  Ann  ")
'Ann'
>>> parse_seat("Bob:bot")
SeatConfig(name='Bob', kind=<SeatKind.BOT: 'bot'>, level='greedy')
"""

from __future__ import annotations

import unicodedata

from shipyard_tui.games.shipyard.rules import GameConfig, SeatConfig, SeatKind

MAX_NAME = 16
DEFAULT_BOT_LEVEL = "greedy"


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


def parse_seat(spec: str) -> SeatConfig:
    """Read ``NAME:human``, ``NAME:bot`` or ``NAME:bot:LEVEL``; LEVEL is a bot level
    (random, greedy, planner, strong) or a player's name for one (beginner, sensible,
    strong), stored as the bot level."""
    from shipyard_tui.games.shipyard.bots import resolve_level

    parts = spec.split(":")
    if len(parts) not in (2, 3):
        raise ValueError(f"{spec!r}: write a seat as NAME:human, NAME:bot or NAME:bot:LEVEL")
    name = clean_name(parts[0])
    kind = parts[1].strip().lower()
    if kind not in ("human", "bot"):
        raise ValueError(f"{spec!r}: a seat is human or bot, not {parts[1]!r}")
    if kind == "human":
        if len(parts) == 3:
            raise ValueError(f"{spec!r}: only bots have a level")
        return SeatConfig(name, SeatKind.HUMAN)
    level = parts[2] if len(parts) == 3 else DEFAULT_BOT_LEVEL
    try:
        level = resolve_level(level)
    except ValueError as exc:
        raise ValueError(f"{spec!r}: {exc}") from None
    return SeatConfig(name, SeatKind.BOT, level)


def check_seats(seats: list[SeatConfig]) -> None:
    """Raise ``ValueError`` unless the seats make a standard game."""
    if not 2 <= len(seats) <= 4:
        raise ValueError(f"a game has 2 to 4 seats, not {len(seats)}")
    names = [s.name.casefold() for s in seats]
    for name in names:
        if names.count(name) > 1:
            raise ValueError(f"two seats are called {name!r}: every seat needs its own name")


def solo_config(name: str, seed: int, first_game: bool = False) -> GameConfig:
    seats = (SeatConfig(clean_name(name), SeatKind.HUMAN),
             SeatConfig("Automa A", SeatKind.AUTOMA), SeatConfig("Automa B", SeatKind.AUTOMA))
    return GameConfig(seats, seed=seed, solo=True, first_game=first_game)

"""The bot interface and the registry of bot levels."""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from shipyard_tui.rules import Game, Move


class Bot(Protocol):
    """Anything that picks one of the legal moves for the seat to move."""

    name: str

    def choose(self, game: Game) -> Move: ...


BOT_LEVELS: dict[str, Callable[[int], Bot]] = {}
"""Bot factories by level name; each takes a seed for the bot's own randomness."""


def register(level: str) -> Callable[[Callable[[int], Bot]], Callable[[int], Bot]]:
    def wrap(factory: Callable[[int], Bot]) -> Callable[[int], Bot]:
        BOT_LEVELS[level] = factory
        return factory

    return wrap


def bot_for_level(level: str, seed: int) -> Bot:
    """A bot of the named level; raise ``ValueError`` naming the known levels."""
    try:
        factory = BOT_LEVELS[level]
    except KeyError:
        known = ", ".join(sorted(BOT_LEVELS))
        raise ValueError(f"unknown bot level {level!r} (known: {known})") from None
    return factory(seed)

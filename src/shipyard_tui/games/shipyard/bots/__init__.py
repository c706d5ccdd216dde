"""Bots: seats that choose their own moves through the same decision loop as people.

A bot sees the game only through :meth:`Game.view` for its own seat and the list of
legal moves; it never reads another seat's secrets.
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

from shipyard_tui.games.shipyard.bots.base import (
    BOT_LEVELS,
    LEVEL_DESCRIPTIONS,
    PLAYER_LEVELS,
    Bot,
    bot_for_level,
    driver_for,
    player_level,
    resolve_level,
)

if TYPE_CHECKING:
    from shipyard_tui.games.shipyard.bots.greedy import GreedyBot
    from shipyard_tui.games.shipyard.bots.planner import PlannerBot
    from shipyard_tui.games.shipyard.bots.random_bot import RandomBot
    from shipyard_tui.games.shipyard.bots.strong import StrongBot

_CLASSES = {"GreedyBot": "greedy", "PlannerBot": "planner", "RandomBot": "random_bot",
            "StrongBot": "strong"}
"""The bot classes, each imported when first asked for (``simulate`` with random bots,
``tournament`` and ``scores`` load only what they use)."""


def __getattr__(name: str) -> Any:
    module = _CLASSES.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(import_module(f"{__name__}.{module}"), name)

__all__ = ["BOT_LEVELS", "LEVEL_DESCRIPTIONS", "PLAYER_LEVELS", "Bot", "GreedyBot",
           "PlannerBot", "RandomBot", "StrongBot", "bot_for_level", "driver_for", "player_level",
           "resolve_level"]

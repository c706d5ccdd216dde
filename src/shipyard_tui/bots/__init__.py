"""Bots: seats that choose their own moves through the same decision loop as people.

A bot sees the game only through :meth:`Game.view` for its own seat and the list of
legal moves; it never reads another seat's secrets.
"""

from __future__ import annotations

from .base import (
    BOT_LEVELS,
    LEVEL_DESCRIPTIONS,
    PLAYER_LEVELS,
    Bot,
    bot_for_level,
    driver_for,
    player_level,
    resolve_level,
)
from .greedy import GreedyBot
from .planner import PlannerBot
from .random_bot import RandomBot
from .strong import StrongBot

__all__ = ["BOT_LEVELS", "LEVEL_DESCRIPTIONS", "PLAYER_LEVELS", "Bot", "GreedyBot",
           "PlannerBot", "RandomBot", "StrongBot", "bot_for_level", "driver_for", "player_level",
           "resolve_level"]

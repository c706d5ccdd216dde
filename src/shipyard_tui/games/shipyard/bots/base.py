"""The bot interface, the registry of bot levels and the names players see."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from importlib import import_module
from typing import Protocol

from shipyard_tui.core import SeatDriver
from shipyard_tui.games.shipyard.kind import KIND
from shipyard_tui.games.shipyard.rules import GameConfig, GameState, Move


class Bot(Protocol):
    """Anything that picks one of the legal moves for the seat to move, from that
    seat's view (:meth:`Game.view`) and the legal moves; it never sees the ``Game``."""

    name: str

    def choose(self, view: GameState, legal: list[Move]) -> Move: ...


def _imported(module: str, name: str) -> Callable[[int], Bot]:
    """A factory of the bot class ``name`` of ``bots.<module>``, imported on first use:
    a random bots' simulation never loads the searching bots."""

    def make(seed: int) -> Bot:
        bot: Callable[[int], Bot] = getattr(import_module(f"{__package__}.{module}"), name)
        return bot(seed)

    return make


BOT_LEVELS: dict[str, Callable[[int], Bot]] = {
    "random": _imported("random_bot", "RandomBot"),
    "greedy": _imported("greedy", "GreedyBot"),
    "planner": _imported("planner", "PlannerBot"),
    "strong": _imported("strong", "StrongBot"),
}
"""Bot factories by level name; each takes a seed for the bot's own randomness."""

PLAYER_LEVELS: Mapping[str, str] = KIND.player_levels
"""The levels offered to players, by the name they see, with the bot level behind each
(the game's kind holds them)."""

LEVEL_DESCRIPTIONS: dict[str, str] = {
    "beginner": "takes what looks best right now",
    "sensible": "looks ahead to the end of its turn",
    "strong": "searches many possible futures (takes a moment)",
    "expert": "searches longest: up to a second a move",
}


def resolve_level(level: str) -> str:
    """The bot level for a level name or a player's level name (``sensible``: planner);
    raise ``ValueError`` naming the known levels."""
    return KIND.resolve_level(level)


def player_level(level: str) -> str:
    """The name a player sees for a bot level (the level itself when it has none)."""
    return KIND.player_level(level)


def bot_for_level(level: str, seed: int, budget_ms: float | None = None) -> Bot:
    """A bot of the named level (either kind of name); ``budget_ms`` sets the thinking
    time of the levels that search. Raise ``ValueError`` naming the known levels."""
    return KIND.make_bot(level, seed, budget_ms)


def driver_for(config: GameConfig, budget_ms: float | None = None, *,
               every_seat: bool = False) -> SeatDriver[GameState, Move]:
    """The seat driver of a game: a bot of its level at every bot seat (``every_seat``:
    at every seat but the automa, people's seats playing ``random`` unless they name a
    level), each seeded by the one rule, :func:`~shipyard_tui.core.bot_seed`."""
    return KIND.driver(config, budget_ms, every_seat=every_seat)
